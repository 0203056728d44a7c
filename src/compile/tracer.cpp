// The tracer (compile_tracer.h): proxies, lifting, hooks, segment end.
#include "compile/tracer.h"

#include <algorithm>

#include <fmt/format.h>

#include "autograd/autograd_meta.h"
#include "autograd/derivatives.h"
#include "autograd/engine.h"
#include "ir/alias_analysis.h"
#include "ops/op_table.h"
#include "compile/bytecode.h"
#include "compile/runtime.h"
#include "vm/generators.h"
#include "vm/objects.h"
#include "vm/torch/autograd_bindings.h"
#include "tensor/tensor.h"
#include "tensor/write_overlap.h"
#include "vm/torch/bindings_views.h"
#include "vm/torch/tensor_members.h"
#include "vm/classes.h"
#include "vm/vm.h"

namespace tdsl {

// Note [Stopping a resumed function] (vm.h).
struct Tracer::Exit : ResumeStop {
  bool isReturn = false;
  // Raised inside an instruction (by the interceptor), which may already have
  // changed registers (CALLMETHOD replaces the receiver by the callee): the
  // segment is re-traced to break before that instruction instead.
  bool midInstruction = false;
  Value retval;
  std::string reason;
};

// Note [Joint graphs] (tracer_autograd.cpp): the joint trace cannot keep
// autograd in the graph; trace() traces again with autograd breaking it.
struct Tracer::JointRefused : ResumeStop {
  std::string reason;
};

void Tracer::refuseJoint(std::string reason) {
  JointRefused e;
  e.reason = std::move(reason);
  throw e;
}

// Note [Compiled backward] (tracer_backward.cpp).
void Tracer::runTracedBackward(const autograd::BackwardRequest& req) {
  try {
    autograd::runBackward(*rt_.interp.tensorState(), req);
  } catch (Exit& e) {
    refuseJoint("the backward breaks the graph: " + e.reason);
  } catch (const Error& e) {
    if (!isTraceRefusal(e)) throw;
    refuseJoint("the backward raises: " + e.message);  // eager raises it at the backward
  }
}

namespace {

constexpr int kMaxRetraces = 32;
constexpr int kMaxDescribeDepth = 16;

bool isMutatingMethod(std::string_view name) {
  static const char* const names[] = {"append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse",
                                      "update", "setdefault", "popitem", "add", "discard"};
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

// Note [Metadata reads]: the guard a tensor attribute or method that is not
// an op needs, from its flags (Note [Tensor member reads]).
TensorGuard::Check metadataReadBy(uint8_t reads) {
  if (reads & kReadsSizes) return TensorGuard::Check::Full;
  if (reads & kReadsRank) return TensorGuard::Check::Rank;
  if (reads & kReadsDType) return TensorGuard::Check::DType;
  return TensorGuard::Check::IsTensor;
}

std::string calleeName(const Value& v) {
  if (v.isObj(ObjKind::Native)) return v.as<NativeObject>()->name;
  if (v.isObj(ObjKind::Function)) return v.as<FunctionObject>()->name();
  if (v.isObj(ObjKind::BoundMethod)) return calleeName(v.as<BoundMethodObject>()->function);
  if (ClassObject* c = asClass(v)) return "user class '" + c->name + "'";
  if (asInstance(v)) return "an instance of user class '" + typeName(v) + "'";
  return "a " + std::string(v.isObj(ObjKind::Other) ? "callable object" : "value");
}

std::string locationOf(const CodeObject& code, uint32_t pc) {
  SourceRange r = code.rangeAt(pc);
  if (!r.valid()) return code.name;
  return fmt::format("{}:{}:{}", r.file->name, r.begin.line, r.begin.col);
}

}  // namespace

bool isTraceRefusal(const Error& e) {
  if (e.kind == ErrorKind::Interrupt) return false;
  return !(e.kind == ErrorKind::Resource && e.message.rfind("out of memory", 0) == 0);
}

Tracer::Tracer(CompileRuntime& rt, const TraceRequest& request)
    : rt_(rt), req_(request), code_(*request.fn->code) {}

Tracer::~Tracer() = default;

bool Tracer::atTracedFrame() const { return rt_.interp.vm().frameDepth() == depth0_ + 1; }

uint32_t Tracer::currentOrigPc() const {
  const CallerFrame f = rt_.interp.vm().callerFrame();
  const InstrumentedCode* ic = rt_.instrumentationOf(f.code);
  return ic ? ic->origPc[f.pc] : f.pc;
}

void Tracer::graphBreak(std::string reason) {
  Exit e;
  e.reason = std::move(reason);
  throw e;
}

void Tracer::graphBreakMidInstruction(std::string reason) {
  Exit e;
  e.reason = std::move(reason);
  e.midInstruction = true;
  throw e;
}

// ---------------------------------------------------------------------------
// Entry objects and sources

void Tracer::noteAlias(const Object* o, const Source& src) {
  auto [it, fresh] = entryObjects_.emplace(o, src);
  if (fresh || it->second == src) return;
  std::vector<Source>& others = entryAliases_[o];
  for (const Source& s : others)
    if (s == src) return;
  others.push_back(src);
}

void Tracer::noteEntryObject(const Value& v, const Source& src) {
  if (!v.isObj()) return;
  noteAlias(v.asObj(), src);
  if (src.index == -1 && v.isObj(ObjKind::Cell) && v.as<CellObject>()->bound && v.as<CellObject>()->value.isObj()) {
    Source s = src;
    s.index = Source::kCellContents;  // a closure variable: read afresh on every call
    entryObjects_.emplace(v.as<CellObject>()->value.asObj(), s);
  }
  if (src.index == -1 && (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple))) {
    ValueSpan items = seqItems(v);
    for (size_t i = 0; i < items.size() && i < 64; ++i) {
      Source s = src;
      s.index = static_cast<int>(i);
      if (items[i].isObj()) noteAlias(items[i].asObj(), s);
    }
  }
}

bool Tracer::isEntryObject(const Value& v) const { return v.isObj() && entryObjects_.count(v.asObj()) != 0; }

bool Tracer::noteMutation(const Value& v) {
  ++pythonMutations_;
  if (!v.isObj() || fresh_.contains(v.asObj())) return true;
  for (const MutationRecord& r : mutations_)
    if (r.object.identical(v)) return true;
  if (!isEntryObject(v)) return false;
  bool found = false;
  Source src = sourceFor(v, &found);
  mutations_.push_back(saveContents(v, src));
  return true;
}

void Tracer::restoreMutations() {
  for (auto it = mutations_.rbegin(); it != mutations_.rend(); ++it) restoreContents(*it);
}

void Tracer::noteMetadataRead(const Value& v, TensorGuard::Check check) {
  if (!v.isTensor() || check == TensorGuard::Check::IsTensor) return;
  TensorObject* t = asTensor(v);
  if (t->isMeta()) return;  // a proxy: its metadata follows from its inputs' guards
  for (auto& [seen, c] : metadataReads_)
    if (seen.get() == t) {
      c = std::max(c, check);
      return;
    }
  metadataReads_.emplace_back(Ref<TensorObject>(t), check);
}

Source Tracer::sourceFor(const Value& v, bool* found) const {
  auto it = v.isObj() ? entryObjects_.find(v.asObj()) : entryObjects_.end();
  *found = it != entryObjects_.end();
  if (*found) {
    usedEntries_.insert(it->first);
    return it->second;
  }
  Source s;
  s.kind = Source::Kind::Captured;
  s.captured = v;
  return s;
}

ir::IrValue* Tracer::valueFor(TensorObject* t) {
  auto it = irOf_.find(t);
  if (it != irOf_.end()) {
    // Note [Compiled backward]: a forward value the backward reads.
    if (tracingBackward() && it->second->node()->graph() != graph_.get()) return liftSaved(it->second);
    return it->second;
  }
  if (tracingBackward()) refuseJoint("the backward reads a tensor the forward did not");
  bool found = false;
  Source src = sourceFor(Value(Ref<TensorObject>(t)), &found);
  // Meta tensors are proxies, or the probe inputs of compile_dynamic.cpp.
  if (t->isMeta() && !found) throw Error(ErrorKind::Runtime, "torch.compile: a meta tensor reached a traced op");
  std::string name = found ? src.describe(code_) : "const";
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  std::string unique = name;
  for (int i = 1; inputNames_.count(unique); ++i) unique = name + "_" + std::to_string(i);
  inputNames_.insert(unique);
  ir::IrValue* v = graph_->addInput(unique, ir::fromTensorMeta(t->meta));
  // Note [One node per tensor literal]: the index tensor a list became.
  if (!found && subscript_.listIndex && atSubscript() &&
      std::find(subscript_.indexTensors.begin(), subscript_.indexTensors.end(), t) == subscript_.indexTensors.end())
    ++mergedNodes_;
  irOf_[t] = v;
  if (joint_) noteLeaf(t, src);
  keepAlive_.push_back(Value(Ref<TensorObject>(t)));
  inputSources_.push_back(src);
  inputTensors_.push_back(Ref<TensorObject>(t));
  return v;
}

// ---------------------------------------------------------------------------
// The interceptor

bool Tracer::intercept(TensorState& state, const ir::OpDef& op, ir::BoundArgs& b, OpResults& result) {
  try {
    // Note [generator= arguments] (vm/torch/dispatch.cpp): a graph has no
    // place for a torch.Generator, so a random op given one runs eagerly.
    if (state.generatorOverride)
      graphBreak(op.baseName + "() with generator=: graphs draw from the default generator only");
    return record(op, b, result);
  } catch (Exit& e) {
    e.midInstruction = true;
    throw;
  }
}

// The graph input or fresh result whose storage `v` uses (Note [Alias sets]),
// found by following the view chain of the graph built so far.
//
// Note [Memoized storage roots]
// A trace that slices a slice of a slice (`x = x[1:]` in a loop) makes view
// chains as long as the trace, and every recorded node asks for its
// arguments' roots: walking the chain each time made tracing quadratic
// (10,000 nodes took 1.4 s). Each value's root is therefore remembered, and
// a walk stops at the first value whose root is known. The tracer never
// deletes a node while it records, so a remembered pointer stays valid
// until the memo is cleared with the trace's other state.
const ir::IrValue* Tracer::rootOf(const ir::IrValue* v) const {
  std::vector<const ir::IrValue*> walked;
  const ir::IrValue* root = v;
  for (;;) {
    auto known = roots_.find(root);
    if (known != roots_.end()) {
      root = known->second;
      break;
    }
    walked.push_back(root);
    const ir::Node* n = root->node();
    if (!n->isOp()) break;
    int src = ir::aliasedArgIndex(*n, static_cast<size_t>(root->outputIndex()));
    if (src < 0) break;
    root = n->tensorArg(static_cast<size_t>(src));
  }
  for (const ir::IrValue* w : walked) roots_[w] = root;
  return root;
}


// Note [Captured tensors] (autograd/dispatch.h): the graph's last node marks
// the values that exist; nodes are only appended while tracing.
const void* Tracer::storageMark() const { return graph_ ? graph_->lastNode() : nullptr; }

const void* Tracer::storageIdentity(const TensorObject& t) const {
  if (t.storage) return t.storage.get();
  auto it = irOf_.find(&t);
  return it == irOf_.end() ? nullptr : storageOfRoot(rootOf(it->second));
}

bool Tracer::storageExistedAt(const TensorObject& t, const void* mark, uint64_t serial) const {
  auto it = irOf_.find(&t);
  if (it == irOf_.end()) return false;
  const ir::IrValue* root = rootOf(it->second);
  if (root->node()->isInput()) {  // a real tensor's storage: by its serial
    const void* identity = storageOfRoot(root);
    return identity == root || static_cast<const Storage*>(identity)->serial <= serial;
  }
  // Made by the graph: before the mark, or (no mark: the call began before
  // this trace) never.
  const auto* m = static_cast<const ir::Node*>(mark);
  return m && (root->node() == m || root->node()->isBefore(m));
}

const void* Tracer::storageOfRoot(const ir::IrValue* root) const {
  if (root->node()->isInput())
    for (const Ref<TensorObject>& t : inputTensors_) {
      auto it = irOf_.find(t.get());
      if (it != irOf_.end() && it->second == root && t->storage) return t->storage.get();
    }
  return root;
}

// Note [Write overlap while tracing]
// Eager kernels that write a tensor reject a written view with internal
// overlap, and an input that partially overlaps it (Note [Write overlap
// checks]). Functionalization turns the write into a pure op, so a compiled
// graph would silently compute something. The tracer therefore runs the same
// checks on the concrete trace-time metadata, for every argument the op
// table's schema marks written (Tensor(a!)) against every other tensor
// argument in the same storage: real tensors by their storage, proxies by
// their root in the graph, where two input roots are one storage when their
// real tensors share it (f(base[:8], base[:8]): two objects, one storage).
// The error aborts the trace and the call falls back to eager, which raises
// it at the same place, after the Python side effects that precede it. Ops whose eager kernel skips
// the check lose only compilation of that call, never correctness. A write
// the checks allow but that reads its own writes (a self-overlapping view,
// Note [Overlapping sources]) breaks the graph instead.
std::string Tracer::checkWriteOverlap(const ir::OpDef& op, const ir::BoundArgs& b,
                                      const std::vector<ir::Arg>& args) const {
  for (int w = 0; w < b.count; ++w) {
    const ir::SchemaArg& ws = op.schema.args[static_cast<size_t>(w)];
    if (!ws.alias.isWrite || ws.type != ir::ArgType::Tensor || !b[w].isTensor()) continue;
    const TensorObject& out = *asTensor(b[w]);
    checkNoInternalOverlapMeta(out.meta);
    // What eager allows of a self-overlapping view (no stride-0 dim, so
    // PyTorch's check cannot tell) it writes in iteration order, reading
    // elements it has just written; a functional graph cannot say that.
    if (ir::hasInternalOverlap(ir::fromTensorMeta(out.meta)))
      return op.name() + "() writes a view whose elements overlap each other";
    const ir::IrValue* outRoot = rootOf(args[static_cast<size_t>(w)].tensor);
    for (int i = 0; i < b.count; ++i) {
      if (i == w || op.schema.args[static_cast<size_t>(i)].type != ir::ArgType::Tensor || !b[i].isTensor()) continue;
      const TensorObject& in = *asTensor(b[i]);
      bool shared = &in == &out ||
                    (!out.isMeta() && !in.isMeta() ? out.storage == in.storage
                                                   : storageOfRoot(rootOf(args[static_cast<size_t>(i)].tensor)) ==
                                                         storageOfRoot(outRoot));
      if (shared && &in != &out) checkNoPartialOverlapInStorage(out.meta, in.meta);
      if (shared && ir::readsItsOwnWrites(op, ir::fromTensorMeta(out.meta), ir::fromTensorMeta(in.meta)))
        return op.name() + "() reads a tensor that overlaps the one it writes";
    }
    // Index lists (index_put_'s indices): eager's assert_no_overlap decides
    // for the few scripts that index a tensor by itself.
    for (int i = 0; i < b.count; ++i) {
      ir::ArgType t = op.schema.args[static_cast<size_t>(i)].type;
      if ((t != ir::ArgType::TensorList && t != ir::ArgType::OptTensorList) || b.kind(i) != ArgKind::Tensors) continue;
      const std::vector<Value>& items = b.tensorsAt(i);
      const auto& irs = args[static_cast<size_t>(i)].tensors;
      for (size_t k = 0; k < items.size(); ++k) {
        if (!items[k].isTensor()) continue;
        const TensorObject& in = *asTensor(items[k]);
        bool shared = &in == &out || (!out.isMeta() && !in.isMeta() ? out.storage == in.storage
                                                                    : irs[k] && rootOf(irs[k]) == outRoot);
        if (shared) return op.name() + "() indexes a tensor by a view of itself";
      }
    }
  }
  return "";
}

namespace {

// Note [Writes through view(dtype)]: a view that reads its storage as
// another dtype (view.dtype) has no scatter that puts values back as bits,
// so an op that writes through one breaks the graph; reading one is a
// plain view (replayed after writes to its base).
bool reinterpretsStorage(const ir::IrValue* v) {
  for (;;) {
    const ir::Node* n = v->node();
    if (!n->isOp()) return false;
    int src = ir::aliasedArgIndex(*n, static_cast<size_t>(v->outputIndex()));
    if (src < 0) return false;
    const ir::IrValue* parent = n->tensorArg(static_cast<size_t>(src));
    if (parent->meta().dtype != v->meta().dtype) return true;
    v = parent;
  }
}

bool isInplaceView(const ir::OpDef& op) {
  return op.has(ir::kTagInplace) && op.functional && op.functional->has(ir::kTagView);
}

}  // namespace

// Note [Tracing in-place views]
// t_(), transpose_(), squeeze_(), unsqueeze_(), swapdims_(), as_strided_()
// change the metadata of the tensor object they are called on (Note
// [In-place view ops] in tensor/kernels/view_more.cpp). On a proxy the
// tracer records the view twin (transpose.int for transpose_) and rebinds
// the proxy object to the view's value, so later ops, the segment's
// registers and every container holding that object see the new value,
// while other views of the same storage keep theirs. A tensor from outside
// the segment (a graph input) would need its metadata changed after the
// graph runs: the graph breaks there, and the op runs eagerly.
bool Tracer::recordInplaceView(const ir::OpDef& op, ir::BoundArgs& b, OpResults& result) {
  TensorObject* self = asTensor(b[0]);
  auto it = irOf_.find(self);
  if (!self->isMeta() || it == irOf_.end() || it->second->node()->isInput())
    graphBreak(op.name() + "() changes the metadata of a tensor from outside the compiled region");
  ir::BoundArgs view = b;
  view.op = op.functional;
  OpResults viewed;
  record(*op.functional, view, viewed);
  TensorObject* proxy = asTensor(viewed[0]);
  irOf_[self] = irOf_.at(proxy);
  self->meta = proxy->meta;
  result = b[0];
  return true;
}

bool Tracer::record(const ir::OpDef& op, ir::BoundArgs& b, OpResults& result) {
  // Note [Joint graphs]: autograd runs on the proxies, or, when the joint
  // trace was refused, an op on a tensor that requires grad runs in the VM.
  if (joint_) checkJointArgs(op, b);
  if (tracingBackward()) checkBackwardWrites(op, b);
  for (int i = 0; i < b.count && !joint_; ++i) {
    if (b.kind(i) == ArgKind::Tensors) {
      for (const Value& v : b.tensorsAt(i))
        if (v.isTensor() && autograd::requiresGrad(*asTensor(v)))
          graphBreak("autograd is not traced yet: " + op.name() + "() of a tensor that requires grad");
    } else if (b[i].isTensor() && autograd::requiresGrad(*asTensor(b[i]))) {
      graphBreak("autograd is not traced yet: " + op.name() + "() of a tensor that requires grad");
    }
  }
  // Note [as_strided names storage elements] (functionalize.cpp): its
  // result depends on where its operand starts in the storage, so the
  // inputs' storage offsets are guarded as when the script reads them.
  if ((op.has(ir::kTagView) || isInplaceView(op)) && (op.name() == "as_strided" || op.name() == "as_strided_"))
    offsetRead_ = true;
  if (isInplaceView(op) && joint_ && gradSeen_) refuseJoint(op.name() + "() changes a tensor's metadata while autograd records");
  if (isInplaceView(op)) return recordInplaceView(op, b, result);
  if (op.has(ir::kTagNonTensorResult)) graphBreak(op.name() + "() returns a Python value computed from tensor data");
  if (op.has(ir::kTagDataDependentShape))
    graphBreak(op.name() + "() returns a tensor whose size depends on tensor data (a dynamic-shape operator)");
  if (op.has(ir::kTagIndexing))
    for (int i = 0; i < b.count; ++i)
      if (b.kind(i) == ArgKind::Tensors)
        for (const Value& v : b.tensorsAt(i))
          if (v.isTensor() && asTensor(v)->dtype() == DType::Bool)
            graphBreak(op.name() + "() with a boolean mask: the result's size depends on tensor data");
  if (op.has(ir::kTagMaybeView) && op.eager && b.count > 0 && b[0].isTensor()) {
    // Note [Identity of MaybeView results]: when the eager kernel hands back
    // self itself (t.contiguous() of a contiguous t, t.to(t.dtype)), so does
    // the trace, recording nothing: `t.contiguous() is t` holds in compiled
    // code too. A MaybeView kernel that aliases reads no data, so it runs on
    // proxies.
    ir::MetaResult probe;
    op.meta(b, probe);
    if (probe.aliasesSelf && op.eager(*rt_.interp.tensorState(), b)[0].identical(b[0])) {
      noteMetadataRead(b[0], TensorGuard::Check::Full);  // the decision read its layout (Note [Metadata reads])
      result = b[0];
      return true;
    }
  }
  std::vector<ir::Arg> args;
  args.reserve(static_cast<size_t>(b.count));
  for (int i = 0; i < b.count; ++i) {
    const ir::SchemaArg& sa = op.schema.args[static_cast<size_t>(i)];
    const Value& v = b[i];
    if (b.isNone(i)) { args.push_back(ir::Arg::none()); continue; }
    switch (sa.type) {
      case ir::ArgType::Tensor:
        if (!v.isTensor()) graphBreak("argument '" + sa.name + "' of " + op.name() + " is not a tensor");
        args.push_back(ir::Arg::ofTensor(valueFor(asTensor(v))));
        break;
      case ir::ArgType::TensorList:
      case ir::ArgType::OptTensorList: {
        std::vector<ir::IrValue*> vs;
        for (const Value& item : b.tensorsAt(i)) vs.push_back(item.isTensor() ? valueFor(asTensor(item)) : nullptr);
        args.push_back(ir::Arg::ofTensors(std::move(vs)));
        break;
      }
      case ir::ArgType::Int:
        args.push_back(ir::Arg::ofInt(v.isBool() ? int64_t(v.asBool()) : v.asInt()));
        break;
      case ir::ArgType::IntList: {
        if (v.isInt()) { args.push_back(ir::Arg::ofInt(v.asInt())); break; }
        std::vector<ir::SymInt> ints;
        for (int64_t x : b.dimsAt(i)) ints.emplace_back(x);
        args.push_back(ir::Arg::ofInts(std::move(ints)));
        break;
      }
      case ir::ArgType::Float: args.push_back(ir::Arg::ofFloat(v.isInt() ? double(v.asInt()) : v.asFloat())); break;
      case ir::ArgType::Bool: args.push_back(ir::Arg::ofBool(v.asBool())); break;
      case ir::ArgType::Scalar:
        if (v.isBool()) args.push_back(ir::Arg::ofBool(v.asBool()));
        else if (v.isInt()) args.push_back(ir::Arg::ofInt(v.asInt()));
        else args.push_back(ir::Arg::ofFloat(v.asFloat()));
        break;
      case ir::ArgType::ScalarType: args.push_back(ir::Arg::ofDType(v.asDType())); break;
      case ir::ArgType::Str:
      case ir::ArgType::MemoryFormat: args.push_back(ir::Arg::ofStr(b.strAt(i))); break;
    }
  }
  if (op.has(ir::kTagRandom)) ++randomOps_;  // Note [Function transforms under the tracer]
  const int64_t maxNodes = req_.maxGraphNodes > 0 ? req_.maxGraphNodes : kMaxGraphNodes;
  if (static_cast<int64_t>(graph_->size()) >= maxNodes)
    throw Error(ErrorKind::Runtime, fmt::format("torch.compile: the traced graph exceeds {} nodes", maxNodes));
  ir::MetaResult mr;
  op.meta(b, mr);  // user errors (bad shapes) propagate: the caller falls back to eager
  if (mr.count == 0) graphBreak(op.name() + "() returns a Python value computed from tensor data");
  std::string overlap = checkWriteOverlap(op, b, args);
  if (!overlap.empty()) graphBreak(overlap);
  for (int w = 0; w < b.count; ++w)
    if (op.schema.args[static_cast<size_t>(w)].alias.isWrite && args[static_cast<size_t>(w)].kind == ir::Arg::Kind::Tensor &&
        reinterpretsStorage(args[static_cast<size_t>(w)].tensor))
      graphBreak(op.name() + "() writes through a view(dtype) that reads its storage as another dtype");
  if (joint_) checkJointWrites(op, b, args);
  std::vector<ir::ValueMeta> metas;
  for (int i = 0; i < mr.count; ++i) metas.push_back(ir::fromTensorMeta(mr.out[i]));
  // Note [Saved values of rebound proxies] (tracer_autograd.cpp).
  const bool rebound = rebindsFunctionally(op, b);
  ir::Node* n = rebound ? recordRebound(op, std::move(args), std::move(metas), asTensor(b[0]))
                        : graph_->createOp(&op, std::move(args), std::move(metas));
  if (!rebound) noteJointNode(*n);
  if (atSubscript() && subscript_.nodes++ > 0) ++mergedNodes_;
  if (op.has(ir::kTagInplace)) {
    result = b[0];
    return true;
  }
  result = OpResults();
  for (int i = 0; i < mr.count; ++i) {
    Ref<TensorObject> t = makeMetaTensor(mr.out[i]);
    irOf_[t.get()] = n->output(static_cast<size_t>(i));
    keepAlive_.push_back(Value(t));
    // Note [Writes autograd does not record]: the results eager makes differentiable views.
    if (joint_ && op.has(ir::kTagView) && op.name() != "alias" && !autograd::isNonDifferentiable(op)) viewProxies_.push_back(t);
    result[i] = Value(t);
  }
  result.count = mr.count;
  return true;
}

// ---------------------------------------------------------------------------
// Hooks

Value Tracer::onReturn(const CallArgs& a) {
  if (!atTracedFrame()) return Value();
  Exit e;
  e.isReturn = true;
  if (a.nargs > 0) e.retval = a[0];
  throw e;
}

void Tracer::checkStop() {
  if (stops_.empty() || !atTracedFrame()) return;
  uint32_t pc = currentOrigPc();
  if (stops_.count(pc)) graphBreak(stopReasons_[pc]);
}

Value Tracer::onCall(const CallArgs& a) {
  checkStop();
  const Value& callee = a[0];
  bool anyTensor = false;
  for (size_t i = 1; i < a.nargs; ++i) anyTensor |= a[i].isTensor();
  if (joint_ && isTracedAutogradCall(callee)) {
    checkJointCall(a, false);
    return callee;
  }
  if (joint_ && tracesTransform(callee)) {  // Note [Function transforms under the tracer]
    noteEngineRun();
    return callee;
  }
  if (isGradModeQuery(callee)) {  // Note [Autograd reads while tracing]
    noteGradModeRead();
    return callee;
  }
  if (isGradModeFactory(callee)) {  // Note [Grad mode under the tracer]
    noteGradModeFactory();
    return callee;
  }
  if (!joint_ && tracesTransform(callee))  // Note [Function transforms under the tracer]
    graphBreak("torch.func is not traced once the joint graph was refused (" + jointRefusal_ + "): call to " +
               calleeName(callee));
  if (isAutogradCallable(callee)) graphBreak("autograd is not traced yet: call to " + calleeName(callee));
  for (size_t i = 1; i < a.nargs; ++i)
    if (generatorOf(a[i])) graphBreak("a generator passed to " + calleeName(callee) + " (generators are not traced)");
  if (callee.isObj(ObjKind::Function)) {
    if (callee.as<FunctionObject>()->code->isGenerator)
      graphBreak("call to generator function " + callee.as<FunctionObject>()->name() + "() (generators are not traced)");
    return rt_.instrumentedFunction(callee);
  }
  if (callee.isObj(ObjKind::Native)) {
    auto* n = callee.as<NativeObject>();
    if (anyTensor && rt_.isBuiltin(n)) {
      readsSizes_ = true;  // len(t), list(t), zip(t, ...)
      for (size_t i = 1; i < a.nargs; ++i) noteMetadataRead(a[i], TensorGuard::Check::Full);
    }
    switch (rt_.builtinKind(n)) {
      case CompileRuntime::BuiltinKind::Pure: return callee;
      case CompileRuntime::BuiltinKind::PureNoTensors:
        if (!anyTensor) return callee;
        graphBreak("call to " + n->name + "() with a tensor argument");
      case CompileRuntime::BuiltinKind::Unknown: break;
    }
    if (ir::opTable().overloads(n->name) && !rt_.isBuiltin(n)) return callee;  // a torch op: dispatched and traced
    if (isTracedComposite(*n, a)) {  // Note [Composite view functions]: it reads sizes, then dispatches ops
      readsSizes_ = true;
      for (size_t i = 1; i < a.nargs; ++i) noteMetadataRead(a[i], TensorGuard::Check::Full);
      return callee;
    }
    if (Value literal = tensorLiteralCallee(*n, a); !literal.isNone()) return literal;
    graphBreak("call to " + n->name + "(), which cannot be traced");
  }
  if (callee.isObj(ObjKind::BoundMethod)) {
    auto* m = callee.as<BoundMethodObject>();
    if (m->self.isTensor()) return callee;
    if (!isEntryObject(m->self)) return callee;
  }
  graphBreak("call to " + calleeName(callee) + ", which cannot be traced");
}

Value Tracer::onMethod(const CallArgs& a) {
  checkStop();
  const Value& self = a[0];
  const std::string& name = a[a.nargs - 1].as<StrObject>()->str;
  for (size_t i = 0; i + 1 < a.nargs; ++i)
    if (generatorOf(a[i])) graphBreak("a generator passed to ." + name + "() (generators are not traced)");
  if (self.isTensor()) {
    const uint8_t reads = tensorMemberReads(name);
    if ((reads & kReadsAutograd) && joint_ && name == "backward") {
      checkJointCall(a, true);
      return Value();
    }
    if ((reads & kReadsAutograd) && joint_ && (name == "requires_grad_" || name == "retain_grad" || name == "register_hook")) {
      noteAutogradFlagChange(self, name);  // Note [Autograd reads while tracing]
      return Value();
    }
    if (reads & kReadsAutograd) graphBreak("autograd is not traced yet: Tensor." + name + "()");
    if (reads & kReadsData) graphBreak("Tensor." + name + "() reads tensor data");
    if (reads & kMutatesMetadata) graphBreak("Tensor." + name + "() changes a tensor's size (and storage) in place");
    if (reads & kReadsSizes) readsSizes_ = true;
    if (reads & kReadsOffset) offsetRead_ = true;
    noteMetadataRead(self, metadataReadBy(reads));
    return Value();
  }
  if (self.isObj(ObjKind::Module)) {
    const Value* attr = self.as<ModuleObject>()->get(name);
    if (!attr) return Value();  // the VM reports the AttributeError
    if (attr->isObj(ObjKind::Native)) {
      std::vector<Value> args(a.args, a.args + a.nargs - 1);
      args[0] = *attr;
      Value callee = onCall(CallArgs{args.data(), args.size(), nullptr, 0});
      if (!callee.identical(*attr)) redirectModuleCall(name, callee);
      return Value();
    }
    graphBreak("call to " + self.as<ModuleObject>()->name + "." + name + ", which cannot be inlined");
  }
  if (self.isObj(ObjKind::Str)) return Value();
  if (self.isObj(ObjKind::List) || self.isObj(ObjKind::Dict)) {
    if (isMutatingMethod(name) && !noteMutation(self))
      graphBreak("mutation of a pre-existing " + std::string(self.isObj(ObjKind::List) ? "list" : "dict") + " (." + name +
                 ") that the graph cannot name");
    return Value();
  }
  if (joint_ && isHookHandle(self) && fresh_.contains(self.asObj())) return Value();  // Note [Autograd reads while tracing]
  if (asInstance(self))
    graphBreak("method call ." + name + "() on an instance of user class '" + typeName(self) + "'");
  graphBreak("method call ." + name + "() on an object that cannot be traced");
}

Value Tracer::onGetGlobal(const CallArgs& a) {
  const Value& v = a[0];
  const CallerFrame f = rt_.interp.vm().callerFrame();
  Source src;
  src.kind = Source::Kind::Global;
  src.globals = f.fn->globals;
  src.slot = static_cast<uint32_t>(a[1].asInt());
  if (v.isTensor()) {
    if (!asTensor(v)->isMeta()) noteEntryObject(v, src);
    return v;
  }
  bool seen = false;
  for (const ValueGuard& g : globalGuards_) seen |= g.source == src;
  if (!seen) {
    globalGuards_.push_back(ValueGuard{src, snapshotGuardValue(v)});
    if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Dict)) noteEntryObject(v, src);
  }
  return v;
}

