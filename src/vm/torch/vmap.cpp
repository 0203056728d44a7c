// torch.func.vmap (torch.vmap).
//
// Note [vmap by batching]
// A vmapped call runs its function once, on batched tensors (Note [Batched
// tensors] in autograd/batched_dispatch.h): each batched input becomes the
// logical view of its first sample, batched at the call's level along its
// in_dim (a view, so in-place writes reach the input as in PyTorch), and each
// output moves its level's samples to its out_dim (an output not batched at
// the level is expanded along it, as functorch does). Python side effects
// happen once, as in functorch. The batching layer runs ops once for the
// whole batch where it has a rule and once per sample otherwise, with
// functorch's errors where it cannot batch. Outputs that require grad get
// an UnwrapBatchBackward node, whose backward batches the gradient again;
// an input that requires grad becomes a differentiable view of it (an
// AddBatchBackward node moves its gradient's samples back to the in_dim).
// An in-place write into such a view refuses (a leaf's with PyTorch's
// message; a non-leaf's rebasing is not done, checkRebasable).
//
// Note [vmap by samples]
// Under the tracer (the traced graph holds no batched tensors) and for a
// batch of size 0 (once, on zero-filled samples, to learn the outputs'
// shapes), the function runs once per sample instead. Each batched input is sliced at its in_dim (select), the function
// runs on the slices, and each output is the stack of its per-sample values
// at its out_dim. PyTorch's errors come from batch levels (Note [Batch
// levels] in autograd/batching.h): .item()/bool() of a batched tensor, an
// in-place write of a batched tensor into an unbatched one. randomness= is
// checked on the default generator: 'error' refuses a sample that drew from
// it, 'same' rewinds it before each sample, 'different' lets samples draw in
// turn. chunk_size is moot here (samples run one at a time; Note [vmap chunks]).
#include "vm/torch/vmap.h"

#include <string>
#include <vector>

#include "autograd/autograd_meta.h"
#include "autograd/batched_dispatch.h"
#include "autograd/batching.h"
#include "autograd/dispatch.h"
#include "autograd/grad_ops.h"
#include "autograd/node.h"
#include "support/diagnostics.h"
#include "vm/function.h"
#include "vm/gc.h"
#include "vm/interpreter.h"
#include "vm/torch/bindings.h"
#include "vm/torch/dispatch.h"
#include "vm/torch/pytree.h"
#include "vm/torch/torch_func_core.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

using Randomness = VmapRandomness;

std::string calleeName(const Value& fn) {
  if (fn.isObj(ObjKind::Function)) return fn.as<FunctionObject>()->name();
  if (fn.isObj(ObjKind::Native)) return fn.as<NativeObject>()->name;
  return "function";
}

// One batched input leaf: where it is in the argument tree, and its in_dim.
struct BatchedLeaf {
  Value tensor;
  int64_t dim;
};

// Rebuilds the argument tree `arg` with each batched input leaf (in_dim
// from `dims`, a prefix tree of arg; negative dims wrapped) replaced by
// leafFn(tensor, dim); unbatched leaves stay as they are.
template <class LeafFn>
Value mapBatchedInputs(const Value& arg, const Value& dims, LeafFn&& leafFn) {
  if (dims.isNone()) return arg;
  if (isTreeNode(arg)) {
    std::vector<Value> a = treeChildren(arg);
    std::vector<Value> d = isTreeNode(dims) ? treeChildren(dims) : std::vector<Value>(a.size(), dims);
    for (size_t i = 0; i < a.size(); ++i) a[i] = mapBatchedInputs(a[i], d[i], leafFn);
    return treeRebuild(arg, std::move(a));
  }
  TensorObject& t = *asTensor(arg);
  return leafFn(t, dims.asInt() < 0 ? dims.asInt() + t.dim() : dims.asInt());
}

class VmapFunction : public ExtensionObject {
 public:
  VmapFunction(Value fn, Value inDims, Value outDims, Randomness r, int64_t chunkSize)
      : fn_(std::move(fn)), inDims_(std::move(inDims)), outDims_(std::move(outDims)), randomness_(r), chunkSize_(chunkSize) {}
  std::string typeName() const override { return "function"; }
  std::string repr() const override { return "<function vmap.<locals>.wrapped>"; }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override;
  void gcTraverse(GcVisitor& v) override {
    v.visit(fn_);
    v.visit(inDims_);
    v.visit(outDims_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(fn_));
    out.push_back(std::move(inDims_));
    out.push_back(std::move(outDims_));
  }

