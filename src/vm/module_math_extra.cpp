// The rest of CPython's math module (issue 15): the functions
// modules.cpp's first set lacks, with CPython's errors. Integers are int64
// (no big ints): results that leave it are OverflowErrors.
#include <cmath>
#include <limits>
#include <numeric>

#include "vm/stdlib_modules.h"
#include "vm/tensor_bridge.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

[[noreturn]] void domain() { throw Error(ErrorKind::Value, "math domain error"); }
[[noreturn]] void range() { throw Error(ErrorKind::Overflow, "math range error"); }

double real(Interpreter& I, const Value& v) {
  if (v.isFloat()) return v.asFloat();
  if (v.isInt()) return static_cast<double>(v.asInt());
  if (v.isBool()) return v.asBool();
  if (v.isTensor()) return real(I, tensorCallMethod(I, v, "item", CallArgs{}));
  throw Error(ErrorKind::Type, "must be real number, not " + typeName(v));
}

int64_t integer(const Value& v) {
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool();
  throw Error(ErrorKind::Type, "'" + typeName(v) + "' object cannot be interpreted as an integer");
}

double checkResult(double r, double x) {
  if (std::isnan(r) && !std::isnan(x)) domain();
  if (std::isinf(r) && std::isfinite(x)) range();
  return r;
}

template <double (*F)(double), bool (*Valid)(double)>
Value unary(Interpreter& I, const CallArgs& a, const void* name) {
  expectArgs(a, static_cast<const char*>(name), 1, 1);
  double x = real(I, a[0]);
  if (!Valid(x)) domain();
  return Value::number(checkResult(F(x), x));
}

bool any(double) { return true; }
bool atLeastOne(double x) { return std::isnan(x) || x >= 1; }
bool openUnit(double x) { return std::isnan(x) || (x > -1 && x < 1); }
bool aboveMinusOne(double x) { return std::isnan(x) || x > -1; }
bool notNonPositiveInteger(double x) { return !(x <= 0 && x == std::floor(x)) && !(std::isinf(x) && x < 0); }

double m_degrees(double x) { return x * (180.0 / M_PI); }
double m_radians(double x) { return x * (M_PI / 180.0); }
double m_gamma(double x) { return std::tgamma(x); }
double m_lgamma(double x) { return std::lgamma(x); }
double m_exp2(double x) { return std::exp2(x); }
double m_cbrt(double x) { return std::cbrt(x); }
double m_ulp(double x) {
  if (std::isnan(x)) return x;
  x = std::fabs(x);
  if (std::isinf(x)) return x;
  double next = std::nextafter(x, INFINITY);
  if (std::isinf(next)) return x - std::nextafter(x, -INFINITY);
  return next - x;
}

Value binaryReal(Interpreter& I, const CallArgs& a, const char* name, double& x, double& y) {
  expectArgs(a, name, 2, 2);
  x = real(I, a[0]);
  y = real(I, a[1]);
  return Value();
}

Value m_copysign(Interpreter& I, const CallArgs& a, const void*) {
  double x, y;
  binaryReal(I, a, "copysign", x, y);
  return Value::number(std::copysign(x, y));
}
Value m_fmod(Interpreter& I, const CallArgs& a, const void*) {
  double x, y;
  binaryReal(I, a, "fmod", x, y);
  if (std::isinf(x) && !std::isnan(y)) domain();
  if (y == 0 && !std::isnan(x)) domain();
  return Value::number(std::fmod(x, y));
}
Value m_remainder(Interpreter& I, const CallArgs& a, const void*) {
  double x, y;
  binaryReal(I, a, "remainder", x, y);
  if ((std::isinf(x) && !std::isnan(y)) || (y == 0 && !std::isnan(x))) domain();
  return Value::number(std::remainder(x, y));
}
Value m_nextafter(Interpreter& I, const CallArgs& a, const void*) {
  double x, y;
  binaryReal(I, a, "nextafter", x, y);
  return Value::number(std::nextafter(x, y));
}
Value m_ldexp(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "ldexp", 2, 2);
  double x = real(I, a[0]);
  if (a[1].isFloat()) throw Error(ErrorKind::Type, "Expected an int as second argument to ldexp.");
  int64_t e = integer(a[1]);
  if (x == 0 || !std::isfinite(x)) return Value::number(x);
  double r = std::ldexp(x, static_cast<int>(std::max<int64_t>(std::min<int64_t>(e, 100000), -100000)));
  if (std::isinf(r)) range();
  return Value::number(r);
}
Value m_frexp(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "frexp", 1, 1);
  double x = real(I, a[0]);
  int e = 0;
  double m = std::isfinite(x) ? std::frexp(x, &e) : x;
  return makeTuple({Value::number(m), Value::integer(e)});
}
Value m_modf(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "modf", 1, 1);
  double x = real(I, a[0]);
  if (std::isinf(x)) return makeTuple({Value::number(std::copysign(0.0, x)), Value::number(x)});
  double ip;
  double fp = std::modf(x, &ip);
  return makeTuple({Value::number(fp), Value::number(ip)});
}

Value m_factorial(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "factorial", 1, 1);
  int64_t n = integer(a[0]);
  if (n < 0) throw Error(ErrorKind::Value, "factorial() not defined for negative values");
  int64_t r = 1;
  for (int64_t i = 2; i <= n; ++i) r = checkedMul(r, i);
  return Value::integer(r);
}