Value Tracer::onSetGlobal(const CallArgs& a) {
  const Value& v = a[0];
  const CallerFrame f = rt_.interp.vm().callerFrame();
  auto slot = static_cast<uint32_t>(a[1].asInt());
  if (!v.isTensor()) graphBreak("assignment of a Python value to global '" + f.fn->globals->names[slot] + "'");
  for (const GlobalWriteRecord& w : globalWrites_)
    if (w.globals == f.fn->globals && w.slot == slot) return Value();
  const GlobalSlot& s = f.fn->globals->slots[slot];
  globalWrites_.push_back(GlobalWriteRecord{f.fn->globals, slot, s.value, s.bound});
  return Value();
}

Value Tracer::onTruth(const CallArgs& a) {
  checkStop();
  if (a[0].isTensor()) graphBreak("data-dependent control flow: the truth value (or text) of a tensor");
  return Value();
}

Value Tracer::onAttr(const CallArgs& a) {
  if (!a[0].isTensor()) return Value();
  const uint8_t reads = tensorMemberReads(a[1].as<StrObject>()->str);
  if ((reads & kReadsAutograd) && joint_ && a[1].as<StrObject>()->str == "grad") {
    noteGradRead(a[0]);
    return Value();
  }
  if ((reads & kReadsAutograd) && joint_ && isTracedAutogradRead(a[1].as<StrObject>()->str)) {
    noteAutogradRead(a[0], a[1].as<StrObject>()->str);  // Note [Autograd reads while tracing]
    return Value();
  }
  if (reads & kReadsAutograd) graphBreak("autograd is not traced yet: Tensor." + a[1].as<StrObject>()->str);
  if (reads & kReadsSizes) readsSizes_ = true;
  noteMetadataRead(a[0], metadataReadBy(reads));
  return Value();
}

