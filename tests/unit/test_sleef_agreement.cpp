// Note [SLEEF families] (tensor/sleef_table.h) rests on each SLEEF family's
// widths agreeing bit for bit: the lane function eager calls, the 16- and
// 32-byte vectors eager's rows and JIT kernels call (cinz: purec, sse2, avx;
// finz: purecfma, avx2128, avx2). Checked here for every MathFn and both
// float dtypes over special values, random bit patterns (NaN payloads,
// denormals, huge arguments) and ordinary ranges, lane by lane, in every
// family this CPU runs (finz needs AVX2 and FMA), and eager's scalar_math
// against the host's family. The 32-byte part runs where the CPU has AVX.
#include <catch2/catch.hpp>

#include <immintrin.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "tensor/math_arrays.h"
#include "tensor/scalar_math.h"
#include "tensor/sleef_table.h"

namespace {

using namespace tdsl;

template <class T>
T eagerMath(MathFn f, T x, T y) {
  namespace sm = scalar_math;
  switch (f) {
    case MathFn::Exp: return sm::exp(x);
    case MathFn::Expm1: return sm::expm1(x);
    case MathFn::Log: return sm::log(x);
    case MathFn::Log2: return sm::log2(x);
    case MathFn::Log10: return sm::log10(x);
    case MathFn::Log1p: return sm::log1p(x);
    case MathFn::Sin: return sm::sin(x);
    case MathFn::Cos: return sm::cos(x);
    case MathFn::Tan: return sm::tan(x);
    case MathFn::Asin: return sm::asin(x);
    case MathFn::Acos: return sm::acos(x);
    case MathFn::Atan: return sm::atan(x);
    case MathFn::Sinh: return sm::sinh(x);
    case MathFn::Cosh: return sm::cosh(x);
    case MathFn::Tanh: return sm::tanh(x);
    case MathFn::Erf: return sm::erf(x);
    case MathFn::Pow: return sm::pow(x, y);
    case MathFn::Atan2: return sm::atan2(x, y);
  }
  return x;
}

template <class T>
std::vector<T> inputs(uint64_t seed) {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {L::quiet_NaN(), -L::quiet_NaN(), L::signaling_NaN(), L::infinity(), -L::infinity(), T(0), -T(0),
                      L::denorm_min(), -L::denorm_min(), L::min(), -L::min(), L::max(), -L::max(), L::epsilon(),
                      T(1), T(-1), T(0.5), T(-0.5), T(2), T(10), T(88.72), T(-103.9), T(709.7), T(-745.1), T(1e30),
                      T(-1e30), T(3.14159265358979), T(1.5707963267949), T(1e-30), T(0.999999), T(-0.999999)};
  std::mt19937_64 rng(seed);
  using Bits = typename std::conditional<sizeof(T) == 4, uint32_t, uint64_t>::type;
  for (int i = 0; i < 4000; ++i) {  // any bit pattern
    Bits b = static_cast<Bits>(rng());
    T x;
    std::memcpy(&x, &b, sizeof x);
    v.push_back(x);
  }
  std::uniform_real_distribution<double> small(-4, 4), wide(-800, 800);
  for (int i = 0; i < 4000; ++i) v.push_back(static_cast<T>(small(rng)));
  for (int i = 0; i < 2000; ++i) v.push_back(static_cast<T>(wide(rng)));
  while (v.size() % 8) v.push_back(T(0.25));
  return v;
}

template <class T>
bool sameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Lanes of the family's 16-byte function over x (and y), 16 bytes at a time.
template <class T>
void vec128Lanes(SleefFamily family, MathFn f, const T* x, const T* y, T* out, size_t n) {
  const void* p = sleefEntry(family, f, sizeof(T) == 8, SleefWidth::Vec128);
  for (size_t i = 0; i < n; i += 16 / sizeof(T)) {
    if constexpr (sizeof(T) == 4) {
      __m128 a = _mm_loadu_ps(x + i), b = _mm_loadu_ps(y + i);
      __m128 r = mathFnArity(f) == 2 ? reinterpret_cast<__m128 (*)(__m128, __m128)>(const_cast<void*>(p))(a, b)
                                     : reinterpret_cast<__m128 (*)(__m128)>(const_cast<void*>(p))(a);
      _mm_storeu_ps(out + i, r);
    } else {
      __m128d a = _mm_loadu_pd(x + i), b = _mm_loadu_pd(y + i);
      __m128d r = mathFnArity(f) == 2 ? reinterpret_cast<__m128d (*)(__m128d, __m128d)>(const_cast<void*>(p))(a, b)
                                      : reinterpret_cast<__m128d (*)(__m128d)>(const_cast<void*>(p))(a);
      _mm_storeu_pd(out + i, r);
    }
  }
}

__attribute__((target("avx"))) void vec256LanesF(SleefFamily family, MathFn f, const float* x, const float* y, float* out, size_t n) {
  const void* p = sleefEntry(family, f, false, SleefWidth::Vec256);
  for (size_t i = 0; i < n; i += 8) {
    __m256 a = _mm256_loadu_ps(x + i), b = _mm256_loadu_ps(y + i);
    __m256 r = mathFnArity(f) == 2 ? reinterpret_cast<__m256 (*)(__m256, __m256)>(const_cast<void*>(p))(a, b)
                                   : reinterpret_cast<__m256 (*)(__m256)>(const_cast<void*>(p))(a);
    _mm256_storeu_ps(out + i, r);
  }
}
__attribute__((target("avx"))) void vec256LanesD(SleefFamily family, MathFn f, const double* x, const double* y, double* out, size_t n) {
  const void* p = sleefEntry(family, f, true, SleefWidth::Vec256);
  for (size_t i = 0; i < n; i += 4) {
    __m256d a = _mm256_loadu_pd(x + i), b = _mm256_loadu_pd(y + i);
    __m256d r = mathFnArity(f) == 2 ? reinterpret_cast<__m256d (*)(__m256d, __m256d)>(const_cast<void*>(p))(a, b)
                                    : reinterpret_cast<__m256d (*)(__m256d)>(const_cast<void*>(p))(a);
    _mm256_storeu_pd(out + i, r);
  }
}

template <class T>
void checkAgreement(SleefFamily family, MathFn f) {
  const std::vector<T> x = inputs<T>(17);
  std::vector<T> y = inputs<T>(29);
  std::rotate(y.begin(), y.begin() + 5, y.end());  // specials meet other specials
  const size_t n = x.size();
  const void* lane = sleefEntry(family, f, sizeof(T) == 8, SleefWidth::Lane);
  REQUIRE(lane);
  const bool host = family == hostSleefFamily();
  std::vector<T> eager(n), scalar(n), v128(n), v256(n);
  for (size_t i = 0; i < n; ++i) {
    eager[i] = eagerMath<T>(f, x[i], y[i]);
    scalar[i] = mathFnArity(f) == 2 ? reinterpret_cast<T (*)(T, T)>(const_cast<void*>(lane))(x[i], y[i])
                                    : reinterpret_cast<T (*)(T)>(const_cast<void*>(lane))(x[i]);
  }
  vec128Lanes<T>(family, f, x.data(), y.data(), v128.data(), n);
  const bool haveAvx = __builtin_cpu_supports("avx");
  if (haveAvx) {
    if constexpr (sizeof(T) == 4) vec256LanesF(family, f, x.data(), y.data(), v256.data(), n);
    else vec256LanesD(family, f, x.data(), y.data(), v256.data(), n);
  }
  int bad = 0;
  for (size_t i = 0; i < n && bad < 5; ++i) {
    const bool ok = (!host || sameBits(eager[i], scalar[i])) && sameBits(scalar[i], v128[i]) &&
                    (!haveAvx || sameBits(scalar[i], v256[i]));
    if (!ok) {
      ++bad;
      FAIL_CHECK((family == SleefFamily::Fma ? "finz " : "cinz ")
                 << mathFnName(f) << (sizeof(T) == 8 ? " f64" : " f32") << " at x = " << x[i] << ", y = " << y[i]
                 << ": eager " << eager[i] << " lane " << scalar[i] << " 16-byte " << v128[i] << " 32-byte "
                 << v256[i]);
    }
  }
  CHECK(bad == 0);
}

}  // namespace

