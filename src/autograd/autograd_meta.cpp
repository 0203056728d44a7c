#include "autograd/autograd_meta.h"

#include "autograd/function_node.h"
#include "autograd/grad_ops.h"
#include "autograd/node.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

AutogradMeta& ensureMeta(TensorObject& t) {
  if (!t.autograd) t.autograd = std::make_shared<AutogradMeta>();
  return *t.autograd;
}

void setLeafRequiresGrad(TensorState& s, TensorObject& t, bool flag) {
  AutogradMeta& m = ensureMeta(t);
  if (flag && !m.requiresGrad) m.leafSince = ++s.autogradSequence;
  m.requiresGrad = flag;
}

bool requiresGrad(const TensorObject& t) {
  const AutogradMeta* m = metaOf(t);
  return m && (m->requiresGrad || m->gradFn);
}

bool isLeaf(const TensorObject& t) {
  const AutogradMeta* m = metaOf(t);
  return !m || !m->gradFn;
}

std::shared_ptr<Node> gradFn(TensorObject& t) {
  AutogradMeta* m = metaOf(t);
  if (!m) return nullptr;
  if (m->viewBase && versionOf(t) != m->viewVersion) {
    // Note [Differentiable views]: the base changed in place since this
    // view's grad_fn was set; its gradient now flows through the base's history.
    m->viewVersion = versionOf(t);
    TensorObject& base = *m->viewBase;
    if (requiresGrad(base)) {
      auto node = std::make_shared<ViewOfBase>(base.meta, t.meta);
      node->sequenceNr = 0;
      node->next.push_back(gradientEdge(base));
      node->outputs.push_back(t.meta);
      setHistory(t, node, 0);
    }
  }
  return m->gradFn;
}

Edge gradientEdge(TensorObject& t) {
  if (std::shared_ptr<Node> fn = gradFn(t)) return Edge{fn, metaOf(t)->outputNr};
  AutogradMeta* m = metaOf(t);
  if (!m || !m->requiresGrad) return Edge{};
  std::shared_ptr<Node> acc = m->gradAccumulator.lock();
  if (!acc) {
    acc = std::make_shared<AccumulateGrad>(Ref<TensorObject>(&t));
    acc->outputs.push_back(t.meta);
    m->gradAccumulator = acc;
  }
  return Edge{acc, 0};
}

void setHistory(TensorObject& t, const std::shared_ptr<Node>& fn, uint32_t nr) {
  AutogradMeta& m = ensureMeta(t);
  m.gradFn = fn;
  m.outputNr = nr;
  m.requiresGrad = false;
  if (fn->outputs.size() <= nr) fn->outputs.resize(nr + 1);
  fn->outputs[nr] = t.meta;
  if (m.retained) fn->retained.emplace_back(nr, m.retained);
}

std::vector<Value> AccumulateGrad::apply(ApplyContext& ctx, std::vector<Value>& grads) {
  if (grads.empty() || grads[0].isNone()) return {};
  TensorState& s = ctx.state;
  AutogradMeta& m = ensureMeta(*variable);
  Value g = grads[0];
  if (asTensor(g)->sizes() != variable->sizes()) g = sumToSize(s, g, variable->sizes());
  g = toDtype(s, g, variable->dtype());
  if (m.grad.isNone()) {
    m.grad = op(s, "clone", {g});
  } else if (ctx.createGraph) {
    m.grad = op(s, "add.Tensor", {m.grad, g});
  } else {
    op(s, "add_.Tensor", {m.grad, g});
  }
  return {};
}

std::vector<Value> NotImplementedNode::apply(ApplyContext&, std::vector<Value>&) {
  throw Error(ErrorKind::Runtime, "derivative for aten::" + op_ + " is not implemented");
}

}  // namespace tdsl::autograd
