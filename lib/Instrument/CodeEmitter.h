//===- CodeEmitter.h - The C++ the rewriter inserts -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One small writer of generated C++: it owns the indentation (a base indent,
// four more spaces per open block) and the quoting of text from the wrapper
// and the rules file (string literals through raw_ostream::write_escaped,
// never spliced raw), so the rewriter's functions say what they insert, not
// how it is spaced.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_INSTRUMENT_CODEEMITTER_H
#define AOTI_INSTRUMENT_CODEEMITTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <cstdint>
#include <string>
#include <vector>

namespace aoti {

class CodeEmitter {
public:
  /// Lines start with \p Indent (a statement's own indentation).
  explicit CodeEmitter(llvm::StringRef Indent = "") : Indent(Indent.str()) {}

  /// One line at the current indentation.
  CodeEmitter &line(const llvm::Twine &Text);
  /// A line that opens a block (`{ // ...`, `if (...) {`): the lines after
  /// it are indented four more spaces until close().
  CodeEmitter &open(const llvm::Twine &Text);
  /// The line that ends the innermost block (`}`).
  CodeEmitter &close(const llvm::Twine &Text = "}");

  /// What was emitted; the emitter is empty afterwards.
  std::string take();

  /// A C++ string literal that reads back as exactly \p S.
  static std::string quoted(llvm::StringRef S);
  /// quoted() of \p S with its control characters escaped (escapeControl):
  /// for text from the package that the runtime prints (source nodes,
  /// input names, the model's name).
  static std::string shown(llvm::StringRef S);
  /// A C++ literal that reads back as exactly \p D.
  static std::string exactDouble(double D);
  /// `1L, -1L, 8L`: \p Values as int64_t literals.
  static std::string int64List(const std::vector<int64_t> &Values);
  static llvm::StringRef bool01(bool B) { return B ? "true" : "false"; }
  /// `a, b, c`: \p Render's text of each of \p Items joined by ", "; an
  /// item whose text is empty is left out.
  template <class Range, class Fn>
  static std::string list(const Range &Items, Fn Render) {
    std::string Out;
    for (const auto &Item : Items) {
      std::string Text = Render(Item);
      if (!Text.empty())
        Out += (Out.empty() ? "" : ", ") + Text;
    }
    return Out;
  }

private:
  std::string Indent;
  std::string Out;
};

/// A designated initializer, `{.a = x, .b = y}`, one field at a time in the
/// order of the struct's members (the order C++20 asks for): the runtime's
/// tables (aoti_rt/abi.h) are written with every field named.
class Designated {
public:
  Designated &field(llvm::StringRef Name, const llvm::Twine &Value);
  /// The field only when \p Present (the struct's default otherwise).
  Designated &fieldIf(bool Present, llvm::StringRef Name,
                      const llvm::Twine &Value) {
    return Present ? field(Name, Value) : *this;
  }
  std::string str() const;

private:
  std::vector<std::string> Fields;
};

} // namespace aoti

#endif // AOTI_INSTRUMENT_CODEEMITTER_H