Value Tracer::onSizeUse(const CallArgs& a) {
  if (generatorOf(a[0])) graphBreak("iteration over a generator (generators are not traced)");
  if (a[0].isTensor()) readsSizes_ = true;  // iterating / unpacking a tensor depends on its length
  noteMetadataRead(a[0], TensorGuard::Check::Full);
  return Value();
}

namespace {
// A 0-dim integer tensor in an index is read as a Python int (x[t], x[t:],
// lst[t]); other tensors in a tensor's index are advanced indices (traced).
bool indexReadsTensorValue(const Value& index, bool containerIsTensor, int depth) {
  if (index.isTensor()) {
    const TensorObject* t = asTensor(index);
    return !containerIsTensor || (t->dim() == 0 && isIntegral(t->dtype(), false));
  }
  if (depth > 2) return false;
  if (isSlice(index)) {
    auto* s = index.as<SliceObject>();
    return s->lower.isTensor() || s->upper.isTensor() || s->step.isTensor();
  }
  if (index.isObj(ObjKind::Tuple) && containerIsTensor)
    for (const Value& v : index.as<TupleObject>()->items)
      if (indexReadsTensorValue(v, true, depth + 1)) return true;
  return false;
}
}  // namespace

// Note [One node per subscript]
// Dynamo's FX graph holds one getitem (setitem) node per subscript however
// many dimensions it narrows: x[1:3, 2:4] and x[idx, 1:] are one node each,
// x[:, 2] = 7.0 is one setitem. The IR spells a subscript in aten ops (a
// slice per narrowed dim, select, index, the write), as the graph that AOT
// autograd derives from Dynamo's would; Segment::graphNodes, the FX count
// that tdsl.explain reports, counts the ops one GETITEM or SETITEM
// instruction records as one node.
void Tracer::beginSubscript(const Value* index) {
  const VM& vm = rt_.interp.vm();
  subscript_ = Subscript{vm.frameDepth(), vm.callerFrame().code, currentOrigPc(), 0, false, {}};
  if (!index) return;
  auto note = [&](const Value& v) {
    if (v.isObj(ObjKind::List)) subscript_.listIndex = true;
    if (v.isTensor()) subscript_.indexTensors.push_back(v.asObj());
  };
  note(*index);
  if (index->isObj(ObjKind::Tuple))
    for (const Value& v : index->as<TupleObject>()->items) note(v);
}

