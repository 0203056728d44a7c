// The tracer's side of autograd (compile/tracer.h): the joint forward and
// backward graph.
//
// Note [Joint graphs]
// Eager autograd runs on the proxies while the tracer records: every op a
// script dispatches goes through autograd (autograd/dispatch.h), which
// records its node and dispatches the op, so the tracer records the forward;
// .backward(), torch.autograd.grad and torch.autograd.backward run the
// engine, whose derivative formulas dispatch ops too, so the tracer records
// the backward after it, as AOTAutograd's joint graph. The graph then goes
// through functionalize -> reinplace -> the backend like any other: a
// tensor the backward saved is a later reader of the forward's values, so
// reinplacing keeps every value the backward still reads (an in-place op's
// self saved before the write included: Note [Saved values of rebound
// proxies]).
//
// What the VM would see, and how the segment gives it back:
// - a leaf that requires grad (a graph input) gets its new .grad as a graph
//   output after the graph ran (Segment::grads; accumulation into an
//   existing .grad is an in-place write of that input, whose Source is the
//   leaf's `.grad`); the leaf's requires_grad, whether it has a .grad and
//   the grad mode are guarded;
// - version counters: a proxy's version is the number of in-place writes
//   the tracer recorded into its storage root (Note [Versions of proxies]),
//   so a saved tensor modified in place fails the backward's check at trace
//   time, and the call runs eagerly, raising eager's error where eager does.
//
// The joint trace is refused (the segment is traced again with autograd
// breaking the graph, as before, or, when a live tensor required grad at
// the entry, the call runs eagerly from there) when eager autograd would
// keep state the segment cannot give back or tdsl's proxies cannot model:
// a tensor with autograd history leaving the segment (a returned loss, a
// live tensor at a graph break, a .grad made with create_graph); a tensor
// with history from before the segment; an in-place write that autograd
// records into a tensor from outside the segment, through a view, or into
// a storage that has views, once autograd is involved (proxies are not
// differentiable views: CopySlices and view replay are eager's); an
// in-place op reading what it writes; an in-place view op (a write that
// autograd does not record is traced while no view it makes stale is
// live: Note [Writes autograd does not record]). torch.func is
// traced too (Note [Function transforms under the tracer] in
// tracer_transforms.cpp), hooks on tensors made in the segment too (Note
// [Autograd reads while tracing]), grad-mode switches too (Note [Grad mode
// under the tracer] in tracer_grad_mode.cpp).
#include <algorithm>

#include <fmt/format.h>

#include "autograd/autograd_meta.h"
#include "autograd/derivatives.h"
#include "compile/runtime.h"
#include "compile/tracer.h"
#include "ir/alias_analysis.h"
#include "vm/objects.h"
#include "vm/torch/autograd_bindings.h"

