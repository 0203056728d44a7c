// The tracer (DESIGN.md §2.2): runs a function's instrumented bytecode
// (Note [Instrumented trace code]) from an entry pc in the ordinary VM loop,
// installed as the TensorState's dispatch interceptor, and records every
// tensor op into an ir::Graph without touching data.
//
// Note [Proxies and lifting]
// Registers start with the frame's real values. An op result is a proxy: a
// meta TensorObject (no storage) whose metadata comes from the op table's
// shape rule, tied to the node's IrValue. A real tensor that reaches an op is
// lifted to a graph input the first time (Note [Sources]: the register or
// global it came from, else captured by identity). In-place ops return their
// self argument, so a mutated tensor keeps its identity and its IrValue.
//
// Note [Segment end]
// The segment ends by an exception (Tracer::Exit, a ResumeStop) thrown from a
// hook or the interceptor: at a RETURN of the traced frame, or at a graph
// break (truth test of a tensor, .item(), a call that cannot be traced, a
// Python side effect on a pre-existing object, an op with a Python result).
// The VM hands back a snapshot of the traced frame (Note [Stopping a resumed
// function] in vm.h) and the tracer describes its live registers (Note
// [Write-back]). A break inside an inlined call cannot resume mid-callee,
// and one raised by the interceptor in the middle of an instruction may
// follow register writes: in both cases the segment is re-traced with that
// (call) instruction itself as the break, taken before it runs.
//
// Note [Metadata reads]
// Python code that inspects a tensor (x.shape, x.dtype, x.stride(0),
// x.is_contiguous(), len(x), iterating it) bakes what it read into the
// segment, even when the tensor never reaches an op (so is no graph input).
// Every such read of a real tensor adds a guard on what was read
// (Segment::metadata: dtype, rank, or sizes + strides), and a read of a
// storage offset, even a proxy's, makes every input and inspected tensor
// guard its offset. A proxy's other metadata follows from its inputs' guards.
// Each live tensor register at entry is at least guarded to be a tensor.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "compile/cache.h"
#include "compile/side_effects.h"
#include "vm/torch/dispatch.h"

namespace tdsl {

class CompileRuntime;
class Liveness;
class NativeObject;
class TensorObject;
namespace autograd {
struct BackwardRequest;
}

struct TraceRequest {
  Ref<FunctionObject> fn;
  const Liveness* liveness = nullptr;
  uint32_t entryPc = 0;
  const Value* regs = nullptr;  // the frame's registers at entryPc (code->nregs values)
  // Note [Automatic dynamic shapes]: source descriptions and dims to trace symbolically.
  const std::vector<std::pair<std::string, int>>* dynamic = nullptr;
  bool allDynamic = false;  // torch.compile(dynamic=True)
  int64_t maxGraphNodes = 0;  // Note [Graph size limit]; 0: kMaxGraphNodes
  // Note [Joint graphs]: a failed joint trace throws JointRefusal instead of
  // re-tracing with autograd left to the VM.
  bool jointOnly = false;
  // Note [Compiled backward]: returned results that require grad get a
  // compiled backward (the "tdsl" and "aot_eager" backends) instead of
  // refusing the joint trace.
  bool compiledBackward = false;
};

// Note [Graph size limit]
// A traced loop unrolls into the graph (`for i in range(10**9): x = x + 1`),
// and the graph, its proxies and their metadata grow with every op. At
// kMaxGraphNodes nodes (torch.compile(options={"max_graph_nodes": N}) changes
// it) the trace is refused (Note [Trace refusal]) and the call runs eagerly
// from the segment's entry (logged under graph_breaks). No test
// program comes near the limit; the tracer's memory stays bounded by it.
constexpr int64_t kMaxGraphNodes = 100000;

// Note [Trace refusal]
// An Error met while tracing makes the call run eagerly from the segment's
// entry, which raises user errors exactly where they belong and after the
// side effects before them (tracing performs none). A KeyboardInterrupt and
// running out of memory are no refusals: they happen to the run, not to the
// traced program, and propagate (an eager re-run would swallow the first
// interrupt, or run out of memory again).
bool isTraceRefusal(const Error& e);

// Note [Joint graphs] (tracer_autograd.cpp): a trace that started with a live
// tensor requiring grad could not keep autograd in its graph; the call runs
// eagerly from the segment's entry, and the reason counts as a graph break.
struct JointRefusal : Error {
  explicit JointRefusal(std::string why) : Error(ErrorKind::Runtime, std::move(why)) {}
};

class Tracer : public DispatchInterceptor {
 public:
  Tracer(CompileRuntime& rt, const TraceRequest& request);
  ~Tracer() override;

