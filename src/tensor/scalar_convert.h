// Python numbers converted to a tensor dtype with PyTorch's overflow check.
//
// Note [Checked scalar conversion]
// Where PyTorch converts a Python number to the tensor's dtype with
// Scalar::to<T>() — fill_, full, clamp's bounds, masked_fill's value,
// scatter_'s value, add/sub/index_add's alpha, pow's exponent, assignment
// x[i] = v — a number the dtype cannot hold raises Error(Runtime) "value
// cannot be converted to type int without overflow" (c10::checked_convert;
// the type is the C++ name: int, int64_t, float, double). Integer dtypes
// reject numbers outside their range, NaN and infinities; float32 rejects
// finite numbers beyond its range (infinities and NaN convert); bool and
// float64 take any number. Binary arithmetic (x + 2**40) does not check: it
// wraps, as in PyTorch. torch.tensor(data, dtype=) checks integer dtypes with
// the dtype's Python name ("type int32").
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "tensor/tensor_meta.h"
#include "core/value.h"

namespace tdsl {

[[noreturn]] void throwScalarOverflow(const char* typeName);

template <class T>
constexpr const char* checkedConvertName() {
  if constexpr (std::is_same<T, int32_t>::value) return "int";
  else if constexpr (std::is_same<T, int64_t>::value) return "int64_t";
  else if constexpr (std::is_same<T, float>::value) return "float";
  else if constexpr (std::is_same<T, double>::value) return "double";
  else return "bool";
}

// c10::overflows<T>(v) for a Python number.
template <class T>
bool scalarOverflows(const Value& v) {
  if constexpr (std::is_same<T, bool>::value || std::is_same<T, double>::value) {
    return false;
  } else if constexpr (std::is_same<T, float>::value) {
    if (!v.isFloat()) return false;
    double d = v.asFloat();
    return std::isfinite(d) && std::fabs(d) > static_cast<double>(FLT_MAX);
  } else {
    using L = std::numeric_limits<T>;
    if (v.isBool()) return false;
    if (v.isInt()) return v.asInt() < static_cast<int64_t>(L::lowest()) || v.asInt() > static_cast<int64_t>(L::max());
    double d = v.asFloat();
    // Compared in double as c10 does: (double)INT64_MAX is 2**63, which passes.
    return std::isnan(d) || d < static_cast<double>(L::lowest()) || d > static_cast<double>(L::max());
  }
}

// The number as T; conversions that pass the check but that C++ leaves
// undefined (2.0**63 to int64) give what x86 (and so PyTorch) gives.
template <class T>
T checkedScalarAs(const Value& v) {
  if (scalarOverflows<T>(v)) throwScalarOverflow(checkedConvertName<T>());
  if (v.isBool()) return static_cast<T>(v.asBool());
  if (v.isInt()) return static_cast<T>(v.asInt());
  if constexpr (std::is_same<T, bool>::value) {
    return v.asFloat() != 0;
  } else {
    if constexpr (std::is_integral<T>::value) {
      if (v.asFloat() >= -static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
    }
    return static_cast<T>(v.asFloat());
  }
}

// Note [Element conversion]
// One element converted between tensor dtypes (copy_, .to(), .long(), the
// JIT's Cvt ops; vector_program.h lists the lane rules). C++ leaves a float
// that does not fit the integer type undefined; x86-64's cvttss2si and
// cvttsd2si (what PyTorch's own cast compiles to there) give the type's
// minimum for NaN, infinities and out-of-range values, and so does this on
// every machine — the AArch64 build included, whose fcvtzs would saturate —
// so eager, the JIT and every ISA tier agree on every bit.
template <class D, class S>
D convertElement(S v) {
  if constexpr (std::is_floating_point<S>::value && std::is_integral<D>::value && !std::is_same<D, bool>::value) {
    constexpr S bound = -static_cast<S>(std::numeric_limits<D>::lowest());  // 2**31 or 2**63, exact
    if (!(v > -bound - 1 && v < bound)) return std::numeric_limits<D>::lowest();
    return static_cast<D>(v);
  } else {
    return static_cast<D>(v);
  }
}

// Raises the overflow error when `v` does not fit `dtype`.
void checkScalarFits(const Value& v, DType dtype);

}  // namespace tdsl
