// Eager kernels of docs/views.md's ops (op_kernels_views.h).
#include <cmath>
#include <cstring>

#include "tensor/checked_math.h"
#include "tensor/storage_bounds.h"
#include "tensor/kernel_util.h"
#include "tensor/op_kernels.h"
#include "tensor/op_kernels_views.h"
#include "tensor/op_meta.h"
#include "tensor/scalar_math.h"
#include "tensor/tensor_iter.h"

namespace tdsl::kernels {

namespace {

// The bound call run as the in-place op's functional twin (same arguments).
BoundArgs asFunctional(const BoundArgs& a) {
  BoundArgs f = a;
  f.op = a.op->functionalKernel;
  TDSL_ASSERT(f.op != nullptr);
  return f;
}

// A plan over `out` and the operands, each broadcast to out's sizes.
template <int N>
ElementwisePlan planOver(const TensorObject& out, const TensorObject* const (&in)[N]) {
  ElementwisePlan plan;
  plan.addOperand(out.dataPtr(), out.meta, out.sizes());
  for (const TensorObject* t : in) plan.addOperand(t->dataPtr(), t->meta, out.sizes());
  plan.coalesce();
  return plan;
}

template <class T>
T& at(char* p, int64_t i, int64_t stride) {
  return *reinterpret_cast<T*>(p + i * stride);
}

}  // namespace

// Note [In-place view ops]: t_, transpose_, squeeze_, unsqueeze_, swapdims_,
// as_strided_ give self the metadata its view twin computes; the storage is
// untouched, so every other view of it is unaffected.
OpResults inplaceView(TensorState&, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkStorageBounds(self, r.out[0]);
  self.meta = r.out[0];
  return a[0];
}

OpResults diagonal_scatter(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 0));
  BoundArgs v;
  v.op = a.op;
  v[0] = Value(out);
  for (int i = 0; i < 3; ++i) v.copySlot(1 + i, a, 2 + i);
  v.count = 4;
  MetaResult vm;
  meta::diagonal(v, vm);
  auto view = makeViewOf(*out, vm.out[0]);
  copyInto(*view, tensorArg(a, 1));
  return Value(out);
}

// ge_/lt_/...: the comparison's bool result, written into self in its dtype.
OpResults comparisonInplace(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  if (a[1].isTensor()) checkNoPartialOverlap(self, tensorArg(a, 1));
  OpResults result = a.op->functionalKernel->eager(s, asFunctional(a));
  copyInto(self, *asTensor(result[0]));
  return a[0];
}

namespace {

// PyTorch's CPU kernels: addcmul = self + value * t1 * t2, addcdiv =
// self + value * t1 / t2, each product and quotient left to right.
template <bool divide>
Value addcopInto(TensorState& s, const BoundArgs& a, const TensorMeta& outMeta) {
  auto out = allocLike(s, outMeta);
  const DType d = outMeta.dtype;
  Ref<TensorObject> x = contiguousOrSame(s, tensorArg(a, 0), d);
  Ref<TensorObject> p = contiguousOrSame(s, tensorArg(a, 1), d);
  Ref<TensorObject> q = contiguousOrSame(s, tensorArg(a, 2), d);
  const TensorObject* const in[3] = {x.get(), p.get(), q.get()};
  ElementwisePlan plan = planOver(*out, in);
  plan.interrupt = s.interrupt;
  withDType(d, [&](auto zero) {
    using T = decltype(zero);
    if constexpr (std::is_same<T, bool>::value) {
      const bool v = scalarAs<bool>(a[3]);
      plan.forEachRow([&](char** ptr, const int64_t* st, int64_t n) {
        for (int64_t i = 0; i < n; ++i)
          at<bool>(ptr[0], i, st[0]) = at<bool>(ptr[1], i, st[1]) || (v && at<bool>(ptr[2], i, st[2]) && at<bool>(ptr[3], i, st[3]));
      });
    } else {
      const T v = scalarAs<T>(a[3]);
      plan.forEachRow([&](char** ptr, const int64_t* st, int64_t n) {
        for (int64_t i = 0; i < n; ++i) {
          T prod = static_cast<T>(v * at<T>(ptr[2], i, st[2]));
          T rhs = divide ? static_cast<T>(prod / at<T>(ptr[3], i, st[3])) : static_cast<T>(prod * at<T>(ptr[3], i, st[3]));
          at<T>(ptr[0], i, st[0]) = static_cast<T>(at<T>(ptr[1], i, st[1]) + rhs);
        }
      });
    }
  });
  return Value(out);
}

template <bool divide>
OpResults addcopFunctional(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  return addcopInto<divide>(s, a, r.out[0]);
}

template <bool divide>
OpResults addcopInplace(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  checkNoPartialOverlap(self, tensorArg(a, 1));
  checkNoPartialOverlap(self, tensorArg(a, 2));
  MetaResult fr;
  BoundArgs f = asFunctional(a);
  f.op->meta(f, fr);
  Value value = addcopInto<divide>(s, a, fr.out[0]);
  copyInto(self, *asTensor(value));
  return a[0];
}

template <class F>
Value unaryMathInto(TensorState& s, const TensorObject& self, const TensorMeta& outMeta, F f) {
  auto out = allocLike(s, outMeta);
  Ref<TensorObject> in = contiguousOrSame(s, self, outMeta.dtype);
  const TensorObject* const ins[1] = {in.get()};
  ElementwisePlan plan = planOver(*out, ins);
  plan.interrupt = s.interrupt;
  withDType(outMeta.dtype, [&](auto zero) {
    using T = decltype(zero);
    if constexpr (std::is_floating_point<T>::value) {
      plan.forEachRow([&](char** ptr, const int64_t* st, int64_t n) {
        for (int64_t i = 0; i < n; ++i) at<T>(ptr[0], i, st[0]) = f(at<T>(ptr[1], i, st[1]));
      });
    }
  });
  return Value(out);
}

template <class F>
OpResults unaryMathFunctional(TensorState& s, const BoundArgs& a, F f) {
  MetaResult r = runMeta(a);
  return unaryMathInto(s, tensorArg(a, 0), r.out[0], f);
}

template <class F>
OpResults unaryMathInplace(TensorState& s, const BoundArgs& a, F f) {
  TensorObject& self = *asTensor(a[0]);
  if (!isFloating(self.dtype()))
    throw Error(ErrorKind::Type, "result type Float can't be cast to the desired output type " + scalarName(self.dtype()));
  checkNoInternalOverlap(self);
  Value value = unaryMathInto(s, self, layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve), f);
  copyInto(self, *asTensor(value));
  return a[0];
}

}  // namespace