namespace tdsl {

namespace {

bool isInplaceViewOp(const ir::OpDef& op) {
  return op.has(ir::kTagInplace) && op.functional && op.functional->has(ir::kTagView);
}

template <class F>
void forEachTensorArg(const ir::BoundArgs& b, F&& f) {
  for (int i = 0; i < b.count; ++i) {
    if (b.kind(i) == ArgKind::Tensors) {
      for (const Value& v : b.tensorsAt(i))
        if (v.isTensor()) f(*asTensor(v));
    } else if (b[i].isTensor()) {
      f(*asTensor(b[i]));
    }
  }
}

}  // namespace

uint64_t Tracer::metaVersion(const TensorObject& t) const {
  auto it = irOf_.find(&t);
  if (it == irOf_.end()) return 0;
  auto w = writesOf_.find(rootOf(it->second));
  return w == writesOf_.end() ? 0 : w->second;
}

void Tracer::checkJointArgs(const ir::OpDef& op, const ir::BoundArgs& b) {
  forEachTensorArg(b, [&](const TensorObject& t) {
    if (!autograd::requiresGrad(t)) return;
    gradSeen_ = true;
    if (t.isMeta() || autograd::isLeaf(t)) return;
    // Note [Compiled backward]: a compiled backward's gradient edges reach
    // history from before; a backward run inside the segment would run it.
    if (!req_.compiledBackward || engineRan_)
      refuseJoint(op.name() + "() of a tensor whose autograd history began before the compiled region");
    historyInputs_ = true;
  });
}

void Tracer::checkJointWrites(const ir::OpDef& op, const ir::BoundArgs& b, const std::vector<ir::Arg>& args) {
  bool anyGrad = false;  // autograd records the write (none under no_grad: Note [Grad mode under the tracer])
  if (gradModeOn()) forEachTensorArg(b, [&](const TensorObject& t) { anyGrad |= autograd::requiresGrad(t); });
  for (int w = 0; w < b.count; ++w) {
    const ir::SchemaArg& ws = op.schema.args[static_cast<size_t>(w)];
    if (!ws.alias.isWrite || args[static_cast<size_t>(w)].kind != ir::Arg::Kind::Tensor) continue;
    const TensorObject& out = *asTensor(b[w]);
    const ir::IrValue* written = args[static_cast<size_t>(w)].tensor;
    const ir::IrValue* root = rootOf(written);
    if (anyGrad && !out.isMeta())
      refuseJoint(op.name() + "() writes a tensor from outside the compiled region with a value that requires grad");
    if (!gradSeen_) continue;
    if (!anyGrad) {
      checkUnrecordedWrite(op, root);  // Note [Writes autograd does not record]
      continue;
    }
    if (root != written || viewedRoots_.count(root))
      refuseJoint(op.name() + "() writes through a view, or into a tensor that has views, while autograd records");
    for (int i = 0; i < b.count && anyGrad; ++i)
      if (i != w && args[static_cast<size_t>(i)].kind == ir::Arg::Kind::Tensor && rootOf(args[static_cast<size_t>(i)].tensor) == root)
        refuseJoint(op.name() + "() reads the tensor it writes while autograd records");
  }
}

// Note [Writes autograd does not record]
// An in-place op none of whose tensors requires grad (`w.sub_(lr * g)` after
// `g = grad(loss)(w, x)`, whose leaf was a detached alias of w) makes no
// node in eager. It bumps the storage's version, which the tracer counts
// (noteJointNode; Note [Versions of proxies]), so a node that saved a
// tensor of that storage fails the backward's check as in eager. And a
// differentiable view of that storage (a view of the transform's leaf)
// finds its version stale at its next grad_fn and replays it from its base
// (Note [Differentiable views]); proxies are no differentiable views, so
// the trace cannot replay. The write is therefore traced only while no
// view of that storage that requires grad can be read by autograd again:
// none that has a grad_fn is referenced beyond the tracer's own two
// references (keepAlive_ and viewProxies_): by a register, a container, a
// node that saved it or a vjp_fn. Then nothing can ask for a grad_fn eager
// would replay, and the segment gives eager's results (a leaf, such as the
// transform's detached alias itself, is no view eager replays). Otherwise
// the joint trace is refused, as it is for a write that autograd records
// through a view or into a storage with views. The reference count is
// conservative: a reference the program can no longer reach (a dead
// register, a cycle) still refuses. A node the backward released holds no
// reference (Note [Released nodes hold no tensors]), so a slice a formula
// saved (sin's self in `grad(lambda a: a[1:].sin().sum())(w)`) is not live
// after the transform; the tracer's keepAlive_ keeps every proxy, and so
// every node, alive, and would otherwise count.
// A proxy down to the tracer's two references stays there (nothing hands it
// out again), so it leaves viewProxies_ for good: each write scans only the
// views the program can still reach.
void Tracer::checkUnrecordedWrite(const ir::OpDef& op, const ir::IrValue* root) {
  constexpr uint32_t kTracerRefs = 2;
  viewProxies_.erase(std::remove_if(viewProxies_.begin(), viewProxies_.end(),
                                    [](const Ref<TensorObject>& v) { return v->refCount() <= kTracerRefs; }),
                     viewProxies_.end());
  const void* storage = storageOfRoot(root);
  for (const Ref<TensorObject>& view : viewProxies_) {
    if (autograd::isLeaf(*view)) continue;
    auto it = irOf_.find(view.get());
    if (it != irOf_.end() && storageOfRoot(rootOf(it->second)) == storage)
      refuseJoint(op.name() + "() writes a storage that a live view requiring grad shares (eager would replay the view's grad_fn)");
  }
}

void Tracer::noteJointNode(const ir::Node& n) {
  for (size_t i : ir::writtenArgIndices(n))
    if (const ir::IrValue* w = n.tensorArg(i)) ++writesOf_[rootOf(w)];
  if (!n.op()->has(ir::kTagInplace))
    for (size_t k = 0; k < n.numOutputs(); ++k)
      if (ir::aliasedArgIndex(n, k) >= 0) aliasedRoots_.insert(rootOf(n.output(k)));
  // An in-place op's result is self; alias and detach results (saved
  // outputs, detach()) share the version counter but are no differentiable views.
  if (n.op()->has(ir::kTagInplace) || n.op()->name() == "alias" || autograd::isNonDifferentiable(*n.op())) return;
  for (size_t k = 0; k < n.numOutputs(); ++k)
    if (ir::aliasedArgIndex(n, k) >= 0) viewedRoots_.insert(rootOf(n.output(k)));
}

// Note [Saved values of rebound proxies]
// An in-place op on a proxy that nothing else aliases (a fresh result, not
// a view, no view, alias or detach of it taken) is recorded as its
// functional twin, and the proxy is rebound to the new value: `a.sin_()`
// becomes `%1 = sin(%0)` with `a` now naming %1. The value before the write
// (%0) stays in the graph, so a formula that saves self before the write
// (SinBackward) reads %0 itself instead of a clone, and reinplacing decides,
// with the backward as a later reader, whether sin may still write into %0
// (it may not while cos(%0) follows); an op whose old value no formula
// needs is reinplaced back. Versions carry over (Note [Versions of
// proxies]): the new value continues the old one's count, and the old
// one's is bumped, so objects still naming it (autograd's saved aliases)
// fail the backward's check as in eager. Only for joint traces where
// autograd takes part in the op.
bool Tracer::rebindsFunctionally(const ir::OpDef& op, const ir::BoundArgs& b) const {
  if (!joint_ || !op.has(ir::kTagInplace) || !op.functional || isInplaceViewOp(op) || b.count == 0 ||
      !b[0].isTensor() || !op.schema.args[0].alias.isWrite)
    return false;
  TensorObject* self = asTensor(b[0]);
  auto it = irOf_.find(self);
  if (!self->isMeta() || it == irOf_.end()) return false;
  const ir::IrValue* v = it->second;
  if (!v->node()->isOp() || rootOf(v) != v || aliasedRoots_.count(v)) return false;
  bool anyGrad = false;
  for (int i = 0; i < b.count; ++i) {
    if (i > 0 && op.schema.args[static_cast<size_t>(i)].alias.isWrite) return false;
    auto sameRoot = [&](const Value& x) {
      if (!x.isTensor()) return false;
      anyGrad |= autograd::requiresGrad(*asTensor(x));
      auto found = irOf_.find(asTensor(x));
      return found != irOf_.end() && rootOf(found->second) == v;
    };
    if (b.kind(i) == ArgKind::Tensors) {
      for (const Value& x : b.tensorsAt(i))
        if (sameRoot(x)) return false;
    } else if (i > 0 && sameRoot(b[i])) {
      return false;
    } else if (i == 0) {
      sameRoot(b[0]);
    }
  }
  if (!anyGrad && !gradSeen_) return false;
  ir::BoundArgs fb = b;
  fb.op = op.functional;
  ir::MetaResult mr;
  op.functional->meta(fb, mr);
  return mr.count == 1 && mr.out[0].dtype == self->meta.dtype && mr.out[0].sizes == self->meta.sizes &&
         mr.out[0].strides == self->meta.strides;
}

ir::Node* Tracer::recordRebound(const ir::OpDef& op, std::vector<ir::Arg> args, std::vector<ir::ValueMeta> metas,
                                TensorObject* self) {
  ir::IrValue*& named = irOf_.at(self);
  ir::IrValue* old = named;
  ir::Node* n = graph_->createOp(op.functional, std::move(args), std::move(metas));
  noteJointNode(*n);
  const uint64_t version = ++writesOf_[old];
  writesOf_[n->output(0)] = version;
  named = n->output(0);
  return n;
}

Value Tracer::valueBeforeWrite(const ir::OpDef& op, const ir::BoundArgs& b) {
  if (!rebindsFunctionally(op, b)) return Value();
  TensorObject* self = asTensor(b[0]);
  Ref<TensorObject> before = makeMetaTensor(self->meta);
  irOf_[before.get()] = irOf_.at(self);
  keepAlive_.push_back(Value(before));
  return Value(before);
}

void Tracer::noteLeaf(TensorObject* t, const Source& src) {
  if (t->isMeta() || !autograd::requiresGrad(*t) || !autograd::isLeaf(*t)) return;
  for (const LeafRecord& l : leaves_)
    if (l.leaf.get() == t) return;
  const Value grad = autograd::metaOf(*t)->grad;
  leaves_.push_back(LeafRecord{Ref<TensorObject>(t), src, grad});
  if (grad.isTensor()) {
    Source g = src;
    g.grad = true;
    noteAlias(grad.asObj(), g);  // accumulation writes it: a graph input named `leaf.grad`
  }
}

void Tracer::noteGradRead(const Value& v) {
  TensorObject* t = asTensor(v);
  if (t->isMeta()) return;  // a proxy's .grad: made in this segment, or None
  if (!autograd::isLeaf(*t)) refuseJoint("the .grad of a tensor with autograd history from before the compiled region");
  bool found = false;
  Source src = sourceFor(v, &found);
  noteLeaf(t, src);
  for (LeafRecord& l : leaves_)
    if (l.leaf.get() == t) l.gradRead = true;
}

// torch.autograd.grad / backward and Tensor.backward: a backward through
// history from before the segment would run (and free) eager nodes.
void Tracer::noteEngineRun() {
  engineRan_ = true;
  if (historyInputs_) refuseJoint("autograd runs in a compiled region that reads a tensor with autograd history from before it");
}

void Tracer::checkJointCall(const CallArgs& a, bool method) {
  noteEngineRun();
  auto check = [&](const Value& v) {
    if (v.isTensor() && !asTensor(v)->isMeta() && !autograd::isLeaf(*asTensor(v)))
      refuseJoint("backward through autograd history from before the compiled region");
  };
  for (size_t i = method ? 0 : 1; i + (method ? 1 : 0) < a.nargs; ++i) {
    const Value& v = a[i];
    check(v);
    if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple))
      for (const Value& item : seqItems(v)) check(item);
  }
}

