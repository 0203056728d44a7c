// The REPL's interpreter, input execution and output (repl.h).
#include <cstdio>
#include <exception>

#include "api/standard.h"
#include "compile/runtime.h"
#include "frontend/ast.h"
#include "frontend/parser.h"
#include "tools/repl.h"

namespace tdsl::repl {

namespace {

constexpr const char* kBold = "\033[1m";
constexpr const char* kRedBold = "\033[1;31m";
constexpr const char* kReset = "\033[0m";

}  // namespace

namespace {
// The REPL grants the current directory, as `tdsl run` does (Note [Capabilities]).
std::unique_ptr<StandardInterpreter> makeSessionInterpreter(const InterpreterOptions& options) {
  auto interp = std::make_unique<StandardInterpreter>(options);
  interp->capabilities.readDirs = {"."};
  interp->capabilities.writeDirs = {"."};
  return interp;
}
}  // namespace

Session::Session(InterpreterOptions options, bool color)
    : options_(std::move(options)), color_(color), interp_(makeSessionInterpreter(options_)) {}

Session::~Session() { armInterrupt(nullptr); }

CompileLogs& Session::logs() { return compileRuntime(*interp_).logs; }

void Session::reset() {
  CompileLogs kept = logs();
  interp_.reset();  // the old interpreter goes first: two never hold tensors at once
  interp_ = makeSessionInterpreter(options_);
  logs() = kept;
}

bool Session::guarded(const std::function<void()>& body) {
  armInterrupt(interp_.get());
  bool ok = true;
  try {
    body();
  } catch (const Error& e) {
    ok = false;
    printError(e);
  } catch (const ScriptExit& e) {
    ok = false;
    exitStatus = e.status;
  } catch (const std::exception& e) {  // outside the interpreter's own boundary
    ok = false;
    printError(Error(ErrorKind::Runtime, std::string("internal error: ") + e.what()));
  }
  armInterrupt(nullptr);
  try {
    interp_->flushStdout();
  } catch (const Error& e) {
    printError(e);
  }
  return ok;
}

void Session::run(const std::string& text) {
  guarded([&] {
    interp_->runInteractive("<stdin>", text);
  });
}

Value Session::evaluate(const std::string& expression) {
  // Parsed first so that a statement ("x = 1") is refused, not run.
  auto file = std::make_shared<SourceFile>(SourceFile{"<stdin>", expression});
  std::unique_ptr<ast::Module> module = parseModule(file);
  if (module->body.size() != 1 || module->body[0]->kind != ast::Stmt::Kind::ExprStmt)
    throw Error(ErrorKind::Syntax, "expected an expression, got '" + expression + "'");
  return interp_->runSource("<stdin>", expression);
}

void Session::print(const std::string& text) {
  interp_->writeStdout(text);
  interp_->flushStdout();
}

void Session::heading(const std::string& text) {
  print(color_ ? kBold + text + kReset + "\n" : text + "\n");
}

void Session::warn(const std::string& text) {
  std::fflush(stdout);
  std::fputs(text.c_str(), stderr);
  if (text.empty() || text.back() != '\n') std::fputc('\n', stderr);
  std::fflush(stderr);
}

void Session::printError(const Error& e) {
  std::fflush(stdout);
  std::string msg;
  try {
    msg = formatError(e);
  } catch (const std::exception&) {
    msg = "error: " + e.message + "\n";
  }
  if (color_) {
    size_t at = msg.find("error:");
    if (at != std::string::npos) msg.replace(at, 6, std::string(kRedBold) + "error:" + kReset);
  }
  std::fwrite(msg.data(), 1, msg.size(), stderr);
  std::fflush(stderr);
}

}  // namespace tdsl::repl
