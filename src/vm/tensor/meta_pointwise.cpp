// Shape/dtype rules for pointwise ops (see op_meta.h).
#include "vm/tensor/kernel_util.h"
#include "vm/tensor/op_meta.h"
#include "vm/tensor/promotion.h"
#include "vm/tensor/tensor_iter.h"

namespace tdsl {

Dims intListArg(const ir::BoundArgs& a, int i) {
  const Value& v = a[i];
  Dims out;
  if (v.isInt() || v.isBool()) { out.push_back(intArg(a, i)); return out; }
  for (const Value& item : listItems(v)) out.push_back(item.isBool() ? item.asBool() : item.asInt());
  return out;
}

const std::vector<Value>& listItems(const Value& v) {
  if (v.isObj(ObjKind::List)) return v.as<ListObject>()->items;
  return v.as<TupleObject>()->items;
}

ir::MetaResult runMeta(const ir::BoundArgs& a) {
  ir::MetaResult r;
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

void setContiguous(MetaResult& r, DType dtype, const Dims& sizes) { r.add() = contiguousMeta(dtype, sizes); }

void inplaceResult(const BoundArgs& a, MetaResult& r) { r.add() = tensorArg(a, 0).meta; }

}  // namespace

void binary(const BoundArgs& a, MetaResult& r) {
  setContiguous(r, resultType({&a[0], &a[1]}), broadcastShapes(shapeOf(a[0]), shapeOf(a[1])));
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
  if (!isFloating(d)) d = DType::Float32;
  setContiguous(r, d, broadcastShapes(shapeOf(a[0]), shapeOf(a[1])));
}

void trueDivideInplace(const BoundArgs& a, MetaResult& r) {
  checkBinaryInplace(a, true);
  inplaceResult(a, r);
}

void comparison(const BoundArgs& a, MetaResult& r) {
  setContiguous(r, DType::Bool, broadcastShapes(shapeOf(a[0]), shapeOf(a[1])));
}

void unaryFloat(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  setContiguous(r, isFloating(self.dtype()) ? self.dtype() : DType::Float32, self.sizes());
}

void unaryFloatInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  castCheck(isFloating(self.dtype()) ? self.dtype() : DType::Float32, self.dtype());
  inplaceResult(a, r);
}

void logicalUnary(const BoundArgs& a, MetaResult& r) { setContiguous(r, DType::Bool, tensorArg(a, 0).sizes()); }

void logicalInplace(const BoundArgs& a, MetaResult& r) {
  checkBroadcastTo(tensorArg(a, 1).sizes(), tensorArg(a, 0).sizes());
  inplaceResult(a, r);
}

namespace {
// PyTorch's CPU kernels for the bitwise ops exist for bool and integer dtypes only.
void checkBitwiseDType(const BoundArgs& a, DType d) {
  if (isFloating(d))
    throw Error(ErrorKind::Type, "\"" + a.op->schema.baseName() + "_cpu\" not implemented for '" + scalarName(d) + "'");
}
}  // namespace

void bitwise(const BoundArgs& a, MetaResult& r) {
  Dims shape = broadcastShapes(shapeOf(a[0]), shapeOf(a[1]));
  DType d = resultType({&a[0], &a[1]});
  checkBitwiseDType(a, d);
  setContiguous(r, d, shape);
}

void bitwiseInplace(const BoundArgs& a, MetaResult& r) {
  checkBitwiseDType(a, checkBinaryInplace(a, false));
  inplaceResult(a, r);
}

void bitwiseNot(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  checkBitwiseDType(a, self.dtype());
  setContiguous(r, self.dtype(), self.sizes());
}

void bitwiseNotInplace(const BoundArgs& a, MetaResult& r) {
  checkBitwiseDType(a, tensorArg(a, 0).dtype());
  inplaceResult(a, r);
}

void clamp(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (a[1].isNone() && a[2].isNone())
    throw Error(ErrorKind::Value, "torch.clamp: At least one of 'min' or 'max' must not be None");
  setContiguous(r, resultType({&a[0], &a[1], &a[2]}), self.sizes());
}

void clampInplace(const BoundArgs& a, MetaResult& r) {
  if (a[1].isNone() && a[2].isNone())
    throw Error(ErrorKind::Value, "torch.clamp: At least one of 'min' or 'max' must not be None");
  castCheck(resultType({&a[0], &a[1], &a[2]}), tensorArg(a, 0).dtype());
  inplaceResult(a, r);
}

void where(const BoundArgs& a, MetaResult& r) {
  const TensorObject& cond = tensorArg(a, 0);
  if (cond.dtype() != DType::Bool)
    throw Error(ErrorKind::Type, "where expected condition to be a boolean tensor, but got a tensor with dtype " +
                                     scalarName(cond.dtype()));
  Dims shape = broadcastShapes(broadcastShapes(cond.sizes(), shapeOf(a[1])), shapeOf(a[2]));
  setContiguous(r, resultType({&a[1], &a[2]}), shape);
}

void sameAsSelf(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  setContiguous(r, self.dtype(), self.sizes());
}

void inplaceSelf(const BoundArgs& a, MetaResult& r) { inplaceResult(a, r); }

void copy(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  checkBroadcastTo(tensorArg(a, 1).sizes(), self.sizes());
  setContiguous(r, self.dtype(), self.sizes());
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
