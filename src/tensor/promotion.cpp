#include "tensor/promotion.h"

#include "tensor/tensor.h"

namespace tdsl {

DType promoteTypes(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (isFloating(a) || isFloating(b)) {
    if (a == DType::Float64 || b == DType::Float64) return DType::Float64;
    return DType::Float32;
  }
  return (a == DType::Int64 || b == DType::Int64) ? DType::Int64 : DType::Int32;
}

bool canCast(DType from, DType to) {
  if (isFloating(from) && !isFloating(to)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

DType scalarDType(const Value& number, DType defaultFloat) {
  if (number.isBool()) return DType::Bool;
  if (number.isInt()) return DType::Int64;
  return defaultFloat;
}

DType promoteWithNumber(DType t, const Value& n, DType defaultFloat) {
  // A number only matters when it is of a higher category than the tensor.
  if (isFloating(t)) return t;
  if (n.isFloat()) return defaultFloat;
  if (t == DType::Bool && n.isInt()) return DType::Int64;
  return t;
}

void ResultTypeBuilder::merge(bool& has, DType& acc, DType d) {
  acc = has ? promoteTypes(acc, d) : d;
  has = true;
}

void ResultTypeBuilder::add(const Value& v) {
  if (v.isTensor()) {
    const TensorObject* t = asTensor(v);
    addTensor(t->dtype(), t->dim(), t->wrappedNumber);
  } else if (v.isBool() || v.isInt() || v.isFloat()) {
    merge(hasWrapped_, wrapped_, scalarDType(v, defaultFloat_));
  }
}

void ResultTypeBuilder::addTensor(DType dtype, int dim, bool wrappedNumber) {
  if (wrappedNumber) merge(hasWrapped_, wrapped_, isFloating(dtype) ? defaultFloat_ : dtype);
  else if (dim > 0) merge(hasDim_, dim_, dtype);
  else merge(hasZero_, zero_, dtype);
}

namespace {
// PyTorch's combine_categories(higher, lower).
DType combine(bool hasHigher, DType higher, bool hasLower, DType lower, bool& has) {
  has = hasHigher || hasLower;
  if (!hasHigher) return lower;
  if (!hasLower) return higher;
  if (isFloating(higher)) return higher;
  if (higher == DType::Bool || isFloating(lower)) return promoteTypes(higher, lower);
  return higher;
}
}  // namespace

DType ResultTypeBuilder::result() const {
  bool hasLow = false, hasAll = false;
  DType low = combine(hasZero_, zero_, hasWrapped_, wrapped_, hasLow);
  DType all = combine(hasDim_, dim_, hasLow, low, hasAll);
  return hasAll ? all : defaultFloat_;
}

}  // namespace tdsl
