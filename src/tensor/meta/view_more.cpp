// Shape rules of docs/views.md's ops (op_meta_views.h): the new views
// (unfold, movedim, view.dtype), their scatters, and the pointwise,
// reduction and shape ops that came with them.
#include <algorithm>

#include "tensor/checked_math.h"
#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/op_meta_views.h"
#include "tensor/promotion.h"
#include "tensor/reduce.h"
#include "tensor/tensor_iter.h"
#include "tensor/view_util.h"

namespace tdsl::meta {

namespace {

void setView(MetaResult& r, const TensorMeta& m) {
  checkViewGeometry(m);
  r.add() = m;
  r.aliasesSelf = true;
}

Dims shapeOf(const Value& v) { return v.isTensor() ? asTensor(v)->sizes() : Dims{}; }

void castCheck(DType result, DType out) {
  if (!canCast(result, out))
    throw Error(ErrorKind::Type, "result type " + scalarName(result) + " can't be cast to the desired output type " +
                                     scalarName(out));
}

// An in-place op's output must already have the broadcast shape.
void checkOutputShape(const Dims& self, const Dims& broadcast) {
  if (broadcast != self)
    throw Error(ErrorKind::Shape, "output with shape " + formatDims(self) + " doesn't match the broadcast shape " +
                                      formatDims(broadcast));
}

}  // namespace

void tInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() > 2)
    throw Error(ErrorKind::Runtime, "t_() expects a tensor with <= 2 dimensions, but self is " +
                                      std::to_string(self.dim()) + "D");
  t(a, r);
}

// PyTorch's movedim: the moved dims go to their destinations, the others
// keep their order in the remaining slots.
void movedim(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const int n = self.dim();
  Dims src = intListArg(a, 1), dst = intListArg(a, 2);
  if (src.size() != dst.size())
    throw Error(ErrorKind::Runtime, "movedim: Invalid source or destination dims: source (" + formatDims(src) +
                                        " dims) should contain the same number of dims as destination (" +
                                        formatDims(dst) + " dims)");
  Dims ws, wd;
  for (int i = 0; i < src.size(); ++i) {
    ws.push_back(wrapDim(src[i], n));
    wd.push_back(wrapDim(dst[i], n));
  }
  auto checkUnique = [](const Dims& d, const Dims& given, const char* what) {
    for (int i = 0; i < d.size(); ++i)
      for (int j = i + 1; j < d.size(); ++j)
        if (d[i] == d[j])
          throw Error(ErrorKind::Runtime, std::string("movedim: repeated dim in `") + what + "` (" + formatDims(given) + ")");
  };
  checkUnique(ws, src, "source");
  checkUnique(wd, dst, "destination");
  int order[kMaxDims];
  bool taken[kMaxDims] = {}, placed[kMaxDims] = {};
  for (int i = 0; i < ws.size(); ++i) {
    order[wd[i]] = static_cast<int>(ws[i]);
    taken[ws[i]] = true;
    placed[wd[i]] = true;
  }
  int next = 0;
  for (int d = 0; d < n; ++d) {
    if (placed[d]) continue;
    while (taken[next]) ++next;
    order[d] = next++;
  }
  TensorMeta m = self.meta;
  for (int d = 0; d < n; ++d) {
    m.sizes[d] = self.sizes()[order[d]];
    m.strides[d] = self.strides()[order[d]];
  }
  setView(r, m);
}

void unfold(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const int64_t d = wrapDim(intArg(a, 1), std::max(self.dim(), 1));
  const int64_t size = intArg(a, 2), step = intArg(a, 3);
  const int64_t have = self.dim() == 0 ? 1 : self.sizes()[d];
  if (size > have)
    throw Error(ErrorKind::Runtime, "maximum size for tensor at dimension " + std::to_string(d) + " is " +
                                        std::to_string(have) + " but size is " + std::to_string(size));
  if (step <= 0) throw Error(ErrorKind::Runtime, "step is " + std::to_string(step) + " but must be > 0");
  if (size < 0) throw Error(ErrorKind::Runtime, "size is " + std::to_string(size) + " but must be >= 0");
  TensorMeta m = self.meta;
  if (self.dim() == 0) {
    m.sizes.push_back(size);
    m.strides.push_back(1);
  } else {
    const int64_t stride = self.strides()[d];
    m.sizes[static_cast<int>(d)] = (have - size) / step + 1;
    m.strides[static_cast<int>(d)] = checkedMul(step, stride, "stride");
    m.sizes.push_back(size);
    m.strides.push_back(stride);
  }
  setView(r, m);
}

