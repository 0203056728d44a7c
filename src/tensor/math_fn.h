// The transcendental functions of scalar_math.h that are SLEEF's (Note
// [SLEEF numerics]), by name, for passes and code generators that pick one
// (opt/fuse.cpp, tensor/sleef_table.h). Each is the op of the same name (atan2
// and pow take two operands).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tdsl {

enum class MathFn : uint8_t {
  Exp, Expm1, Log, Log2, Log10, Log1p, Sin, Cos, Tan, Asin, Acos, Atan,
  Sinh, Cosh, Tanh, Erf, Pow, Atan2
};
constexpr int kMathFnCount = static_cast<int>(MathFn::Atan2) + 1;

inline const char* mathFnName(MathFn f) {
  static const char* const kNames[kMathFnCount] = {
      "exp", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan",
      "sinh", "cosh", "tanh", "erf", "pow", "atan2"};
  return kNames[static_cast<int>(f)];
}

inline int mathFnArity(MathFn f) { return f == MathFn::Pow || f == MathFn::Atan2 ? 2 : 1; }

inline std::optional<MathFn> mathFnNamed(std::string_view name) {
  for (int i = 0; i < kMathFnCount; ++i)
    if (name == mathFnName(static_cast<MathFn>(i))) return static_cast<MathFn>(i);
  return std::nullopt;
}

}  // namespace tdsl
