// Eager kernels for views (built from the meta rule, sharing storage),
// MaybeView ops, the view scatters, clone, cat and stack.
#include <cstring>

#include "tensor/checked_math.h"
#include "tensor/storage_bounds.h"
#include "tensor/kernel_util.h"
#include "tensor/op_kernels.h"
#include "tensor/op_meta.h"
#include "tensor/tensor_iter.h"

namespace tdsl::kernels {

namespace {

Ref<TensorObject> freshCopy(TensorState& s, const TensorObject& src, const TensorMeta& m) {
  auto out = allocLike(s, m);
  if (src.sizes() == m.sizes) {
    copyInto(*out, src);
  } else {
    // A reshape copy: row-major order of src is row-major order of out.
    auto tmp = allocTensor(s, m.dtype, src.sizes());
    copyInto(*tmp, src);
    std::memcpy(out->dataPtr(), tmp->dataPtr(), static_cast<size_t>(m.numel()) * itemSize(m.dtype));
  }
  return out;
}

}  // namespace

OpResults makeView(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  checkStorageBounds(self, r.out[0]);
  return Value(makeViewOf(self, r.out[0]));
}

OpResults reshape(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  if (r.aliasesSelf) return Value(makeViewOf(self, r.out[0]));
  return Value(freshCopy(s, self, r.out[0]));
}

OpResults flatten(TensorState& s, const BoundArgs& a) {
  const TensorObject& self = tensorArg(a, 0);
  // PyTorch returns self itself when there is nothing to flatten (not for 0-dim: that reshapes to [1]).
  if (self.dim() > 0 && wrapDim(intArg(a, 1), self.dim()) == wrapDim(intArg(a, 2), self.dim())) return a[0];
  return reshape(s, a);
}

OpResults contiguous(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  if (r.aliasesSelf) return a[0];  // PyTorch returns self itself
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 0));
  return Value(out);
}

OpResults toDtype(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  if (r.aliasesSelf) return a[0];
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 0));
  return Value(out);
}

OpResults clone(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 0));
  return Value(out);
}

namespace {
// out = clone(self); out.<view>(...) = src, with the view computed by `viewOp` on out.
Value scatterThroughView(TensorState& s, const BoundArgs& a, MetaFn viewMeta, int firstViewArg, int numViewArgs) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, self);
  BoundArgs v;
  v.op = a.op;  // the view rules read their arguments by position
  v[0] = Value(out);
  for (int i = 0; i < numViewArgs; ++i) v.copySlot(1 + i, a, firstViewArg + i);
  v.count = 1 + numViewArgs;
  MetaResult vm;
  viewMeta(v, vm);
  checkStorageBounds(*out, vm.out[0]);
  auto view = makeViewOf(*out, vm.out[0]);
  checkNoInternalOverlap(*view);
  copyInto(*view, tensorArg(a, 1));
  return Value(out);
}
}  // namespace

OpResults slice_scatter(TensorState& s, const BoundArgs& a) { return scatterThroughView(s, a, meta::slice, 2, 4); }
OpResults select_scatter(TensorState& s, const BoundArgs& a) { return scatterThroughView(s, a, meta::select, 2, 2); }
OpResults as_strided_scatter(TensorState& s, const BoundArgs& a) { return scatterThroughView(s, a, meta::asStrided, 2, 3); }

OpResults cat(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  const auto& items = tensorListArg(a, 0);
  if (out->dim() == 1 && out->numel() == 0 && r.out[0].sizes[0] == 0) return Value(out);
  int64_t d = wrapDim(intArg(a, 1), out->dim());
  int64_t pos = 0;
  for (const Value& v : items) {
    const TensorObject* t = asTensor(v);
    if (t->dim() == 1 && t->numel() == 0 && out->dim() != 1) continue;
    TensorMeta part = out->meta;
    part.sizes[d] = t->sizes()[d];
    part.offset += pos * out->strides()[d];  // inside `out`: it fits (Note [Checked geometry])
    pos += t->sizes()[d];
    copyInto(*makeViewOf(*out, part), *t);
  }
  return Value(out);
}

OpResults stack(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  const auto& items = tensorListArg(a, 0);
  int64_t d = wrapDim(intArg(a, 1), out->dim());
  for (size_t i = 0; i < items.size(); ++i) {
    TensorMeta part = out->meta;
    part.offset += static_cast<int64_t>(i) * out->strides()[d];
    part.sizes.erase(static_cast<int>(d));
    part.strides.erase(static_cast<int>(d));
    copyInto(*makeViewOf(*out, part), *asTensor(items[i]));
  }
  return Value(out);
}

}  // namespace tdsl::kernels