// Note [Reinterpreting views]: view(dtype) keeps the bytes and changes how
// they are read. Same element size: only the dtype changes. Otherwise the
// last dim must be contiguous and is rescaled by the size ratio (with the
// other strides and the storage offset), with PyTorch's checks, in its order.
void viewDtype(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const DType to = a[1].asDType();
  const int64_t from = static_cast<int64_t>(itemSize(self.dtype())), into = static_cast<int64_t>(itemSize(to));
  TensorMeta m = self.meta;
  m.dtype = to;
  if (from == into) { setView(r, m); return; }
  const std::string what = std::string(" to view ") + scalarName(self.dtype()) + " as " + scalarName(to) +
                           " (different element sizes)";
  if (self.dim() == 0) throw Error(ErrorKind::Runtime, "self.dim() cannot be 0" + what);
  const int last = self.dim() - 1;
  if (self.strides()[last] != 1)
    throw Error(ErrorKind::Runtime, "self.stride(-1) must be 1" + what + ", but got " + std::to_string(self.strides()[last]));
  if (from > into) {
    const int64_t ratio = from / into;
    for (int d = 0; d < last; ++d) m.strides[d] = checkedMul(self.strides()[d], ratio, "stride");
    m.sizes[last] = checkedMul(self.sizes()[last], ratio, "size");
    m.offset = checkedMul(self.meta.offset, ratio, "storage offset");
  } else {
    const int64_t ratio = into / from;
    auto divisible = [&](const std::string& name, int64_t v) {
      if (v % ratio != 0)
        throw Error(ErrorKind::Runtime, name + " must be divisible by " + std::to_string(ratio) + what + ", but got " +
                                            std::to_string(v));
    };
    divisible("self.size(-1)", self.sizes()[last]);
    divisible("self.storage_offset()", self.meta.offset);
    for (int d = 0; d < last; ++d) divisible("self.stride(" + std::to_string(d) + ")", self.strides()[d]);
    for (int d = 0; d < last; ++d) m.strides[d] = self.strides()[d] / ratio;
    m.sizes[last] = self.sizes()[last] / ratio;
    m.offset = self.meta.offset / ratio;
  }
  setView(r, m);
}

void diagonalScatter(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  BoundArgs view = a;  // diagonal's arguments are (self, offset, dim1, dim2), read by position
  view[1] = a[2]; view[2] = a[3]; view[3] = a[4];
  view.count = 4;
  MetaResult diag;
  diagonal(view, diag);
  const Dims& expected = diag.out[0].sizes;
  const TensorObject& src = tensorArg(a, 1);
  if (src.sizes() != expected)
    throw Error(ErrorKind::Shape, "expected src to have a size equal to the slice of self. src size = " +
                                      formatDims(src.sizes()) + ", slice size = " + formatDims(expected));
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);  // a clone of self, as in PyTorch
}

void comparisonInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  checkOutputShape(self.sizes(), broadcastShapes(self.sizes(), shapeOf(a[1])));
  r.add() = self.meta;
}

namespace {
DType addcopDType(const BoundArgs& a) {
  ResultTypeBuilder b;
  b.add(a[0]);
  b.add(a[1]);
  b.add(a[2]);
  DType d = b.result();
  const Value& value = a[3];
  if (a.op->baseName == "addcdiv" && isIntegral(d, true) && isIntegral(tensorArg(a, 1).dtype(), true) &&
      isIntegral(tensorArg(a, 2).dtype(), true))
    throw Error(ErrorKind::Runtime,
                "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform "
                "a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input "
                "+ value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value "
                "* tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter "
                "implementation: (input + value * tensor1 / tensor2), for all dtypes.");
  (void)value;
  return d;
}
Dims addcopShape(const BoundArgs& a) {
  return broadcastShapes(broadcastShapes(shapeOf(a[0]), shapeOf(a[1])), shapeOf(a[2]));
}
}  // namespace

void addcop(const BoundArgs& a, MetaResult& r) {
  DType d = addcopDType(a);
  Dims shape = addcopShape(a);
  ElementwiseOperands ops;
  for (int i = 0; i < 3; ++i) ops.add(tensorArg(a, i).meta, d);
  TensorMeta& m = r.add();
  m.dtype = d;
  m.sizes = shape;
  m.strides = elementwiseStrides(shape, ops);
}

void addcopInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  DType d = addcopDType(a);
  checkOutputShape(self.sizes(), addcopShape(a));
  castCheck(d, self.dtype());
  r.add() = self.meta;
}