 private:
  std::string prefix(Interpreter& interp) const {
    return "vmap(" + calleeName(fn_) + ", in_dims=" + tdsl::repr(interp, inDims_) + ", ...)(<inputs>): ";
  }
  std::string outPrefix(Interpreter& interp) const {
    return "vmap(" + calleeName(fn_) + ", ..., out_dims=" + tdsl::repr(interp, outDims_) + ")(<inputs>): ";
  }
  [[noreturn]] void throwOutDimsMismatch(Interpreter& interp, const Value& outputs) const {
    throw Error(ErrorKind::Value, outPrefix(interp) + "out_dims is not compatible with the structure of `outputs`. out_dims has structure " +
                                      treeSpecText(interp, outDims_) + " but outputs has structure " +
                                      treeSpecText(interp, outputs) + ".");
  }
  [[noreturn]] void throwBatchedOutputForNone() const {
    const std::string name = calleeName(fn_);
    throw Error(ErrorKind::Value, "vmap(" + name + ", ...): `" + name + "` can not return a BatchedTensor when out_dim is None");
  }
  // Note [vmap by samples]: an output under out_dims=None is one value for
  // every sample: the same object, or bit-equal tensors.
  static bool sameSample(TensorState& s, const Value& a, const Value& b) {
    if (a.identical(b)) return true;
    if (!a.isTensor() || !b.isTensor()) return false;
    const TensorObject& x = *asTensor(a);
    const TensorObject& y = *asTensor(b);
    return x.dtype() == y.dtype() && x.sizes() == y.sizes() && callOp(s, "equal", {a, b}).asBool();
  }
  [[noreturn]] void throwNonTensorOutput(const Value& output) const {
    throw Error(ErrorKind::Value, "vmap(" + calleeName(fn_) + ", ...): `" + calleeName(fn_) +
                                      "` must only return Tensors, got type <class '" + tdsl::typeName(output) +
                                      "'>. Did you mean to set out_dims= to None for output?");
  }
  // Checks `dims` against `arg` (dims a prefix tree of arg) and collects the batched leaves.
  void collect(Interpreter& interp, const Value& arg, const Value& dims, std::vector<BatchedLeaf>& leaves,
               const Value& allArgs) const;
  Value slice(TensorState& s, const Value& arg, const Value& dims, int64_t b, int64_t batch,
              const std::shared_ptr<BatchLevel>& level) const;
  Value combine(Interpreter& interp, const std::vector<Value>& samples, const Value& dims, int64_t batch) const;
  // Note [vmap by batching]
  Value callBatched(Interpreter& interp, const Value& allArgs, const CallArgs& call, int64_t batch);
  Value wrap(TensorState& s, const Value& arg, const Value& dims, const std::shared_ptr<BatchLevel>& level) const;
  Value unwrap(Interpreter& interp, const Value& out, const Value& dims, const std::shared_ptr<BatchLevel>& level) const;
  Value samplesCall(Interpreter& interp, const Value& allArgs, const CallArgs& call, int64_t batch);
  // Note [vmap chunks]
  Value chunkedCall(Interpreter& interp, const Value& allArgs, const CallArgs& call, int64_t batch);
  Value narrowed(TensorState& s, const Value& arg, const Value& dims, int64_t start, int64_t length) const;
  Value concatenated(Interpreter& interp, const std::vector<Value>& chunks, const Value& dims) const;

  Value fn_, inDims_, outDims_;
  Randomness randomness_;
  int64_t chunkSize_;  // 0: None
};

