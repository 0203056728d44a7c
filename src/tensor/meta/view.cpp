// Shape rules for views, MaybeView ops, scatters and cat/stack (see op_meta.h).
// View rules compute the exact strides and offset eager views get.
#include <algorithm>
#include <optional>

#include "tensor/checked_math.h"
#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/promotion.h"
#include "tensor/tensor_iter.h"
#include "tensor/view_util.h"

namespace tdsl {

Dims inferViewSize(const Dims& requested, int64_t numel) {
  Dims out = requested;
  int infer = -1;
  int64_t known = 1;
  for (int i = 0; i < out.size(); ++i) {
    if (out[i] == -1) {
      if (infer >= 0) throw Error(ErrorKind::Runtime, "only one dimension can be inferred");
      infer = i;
    } else if (out[i] < 0) {
      throw Error(ErrorKind::Runtime, "invalid shape dimension " + std::to_string(out[i]));
    } else {
      // Wraps like PyTorch's infer_size; a shape whose product overflows
      // then fails here or at the view's numel check (setView).
      known = static_cast<int64_t>(static_cast<uint64_t>(known) * static_cast<uint64_t>(out[i]));
    }
  }
  if (infer >= 0) {
    if (known == 0 || numel % known != 0)
      throw Error(ErrorKind::Runtime, "shape '" + formatDims(requested) + "' is invalid for input of size " +
                                        std::to_string(numel));
    out[infer] = numel / known;
  } else if (known != numel) {
    throw Error(ErrorKind::Runtime, "shape '" + formatDims(requested) + "' is invalid for input of size " +
                                      std::to_string(numel));
  }
  return out;
}

std::optional<Dims> computeViewStrides(const TensorMeta& old, const Dims& newShape) {
  Dims oldShape = old.sizes, oldStride = old.strides;
  if (old.numel() == 0) {
    if (oldShape == newShape) return oldStride;
    return contiguousStrides(newShape);
  }
  if (oldShape.empty()) { oldShape.push_back(1); oldStride.push_back(1); }
  Dims newStride;
  newStride.resize(newShape.size());
  int viewD = newShape.size() - 1;
  int64_t chunkBase = oldStride.back();
  int64_t tensorNumel = 1, viewNumel = 1;
  for (int tensorD = oldShape.size() - 1; tensorD >= 0; --tensorD) {
    tensorNumel = checkedMul(tensorNumel, oldShape[tensorD], "numel");
    if (tensorD == 0 ||
        (oldShape[tensorD - 1] != 1 && oldStride[tensorD - 1] != checkedMul(tensorNumel, chunkBase, "stride"))) {
      while (viewD >= 0 && (viewNumel < tensorNumel || newShape[viewD] == 1)) {
        newStride[viewD] = checkedMul(viewNumel, chunkBase, "stride");
        viewNumel = checkedMul(viewNumel, newShape[viewD], "numel");
        --viewD;
      }
      if (viewNumel != tensorNumel) return std::nullopt;
      if (tensorD > 0) {
        chunkBase = oldStride[tensorD - 1];
        tensorNumel = 1;
        viewNumel = 1;
      }
    }
  }
  if (viewD != -1) return std::nullopt;
  return newStride;
}

SliceBounds sliceBounds(int64_t size, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  if (step <= 0) throw Error(ErrorKind::Runtime, "slice step must be positive");
  int64_t s = start.value_or(0), e = end.value_or(size);
  if (s < 0) s += size;
  if (e < 0) e += size;
  s = std::clamp<int64_t>(s, 0, size);
  e = std::clamp<int64_t>(e, 0, size);
  if (e < s) e = s;
  // ceil((e - s) / step) without forming e - s + step - 1, which overflows for huge steps.
  return SliceBounds{s, e == s ? 0 : (e - s - 1) / step + 1};
}

}  // namespace tdsl

