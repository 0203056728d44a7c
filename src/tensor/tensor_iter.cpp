#include "tensor/tensor_iter.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

#include "support/diagnostics.h"
#include "tensor/scalar_convert.h"
#include "tensor/write_overlap.h"

namespace tdsl {

void ElementwisePlan::addOperand(char* data, const TensorMeta& meta, const Dims& shape) {
  TDSL_ASSERT(nops < kMaxIterOperands);
  if (nops == 0) {
    ndim = shape.size();
    for (int d = 0; d < ndim; ++d) sizes[d] = shape[d];
  }
  const int lead = ndim - meta.sizes.size();
  for (int d = 0; d < ndim; ++d) {
    int src = d - lead;
    strides[nops][d] = src < 0 ? 0 : loopByteStride(meta, src);
  }
  base[nops] = data;
  ++nops;
}

void ElementwisePlan::coalesce() {
  // Drop size-1 dims, then merge neighbours that are contiguous in every operand.
  int out = 0;
  for (int d = 0; d < ndim; ++d) {
    if (sizes[d] == 1) continue;
    sizes[out] = sizes[d];
    for (int k = 0; k < nops; ++k) strides[k][out] = strides[k][d];
    ++out;
  }
  ndim = out;
  if (ndim <= 1) return;
  // Walk in operand 0's memory order (largest stride outermost): a result
  // laid out like its inputs (Note [Elementwise output layout]) is then
  // written and read sequentially. Elements are independent, so the order
  // changes no value.
  bool ordered = true;
  for (int d = 0; d < ndim; ++d) ordered = ordered && strides[0][d] > 0;
  for (int d = 1; ordered && d < ndim; ++d) {
    for (int e = d; e > 0 && strides[0][e - 1] < strides[0][e]; --e) {
      std::swap(sizes[e - 1], sizes[e]);
      for (int k = 0; k < nops; ++k) std::swap(strides[k][e - 1], strides[k][e]);
    }
  }
  out = 0;
  for (int d = 1; d < ndim; ++d) {
    bool mergeable = true;
    for (int k = 0; k < nops; ++k) {
      int64_t span;  // may exceed int64 for a huge stride: then the dims cannot merge
      if (__builtin_mul_overflow(strides[k][d], sizes[d], &span) || strides[k][out] != span) {
        mergeable = false;
        break;
      }
    }
    if (mergeable) {
      sizes[out] *= sizes[d];
      for (int k = 0; k < nops; ++k) strides[k][out] = strides[k][d];
    } else {
      ++out;
      sizes[out] = sizes[d];
      for (int k = 0; k < nops; ++k) strides[k][out] = strides[k][d];
    }
  }
  ndim = out + 1;
}

int64_t ElementwisePlan::numel() const {
  int64_t n = 1;
  for (int d = 0; d < ndim; ++d) n *= sizes[d];
  return n;
}

Dims broadcastShapes(const Dims& a, const Dims& b) {
  int n = std::max(a.size(), b.size());
  Dims out;
  out.resize(n);
  for (int i = n - 1; i >= 0; --i) {
    int ia = i - (n - a.size()), ib = i - (n - b.size());
    int64_t sa = ia >= 0 ? a[ia] : 1, sb = ib >= 0 ? b[ib] : 1;
    if (sa != sb && sa != 1 && sb != 1)
      throw Error(ErrorKind::Shape, "The size of tensor a (" + std::to_string(sa) + ") must match the size of tensor b (" +
                                        std::to_string(sb) + ") at non-singleton dimension " + std::to_string(i));
    out[i] = sa == 1 ? sb : sa;
  }
  return out;
}

void checkBroadcastTo(const Dims& from, const Dims& to) {
  bool ok = from.size() <= to.size();
  for (int i = 0; ok && i < from.size(); ++i) {
    int64_t f = from[from.size() - 1 - i], t = to[to.size() - 1 - i];
    if (f != t && f != 1) ok = false;
  }
  if (!ok) {
    if (from.size() <= to.size()) broadcastShapes(to, from);  // reports the mismatching dim
    throw Error(ErrorKind::Shape, "output with shape " + formatDims(to) +
                                      " doesn't match the broadcast shape " + formatDims(broadcastShapes(to, from)));
  }
}

void checkNoInternalOverlap(const TensorObject& out) { checkNoInternalOverlapMeta(out.meta); }

void checkNoInternalOverlapMeta(const TensorMeta& out) {
  if (out.numel() == 0) return;  // no elements, no shared ones (PyTorch: empty tensors are contiguous)
  for (int i = 0; i < out.dim(); ++i) {
    if (out.sizes[i] > 1 && out.strides[i] == 0)
      throw Error(ErrorKind::Runtime,
                  "unsupported operation: more than one element of the written-to tensor refers to a single memory "
                  "location. Please clone() the tensor before performing the operation.");
  }
}

namespace {

bool nonOverlappingAndDense(const TensorMeta& m) {
  // Sort dims by stride; dense means strides form a contiguous layout of some permutation.
  int n = m.sizes.size();
  int order[kMaxDims];
  for (int i = 0; i < n; ++i) order[i] = i;
  std::sort(order, order + n, [&](int a, int b) {
    if (m.sizes[a] < 2) return false;
    if (m.sizes[b] < 2) return true;
    return m.strides[a] < m.strides[b];
  });
  int64_t expected = 1;
  for (int i = 0; i < n; ++i) {
    int d = order[i];
    if (m.sizes[d] == 1) continue;
    if (m.strides[d] != expected) return false;
    expected *= m.sizes[d];
  }
  return true;
}

int64_t spanElements(const TensorMeta& m) {
  int64_t last = 0;
  for (int i = 0; i < m.sizes.size(); ++i) last += (m.sizes[i] - 1) * m.strides[i];
  return last + 1;
}

}  // namespace

void checkNoPartialOverlap(const TensorObject& out, const TensorObject& in) {
  if (&out == &in || out.isMeta() || in.isMeta() || out.storage != in.storage) return;
  checkNoPartialOverlapInStorage(out.meta, in.meta);
}

void throwInputOverlapsOutput() {
  throw Error(ErrorKind::Runtime,
              "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
              "single memory location. Please clone() the tensor before performing the operation.");
}

void checkNoOverlap(const TensorObject& out, const TensorObject& in) {
  if (&out == &in) throwInputOverlapsOutput();  // PyTorch: the same tensor is a full overlap, dense or not
  if (out.isMeta() || in.isMeta() || out.storage != in.storage) return;
  checkNoOverlapInStorage(out.meta, in.meta);
}

void checkNoOverlapInStorage(const TensorMeta& a, const TensorMeta& b) {
  if (a.numel() == 0 || b.numel() == 0) return;
  if (!nonOverlappingAndDense(a) || !nonOverlappingAndDense(b)) return;  // too hard: allowed
  if (a.offset == b.offset && a.sizes == b.sizes && a.strides == b.strides && a.dtype == b.dtype) throwInputOverlapsOutput();
  checkNoPartialOverlapInStorage(a, b);
}

void checkNoPartialOverlapInStorage(const TensorMeta& a, const TensorMeta& b) {
  if (a.numel() == 0 || b.numel() == 0) return;
  if (a.offset == b.offset && a.sizes == b.sizes && a.strides == b.strides && a.dtype == b.dtype) return;  // full
  if (!nonOverlappingAndDense(a) || !nonOverlappingAndDense(b)) return;  // too hard: allowed
  const int64_t ia = static_cast<int64_t>(itemSize(a.dtype)), ib = static_cast<int64_t>(itemSize(b.dtype));
  int64_t aBegin = a.offset * ia, aEnd = aBegin + spanElements(a) * ia;
  int64_t bBegin = b.offset * ib, bEnd = bBegin + spanElements(b) * ib;
  bool partial = (aBegin == bBegin && aEnd == bEnd) ? a.strides != b.strides : (aBegin < bEnd && bBegin < aEnd);
  if (partial) throwInputOverlapsOutput();
}

namespace {

template <class D, class S>
void copyRows(const ElementwisePlan& plan) {
  plan.forEachRow([](char** p, const int64_t* s, int64_t n) {
    D* d = reinterpret_cast<D*>(p[0]);
    const S* src = reinterpret_cast<const S*>(p[1]);
    if (s[0] == sizeof(D) && s[1] == sizeof(S)) {
      if constexpr (std::is_same<D, S>::value) std::memmove(d, src, static_cast<size_t>(n) * sizeof(D));
      else for (int64_t i = 0; i < n; ++i) d[i] = convertElement<D>(src[i]);
    } else {
      for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<D*>(p[0] + i * s[0]) = convertElement<D>(*reinterpret_cast<const S*>(p[1] + i * s[1]));
    }
  });
}

}  // namespace

void copyInto(const TensorObject& dst, const TensorObject& src) {
  ElementwisePlan plan;
  plan.addOperand(dst.dataPtr(), dst.meta, dst.sizes());
  plan.addOperand(src.dataPtr(), src.meta, dst.sizes());
  plan.coalesce();
  withDType(dst.dtype(), [&](auto d) {
    withDType(src.dtype(), [&](auto s) { copyRows<decltype(d), decltype(s)>(plan); });
  });
}

namespace {

constexpr int64_t kPyTorchVectorLoopBytes = 64;  // Note [Overlapping copy order]

template <class T>
void copyRowsInOrder(const ElementwisePlan& plan) {
  constexpr int64_t block = kPyTorchVectorLoopBytes / static_cast<int64_t>(sizeof(T));
  plan.forEachRow([](char** p, const int64_t* s, int64_t n) {
    int64_t i = 0;
    if (s[0] == sizeof(T) && s[1] == sizeof(T))
      for (; i + block <= n; i += block)
        std::memmove(p[0] + i * s[0], p[1] + i * s[1], static_cast<size_t>(block) * sizeof(T));
    for (; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * s[0]) = *reinterpret_cast<const T*>(p[1] + i * s[1]);
  });
}

}  // namespace

void copyIntoInOrder(const TensorObject& dst, const TensorObject& src) {
  TDSL_ASSERT(dst.dtype() == src.dtype());
  ElementwisePlan plan;
  plan.addOperand(dst.dataPtr(), dst.meta, dst.sizes());
  plan.addOperand(src.dataPtr(), src.meta, dst.sizes());
  plan.coalesce();
  withDType(dst.dtype(), [&](auto d) { copyRowsInOrder<decltype(d)>(plan); });
}

Ref<TensorObject> contiguousAs(TensorState& state, const TensorObject& src, DType dtype) {
  if (src.dtype() == dtype && src.meta.isContiguous()) return Ref<TensorObject>(const_cast<TensorObject*>(&src));
  auto out = allocTensor(state, dtype, src.sizes());
  copyInto(*out, src);
  return out;
}

Ref<TensorObject> contiguousOrSame(TensorState& state, const TensorObject& src, DType dtype) {
  if (src.dtype() == dtype) return Ref<TensorObject>(const_cast<TensorObject*>(&src));
  return contiguousAs(state, src, dtype);
}

int64_t byteOffsetOf(const TensorMeta& m, int64_t flat) {
  int64_t off = 0;
  for (int d = m.sizes.size() - 1; d >= 0; --d) {
    int64_t s = m.sizes[d];
    off += (flat % s) * m.strides[d];
    flat /= s;
  }
  return off * static_cast<int64_t>(itemSize(m.dtype));
}

double readAsDouble(const TensorObject& t, int64_t flat) {
  const char* p = t.dataPtr() + byteOffsetOf(t.meta, flat);
  return withDType(t.dtype(), [&](auto tag) { return static_cast<double>(*reinterpret_cast<const decltype(tag)*>(p)); });
}

int64_t readAsInt(const TensorObject& t, int64_t flat) {
  const char* p = t.dataPtr() + byteOffsetOf(t.meta, flat);
  return withDType(t.dtype(), [&](auto tag) { return static_cast<int64_t>(*reinterpret_cast<const decltype(tag)*>(p)); });
}

}  // namespace tdsl