OpResults addcmul(TensorState& s, const BoundArgs& a) { return addcopFunctional<false>(s, a); }
OpResults addcmul_(TensorState& s, const BoundArgs& a) { return addcopInplace<false>(s, a); }
OpResults addcdiv(TensorState& s, const BoundArgs& a) { return addcopFunctional<true>(s, a); }
OpResults addcdiv_(TensorState& s, const BoundArgs& a) { return addcopInplace<true>(s, a); }

#define TDSL_UNARY_MATH(name)                                                                              \
  OpResults name(TensorState& s, const BoundArgs& a) {                                                     \
    return unaryMathFunctional(s, a, [](auto x) { return scalar_math::name(x); });                              \
  }                                                                                                        \
  OpResults name##_(TensorState& s, const BoundArgs& a) {                                                  \
    return unaryMathInplace(s, a, [](auto x) { return scalar_math::name(x); });                                 \
  }
TDSL_UNARY_MATH(cosh)
TDSL_UNARY_MATH(acosh)
TDSL_UNARY_MATH(asinh)
TDSL_UNARY_MATH(atanh)
#undef TDSL_UNARY_MATH

// aminmax: the reduced dims are moved innermost and made contiguous, then
// each output scans its block left to right; NaN propagates.
OpResults aminmax(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  auto lo = allocLike(s, r.out[0]);
  auto hi = allocLike(s, r.out[1]);
  const int dimIdx = argIndex(a, "dim");
  const bool all = dimIdx < 0 || a.isNone(dimIdx);
  TensorMeta moved = self.meta;
  int64_t inner = self.numel();
  if (!all && self.dim() > 0) {
    const int d = static_cast<int>(wrapDim(intArg(a, dimIdx), self.dim()));
    moved.sizes.erase(d);
    moved.strides.erase(d);
    moved.sizes.push_back(self.sizes()[d]);
    moved.strides.push_back(self.strides()[d]);
    inner = self.sizes()[d];
  }
  Ref<TensorObject> data = contiguousAs(s, *makeViewOf(self, moved), self.dtype());
  const int64_t outer = inner == 0 ? 0 : self.numel() / inner;
  withDType(self.dtype(), [&](auto zero) {
    using T = decltype(zero);
    const T* in = data->template data<T>();
    T* mn = lo->template data<T>();
    T* mx = hi->template data<T>();
    for (int64_t o = 0; o < outer; ++o) {
      pollInterrupt(s);
      const T* row = in + o * inner;
      T a0 = row[0], b0 = row[0];
      for (int64_t i = 1; i < inner; ++i) {
        T x = row[i];
        if constexpr (std::is_floating_point<T>::value) {
          if (std::isnan(a0)) break;
          if (std::isnan(x)) { a0 = b0 = x; break; }
        }
        if (x < a0) a0 = x;
        if (x > b0) b0 = x;
      }
      mn[o] = a0;
      mx[o] = b0;
    }
  });
  return OpResults(Value(lo), Value(hi));
}