// n! / (n - k)! (perm) or n! / (k! (n - k)!) (comb), exactly in int64.
Value combinatoric(const CallArgs& a, const char* name, bool isComb) {
  expectArgs(a, name, isComb ? 2 : 1, 2);
  int64_t n = integer(a[0]);
  bool kGiven = a.nargs == 2 && !a[1].isNone();
  int64_t k = kGiven ? integer(a[1]) : n;
  if (n < 0) throw Error(ErrorKind::Value, "n must be a non-negative integer");
  if (k < 0) throw Error(ErrorKind::Value, "k must be a non-negative integer");
  if (k > n) return Value::integer(0);
  int64_t r = 1;
  if (isComb) {
    k = std::min(k, n - k);
    for (int64_t i = 1; i <= k; ++i) {
      // r * (n - k + i) / i stays exact: r is C(n - k + i - 1, i - 1).
      int64_t g = std::gcd(r, i);
      r = checkedMul(r / g, (n - k + i) / (i / g));
    }
  } else {
    for (int64_t i = n - k + 1; i <= n; ++i) r = checkedMul(r, i);
  }
  return Value::integer(r);
}
Value m_comb(Interpreter&, const CallArgs& a, const void*) { return combinatoric(a, "comb", true); }
Value m_perm(Interpreter&, const CallArgs& a, const void*) { return combinatoric(a, "perm", false); }

Value m_lcm(Interpreter&, const CallArgs& a, const void*) {
  int64_t l = 1;
  for (size_t i = 0; i < a.nargs; ++i) {
    int64_t x = integer(a[i]);
    if (x == INT64_MIN) throw Error(ErrorKind::Overflow, "integer overflow in lcm");
    x = x < 0 ? -x : x;
    if (x == 0 || l == 0) {
      l = 0;
      continue;
    }
    l = checkedMul(l / std::gcd(l, x), x);
  }
  return Value::integer(l);
}

Value m_isqrt(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "isqrt", 1, 1);
  int64_t n = integer(a[0]);
  if (n < 0) throw Error(ErrorKind::Value, "isqrt() argument must be nonnegative");
  int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && r > n / r) --r;
  while ((r + 1) <= n / (r + 1)) ++r;
  return Value::integer(r);
}

// CPython's fsum: Shewchuk's exact partial sums, then the correctly rounded total.
Value m_fsum(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "fsum", 1, 1);
  std::vector<double> partials;
  double specialSum = 0, infSum = 0;
  bool special = false;
  for (const Value& v : iterateAll(I, a[0])) {
    double x = real(I, v);
    if (!std::isfinite(x)) {
      if (std::isinf(x)) infSum += x;
      special = true;
      specialSum += x;
      continue;
    }
    size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0.0) partials[i++] = lo;
      x = hi;
    }
    partials.resize(i);
    if (!std::isfinite(x)) throw Error(ErrorKind::Overflow, "intermediate overflow in fsum");
    partials.push_back(x);
  }
  if (special) {
    if (std::isnan(infSum)) throw Error(ErrorKind::Value, "-inf + inf in fsum");
    return Value::number(specialSum);
  }
  double hi = 0;
  size_t n = partials.size();
  if (n > 0) {
    hi = partials[--n];
    double lo = 0;
    while (n > 0) {
      double x = hi;
      double y = partials[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
      double y = lo * 2.0;
      double x = hi + y;
      double yr = x - hi;
      if (y == yr) hi = x;
    }
  }
  return Value::number(hi);
}

Value m_prod(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "prod", 1, 1);
  Value acc = Value::integer(1);
  if (const Value* s = findKwarg(a, "start")) acc = *s;
  for (const Value& v : iterateAll(I, a[0])) acc = arith(I, Arith::Mul, acc, v, false);
  return acc;
}

Value m_dist(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "dist", 2, 2);
  std::vector<Value> p = iterateAll(I, a[0]), q = iterateAll(I, a[1]);
  if (p.size() != q.size()) throw Error(ErrorKind::Value, "both points must have the same number of dimensions");
  double acc = 0;
  for (size_t i = 0; i < p.size(); ++i) acc = std::hypot(acc, real(I, p[i]) - real(I, q[i]));
  return Value::number(acc);
}

}  // namespace

void addMathExtras(ModuleObject& m) {
  struct U { const char* name; NativeFn fn; };
  static const U unaryFns[] = {
      {"acosh", unary<std::acosh, atLeastOne>}, {"asinh", unary<std::asinh, any>},
      {"atanh", unary<std::atanh, openUnit>},   {"cosh", unary<std::cosh, any>},
      {"sinh", unary<std::sinh, any>},          {"erf", unary<std::erf, any>},
      {"erfc", unary<std::erfc, any>},          {"expm1", unary<std::expm1, any>},
      {"log1p", unary<std::log1p, aboveMinusOne>}, {"gamma", unary<m_gamma, notNonPositiveInteger>},
      {"lgamma", unary<m_lgamma, notNonPositiveInteger>}, {"degrees", unary<m_degrees, any>},
      {"radians", unary<m_radians, any>},       {"exp2", unary<m_exp2, any>},
      {"cbrt", unary<m_cbrt, any>},             {"ulp", unary<m_ulp, any>},
  };
  for (const U& u : unaryFns) m.set(u.name, makeNative(u.name, u.fn, u.name));
  static const U others[] = {
      {"copysign", m_copysign}, {"fmod", m_fmod},   {"remainder", m_remainder}, {"nextafter", m_nextafter},
      {"ldexp", m_ldexp},       {"frexp", m_frexp}, {"modf", m_modf},           {"factorial", m_factorial},
      {"comb", m_comb},         {"perm", m_perm},   {"lcm", m_lcm},             {"isqrt", m_isqrt},
      {"fsum", m_fsum},         {"prod", m_prod},   {"dist", m_dist},
  };
  for (const U& u : others) m.set(u.name, makeNative(u.name, u.fn));
}

}  // namespace tdsl