void unaryFloatMath(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  DType d = isFloating(self.dtype()) ? self.dtype() : DType::Float32;
  ElementwiseOperands ops;
  ops.add(self.meta, d);
  TensorMeta& m = r.add();
  m.dtype = d;
  m.sizes = self.sizes();
  m.strides = elementwiseStrides(self.sizes(), ops);
}

void aminmax(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = reduceSpec(a, "aminmax");
  if (spec.all && self.numel() == 0)
    throw Error(ErrorKind::Runtime,
                "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  for (int d = 0; d < self.dim(); ++d)
    if (spec.reduced[d] && self.sizes()[d] == 0 && !spec.all)
      throw Error(ErrorKind::Index, "aminmax: Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
  if (spec.all && spec.keepdim) {
    spec.outSizes.clear();
    for (int d = 0; d < self.dim(); ++d) spec.outSizes.push_back(1);
  }
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
}

void blockDiag(const BoundArgs& a, MetaResult& r) {
  const auto& items = tensorListArg(a, 0);
  ResultTypeBuilder types;
  int64_t rows = 0, cols = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const TensorObject* t = asTensor(items[i]);
    if (t->dim() > 2)
      throw Error(ErrorKind::Runtime, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input " +
                                          std::to_string(i) + " has " + std::to_string(t->dim()) + " dimensions");
    types.addTensor(t->dtype(), 1, false);
    int64_t h = t->dim() == 2 ? t->sizes()[0] : 1;
    int64_t w = t->dim() == 2 ? t->sizes()[1] : t->dim() == 1 ? t->sizes()[0] : 1;
    rows = checkedAdd(rows, h, "size");
    cols = checkedAdd(cols, w, "size");
  }
  r.add() = contiguousMeta(items.empty() ? DType::Float32 : types.result(), Dims{items.empty() ? 1 : rows, cols});
}

void addr(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& v1 = tensorArg(a, 1);
  const TensorObject& v2 = tensorArg(a, 2);
  if (v1.dim() != 1)
    throw Error(ErrorKind::Runtime, "addr: Expected 1-D argument vec1, but got " + std::to_string(v1.dim()) + "-D");
  if (v2.dim() != 1)
    throw Error(ErrorKind::Runtime, "addr: Expected 1-D argument vec2, but got " + std::to_string(v2.dim()) + "-D");
  ResultTypeBuilder b;
  b.add(a[0]);
  b.add(a[1]);
  b.add(a[2]);
  DType d = b.result();
  if (isIntegral(d, true)) {
    if (a[3].isFloat()) throw Error(ErrorKind::Runtime, "For integral input tensors, argument beta must not be a floating point number.");
    if (a[4].isFloat()) throw Error(ErrorKind::Runtime, "For integral input tensors, argument alpha must not be a floating point number.");
  }
  Dims outer{v1.sizes()[0], v2.sizes()[0]};
  // self is expanded to the outer product's shape (expand's message).
  BoundArgs e = a;
  e.count = 2;
  Dims* target = e.setDims(1, 2);
  *target = outer;
  MetaResult expanded;
  expand(e, expanded);
  (void)self;
  r.add() = contiguousMeta(d, outer);
}

void emptyStrided(const BoundArgs& a, MetaResult& r) {
  Dims size = intListArg(a, 0), stride = intListArg(a, 1);
  if (size.size() != stride.size())
    throw Error(ErrorKind::Runtime, "dimensionality of sizes (" + std::to_string(size.size()) +
                                        ") must match dimensionality of strides (" + std::to_string(stride.size()) + ")");
  TensorMeta m;
  auto d = dtypeArg(a, argIndex(a, "dtype"));
  m.dtype = d ? *d : DType::Float32;
  m.sizes = size;
  m.strides = stride;
  for (int i = 0; i < size.size(); ++i)
    if (size[i] < 0) throw Error(ErrorKind::Runtime, "Trying to create tensor with negative dimension " + std::to_string(size[i]) + ": " + formatDims(size));
  checkViewGeometry(m);
  r.add() = m;
}

void emptyWithFormat(const BoundArgs& a, MetaResult& r) {
  sizeFactory(a, r);
  const MemoryFormat format = memoryFormatArg(a);
  if (format == MemoryFormat::Preserve && !a.isNone(argIndex(a, "memory_format")))
    throw Error(ErrorKind::Runtime, "unsupported memory format Preserve");
  if (format == MemoryFormat::ChannelsLast) r.out[0] = layoutLike(r.out[0], r.out[0].dtype, format);
}

}  // namespace tdsl::meta
