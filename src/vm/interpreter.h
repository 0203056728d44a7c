// The public interpreter object: one per script context. Everything mutable a
// script can reach (globals, modules, the value stack, tensor state, options)
// hangs off it; two interpreters share nothing, so a host may run several.
//
// Errors: every user error leaves these functions as tdsl::Error with a
// location and traceback (see Note [Two kinds of error] in diagnostics.h);
// every other std::exception becomes an Error too, running out of memory
// Error(Resource) (Note [Exceptions at the API boundary] in
// exception_boundary.h). `sys.exit(n)` leaves as ScriptExit, which is not an
// error. A small host thread stack is a RecursionError, not a crash (Note
// [Stack limit] in stack_limit.h).
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.h"
#include "vm/native.h"
#include "vm/objects.h"
#include "vm/tensor/tensor_state.h"
#include "vm/value.h"

namespace tdsl {

class VM;

// Command-line switches and host settings. The compile layer reads the
// torch.compile related ones (eager, backend, stats, logs, reinplace).
struct InterpreterOptions {
  bool eager = false;            // --eager: torch.compile(fn) returns fn
  std::string backend = "tdsl";  // --backend NAME: default torch.compile backend
  bool stats = false;            // --stats: print compile statistics at exit
  std::string statsJson;         // --stats-json FILE
  std::string logs;              // --log CATS (comma separated), also TDSL_LOGS
  bool reinplace = true;         // --no-reinplace clears it
  bool jit = true;               // --no-jit (or TDSL_JIT=0): fused groups run the eager kernels
  bool disassemble = false;      // --dis: print the bytecode before running
};

// Raised by sys.exit(n): unwinds every script frame; the CLI exits with `status`.
struct ScriptExit {
  int status = 0;
};

class Interpreter {
 public:
  explicit Interpreter(InterpreterOptions options = {});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Runs a script file as the main module; `argv` becomes sys.argv (argv[0] is
  // the script path). Throws Error / ScriptExit.
  void runFile(const std::string& path, std::vector<std::string> argv);
  // Compiles and runs `text` in the main module's globals; returns None, or the
  // value of the last statement when it is an expression statement.
  Value runSource(const std::string& name, const std::string& text);
  // Bytecode listing of every function compiled from `text` (tdsl run --dis).
  std::string disassembleSource(const std::string& name, const std::string& text);

  // Calls any callable (script function, native, bound method) from C++.
  Value call(const Value& fn, const CallArgs& args);
  Value call(const Value& fn, std::vector<Value> args);

  // Main-module globals. getGlobal throws Error(Name) when undefined.
  Value getGlobal(const std::string& name);
  bool hasGlobal(const std::string& name);
  void setGlobal(const std::string& name, Value value);
  void registerFunction(const std::string& name, NativeFn fn, const void* data = nullptr);

  // Safe to call from a signal handler or another thread: the running script
  // stops at its next call or backward jump with Error(Interrupt, "KeyboardInterrupt").
  void requestInterrupt() {
    interrupt_.store(true, std::memory_order_relaxed);
    safePoint_.store(true, std::memory_order_relaxed);
  }

  std::string repr(const Value& v);  // Python repr()
  std::string str(const Value& v);   // Python str()
  bool truthy(const Value& v);       // Python bool()
  std::string typeName(const Value& v);  // "int", "list", "Tensor", ...

  // Standard output of the script (print, sys.stdout.write). A failed write
  // or flush raises OSError's text ("OSError: [Errno 28] No space left on
  // device"; BrokenPipeError for EPIPE); with file descriptor 1 closed the
  // output is dropped, as CPython's sys.stdout is then None.
  void writeStdout(std::string_view text);
  void flushStdout();

  TensorState* tensorState() { return tensorState_.get(); }
  const InterpreterOptions& options() const { return options_; }
  InterpreterOptions& options() { return options_; }

  VM& vm() { return *vm_; }  // internals, for the VM's own files and the tracer

  // Hook for torch.compile (src/vm/compile_runtime.h): its per-interpreter
  // state, created on first use by compileRuntime(interp). It holds plain
  // values only and does not use the VM when destroyed.
  std::shared_ptr<void> compileState;

 private:
  friend class VM;
  InterpreterOptions options_;
  std::atomic<bool> interrupt_{false};
  // Asks the dispatch loop to stop at its next safe point (VM::safePoint):
  // set with interrupt_, and by the cycle collector's trigger. The loop
  // polls this one flag, so collection costs nothing until it is due.
  std::atomic<bool> safePoint_{false};
  TensorStatePtr tensorState_;
  std::unique_ptr<VM> vm_;
};

}  // namespace tdsl
