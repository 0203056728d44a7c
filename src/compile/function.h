// The compiled callable returned by torch.compile (DESIGN.md §1.4, §2.2), the
// segment driver behind it, torch.compile itself and tdsl.explain.
//
// Note [Segment driver]
// A call binds its arguments into a register vector, then loops:
//   1. look up a segment for (function, pc) whose guards pass (a cache hit);
//   2. on a miss, trace one from here (recompiling when the location already
//      has segments; Note [Automatic dynamic shapes]), compile it with the
//      backend — or, past the recompile limit, run the rest eagerly;
//   3. run its graph on the real inputs and rebuild the live registers
//      (Note [Write-back]); a return segment ends the call;
//   4. execute the break instruction eagerly (Note [Step code]) and continue
//      at the pc it leads to.
// Breaks inside loops thus resume inside the loop, and each loop-body segment
// is found in the cache on every later iteration.
//
// Note [Automatic dynamic shapes]
// The first trace at a location specializes every size. When a later call
// misses only because a size differs, that (input, dim) is marked dynamic for
// the location and the recompile guards it only as >= 2 (sizes 0 and 1 stay
// specialized, as in PyTorch). Limitation: Python values computed from a
// dynamic size (x.shape[0]) are still recorded as constants; int arguments
// of graph nodes too.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "compile/backends.h"
#include "compile/bytecode.h"
#include "compile/cache.h"
#include "compile/stats.h"

namespace tdsl {

constexpr int kRecompileLimit = 8;  // traces per code location (torch's cache_size_limit)

struct CompileOptions {
  bool fullgraph = false;
  enum class Dynamic : uint8_t { Auto, Always, Never } dynamic = Dynamic::Auto;
  Backend backend;
  int64_t maxGraphNodes = 0;  // Note [Graph size limit]; 0: the default
};

class CompiledFunction : public ExtensionObject {
 public:
  CompiledFunction(Interpreter& interp, Ref<FunctionObject> fn, CompileOptions options);
  std::string typeName() const override { return "function"; }
  std::string repr() const override;
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override;
  const Value* getAttr(std::string_view name) const override;
  // The function, the backend, the compile cache and the step functions
  // (Note [Cycle collector]).
  void gcTraverse(GcVisitor& v) override;
  void gcClear(std::vector<Value>& out) override;

  const Ref<FunctionObject>& function() const { return fn_; }
  const std::unordered_map<uint32_t, CacheSlot>& cache() const { return cache_; }
  const CompileOptions& options() const { return options_; }
  // Statistics of this callable alone (also added to the interpreter's).
  const FunctionStats& localStats() const { return local_; }
  // The segments the last completed or running call went through, in order
  // (empty when it ran eagerly); what the REPL's :graph shows.
  const std::vector<const Segment*>& lastCallSegments() const { return lastCall_; }

 private:
  bool bindArguments(const CallArgs& args, std::vector<Value>& regs) const;
  Segment* lookup(uint32_t pc, const std::vector<Value>& regs);
  Segment* traceAt(uint32_t pc, std::vector<Value>& regs);
  Value runEager(std::vector<Value>& regs, uint32_t pc);
  template <class F>
  void count(F&& f);
  // Note [Scratch registers]
  std::vector<Value> takeScratch();
  void giveScratch(std::vector<Value>& v);

  Interpreter& interp_;
  Ref<FunctionObject> fn_;
  CompileOptions options_;
  Liveness liveness_;
  std::unordered_map<uint32_t, CacheSlot> cache_;
  std::unordered_map<uint32_t, Ref<FunctionObject>> steps_;
  Value name_;
  FunctionStats local_;
  FunctionStats* shared_ = nullptr;  // this function's entry in the interpreter's stats
  std::vector<std::vector<Value>> scratch_;
  std::vector<const Segment*> lastCall_;
  bool limitReported_ = false;
};

// torch.compile(fn=None, *, fullgraph=False, dynamic=None, backend="tdsl",
// mode=None, options=None); without fn, a decorator. The native behind the
// `compile` attribute of the torch module. options={"reinplace": False} turns
// the reinplacing pass off for this function (like --no-reinplace), and
// {"max_graph_nodes": N} sets Note [Graph size limit]; other keys, a bad
// mode=, mode= with options=, or a model that is not callable raise torch's
// errors (Note [Decorator mode]: without a model, when the decorator is applied).
Value torchCompileNative(Interpreter& interp, const CallArgs& args, const void* data);
// tdsl.explain(fn) -> callable; calling it runs fn compiled and returns an
// ExplainOutput (graph_count, graph_break_count, node_counts, break_reasons).
Value tdslExplainNative(Interpreter& interp, const CallArgs& args, const void* data);

}  // namespace tdsl
