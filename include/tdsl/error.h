// Errors a host sees: tdsl::Error (thrown) and tdsl::Result (returned by the
// try* variants). Part of the public API: include <tdsl/tdsl.h>.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "tdsl/export.h"
#include "tdsl/value.h"

namespace tdsl::api {

// Python's exception names, plus ResourceError (a memory cap or allocation
// that cannot be met), Interrupted (Interpreter::interrupt, KeyboardInterrupt
// in the script), SystemExit (sys.exit; exitStatus() holds the status) and
// InternalError (a bug in tdsl, never a script's fault).
enum class ErrorKind {
  SyntaxError,
  NameError,
  TypeError,
  ValueError,
  IndexError,
  KeyError,
  AttributeError,
  UnboundLocalError,
  ZeroDivisionError,
  OverflowError,
  AssertionError,
  RecursionError,
  RuntimeError,
  ResourceError,
  Interrupted,
  SystemExit,
  InternalError,
};

// "TypeError", "ResourceError", ...
TDSL_EXPORT const char* errorKindName(ErrorKind kind);

class TDSL_EXPORT Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string message);

  ErrorKind kind() const { return kind_; }
  const std::string& message() const { return message_; }
  // Where the script raised it (the innermost frame); file() is empty and
  // line()/column() 0 when the error has no location (a bad host call).
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }
  // One line per script frame, innermost first: "  in f at script.td:12".
  const std::string& traceback() const { return traceback_; }
  // The whole report as the tdsl program prints it: "file:line:col: error:
  // message", the source line with a caret, then the traceback.
  const std::string& report() const { return report_; }
  // sys.exit's status for SystemExit, else 1.
  int exitStatus() const { return exitStatus_; }

 private:
  friend struct ErrorAccess;
  ErrorKind kind_;
  std::string message_;
  std::string file_;
  int line_ = 0;
  int column_ = 0;
  std::string traceback_;
  std::string report_;
  int exitStatus_ = 1;
};

// The outcome of Interpreter::tryExec/tryEval/tryCall: a value, or an error.
struct Result {
  Value value;                 // None on error
  std::optional<Error> error;  // set on failure
  bool ok() const { return !error; }
  explicit operator bool() const { return ok(); }
};

}  // namespace tdsl::api
