//===- ToolError.h - Errors that carry an exit code -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every failure the tool can report travels through the library as an
// llvm::Error of this type, so the driver can print one clang-style line and
// exit with the documented code without knowing which stage failed.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_SUPPORT_TOOLERROR_H
#define AOTI_SUPPORT_TOOLERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace aoti {

/// Exit codes of aoti-instrument; README.md documents them for users.
enum class ExitCode : int {
  Success = 0,
  Usage = 1,        ///< Bad command line.
  InputFile = 2,    ///< Missing, unreadable, empty or binary input file.
  NotAWrapper = 3,  ///< Valid C++, but no AOTInductorModel::run_impl.
  CompileError = 4, ///< Clang could not parse the wrapper (e.g. headers).
  RulesError = 5,   ///< Bad rules file.
  OutputError = 6,  ///< Cannot write output, or input already instrumented.
  HeadersUnavailable = 7, ///< --torch-version: the headers cannot be fetched.
  // `explain CORE`:
  NotACudaCore = 8,  ///< Not an ELF file, or an ELF that is no CUDA core dump.
  MalformedCore = 9, ///< A CUDA core dump truncated or with broken tables.
  NoFault = 10,      ///< A CUDA core dump without a fault or a resident warp.
  BadReport = 11,    ///< --report holds no crumb report that can be read.
};

/// An error with a clang-style location prefix ("file:line:col" or "file")
/// and the exit code the driver returns for it.
class ToolError : public llvm::ErrorInfo<ToolError> {
public:
  static char ID;

  ToolError(ExitCode Code, std::string Location, std::string Message,
            std::string Hint = "", std::string Snippet = "")
      : Code(Code), Location(std::move(Location)), Message(std::move(Message)),
        Hint(std::move(Hint)), Snippet(std::move(Snippet)) {}

  ExitCode code() const { return Code; }
  llvm::StringRef location() const { return Location; }
  llvm::StringRef text() const { return Message; }
  /// Optional follow-up line, printed as "note: ...".
  llvm::StringRef hint() const { return Hint; }
  /// Optional source excerpt printed under the message, clang-style: the
  /// offending line and a caret under the column (formatSourceSnippet).
  llvm::StringRef snippet() const { return Snippet; }

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  ExitCode Code;
  std::string Location;
  std::string Message;
  std::string Hint;
  std::string Snippet;
};

/// Shorthand for `llvm::make_error<ToolError>(...)`.
inline llvm::Error makeToolError(ExitCode Code, std::string Location,
                                 std::string Message, std::string Hint = "",
                                 std::string Snippet = "") {
  return llvm::make_error<ToolError>(Code, std::move(Location),
                                     std::move(Message), std::move(Hint),
                                     std::move(Snippet));
}

/// Line \p Line of \p Text and, under it, a caret at \p Column (both
/// 1-based), each ending in a newline, as clang shows the offending source;
/// tabs before the column are kept so the caret lines up. A long line is
/// cut to SnippetWidth columns around the caret ("..." marks the cuts), and
/// control characters are shown escaped. "" when the line does not exist
/// or is blank.
std::string formatSourceSnippet(llvm::StringRef Text, unsigned Line,
                                unsigned Column);

/// The most characters of a source line formatSourceSnippet quotes.
constexpr size_t SnippetWidth = 120;

/// \p Text as it may reach a terminal: control characters (ESC, CR, NUL,
/// DEL, ...) written as \xNN escapes, so that text from a package or rules
/// file cannot move the cursor, recolour or forge lines. Tabs are kept, and
/// newlines too when \p KeepNewlines (a multi-line message of the tool's
/// own).
std::string escapeControl(llvm::StringRef Text, bool KeepNewlines = false);

/// The most characters of one line of a message the tool prints.
constexpr size_t MaxMessageLine = 1000;

/// escapeControl(\p Text, \p KeepNewlines) with every line over
/// MaxMessageLine characters cut ("... (N more characters)"): a 50 MB
/// scalar quoted in an error stays one screen.
std::string printableMessage(llvm::StringRef Text, bool KeepNewlines = true);

} // namespace aoti

#endif // AOTI_SUPPORT_TOOLERROR_H
