#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The runtime headers' graph (lib/Runtime/aoti_rt/*.h): no use cycle, and
no include of the API header from below it.

  check-runtime-graph.py [RUNTIME_DIR]   check lib/Runtime (the default)
  check-runtime-graph.py --self-test     the checker finds what it must

Two graphs over the headers of aoti_rt/:
- include edges: `#include "NAME.h"`;
- use edges: A uses B when A names, outside comments and strings, something
  B defines: a free function, a class, struct, union or enum (and its
  enumerators), a variable or constant at namespace scope, a macro, or a
  RunScope member defined out of line (`RunScope::name(`). A name defined
  in several headers leads to those A includes (transitively), or to all of
  them when A includes none. A header's own names are not uses.

Fails on (i) a cycle of the use graph, named header by header, and (ii) an
include of the API header (run_scope.h) from a header below it: one
run_scope.h includes (transitively), or one a member file includes
(transitively) that is not itself a member file (a member file defines
RunScope's members out of line). Prints the use graph's depth (the longest
chain of uses, in levels) and its back edges: uses of a header that comes
later in the one text the tool pastes (cmake/Amalgamate.cmake's order).
"""

import io
import os
import re
import sys
import tempfile

API = "run_scope.h"
UMBRELLA = "aoti_instrument_runtime.h"

_TOKEN = re.compile(
    r'//[^\n]*|/\*.*?\*/'                       # comments
    r'|R"([^(\s]*)\((?:.|\n)*?\)\1"'            # raw strings
    r'|"(?:\\.|[^"\\\n])*"'                     # strings
    r"|'(?:\\.|[^'\\\n])*'",                    # characters
    re.S)


def strip(text):
    """Comments, strings and characters blanked (newlines kept), but the
    file names of #include lines."""
    incs = re.findall(r'^\s*#\s*include\s+"([A-Za-z0-9_./]+)"', text, re.M)

    def blank(m):
        s = m.group(0)
        if s.startswith('"') or s.startswith("R"):
            return '""' + "\n" * s.count("\n")
        if s.startswith("'"):
            return "' '"
        return " " + "\n" * s.count("\n")
    return _TOKEN.sub(blank, text), incs


_IDENT = re.compile(r"[A-Za-z_]\w*")
_KEYWORDS = set("""if for while switch return sizeof alignof decltype
    static_assert catch defined noexcept operator new delete throw""".split())


def _namespace_scope(code):
    """Yields (start, end, depth-is-namespace) chunks: the text outside any
    function or class body (namespace scope), so that definitions there are
    told from statements."""
    out = []
    stack = []  # True: a namespace (or extern "C") brace
    last = 0
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == "{":
            head = code[max(0, i - 200):i]
            head = head[head.rfind(";") + 1:] if ";" in head else head
            is_ns = bool(re.search(r'\bnamespace\b[\w:\s]*$|\bextern\s*""\s*$'
                                   r"|AOTI_RT_NAMESPACE_BEGIN\s*$", head))
            if all(stack):
                out.append((last, i + 1))
            stack.append(is_ns)
        elif c == "}":
            if stack:
                stack.pop()
            if all(stack):
                last = i + 1
        i += 1
    if all(stack):
        out.append((last, n))
    return out


def _function_name(stmt):
    """The name a definition's head `... NAME(...) ... {` defines, or None."""
    depth = 0
    for m in re.finditer(r"([A-Za-z_][\w:]*)\s*\(|[()]", stmt):
        if m.group(1):
            if m.start() and stmt[m.start() - 1] in "~:":
                return None  # a destructor
            if depth == 0 and m.group(1) not in _KEYWORDS and not (
                    m.group(1) in ("alignas", "__attribute__", "__declspec")):
                return m.group(1)
            depth += 1
        elif m.group(0) == "(":
            depth += 1
        else:
            depth -= 1
    return None


def definitions(code):
    """The names \p code defines (see the module's docstring)."""
    names = set()
    for m in re.finditer(r"^\s*#\s*define\s+(\w+)", code, re.M):
        if not m.group(1).endswith("_H"):
            names.add(m.group(1))
    for m in re.finditer(r"\b(?:struct|class|union)\s+(?:alignas\s*\([^)]*\)\s*)?"
                         r"(\w+)\s*(?:final\s*)?(?::[^;{]*)?\{", code):
        names.add(m.group(1))
    for m in re.finditer(r"\benum\s+(?:class\s+|struct\s+)?(\w+)?\s*"
                         r"(?::\s*[\w:]+\s*)?\{([^}]*)\}", code):
        if m.group(1):
            names.add(m.group(1))
        for e in m.group(2).split(","):
            e = e.split("=")[0].strip()
            if _IDENT.fullmatch(e or "-"):
                names.add(e)
    for m in re.finditer(r"\bRunScope::(\w+)\s*\(", code):
        names.add("RunScope::" + m.group(1))
    for start, end in _namespace_scope(code):
        chunk = code[start:end]
        # A function defined here: the statement ending the chunk with `{`
        # whose first NAME( at depth 0 (not an attribute) is the function's.
        stmt = re.split(r"[;}]", chunk)[-1]
        if stmt.endswith("{") and not re.search(
                r"\b(?:struct|class|union|enum|namespace)\b|=\s*\{$", stmt):
            name = _function_name(stmt)
            if name and not name.startswith("RunScope::"):
                names.add(name.split("::")[-1])
        # Variables: TYPE NAME = ...; / TYPE NAME{...}; / TYPE NAME[...]
        for v in re.finditer(r"(?:^|;)\s*(?:template\s*<[^;{]*>\s*)?"
                             r"((?:inline|constexpr|static|const|thread_local|"
                             r"extern|volatile)\s+)+[\w:<>,\s*&]*?\b(\w+)\s*"
                             r"(?:\[[^\]]*\]\s*)*(?:=|\{|;)", chunk):
            if v.group(2) not in _KEYWORDS:
                names.add(v.group(2))
    return names


def load(directory):
    """{header: (code, includes)} for directory/aoti_rt/*.h."""
    rt = os.path.join(directory, "aoti_rt")
    headers = {}
    for name in sorted(os.listdir(rt)):
        if name.endswith(".h"):
            with open(os.path.join(rt, name), encoding="utf-8") as f:
                code, incs = strip(f.read())
            headers[name] = (code, [os.path.basename(i) for i in incs])
    umbrella = []
    path = os.path.join(directory, UMBRELLA)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            umbrella = [os.path.basename(i) for i in strip(f.read())[1]]
    return headers, umbrella


def closure(graph, start):
    seen = set()
    todo = list(graph.get(start, ()))
    while todo:
        h = todo.pop()
        if h not in seen:
            seen.add(h)
            todo.extend(graph.get(h, ()))
    return seen


def one_text_order(includes, umbrella):
    """The order the headers' bodies come in the one text: each include
    replaced by the file, once, where first met (cmake/Amalgamate.cmake)."""
    order = []

    def visit(h):
        if h in order or h not in includes:
            return
        order.append(h)  # marks it met; moved after its includes below
        for i in includes[h]:
            visit(i)
        order.remove(h)
        order.append(h)
    for h in umbrella or sorted(includes):
        visit(h)
    for h in sorted(includes):
        visit(h)
    return order


def use_graph(headers, includes):
    defs = {h: definitions(code) for h, (code, _) in headers.items()}
    definers = {}
    for h, names in defs.items():
        for name in names:
            definers.setdefault(name, set()).add(h)
    uses = {h: {} for h in headers}
    for h, (code, _) in headers.items():
        # A name declared but not defined here (`struct X;`) is named only
        # as an incomplete type: no use of its definition.
        declared = set(re.findall(r"\b(?:struct|class)\s+(\w+)\s*;", code))
        words = set(_IDENT.findall(code)) - declared
        members = set(re.findall(r"(?<![\w:.>])(\w+)\s*\(", code)) | words
        reach = closure(includes, h)
        for name, where in definers.items():
            if name in defs[h]:
                continue
            key = name.split("::")[-1]
            if name.startswith("RunScope::"):
                if h == API:
                    continue  # declared there; its inline path calls it
                # A member is named by itself inside another member.
                if key not in members or not re.search(
                        r"(?<![\w.>:])" + key + r"\s*\(", code):
                    continue
            elif key not in words:
                continue
            targets = (where & reach) or where
            for t in targets:
                if t != h:
                    uses[h].setdefault(t, set()).add(name)
    return uses


def cycles(graph):
    """Strongly connected components of more than one header (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def one_cycle(graph, comp):
    """A cycle through comp's first header, as a path."""
    start = comp[0]
    members = set(comp)
    prev = {start: None}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v]):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w in members and w not in prev:
                prev[w] = v
                todo.append(w)
    return comp


