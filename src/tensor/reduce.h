// Reductions: which dims an op reduces, and the fixed summation order.
//
// Note [Reduction order]
// Every floating sum (sum, mean, and the JIT later) adds the n reduced
// elements x[0..n) — taken in row-major logical order of the reduced dims —
// in exactly this order, in the input's dtype (float32 sums accumulate in
// float32, like PyTorch):
//   1. Blocks of kReduceBlock = 128 consecutive elements (the last block may
//      be shorter). Within a block, 8 virtual lanes: lane j accumulates
//      x[b + j], x[b + j + 8], x[b + j + 16], ... starting from 0 (each lane
//      sums its elements left to right). The block's value is the lane tree
//      ((l0 + l1) + (l2 + l3)) + ((l4 + l5) + (l6 + l7)).
//   2. Block values are combined like a binary counter: push each block value
//      with level 0; while the top two entries have equal level, replace them
//      by (lower + upper) with level + 1. At the end, fold the stack from the
//      top: acc = top; then acc = entry + acc for each entry below.
// Error therefore grows with log2(n / 128), as in PyTorch's cascade sum.
// Integer sums accumulate in int64 (wrap-around is two's complement).
// prod multiplies left to right; min/max/argmin/argmax scan left to right,
// propagate NaN, and report the first index of the extreme value.
#pragma once

#include <cstdint>

#include "tensor/op_abi.h"
#include "tensor/tensor.h"

namespace tdsl {

constexpr int kReduceLanes = 8;
constexpr int64_t kReduceBlock = 128;

struct ReduceSpec {
  Dims reduced;   // per input dim: 1 if reduced
  Dims outSizes;  // result sizes (keepdim respected)
  bool keepdim = false;
  bool all = false;  // no dim given: reduce everything
};

// Reads `dim` / `keepdim` from the bound call (by schema argument name).
ReduceSpec reduceSpec(const BoundArgs& a, const char* opName);

// Sum in the order of Note [Reduction order]; `get(i)` returns element i.
// `interrupt` is polled every kInterruptGrain elements (Note [Interrupting kernels]).
template <class T, class Get>
T cascadeSum(int64_t n, Get&& get, std::atomic<bool>* interrupt = nullptr) {
  static_assert(kInterruptGrain % kReduceBlock == 0, "polls fall on block boundaries");
  T stack[64];
  int levels[64];
  int top = 0;
  for (int64_t b = 0; b < n; b += kReduceBlock) {
    if ((b & (kInterruptGrain - 1)) == 0 && b != 0) pollInterrupt(interrupt);
    int64_t end = b + kReduceBlock < n ? b + kReduceBlock : n;
    T lane[kReduceLanes] = {};
    for (int64_t i = b; i < end; ++i) lane[(i - b) % kReduceLanes] += get(i);
    T value = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
    stack[top] = value;
    levels[top] = 0;
    ++top;
    while (top >= 2 && levels[top - 1] == levels[top - 2]) {
      stack[top - 2] = stack[top - 2] + stack[top - 1];
      levels[top - 2] += 1;
      --top;
    }
  }
  if (top == 0) return T(0);
  T acc = stack[top - 1];
  for (int i = top - 2; i >= 0; --i) acc = stack[i] + acc;
  return acc;
}

// Calls f(begin, end) for consecutive chunks of [0, n) of kInterruptGrain
// elements, polling `interrupt` between chunks; the chunks run in order, so a
// left-to-right loop split this way visits elements exactly as before.
template <class F>
void forChunks(std::atomic<bool>* interrupt, int64_t n, F&& f) {
  for (int64_t b = 0; b < n; b += kInterruptGrain) {
    if (b != 0) pollInterrupt(interrupt);
    f(b, n - b > kInterruptGrain ? b + kInterruptGrain : n);
  }
}

struct MatmulShape {
  int64_t m = 0, k = 0, n = 0;
  bool xVector = false, yVector = false;
  Dims batch;     // broadcast batch dims
  Dims outSizes;
};
Dims broadcastShapesForMatmul(const Dims& a, const Dims& b);

namespace meta {
MatmulShape matmulShape(const TensorObject& x, const TensorObject& y);
}

}  // namespace tdsl