bool Tracer::atSubscript() const {
  const VM& vm = rt_.interp.vm();
  return subscript_.code == vm.callerFrame().code && subscript_.depth == vm.frameDepth() &&
         subscript_.pc == currentOrigPc();
}

Value Tracer::onIndex(const CallArgs& a) {
  checkStop();
  if (indexReadsTensorValue(a[1], a[0].isTensor(), 0)) graphBreak("a tensor's value used as an index");
  if (a[0].isTensor()) {
    beginSubscript(&a[1]);
    subscript_.indexTensors.push_back(a[0].asObj());  // the indexed tensor is no literal either
  }
  return Value();
}

Value Tracer::onUnsupported(const CallArgs& a) {
  checkStop();
  if (a.nargs == 3) {  // the object model and exceptions: (register, op, k)
    auto op = static_cast<Op>(a[1].asInt());
    if (op == Op::RAISE) graphBreak("'raise' statement");
    if (op == Op::MAKECLASS) graphBreak("class definition");
    // Note [Protected blocks run eagerly]: CompiledFunction::call runs the
    // rest of the function in the VM from here, where its handlers work.
    if (a[2].asInt() == 0) graphBreak("'try' block");
    if (isGradModeObject(a[0])) {  // Note [Grad mode under the tracer] (tracer_grad_mode.cpp)
      if (!fresh_.contains(a[0].asObj()))
        graphBreak("'with' block on a grad-mode object made before the segment (the mode it sets is not guarded)");
      noteGradModeWith();
      return Value();
    }
    graphBreak("'with' block on " + (a[0].isTensor() ? std::string("a Tensor") : "a '" + typeName(a[0]) + "' object"));
  }
  auto op = static_cast<Op>(a[a.nargs - 1].asInt());
  // issue 15 additions (lang2)
  if (op == Op::YIELD) graphBreak("'yield': generators are not traced");
  if (op == Op::CALLEX) graphBreak("a call with *args/**kwargs unpacking");
  if (op == Op::DELGLOBAL) graphBreak("'del' of a global variable");
  if (op == Op::LISTEXTEND || op == Op::SETADD || op == Op::DELITEM) {
    const Value& target = a[0];
    if (target.isObj(ObjKind::List) || target.isObj(ObjKind::Dict)) {
      if (noteMutation(target)) return Value();
    } else if (op == Op::SETADD && !isEntryObject(target)) {
      return Value();  // a set comprehension's own set
    }
    graphBreak(op == Op::DELITEM ? "'del' of an item of a pre-existing object" : "mutation of a pre-existing object");
  }
  if (op == Op::SETITEM || op == Op::LISTAPPEND) {
    const Value& target = a[0];
    if (target.isTensor()) {
      if (op == Op::SETITEM) beginSubscript(nullptr);
      return Value();
    }
    if ((target.isObj(ObjKind::List) || target.isObj(ObjKind::Dict)) && noteMutation(target)) return Value();
    graphBreak("item assignment into a pre-existing object");
  }
  if (op == Op::FORITER) {
    // Advancing an iterator that existed before the segment is a side
    // effect the write-back cannot replay; iterators made here are rebuilt.
    if (isEntryObject(a[0])) graphBreak("next item of a loop iterator created before this graph");
    return Value();
  }
  if (op == Op::SETATTR) graphBreak("attribute assignment");
  if (op == Op::SETCELL && a.nargs == 2 && a[0].isObj(ObjKind::Cell) && noteMutation(a[0])) {
    return Value();  // Note [Cells assigned while tracing]
  }
  graphBreak("assignment to a closure variable");
}

