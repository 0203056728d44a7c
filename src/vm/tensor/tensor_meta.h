// TensorMeta: everything about a tensor except its data — dtype, sizes,
// strides (in elements) and storage offset (in elements). Shape rules in the
// op table compute TensorMetas from argument metadata alone (the tracer runs
// them on proxy tensors); eager view kernels use the very same rules, so a
// traced view and an eager view always agree on strides and offset.
//
// Note [Dims capacity]
// Sizes and strides live inline (no heap) so that creating a tensor or a view
// never allocates for its metadata. kMaxDims bounds the rank; ops that would
// exceed it raise Error(Value) instead of growing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "vm/value.h"

namespace tdsl {

constexpr int kMaxDims = 16;

class Dims {
 public:
  Dims() = default;
  Dims(std::initializer_list<int64_t> init);
  explicit Dims(const std::vector<int64_t>& v);

  int size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int64_t& operator[](int i) { return v_[i]; }
  int64_t operator[](int i) const { return v_[i]; }
  int64_t* begin() { return v_; }
  int64_t* end() { return v_ + n_; }
  const int64_t* begin() const { return v_; }
  const int64_t* end() const { return v_ + n_; }
  const int64_t* data() const { return v_; }
  int64_t back() const { return v_[n_ - 1]; }

  // Throws Error(Value) past kMaxDims.
  void push_back(int64_t x);
  void resize(int n, int64_t fill = 0);
  void insert(int pos, int64_t x);
  void erase(int pos);
  void clear() { n_ = 0; }

  std::vector<int64_t> vec() const { return std::vector<int64_t>(v_, v_ + n_); }
  bool operator==(const Dims& o) const;
  bool operator!=(const Dims& o) const { return !(*this == o); }

 private:
  int64_t v_[kMaxDims] = {};
  int n_ = 0;
};

// Raises Error(Value, "too many dimensions ...") for ranks above kMaxDims.
void checkRank(size_t rank);

struct TensorMeta {
  DType dtype = DType::Float32;
  Dims sizes;
  Dims strides;
  int64_t offset = 0;

  int dim() const { return sizes.size(); }
  int64_t numel() const;
  bool isContiguous() const;
};

// Row-major strides for `sizes` (size-1 dims get the stride they would have).
Dims contiguousStrides(const Dims& sizes);
TensorMeta contiguousMeta(DType dtype, const Dims& sizes);

// Note [Preserved layout]
// clone() and the *_like factories take memory_format=, default
// torch.preserve_format (PyTorch's empty_like/clone rule):
//   - an input that is non-overlapping and dense (its elements fill a block
//     of exactly numel() storage slots, in any dimension order) gives a
//     result with the very same strides (x.t().clone().stride() == x.t().stride());
//   - any other input (sliced with a step, expanded, overlapping) gives
//     dense strides that keep the input's dimension order: dimensions are
//     ranked by stride, smallest first (PyTorch's TensorIterator ranking:
//     an insertion sort starting from the last dimension, where a stride-0
//     dimension is never moved past and equal strides put the smaller size
//     first), and then laid out contiguously in that order, size-0 and
//     size-1 dimensions taking no room.
// torch.contiguous_format gives row-major strides. Results start at offset 0.
// Eager kernels allocate from the meta rule's TensorMeta, so traced and eager
// strides agree by construction.
enum class MemoryFormat : uint8_t { Preserve, Contiguous };
const char* memoryFormatName(MemoryFormat f);  // "preserve_format", "contiguous_format"
// false for a name that is not a memory format.
bool parseMemoryFormat(std::string_view name, MemoryFormat& out);
// c10's is_non_overlapping_and_dense: size-0/1 dims aside, some order of the
// dims has strides 1, s0, s0*s1, ...
bool isNonOverlappingAndDense(const TensorMeta& m);
// The dense strides that keep the dimension order of (sizes, strides).
Dims denseStridesLike(const Dims& sizes, const Dims& strides);
// The layout of clone/*_like of `self` with result dtype `dtype`.
TensorMeta layoutLike(const TensorMeta& self, DType dtype, MemoryFormat format);

// PyTorch dtype facts.
size_t itemSize(DType d);
const char* dtypeName(DType d);      // "float32", "int64", "bool", ...
const char* dtypeScalarName(DType d);  // "Float", "Long", "Bool" (used in error messages)
inline bool isFloating(DType d) { return d == DType::Float32 || d == DType::Float64; }
inline bool isIntegral(DType d, bool includeBool) {
  return d == DType::Int32 || d == DType::Int64 || (includeBool && d == DType::Bool);
}

// Wraps a possibly negative dim into [0, rank); PyTorch's message on failure:
// "Dimension out of range (expected to be in range of [-2, 1], but got 2)".
int64_t wrapDim(int64_t dim, int64_t rank);

// "[2, 3]" for error messages.
std::string formatDims(const Dims& d);

}  // namespace tdsl
