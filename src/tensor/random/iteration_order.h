// The order PyTorch's CPU random kernels visit a tensor's elements in: each
// draw goes to the next element of a TensorIterator walk (cpu_serial_kernel),
// so a seeded fill of a transposed or sliced tensor puts the same numbers
// where PyTorch puts them.
//
// Note [Random fill order]
// TensorIterator ranks the dimensions of the written tensor by stride,
// smallest innermost: starting from the last dimension innermost, an
// insertion sort moves a dimension inwards past another when its stride is
// smaller, or when the strides are equal and its size is smaller; a stride-0
// dimension is never moved past. The walk then runs the innermost dimension
// fastest. For a contiguous tensor that is plain row-major order; for
// x.t() it is x's memory order. Functional forms of the in-place random ops
// (normal, uniform, ... made by functionalization) rank by the input they
// stand for, so the graph draws in eager's order whatever layout its fresh
// result has.
#pragma once

#include <cstdint>

#include "tensor/tensor_meta.h"

namespace tdsl {

// Dimensions innermost first, ranked as above by (sizes, strides).
Dims randomFillOrder(const Dims& sizes, const Dims& strides);

// Calls f(offsetA, offsetB) for every element in the order `order` gives
// (innermost first), where offsetX is the element's offset under stridesX.
template <class F>
void walkInOrder(const Dims& sizes, const Dims& order, const Dims& stridesA, const Dims& stridesB, F f) {
  const int nd = sizes.size();
  for (int d = 0; d < nd; ++d)
    if (sizes[d] == 0) return;
  int64_t idx[kMaxDims] = {};
  int64_t a = 0, b = 0;
  for (;;) {
    f(a, b);
    int k = 0;
    for (; k < nd; ++k) {
      const int d = static_cast<int>(order[k]);
      if (++idx[d] < sizes[d]) {
        a += stridesA[d];
        b += stridesB[d];
        break;
      }
      a -= stridesA[d] * (sizes[d] - 1);
      b -= stridesB[d] * (sizes[d] - 1);
      idx[d] = 0;
    }
    if (k == nd) return;
  }
}

}  // namespace tdsl
