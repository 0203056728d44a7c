// Note [Write overlap checks] (tensor_iter.h) on metadata alone, for callers
// that know from elsewhere whether two tensors share one storage: the
// compile tracer's proxies have no storage, but the graph knows their root
// (Note [Write overlap while tracing] in compile_tracer.cpp). Same rules and
// messages as the eager kernels' checks, which call these.
#pragma once

#include "tensor/tensor_meta.h"

namespace tdsl {

// Rejects a written tensor where several elements share one location (an
// empty tensor has none).
void checkNoInternalOverlapMeta(const TensorMeta& out);
// Rejects `in` partially overlapping `out`; both views of ONE storage.
void checkNoPartialOverlapInStorage(const TensorMeta& out, const TensorMeta& in);
// PyTorch's assert_no_overlap for two different tensors of ONE storage:
// rejects a full or partial overlap of dense views (too hard: allowed).
void checkNoOverlapInStorage(const TensorMeta& out, const TensorMeta& in);
// PyTorch's error for an input that shares memory with the written tensor.
[[noreturn]] void throwInputOverlapsOutput();

}  // namespace tdsl