// ---------------------------------------------------------------------------
// Segment end

WriteBack Tracer::describe(const Value& v, int depth) {
  if (depth > kMaxDescribeDepth) throw Error(ErrorKind::Runtime, "torch.compile: value nesting too deep to cache");
  WriteBack wb;
  if (!v.isObj()) { wb.value = v; return wb; }
  bool entry = false;
  Source src = sourceFor(v, &entry);
  if (v.isTensor()) {
    auto* t = asTensor(v);
    auto it = irOf_.find(t);
    if (it != irOf_.end()) {
      ir::IrValue* iv = it->second;
      if (iv->node()->isInput()) {
        auto inputs = graph_->inputs();
        wb.kind = WriteBack::Kind::Input;
        for (size_t k = 0; k < inputs.size(); ++k)
          if (inputs[k] == iv) wb.index = static_cast<int>(k);
        return wb;
      }
      wb.kind = WriteBack::Kind::Output;
      size_t k = 0;
      while (k < outputs_.size() && outputs_[k] != iv) ++k;
      if (autograd::requiresGrad(*t)) noteDifferentiableResult(t, iv, static_cast<int>(k));  // Note [Compiled backward]
      if (k == outputs_.size()) outputs_.push_back(iv);
      wb.index = static_cast<int>(k);
      return wb;
    }
    if (t->isMeta()) throw Error(ErrorKind::Runtime, "torch.compile: an untracked proxy tensor escaped");
    if (entry) { wb.kind = WriteBack::Kind::Entry; wb.source = src; return wb; }
    wb.value = v;
    return wb;
  }
  if (entry && (v.isObj(ObjKind::List) || v.isObj(ObjKind::Dict) || v.isObj(ObjKind::Iterator) ||
                v.isObj(ObjKind::Cell) || v.isObj(ObjKind::Tuple) || v.isObj(ObjKind::Function) ||
                isGradModeObject(v))) {  // Note [Grad mode under the tracer]
    wb.kind = WriteBack::Kind::Entry;
    wb.source = src;
    return wb;
  }
  if ((v.isObj(ObjKind::List) || v.isObj(ObjKind::Dict) || v.isObj(ObjKind::Cell)) && !fresh_.contains(v.asObj()))
    // A copy would lose later mutations of the object, and nothing names
    // the object itself on the next call (Note [Side effects on pre-existing objects]).
    throw Error(ErrorKind::Runtime, "torch.compile: a pre-existing object that no source names outlives the graph");
  switch (v.asObj()->kind()) {
    case ObjKind::List:
      wb.kind = WriteBack::Kind::List;
      if (!rebuiltSlot(v, wb)) return wb;
      for (const Value& i : v.as<ListObject>()->items) wb.items.push_back(describe(i, depth + 1));
      describing_.erase(v.asObj());
      return wb;
    case ObjKind::Tuple:
      wb.kind = v.as<TupleObject>()->isSize() ? WriteBack::Kind::Size : WriteBack::Kind::Tuple;
      wb.tupleType = v.as<TupleObject>()->named();
      for (const Value& i : v.as<TupleObject>()->items) wb.items.push_back(describe(i, depth + 1));
      return wb;
    case ObjKind::Dict:
      wb.kind = WriteBack::Kind::Dict;
      if (!rebuiltSlot(v, wb)) return wb;
      for (const auto& kv : v.as<DictObject>()->entries) {
        wb.items.push_back(describe(kv.first, depth + 1));
        wb.items.push_back(describe(kv.second, depth + 1));
      }
      describing_.erase(v.asObj());
      return wb;
    case ObjKind::Cell: {
      wb.kind = WriteBack::Kind::Cell;
      if (!rebuiltSlot(v, wb)) return wb;
      auto* c = v.as<CellObject>();
      if (c->bound) wb.items.push_back(describe(c->value, depth + 1));
      describing_.erase(v.asObj());
      return wb;
    }
    case ObjKind::Function: {
      if (!madeFunctions_.count(v.asObj())) break;
      wb.kind = WriteBack::Kind::Function;
      if (!rebuiltSlot(v, wb)) return wb;
      auto* f = v.as<FunctionObject>();
      auto tmpl = makeRef<FunctionObject>(f->code, f->globals);
      tmpl->defaults.resize(f->defaults.size());
      wb.value = Value(tmpl);
      for (const Value& d : f->defaults) wb.items.push_back(describe(d, depth + 1));
      for (const Value& c : f->cells) wb.items.push_back(describe(c, depth + 1));
      describing_.erase(v.asObj());
      return wb;
    }
    case ObjKind::Iterator: {
      wb.kind = WriteBack::Kind::Iterator;
      auto* it = v.as<IteratorObject>();
      auto tmpl = makeRef<IteratorObject>(it->src, Value());
      tmpl->pos = it->pos;
      tmpl->end = it->end;
      tmpl->step = it->step;
      wb.value = Value(tmpl);
      wb.items.push_back(describe(it->seq, depth + 1));
      return wb;
    }
    case ObjKind::BoundMethod: {
      auto* m = v.as<BoundMethodObject>();
      wb.kind = WriteBack::Kind::BoundMethod;
      wb.items.push_back(describe(m->self, depth + 1));
      wb.items.push_back(describe(m->function, depth + 1));
      return wb;
    }
    default:
      checkTransformEscape(v);
      if (isSlice(v)) {
        auto* s = v.as<SliceObject>();
        wb.kind = WriteBack::Kind::Slice;
        for (const Value* part : {&s->lower, &s->upper, &s->step}) wb.items.push_back(describe(*part, depth + 1));
        return wb;
      }
      break;
  }
  wb.value = v;  // immutable or identity-only objects: str, functions from before the trace, modules, ranges, ...
  return wb;
}

