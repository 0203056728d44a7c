// Diagnostics: source locations and the one error type every layer throws.
//
// Note [Two kinds of error]
// A user error (bad script, bad shape, bad index, resource limit) is a
// tdsl::Error: it carries a kind, a message, and — once the VM has attached
// it — the location of the instruction that raised it plus a traceback.
// Library code below the VM (tensor kernels, op table, passes) throws Error
// without a location; the interpreter fills `loc` and `traceback` in as the
// error unwinds through script frames. Internal invariant violations are
// TDSL_ASSERT failures (InternalError), never user-facing messages.
// Nothing calls exit() or abort(): errors reach the caller.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace tdsl {

// A source file's name and text, shared by every location that points into it.
struct SourceFile {
  std::string name;  // as the user gave it: "script.td", "<stdin>", "<repl>"
  std::string text;
  // The text of 1-based line `line` without its newline ("" if out of range).
  std::string lineText(int line) const;
};
using SourceFilePtr = std::shared_ptr<const SourceFile>;

// 1-based line and column; line 0 means "no location".
struct SourceLoc {
  int line = 0;
  int col = 0;
  bool valid() const { return line > 0; }
};

struct SourceRange {
  SourceFilePtr file;
  SourceLoc begin;
  SourceLoc end;  // exclusive
  bool valid() const { return file && begin.valid(); }
};

enum class ErrorKind : uint8_t {
  Syntax,
  Name,
  Type,
  Value,
  Index,
  Key,
  ZeroDivision,
  Overflow,
  Shape,       // sizes that do not broadcast / match
  Recursion,   // call depth or nesting limit
  Resource,    // memory / step / allocation limits
  Assertion,   // `assert` in a script
  GraphBreak,  // a break under fullgraph=True
  Interrupt,   // SIGINT
  Runtime,     // anything else a script can cause
  Attribute,   // an attribute an object does not have
  UnboundLocal,  // a local variable read before it is assigned
};

const char* errorKindName(ErrorKind kind);  // "SyntaxError", "IndexError", ...

struct TracebackEntry {
  std::string function;  // "f", "<module>"
  SourceRange where;     // the call site in the caller
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string message)
      : std::runtime_error(message), kind(kind), message(std::move(message)) {}
  Error(ErrorKind kind, std::string message, SourceRange where)
      : std::runtime_error(message), kind(kind), message(std::move(message)), where(std::move(where)) {}

  ErrorKind kind;
  std::string message;
  SourceRange where;                     // empty until someone knows the location
  std::vector<TracebackEntry> traceback; // innermost call first
  std::string note;                      // optional extra line ("opened here: 3:5")

  bool hasLocation() const { return where.valid(); }
};

// Renders an error the way the CLI prints it:
//   script.td:4:9: error: MESSAGE
//       b = a + torch.ones(4)
//               ^
//     in f at script.td:12
std::string formatError(const Error& error);

// Internal invariant violated: a bug in tdsl, not in the script.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void internalError(const char* file, int line, const char* condition);
#define TDSL_ASSERT(cond) \
  do { if (!(cond)) ::tdsl::internalError(__FILE__, __LINE__, #cond); } while (0)

}  // namespace tdsl
