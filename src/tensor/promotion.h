// PyTorch type promotion (torch.result_type) for tensors and Python scalars.
//
// Note [Promotion categories]
// Operands fall in three priority groups: tensors with dim > 0, 0-dim
// tensors, and Python numbers (Scalar arguments and wrapped numbers). Each
// group is promoted on its own; a lower group only matters when it is of a
// higher category (bool < integral < floating) than everything above it.
// A Python float counts as the default float dtype (float32), a Python int
// as int64, a Python bool as bool. So int64 + 1.5 -> float32, float32 +
// (0-dim float64) -> float32, int32 + 1 -> int32, bool + 1 -> int64.
#pragma once

#include "tensor/tensor_meta.h"
#include "core/value.h"

namespace tdsl {

DType promoteTypes(DType a, DType b);
// Python cast rule for writing a `from` result into a `to` tensor:
// floating -> integral and non-bool -> bool are not allowed.
bool canCast(DType from, DType to);

class ResultTypeBuilder {
 public:
  explicit ResultTypeBuilder(DType defaultFloat = DType::Float32) : defaultFloat_(defaultFloat) {}
  // A tensor argument (meta or real) or a Python number; None is ignored.
  void add(const Value& v);
  void addTensor(DType dtype, int dim, bool wrappedNumber);
  DType result() const;

 private:
  static void merge(bool& has, DType& acc, DType d);
  DType defaultFloat_;
  bool hasDim_ = false, hasZero_ = false, hasWrapped_ = false;
  DType dim_ = DType::Bool, zero_ = DType::Bool, wrapped_ = DType::Bool;
};

// result_type(tensor of dtype t, Python number n): the common tensor-and-scalar case.
DType promoteWithNumber(DType t, const Value& n, DType defaultFloat = DType::Float32);

// The dtype a Python number has as a 0-dim tensor operand: bool, int64 or the default float.
DType scalarDType(const Value& number, DType defaultFloat = DType::Float32);

}  // namespace tdsl