namespace tdsl::meta {

namespace {

// Every view rule ends here: its geometry is checked (Note [Checked geometry]).
void setView(MetaResult& r, const TensorMeta& m) {
  checkViewGeometry(m);
  r.add() = m;
  r.aliasesSelf = true;
}

void reshapeTo(const TensorObject& self, const Dims& requested, MetaResult& r) {
  Dims shape = inferViewSize(requested, self.numel());
  if (auto strides = computeViewStrides(self.meta, shape)) {
    TensorMeta m = self.meta;
    m.sizes = shape;
    m.strides = *strides;
    setView(r, m);
  } else {
    r.add() = contiguousMeta(self.dtype(), shape);
    r.aliasesSelf = false;
  }
}

}  // namespace

void view(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  Dims shape = inferViewSize(intListArg(a, 1), self.numel());
  auto strides = computeViewStrides(self.meta, shape);
  if (!strides)
    throw Error(ErrorKind::Runtime,
                "view size is not compatible with input tensor's size and stride (at least one dimension spans "
                "across two contiguous subspaces). Use .reshape(...) instead.");
  TensorMeta m = self.meta;
  m.sizes = shape;
  m.strides = *strides;
  setView(r, m);
}

void reshape(const BoundArgs& a, MetaResult& r) { reshapeTo(tensorArg(a, 0), intListArg(a, 1), r); }

void flatten(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() == 0) { reshapeTo(self, Dims{1}, r); return; }
  int64_t start = wrapDim(intArg(a, 1), self.dim()), end = wrapDim(intArg(a, 2), self.dim());
  if (start > end) throw Error(ErrorKind::Runtime, "flatten() has invalid args: start_dim cannot come after end_dim");
  Dims shape;
  for (int d = 0; d < start; ++d) shape.push_back(self.sizes()[d]);
  int64_t n = 1;
  for (int64_t d = start; d <= end; ++d) n = checkedMul(n, self.sizes()[d], "numel");
  shape.push_back(n);
  for (int d = end + 1; d < self.dim(); ++d) shape.push_back(self.sizes()[d]);
  reshapeTo(self, shape, r);
}

void contiguous(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const MemoryFormat format = a.count > 1 ? memoryFormatArg(a) : MemoryFormat::Contiguous;
  if (format == MemoryFormat::ChannelsLast) {
    if (self.dim() == 4 && isChannelsLastContiguous(self.meta)) { setView(r, self.meta); return; }
    r.add() = layoutLike(self.meta, self.dtype(), format);
    return;
  }
  if (self.meta.isContiguous()) { setView(r, self.meta); return; }
  // PyTorch returns self when it is contiguous in the asked format, and
  // refuses preserve_format only when it would have to copy.
  if (format == MemoryFormat::Preserve)
    throw Error(ErrorKind::Runtime, "preserve memory format is unsupported by the contiguous operator");
  r.add() = contiguousMeta(self.dtype(), self.sizes());
}

void toDtype(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  DType d = a[1].asDType();
  bool forceCopy = boolArg(a, 3);
  if (d == self.dtype() && !forceCopy) setView(r, self.meta);
  else r.add() = layoutLike(self.meta, d, MemoryFormat::Preserve);  // _to_copy keeps the layout
}

void t(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() > 2)
    throw Error(ErrorKind::Runtime, "t() expects a tensor with <= 2 dimensions, but self is " +
                                      std::to_string(self.dim()) + "D");
  TensorMeta m = self.meta;
  if (self.dim() == 2) {
    std::swap(m.sizes[0], m.sizes[1]);
    std::swap(m.strides[0], m.strides[1]);
  }
  setView(r, m);
}

void transpose(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  TensorMeta m = self.meta;
  int64_t d0 = wrapDim(intArg(a, 1), self.dim()), d1 = wrapDim(intArg(a, 2), self.dim());
  if (self.dim() > 0) {
    std::swap(m.sizes[d0], m.sizes[d1]);
    std::swap(m.strides[d0], m.strides[d1]);
  }
  setView(r, m);
}

void permute(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  Dims dims = intListArg(a, 1);
  if (dims.size() != self.dim())
    throw Error(ErrorKind::Runtime, "permute(sparse_coo): number of dimensions in the tensor input does not match the "
                                  "length of the desired ordering of dimensions i.e. input.dim() = " +
                                      std::to_string(self.dim()) + " is not equal to len(dims) = " +
                                      std::to_string(dims.size()));
  TensorMeta m = self.meta;
  Dims seen;
  seen.resize(self.dim(), 0);
  for (int i = 0; i < dims.size(); ++i) {
    int64_t d = wrapDim(dims[i], self.dim());
    if (seen[d]) throw Error(ErrorKind::Runtime, "permute(): duplicate dims are not allowed.");
    seen[d] = 1;
    m.sizes[i] = self.sizes()[d];
    m.strides[i] = self.strides()[d];
  }
  setView(r, m);
}

