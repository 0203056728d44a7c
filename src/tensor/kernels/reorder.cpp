// Eager kernels for roll, flip, fliplr/flipud, repeat, triu and tril: each
// result element is one source element (or zero), found by coordinates.
#include "tensor/kernels/lanes.h"
#include "tensor/op_kernels_extra.h"

namespace tdsl::kernels {

namespace {

// out[c] = self[source(c)] for a contiguous result; `source` maps result
// coordinates to a storage offset of self (elements, from its first element).
template <class Source>
Ref<TensorObject> gatherBy(TensorState& s, const TensorObject& self, const TensorMeta& om, Source source) {
  auto out = allocLike(s, om);
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* in = self.template data<T>();
    T* o = out->template data<T>();
    forEachIndex(om.sizes, [&](const Dims& c, int64_t flat) {
      if (flat % kInterruptGrain == 0) pollInterrupt(s);
      o[flat] = in[source(c)];
    });
  });
  return out;
}

int64_t positiveMod(int64_t x, int64_t n) { return n == 0 ? 0 : ((x % n) + n) % n; }

OpResults flipDims(TensorState& s, const BoundArgs& a, const Dims& dims) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  Dims flipped;
  flipped.resize(self.dim(), 0);
  for (int64_t d : dims) flipped[static_cast<int>(wrapDim(d, self.dim()))] = 1;
  return Value(gatherBy(s, self, r.out[0], [&](const Dims& c) {
    int64_t off = 0;
    for (int d = 0; d < c.size(); ++d)
      off += (flipped[d] ? self.sizes()[d] - 1 - c[d] : c[d]) * self.strides()[d];
    return off;
  }));
}

// Zeroes the elements of `t` outside the triangle (in place).
void keepTriangle(const TensorObject& t, int64_t diagonal, bool upper) {
  const int rank = t.dim();
  withDType(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* p = t.template data<T>();
    forEachIndex(t.sizes(), [&](const Dims& c, int64_t) {
      int64_t k = c[rank - 1] - c[rank - 2];
      bool keep = upper ? k >= diagonal : k <= diagonal;
      if (keep) return;
      int64_t off = 0;
      for (int d = 0; d < rank; ++d) off += c[d] * t.strides()[d];
      p[off] = T(0);
    });
  });
}

}  // namespace

OpResults roll(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  Dims shifts = intListArg(a, 1), dims = intListArg(a, 2);
  if (dims.empty()) {  // the flattened tensor rolls, then takes self's shape back
    Ref<TensorObject> flat = contiguousAs(s, self, self.dtype());
    const int64_t n = self.numel(), shift = shifts[0];
    TensorMeta om = r.out[0];
    return Value(gatherBy(s, *flat, om, [&](const Dims& c) {
      int64_t i = 0;
      for (int d = 0; d < c.size(); ++d) i = i * om.sizes[d] + c[d];
      return positiveMod(i - shift, n);
    }));
  }
  Dims shiftOf;
  shiftOf.resize(self.dim(), 0);
  for (int k = 0; k < dims.size(); ++k) {
    int w = static_cast<int>(wrapDim(dims[k], self.dim()));
    shiftOf[w] += shifts[k];
  }
  return Value(gatherBy(s, self, r.out[0], [&](const Dims& c) {
    int64_t off = 0;
    for (int d = 0; d < c.size(); ++d) off += positiveMod(c[d] - shiftOf[d], self.sizes()[d]) * self.strides()[d];
    return off;
  }));
}

OpResults flip(TensorState& s, const BoundArgs& a) { return flipDims(s, a, intListArg(a, 1)); }
OpResults fliplr(TensorState& s, const BoundArgs& a) { return flipDims(s, a, Dims{1}); }
OpResults flipud(TensorState& s, const BoundArgs& a) { return flipDims(s, a, Dims{0}); }

OpResults repeat(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const int lead = r.out[0].dim() - self.dim();
  return Value(gatherBy(s, self, r.out[0], [&](const Dims& c) {
    int64_t off = 0;
    for (int d = 0; d < self.dim(); ++d) off += (c[d + lead] % self.sizes()[d]) * self.strides()[d];
    return off;
  }));
}

OpResults triu(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 0));
  keepTriangle(*out, intArg(a, 1), true);
  return Value(out);
}
OpResults tril(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 0));
  keepTriangle(*out, intArg(a, 1), false);
  return Value(out);
}
OpResults triu_(TensorState&, const BoundArgs& a) {
  runMeta(a);
  checkNoInternalOverlap(tensorArg(a, 0));
  keepTriangle(tensorArg(a, 0), intArg(a, 1), true);
  return a[0];
}
OpResults tril_(TensorState&, const BoundArgs& a) {
  runMeta(a);
  checkNoInternalOverlap(tensorArg(a, 0));
  keepTriangle(tensorArg(a, 0), intArg(a, 1), false);
  return a[0];
}

}  // namespace tdsl::kernels