  // Traces one segment. Throws tdsl::Error for user errors met while tracing
  // (the caller falls back to eager, which reports them exactly).
  std::unique_ptr<Segment> trace();

  bool intercept(TensorState& state, const ir::OpDef& op, ir::BoundArgs& args, OpResults& result) override;
  uint64_t metaVersion(const TensorObject& t) const override;  // Note [Versions of proxies]
  Value valueBeforeWrite(const ir::OpDef& op, const ir::BoundArgs& args) override;
  // Note [Function transforms under the tracer] (tracer_transforms.cpp).
  Value transformCallee(const Value& fn) override;
  uint64_t randomOpsRecorded() const override { return randomOps_; }
  uint64_t pythonMutationsRecorded() const override { return pythonMutations_; }
  const void* storageMark() const override;
  const void* storageIdentity(const TensorObject& t) const override;
  bool storageExistedAt(const TensorObject& t, const void* mark, uint64_t serial) const override;
  void breakAtTransform(const std::string& reason) override;

  // Hooks called by the instrumented code (compile_runtime.cpp forwards them).
  Value onReturn(const CallArgs& a);
  Value onCall(const CallArgs& a);
  Value onMethod(const CallArgs& a);
  Value onGetGlobal(const CallArgs& a);
  Value onSetGlobal(const CallArgs& a);
  Value onTruth(const CallArgs& a);
  Value onUnsupported(const CallArgs& a);
  // Note [Script code behind operators]: a dunder method, property or
  // __enter__ about to run while tracing ends the trace before the instruction.
  [[noreturn]] static void onObjectModelCall(void* tracer, const std::string& what);
  Value onAttr(const CallArgs& a);
  Value onSizeUse(const CallArgs& a);
  Value onIndex(const CallArgs& a);
  Value onMakeFunc(const CallArgs& a);  // Note [Functions made while tracing]
  // Note [Tensor literals while tracing] (compile_tracer_literals.cpp).
  Value makeTensorLiteral(const CallArgs& call);

