// Autograd's record of one tensor (PyTorch's AutogradMeta): requires_grad,
// .grad, .grad_fn and the view relation, hung off TensorObject::autograd.
//
// Note [Leaves and non-leaves]
// A tensor with no grad_fn is a leaf; a leaf requires grad only when its
// flag says so (requires_grad=True, requires_grad_()), and backward
// accumulates into its .grad through its AccumulateGrad node (made on first
// use, held weakly here so a leaf never keeps its own accumulator alive). A
// tensor with a grad_fn is a non-leaf and always requires grad; its .grad
// stays None unless retain_grad() asked for it (the retained slot is shared
// with the node that produces the gradient, Note [Retained grads]).
//
// Note [Differentiable views]
// A view made by an op while grad mode is on remembers its root base (never
// a view) and the storage version when its grad_fn was set. An in-place op
// through the view rewrites the base's history (CopySlices, copy_slices.h);
// every view of that base then finds its version stale and regenerates its
// grad_fn as a view of the base's new history (gradientEdge), as PyTorch's
// view replay does. So `y = x * 1; y[1:].mul_(2)` gives y a CopySlices grad_fn.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "autograd/batching.h"
#include "tensor/tensor.h"

namespace tdsl {

namespace autograd {
class Node;
struct RetainedGrad {
  Value grad;
};
// Note [Tensor hooks] (engine.cpp): one Tensor.register_hook(fn); remove()
// on its handle sets `removed`.
struct TensorHook {
  Value fn;
  bool removed = false;
};
using TensorHooks = std::vector<std::shared_ptr<TensorHook>>;
}  // namespace autograd

struct AutogradMeta {
  bool requiresGrad = false;  // the leaf flag (Note [Leaves and non-leaves])
  Value grad;                 // a leaf's .grad: None or a tensor
  std::shared_ptr<autograd::Node> gradFn;
  uint32_t outputNr = 0;
  std::weak_ptr<autograd::Node> gradAccumulator;
  std::shared_ptr<autograd::RetainedGrad> retained;  // retain_grad() on a non-leaf
  autograd::TensorHooks hooks;                       // a leaf's register_hook() hooks (Note [Tensor hooks])
  Ref<TensorObject> viewBase;                        // Note [Differentiable views]
  uint64_t viewVersion = 0;
  BatchMarks batch;                                  // Note [Batch levels]
  // TensorState::autogradSequence when the leaf flag was set (Note [Gradients
  // leaving a batch level] in engine.cpp); 0: before any node.
  uint64_t leafSince = 0;
};

namespace autograd {

// An input slot of a node: the node and which of its forward outputs.
struct Edge {
  std::shared_ptr<Node> fn;
  uint32_t inputNr = 0;
  bool valid() const { return fn != nullptr; }
};

inline AutogradMeta* metaOf(const TensorObject& t) { return t.autograd.get(); }
AutogradMeta& ensureMeta(TensorObject& t);
// Leaf flag set, or a grad_fn.
bool requiresGrad(const TensorObject& t);
bool isLeaf(const TensorObject& t);
// The tensor's grad_fn (regenerated first for a stale view, Note
// [Differentiable views]); null for a leaf.
std::shared_ptr<Node> gradFn(TensorObject& t);
// Where a gradient for `t` goes: its grad_fn's output, the leaf's
// accumulator, or nowhere (a tensor that does not require grad).
Edge gradientEdge(TensorObject& t);
// Sets t's leaf flag (requires_grad), remembering when (leafSince).
void setLeafRequiresGrad(TensorState& s, TensorObject& t, bool flag);
// Makes `t` an output of `fn` (outputNr `nr`); keeps a retained grad slot.
void setHistory(TensorObject& t, const std::shared_ptr<Node>& fn, uint32_t nr);
// The storage version a saved tensor compares against (Note [Version counter]).
inline uint64_t versionOf(const TensorObject& t) { return t.storage ? t.storage->version : 0; }
inline void bumpVersion(const TensorObject& t) {
  if (t.storage) ++t.storage->version;
}

}  // namespace autograd
}  // namespace tdsl