// Note [Functions made while tracing]
// A function MAKEFUNC made in the segment (a closure returned, or live at a
// break) is a new object on every call, closing over that call's values: the
// write-back rebuilds it from its code, globals, defaults and cells, as it
// rebuilds the cells, lists and dicts made in the segment. Each such mutable
// object has a memo slot, so one segment exit rebuilds it once and every
// reference shares it (`return l, l`, a closure and the frame sharing a cell,
// a closure in its own cell). A slot met again while its object is being
// described is a back reference: its full description, which encloses it,
// is materialized first.
bool Tracer::rebuiltSlot(const Value& v, WriteBack& wb) {
  auto it = rebuiltSlots_.emplace(v.asObj(), static_cast<int>(rebuiltSlots_.size())).first;
  wb.index = it->second;
  return describing_.insert(v.asObj()).second;
}

Value Tracer::onMakeFunc(const CallArgs& a) {
  madeFunctions_.insert(a[0].asObj());
  keepAlive_.push_back(a[0]);  // its address must not name a later object
  return a[0];
}

void Tracer::buildGuards(Segment& seg) {
  for (size_t k = 0; k < inputSources_.size(); ++k) {
    const TensorObject* t = inputTensors_[k].get();
    TensorGuard g;
    g.source = inputSources_[k];
    g.dtype = t->dtype();
    g.sizes = t->sizes();
    g.strides = t->strides();
    g.requiresGrad = autograd::requiresGrad(*t);
    g.leaf = autograd::isLeaf(*t);
    std::string desc = g.source.describe(code_);
    for (int d = 0; d < t->dim(); ++d) {
      bool dyn = req_.allDynamic;
      if (req_.dynamic)
        for (auto& [s, dim] : *req_.dynamic) dyn |= s == desc && dim == d;
      if (dyn && t->sizes()[d] >= 2) g.dynamicDims |= 1u << d;
    }
    for (size_t j = 0; j < k; ++j)
      if (t->storage && inputTensors_[j]->storage.get() == t->storage.get()) { g.aliasOf = static_cast<int>(j); break; }
    for (int r = 0; r < code_.nregs; ++r) {
      if (!req_.liveness->liveIn(req_.entryPc, r)) continue;
      const Value& v = req_.regs[r];
      auto consider = [&](const Value& item, int index) {
        Source s;
        s.reg = r;
        s.index = index;
        if (item.isObj() && item.asObj() == t && !(s == g.source)) g.sameObject.push_back(s);
      };
      consider(v, -1);
      if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple)) {
        ValueSpan items = seqItems(v);
        for (size_t i = 0; i < items.size() && i < 64; ++i) consider(items[i], static_cast<int>(i));
      }
    }
    seg.inputs.push_back(std::move(g));
  }
  for (const Ref<TensorObject>& t : gradReads_) {  // Note [Autograd reads while tracing]
    bool seen = false;
    for (const auto& r : metadataReads_) seen |= r.first.get() == t.get();
    if (!seen) metadataReads_.emplace_back(t, TensorGuard::Check::IsTensor);
  }
  for (auto& [t, check] : metadataReads_) {
    bool found = false;
    TensorGuard g;
    for (const Ref<TensorObject>& r : gradReads_) g.checkRequiresGrad |= r.get() == t.get();
    g.requiresGrad = autograd::requiresGrad(*t);
    g.leaf = autograd::isLeaf(*t);
    g.source = sourceFor(Value(t), &found);
    g.check = check;
    g.dtype = t->dtype();
    g.sizes = t->sizes();
    g.strides = t->strides();
    g.checkOffset = offsetRead_ && check == TensorGuard::Check::Full;
    g.storageOffset = t->meta.offset;
    seg.metadata.push_back(std::move(g));
  }
  if (offsetRead_)
    for (size_t k = 0; k < seg.inputs.size(); ++k) {
      seg.inputs[k].checkOffset = true;
      seg.inputs[k].storageOffset = inputTensors_[k]->meta.offset;
    }
  for (int r = 0; r < code_.nregs; ++r) {
    if (!req_.liveness->liveIn(req_.entryPc, r) || !req_.regs[r].isTensor()) continue;
    TensorGuard g;
    g.source.reg = r;
    g.check = TensorGuard::Check::IsTensor;
    seg.metadata.push_back(std::move(g));
  }
  // Note [Guard snapshots]: tensors the segment reaches only by identity
  // (Captured sources) must be those very tensors again.
  std::set<const Object*> pinned;
  for (size_t k = 0; k < inputSources_.size(); ++k)
    if (inputSources_[k].kind == Source::Kind::Captured) pinned.insert(inputTensors_[k].get());
  for (const TensorGuard& g : seg.metadata)
    if (g.source.kind == Source::Kind::Captured) pinned.insert(g.source.captured.asObj());
  auto isPinned = [&](const Object* o) { return pinned.count(o) != 0; };
  for (auto& [r, snapshot] : entrySnapshots_) {
    Source s;
    s.reg = r;
    relaxGuardSnapshot(snapshot, isPinned);
    seg.values.push_back(ValueGuard{s, snapshot});
  }
  for (ValueGuard g : globalGuards_) {
    relaxGuardSnapshot(g.expected, isPinned);
    seg.values.push_back(std::move(g));
  }
  for (const Object* o : usedEntries_) {
    auto aliases = entryAliases_.find(o);
    if (aliases == entryAliases_.end()) continue;
    for (const Source& other : aliases->second) seg.sameObjects.emplace_back(entryObjects_.at(o), other);
  }
}