 private:
  struct Exit;
  // Note [Joint graphs] (tracer_autograd.cpp).
  struct JointRefused;
  [[noreturn]] void refuseJoint(std::string reason);
  void checkJointArgs(const ir::OpDef& op, const ir::BoundArgs& b);
  void checkJointWrites(const ir::OpDef& op, const ir::BoundArgs& b, const std::vector<ir::Arg>& args);
  void noteJointNode(const ir::Node& n);
  void checkUnrecordedWrite(const ir::OpDef& op, const ir::IrValue* root);  // Note [Writes autograd does not record]
  std::vector<Ref<TensorObject>> viewProxies_;  // proxies a view op returned (checkUnrecordedWrite)
  void noteLeaf(TensorObject* t, const Source& src);
  void noteGradRead(const Value& v);
  void checkJointCall(const CallArgs& a, bool method);
  void finishJoint(Segment& seg);
  // Note [Autograd reads while tracing] (tracer_autograd.cpp).
  static bool isTracedAutogradRead(const std::string& name);
  void noteAutogradRead(const Value& v, const std::string& name);
  void noteAutogradFlagChange(const Value& v, const std::string& method);
  void noteGradModeRead();
  bool gradModeRead_ = false;
  // Note [Grad mode under the tracer] (tracer_grad_mode.cpp).
  bool gradModeOn() const;  // autograd records (grad enabled, not inference mode)
  void noteGradModeWith();  // TRYENTER of `with <grad-mode object>:` on one made in the segment
  void noteGradModeFactory();                   // no_grad(), set_grad_enabled(b), ... called
  // A break at exitPc inside a traced grad-mode with block: the segment is
  // re-traced to break before the (outermost) with instead.
  bool breakInsideGradModeWith(uint32_t exitPc, uint32_t* withPc) const;
  int modeAtEntry_ = 0;       // gradStateBits at the segment's entry
  bool modeTraced_ = false;   // a grad-mode function or object was traced
  // The traced frame's grad-mode with blocks: (TRYENTER pc, where a break
  // inside re-traces to stop: the factory call that made the manager in
  // this segment, else the TRYENTER itself).
  std::vector<std::pair<uint32_t, uint32_t>> gradModeWiths_;
  int64_t lastGradModeFactoryPc_ = -1;  // the traced frame's latest grad-mode factory call
  std::vector<Ref<TensorObject>> gradReads_;  // real tensors whose requires_grad / leafness the trace read
  void restoreLeafGrads();
  bool joint_ = true;  // autograd is traced (else it breaks the graph, as before)
  std::string jointRefusal_;  // why joint_ became false
  bool gradSeen_ = false;
  struct LeafRecord {
    Ref<TensorObject> leaf;
    Source source;
    Value gradAtEntry;
    bool gradRead = false;  // the segment read its .grad
  };
  std::vector<LeafRecord> leaves_;
  std::unordered_map<const ir::IrValue*, uint64_t> writesOf_;  // storage root -> in-place writes recorded
  std::set<const ir::IrValue*> viewedRoots_;
  std::set<const ir::IrValue*> aliasedRoots_;  // every view, alias and detach included
  // The storage root of a traced value: the graph input or fresh value its
  // chain of views starts at (Note [Memoized storage roots]).
  const ir::IrValue* rootOf(const ir::IrValue* v) const;
  // What a storage root stands for: a graph input's real storage (distinct
  // inputs may share one), else the root itself (a fresh tensor).
  const void* storageOfRoot(const ir::IrValue* root) const;
  mutable std::unordered_map<const ir::IrValue*, const ir::IrValue*> roots_;
  bool rebindsFunctionally(const ir::OpDef& op, const ir::BoundArgs& b) const;
  ir::Node* recordRebound(const ir::OpDef& op, std::vector<ir::Arg> args, std::vector<ir::ValueMeta> metas,
                          TensorObject* self);
  [[noreturn]] void graphBreak(std::string reason);
  // A break raised in the middle of an instruction (by a native the traced
  // code called): the segment is re-traced to break before the instruction.
  [[noreturn]] void graphBreakMidInstruction(std::string reason);
  // Note [Function transforms under the tracer]: whether a call of `callee`
  // (a torch.func function or transform) is traced into the joint graph.
  bool tracesTransform(const Value& callee) const;
  void checkTransformEscape(const Value& v);  // in describe(): a transform made here must not leave
  uint64_t randomOps_ = 0;  // random ops recorded in this attempt
  bool record(const ir::OpDef& op, ir::BoundArgs& args, OpResults& result);
  // Note [Compiled backward] (tracer_backward.cpp).
  struct DifferentiableResult {
    Ref<TensorObject> tensor;
    const ir::IrValue* value = nullptr;
    int output = 0;
  };
  std::vector<DifferentiableResult> diffResults_;
  bool describingResults_ = false;
  bool engineRan_ = false;      // backward(), autograd.grad or a torch.func transform ran in the segment
  bool proxyAutograd_ = false;  // requires_grad_(), retain_grad() or register_hook() on a proxy
  bool historyInputs_ = false;  // an op read a graph input with autograd history (a non-leaf)
  void noteEngineRun();
  std::unique_ptr<ir::Graph> forwardGraph_;  // set while a backward graph is traced (in graph_)
  std::unordered_map<const ir::IrValue*, ir::IrValue*> liftedSaved_;  // forward value -> backward input
  std::vector<ir::IrValue*> liftedOrder_;
  bool tracingBackward() const { return forwardGraph_ != nullptr; }
  void noteDifferentiableResult(TensorObject* t, const ir::IrValue* v, int output);
  ir::IrValue* liftSaved(ir::IrValue* forward);
  void checkBackwardWrites(const ir::OpDef& op, const ir::BoundArgs& b);
  void traceBackward(Segment& seg);
  // Runs the engine on the proxies; a break or an error refuses the joint trace.
  void runTracedBackward(const autograd::BackwardRequest& req);
  // Note [Write overlap while tracing]: throws the eager kernels' errors.
  // Raises eager's overlap errors; returns why the op must run eagerly
  // (Note [Overlapping sources] in ir/alias_analysis.h), or "".
  std::string checkWriteOverlap(const ir::OpDef& op, const ir::BoundArgs& b, const std::vector<ir::Arg>& args) const;
  bool atTracedFrame() const;
  void checkStop();  // breaks before an instruction chosen by a re-trace
  uint32_t currentOrigPc() const;
  ir::IrValue* valueFor(TensorObject* t);
  bool recordInplaceView(const ir::OpDef& op, ir::BoundArgs& b, OpResults& result);
  ir::IrValue* liftConstantScalar(TensorObject* t);
  Source sourceFor(const Value& v, bool* found) const;
  void noteEntryObject(const Value& v, const Source& src);
  void noteAlias(const Object* o, const Source& src);  // entryObjects_ + entryAliases_
  bool isEntryObject(const Value& v) const;
  // Note [Side effects on pre-existing objects]: false when mutating the
  // list, dict or cell `v` must break the graph; otherwise records it.
  bool noteMutation(const Value& v);
  void restoreMutations();
  void noteMetadataRead(const Value& v, TensorGuard::Check check);
  Value tensorLiteralCallee(const NativeObject& callee, const CallArgs& hookArgs);
  void redirectModuleCall(const std::string& name, const Value& callee);  // at a CALLMETHOD hook
  WriteBack describe(const Value& v, int depth);
  bool rebuiltSlot(const Value& v, WriteBack& wb);  // false: a back reference
  void buildGuards(Segment& seg);
  std::unique_ptr<Segment> traceOnce(std::string* retraceReason, uint32_t* retracePc);