void Tracer::finishJoint(Segment& seg) {
  for (const LeafRecord& l : leaves_) {
    // Note [Compiled backward]: a segment that runs no backward and reads no
    // .grad does not depend on one (a training loop's second call has one).
    if (!engineRan_ && !l.gradRead) continue;
    GradState g;
    g.leaf = l.source;
    g.leaf.grad = true;
    g.present = !l.gradAtEntry.isNone();
    const Value now = autograd::metaOf(*l.leaf)->grad;
    if (!now.identical(l.gradAtEntry)) {
      if (now.isTensor() && autograd::requiresGrad(*asTensor(now)))
        refuseJoint("a .grad that requires grad (create_graph=True) leaves the compiled region");
      g.writes = true;
      g.after = describe(now, 0);
    }
    seg.grads.push_back(std::move(g));
  }
  if (gradSeen_ || !leaves_.empty() || gradModeRead_) seg.gradMode = modeAtEntry_ == 1;  // enabled, not inference
}

// Note [Autograd reads while tracing]
// Python code that asks autograd about a tensor bakes the answer into the
// segment, as a metadata read does (Note [Metadata reads]):
// - .requires_grad, .is_leaf, .grad_fn (is it None), .retains_grad of a
//   proxy follow from the graph inputs' guards (each input's requires_grad
//   and leafness) and the grad mode, which the segment then guards; of a
//   real tensor they add a guard on its requires_grad (and leafness) to the
//   tensor's metadata guard. A tensor with history from before the segment
//   refuses the joint trace, as an op of it does. A grad_fn object made in
//   the segment must not outlive it (it names this trace's nodes): the
//   joint trace is refused when it would.
// - torch.is_grad_enabled() and is_inference_mode_enabled() guard the exact
//   grad state at the segment's entry, inference mode included (Note [Grad
//   mode under the tracer] in tracer_grad_mode.cpp).
// - requires_grad_(), retain_grad() and register_hook() on a proxy (a
//   tensor made in the segment) change only autograd's record of it, which
//   the trace keeps: the backward then accumulates into, or retains, a
//   proxy's .grad, read later in the segment like any proxy, and runs the
//   hook as traced code (Note [Tensor hooks] in autograd/engine.cpp). The
//   handle's remove() is traced while the handle was made in the segment;
//   a handle outliving the segment refuses the joint trace. On a real
//   tensor they would change an object the graph cannot: the graph breaks.
bool Tracer::isTracedAutogradRead(const std::string& name) {
  return name == "requires_grad" || name == "is_leaf" || name == "grad_fn" || name == "retains_grad";
}

void Tracer::noteAutogradRead(const Value& v, const std::string& name) {
  TensorObject* t = asTensor(v);
  if (t->isMeta()) {
    if (autograd::requiresGrad(*t)) gradSeen_ = true;
    return;
  }
  if (autograd::requiresGrad(*t) && !autograd::isLeaf(*t))
    refuseJoint("." + name + " of a tensor whose autograd history began before the compiled region");
  for (const Ref<TensorObject>& r : gradReads_)
    if (r.get() == t) return;
  gradReads_.emplace_back(t);
}

void Tracer::noteAutogradFlagChange(const Value& v, const std::string& method) {
  if (!asTensor(v)->isMeta())
    graphBreak("autograd is not traced yet: Tensor." + method + "() of a tensor from outside the compiled region");
  gradSeen_ = true;
  proxyAutograd_ = true;
}

void Tracer::noteGradModeRead() { gradModeRead_ = true; }  // guards the exact state (Note [Grad mode under the tracer])

void Tracer::restoreLeafGrads() {
  for (const LeafRecord& l : leaves_) autograd::ensureMeta(*l.leaf).grad = l.gradAtEntry;
}

}  // namespace tdsl
