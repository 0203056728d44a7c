// Fused groups that end in a reduction (Note [Fused reductions] in
// opt/fuse_reduction.cpp), on the JIT path.
//
// Note [JIT reductions]
// The body's pointwise part (the body without its reduction) becomes a
// vector program whose last output is the reduced value; its kernel writes
// that value, chunk by chunk (Note [Parallel chunks], kParallelGrain
// elements, a multiple of kReduceBlock), into a scratch buffer of the chunk
// that stays in cache, and the chunk is reduced there at once with eager's
// own compiled code (Note [Shared reduction code]), so the bits are eager's:
//   sum, mean  the chunk's blocks go through a CascadeStack of the chunk; a
//              full chunk (2^8 blocks, starting at a multiple of 2^8 blocks)
//              ends as one entry of level 8. The chunks' entries are pushed
//              with their levels, in chunk order, into one CascadeStack:
//              the same as pushing every block in order. mean divides as
//              eager does;
//   max, min   each chunk's first NaN or first extreme (eager's scan) and
//              its index; chunks combine in order with the same rule,
//              which is the scan over the whole (the index of the winner:
//              max.dim, min.dim, argmax, argmin report it);
//   prod       left to right: the chunks run in order on one thread.
// The iteration space runs in waves of kReductionWave chunks, combined in
// order after each wave, so the chunk results need O(1) memory whatever the
// size (an expanded 10^12-element input is fine). A reduction alone whose
// input is one contiguous tensor reads it in place. Chunks are fixed by
// the element count, so the result does not depend on the thread count.
// With dtype= (Note [Fused reductions]) the scratch holds the reduced value
// in its own dtype and each chunk is converted with static_cast, as eager's
// contiguousOrSame converts the whole, into a buffer of the accumulation
// dtype before it is reduced (the kernel itself never converts, so this
// takes no mixed program and works on every tier).
//
// Note [JIT reductions over dims]
// For a reduction over dims the kernel's iteration space is the reduced
// value's shape permuted so that the kept dims come first and the reduced
// ones last (each in its order), every operand read through its strides
// permuted alike: output j's R reduced elements are then consecutive, in
// the row-major logical order of the reduced dims that Note [Reduction
// order] sums in (eager's kernels read the same order). Output j is
// exactly eager's reduction of those R values, whatever the chunking:
//   R <= kParallelGrain  chunks of whole rows (kParallelGrain / R of them);
//                        each row of the chunk's scratch is reduced at once
//                        (blocks from the row's start, as eager's);
//   R > kParallelGrain   row by row, each row as a full reduction of its
//                        range (the waves and chunk partials above, which
//                        start at multiples of kParallelGrain in the row).
// Rows are independent, so the bits do not depend on the thread count; prod
// multiplies each row left to right; max / min report each row's index
// among its R elements (its position along the one reduced dim of max.dim
// and argmax). An empty reduced dim gives eager's sum (0) and mean (0 / 0)
// and, for prod, 1; amax / amin / max.dim / argmax of it take the reference
// path (eager's error), and so does any max / min with no output element.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ir/graph.h"
#include "opt/fuse.h"
#include "tensor/reduce.h"

namespace tdsl::jit {

struct ReductionPlan {
  opt::ReductionKind kind = opt::ReductionKind::Sum;
  // The positions among the body outputs of the reduction's values and of
  // its indices (max.dim, argmax, ...); -1 for one it lacks or that is dead.
  int resultIndex = -1;
  int indicesIndex = -1;
  DType accumulate = DType::Float32;  // the dtype reduced in (dtype=, else the value's)
  // Note [JIT reductions over dims]: per dim of the reduced value, whether
  // it is reduced; whether the result has dims (else one element).
  std::vector<bool> reduced;
  bool overDims = false;
  // The body without the reduction: its outputs are the body's other
  // outputs, in order, then the reduction's input.
  std::shared_ptr<ir::Graph> pointwise;
};

// Null when the body does not end in a fused reduction.
std::optional<ReductionPlan> planReduction(const ir::Graph& body);

constexpr int64_t kReductionWave = 1024;  // chunks per wave

template <class T>
struct ChunkReduction {
  T value{};               // max, min
  int64_t index = 0;       // max, min: of `value` in the chunk
  CascadeStack<T> blocks;  // sum, mean
};
// The reduction (not prod) of n >= 1 values of one chunk at p; max and min
// find the index only when `needIndex` (else it may be -1: Note [Extreme scan]).
template <class T>
void reduceChunk(opt::ReductionKind kind, const T* p, int64_t n, bool needIndex, ChunkReduction<T>& out);

// Chunk results, added in chunk order, to the value over all elements.
template <class T>
class ReductionAccumulator {
 public:
  explicit ReductionAccumulator(opt::ReductionKind kind) : kind_(kind) {}
  // `first`: the position of the chunk's first element among all.
  void add(const ChunkReduction<T>& chunk, int64_t first = 0);
  // The reduction of `total` elements (max and min: at least one added).
  T result(int64_t total) const;
  // max, min: the position of result() among all (eager's extremeIndex).
  int64_t index() const { return bestIndex_; }

 private:
  opt::ReductionKind kind_;
  CascadeStack<T> sum_;
  T best_{};
  int64_t bestIndex_ = 0;
  bool any_ = false;
};

// The n elements of dtype `from` at p converted to T with static_cast (eager's
// conversion for dtype=), into `buffer`; p itself when `from` is T's dtype.
template <class T>
const T* convertedChunk(DType from, const char* p, int64_t n, std::vector<T>& buffer);

// prod: ((acc * p[0]) * p[1]) ... left to right, as eager multiplies.
template <class T>
T prodChunk(T acc, const T* p, int64_t n);

}  // namespace tdsl::jit