TEST_CASE("sleef: cinz purec, sse2 and avx (finz purecfma, avx2128, avx2) agree bit for bit with eager's scalar_math on every MathFn", "[sleef]") {
  for (SleefFamily family : {SleefFamily::NoFma, SleefFamily::Fma}) {
    if (!sleefFamilyRuns(family)) {
      CHECK(sleefEntry(family, MathFn::Sin, false, SleefWidth::Lane) == nullptr);
      continue;
    }
    for (int i = 0; i < kMathFnCount; ++i) {
      checkAgreement<float>(family, static_cast<MathFn>(i));
      checkAgreement<double>(family, static_cast<MathFn>(i));
    }
  }
  // The host uses finz exactly where the CPU has AVX2 and FMA (Note [SLEEF families]).
  const bool fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  CHECK(hostSleefFamily() == (fma ? SleefFamily::Fma : SleefFamily::NoFma));
}

TEST_CASE("sleef: scalar_math matches libm closely on ordinary arguments (u10: within 1 ulp)", "[sleef]") {
  // A sanity check that the table wires each name to its own function.
  for (double v : {0.3, 1.7, -2.2, 0.9}) {
    CHECK(scalar_math::exp(v) == Approx(std::exp(v)).epsilon(1e-15));
    CHECK(scalar_math::log1p(std::fabs(v)) == Approx(std::log1p(std::fabs(v))).epsilon(1e-15));
    CHECK(scalar_math::tanh(v) == Approx(std::tanh(v)).epsilon(1e-15));
    CHECK(scalar_math::atan2(v, 0.7) == Approx(std::atan2(v, 0.7)).epsilon(1e-15));
    CHECK(scalar_math::pow(std::fabs(v), 1.3) == Approx(std::pow(std::fabs(v), 1.3)).epsilon(1e-15));
    CHECK(scalar_math::erf(static_cast<float>(v)) == Approx(std::erf(v)).epsilon(1e-6));
  }
}

