// Autograd graph nodes (PyTorch's torch::autograd::Node): a node turns the
// gradients of a forward call's outputs into gradients for its inputs, which
// flow along `next` (one Edge per differentiable input, empty for an input
// that needs none).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "autograd/autograd_meta.h"

namespace tdsl::autograd {

struct ApplyContext {
  TensorState& state;
  bool createGraph = false;
};

class Node : public std::enable_shared_from_this<Node> {
 public:
  virtual ~Node() = default;
  // PyTorch's grad_fn.name(): "MulBackward0", "torch::autograd::AccumulateGrad".
  virtual std::string name() const = 0;
  // The Python class name in repr(grad_fn): "MulBackward0", "AccumulateGrad".
  virtual std::string className() const { return name(); }
  // What repr(grad_fn) names: the class, qualified for a Python-level
  // autograd.Function ("torch.autograd.function.CompiledFunctionBackward").
  virtual std::string reprName() const { return className(); }
  // `grads` has one entry per forward output (None: no gradient reached it).
  // Returns one gradient per `next` edge (None: none).
  virtual std::vector<Value> apply(ApplyContext& ctx, std::vector<Value>& grads) = 0;
  // Frees the saved tensors (backward without retain_graph).
  virtual void releaseSaved() {}

  std::vector<Edge> next;
  // The forward outputs' metadata: an output no gradient reached gets zeros.
  std::vector<TensorMeta> outputs;
  // Note [Retained grads]: slots of outputs that asked for retain_grad().
  std::vector<std::pair<uint32_t, std::shared_ptr<RetainedGrad>>> retained;
  // Note [Tensor hooks]: register_hook() hooks of its outputs (non-leaves).
  std::vector<std::pair<uint32_t, std::shared_ptr<TensorHook>>> tensorHooks;
  uint64_t sequenceNr = 0;  // creation order; the engine runs later nodes first
};

// Accumulates into a leaf's .grad (Note [Leaves and non-leaves]).
class AccumulateGrad : public Node {
 public:
  // PyTorch numbers accumulators UINT64_MAX: the engine runs one (its
  // hooks, the .grad write) as soon as it is ready.
  explicit AccumulateGrad(Ref<TensorObject> leaf) : variable(std::move(leaf)) { sequenceNr = UINT64_MAX; }
  std::string name() const override { return "torch::autograd::AccumulateGrad"; }
  std::string className() const override { return "AccumulateGrad"; }
  std::vector<Value> apply(ApplyContext& ctx, std::vector<Value>& grads) override;
  Ref<TensorObject> variable;
};

// The node of an op whose derivative tdsl does not implement: backward
// through it fails with PyTorch's message.
class NotImplementedNode : public Node {
 public:
  explicit NotImplementedNode(std::string op) : op_(std::move(op)) {}
  std::string name() const override { return "torch::autograd::NotImplemented"; }
  std::string className() const override { return "NotImplemented"; }
  std::vector<Value> apply(ApplyContext& ctx, std::vector<Value>& grads) override;

 private:
  std::string op_;
};

}  // namespace tdsl::autograd
