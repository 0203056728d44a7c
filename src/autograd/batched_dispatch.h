// vmap's batching layer: ops on batched tensors run once for the whole batch.
//
// Note [Batched tensors]
// A tensor batched at physical levels (tensor/transform_state.h) is, as a
// TensorObject, the strided view of its first sample (its "logical" tensor:
// what the vmapped function sees, with the per-sample sizes), plus, in its
// AutogradMeta, one BatchDim{level, stride} per level, outermost first: the
// sample at indices (b1..bk) starts b1*stride1 + ... + bk*stridek elements
// after the first. Its physical view (sizes [B1..Bk] + logical sizes,
// strides [stride1..stridek] + logical strides, the same offset) holds every
// sample, so the batching layer can run an op once on physical views where
// functorch has a batching rule for it (pointwise ops, reductions and other
// ops along a dim, views, matmul, cat/stack, indexing with unbatched indices)
// and turn each physical result back into a logical tensor at the union of
// the arguments' levels (sorted by when they opened). Every other op runs
// once per sample on the samples' views and is stacked (the fallback, as
// functorch's). Before a rule runs, the op's shape rule runs on the logical
// arguments, so shape and dtype errors are the ones the function would meet
// on one sample; a rule whose physical result does not have the batch sizes
// followed by the logical result's sizes and dtype (type promotion counts a
// 0-dim batched argument as dimensioned, for one) falls back.
//
// View results share their self's storage, so a view op runs on the logical
// self and the result keeps self's batch strides: a write through it reaches
// every sample, as in PyTorch. Autograd records nodes on logical tensors, so
// gradients of batched values are batched tensors too (Note [Gradients
// leaving a batch level] in engine.cpp says where they are summed).
#pragma once

#include <memory>
#include <vector>

#include "autograd/batching.h"
#include "ops/op_table.h"
#include "tensor/tensor.h"

namespace tdsl::autograd {

// Whether `op` writes its tensor self argument in place (Tensor(a!) self).
inline bool writesSelf(const ir::OpDef& op, const BoundArgs& args) {
  return op.has(kTagInplace) && !op.schema.args.empty() && op.schema.args[0].alias.isWrite && args.count > 0 &&
         args[0].isTensor();
}

// Whether a batched vmap call is under way (TensorState::vmapLevels also
// lists the calls that run by samples, Note [vmap by samples]).
bool batchedCallUnderWay(const TensorState& s);
// Whether `op` on `args` goes through the batching layer: some tensor
// argument has physical batch dims, or the op draws random numbers while a
// batched vmap call is under way (Note [Randomness under vmap]).
bool needsBatching(const TensorState& s, const ir::OpDef& op, const BoundArgs& args);
// Runs `op` on batched arguments (Note [Batched tensors]); in-place ops return self.
OpResults dispatchBatched(TensorState& s, const ir::OpDef& op, BoundArgs& args);

// vmap's wrapping: the logical view of `t` without its dim `dim`, batched at
// `level` along it (on top of t's own levels).
Value addBatchDim(const TensorObject& t, int64_t dim, const std::shared_ptr<BatchLevel>& level);
// vmap's unwrapping: `t` with its samples at `level` moved into logical dim
// `outDim` (of the result's rank); `t` not batched at `level` is expanded
// along that dim to the level's size. The result keeps t's other levels.
Value removeBatchDim(const TensorObject& t, const std::shared_ptr<BatchLevel>& level, int64_t outDim);
// Sums `g` over the levels it is batched at whose vmap call has returned and
// that opened after `since` (Note [Gradients leaving a batch level]).
Value sumLevelsLeft(TensorState& s, const Value& g, uint64_t since);
// The view of every sample of `t`: its levels' dims (outermost first), then
// its logical dims; `levels` gets the levels.
Value physicalViewOf(const TensorObject& t, std::vector<std::shared_ptr<BatchLevel>>* levels = nullptr);
// Zeros of logical `sizes`, batched at the physical levels of `like`.
Value zerosBatchedLike(TensorState& s, const Value& like, const Dims& sizes, DType dtype);

}  // namespace tdsl::autograd
