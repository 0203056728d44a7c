// View geometry shared by meta rules, kernels and the indexing bindings.
#pragma once

#include <optional>

#include "tensor/tensor_meta.h"

namespace tdsl {

// Resolves one -1 in `requested`; PyTorch's "shape '[4, 5]' is invalid for input of size 12".
Dims inferViewSize(const Dims& requested, int64_t numel);
// PyTorch's computeStride: strides that view `old` as `newShape`, if any exist.
std::optional<Dims> computeViewStrides(const TensorMeta& old, const Dims& newShape);

// Python slice bounds clamped to [0, size] (step > 0).
struct SliceBounds {
  int64_t start;
  int64_t length;
};
SliceBounds sliceBounds(int64_t size, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step);

}  // namespace tdsl