def longest_chain(graph):
    """The longest chain of uses, top header first (a header at most once
    in it, so that a cycle does not make it endless)."""
    memo = {}
    onpath = set()

    def chain(v):
        if v in memo:
            return memo[v]
        onpath.add(v)
        best = [v]
        for w in sorted(graph[v]):
            if w not in onpath:
                below = chain(w)
                if 1 + len(below) > len(best):
                    best = [v] + below
        onpath.discard(v)
        memo[v] = best
        return best
    return max((chain(v) for v in sorted(graph)), key=len, default=[])


def upward_includes(headers, includes):
    members = {h for h, (code, _) in headers.items()
               if h != API and re.search(r"\bRunScope::\w+\s*\(", code)}
    below = closure(includes, API)
    for m in members:
        below |= closure(includes, m) - members
    below.discard(API)
    return sorted(h for h in below if API in includes[h])


def check(directory, out=sys.stdout):
    """Prints the graph's findings; returns the number of failures."""
    headers, umbrella = load(directory)
    includes = {h: [i for i in incs if i in headers]
                for h, (_, incs) in headers.items()}
    uses = use_graph(headers, includes)
    order = one_text_order(includes, umbrella)
    pos = {h: i for i, h in enumerate(order)}
    graph = {h: set(uses[h]) for h in headers}
    failures = 0
    back = [(h, t) for h in order for t in sorted(graph[h]) if pos[t] > pos[h]]
    chain = longest_chain(graph)
    print(f"runtime headers: {len(headers)}, use edges: "
          f"{sum(len(v) for v in graph.values())}, depth: {len(chain)} "
          f"levels, back edges: {len(back)}", file=out)
    print("  deepest: " + " -> ".join(chain), file=out)
    for h, t in back:
        names = ", ".join(sorted(uses[h][t])[:4])
        print(f"  back edge: {h} -> {t} ({names})", file=out)
    for comp in cycles(graph):
        path = one_cycle(graph, comp)
        steps = []
        for a, b in zip(path, path[1:]):
            steps.append(f"{a} -> {b} ({', '.join(sorted(uses[a][b])[:3])})")
        print("error: use cycle among " + ", ".join(comp) + ": "
              + "; ".join(steps), file=out)
        failures += 1
    for h in upward_includes(headers, includes):
        print(f"error: {h} includes the API header {API} from below it",
              file=out)
        failures += 1
    return failures