void squeeze(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  TensorMeta m = self.meta;
  m.sizes.clear();
  m.strides.clear();
  bool hasDim = a.count > 1;
  int64_t only = hasDim ? wrapDim(intArg(a, 1), self.dim()) : -1;
  for (int d = 0; d < self.dim(); ++d) {
    bool drop = self.sizes()[d] == 1 && (!hasDim || d == only);
    if (!drop) {
      m.sizes.push_back(self.sizes()[d]);
      m.strides.push_back(self.strides()[d]);
    }
  }
  setView(r, m);
}

void unsqueeze(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  int64_t d = wrapDim(intArg(a, 1), self.dim() + 1);
  TensorMeta m = self.meta;
  int64_t stride = d >= self.dim() ? 1 : checkedMul(self.sizes()[d], self.strides()[d], "stride");
  m.sizes.insert(static_cast<int>(d), 1);
  m.strides.insert(static_cast<int>(d), stride);
  setView(r, m);
}

namespace {
void expandTo(const TensorObject& self, const Dims& size, MetaResult& r) {
  if (size.size() < self.dim())
    throw Error(ErrorKind::Runtime, "expand(torch.FloatTensor{" + formatDims(self.sizes()) +
                                      "}, size=" + formatDims(size) +
                                      "): the number of sizes provided (" + std::to_string(size.size()) +
                                      ") must be greater or equal to the number of dimensions in the tensor (" +
                                      std::to_string(self.dim()) + ")");
  TensorMeta m = self.meta;
  m.sizes.resize(size.size());
  m.strides.resize(size.size());
  int lead = size.size() - self.dim();
  for (int i = size.size() - 1; i >= 0; --i) {
    int src = i - lead;
    int64_t target = size[i];
    if (src < 0) {
      if (target < 0)
        throw Error(ErrorKind::Runtime, "The expanded size of the tensor (" + std::to_string(target) +
                                          ") isn't allowed in a leading, non-existing dimension " + std::to_string(i));
      m.sizes[i] = target;
      m.strides[i] = 0;
      continue;
    }
    int64_t have = self.sizes()[src];
    if (target == -1) target = have;
    if (have != target) {
      if (have != 1)
        throw Error(ErrorKind::Shape, "The expanded size of the tensor (" + std::to_string(target) +
                                          ") must match the existing size (" + std::to_string(have) +
                                          ") at non-singleton dimension " + std::to_string(i) +
                                          ".  Target sizes: " + formatDims(size) +
                                          ".  Tensor sizes: " + formatDims(self.sizes()));
      m.sizes[i] = target;
      m.strides[i] = 0;
    } else {
      m.sizes[i] = have;
      m.strides[i] = self.strides()[src];
    }
  }
  setView(r, m);
}
}  // namespace

void expand(const BoundArgs& a, MetaResult& r) { expandTo(tensorArg(a, 0), intListArg(a, 1), r); }
void expandAs(const BoundArgs& a, MetaResult& r) { expandTo(tensorArg(a, 0), tensorArg(a, 1).sizes(), r); }

void slice(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() == 0) throw Error(ErrorKind::Index, "slice() cannot be applied to a 0-dim tensor.");
  int64_t d = wrapDim(intArg(a, 1), self.dim());
  SliceBounds b = sliceBounds(self.sizes()[d], optIntArg(a, 2), optIntArg(a, 3), intArg(a, 4));
  TensorMeta m = self.meta;
  m.offset = offsetPlus(m.offset, b.start, self.strides()[d]);
  m.sizes[d] = b.length;
  // A huge step leaves at most one element, whose stride addresses nothing.
  if (__builtin_mul_overflow(self.strides()[d], intArg(a, 4), &m.strides[d])) {
    if (b.length > 1) throwMulOverflow("stride");
    m.strides[d] = self.strides()[d];
  }
  setView(r, m);
}