void VmapFunction::collect(Interpreter& interp, const Value& arg, const Value& dims, std::vector<BatchedLeaf>& leaves,
                           const Value& allArgs) const {
  if (dims.isNone()) return;
  if (isTreeNode(dims)) {
    if (!sameNode(interp, dims, arg))
      throw Error(ErrorKind::Value, prefix(interp) + "in_dims is not compatible with the structure of `inputs`. in_dims has structure " +
                                        treeSpecText(interp, inDims_) +
                                        " but inputs has structure " + treeSpecText(interp, allArgs) + ".");
    std::vector<Value> a = treeChildren(arg), d = treeChildren(dims);
    for (size_t i = 0; i < a.size(); ++i) collect(interp, a[i], d[i], leaves, allArgs);
    return;
  }
  if (!dims.isInt())
    throw Error(ErrorKind::Value, prefix(interp) + "Got in_dim=" + tdsl::str(interp, dims) +
                                      " for an input but in_dim must be either an integer dimension or None.");
  if (isTreeNode(arg)) {
    for (const Value& c : treeChildren(arg)) collect(interp, c, dims, leaves, allArgs);
    return;
  }
  if (!arg.isTensor())
    throw Error(ErrorKind::Value, prefix(interp) + "Got in_dim=" + std::to_string(dims.asInt()) +
                                      " for an input but the input is of type <class '" + tdsl::typeName(arg) +
                                      "'>. We cannot vmap over non-Tensor arguments, please use None as the respective in_dim");
  const int64_t rank = asTensor(arg)->dim(), d = dims.asInt();
  if (d < -rank || d >= rank)
    throw Error(ErrorKind::Value, prefix(interp) + "Got in_dim=" + std::to_string(d) +
                                      " for some input, but that input is a Tensor of dimensionality " + std::to_string(rank) +
                                      " so expected in_dim to satisfy -" + std::to_string(rank) + " <= in_dim < " +
                                      std::to_string(rank) + ".");
  leaves.push_back(BatchedLeaf{arg, d < 0 ? d + rank : d});
}

Value VmapFunction::slice(TensorState& s, const Value& arg, const Value& dims, int64_t b, int64_t batch,
                          const std::shared_ptr<BatchLevel>& level) const {
  return mapBatchedInputs(arg, dims, [&](TensorObject& t, int64_t d) {
    Value sample;
    if (batch == 0) {
      std::vector<Value> sizes;
      for (int64_t k = 0; k < t.dim(); ++k)
        if (k != d) sizes.push_back(Value::integer(t.sizes()[static_cast<int>(k)]));
      sample = callOp(s, "zeros", {makeList(std::move(sizes))}, {KwArg{"dtype", Value::dtype(t.dtype())}});
    } else {
      sample = callOp(s, "select", {Value(Ref<TensorObject>(&t)), Value::integer(d), Value::integer(b)});
    }
    autograd::markBatched(*asTensor(sample), level);
    return sample;
  });
}

Value VmapFunction::combine(Interpreter& interp, const std::vector<Value>& samples, const Value& dims, int64_t batch) const {
  TensorState& s = stateOf(interp);
  const Value& first = samples[0];
  if (isTreeNode(first)) {
    if (isTreeNode(dims) && !sameNode(interp, dims, first)) throwOutDimsMismatch(interp, first);
    std::vector<Value> children = treeChildren(first);
    std::vector<Value> d = isTreeNode(dims) ? treeChildren(dims) : std::vector<Value>(children.size(), dims);
    for (size_t i = 0; i < children.size(); ++i) {
      std::vector<Value> column;
      for (const Value& sample : samples) column.push_back(treeChildren(sample)[i]);
      children[i] = combine(interp, column, d[i], batch);
    }
    return treeRebuild(first, std::move(children));
  }
  if (dims.isNone()) {  // PyTorch 2: an output left unbatched, which must be the same for every sample
    for (const Value& sample : samples)
      if (!sameSample(s, first, sample)) throwBatchedOutputForNone();
    return first;
  }
  if (!first.isTensor()) throwNonTensorOutput(first);
  if (isTreeNode(dims)) throwOutDimsMismatch(interp, first);
  if (!dims.isInt())
    throw Error(ErrorKind::Value, outPrefix(interp) + "`out_dims` must be an int or a python collection of ints representing where in the outputs the vmapped dimension should appear.");
  if (batch == 0) {
    const TensorObject& t = *asTensor(first);
    const int64_t rank = t.dim() + 1;
    int64_t d = dims.asInt();
    if (d < -rank || d >= rank) return callOp(s, "stack", {makeList({first}), dims});  // the stack's own range error
    if (d < 0) d += rank;
    std::vector<Value> sizes;
    for (int64_t k = 0; k < t.dim(); ++k) sizes.push_back(Value::integer(t.sizes()[static_cast<size_t>(k)]));
    sizes.insert(sizes.begin() + d, Value::integer(0));
    return callOp(s, "zeros", {makeList(std::move(sizes))}, {KwArg{"dtype", Value::dtype(t.dtype())}});
  }
  for (const Value& v : samples)
    if (!v.isTensor()) throwNonTensorOutput(v);
  return callOp(s, "stack", {makeList(samples), dims});
}

