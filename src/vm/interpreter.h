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
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <utility>
#include <vector>

#include "support/diagnostics.h"
#include "vm/capabilities.h"
#include "vm/native.h"
#include "vm/objects.h"
#include "tensor/tensor_state.h"
#include "core/value.h"

namespace tdsl {

class VM;
struct TensorBridge;

// Note [Interpreter extensions]
// A layer above the VM (torch.compile) keeps its per-interpreter state in an
// extension: a class derived from InterpreterExtension and constructible from
// the Interpreter, made on first use by Interpreter::extension<T>() and
// destroyed with the interpreter after its VM, so it must not use the VM when
// destroyed. Only code that can name T reaches its state.
class InterpreterExtension {
 public:
  virtual ~InterpreterExtension() = default;
};

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
  bool verifyPasses = false;     // --verify-passes, also TDSL_VERIFY=1 (Note [Verification] in opt/pipeline.h)
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
  // Runs one REPL input in the main module: the value of every module-level
  // expression statement, blocks included, is printed with repr() and kept in
  // `_` unless it is None (Python's interactive mode).
  void runInteractive(const std::string& name, const std::string& text);
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

  // Withdraws an interrupt request that no safe point consumed (a host's
  // deadline watchdog firing as the script ended).
  void cancelInterrupt() { interrupt_.store(false, std::memory_order_relaxed); }

  // Files and modules a script may reach (Note [Capabilities]); none by default.
  Capabilities capabilities;

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
  // print(file=sys.stderr), sys.stderr.write.
  void writeStderr(std::string_view text);

  // Where the script's output goes instead of the process's stdout/stderr
  // when set (an embedding host's sinks); empty: the standard streams.
  using OutputSink = std::function<void(std::string_view)>;
  OutputSink stdoutSink;
  OutputSink stderrSink;

  // Note [Step and time limits]
  // A step is one safe point of the dispatch loop (a call or a backward
  // jump, so every loop iteration and every call counts) or one call of a
  // script function from C++ (VM::call, which natives looping over script
  // callbacks use). POLL decrements pollBudget_ and takes the slow path
  // (VM::safePoint) when it goes negative; the slow path charges the steps
  // of the chunk, checks the step limit and, every chunk, the clock, and
  // hands out the next chunk. Without limits the chunk is so large that the
  // slow path never runs. Past a limit the budget stays at zero, so every
  // later safe point raises again until the host calls setLimits() anew.
  // maxSteps 0: no step limit; a deadline of time_point::max(): none.
  void setLimits(uint64_t maxSteps, std::chrono::steady_clock::time_point deadline);
  void chargeSteps();  // the slow path; throws RuntimeError past a limit
  uint64_t stepsUsed() const { return stepsUsed_ + static_cast<uint64_t>(budgetChunk_ - pollBudget_); }

  TensorState* tensorState() { return tensorState_.get(); }
  // The tensor layer's entry points (Note [Tensor bridge] in
  // vm/tensor_bridge.h), installed with the torch module (vm/torch/install.h).
  const TensorBridge& tensorBridge() const {
    TDSL_ASSERT(tensorBridge_ != nullptr);  // a tensor reached an interpreter without the tensor layer
    return *tensorBridge_;
  }
  bool hasTensorBridge() const { return tensorBridge_ != nullptr; }
  void setTensorBridge(const TensorBridge& bridge) { tensorBridge_ = &bridge; }
  const InterpreterOptions& options() const { return options_; }
  InterpreterOptions& options() { return options_; }

  VM& vm() { return *vm_; }  // internals, for the VM's own files and the tracer

  // The extension of type T, made on first use (Note [Interpreter extensions]).
  template <class T>
  T& extension() {
    static_assert(std::is_base_of_v<InterpreterExtension, T>);
    const std::type_index key(typeid(T));
    for (auto& [k, e] : extensions_)
      if (k == key) return static_cast<T&>(*e);
    auto made = std::make_unique<T>(*this);
    T& ref = *made;
    extensions_.emplace_back(key, std::move(made));
    return ref;
  }

 private:
  friend class VM;
  Value runModuleSource(const std::string& name, const std::string& text, bool interactive);
  // Declared first, destroyed after the VM (Note [Interpreter extensions]).
  std::vector<std::pair<std::type_index, std::unique_ptr<InterpreterExtension>>> extensions_;
  InterpreterOptions options_;
  std::atomic<bool> interrupt_{false};
  // Asks the dispatch loop to stop at its next safe point (VM::safePoint):
  // set with interrupt_, and by the cycle collector's trigger. The loop
  // polls this one flag, so collection costs nothing until it is due.
  std::atomic<bool> safePoint_{false};
  // Note [Step and time limits].
  int64_t pollBudget_ = INT64_MAX / 2;
  int64_t budgetChunk_ = INT64_MAX / 2;
  uint64_t stepsUsed_ = 0;
  uint64_t maxSteps_ = 0;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  TensorStatePtr tensorState_;
  const TensorBridge* tensorBridge_ = nullptr;
  std::unique_ptr<VM> vm_;
};

}  // namespace tdsl