void select(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() == 0) throw Error(ErrorKind::Index, "select() cannot be applied to a 0-dim tensor.");
  int64_t d = wrapDim(intArg(a, 1), self.dim());
  int64_t size = self.sizes()[d];
  int64_t index = intArg(a, 2);
  if (index < -size || index >= size)
    throw Error(ErrorKind::Index, "select(): index " + std::to_string(index) + " out of range for tensor of size " +
                                      formatDims(self.sizes()) + " at dimension " + std::to_string(d));
  if (index < 0) index += size;
  TensorMeta m = self.meta;
  m.offset = offsetPlus(m.offset, index, self.strides()[d]);
  m.sizes.erase(static_cast<int>(d));
  m.strides.erase(static_cast<int>(d));
  setView(r, m);
}

void narrow(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() == 0) throw Error(ErrorKind::Index, "narrow() cannot be applied to a 0-dim tensor.");
  int64_t d = wrapDim(intArg(a, 1), self.dim());
  int64_t size = self.sizes()[d], start = intArg(a, 2), length = intArg(a, 3);
  if (start < -size || start > size)
    throw Error(ErrorKind::Index, "start out of range (expected to be in range of [" + std::to_string(-size) + ", " +
                                      std::to_string(size) + "], but got " + std::to_string(start) + ")");
  if (start < 0) start += size;
  if (length < 0 || length > size - start)
    throw Error(ErrorKind::Index, "start (" + std::to_string(start) + ") + length (" + std::to_string(length) +
                                      ") exceeds dimension size (" + std::to_string(size) + ").");
  TensorMeta m = self.meta;
  m.offset = offsetPlus(m.offset, start, self.strides()[d]);
  m.sizes[d] = length;
  setView(r, m);
}

void diagonal(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  int64_t offset = intArg(a, 1);
  int64_t d1 = wrapDim(intArg(a, 2), self.dim()), d2 = wrapDim(intArg(a, 3), self.dim());
  if (d1 == d2) throw Error(ErrorKind::Runtime, "diagonal dimensions cannot be identical " + std::to_string(intArg(a, 2)) +
                                                  ", " + std::to_string(intArg(a, 3)));
  TensorMeta m = self.meta;
  int64_t len;
  if (offset >= 0) {
    len = std::max<int64_t>(std::min(self.sizes()[d1], self.sizes()[d2] - offset), 0);
    if (len > 0) m.offset = offsetPlus(m.offset, offset, self.strides()[d2]);
  } else {
    len = std::max<int64_t>(std::min(self.sizes()[d1] + offset, self.sizes()[d2]), 0);
    if (len > 0) m.offset = offsetPlus(m.offset, -offset, self.strides()[d1]);
  }
  int64_t stride = checkedAdd(self.strides()[d1], self.strides()[d2], "stride");
  m.sizes.clear();
  m.strides.clear();
  for (int d = 0; d < self.dim(); ++d) {
    if (d == d1 || d == d2) continue;
    m.sizes.push_back(self.sizes()[d]);
    m.strides.push_back(self.strides()[d]);
  }
  m.sizes.push_back(len);
  m.strides.push_back(stride);
  setView(r, m);
}

void asStrided(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  Dims size = intListArg(a, 1), stride = intListArg(a, 2);
  if (size.size() != stride.size())
    throw Error(ErrorKind::Runtime, "mismatch in length of strides and shape");
  for (int i = 0; i < size.size(); ++i) {
    if (size[i] < 0) throw Error(ErrorKind::Runtime, "as_strided: Negative sizes are not allowed");
    if (stride[i] < 0) throw Error(ErrorKind::Runtime, "as_strided: Negative strides are not supported at the moment, got strides: " + formatDims(stride));
  }
  TensorMeta m;
  m.dtype = self.dtype();
  m.sizes = size;
  m.strides = stride;
  auto off = optIntArg(a, 3);
  m.offset = off ? *off : self.meta.offset;
  if (m.offset < 0) throw Error(ErrorKind::Runtime, "Tensor: invalid storage offset " + std::to_string(m.offset));
  setView(r, m);
}

void alias(const BoundArgs& a, MetaResult& r) { setView(r, tensorArg(a, 0).meta); }

namespace {
void checkScatterSource(const TensorObject& src, const Dims& expected, const char* what) {
  if (src.sizes() != expected)
    throw Error(ErrorKind::Shape, std::string("expected src to have a size equal to the ") + what +
                                      " of self. src size = " + formatDims(src.sizes()) + ", " + what +
                                      " size = " + formatDims(expected));
}
}  // namespace

