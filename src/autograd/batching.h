// vmap's batch levels (torch.func.vmap, vm/torch/vmap.cpp).
//
// Note [Batch levels]
// vmap runs its function once per sample (Note [vmap by samples] in
// vm/torch/vmap.cpp). To give PyTorch's errors where functorch cannot batch,
// each call of a vmapped function opens a level, and the per-sample slices of
// its batched inputs are marked with it. Every op whose arguments carry marks
// gives its results the union of their live marks (autograd's dispatch, which
// such tensors always reach because the marks live in their AutogradMeta). A
// tensor with a live mark is "batched": .item(), bool() and friends refuse it,
// and an in-place op refuses to write a batched argument into a self that is
// not batched at all of the argument's levels. A level dies when its vmap call
// returns, so marks on tensors that escape the call mean nothing afterwards.
#pragma once

#include <memory>
#include <vector>

#include "tensor/tensor.h"

namespace tdsl {

struct BatchLevel {
  bool live = true;
};
using BatchMarks = std::vector<std::shared_ptr<BatchLevel>>;

namespace autograd {

// Marks `t` batched at `level` (on top of any marks it has).
void markBatched(TensorObject& t, const std::shared_ptr<BatchLevel>& level);
// Whether `t` carries a live mark.
bool isBatched(const TensorObject& t);
// Adds t's live marks to `into` (no duplicates).
void collectLiveMarks(const TensorObject& t, BatchMarks& into);
// Whether every level in `marks` is among t's live marks.
bool hasAllMarks(const TensorObject& t, const BatchMarks& marks);
// Gives `t` the marks `marks` (keeping its own).
void addMarks(TensorObject& t, const BatchMarks& marks);

// PyTorch's errors for reading a batched tensor's data.
[[noreturn]] void throwBatchedItem();
[[noreturn]] void throwBatchedControlFlow();

}  // namespace autograd
}  // namespace tdsl