// A vmap call's level, under way (in TensorState::vmapLevels) until the
// call returns or fails.
struct OpenLevel {
  TensorState& s;
  std::shared_ptr<BatchLevel> level = std::make_shared<BatchLevel>();
  OpenLevel(TensorState& state, int64_t size, Randomness r, bool physical) : s(state) {
    level->physical = physical;
    level->size = size;
    level->randomness = r;
    level->openedAt = ++s.autogradSequence;
    s.vmapLevels.push_back(level);
  }
  ~OpenLevel() {
    level->live = false;
    s.vmapLevels.pop_back();
  }
  OpenLevel(const OpenLevel&) = delete;
  OpenLevel& operator=(const OpenLevel&) = delete;
};

Value VmapFunction::call(Interpreter& interp, const CallArgs& call) {
  TensorState& s = stateOf(interp);
  if (call.nargs == 0)
    throw Error(ErrorKind::Value, "vmap(" + calleeName(fn_) + ")(<inputs>): got no inputs. Maybe you forgot to add inputs, or you are trying to vmap over a function with no inputs. The latter is unsupported.");
  std::vector<Value> args(call.args, call.args + call.nargs);
  const Value allArgs = makeTuple(args);
  if (!inDims_.isInt() && !inDims_.isObj(ObjKind::Tuple))
    throw Error(ErrorKind::Value, prefix(interp) + "expected `in_dims` to be int or a (potentially nested) tuple matching the structure of inputs, got: <class '" +
                                      tdsl::typeName(inDims_) + "'>.");
  std::vector<BatchedLeaf> leaves;
  collect(interp, allArgs, inDims_, leaves, allArgs);
  if (leaves.empty()) throw Error(ErrorKind::Value, "vmap: Expected at least one Tensor to vmap over");
  const int64_t batch = asTensor(leaves[0].tensor)->sizes()[static_cast<size_t>(leaves[0].dim)];
  for (const BatchedLeaf& l : leaves) {
    if (asTensor(l.tensor)->sizes()[static_cast<size_t>(l.dim)] == batch) continue;
    std::string sizes;
    for (const BatchedLeaf& k : leaves)
      sizes += (sizes.empty() ? "" : ", ") + std::to_string(asTensor(k.tensor)->sizes()[static_cast<size_t>(k.dim)]);
    throw Error(ErrorKind::Value, "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes [" +
                                      sizes + "] for the mapped dimension");
  }

  // Under the tracer, samples (Note [vmap by samples]): the traced graph holds no batched tensors.
  const bool byBatching = batch > 0 && !s.interceptor;
  if (byBatching && chunkSize_ > 0) return chunkedCall(interp, allArgs, call, batch);
  if (byBatching) return callBatched(interp, allArgs, call, batch);
  return samplesCall(interp, allArgs, call, batch);
}

