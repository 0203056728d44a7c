// The interactive session, `tdsl repl` (issue 13): a Python-like prompt over
// one Interpreter, with meta-commands for mutation experiments (:graph,
// :passes, :alias, :explain, :dot, :time, :log, :load, :reset, :help).
//
// Note [REPL transcript]
// What the session prints reads back as a script: inputs after ">>> " and
// "... " prompts, echoed values as repr() (None not echoed) on their own
// lines, errors in `tdsl run`'s format on stderr. Colour (errors, headings of
// meta-command output) only when both standard output and standard error
// are terminals and NO_COLOR is unset or empty; echoed values never get it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compile/logs.h"
#include "vm/interpreter.h"

namespace tdsl::repl {

class Session {
 public:
  Session(InterpreterOptions options, bool color);
  ~Session();

  Interpreter& interp() { return *interp_; }
  bool color() const { return color_; }

  // Runs one complete input (a statement or a block) in the session's
  // globals. The value of an expression statement, unless None, is echoed
  // with repr() and bound to `_`. Errors are printed and the session goes
  // on; sys.exit(n) sets exitStatus.
  void run(const std::string& text);
  // Runs `body` with Ctrl-C armed (it interrupts the running statement) and
  // prints the Error it throws; false then. sys.exit sets exitStatus.
  bool guarded(const std::function<void()>& body);
  // The value of a Python expression in the session's globals (throws Error).
  Value evaluate(const std::string& expression);

  // A fresh interpreter with the same options and log categories.
  void reset();
  // Log categories of this session (:log), kept across :reset.
  CompileLogs& logs();

  // Output: `text` as it is on stdout (after the script's own output).
  void print(const std::string& text);
  // A heading line of meta-command output (bold on a terminal).
  void heading(const std::string& text);
  // A message on stderr ("tdsl: ..." wording is the caller's).
  void warn(const std::string& text);
  void printError(const Error& e);

  std::optional<int> exitStatus;  // set by sys.exit or :quit

 private:
  InterpreterOptions options_;
  bool color_;
  std::unique_ptr<Interpreter> interp_;
};

// Arms SIGINT for `interp` (nullptr disarms). The handler only calls
// Interpreter::requestInterrupt, which is async-signal-safe; while disarmed
// it only records that Ctrl-C was pressed (takePromptInterrupt()).
void armInterrupt(Interpreter* interp);
void installInterruptHandler();
// True once when Ctrl-C was pressed while no statement was running.
bool takePromptInterrupt();

// Meta-commands: `line` starts with ':'. Errors are printed by the command.
void runMetaCommand(Session& session, const std::string& line);
const std::vector<std::string>& metaCommandNames();  // ":help", ":quit", ...
// One meta-command each; `args` is the text after the command name.
void graphCommand(Session& session, const std::string& args);
void passesCommand(Session& session, const std::string& args);
void explainCommand(Session& session, const std::string& args);
void dotCommand(Session& session, const std::string& args);
void aliasCommand(Session& session, const std::string& args);
void timeCommand(Session& session, const std::string& args);

// Tab completion: candidates for the word that starts at `wordStart` in
// `line` (the text before the cursor): meta-commands, global and builtin
// names, keywords, and attributes of a dotted name that is already bound.
std::vector<std::string> completions(Session& session, const std::string& line, size_t wordStart);

// `tdsl repl [FLAGS]` (the flags of `tdsl run` that make sense here).
int runReplCommand(int argc, char** argv);

}  // namespace tdsl::repl