void sliceScatter(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  BoundArgs view = a;  // slice's arguments are (self, dim, start, end, step), read by position
  view[1] = a[2]; view[2] = a[3]; view[3] = a[4]; view[4] = a[5];
  view.count = 5;
  MetaResult sliced;
  slice(view, sliced);
  checkScatterSource(tensorArg(a, 1), sliced.out[0].sizes, "slice");
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);  // a clone of self, as in PyTorch
}

void selectScatter(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  BoundArgs view = a;
  view[1] = a[2]; view[2] = a[3];
  view.count = 3;
  MetaResult selected;
  select(view, selected);
  checkScatterSource(tensorArg(a, 1), selected.out[0].sizes, "slice");  // PyTorch's text
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);  // a clone of self, as in PyTorch
}

void asStridedScatter(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  Dims size = intListArg(a, 2);
  checkScatterSource(tensorArg(a, 1), size, "view");
  if (size.size() != intListArg(a, 3).size()) throw Error(ErrorKind::Runtime, "mismatch in length of strides and shape");
  r.add() = contiguousMeta(self.dtype(), self.sizes());
}

void cat(const BoundArgs& a, MetaResult& r) {
  const auto& items = tensorListArg(a, 0);
  if (items.empty()) throw Error(ErrorKind::Runtime, "torch.cat(): expected a non-empty list of Tensors");
  // Legacy rule: 1-D empty tensors are skipped.
  const TensorObject* ref = nullptr;
  ResultTypeBuilder types;
  for (const Value& v : items) {
    const TensorObject* t = asTensor(v);
    types.addTensor(t->dtype(), 1, false);
    if (!ref && !(t->dim() == 1 && t->numel() == 0)) ref = t;
  }
  if (!ref) { r.add() = contiguousMeta(types.result(), Dims{0}); return; }
  if (ref->dim() == 0) throw Error(ErrorKind::Runtime, "zero-dimensional tensor (at position 0) cannot be concatenated");
  int64_t d = wrapDim(intArg(a, 1), ref->dim());
  Dims out = ref->sizes();
  out[d] = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const TensorObject* t = asTensor(items[i]);
    if (t->dim() == 1 && t->numel() == 0) continue;
    if (t->dim() != ref->dim())
      throw Error(ErrorKind::Shape, "Tensors must have same number of dimensions: got " + std::to_string(ref->dim()) +
                                        " and " + std::to_string(t->dim()));
    for (int k = 0; k < ref->dim(); ++k) {
      if (k != d && t->sizes()[k] != ref->sizes()[k])
        throw Error(ErrorKind::Shape, "Sizes of tensors must match except in dimension " + std::to_string(d) +
                                          ". Expected size " + std::to_string(ref->sizes()[k]) + " but got size " +
                                          std::to_string(t->sizes()[k]) + " for tensor number " + std::to_string(i) +
                                          " in the list.");
    }
    out[d] = checkedAdd(out[d], t->sizes()[d], "cat(): result size");
  }
  r.add() = contiguousMeta(types.result(), out);
}

void stack(const BoundArgs& a, MetaResult& r) {
  const auto& items = tensorListArg(a, 0);
  if (items.empty()) throw Error(ErrorKind::Runtime, "stack expects a non-empty TensorList");
  const TensorObject* first = asTensor(items[0]);
  ResultTypeBuilder types;
  for (size_t i = 0; i < items.size(); ++i) {
    const TensorObject* t = asTensor(items[i]);
    types.addTensor(t->dtype(), 1, false);
    if (t->sizes() != first->sizes())
      throw Error(ErrorKind::Shape, "stack expects each tensor to be equal size, but got " + formatDims(first->sizes()) +
                                        " at entry 0 and " + formatDims(t->sizes()) + " at entry " + std::to_string(i));
  }
  int64_t d = wrapDim(intArg(a, 1), first->dim() + 1);
  Dims out = first->sizes();
  out.insert(static_cast<int>(d), static_cast<int64_t>(items.size()));
  r.add() = contiguousMeta(types.result(), out);
}

}  // namespace tdsl::meta
