// vmap's batch levels and batched tensors (torch.func.vmap, vm/torch/vmap.cpp).
//
// Note [Batch levels]
// Each call of a vmapped function opens a level (tensor/transform_state.h), and
// the tensors batched at it carry the level in their AutogradMeta (so every
// op on them reaches autograd's dispatch). Every op whose arguments carry
// levels gives its results the union of their live levels. A tensor with a
// live level is "batched": .item(), bool() and friends refuse it, and an
// in-place op refuses to write a batched argument into a self that is not
// batched at all of the argument's levels (PyTorch's errors). A level dies
// when its vmap call returns, so levels on tensors that escape the call mean
// nothing to those checks afterwards.
//
// A level is physical (Note [Batched tensors] in batched_dispatch.h: the
// tensor holds every sample, and ops run once for the batch) or, when vmap
// runs the function once per sample (Note [vmap by samples]), a mark only.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "tensor/transform_state.h"
#include "tensor/op_abi.h"
#include "tensor/tensor.h"

namespace tdsl {

// One level a tensor is batched at. For a physical level, `stride` is the
// step in storage elements from one sample to the next.
struct BatchDim {
  std::shared_ptr<BatchLevel> level;
  int64_t stride = 0;
};
using BatchMarks = std::vector<BatchDim>;

namespace autograd {

// Marks `t` batched at `level` (on top of any marks it has).
void markBatched(TensorObject& t, const std::shared_ptr<BatchLevel>& level);
// Whether `t` carries a live mark.
bool isBatched(const TensorObject& t);
// Adds t's live marks to `into` (no duplicates).
void collectLiveMarks(const TensorObject& t, BatchMarks& into);
// Whether every level in `marks` is among t's live marks.
bool hasAllMarks(const TensorObject& t, const BatchMarks& marks);
// Gives `t` the marks-only levels of `marks` (keeping its own); physical
// levels are the batching layer's to set (setPhysicalDims).
void addMarks(TensorObject& t, const BatchMarks& marks);

// The physical levels `t` is batched at, live or not, outermost first.
BatchMarks physicalDims(const TensorObject& t);
bool hasPhysicalDims(const TensorObject& t);
// Replaces t's physical levels by `dims` (outermost first), keeping its marks.
void setPhysicalDims(TensorObject& t, const BatchMarks& dims);
// Whether `t` holds the samples of a physical level that is still live.
bool isLiveBatched(const TensorObject& t);

// Whether `name` is one of `names` (the batching rules' and errors' op lists).
template <size_t N>
bool isNamed(std::string_view name, const char* const (&names)[N]) {
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

// Calls f(TensorObject&) for each tensor argument, list items included.
template <class F>
void forEachTensorArg(const BoundArgs& args, F&& f) {
  for (int i = 0; i < args.count; ++i) {
    if (args.kind(i) == ArgKind::Tensors) {
      for (const Value& v : args.tensorsAt(i))
        if (v.isTensor()) f(*asTensor(v));
    } else if (args.kind(i) == ArgKind::Value && args[i].isTensor()) {
      f(*asTensor(args[i]));
    }
  }
}

// PyTorch's error for an in-place op `opName` ("mul_") writing batched
// values into a self that is not batched at their levels (Note [In-place
// into an unbatched self] in batching.cpp).
[[noreturn]] void throwInplaceIntoUnbatched(const TensorState& s, const std::string& opName, const BoundArgs& args);
// PyTorch's errors for reading a batched tensor's data.
[[noreturn]] void throwBatchedItem();
[[noreturn]] void throwBatchedControlFlow();

}  // namespace autograd
}  // namespace tdsl
