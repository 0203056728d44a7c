#include "autograd/dispatch.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "autograd/batched_dispatch.h"
#include "autograd/batching.h"
#include "autograd/derivatives.h"
#include "autograd/function_node.h"
#include "autograd/versions.h"
#include "ops/dispatch.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

namespace {

TensorObject* rootBase(TensorObject& t) {
  AutogradMeta* m = metaOf(t);
  return m && m->viewBase ? m->viewBase.get() : &t;
}

bool isViewResult(const ir::OpDef& op, const TensorObject& self, const TensorObject& out) {
  return op.has(kTagView) && self.storage && self.storage == out.storage;
}

// Whether batched `view` holds exactly base's elements: a vmapped input
// (vm/torch/vmap.cpp), which is its base itself in PyTorch's physical terms.
bool coversBase(const TensorObject& view, const TensorObject& base) {
  if (!hasPhysicalDims(view) || hasPhysicalDims(base)) return false;
  const Value physical = physicalViewOf(view);
  const TensorMeta& p = asTensor(physical)->meta;
  if (p.offset != base.meta.offset || p.dim() != base.dim()) return false;
  std::vector<std::pair<int64_t, int64_t>> a, b;
  for (int i = 0; i < p.dim(); ++i) {
    a.emplace_back(p.sizes[i], p.strides[i]);
    b.emplace_back(base.meta.sizes[i], base.meta.strides[i]);
  }
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

void checkInplace(const TensorObject& self) {
  const char* leafMessage = "a leaf Variable that requires grad is being used in an in-place operation.";
  if (isLeaf(self) && requiresGrad(self)) throw Error(ErrorKind::Runtime, leafMessage);
  const AutogradMeta* m = metaOf(self);
  if (m && m->viewBase && isLeaf(*m->viewBase) && requiresGrad(*m->viewBase)) {
    if (coversBase(self, *m->viewBase)) throw Error(ErrorKind::Runtime, leafMessage);
    throw Error(ErrorKind::Runtime, "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  }
}

bool savesName(const char* saves, const std::string& name) {
  std::string_view s(saves);
  size_t pos = 0;
  while (pos < s.size()) {
    size_t end = s.find(',', pos);
    if (end == std::string_view::npos) end = s.size();
    std::string_view item = s.substr(pos, end - pos);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item == name) return true;
    pos = end + 1;
  }
  return false;
}

// An alias of `t` (same storage, version counter and batch dims, no history).
Ref<TensorObject> aliasOf(const TensorObject& t) {
  Ref<TensorObject> alias = makeViewOf(t, t.meta);
  if (hasPhysicalDims(t)) setPhysicalDims(*alias, physicalDims(t));
  return alias;
}

Value metaOnly(const Value& v) { return v.isTensor() ? Value(makeMetaTensor(asTensor(v)->meta)) : v; }

FormulaNode::SavedCheck checkFor(const TensorState& s, TensorObject& t) {
  FormulaNode::SavedCheck c;
  c.tensor = Ref<TensorObject>(&t);
  c.version = versionOf(s, t);
  if (AutogradMeta* m = metaOf(t); m && m->gradFn) {
    c.producer = m->gradFn->name();
    c.outputNr = m->outputNr;
  }
  return c;
}

// Saves the forward's arguments (Note [Saved tensors]); `selfBefore` is the
// clone of an in-place op's self taken before the kernel.
void saveArgs(const TensorState& s, FormulaNode& node, const DerivativeRow& row, const ir::OpDef& op, const BoundArgs& args,
              const Value& selfBefore, bool inplace) {
  node.args = args;
  for (int i = 0; i < args.count; ++i) {
    const std::string& name = op.schema.args[static_cast<size_t>(i)].name;
    const bool saved = savesName(row.saves, name);
    if (args.kind(i) == ArgKind::Tensors) {
      for (size_t k = 0; k < node.args.tensors.size(); ++k) {
        Value& v = node.args.tensors[k];
        if (!v.isTensor()) continue;
        if (!saved) { v = metaOnly(v); continue; }
        node.checks.push_back(checkFor(s, *asTensor(v)));
        node.hasSaved = true;
      }
      continue;
    }
    if (args.kind(i) != ArgKind::Value || !args[i].isTensor()) continue;
    Value& v = node.args[i];
    if (!saved) { v = metaOnly(v); continue; }
    node.hasSaved = true;
    if (inplace && i == 0) { v = selfBefore; continue; }
    TensorObject& t = *asTensor(args[i]);
    node.checks.push_back(checkFor(s, t));
    // An in-place op's other argument that is self itself would make a cycle
    // (self's grad_fn saving self): keep an alias, which still fails the
    // version check as it must.
    if (inplace && t.storage && args[0].isTensor() && asTensor(args[0])->storage == t.storage) v = Value(aliasOf(t));
  }
}

OpResults recordedUnbatched(TensorState& state, const ir::OpDef& op, BoundArgs& args);

// The kernel, through the batching layer when an argument is batched
// (Note [Batched tensors] in batched_dispatch.h).
OpResults run(TensorState& state, const ir::OpDef& op, BoundArgs& args, bool* intercepted) {
  if (needsBatching(state, op, args)) return dispatchBatched(state, op, args);
  return dispatchOp(state, op, args, intercepted);
}

}  // namespace

// Note [Batch levels]: results inherit their arguments' live marks; an
// in-place write needs self batched wherever its arguments are.
OpResults dispatchRecorded(TensorState& state, const ir::OpDef& op, BoundArgs& args) {
  BatchMarks marks;
  forEachTensorArg(args, [&](const TensorObject& t) { collectLiveMarks(t, marks); });
  if (marks.empty()) return recordedUnbatched(state, op, args);
  const bool writes = writesSelf(op, args);
  if (writes && !hasAllMarks(*asTensor(args[0]), marks)) throwInplaceIntoUnbatched(state, op.schema.name, args);
  OpResults results = recordedUnbatched(state, op, args);
  for (int i = 0; i < results.count; ++i) {
    if (!results[i].isTensor()) continue;
    TensorObject& out = *asTensor(results[i]);
    bool isInput = false;  // an op that returned an argument itself (type_as) leaves it as it was
    forEachTensorArg(args, [&](const TensorObject& t) { isInput |= &t == &out; });
    if (!isInput) addMarks(out, marks);
  }
  return results;
}

// Note [Views of tensors without history]
// A view made while no argument has autograd history gets no AutogradMeta
// (that would cost every slice an allocation); it only remembers the root
// tensor it views (viewOrigin, one reference). When an in-place op later
// writes a value that requires grad into such a view, the view is made a
// differentiable view of that root first (noteView), so the write rebases
// the root's history (CopySlices) as in PyTorch: `t = zeros(3); v = t[1:];
// v.copy_(x)` makes t require grad with grad_fn CopySlices. Other views of
// the root made before the write keep no history (PyTorch's view replay
// gives them one); Known gaps in docs/autograd.md.
void noteViewOrigin(const BoundArgs& args, const OpResults& results) {
  if (results.count < 1 || !results[0].isTensor() || args.count < 1 || !args[0].isTensor()) return;
  TensorObject& self = *asTensor(args[0]);
  TensorObject& out = *asTensor(results[0]);
  if (&out == &self || !out.storage || out.storage != self.storage || out.autograd) return;
  out.viewOrigin = self.viewOrigin ? self.viewOrigin : Ref<TensorObject>(&self);
}

void noteView(TensorState& state, TensorObject& view, TensorObject& base) {
  if (&view == &base || view.isMeta()) return;
  AutogradMeta& m = ensureMeta(view);
  if (m.viewBase) return;
  m.viewBase = Ref<TensorObject>(rootBase(base));
  m.viewVersion = versionOf(view);
}

namespace {

// An in-place write through a view rebases its base's history with the
// view's geometry in the base (CopySlices). A vmapped input's batched view
// of an input that is not batched (vm/torch/vmap.cpp) has no such geometry
// per sample: the write is refused before it happens.
void checkRebasable(const TensorObject& self) {
  const AutogradMeta* m = metaOf(self);
  if (!m || !m->viewBase || !hasPhysicalDims(self)) return;
  const BatchMarks mine = physicalDims(self), base = physicalDims(*m->viewBase);
  const bool same = mine.size() == base.size() &&
                    std::equal(mine.begin(), mine.end(), base.begin(), [](const BatchDim& a, const BatchDim& b) {
                      return a.level == b.level && a.stride == b.stride;
                    });
  if (!same)
    throw Error(ErrorKind::Runtime,
                "vmap: an in-place write into (a view of) a vmapped input that requires grad is not supported; "
                "clone the input inside the function first");
}

OpResults recordedUnbatched(TensorState& state, const ir::OpDef& op, BoundArgs& args) {
  const bool writes = writesSelf(op, args);
  TensorObject* self = writes ? asTensor(args[0]) : nullptr;
  const bool gradMode = state.gradEnabled && !state.inferenceMode;
  if (self && gradMode) checkInplace(*self);
  bool anyGrad = false;
  if (gradMode && !isNonDifferentiable(op)) {
    forEachTensorArg(args, [&](const TensorObject& t) { anyGrad |= requiresGrad(t); });
    if (self && !anyGrad) {
      AutogradMeta* m = metaOf(*self);
      anyGrad = m && m->viewBase && requiresGrad(*m->viewBase);
    }
  }
  if (anyGrad && self && self->viewOrigin && !(metaOf(*self) && metaOf(*self)->viewBase))
    noteView(state, *self, *self->viewOrigin);  // Note [Views of tensors without history]
  if (anyGrad && self) checkRebasable(*self);
  if (!anyGrad) {
    bool intercepted = false;
    OpResults r = run(state, op, args, &intercepted);
    if (writes && !intercepted) bumpVersion(*self);
    return r;
  }

  // The inputs and their edges (before an in-place op rebases self).
  const DerivativeRow* row = derivativeFor(op);
  std::vector<Edge> next;
  std::vector<int> inputOfSlot(static_cast<size_t>(args.count), -1);
  std::vector<TensorMeta> inputMeta;
  int listBase = -1;
  auto addInput = [&](TensorObject& t) {
    next.push_back(requiresGrad(t) ? gradientEdge(t) : Edge{});
    inputMeta.push_back(t.meta);
  };
  for (int i = 0; i < args.count; ++i) {
    if (args.kind(i) == ArgKind::Tensors) {
      listBase = static_cast<int>(next.size());
      for (const Value& v : args.tensorsAt(i)) {
        if (v.isTensor()) addInput(*asTensor(v));
        else { next.push_back(Edge{}); inputMeta.emplace_back(); }
      }
    } else if (args.kind(i) == ArgKind::Value && args[i].isTensor()) {
      inputOfSlot[static_cast<size_t>(i)] = static_cast<int>(next.size());
      addInput(*asTensor(args[i]));
    }
  }
  Value selfBefore;
  if (row && self && savesName(row->saves, op.schema.args[0].name) && state.interceptor)
    selfBefore = state.interceptor->valueBeforeWrite(op, args);
  if (row && self && savesName(row->saves, op.schema.args[0].name) && selfBefore.isNone()) {
    BoundArgs c;
    const ir::OpDef* clone = ir::opTable().find("clone");
    c.reset(clone, 2);
    c.setValue(0, args[0]);
    c.setValue(1, Value());
    // With its history (Note [Second-order views]): a double backward differentiates through it.
    selfBefore = recordedUnbatched(state, *clone, c)[0];
  }

  bool intercepted = false;
  OpResults results = run(state, op, args, &intercepted);
  if (writes && !intercepted) bumpVersion(*self);

  std::shared_ptr<Node> node;
  if (row) {
    // PyTorch's node name may depend on the call (matmul's ranks, whether reshape aliased).
    auto formula = std::make_shared<FormulaNode>(*row, row->nodeName ? row->nodeName(args, results) : row->node);
    saveArgs(state, *formula, *row, op, args, selfBefore, self != nullptr);
    formula->inputOfSlot = std::move(inputOfSlot);
    formula->listBase = listBase;
    formula->inputMeta = std::move(inputMeta);
    formula->savesResult = savesName(row->saves, "result");
    formula->results = results;
    for (int i = 0; i < results.count; ++i) {
      if (!results[i].isTensor()) continue;
      TensorObject& out = *asTensor(results[i]);
      if (formula->savesResult) {
        formula->results[i] = detachedAlias(state, out);
        formula->checks.push_back(FormulaNode::SavedCheck{Ref<TensorObject>(asTensor(formula->results[i])),
                                                          versionOf(state, out), formula->name(), static_cast<uint32_t>(i)});
        formula->hasSaved = true;
      } else {
        formula->results[i] = metaOnly(results[i]);
      }
    }
    node = formula;
  } else {
    node = std::make_shared<NotImplementedNode>(op.baseName);
  }
  node->next = std::move(next);
  node->sequenceNr = ++state.autogradSequence;
  node->outputs.resize(static_cast<size_t>(results.count));
  for (int i = 0; i < results.count; ++i)
    if (results[i].isTensor()) node->outputs[static_cast<size_t>(i)] = asTensor(results[i])->meta;

  if (self) {
    AutogradMeta* m = metaOf(*self);
    if (m && m->viewBase) {
      TensorObject& base = *m->viewBase;
      auto copySlices = std::make_shared<CopySlices>(base.meta, self->meta, node);
      copySlices->sequenceNr = ++state.autogradSequence;
      copySlices->next.push_back(requiresGrad(base) ? gradientEdge(base) : Edge{});
      for (size_t k = 1; k < node->next.size(); ++k) copySlices->next.push_back(node->next[k]);
      setHistory(base, copySlices, 0);
      auto view = std::make_shared<ViewOfBase>(base.meta, self->meta);
      view->sequenceNr = ++state.autogradSequence;
      view->next.push_back(Edge{copySlices, 0});
      setHistory(*self, view, 0);
      m->viewVersion = versionOf(*self);
    } else {
      setHistory(*self, node, 0);
    }
    return results;
  }
  for (int i = 0; i < results.count; ++i) {
    if (!results[i].isTensor()) continue;
    TensorObject& out = *asTensor(results[i]);
    if (!isFloating(out.dtype())) continue;
    bool isInput = false;
    forEachTensorArg(args, [&](const TensorObject& t) { isInput |= &t == &out; });
    if (isInput) continue;  // a MaybeView op that returned self itself
    setHistory(out, node, static_cast<uint32_t>(i));
    if (i == 0 && args.count > 0 && args[0].isTensor() && isViewResult(op, *asTensor(args[0]), out)) {
      AutogradMeta& m = ensureMeta(out);
      m.viewBase = Ref<TensorObject>(rootBase(*asTensor(args[0])));
      m.viewVersion = versionOf(out);
    }
  }
  return results;
}

}  // namespace

void checkCapturedWrite(const TensorState& s, const ir::OpDef& op, const BoundArgs& args) {
  if (!writesSelf(op, args)) return;
  const TensorObject& self = *asTensor(args[0]);
  const TransformFrame& frame = s.transformFrames.back();
  const void* identity = nullptr;
  bool existed = false;
  if (self.storage) {
    identity = self.storage.get();
    existed = self.storage->serial <= frame.storageSerial;
  } else if (s.interceptor) {
    identity = s.interceptor->storageIdentity(self);
    existed = s.interceptor->storageExistedAt(self, frame.traceMark, frame.storageSerial);
  }
  if (!existed || std::find(frame.inputs.begin(), frame.inputs.end(), identity) != frame.inputs.end()) return;
  // Python passes a number to the Tensor overload of add_ and friends.
  const std::string name = op.has(kTagNoPythonSignature) ? op.schema.name + ".Tensor" : op.fullName();
  throw Error(ErrorKind::Runtime,
              "During a grad (vjp, jvp, grad, etc) transform, the function provided attempted to call in-place "
              "operation (aten::" + name + ") that would mutate a captured Tensor. This is not supported; "
              "please rewrite the function being transformed to explicitly accept the mutated Tensor(s) as inputs.");
}

// Note [Versions of proxies]: a proxy's alias is one the interceptor made
// (an alias node in the traced graph), so formulas can read it.
Value detachedAlias(TensorState& s, const TensorObject& t) {
  if (t.storage || !s.interceptor) return Value(aliasOf(t));
  static const ir::OpDef* const alias = ir::opTable().find("alias");
  BoundArgs b;
  b.reset(alias, 1);
  b.setValue(0, Value::object(const_cast<TensorObject*>(&t)));
  return dispatchOp(s, *alias, b)[0];
}

}  // namespace tdsl::autograd
