// Strided iteration for kernels (a small TensorIterator).
//
// An ElementwisePlan walks N operands of one common logical shape (inputs
// already broadcast: stride 0 on broadcast dims). coalesce() puts the dims in
// operand 0's memory order (the written tensor: largest stride outermost,
// when all its strides are positive) and merges adjacent dims that are
// contiguous with each other in every operand, so a contiguous (or uniformly
// strided, or uniformly permuted) case becomes one flat loop. Kernels must
// not depend on the visiting order. forEachRow()
// calls `body(ptrs, strides, n)` once per innermost row: `ptrs[k]` is operand
// k's first element of the row and `strides[k]` its byte stride along it.
// Kernels write their inner loops with a contiguous fast path
// (strides == sizeof(T)) that the compiler vectorizes.
#pragma once

#include <cstdint>

#include "tensor/tensor.h"

namespace tdsl {

constexpr int kMaxIterOperands = 4;

struct ElementwisePlan {
  int ndim = 0;
  int nops = 0;
  // Only the first ndim / nops entries are meaningful (left uninitialized:
  // a plan is built on the stack for every kernel call).
  int64_t sizes[kMaxDims];
  char* base[kMaxIterOperands];
  int64_t strides[kMaxIterOperands][kMaxDims];  // bytes
  // Polled between rows (Note [Interrupting kernels]); null: never.
  std::atomic<bool>* interrupt = nullptr;

  // Adds an operand viewed with `shape` (the plan's shape; broadcast from
  // its own sizes). The first operand defines the shape.
  void addOperand(char* data, const TensorMeta& meta, const Dims& shape);
  // Merges dims; call after all operands are added.
  void coalesce();
  int64_t numel() const;

  template <class F>
  void forEachRow(F&& body) const {
    int64_t n = ndim ? sizes[ndim - 1] : 1;
    int64_t rowStrides[kMaxIterOperands] = {};  // zeroed: GCC cannot see that only nops are read
    for (int k = 0; k < nops; ++k) rowStrides[k] = ndim ? strides[k][ndim - 1] : 0;
    for (int d = 0; d < ndim; ++d)
      if (sizes[d] == 0) return;
    if (ndim <= 1) {  // one row: the common coalesced case
      char* ptrs[kMaxIterOperands] = {};
      for (int k = 0; k < nops; ++k) ptrs[k] = base[k];
      body(ptrs, rowStrides, n);
      return;
    }
    int64_t counter[kMaxDims] = {};
    char* ptrs[kMaxIterOperands] = {};
    int64_t sincePoll = 0;
    for (;;) {
      if ((sincePoll += n) >= kInterruptGrain) {
        sincePoll = 0;
        pollInterrupt(interrupt);
      }
      for (int k = 0; k < nops; ++k) {
        char* p = base[k];
        for (int d = 0; d + 1 < ndim; ++d) p += counter[d] * strides[k][d];
        ptrs[k] = p;
      }
      body(ptrs, rowStrides, n);
      int d = ndim - 2;
      for (; d >= 0; --d) {
        if (++counter[d] < sizes[d]) break;
        counter[d] = 0;
      }
      if (d < 0) return;
    }
  }
};

// Broadcast shape of two shapes, or Error(Shape) with PyTorch's message
// "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0".
Dims broadcastShapes(const Dims& a, const Dims& b);
// Whether `from` broadcasts to exactly `to` (for in-place ops and copy_).
void checkBroadcastTo(const Dims& from, const Dims& to);

// Note [Write overlap checks]
// Before a kernel writes a tensor: (1) an output where several elements
// share one memory location (a stride-0 dim of size > 1) is rejected;
// (2) an input that partially overlaps the output (same storage, ranges
// intersect, not the identical view) is rejected. Both use PyTorch's
// messages; views that are too hard to analyse (not dense) are allowed, as
// in PyTorch. (3) Ops that PyTorch guards with assert_no_overlap (index_put_'s
// values and indices, the index and source of index_copy_, index_add_,
// scatter_ and scatter_add_) also reject an input that is the written tensor
// itself, or a dense view of exactly its elements.
void checkNoInternalOverlap(const TensorObject& out);
void checkNoPartialOverlap(const TensorObject& out, const TensorObject& in);
void checkNoOverlap(const TensorObject& out, const TensorObject& in);

// Calls f(T{}) with T the C++ type of `d`.
template <class F>
decltype(auto) withDType(DType d, F&& f) {
  switch (d) {
    case DType::Bool: return f(bool{});
    case DType::Int32: return f(int32_t{});
    case DType::Int64: return f(int64_t{});
    case DType::Float32: return f(float{});
    case DType::Float64: break;
  }
  return f(double{});
}

// Python number (bool/int/float Value) as T.
template <class T>
T scalarAs(const Value& v) {
  if (v.isBool()) return static_cast<T>(v.asBool());
  if (v.isInt()) return static_cast<T>(v.asInt());
  if constexpr (std::is_same<T, bool>::value) return v.asFloat() != 0;
  return static_cast<T>(v.asFloat());
}

// Copies src into dst (same shape after broadcasting src), converting dtypes.
void copyInto(const TensorObject& dst, const TensorObject& src);
// Note [Overlapping copy order]
// copy_ between views of one storage that PyTorch cannot prove disjoint or
// identical (not dense: a stepped or transposed view) is allowed and runs in
// place, so an element written early is read again later (y[1:].copy_(y[:-1])
// on y = x[::3] smears y[0] along y). PyTorch's TensorIterator visits the
// destination's dims with the smallest stride innermost (as
// ElementwisePlan::coalesce does); along a row where both sides are
// contiguous its vectorized loop loads and stores blocks of two 32-byte
// vectors (64 bytes: 16 floats, 8 doubles) before going on element by
// element for the tail; any other row goes element by element. This
// reproduces that order (the AVX2 and default CPU builds; an AVX-512 build
// of PyTorch moves 128-byte blocks). Same dtype only: views of one storage
// share it.
void copyIntoInOrder(const TensorObject& dst, const TensorObject& src);
// A contiguous copy of `src` in `dtype` (or `src` itself when it already is one).
Ref<TensorObject> contiguousAs(TensorState& state, const TensorObject& src, DType dtype);
// `src` itself when it already has `dtype` (any strides), else a converted contiguous copy.
Ref<TensorObject> contiguousOrSame(TensorState& state, const TensorObject& src, DType dtype);
// Reads element `flat` (row-major logical index) as double / int64.
double readAsDouble(const TensorObject& t, int64_t flat);
int64_t readAsInt(const TensorObject& t, int64_t flat);
// Byte offset of logical row-major index `flat` from dataPtr().
int64_t byteOffsetOf(const TensorMeta& m, int64_t flat);

}  // namespace tdsl