Value VmapFunction::samplesCall(Interpreter& interp, const Value& allArgs, const CallArgs& call, int64_t batch) {
  TensorState& s = stateOf(interp);
  std::vector<Value> samples;
  {
    OpenLevel live(s, batch, randomness_, false);
    CpuGenerator& gen = *s.defaultGenerator;
    const std::vector<uint64_t> start = gen.state();
    std::vector<KwArg> kws(call.kwargs, call.kwargs + call.nkwargs);
    for (int64_t b = 0; b < std::max<int64_t>(batch, 1); ++b) {
      if (randomness_ == Randomness::Same && b > 0) gen.setState(start);
      std::vector<uint64_t> before;
      if (randomness_ == Randomness::Error) before = gen.state();
      Value sampleArgs = slice(s, allArgs, inDims_, b, batch, live.level);
      std::vector<Value> a = listItems(sampleArgs).toVector();
      const uint64_t drawn = s.interceptor ? s.interceptor->randomOpsRecorded() : 0;
      const uint64_t mutated = s.interceptor ? s.interceptor->pythonMutationsRecorded() : 0;
      samples.push_back(callTransformed(interp, fn_, CallArgs{a.data(), a.size(), kws.data(), kws.size()}));
      // Eager vmap runs the function once (Note [vmap by batching]); traced
      // samples would mutate Python objects once per sample.
      if (s.interceptor && s.interceptor->pythonMutationsRecorded() != mutated)
        s.interceptor->breakAtTransform("vmap of a function that mutates Python objects");
      // Note [Function transforms under the tracer]: a traced random op draws
      // when the graph runs, where 'error' could not refuse it nor 'same'
      // rewind the generator between samples, and 'different' would draw
      // sample by sample where eager draws for the batch at once.
      if (s.interceptor && s.interceptor->randomOpsRecorded() != drawn)
        s.interceptor->breakAtTransform(std::string("vmap(randomness='") +
                                        (randomness_ == Randomness::Same ? "same" : randomness_ == Randomness::Different ? "different" : "error") +
                                        "') of a function that calls a random op");
      if (randomness_ == Randomness::Error && gen.state() != before)
        throw Error(ErrorKind::Runtime, "vmap: called random operation while in randomness error mode. Please either use the 'same' or 'different' randomness flags on vmap or perform the randomness operation out of vmap");
    }
  }
  return combine(interp, samples, outDims_, batch);
}


Value VmapFunction::callBatched(Interpreter& interp, const Value& allArgs, const CallArgs& call, int64_t batch) {
  OpenLevel open(stateOf(interp), batch, randomness_, true);
  std::vector<Value> a = listItems(wrap(stateOf(interp), allArgs, inDims_, open.level)).toVector();
  std::vector<KwArg> kws(call.kwargs, call.kwargs + call.nkwargs);
  const Value out = callTransformed(interp, fn_, CallArgs{a.data(), a.size(), kws.data(), kws.size()});
  // One tensor output with out_dims=(d,): d (functorch's edge case).
  if (out.isTensor() && outDims_.isObj(ObjKind::Tuple) && listItems(outDims_).size() == 1)
    return unwrap(interp, out, listItems(outDims_)[0], open.level);
  return unwrap(interp, out, outDims_, open.level);
}

// Note [vmap chunks]
// chunk_size=c runs the function on the batch c samples at a time (the last
// chunk holds the rest), each chunk a batched call of its own (so side
// effects happen once per chunk), and concatenates each output along its
// out_dim, as functorch does; under randomness='same' every chunk starts
// from the generator state of the first.
Value VmapFunction::chunkedCall(Interpreter& interp, const Value& allArgs, const CallArgs& call, int64_t batch) {
  TensorState& s = stateOf(interp);
  CpuGenerator& gen = s.generator();
  const std::vector<uint64_t> start = gen.state();
  std::vector<Value> outputs;
  for (int64_t begin = 0; begin < batch; begin += chunkSize_) {
    const int64_t length = std::min(chunkSize_, batch - begin);
    if (randomness_ == Randomness::Same) gen.setState(start);
    outputs.push_back(callBatched(interp, narrowed(s, allArgs, inDims_, begin, length), call, length));
  }
  Value dims = outDims_;
  if (outputs[0].isTensor() && outDims_.isObj(ObjKind::Tuple) && listItems(outDims_).size() == 1) dims = listItems(outDims_)[0];
  return concatenated(interp, outputs, dims);
}

Value VmapFunction::narrowed(TensorState& s, const Value& arg, const Value& dims, int64_t start, int64_t length) const {
  return mapBatchedInputs(arg, dims, [&](TensorObject& t, int64_t d) {
    return callOp(s, "narrow", {Value(Ref<TensorObject>(&t)), Value::integer(d), Value::integer(start), Value::integer(length)});
  });
}

