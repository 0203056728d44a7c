// Shape/dtype rules for the later pointwise families (see op_meta_extra.h).
// Fresh results take their operands' layout (Note [Elementwise output
// layout] in tensor_meta.h); in-place results are self's own meta.
#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/op_meta_extra.h"
#include "tensor/promotion.h"
#include "tensor/tensor_iter.h"

namespace tdsl::meta {

namespace {

// A fresh result of `dtype` and `shape` over the tensor operands among `operands` (read as `compute`).
void elementwiseResult(MetaResult& r, DType dtype, const Dims& shape, std::initializer_list<const Value*> operands,
                       DType compute) {
  ElementwiseOperands ops;
  for (const Value* v : operands) {
    if (v->isTensor()) ops.add(asTensor(*v)->meta, compute);
    else if (!v->isNone()) ops.addNumber();
  }
  TensorMeta& m = r.add();
  m.dtype = dtype;
  m.sizes = shape;
  m.strides = elementwiseStrides(shape, ops);
}

Dims shapeOf(const Value& v) { return v.isTensor() ? asTensor(v)->sizes() : Dims{}; }

[[noreturn]] void notImplementedFor(const BoundArgs& a, const char* kernel, DType d) {
  throw Error(ErrorKind::Runtime, "\"" + std::string(kernel) + "\" not implemented for '" + scalarName(d) + "'");
}

}  // namespace

void classify(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  elementwiseResult(r, DType::Bool, self.sizes(), {&a[0]}, self.dtype());
}

void unaryNoBool(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  // square(x) is pow(x, 2): a bool tensor squares as int64.
  DType d = a.op->baseName == "square" && self.dtype() == DType::Bool ? DType::Int64 : self.dtype();
  elementwiseResult(r, d, self.sizes(), {&a[0]}, d);
}

void unaryFloatingOnly(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (!isFloating(self.dtype())) notImplementedFor(a, (a.op->baseName + "_cpu").c_str(), self.dtype());
  elementwiseResult(r, self.dtype(), self.sizes(), {&a[0]}, self.dtype());
}

void unaryFloatingOnlyInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (!isFloating(self.dtype())) notImplementedFor(a, (a.op->baseName + "_cpu").c_str(), self.dtype());
  r.add() = self.meta;
}

// nan_to_num: empty_like(self) (Note [Preserved layout]), of self's dtype;
// integral and bool tensors are copied unchanged.
void nanToNum(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);
}

void clampBound(const BoundArgs& a, MetaResult& r) {
  DType d = promoteWithNumber(tensorArg(a, 0).dtype(), a[1]);
  elementwiseResult(r, d, tensorArg(a, 0).sizes(), {&a[0]}, d);
}
void clampBoundInplace(const BoundArgs& a, MetaResult& r) { binaryInplace(a, r); }

void fmod(const BoundArgs& a, MetaResult& r) { binary(a, r); }
void fmodInplace(const BoundArgs& a, MetaResult& r) { binaryInplace(a, r); }

void atan2(const BoundArgs& a, MetaResult& r) {
  ResultTypeBuilder b;
  b.add(a[0]);
  b.add(a[1]);
  DType d = b.result();
  if (!isFloating(d)) d = DType::Float32;
  elementwiseResult(r, d, broadcastShapes(shapeOf(a[0]), shapeOf(a[1])), {&a[0], &a[1]}, d);
}

namespace {
// lerp reads self, end and a tensor weight in one dtype, a floating one.
DType checkLerp(const BoundArgs& a) {
  const TensorObject& self = tensorArg(a, 0);
  auto sameDType = [&](int i, const char* name) {
    const TensorObject& t = tensorArg(a, i);
    if (t.dtype() != self.dtype())
      throw Error(ErrorKind::Runtime, std::string("expected dtype ") + cTypeName(self.dtype()) + " for `" + name +
                                          "` but got dtype " + cTypeName(t.dtype()));
  };
  sameDType(1, "end");
  if (a[2].isTensor()) sameDType(2, "weight");
  if (!isFloating(self.dtype()))
    notImplementedFor(a, a[2].isTensor() ? "lerp_kernel_tensor" : "lerp_kernel_scalar", self.dtype());
  return self.dtype();
}
}  // namespace

void lerp(const BoundArgs& a, MetaResult& r) {
  DType d = checkLerp(a);
  Dims shape = broadcastShapes(shapeOf(a[0]), shapeOf(a[1]));
  if (a[2].isTensor()) shape = broadcastShapes(shape, shapeOf(a[2]));
  elementwiseResult(r, d, shape, {&a[0], &a[1], &a[2]}, d);
}

void lerpInplace(const BoundArgs& a, MetaResult& r) {
  checkLerp(a);
  const TensorObject& self = tensorArg(a, 0);
  checkBroadcastTo(tensorArg(a, 1).sizes(), self.sizes());
  if (a[2].isTensor()) checkBroadcastTo(tensorArg(a, 2).sizes(), self.sizes());
  r.add() = self.meta;
}

}  // namespace tdsl::meta
