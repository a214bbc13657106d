# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Python package's modules import each other without a cycle: every
import of one of its modules is an edge, the ones inside functions too
(a function-level import hides a cycle from Python, not from a reader).
Read from the installed package's own sources."""

import ast
from pathlib import Path

import aoti_instrument

PACKAGE = Path(aoti_instrument.__file__).parent
NAME = "aoti_instrument"


def imported_modules(tree, modules):
    """The package's modules that `tree` imports, anywhere in it."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                base = node.module.split(".")[0]
            elif node.level == 0 and (node.module or "").startswith(NAME + "."):
                base = node.module.split(".")[1]
            elif node.level == 1 or node.module == NAME:
                # from . import x, y: each name that is a module
                found |= {a.name for a in node.names if a.name in modules}
                continue
            else:
                continue
            if base in modules:
                found.add(base)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == NAME and len(parts) > 1 and parts[1] in modules:
                    found.add(parts[1])
    return found


def import_graph():
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    graph = {}
    for module in modules:
        tree = ast.parse((PACKAGE / f"{module}.py").read_text())
        graph[module] = imported_modules(tree, modules) - {module}
    return graph


def find_cycle(graph):
    """A cycle of `graph` as a list of modules, or None."""
    state = {}

    def visit(node, path):
        state[node] = "open"
        for succ in sorted(graph[node]):
            if state.get(succ) == "open":
                return path[path.index(succ):] + [succ]
            if succ not in state:
                cycle = visit(succ, path + [succ])
                if cycle:
                    return cycle
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node, [node])
            if cycle:
                return cycle
    return None


def test_the_package_imports_without_a_cycle():
    graph = import_graph()
    # The walk sees the package as it is: its modules and their imports.
    assert {"_bundle", "_cuda", "_params", "_errors", "replay"} <= graph.keys()
    assert "_params" in graph["_bundle"] and "_errors" in graph["_params"]
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(cycle)


def test_the_check_finds_a_function_level_cycle():
    a = ast.parse("def f():\n    from ._b import g\n")
    b = ast.parse("from . import _a\n")
    modules = {"_a", "_b"}
    graph = {"_a": imported_modules(a, modules),
             "_b": imported_modules(b, modules)}
    assert find_cycle(graph) == ["_a", "_b", "_a"]
