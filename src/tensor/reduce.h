// Reductions: which dims an op reduces, and the fixed summation order.
//
// Note [Reduction order]
// Every floating sum (sum, mean, and the JIT's fused ones) adds the n reduced
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

// Note [Shared reduction code]
// A compiler may swap the operands of a commutative + or *, and that picks
// which of two NaNs survives (x86 keeps the first operand's), so the same
// source compiled in two places can give different NaN bits. The pieces
// below are therefore compiled once (kernels/reduce.cpp, float and double)
// and called by every eager float sum and prod (strided elements are
// gathered into a block first: reduceBlock, prodInOrder) and by the JIT's
// fused reductions alike (jit/fused_reduction.h).

// Step 1 for `count` <= kReduceBlock contiguous elements at p.
template <class T>
T reduceBlockContiguous(const T* p, int64_t count);
// ((acc * p[0]) * p[1]) ... left to right (prod).
template <class T>
T prodContiguous(T acc, const T* p, int64_t count);

// Note [Vector block sums]
// Steps 1 and 2 for n contiguous elements at p: every block is pushed, in
// order, onto `stack` (a short last block too). On AVX CPUs the full blocks
// are summed by reduce_blocks_avx.cpp, eight lanes to a register, with the
// same adds in the same association as reduceBlockContiguous, so every
// block value that is not NaN has its bits (IEEE addition is commutative to
// the bit except for which NaN payload survives). A block whose vector value
// is NaN is summed again by reduceBlockContiguous, so NaN bits are that
// code's too. Eager sums and the JIT's fused ones both come here.
template <class T>
class CascadeStack;
template <class T>
void pushBlocksContiguous(const T* p, int64_t n, CascadeStack<T>& stack);

// Step 2 of Note [Reduction order]: block values pushed in block order.
// A run of 2^L blocks that starts at a multiple of 2^L blocks ends as one
// entry of level L, so pushing that entry with its level (or the entries of
// an unfinished run, in order) is the same as pushing its blocks one by one.
template <class T>
class CascadeStack {
 public:
  void push(T value, int level = 0);
  T finish() const;
  int size() const { return top_; }
  T value(int i) const { return stack_[i]; }
  int level(int i) const { return levels_[i]; }

 private:
  T stack_[64];
  int levels_[64];
  int top_ = 0;
};

// cascadeSum of n contiguous elements at p, with the shared pieces.
template <class T>
T cascadeSumContiguous(const T* p, int64_t n, std::atomic<bool>* interrupt = nullptr) {
  static_assert(kInterruptGrain % kReduceBlock == 0, "polls fall on block boundaries");
  CascadeStack<T> stack;
  for (int64_t b = 0; b < n; b += kInterruptGrain) {
    if (b != 0) pollInterrupt(interrupt);
    pushBlocksContiguous<T>(p + b, n - b < kInterruptGrain ? n - b : kInterruptGrain, stack);
  }
  return stack.finish();
}

// Step 1 for the block [b, end) (at most kReduceBlock elements); `get(i)`
// returns element i. Gathered first, so the adds are the shared ones.
template <class T, class Get>
T reduceBlock(int64_t b, int64_t end, Get&& get) {
  T block[kReduceBlock];
  for (int64_t i = b; i < end; ++i) block[i - b] = get(i);
  return reduceBlockContiguous<T>(block, end - b);
}

// prod of n elements left to right from acc, with the shared multiply.
template <class T, class Get>
T prodInOrder(T acc, int64_t n, Get&& get, std::atomic<bool>* interrupt = nullptr) {
  T block[kReduceBlock];
  for (int64_t b = 0; b < n; b += kReduceBlock) {
    if ((b & (kInterruptGrain - 1)) == 0 && b != 0) pollInterrupt(interrupt);
    const int64_t end = b + kReduceBlock < n ? b + kReduceBlock : n;
    for (int64_t i = b; i < end; ++i) block[i - b] = get(i);
    acc = prodContiguous<T>(acc, block, end - b);
  }
  return acc;
}

// Sum in the order of Note [Reduction order]; `get(i)` returns element i.
// `interrupt` is polled every kInterruptGrain elements (Note [Interrupting kernels]).
template <class T, class Get>
T cascadeSum(int64_t n, Get&& get, std::atomic<bool>* interrupt = nullptr) {
  static_assert(kInterruptGrain % kReduceBlock == 0, "polls fall on block boundaries");
  CascadeStack<T> stack;
  for (int64_t b = 0; b < n; b += kReduceBlock) {
    if ((b & (kInterruptGrain - 1)) == 0 && b != 0) pollInterrupt(interrupt);
    stack.push(reduceBlock<T>(b, b + kReduceBlock < n ? b + kReduceBlock : n, get));
  }
  return stack.finish();
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
