// Overflow-checked int64 arithmetic for tensor geometry (sizes, strides,
// offsets, element counts and storage extents).
//
// Note [Checked geometry]
// A script controls every size, stride, step and storage offset (as_strided,
// expand, slicing with any step), so the products and sums that turn them
// into element counts and storage extents can exceed int64. A wrapped extent
// would let a view reach outside its storage, and a wrapped count makes a
// kernel do nothing or index garbage, so every such computation goes through
// these helpers, which raise Error(Runtime) with PyTorch's wording instead:
//   - the number of elements: "numel: integer multiplication overflow"
//     (c10::safe_compute_numel, checked for every tensor and view);
//   - the storage a view reaches, offset included (checked for every view):
//     "Storage size calculation overflowed with sizes=[2, 2] and
//     strides=[..]" (at::detail::computeStorageNbytes);
//   - the bytes of a fresh allocation: "Storage size calculation overflowed
//     with sizes=[..]" (computeStorageNbytesContiguous);
//   - any other stride, offset or size: "<what>: integer multiplication
//     overflow" / "<what>: integer addition overflow".
// A view built from checked geometry addresses only [offset, extent) of its
// storage, so byte offsets computed from it (x itemsize) fit as well.
#pragma once

#include <cstdint>

#include "tensor/tensor_meta.h"

namespace tdsl {

[[noreturn]] void throwMulOverflow(const char* what);
[[noreturn]] void throwAddOverflow(const char* what);

inline int64_t checkedMul(int64_t a, int64_t b, const char* what) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throwMulOverflow(what);
  return r;
}

inline int64_t checkedAdd(int64_t a, int64_t b, const char* what) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throwAddOverflow(what);
  return r;
}

// offset + steps * stride: where a view starts `steps` elements into a dimension.
inline int64_t offsetPlus(int64_t offset, int64_t steps, int64_t stride) {
  return checkedAdd(offset, checkedMul(steps, stride, "storage offset"), "storage offset");
}

// The product of `sizes` ("numel: integer multiplication overflow"), in
// order, as c10 computes it: [2**32, 2**32, 0] overflows although its
// product is 0, and so does a negative size.
int64_t checkedNumel(const Dims& sizes);

// Storage elements the view `m` reaches, counting its offset: offset + 1 +
// sum((size - 1) * stride), or 0 when it is empty. Raises "Storage size
// calculation overflowed ..." when that, or its size in bytes, exceeds int64.
int64_t storageExtent(const TensorMeta& m);

// Every view's geometry: numel and storage extent are representable.
void checkViewGeometry(const TensorMeta& m);

// Bytes of a fresh contiguous tensor of `sizes` and `item`-byte elements
// ("Storage size calculation overflowed with sizes=[..]").
int64_t contiguousNbytes(const Dims& sizes, int64_t item);

}  // namespace tdsl
