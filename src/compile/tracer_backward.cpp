// The tracer's side of Note [Compiled backward] (compile/compiled_backward.h):
// the returned results that require grad, and the backward graphs traced
// from them.
#include <algorithm>

#include <fmt/format.h>

#include "autograd/autograd_meta.h"
#include "autograd/engine.h"
#include "compile/compiled_backward.h"
#include "compile/runtime.h"
#include "compile/tracer.h"
#include "ir/alias_analysis.h"
#include "vm/objects.h"

namespace tdsl {

void Tracer::noteDifferentiableResult(TensorObject* t, const ir::IrValue* v, int output) {
  if (!describingResults_ || !req_.compiledBackward) refuseJoint("a tensor that requires grad leaves the compiled region");
  for (const DifferentiableResult& r : diffResults_) {
    if (r.tensor.get() == t) return;  // returned twice: one result
    if (r.value == v) refuseJoint("two returned tensors that require grad are one traced value");
  }
  if (!autograd::gradFn(*t)) refuseJoint("a leaf that requires grad made in the compiled region is returned");
  const ir::IrValue* root = rootOf(v);
  if (root->node()->isInput())
    refuseJoint("a returned tensor that requires grad is a view of an input (eager's view semantics)");
  for (const DifferentiableResult& r : diffResults_)
    if (rootOf(r.value) == root) refuseJoint("two returned tensors that require grad share storage (eager's view semantics)");
  diffResults_.push_back(DifferentiableResult{Ref<TensorObject>(t), v, output});
}

// A forward value read by the backward being traced becomes an input of the
// backward graph, once.
ir::IrValue* Tracer::liftSaved(ir::IrValue* forward) {
  auto [it, fresh] = liftedSaved_.emplace(forward, nullptr);
  if (fresh) {
    it->second = graph_->addInput(fmt::format("saved_{}", liftedOrder_.size()), forward->meta());
    liftedOrder_.push_back(forward);
  }
  return it->second;
}

// The backward reads the forward's values and the tangents; writing one
// would change what the forward returned or what another backward reads.
void Tracer::checkBackwardWrites(const ir::OpDef& op, const ir::BoundArgs& b) {
  for (int w = 0; w < b.count; ++w) {
    if (!op.schema.args[static_cast<size_t>(w)].alias.isWrite || !b[w].isTensor()) continue;
    auto it = irOf_.find(asTensor(b[w]));
    if (it == irOf_.end() || it->second->node()->graph() != graph_.get() || rootOf(it->second)->node()->isInput())
      refuseJoint(op.name() + "() in the backward writes a forward value or a gradient it was given");
  }
}

void Tracer::traceBackward(Segment& seg) {
  if (engineRan_) refuseJoint("a tensor that requires grad leaves a compiled region that ran autograd itself");
  if (proxyAutograd_)
    refuseJoint("a tensor that requires grad leaves a compiled region that set requires_grad, a hook or retain_grad");
  if (diffResults_.size() > kMaxDifferentiableResults)
    refuseJoint(fmt::format("more than {} tensors that require grad leave the compiled region", kMaxDifferentiableResults));
  auto info = std::make_shared<CompiledBackward>();
  info->function = req_.fn->name();
  std::vector<autograd::Edge> captures;
  const std::vector<ir::IrValue*> forwardInputs = graph_->inputs();
  for (size_t i = 0; i < inputTensors_.size(); ++i) {
    TensorObject& t = *inputTensors_[i];
    if (!autograd::requiresGrad(t)) continue;
    for (size_t k = 0; k < forwardInputs.size(); ++k)
      if (irOf_.at(&t) == forwardInputs[k]) info->gradInputs.push_back(static_cast<int>(k));
    captures.push_back(autograd::gradientEdge(t));
  }
  if (captures.empty()) refuseJoint("a returned tensor requires grad through no input");
  for (const DifferentiableResult& r : diffResults_) {
    info->results.push_back(r.output);
    info->tangents.push_back(contiguousMeta(r.tensor->meta.dtype, r.tensor->meta.sizes));
  }
  std::unordered_map<const ir::IrValue*, int> savedIndex;  // forward value -> info->saved
  std::vector<ir::IrValue*> savedOutputs;
  forwardGraph_ = std::move(graph_);
  struct RestoreForward {
    Tracer& t;
    ~RestoreForward() {
      if (t.forwardGraph_) t.graph_ = std::move(t.forwardGraph_);
    }
  } restore{*this};
  const uint32_t subsets = (1u << diffResults_.size()) - 1;
  info->edges.assign(captures.size(), 0);
  std::vector<std::vector<std::vector<int>>> contributionOutputs;  // per subset, per capture
  for (uint32_t defined = 1; defined <= subsets; ++defined) {
    graph_ = std::make_unique<ir::Graph>(forwardGraph_->name() + "_backward");
    liftedSaved_.clear();
    liftedOrder_.clear();
    autograd::BackwardRequest req;
    for (size_t k = 0; k < diffResults_.size(); ++k) {
      if (!(defined & (1u << k))) continue;
      Ref<TensorObject> tangent = makeMetaTensor(info->tangents[k]);
      irOf_[tangent.get()] = graph_->addInput(fmt::format("tangent_{}", k), ir::fromTensorMeta(info->tangents[k]));
      keepAlive_.push_back(Value(tangent));
      req.roots.push_back(autograd::gradientEdge(*diffResults_[k].tensor));
      req.rootGrads.push_back(Value(tangent));
    }
    req.keepGraph = true;  // every subset runs the same nodes
    req.capture = true;
    req.boundary = true;  // Note [Boundary captures]
    req.captures = captures;
    std::vector<std::vector<Value>> contributions;
    req.contributions = &contributions;
    runTracedBackward(req);
    BackwardVariant v;
    v.defined = defined;
    std::vector<ir::IrValue*> outputs;
    std::vector<std::vector<int>>& perCapture = contributionOutputs.emplace_back(captures.size());
    for (size_t j = 0; j < captures.size(); ++j) {
      for (const Value& g : contributions[j]) {
        perCapture[j].push_back(static_cast<int>(outputs.size()));
        outputs.push_back(valueFor(asTensor(g)));
      }
      info->edges[j] = std::max(info->edges[j], static_cast<int>(perCapture[j].size()));
    }
    graph_->setOutputs(outputs);
    for (ir::IrValue* fwd : liftedOrder_) {
      auto [it, fresh] = savedIndex.emplace(fwd, static_cast<int>(info->saved.size()));
      if (fresh) {
        SavedForwardValue s;
        for (size_t k = 0; k < forwardInputs.size() && s.input < 0; ++k)
          if (forwardInputs[k] == fwd) s.input = static_cast<int>(k);
        if (s.input < 0) {
          s.output = static_cast<int>(outputs_.size() + savedOutputs.size());
          savedOutputs.push_back(fwd);
        }
        info->saved.push_back(s);
      }
      v.savedArgs.push_back(it->second);
    }
    v.graph = std::move(graph_);
    info->variants.push_back(std::move(v));
  }
  for (size_t i = 0; i < info->variants.size(); ++i)  // one slot per edge, -1 past this subset's contributions
    for (size_t j = 0; j < captures.size(); ++j)
      for (int k = 0; k < info->edges[j]; ++k) {
        const std::vector<int>& outs = contributionOutputs[i][j];
        info->variants[i].gradOutput.push_back(k < static_cast<int>(outs.size()) ? outs[static_cast<size_t>(k)] : -1);
      }
  graph_ = std::move(forwardGraph_);
  outputs_.insert(outputs_.end(), savedOutputs.begin(), savedOutputs.end());
  seg.backward = std::move(info);
}

}  // namespace tdsl
