// Note [Scalar semantics]
// The one definition of every scalar operation the eager pointwise kernels
// apply element by element: arithmetic with two's-complement wrap-around,
// floor division and remainder with Python's signs (and ZeroDivisionError
// for integers), PyTorch's integer pow, NaN-propagating max/min, shifts with
// the count masked to the bit width, comparisons and logical ops, the unary
// ops, clamp, isclose, and pow's special exponents. Conversions between
// dtypes and from Python numbers are scalar_convert.h's, transcendental
// functions scalar_math.h's. The JIT (the next issue) must reproduce these bit for
// bit: generated code calls these functions (or lowers them to the same
// instructions), so an eager and a compiled program agree on every element.
// Behaviour here is PyTorch 1.13's CPU kernels'; change it only together
// with the tests in tests/scripts/tensor that pin it.
#pragma once

#include <cmath>
#include <type_traits>

#include "support/diagnostics.h"
#include "tensor/scalar_math.h"

namespace tdsl::scalar_ops {

// Ops from Eq on produce bool.
enum class Bin { Add, Sub, Mul, Div, Rem, FloorDiv, Pow, Max, Min, BitAnd, BitOr, BitXor, Shl, Shr, Eq, Ne, Lt, Le, Gt, Ge, LAnd, LOr, LXor };

constexpr bool isComparisonOp(Bin op) { return op >= Bin::Eq; }

// NaN test for every element type (integers and bool are never NaN), so
// templated kernels need no branch of their own.
template <class T>
constexpr bool isNan(T x) {
  if constexpr (std::is_floating_point<T>::value) return x != x;
  else return false;
}

[[noreturn]] inline void zeroDivision() { throw Error(ErrorKind::ZeroDivision, "ZeroDivisionError"); }

template <class T>
T floorDivide(T a, T b) {
  if constexpr (std::is_floating_point<T>::value) {
    if (b == 0) return a / b;
    T mod = std::fmod(a, b);
    T div = (a - mod) / b;
    if (mod != 0 && (b < 0) != (mod < 0)) div -= 1;
    if (div != 0) {
      T fl = std::floor(div);
      if (div - fl > T(0.5)) fl += 1;
      return fl;
    }
    return std::copysign(T(0), a / b);
  } else if constexpr (std::is_same<T, bool>::value) {
    if (!b) zeroDivision();
    return a;
  } else {
    if (b == 0) zeroDivision();
    if (b == -1) return static_cast<T>(0 - static_cast<typename std::make_unsigned<T>::type>(a));
    T q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  }
}

template <class T>
T remainder(T a, T b) {
  if constexpr (std::is_floating_point<T>::value) {
    T r = std::fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
  } else if constexpr (std::is_same<T, bool>::value) {
    if (!b) zeroDivision();
    return false;
  } else {
    if (b == 0) zeroDivision();
    if (b == -1) return 0;
    T r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
  }
}

template <class T>
T intPow(T base, T exp) {
  if (exp < 0) {  // PyTorch's powi: only 1 and -1 survive a negative exponent
    if (base == 1) return 1;
    if (base == -1) return (exp % 2 == 0) ? 1 : -1;
    return 0;
  }
  using U = typename std::make_unsigned<T>::type;
  U result = 1, b = static_cast<U>(base);
  while (exp) {
    if (exp & 1) result *= b;
    b *= b;
    exp >>= 1;
  }
  return static_cast<T>(result);
}

template <class T>
T powOf(T a, T b) {
  if constexpr (std::is_floating_point<T>::value) return scalar_math::pow(a, b);
  else if constexpr (std::is_same<T, bool>::value) return a || !b;
  else return intPow(a, b);
}

template <class T>
T maxOf(T a, T b) {
  if constexpr (std::is_floating_point<T>::value) {
    if (a != a) return a;
    if (b != b) return b;
  }
  return a > b ? a : b;
}
template <class T>
T minOf(T a, T b) {
  if constexpr (std::is_floating_point<T>::value) {
    if (a != a) return a;
    if (b != b) return b;
  }
  return a < b ? a : b;
}

// Integer arithmetic wraps around (two's complement), as in PyTorch; done on
// unsigned values so it is defined behaviour.
template <class T>
constexpr bool kWrapping = std::is_integral<T>::value && !std::is_same<T, bool>::value;
template <class T>
using Unsigned = typename std::make_unsigned<T>::type;

// PyTorch 1.13's CPU shift kernels compute `a << b` / `a >> b` in the
// result dtype, which x86 evaluates with the count modulo the bit width
// (x << 64 == x, x << -1 == x << 63); done here explicitly, without
// undefined behaviour. Right shifts of negative values are arithmetic.
template <class T>
T shiftLeft(T a, T b) {
  if constexpr (kWrapping<T>) {
    constexpr Unsigned<T> mask = sizeof(T) * 8 - 1;
    return static_cast<T>(static_cast<Unsigned<T>>(a) << (static_cast<Unsigned<T>>(b) & mask));
  } else {
    return a;  // bool and floating dtypes are rejected by the meta rule
  }
}
template <class T>
T shiftRight(T a, T b) {
  if constexpr (kWrapping<T>) {
    constexpr Unsigned<T> mask = sizeof(T) * 8 - 1;
    return static_cast<T>(a >> (static_cast<Unsigned<T>>(b) & mask));
  } else {
    return a;
  }
}

template <Bin op, class T>
inline auto apply(T a, T b) {
  if constexpr (op == Bin::Add && kWrapping<T>) return static_cast<T>(static_cast<Unsigned<T>>(a) + static_cast<Unsigned<T>>(b));
  else if constexpr (op == Bin::Sub && kWrapping<T>) return static_cast<T>(static_cast<Unsigned<T>>(a) - static_cast<Unsigned<T>>(b));
  else if constexpr (op == Bin::Mul && kWrapping<T>) return static_cast<T>(static_cast<Unsigned<T>>(a) * static_cast<Unsigned<T>>(b));
  else if constexpr (op == Bin::Add) return static_cast<T>(a + b);
  else if constexpr (op == Bin::Sub) return static_cast<T>(a - b);
  else if constexpr (op == Bin::Mul) return static_cast<T>(a * b);
  else if constexpr (op == Bin::Div) return static_cast<T>(a / b);
  else if constexpr (op == Bin::Rem) return remainder(a, b);
  else if constexpr (op == Bin::FloorDiv) return floorDivide(a, b);
  else if constexpr (op == Bin::Pow) return powOf(a, b);
  else if constexpr (op == Bin::Max) return maxOf(a, b);
  else if constexpr (op == Bin::Min) return minOf(a, b);
  else if constexpr (op == Bin::BitAnd || op == Bin::BitOr || op == Bin::BitXor) {
    if constexpr (std::is_integral<T>::value) {  // bool too: & | ^ of 0/1 stay 0/1
      if constexpr (op == Bin::BitAnd) return static_cast<T>(a & b);
      else if constexpr (op == Bin::BitOr) return static_cast<T>(a | b);
      else return static_cast<T>(a ^ b);
    } else {
      return a;  // floating dtypes are rejected by the meta rule
    }
  }
  else if constexpr (op == Bin::Shl) return shiftLeft(a, b);
  else if constexpr (op == Bin::Shr) return shiftRight(a, b);
  else if constexpr (op == Bin::Eq) return a == b;
  else if constexpr (op == Bin::Ne) return a != b;
  else if constexpr (op == Bin::Lt) return a < b;
  else if constexpr (op == Bin::Le) return a <= b;
  else if constexpr (op == Bin::Gt) return a > b;
  else if constexpr (op == Bin::Ge) return a >= b;
  else if constexpr (op == Bin::LAnd) return static_cast<bool>(a) && static_cast<bool>(b);
  else if constexpr (op == Bin::LOr) return static_cast<bool>(a) || static_cast<bool>(b);
  else return static_cast<bool>(a) != static_cast<bool>(b);
}

// Unary ops.
enum class Un { Neg, Abs, Exp, Log, Sin, Cos, Tanh, Sqrt, Sigmoid, Reciprocal, Relu, Floor, Ceil, Round, LogicalNot, BitwiseNot };

template <Un op, class T>
inline auto applyUnary(T x) {
  if constexpr (op == Un::Neg && kWrapping<T>) return static_cast<T>(Unsigned<T>(0) - static_cast<Unsigned<T>>(x));
  else if constexpr (op == Un::Neg) return static_cast<T>(-x);
  else if constexpr (op == Un::Abs && kWrapping<T>) return static_cast<T>(x < 0 ? Unsigned<T>(0) - static_cast<Unsigned<T>>(x) : static_cast<Unsigned<T>>(x));
  else if constexpr (op == Un::Abs) { if constexpr (std::is_same<T, bool>::value) return x; else return static_cast<T>(x < 0 ? -x : x); }
  else if constexpr (op == Un::Exp) return scalar_math::exp(x);
  else if constexpr (op == Un::Log) return scalar_math::log(x);
  else if constexpr (op == Un::Sin) return scalar_math::sin(x);
  else if constexpr (op == Un::Cos) return scalar_math::cos(x);
  else if constexpr (op == Un::Tanh) return scalar_math::tanh(x);
  else if constexpr (op == Un::Sqrt) return scalar_math::sqrt(x);
  else if constexpr (op == Un::Sigmoid) return scalar_math::sigmoid(x);
  else if constexpr (op == Un::Reciprocal) return static_cast<T>(T(1) / x);
  else if constexpr (op == Un::Relu) return static_cast<T>(x > T(0) ? x : T(0));
  else if constexpr (op == Un::Floor) { if constexpr (std::is_floating_point<T>::value) return std::floor(x); else return x; }
  else if constexpr (op == Un::Ceil) { if constexpr (std::is_floating_point<T>::value) return std::ceil(x); else return x; }
  else if constexpr (op == Un::Round) { if constexpr (std::is_floating_point<T>::value) return std::nearbyint(x); else return x; }
  else if constexpr (op == Un::LogicalNot) return !static_cast<bool>(x);
  else { if constexpr (std::is_same<T, bool>::value) return static_cast<bool>(!x); else if constexpr (std::is_integral<T>::value) return static_cast<T>(~x); else return x; }
}

constexpr bool floatResult(Un op) {
  return op == Un::Exp || op == Un::Log || op == Un::Sin || op == Un::Cos || op == Un::Tanh || op == Un::Sqrt ||
         op == Un::Sigmoid || op == Un::Reciprocal;
}


// PyTorch's pow_tensor_scalar computes four floating exponents without pow:
// 2 and 3 as products, 0.5 as sqrt, -1 as a reciprocal (last-bit different
// from pow). The kernel picks the case once per call.
enum class PowCase { General, Square, Cube, Sqrt, Reciprocal };

template <class T>
PowCase powScalarCase(T exponent) {
  if (exponent == T(2)) return PowCase::Square;
  if (exponent == T(3)) return PowCase::Cube;
  if (exponent == T(0.5)) return PowCase::Sqrt;
  if (exponent == T(-1)) return PowCase::Reciprocal;
  return PowCase::General;
}

template <PowCase c, class T>
inline T powScalar(T a, T exponent) {
  if constexpr (c == PowCase::Square) return a * a;
  else if constexpr (c == PowCase::Cube) return a * a * a;
  else if constexpr (c == PowCase::Sqrt) return scalar_math::sqrt(a);
  else if constexpr (c == PowCase::Reciprocal) return T(1) / a;
  else return apply<Bin::Pow, T>(a, exponent);
}

// clamp(x, lo, hi) with either bound absent; NaN stays NaN.
template <class T>
inline T clampOf(T x, bool hasLo, T lo, bool hasHi, T hi) {
  if constexpr (std::is_floating_point<T>::value) {
    if (x != x) return x;
  }
  if (hasLo) x = x < lo ? lo : x;
  if (hasHi) x = x > hi ? hi : x;
  return x;
}

// isclose on values converted to double: |p - q| <= atol + rtol * |q|.
inline bool isCloseOf(double p, double q, double rtol, double atol, bool equalNan) {
  if (p == q) return true;
  if (std::isnan(p) || std::isnan(q)) return equalNan && std::isnan(p) && std::isnan(q);
  if (std::isinf(p) || std::isinf(q)) return false;
  return std::fabs(p - q) <= atol + rtol * std::fabs(q);
}

}  // namespace tdsl::scalar_ops
