// Per-interpreter torch.compile state (DESIGN.md §1.4, §2.2): options, log
// categories, statistics, the instrumented copies of traced code objects and
// step codes, and the tracer that is currently running (if any).
//
// Reached through compileRuntime(interp); it is the Interpreter's extension
// (Note [Interpreter extensions]), so two interpreters share nothing.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "compile/bytecode.h"
#include "compile/logs.h"
#include "compile/stats.h"
#include "vm/interpreter.h"

namespace tdsl {

namespace jit {
class JitContext;
}
class Tracer;

class CompileRuntime : public InterpreterExtension {
 public:
  explicit CompileRuntime(Interpreter& interp);
  ~CompileRuntime() override;

  Interpreter& interp;
  CompileLogs logs;
  CompileStats stats;
  Tracer* activeTracer = nullptr;  // set while a segment is being traced
  // Issue 12: kernels of the tdsl backend (compile_jit.h), made on first use.
  std::shared_ptr<jit::JitContext> jit;
  // torch.set_num_threads (compile/threads.h); copied into `jit` when it is
  // made and whenever it changes.
  int numThreads;

  // Note [Instrumented trace code], one copy per code object (built lazily).
  const InstrumentedCode& instrumented(const CodePtr& code);
  // Note [Step code], one per (code object, pc).
  const CodePtr& stepCode(const CodePtr& code, uint32_t pc);
  // A script function whose code is the instrumented copy of fn's code.
  Value instrumentedFunction(const Value& fn);
  // Original code object of an instrumented copy (nullptr when `code` is not one).
  const InstrumentedCode* instrumentationOf(const CodeObject* copy) const;

  // Builtins (by object identity) that may be called during tracing.
  enum class BuiltinKind : uint8_t { Unknown, Pure, PureNoTensors };
  BuiltinKind builtinKind(const Object* native) const;
  bool isBuiltin(const Object* native) const;

 private:
  std::vector<Value> hooks_;
  std::map<const CodeObject*, std::pair<CodePtr, InstrumentedCode>> instrumented_;
  std::unordered_map<const CodeObject*, const InstrumentedCode*> byCopy_;
  std::map<std::pair<const CodeObject*, uint32_t>, std::pair<CodePtr, CodePtr>> steps_;
  std::unordered_map<const Object*, BuiltinKind> builtins_;
};

CompileRuntime& compileRuntime(Interpreter& interp);

// At the end of `tdsl run`: --stats prints CompileStats::summary() on stderr,
// --stats-json FILE writes CompileStats::json(). Does nothing when neither
// is set or nothing was compiled... except --stats-json, which always writes.
void reportCompileStats(Interpreter& interp);

}  // namespace tdsl