// The chunks' outputs (each already unwrapped, so of one structure) joined along out_dims.
Value VmapFunction::concatenated(Interpreter& interp, const std::vector<Value>& chunks, const Value& dims) const {
  const Value& first = chunks[0];
  if (isTreeNode(first)) {
    std::vector<Value> children = treeChildren(first);
    std::vector<Value> d = isTreeNode(dims) ? treeChildren(dims) : std::vector<Value>(children.size(), dims);
    for (size_t i = 0; i < children.size(); ++i) {
      std::vector<Value> column;
      for (const Value& chunk : chunks) column.push_back(treeChildren(chunk)[i]);
      children[i] = concatenated(interp, column, d[i]);
    }
    return treeRebuild(first, std::move(children));
  }
  if (dims.isNone()) return first;  // not batched: the same in every chunk
  return callOp(stateOf(interp), "cat", {makeList(chunks), dims});
}

// The gradient of a wrapped input: its samples back along the input's
// in_dim (a gradient that is not batched is the same for every sample).
class AddBatchBackward : public autograd::Node {
 public:
  AddBatchBackward(std::shared_ptr<BatchLevel> level, int64_t dim) : level_(std::move(level)), dim_(dim) {}
  std::string name() const override { return "AddBatchBackward0"; }
  std::vector<Value> apply(autograd::ApplyContext&, std::vector<Value>& grads) override {
    if (grads[0].isNone()) return {Value()};
    return {autograd::removeBatchDim(*asTensor(grads[0]), level_, dim_)};
  }

 private:
  std::shared_ptr<BatchLevel> level_;
  int64_t dim_;
};

Value VmapFunction::wrap(TensorState& s, const Value& arg, const Value& dims, const std::shared_ptr<BatchLevel>& level) const {
  return mapBatchedInputs(arg, dims, [&](TensorObject& t, int64_t d) {
    Value wrapped = autograd::addBatchDim(t, d, level);
    if (autograd::requiresGrad(t) && s.gradEnabled) {
      // A differentiable view of the input: in-place writes into it follow
      // PyTorch's rules for views (a leaf's refuse; Note [Batched tensors]).
      TensorObject& w = *asTensor(wrapped);
      autograd::noteView(s, w, t);
      auto node = std::make_shared<AddBatchBackward>(level, d);
      node->next.push_back(autograd::gradientEdge(t));
      node->sequenceNr = ++s.autogradSequence;
      node->outputs.push_back(w.meta);
      autograd::setHistory(w, node, 0);
    }
    return wrapped;
  });
}

// The gradient of an unwrapped output, batched again at its level (or, for
// an output that was not batched there, summed over the expanded dim).
class UnwrapBatchBackward : public autograd::Node {
 public:
  UnwrapBatchBackward(std::shared_ptr<BatchLevel> level, int64_t dim, bool batched)
      : level_(std::move(level)), dim_(dim), batched_(batched) {}
  std::string name() const override { return "UnwrapBatchBackward0"; }
  std::vector<Value> apply(autograd::ApplyContext& ctx, std::vector<Value>& grads) override {
    if (grads[0].isNone()) return {Value()};
    const TensorObject& g = *asTensor(grads[0]);
    if (g.dim() <= dim_ || g.sizes()[static_cast<int>(dim_)] != level_->size)
      throw Error(ErrorKind::Runtime, "vmap: the gradient of a vmapped output has the wrong shape");
    if (batched_) return {autograd::addBatchDim(g, dim_, level_)};
    return {autograd::op(ctx.state, "sum.dim_IntList", {grads[0], Dims{dim_}, Value::boolean(false)})};
  }

 private:
  std::shared_ptr<BatchLevel> level_;
  int64_t dim_;
  bool batched_;
};