TEST_CASE("sleef: eager's contiguous rows (AVX / SSE2 blocks, scalar rest) equal one element at a time", "[sleef]") {
  const std::vector<float> xf = inputs<float>(5);
  const std::vector<double> xd = inputs<double>(7);
  for (int i = 0; i < kMathFnCount; ++i) {
    const MathFn f = static_cast<MathFn>(i);
    if (mathFnArity(f) == 2) continue;
    INFO(mathFnName(f));
    for (int64_t n : {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 1000}) {
      for (int64_t start : {0, 1, 3}) {  // rows need not be aligned
        std::vector<float> of(static_cast<size_t>(n) + 1, -7.0f);
        std::vector<double> od(static_cast<size_t>(n) + 1, -7.0);
        scalar_math::mapContiguous(f, xf.data() + start, of.data(), n);
        scalar_math::mapContiguous(f, xd.data() + start, od.data(), n);
        int bad = 0;
        for (int64_t k = 0; k < n; ++k) {
          bad += !sameBits(of[k], eagerMath<float>(f, xf[start + k], 0.0f));
          bad += !sameBits(od[k], eagerMath<double>(f, xd[start + k], 0.0));
        }
        CHECK(bad == 0);
        CHECK(of[n] == -7.0f);
        CHECK(od[n] == -7.0);
      }
    }
    std::vector<float> inplace(xf.begin(), xf.begin() + 29);
    scalar_math::mapContiguous(f, inplace.data(), inplace.data(), 29);
    for (int k = 0; k < 29; ++k) CHECK(sameBits(inplace[k], eagerMath<float>(f, xf[k], 0.0f)));
  }
}