std::unique_ptr<Segment> Tracer::traceOnce(std::string* retraceReason, uint32_t* retracePc) {
  std::string graphName = code_.name;  // "<lambda>" is no IR identifier
  for (char& c : graphName)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  graph_ = std::make_unique<ir::Graph>(graphName);
  irOf_.clear();
  keepAlive_.clear();
  inputSources_.clear();
  inputTensors_.clear();
  outputs_.clear();
  entryObjects_.clear();
  entryAliases_.clear();
  usedEntries_.clear();
  globalGuards_.clear();
  globalWrites_.clear();
  inputNames_.clear();
  madeFunctions_.clear();
  rebuiltSlots_.clear();
  describing_.clear();
  readsSizes_ = false;
  metadataReads_.clear();
  offsetRead_ = false;
  entrySnapshots_.clear();
  mutations_.clear();
  fresh_.start();
  subscript_ = Subscript{};
  mergedNodes_ = 0;
  gradSeen_ = false;
  randomOps_ = 0;
  gradModeRead_ = false;
  modeTraced_ = false;
  gradModeWiths_.clear();
  lastGradModeFactoryPc_ = -1;
  gradReads_.clear();
  leaves_.clear();
  writesOf_.clear();
  viewedRoots_.clear();
  viewProxies_.clear();
  aliasedRoots_.clear();
  roots_.clear();
  diffResults_.clear();
  describingResults_ = false;
  engineRan_ = false;
  historyInputs_ = false;
  proxyAutograd_ = false;
  forwardGraph_.reset();
  struct RestoreGrads {  // Note [Joint graphs]: backward at trace time wrote proxies into leaves' .grad
    Tracer& t;
    ~RestoreGrads() { t.restoreLeafGrads(); }
  } restoreGrads{*this};
  TensorState& tensorState = *rt_.interp.tensorState();
  modeAtEntry_ = gradStateBits(tensorState);
  struct RestoreMode {  // Note [Grad mode under the tracer]: no trace leaves its mode behind
    TensorState& s;
    int bits;
    ~RestoreMode() { setGradStateBits(s, bits); }
  } restoreMode{tensorState, modeAtEntry_};
  for (int r = 0; r < code_.nregs; ++r) {
    if (!req_.liveness->liveIn(req_.entryPc, r)) continue;
    Source s;
    s.reg = r;
    noteEntryObject(req_.regs[r], s);
    if (!req_.regs[r].isTensor()) entrySnapshots_.emplace_back(r, snapshotGuardValue(req_.regs[r]));
  }
  VM& vm = rt_.interp.vm();
  depth0_ = vm.frameDepth();
  const InstrumentedCode& ic = rt_.instrumented(req_.fn->code);
  auto traceFn = makeRef<FunctionObject>(ic.code, req_.fn->globals);
  traceFn->defaults = req_.fn->defaults;
  traceFn->cells = req_.fn->cells;
  std::vector<Value> regs(req_.regs, req_.regs + code_.nregs);

  auto restoreGlobals = [&] {
    restoreMutations();
    for (auto it = globalWrites_.rbegin(); it != globalWrites_.rend(); ++it) {
      GlobalSlot& s = it->globals->slots[it->slot];
      s.value = it->old;
      s.bound = it->wasBound;
    }
  };
  Exit exit;
  bool exited = false;
  FrameSnapshot stopped;
  try {
    vm.resumeStoppable(traceFn, regs, ic.newPc[req_.entryPc], &stopped);
    TDSL_ASSERT(!"the instrumented code returned without its return hook");
  } catch (Exit& e) {
    exit = std::move(e);
    exited = true;
  } catch (...) {
    restoreGlobals();
    throw;
  }
  TDSL_ASSERT(exited && stopped.registers.size() >= static_cast<size_t>(code_.nregs));
  const int modeAtExit = gradStateBits(tensorState);
  const uint32_t exitPc = ic.origPc[stopped.pc];
  const bool nested = stopped.nested;
  const std::vector<Value>& exitRegs = stopped.registers;
  if (nested || exit.midInstruction) {
    restoreGlobals();
    *retracePc = exitPc;
    *retraceReason = nested ? "in a called function: " + exit.reason : exit.reason;
    return nullptr;
  }
  if (uint32_t withPc = 0; !exit.isReturn && breakInsideGradModeWith(exitPc, &withPc)) {
    restoreGlobals();  // Note [Grad mode under the tracer]
    *retracePc = withPc;
    *retraceReason = "a graph break inside a grad-mode 'with' block (" + exit.reason + " at " + locationOf(code_, exitPc) + ")";
    return nullptr;
  }
  auto seg = std::make_unique<Segment>();
  seg->entryPc = req_.entryPc;
  try {
    if (exit.isReturn) {
      seg->isReturn = true;
      describingResults_ = true;
      seg->returned = describe(exit.retval, 0);
      describingResults_ = false;
    } else {
      seg->exitPc = exitPc;
      seg->breakReason = exit.reason + " at " + locationOf(code_, exitPc);
      describingResults_ = true;  // Note [Compiled backward]: live registers are results too
      for (int r = 0; r < code_.nregs; ++r)
        if (req_.liveness->liveIn(exitPc, r)) seg->registers.emplace_back(r, describe(exitRegs[static_cast<size_t>(r)], 0));
      describingResults_ = false;
    }
    for (const GlobalWriteRecord& w : globalWrites_)
      seg->globals.push_back(GlobalWrite{w.globals, w.slot, describe(w.globals->slots[w.slot].value, 0)});
    for (const MutationRecord& m : mutations_) {
      ObjectWrite w;
      w.source = m.source;
      for (const Value& item : contentsOf(m.object, &w.bound)) w.items.push_back(describe(item, 0));
      seg->objectWrites.push_back(std::move(w));
    }
    finishJoint(*seg);
    if (!diffResults_.empty()) traceBackward(*seg);  // Note [Compiled backward]
  } catch (...) {
    restoreGlobals();
    throw;
  }
  restoreGlobals();
  graph_->setOutputs(outputs_);
  buildGuards(*seg);
  if (!mutations_.empty()) {
    std::vector<Value> roots, mutated;
    for (const ValueGuard& g : seg->values) roots.push_back(g.source.fetch(req_.regs));
    for (const MutationRecord& m : mutations_) mutated.push_back(m.object);
    seg->mutationAliases = aliasPattern(roots, mutated);
  }
  fresh_.reset();
  seg->readsSizes = readsSizes_;
  if (modeTraced_ || gradModeRead_ || modeAtExit != modeAtEntry_) {  // Note [Grad mode under the tracer]
    seg->modeAtEntry = modeAtEntry_;
    if (modeAtExit != modeAtEntry_) seg->modeAfter = modeAtExit;
  }
  {
    ir::AliasAnalysis aa(*graph_);
    seg->replayable = true;
    for (ir::Node* n : graph_->opNodes()) {
      if (n->op()->has(ir::kTagRandom)) seg->replayable = false;
      for (size_t i : ir::writtenArgIndices(*n))
        if (ir::IrValue* w = n->tensorArg(i); !w || aa.rootIsInput(w)) seg->replayable = false;
    }
  }
  {
    const std::vector<ir::IrValue*> graphInputs = graph_->inputs();
    for (size_t i = 0; i < graphInputs.size(); ++i)
      if (auto w = writesOf_.find(graphInputs[i]); w != writesOf_.end() && w->second > 0)
        seg->inputWrites.emplace_back(static_cast<int>(i), w->second);
  }
  seg->graphNodes = static_cast<int64_t>(graph_->size()) - mergedNodes_;  // Note [One node per subscript]
  seg->hasGraph = !graph_->opNodes().empty();
  seg->graph = std::move(graph_);
  return seg;
}