OpResults block_diag(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0], /*zero=*/true);
  const auto& items = tensorListArg(a, 0);
  const int64_t cols = out->sizes()[1];
  int64_t row = 0, col = 0;
  for (const Value& v : items) {
    const TensorObject& t = *asTensor(v);
    TensorMeta as2d = t.meta;
    if (t.dim() == 0) { as2d.sizes = Dims{1, 1}; as2d.strides = Dims{1, 1}; }
    if (t.dim() == 1) { as2d.sizes = Dims{1, t.sizes()[0]}; as2d.strides = Dims{1, t.strides()[0]}; }
    TensorMeta part = out->meta;
    part.sizes = as2d.sizes;
    part.offset = row * cols + col;
    if (as2d.sizes[0] > 0 && as2d.sizes[1] > 0) copyInto(*makeViewOf(*out, part), *makeViewOf(t, as2d));
    row += as2d.sizes[0];
    col += as2d.sizes[1];
  }
  return Value(out);
}

// PyTorch's addr kernel: beta * self + alpha * vec1[i] * vec2[j] (self
// ignored when beta is 0); for bool, (beta && self) || (alpha && vec1 && vec2).
OpResults addr(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  const DType d = out->dtype();
  Ref<TensorObject> self = contiguousOrSame(s, tensorArg(a, 0), d);
  Ref<TensorObject> v1 = contiguousOrSame(s, tensorArg(a, 1), d);
  Ref<TensorObject> v2 = contiguousOrSame(s, tensorArg(a, 2), d);
  TensorMeta col = v1->meta, rowm = v2->meta;
  col.sizes = Dims{v1->sizes()[0], 1};
  col.strides = Dims{v1->strides()[0], 0};
  rowm.sizes = Dims{1, v2->sizes()[0]};
  rowm.strides = Dims{0, v2->strides()[0]};
  Ref<TensorObject> c = makeViewOf(*v1, col), rw = makeViewOf(*v2, rowm);
  const TensorObject* const in[3] = {self.get(), c.get(), rw.get()};
  ElementwisePlan plan = planOver(*out, in);
  plan.interrupt = s.interrupt;
  withDType(d, [&](auto zero) {
    using T = decltype(zero);
    const T beta = scalarAs<T>(a[3]), alpha = scalarAs<T>(a[4]);
    plan.forEachRow([&](char** p, const int64_t* st, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        T x = at<T>(p[1], i, st[1]), u = at<T>(p[2], i, st[2]), w = at<T>(p[3], i, st[3]);
        T& o = at<T>(p[0], i, st[0]);
        if constexpr (std::is_same<T, bool>::value) o = (beta && x) || (alpha && u && w);
        else if (beta == T(0)) o = static_cast<T>(static_cast<T>(alpha * u) * w);
        else o = static_cast<T>(static_cast<T>(beta * x) + static_cast<T>(static_cast<T>(alpha * u) * w));
      }
    });
  });
  return Value(out);
}

OpResults empty_strided(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto base = allocTensor(s, r.out[0].dtype, Dims{storageExtent(r.out[0])}, /*zero=*/true);
  return Value(makeViewOf(*base, r.out[0]));
}

// resize_ / resize_as_: new sizes (contiguous strides unless unchanged, as
// PyTorch); a storage too small for them is replaced by a larger one that
// starts with the old bytes (Note [Resizing storage] in docs/views.md).
void resizeTensor(TensorState& s, TensorObject& self, const Dims& size) {
  for (int i = 0; i < size.size(); ++i)
    if (size[i] < 0)
      throw Error(ErrorKind::Runtime, "Trying to create tensor with negative dimension " + std::to_string(size[i]) +
                                          ": " + formatDims(size));
  TensorMeta m = self.meta;
  if (m.sizes == size) return;
  m.sizes = size;
  m.strides = contiguousStrides(size);
  checkViewGeometry(m);
  if (!self.isMeta()) {
    const size_t needed = checkedBytes(s, storageExtent(m), m.dtype);
    if (needed > self.storage->nbytes()) {
      auto bigger = allocTensor(s, m.dtype, Dims{storageExtent(m)}, /*zero=*/true);
      std::memcpy(bigger->storage->data(), self.storage->data(), self.storage->nbytes());
      self.storage = bigger->storage;
    }
  }
  self.meta = m;
}

}  // namespace tdsl::kernels
