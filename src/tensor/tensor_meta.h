// TensorMeta: everything about a tensor except its data — dtype, sizes,
// strides (in elements) and storage offset (in elements). Shape rules in the
// op table compute TensorMetas from argument metadata alone (the tracer runs
// them on proxy tensors); eager view kernels use the very same rules, so a
// traced view and an eager view always agree on strides and offset.
//
// Note [Dims capacity]
// Sizes and strides live inline (no heap) so that creating a tensor or a view
// never allocates for its metadata. kMaxDims bounds the rank; ops that would
// exceed it raise Error(Value) instead of growing. Only the first size()
// entries hold values: the rest is never initialized, read or copied, so
// making or copying a Dims costs its rank, not kMaxDims (every BoundArgs and
// TensorMeta carries two).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/value.h"

namespace tdsl {

constexpr int kMaxDims = 16;

class Dims {
 public:
  Dims() = default;
  Dims(const Dims& o) : n_(o.n_) { std::copy(o.v_, o.v_ + o.n_, v_); }
  Dims& operator=(const Dims& o) {
    n_ = o.n_;
    std::copy(o.v_, o.v_ + o.n_, v_);
    return *this;
  }
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
  int64_t v_[kMaxDims];  // NOLINT: [0, n_) only (Note [Dims capacity])
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

// Note [Byte strides of short dims]
// The byte stride a loop over dim `d` steps by: stride * itemSize, or 0 for a
// dim of size 0 or 1, whose stride no element's address uses and which may be
// any int64 (x[::2**63-1] keeps its step as the stride). For size >= 2 the
// product fits: the view's storage bounds check (checked arithmetic) put
// stride * (size - 1) elements inside one allocation.
int64_t loopByteStride(const TensorMeta& m, int d);

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
// torch.contiguous_format gives row-major strides; torch.channels_last the
// NHWC strides of a 4-d tensor (channelsLastStrides; any other rank is
// PyTorch's "required rank 4 tensor to use channels_last format"). Results
// start at offset 0.
// Eager kernels allocate from the meta rule's TensorMeta, so traced and eager
// strides agree by construction.
enum class MemoryFormat : uint8_t { Preserve, Contiguous, ChannelsLast };
const char* memoryFormatName(MemoryFormat f);  // "preserve_format", "contiguous_format", "channels_last"
// false for a name that is not a memory format.
bool parseMemoryFormat(std::string_view name, MemoryFormat& out);
// c10's is_non_overlapping_and_dense: contiguous (which every empty tensor
// is), or, size-1 dims aside, some order of the dims has strides 1, s0, s0*s1, ...
bool isNonOverlappingAndDense(const TensorMeta& m);
// The dense strides that keep the dimension order of (sizes, strides).
Dims denseStridesLike(const Dims& sizes, const Dims& strides);
// The layout of clone/*_like of `self` with result dtype `dtype`.
TensorMeta layoutLike(const TensorMeta& self, DType dtype, MemoryFormat format);

// Note [Elementwise output layout]
// A fresh result of an elementwise op (arithmetic, comparisons, where,
// clamp, unary math, .to(dtype)'s copy) takes its layout from its tensor
// operands, as PyTorch's TensorIterator gives it:
//   1. The operands are the tensors the kernel reads, after type promotion:
//      an input whose dtype differs from the computation dtype counts as its
//      .to(dtype) copy, i.e. with layoutLike(input, dtype, Preserve). A
//      Python number is a 0-dim operand.
//   2. Fast cases, when every operand has the result's exact sizes (a 0-dim
//      operand next to sized ones breaks this): all contiguous -> row-major
//      strides; all 4-d and channels-last contiguous -> channels-last
//      strides; all non-overlapping and dense with identical strides -> those
//      strides.
//   3. Otherwise the dimensions are ranked innermost first. Each operand
//      gives every dimension a stride, 0 where it broadcasts (a missing
//      leading dim, or a size-1 dim against a larger result size). Starting
//      from the order last-dim-innermost, an insertion sort moves a dim
//      inwards past another when the first operand that has a preference
//      says so: an operand has none when either stride is 0; a smaller
//      stride goes inside, a larger one outside; equal strides put the
//      larger size outside, or else defer to the next operand. If no
//      operand prefers anything, nothing moves.
//   4. The ranking unchanged (row-major order) gives row-major strides
//      (size-0/1 dims counted as 1); any other ranking lays the dims out
//      densely innermost first, each stride the product of the sizes inside
//      it (so a size-0 dim zeroes every stride outside it).
// Reductions, matmul, cat/stack, index_select, gather, index_copy, scatter,
// masked_fill and contiguous() stay row-major, as in PyTorch. Meta rules
// compute this layout and eager kernels allocate from it (allocLike), so
// traced and eager strides agree. In-place ops keep self's layout.
struct ElementwiseOperands {
  static constexpr int kCapacity = 4;
  // Borrowed from the operands (they outlive the rule), except the strides
  // of converted operands whose layout conversion changes (non-dense ones).
  const Dims* sizes[kCapacity];
  const Dims* strides[kCapacity];
  int count = 0;
  bool anyScalar = false;  // a 0-dim operand or a Python number
  // A tensor operand as the kernel reads it (`compute`: the dtype it is
  // converted to first; the operand's own dtype when it is not converted).
  void add(const TensorMeta& m, DType compute);
  void addNumber() { anyScalar = true; }

 private:
  Dims converted_[2];
  int numConverted_ = 0;
};
// Strides of a fresh elementwise result of sizes `shape` (the broadcast of
// the operands' sizes).
Dims elementwiseStrides(const Dims& shape, const ElementwiseOperands& ops);
// 4-d tensors: strides of torch.channels_last (dims ordered C, W, H, N innermost first).
bool isChannelsLastContiguous(const TensorMeta& m);
Dims channelsLastStrides(const Dims& sizes);

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