Value VmapFunction::unwrap(Interpreter& interp, const Value& out, const Value& dims,
                           const std::shared_ptr<BatchLevel>& level) const {
  if (isTreeNode(out)) {
    if (isTreeNode(dims) && !sameNode(interp, dims, out)) throwOutDimsMismatch(interp, out);
    std::vector<Value> children = treeChildren(out);
    std::vector<Value> d = isTreeNode(dims) ? treeChildren(dims) : std::vector<Value>(children.size(), dims);
    for (size_t i = 0; i < children.size(); ++i) children[i] = unwrap(interp, children[i], d[i], level);
    return treeRebuild(out, std::move(children));
  }
  const std::string name = calleeName(fn_);
  if (dims.isNone() && !out.isTensor()) return out;  // PyTorch 2: out_dims=None passes any value through
  if (!out.isTensor()) throwNonTensorOutput(out);
  if (isTreeNode(dims)) throwOutDimsMismatch(interp, out);
  TensorObject& t = *asTensor(out);
  bool batched = false;
  for (const BatchDim& d : autograd::physicalDims(t)) batched |= d.level == level;
  if (dims.isNone()) {
    if (batched) throwBatchedOutputForNone();
    return out;
  }
  if (!dims.isInt())
    throw Error(ErrorKind::Value, outPrefix(interp) + "`out_dims` must be an int or a python collection of ints representing where in the outputs the vmapped dimension should appear.");
  const int64_t rank = t.dim() + 1;
  int64_t d = dims.asInt();
  if (d < -rank || d >= rank)
    throw Error(ErrorKind::Index, "Dimension out of range (expected to be in range of [" + std::to_string(-rank) + ", " +
                                      std::to_string(rank - 1) + "], but got " + std::to_string(d) + ")");
  if (d < 0) d += rank;
  Value r = autograd::removeBatchDim(t, level, d);
  TensorState& s = stateOf(interp);
  if (autograd::requiresGrad(t) && s.gradEnabled) {
    auto node = std::make_shared<UnwrapBatchBackward>(level, d, batched);
    node->next.push_back(autograd::gradientEdge(t));
    node->sequenceNr = ++s.autogradSequence;
    node->outputs.push_back(asTensor(r)->meta);
    autograd::setHistory(*asTensor(r), node, 0);
  }
  return r;
}

}  // namespace

Value funcVmap(Interpreter&, const CallArgs& call, const void*) {
  if (call.nargs < 1) throw Error(ErrorKind::Type, "vmap() missing 1 required positional argument: 'func'");
  Value inDims = call.nargs > 1 ? call.args[1] : Value::integer(0);
  Value outDims = call.nargs > 2 ? call.args[2] : Value::integer(0);
  Value randomness = call.nargs > 3 ? call.args[3] : Value();
  int64_t chunkSize = 0;
  for (size_t i = 0; i < call.nkwargs; ++i) {
    const KwArg& k = call.kwargs[i];
    if (k.name == "in_dims") inDims = k.value;
    else if (k.name == "out_dims") outDims = k.value;
    else if (k.name == "randomness") randomness = k.value;
    else if (k.name == "chunk_size") {
      if (!k.value.isNone() && (!k.value.isInt() || k.value.asInt() <= 0))
        throw Error(ErrorKind::Value, "vmap: chunk_size should be None or greater than 0. (got " +
                                          (k.value.isInt() ? std::to_string(k.value.asInt()) : typeName(k.value)) + ")");
      chunkSize = k.value.isInt() ? k.value.asInt() : 0;
    } else {
      throw Error(ErrorKind::Type, "vmap() got an unexpected keyword argument '" + std::string(k.name) + "'");
    }
  }
  Randomness r = Randomness::Error;
  if (!randomness.isNone()) {
    const std::string text = randomness.isObj(ObjKind::Str) ? randomness.as<StrObject>()->str : "";
    if (text == "same") r = Randomness::Same;
    else if (text == "different") r = Randomness::Different;
    else if (text != "error")
      throw Error(ErrorKind::Runtime, "Only allowed values for randomness are 'error', 'different', or 'same'. Got " + text);
  }
  return Value(makeRef<VmapFunction>(call.args[0], inDims, outDims, r, chunkSize));
}

bool isVmapObject(const Value& v) {
  if (v.isObj(ObjKind::Native)) {
    const NativeFn f = v.as<NativeObject>()->fn;
    return f == funcVmap || f == funcJvp || f == funcJacfwd || f == funcFunctionalCall;
  }
  return (v.isObj(ObjKind::Other) && dynamic_cast<VmapFunction*>(v.asObj())) || isJacfwdObject(v);
}

}  // namespace tdsl