_SELF_TEST = {
    "run_scope.h": '#include "abi.h"\nclass RunScope { void a(); void b(); };\n',
    "abi.h": "struct Program {};\n",
    "low.h": '#include "run_scope.h"\ninline int lowHelper(Program &P) { return 1; }\n',
    "run_scope_a.h": '#include "run_scope.h"\n#include "low.h"\n'
                     'void RunScope::a() { b(); lowHelper(); }\n',
    "run_scope_b.h": '#include "run_scope.h"\n'
                     'void RunScope::b() { a(); }\n',
    "x.h": "inline void fy();\ninline void fx() { fy(); }\n",
    "y.h": '#include "x.h"\ninline void fy() { fx(); }\n',
}


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        os.mkdir(os.path.join(tmp, "aoti_rt"))
        for name, text in _SELF_TEST.items():
            with open(os.path.join(tmp, "aoti_rt", name), "w") as f:
                f.write(text)
        buf = io.StringIO()
        failures = check(tmp, buf)
        text = buf.getvalue()
        print(text, end="")
        want = ["error: use cycle among run_scope_a.h, run_scope_b.h",
                "error: low.h includes the API header run_scope.h",
                "error: use cycle among x.h, y.h"]
        missing = [w for w in want if w not in text]
        if failures != 3 or missing:
            print(f"self-test FAILED: {failures} failures, missing {missing}")
            return 1
        # Once fixed, the same inputs pass.
        with open(os.path.join(tmp, "aoti_rt", "run_scope_b.h"), "w") as f:
            f.write('#include "run_scope.h"\n'
                    'void RunScope::b() { // a() in a comment is no use\n'
                    '  const char *S = "a()"; }\n')
        with open(os.path.join(tmp, "aoti_rt", "x.h"), "w") as f:
            f.write("inline void fx() {}\n")
        with open(os.path.join(tmp, "aoti_rt", "low.h"), "w") as f:
            f.write('#include "abi.h"\ninline int lowHelper() { return 1; }\n')
        if check(tmp, io.StringIO()):
            print("self-test FAILED: the fixed inputs fail")
            return 1
    print("self-test passed")
    return 0


def main(argv):
    if len(argv) > 1 and argv[1] == "--self-test":
        return self_test()
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0
    here = os.path.dirname(os.path.abspath(__file__))
    directory = argv[1] if len(argv) > 1 else os.path.join(
        here, "..", "lib", "Runtime")
    return 1 if check(directory) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
