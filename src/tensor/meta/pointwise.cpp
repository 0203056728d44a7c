// Shape/dtype rules for pointwise ops (see op_meta.h).
#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/promotion.h"
#include "tensor/tensor_iter.h"

namespace tdsl {

Dims intListArg(const BoundArgs& a, int i) {
  if (a.kind(i) == ArgKind::Dims) return a.dimsAt(i);
  Dims out;
  out.push_back(intArg(a, i));  // a single int for int[N]
  return out;
}

MemoryFormat memoryFormatArg(const BoundArgs& a) {
  int i = argIndex(a, "memory_format");
  MemoryFormat f = MemoryFormat::Preserve;
  if (i < 0 || i >= a.count) return f;  // a graph node may leave it out
  if (!a.isNone(i) && !parseMemoryFormat(a.strAt(i), f))
    throw Error(ErrorKind::Runtime, "unknown memory format '" + a.strAt(i) + "'");
  return f;
}

MetaResult runMeta(const BoundArgs& a) {
  MetaResult r;
  a.op->meta(a, r);
  return r;
}

}  // namespace tdsl

namespace tdsl::meta {

namespace {

Dims shapeOf(const Value& v) { return v.isTensor() ? asTensor(v)->sizes() : Dims{}; }

DType resultType(std::initializer_list<const Value*> operands) {
  ResultTypeBuilder b;
  for (const Value* v : operands) b.add(*v);
  return b.result();
}

void castCheck(DType result, DType out) {
  if (!canCast(result, out))
    throw Error(ErrorKind::Type, "result type " + scalarName(result) + " can't be cast to the desired output type " +
                                     scalarName(out));
}

// The tensor operands among `operands`, each read as `compute` (nullptr: as
// it is); Python numbers count as 0-dim operands, None as nothing.
ElementwiseOperands operandsOf(std::initializer_list<const Value*> operands, const DType* compute) {
  ElementwiseOperands ops;
  for (const Value* v : operands) {
    if (v->isTensor()) ops.add(asTensor(*v)->meta, compute ? *compute : asTensor(*v)->dtype());
    else if (!v->isNone()) ops.addNumber();
  }
  return ops;
}

// A fresh elementwise result (Note [Elementwise output layout]).
void setElementwise(MetaResult& r, DType dtype, const Dims& shape, const ElementwiseOperands& ops) {
  TensorMeta& m = r.add();
  m.dtype = dtype;
  m.sizes = shape;
  m.strides = elementwiseStrides(shape, ops);
}

// Binary ops whose inputs are promoted to `compute` first (TensorIterator's
// promote_inputs_to_common_dtype); `first`/`second` in the kernel's operand order.
void binaryResult(MetaResult& r, DType out, DType compute, const Value& first, const Value& second) {
  setElementwise(r, out, broadcastShapes(shapeOf(first), shapeOf(second)), operandsOf({&first, &second}, &compute));
}

void inplaceResult(const BoundArgs& a, MetaResult& r) { r.add() = tensorArg(a, 0).meta; }

}  // namespace

void binary(const BoundArgs& a, MetaResult& r) {
  DType d = resultType({&a[0], &a[1]});
  binaryResult(r, d, d, a[0], a[1]);
}

void rsub(const BoundArgs& a, MetaResult& r) {
  DType d = resultType({&a[0], &a[1]});
  binaryResult(r, d, d, a[1], a[0]);  // PyTorch computes sub(other, self)
}

void powTensorScalar(const BoundArgs& a, MetaResult& r) {
  // PyTorch: a unary op on self.to(result dtype); the exponent is no operand.
  DType d = resultType({&a[0], &a[1]});
  setElementwise(r, d, tensorArg(a, 0).sizes(), operandsOf({&a[0]}, &d));
}

void powScalarBase(const BoundArgs& a, MetaResult& r) {
  // torch.pow(number, t) sizes its result like the exponent, row-major (not a
  // TensorIterator output in PyTorch); `number ** t` goes through pow.Tensor_Tensor.
  r.add() = contiguousMeta(resultType({&a[0], &a[1]}), shapeOf(a[1]));
}

DType checkBinaryInplace(const BoundArgs& a, bool trueDivide) {
  const TensorObject& self = tensorArg(a, 0);
  DType d;
  if (a[1].isTensor()) {
    checkBroadcastTo(asTensor(a[1])->sizes(), self.sizes());
    d = resultType({&a[0], &a[1]});
  } else {
    d = promoteWithNumber(self.dtype(), a[1]);
  }
  if (trueDivide && !isFloating(d)) d = DType::Float32;
  castCheck(d, self.dtype());
  return d;
}

void binaryInplace(const BoundArgs& a, MetaResult& r) {
  checkBinaryInplace(a, false);
  inplaceResult(a, r);
}

void trueDivide(const BoundArgs& a, MetaResult& r) {
  DType d = resultType({&a[0], &a[1]});
  if (!isFloating(d)) d = DType::Float32;  // integer inputs are read as floats
  binaryResult(r, d, d, a[0], a[1]);
}

void trueDivideInplace(const BoundArgs& a, MetaResult& r) {
  checkBinaryInplace(a, true);
  inplaceResult(a, r);
}

void comparison(const BoundArgs& a, MetaResult& r) {
  binaryResult(r, DType::Bool, resultType({&a[0], &a[1]}), a[0], a[1]);
}

void unary(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  setElementwise(r, self.dtype(), self.sizes(), operandsOf({&a[0]}, nullptr));
}

void unaryFloat(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  DType d = isFloating(self.dtype()) ? self.dtype() : DType::Float32;
  setElementwise(r, d, self.sizes(), operandsOf({&a[0]}, &d));
}

void unaryFloatInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  castCheck(isFloating(self.dtype()) ? self.dtype() : DType::Float32, self.dtype());
  inplaceResult(a, r);
}

