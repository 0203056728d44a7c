// Helpers of the dim-wise kernels (sorting, scans, softmax, statistics): a
// tensor's lanes along one dim as contiguous rows, and elementwise walks.
//
// Note [Lanes]
// A lane is the run of elements along `dim` at one position of the other
// dims. lanesOf() copies a tensor, converted to a dtype, into a contiguous
// buffer whose dims are (the other dims in order..., dim), so lane j is row
// j; storeLanes() copies such rows back into a result of any layout. Lanes
// are numbered in row-major order of the other dims, which is also the
// element order of a contiguous reduction result over `dim`. A 0-dim tensor
// is one lane of one element.
#pragma once

#include <cstdint>

#include "tensor/kernel_util.h"
#include "tensor/tensor_iter.h"

namespace tdsl::kernels {

struct Lanes {
  Ref<TensorObject> rows;  // contiguous, dims (others..., dim)
  int64_t count = 1;       // number of lanes
  int64_t length = 1;      // elements per lane
};

// `m` with dim `dim` moved last (sizes and strides); a 0-dim meta unchanged.
inline TensorMeta movedLast(const TensorMeta& m, int dim) {
  if (m.dim() == 0) return m;
  TensorMeta out = m;
  out.sizes.clear();
  out.strides.clear();
  for (int d = 0; d < m.dim(); ++d)
    if (d != dim) out.sizes.push_back(m.sizes[d]), out.strides.push_back(m.strides[d]);
  out.sizes.push_back(m.sizes[dim]);
  out.strides.push_back(m.strides[dim]);
  return out;
}

inline Lanes lanesOf(TensorState& state, const TensorObject& t, int dim, DType dtype) {
  Lanes l;
  TensorMeta moved = movedLast(t.meta, dim);
  l.rows = allocTensor(state, dtype, moved.sizes);  // a copy: kernels overwrite their rows
  copyInto(*l.rows, *makeViewOf(t, moved));
  l.length = t.dim() == 0 ? 1 : t.sizes()[dim];
  l.count = l.length == 0 ? 0 : t.numel() / l.length;
  if (l.length == 0) {
    l.count = 1;
    for (int d = 0; d < t.dim(); ++d)
      if (d != dim) l.count *= t.sizes()[d];
  }
  return l;
}

// Rows shaped like `out` with `dim` moved last, to fill and then store.
inline Ref<TensorObject> laneRowsFor(TensorState& state, const TensorObject& out, int dim) {
  return allocTensor(state, out.dtype(), movedLast(out.meta, dim).sizes);
}

inline void storeLanes(const TensorObject& out, int dim, const TensorObject& rows) {
  copyInto(*makeViewOf(out, movedLast(out.meta, dim)), rows);
}

// out[i] = f(in[i]) for `out` (any layout) and `in` of out's sizes (broadcast).
template <class R, class T, class F>
void mapUnary(const TensorObject& out, const TensorObject& in, F f) {
  ElementwisePlan plan;
  plan.addOperand(out.dataPtr(), out.meta, out.sizes());
  plan.addOperand(in.dataPtr(), in.meta, out.sizes());
  plan.coalesce();
  plan.forEachRow([&](char** p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<R*>(p[0] + i * s[0]) = f(*reinterpret_cast<const T*>(p[1] + i * s[1]));
  });
}

// out[i] = f(x[i], y[i]) with x, y broadcast to out's sizes.
template <class R, class T, class F>
void mapBinary(const TensorObject& out, const TensorObject& x, const TensorObject& y, F f) {
  ElementwisePlan plan;
  plan.addOperand(out.dataPtr(), out.meta, out.sizes());
  plan.addOperand(x.dataPtr(), x.meta, out.sizes());
  plan.addOperand(y.dataPtr(), y.meta, out.sizes());
  plan.coalesce();
  plan.forEachRow([&](char** p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      *reinterpret_cast<R*>(p[0] + i * s[0]) =
          f(*reinterpret_cast<const T*>(p[1] + i * s[1]), *reinterpret_cast<const T*>(p[2] + i * s[2]));
  });
}

// Calls f(coords, flat) for every element of `sizes` in row-major order.
template <class F>
void forEachIndex(const Dims& sizes, F f) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  Dims c;
  c.resize(sizes.size(), 0);
  for (int64_t flat = 0; flat < n; ++flat) {
    f(c, flat);
    for (int d = sizes.size() - 1; d >= 0; --d) {
      if (++c[d] < sizes[d]) break;
      c[d] = 0;
    }
  }
}

}  // namespace tdsl::kernels