  CompileRuntime& rt_;
  TraceRequest req_;
  const CodeObject& code_;
  size_t depth0_ = 0;
  std::set<uint32_t> stops_;  // original pcs treated as breaks (calls whose callee broke)
  std::unordered_map<uint32_t, std::string> stopReasons_;

  // Per attempt.
  std::unique_ptr<ir::Graph> graph_;
  std::unordered_map<const TensorObject*, ir::IrValue*> irOf_;
  std::vector<Value> keepAlive_;
  std::vector<Source> inputSources_;
  std::vector<Ref<TensorObject>> inputTensors_;
  std::vector<ir::IrValue*> outputs_;
  std::unordered_map<const Object*, Source> entryObjects_;
  // Note [Aliased entry objects]: the other sources of an entry object, and
  // the entry objects the segment named by their first source.
  std::unordered_map<const Object*, std::vector<Source>> entryAliases_;
  mutable std::set<const Object*> usedEntries_;
  std::vector<ValueGuard> globalGuards_;
  struct GlobalWriteRecord { Ref<GlobalsTable> globals; uint32_t slot; Value old; bool wasBound; };
  std::vector<GlobalWriteRecord> globalWrites_;
  std::set<std::string> inputNames_;
  // Note [Functions made while tracing]: functions MAKEFUNC made, and the
  // rebuilt objects' memo slots (WriteBack::index of Cell / Function).
  std::set<const Object*> madeFunctions_;
  std::unordered_map<const Object*, int> rebuiltSlots_;
  std::set<const Object*> describing_;
  Value literalFactory_;                   // the torch.tensor being wrapped (Note [Tensor literals while tracing])
  // Note [One node per subscript]: the GETITEM / SETITEM being traced.
  struct Subscript {
    size_t depth = 0;
    const CodeObject* code = nullptr;
    uint32_t pc = 0;
    int64_t nodes = 0;
    bool listIndex = false;  // the index holds a list: made into a tensor constant
    std::vector<const Object*> indexTensors;  // tensors the index itself holds
  } subscript_;
  bool atSubscript() const;
  int64_t mergedNodes_ = 0;  // op nodes beyond the first of each subscript
  void beginSubscript(const Value* index);
  FreshObjects fresh_;                     // Note [Side effects on pre-existing objects]
  std::vector<MutationRecord> mutations_;
  uint64_t pythonMutations_ = 0;           // noteMutation calls (vmap's side-effect check)
  bool readsSizes_ = false;  // Python code read a tensor's sizes (Note [Probing dynamic segments])
  // Note [Metadata reads]: real tensors inspected, with what was read.
  std::vector<std::pair<Ref<TensorObject>, TensorGuard::Check>> metadataReads_;
  bool offsetRead_ = false;
  // Note [Guard snapshots]: the live non-tensor registers at entry, copied.
  std::vector<std::pair<int, Value>> entrySnapshots_;
  DispatchInterceptor* savedInterceptor_ = nullptr;
  Tracer* savedTracer_ = nullptr;
};

}  // namespace tdsl
