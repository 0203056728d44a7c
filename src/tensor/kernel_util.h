// Internal helpers shared by the meta rules and eager kernels: typed access
// to bound arguments (Note [Op ABI] in op_abi.h for how each schema type is stored).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "support/diagnostics.h"
#include "tensor/op_abi.h"
#include "tensor/tensor.h"

namespace tdsl {

inline const TensorObject& tensorArg(const BoundArgs& a, int i) { return *asTensor(a[i]); }
inline int64_t intArg(const BoundArgs& a, int i) { return a[i].isBool() ? a[i].asBool() : a[i].asInt(); }
inline std::optional<int64_t> optIntArg(const BoundArgs& a, int i) {
  if (a[i].isNone()) return std::nullopt;
  return intArg(a, i);
}
inline double floatArg(const BoundArgs& a, int i) {
  const Value& v = a[i];
  return v.isFloat() ? v.asFloat() : v.isInt() ? static_cast<double>(v.asInt()) : v.asBool();
}
inline bool boolArg(const BoundArgs& a, int i) { return a[i].isBool() ? a[i].asBool() : a[i].asInt() != 0; }
inline std::optional<DType> dtypeArg(const BoundArgs& a, int i) {
  if (i < 0 || !a[i].isDType()) return std::nullopt;
  return a[i].asDType();
}
// Index of a named argument in the call's schema, or -1.
inline int argIndex(const BoundArgs& a, const char* name) { return a.op->argIndex(name); }

// int[] argument: a list of ints or a single int (int[N]).
Dims intListArg(const BoundArgs& a, int i);
// Tensor[] / Tensor?[] argument items (None stays None).
inline const std::vector<Value>& tensorListArg(const BoundArgs& a, int i) { return a.tensorsAt(i); }

// memory_format= (Note [Preserved layout]): None, or no such argument (a
// graph node may leave it out), means torch.preserve_format.
MemoryFormat memoryFormatArg(const BoundArgs& a);

// A bound argument that may be a tensor or a Python number.
inline bool isNumber(const Value& v) { return v.isBool() || v.isInt() || v.isFloat(); }

// The meta of result `i` for the bound call.
MetaResult runMeta(const BoundArgs& a);

// "Long" etc. helper for messages.
inline std::string scalarName(DType d) { return dtypeScalarName(d); }

}  // namespace tdsl
