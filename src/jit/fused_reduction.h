// Fused groups that end in a reduction (Note [Fused reductions] in
// opt/fuse_reduction.cpp), on the JIT path.
//
// Note [JIT reductions]
// The body's pointwise part (the body without its reduction) becomes a
// vector program whose last output is the reduced value; its kernel writes
// that value, chunk by chunk (Note [Parallel chunks], kParallelGrain
// elements, a multiple of kReduceBlock), into a scratch buffer of the chunk
// that stays in cache, and the chunk is reduced there at once — the same
// functions as eager's kernels (tensor/reduce.h), so the bits are eager's:
//   sum, mean  the chunk's block values (reduceBlockContiguous; chunks start
//              on block boundaries), combined after all chunks by one
//              CascadeStack in block order; mean divides as eager does;
//   max, min   each chunk's first NaN or first extreme (eager's scan);
//              chunks combine in order with the same rule, which is the
//              scan over the whole;
//   prod       left to right: the chunks run in order on one thread.
// A reduction alone whose input is one contiguous row reads it in place.
// Chunks are fixed by the element count, so the result does not depend on
// the thread count.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ir/graph.h"
#include "opt/fuse.h"

namespace tdsl::jit {

struct ReductionPlan {
  opt::ReductionKind kind = opt::ReductionKind::Sum;
  int resultIndex = -1;  // the reduction's position among the body outputs
  // The body without the reduction: its outputs are the body's other
  // outputs, in order, then the reduction's input.
  std::shared_ptr<ir::Graph> pointwise;
};

// Null when the body does not end in a fused reduction.
std::optional<ReductionPlan> planReduction(const ir::Graph& body);

// The reduction (not prod) of n >= 1 values of one chunk at p (Note [JIT
// reductions]); for sum and mean, the chunk's block values in `blocks`.
template <class T>
struct ChunkReduction {
  T value{};
  std::vector<T> blocks;
};
template <class T>
void reduceChunk(opt::ReductionKind kind, const T* p, int64_t n, ChunkReduction<T>& out);
// Chunk results in chunk order (at least one for max and min) to the
// reduction's (not prod's) value over all `total` elements.
template <class T>
T combineChunks(opt::ReductionKind kind, const std::vector<ChunkReduction<T>>& chunks, int64_t total);
// prod: ((acc * p[0]) * p[1]) ... left to right, as eager multiplies.
template <class T>
T prodChunk(T acc, const T* p, int64_t n);

}  // namespace tdsl::jit