void logicalUnary(const BoundArgs& a, MetaResult& r) {
  setElementwise(r, DType::Bool, tensorArg(a, 0).sizes(), operandsOf({&a[0]}, nullptr));
}

void logicalInplace(const BoundArgs& a, MetaResult& r) {
  checkBroadcastTo(tensorArg(a, 1).sizes(), tensorArg(a, 0).sizes());
  inplaceResult(a, r);
}

namespace {
// PyTorch's CPU kernels for the bitwise ops exist for bool and integer dtypes only.
void checkBitwiseDType(const BoundArgs& a, DType d) {
  if (isFloating(d))
    throw Error(ErrorKind::Type, "\"" + a.op->baseName + "_cpu\" not implemented for '" + scalarName(d) + "'");
}
}  // namespace

void bitwise(const BoundArgs& a, MetaResult& r) {
  broadcastShapes(shapeOf(a[0]), shapeOf(a[1]));  // shape errors first
  DType d = resultType({&a[0], &a[1]});
  checkBitwiseDType(a, d);
  binaryResult(r, d, d, a[0], a[1]);
}

void bitwiseInplace(const BoundArgs& a, MetaResult& r) {
  checkBitwiseDType(a, checkBinaryInplace(a, false));
  inplaceResult(a, r);
}

namespace {
// The shifts' CPU kernels (named lshift_cpu / rshift_cpu) exist for the
// integer dtypes only: "\"lshift_cpu\" not implemented for 'Bool'".
void checkShiftDType(const char* kernel, DType d) {
  if (!isIntegral(d, /*includeBool=*/false))
    throw Error(ErrorKind::Type, std::string("\"") + kernel + "\" not implemented for '" + scalarName(d) + "'");
}

void shift(const BoundArgs& a, MetaResult& r, const char* kernel) {
  broadcastShapes(shapeOf(a[0]), shapeOf(a[1]));  // shape errors first
  DType d = resultType({&a[0], &a[1]});
  checkShiftDType(kernel, d);
  binaryResult(r, d, d, a[0], a[1]);
}

void shiftInplace(const BoundArgs& a, MetaResult& r, const char* kernel) {
  checkShiftDType(kernel, checkBinaryInplace(a, false));  // cast errors first
  inplaceResult(a, r);
}
}  // namespace

void leftShift(const BoundArgs& a, MetaResult& r) { shift(a, r, "lshift_cpu"); }
void leftShiftInplace(const BoundArgs& a, MetaResult& r) { shiftInplace(a, r, "lshift_cpu"); }
void rightShift(const BoundArgs& a, MetaResult& r) { shift(a, r, "rshift_cpu"); }
void rightShiftInplace(const BoundArgs& a, MetaResult& r) { shiftInplace(a, r, "rshift_cpu"); }

void bitwiseNot(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  checkBitwiseDType(a, self.dtype());
  unary(a, r);
}

void bitwiseNotInplace(const BoundArgs& a, MetaResult& r) {
  checkBitwiseDType(a, tensorArg(a, 0).dtype());
  inplaceResult(a, r);
}

void clamp(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (a[1].isNone() && a[2].isNone())
    throw Error(ErrorKind::Runtime, "torch.clamp: At least one of 'min' or 'max' must not be None");
  DType d = resultType({&a[0], &a[1], &a[2]});
  setElementwise(r, d, self.sizes(), operandsOf({&a[0]}, &d));  // PyTorch: unary on self.to(d)
}

void clampInplace(const BoundArgs& a, MetaResult& r) {
  if (a[1].isNone() && a[2].isNone())
    throw Error(ErrorKind::Runtime, "torch.clamp: At least one of 'min' or 'max' must not be None");
  castCheck(resultType({&a[0], &a[1], &a[2]}), tensorArg(a, 0).dtype());
  inplaceResult(a, r);
}

void where(const BoundArgs& a, MetaResult& r) {
  const TensorObject& cond = tensorArg(a, 0);
  if (cond.dtype() != DType::Bool)
    throw Error(ErrorKind::Type, "where expected condition to be a boolean tensor, but got a tensor with dtype " +
                                     scalarName(cond.dtype()));
  Dims shape = broadcastShapes(broadcastShapes(cond.sizes(), shapeOf(a[1])), shapeOf(a[2]));
  DType d = resultType({&a[1], &a[2]});
  ElementwiseOperands ops = operandsOf({&a[0]}, nullptr);  // the condition is read as bool
  for (int i : {1, 2}) {
    if (a[i].isTensor()) ops.add(tensorArg(a, i).meta, d);
    else ops.addNumber();
  }
  setElementwise(r, d, shape, ops);
}

void likeSelf(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);
}

void inplaceSelf(const BoundArgs& a, MetaResult& r) { inplaceResult(a, r); }

void copy(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  checkBroadcastTo(tensorArg(a, 1).sizes(), self.sizes());
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);  // clone(self), then copy_
}

void copyInplace(const BoundArgs& a, MetaResult& r) {
  checkBroadcastTo(tensorArg(a, 1).sizes(), tensorArg(a, 0).sizes());
  inplaceResult(a, r);
}

void noTensorResult(const BoundArgs& a, MetaResult& r) {}

void allclose(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& other = tensorArg(a, 1);
  if (self.dtype() != other.dtype())
    throw Error(ErrorKind::Type, scalarName(self.dtype()) + " did not match " + scalarName(other.dtype()));
  broadcastShapes(self.sizes(), other.sizes());
}

}  // namespace tdsl::meta
