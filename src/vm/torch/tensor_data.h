// Conversions between tensors and Python values: torch.tensor(data),
// t.tolist(), t.item().
#pragma once

#include <optional>

#include "tensor/tensor.h"

namespace tdsl {

// torch.tensor(data, dtype=None): nested lists/tuples of numbers (or one
// number, or a tensor, which is copied). Inferred dtype: all bools -> bool,
// ints (and bools) -> int64, any float -> the default float. Ragged lists are
// Error(Value) "expected sequence of length 2 at dim 1 (got 3)".
Ref<TensorObject> tensorFromData(TensorState& state, const Value& data, std::optional<DType> dtype);

// Element i (row-major) as a Python number.
Value elementValue(const TensorObject& t, int64_t flat);
// Nested Python lists (a number for 0-dim tensors).
Value tensorToList(const TensorObject& t);
// The single element; Error "a Tensor with 2 elements cannot be converted to Scalar".
Value tensorItem(const TensorObject& t);

}  // namespace tdsl