// Note [Script code behind operators]
// `a + b`, `len(a)`, `a.prop`, ... on an instance of a user class run a
// script method that the instrumented code does not see: the VM calls it
// directly (vm/classes.cpp). While a trace is active, the object model asks
// the tracer first, and the trace breaks at the instruction, which then
// runs eagerly (Note [Step code]), so no control flow inside the method is
// baked into a graph without guards.
void Tracer::onObjectModelCall(void* tracer, const std::string& what) {
  static_cast<Tracer*>(tracer)->graphBreak(what + ", script code the trace does not follow");
}

std::unique_ptr<Segment> Tracer::trace() {
  savedInterceptor_ = rt_.interp.tensorState()->interceptor;
  savedTracer_ = rt_.activeTracer;
  rt_.interp.tensorState()->interceptor = this;
  rt_.activeTracer = this;
  ObjectModel& om = *rt_.interp.vm().objectModel;
  const ObjectModel::TraceHook savedHook = om.traceHook;
  void* savedHookCtx = om.traceHookCtx;
  om.traceHook = &Tracer::onObjectModelCall;
  om.traceHookCtx = this;
  // Note [Finalizers] (vm/gc.h): no finalizer runs script code in the
  // middle of a trace (its tensor ops would be recorded into the graph); what
  // the trace drops is finalized at the first safe point after it.
  rt_.interp.vm().heap().blockFinalizers();
  struct Restore {
    Tracer& t;
    ObjectModel& om;
    ObjectModel::TraceHook hook;
    void* ctx;
    ~Restore() {
      t.rt_.interp.vm().heap().unblockFinalizers();
      t.rt_.interp.tensorState()->interceptor = t.savedInterceptor_;
      t.rt_.activeTracer = t.savedTracer_;
      om.traceHook = hook;
      om.traceHookCtx = ctx;
    }
  } restore{*this, om, savedHook, savedHookCtx};
  for (int attempt = 0; attempt < kMaxRetraces; ++attempt) {
    std::string reason;
    uint32_t pc = 0;
    std::unique_ptr<Segment> seg;
    try {
      seg = traceOnce(&reason, &pc);
    } catch (JointRefused& e) {
      if (req_.jointOnly || !joint_) throw JointRefusal(e.reason);
      if (rt_.logs.graphBreaks)
        rt_.logs.write("graph_breaks", "Joint graph of " + req_.fn->name() + " refused: " + e.reason +
                                           "; autograd runs in the VM instead");
      joint_ = false;
      jointRefusal_ = e.reason;
      stops_.clear();
      stopReasons_.clear();
      continue;
    }
    if (seg) return seg;
    if (stops_.count(pc)) break;  // the instruction has no hook to stop at
    stops_.insert(pc);
    stopReasons_[pc] = reason;
  }
  throw Error(ErrorKind::Runtime, "torch.compile: too many graph breaks inside called functions");
}

}  // namespace tdsl
