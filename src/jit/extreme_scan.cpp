// The max / min chunk scan (extreme_scan.h, Note [Extreme scan]).
#include "jit/extreme_scan.h"

#include <cmath>

#include "support/diagnostics.h"
#include "tensor/scalar_ops.h"

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace tdsl::jit {

namespace {

using scalar_ops::isNan;

// Eager's extremeIndex: the first NaN, else the first strict improvement.
template <class T>
ExtremeAt<T> scalarScan(bool isMax, const T* p, int64_t n) {
  int64_t best = 0;
  T value = p[0];
  for (int64_t i = 1; i < n && !isNan(value); ++i) {
    const T v = p[i];
    if (isNan(v) || (isMax ? v > value : v < value)) {
      value = v;
      best = i;
    }
  }
  return {value, best};
}

#if defined(__x86_64__)

// SSE2 (the x86-64 baseline) operations of one element type.
struct Float32Lanes {
  using T = float;
  using V = __m128;
  static constexpr int kLanes = 4;
  static V load(const T* p) { return _mm_loadu_ps(p); }
  static V splat(T v) { return _mm_set1_ps(v); }
  static V unordered(V x) { return _mm_cmpunord_ps(x, x); }
  static V equal(V x, V y) { return _mm_cmpeq_ps(x, y); }
  static V bitOr(V x, V y) { return _mm_or_ps(x, y); }
  // The second operand when the first is NaN (maxps / minps).
  static V max(V x, V keep) { return _mm_max_ps(x, keep); }
  static V min(V x, V keep) { return _mm_min_ps(x, keep); }
  static int mask(V x) { return _mm_movemask_ps(x); }
  static void store(T* p, V x) { _mm_storeu_ps(p, x); }
};

struct Float64Lanes {
  using T = double;
  using V = __m128d;
  static constexpr int kLanes = 2;
  static V load(const T* p) { return _mm_loadu_pd(p); }
  static V splat(T v) { return _mm_set1_pd(v); }
  static V unordered(V x) { return _mm_cmpunord_pd(x, x); }
  static V equal(V x, V y) { return _mm_cmpeq_pd(x, y); }
  static V bitOr(V x, V y) { return _mm_or_pd(x, y); }
  static V max(V x, V keep) { return _mm_max_pd(x, keep); }
  static V min(V x, V keep) { return _mm_min_pd(x, keep); }
  static int mask(V x) { return _mm_movemask_pd(x); }
  static void store(T* p, V x) { _mm_storeu_pd(p, x); }
};

// The first i with a set lane of test(the vector at p + i); n when there is
// none. Four vectors per step while four fit (one branch for 4W elements),
// then single vectors, the last of which may overlap the one before.
template <class L, class Test>
int64_t firstWhere(const typename L::T* p, int64_t n, Test&& test) {
  constexpr int W = L::kLanes;
  int64_t i = 0;
  for (; i + 4 * W <= n; i += 4 * W) {
    const auto any = L::bitOr(L::bitOr(test(L::load(p + i)), test(L::load(p + i + W))),
                              L::bitOr(test(L::load(p + i + 2 * W)), test(L::load(p + i + 3 * W))));
    if (L::mask(any)) break;
  }
  for (;; i += W) {
    const int64_t at = i + W <= n ? i : n - W;
    if (const int bits = L::mask(test(L::load(p + at)))) return at + __builtin_ctz(static_cast<unsigned>(bits));
    if (at == n - W) return n;
  }
}

// Note [Extreme scan]; n >= 2 vectors. Two running vectors for two
// independent chains; the last step re-reads an overlapping tail, which
// changes neither an extreme nor the NaN flag.
template <class L, bool isMax>
ExtremeAt<typename L::T> vectorScan(const typename L::T* p, int64_t n, bool needIndex) {
  using T = typename L::T;
  using V = typename L::V;
  constexpr int W = L::kLanes;
  const T seed = isMax ? -INFINITY : INFINITY;
  V e0 = L::splat(seed), e1 = e0, nan = L::splat(0);
  auto step = [&](int64_t i) {
    const V x0 = L::load(p + i), x1 = L::load(p + i + W);
    nan = L::bitOr(nan, L::bitOr(L::unordered(x0), L::unordered(x1)));
    e0 = isMax ? L::max(x0, e0) : L::min(x0, e0);
    e1 = isMax ? L::max(x1, e1) : L::min(x1, e1);
  };
  int64_t i = 0;
  for (; i + 2 * W <= n; i += 2 * W) step(i);
  if (i < n) step(n - 2 * W);
  if (L::mask(nan)) {
    const int64_t k = firstWhere<L>(p, n, [](V x) { return L::unordered(x); });
    return {p[k], k};
  }
  T lanes[2 * W];
  L::store(lanes, e0);
  L::store(lanes + W, e1);
  T extreme = lanes[0];
  for (int j = 1; j < 2 * W; ++j) extreme = isMax ? (lanes[j] > extreme ? lanes[j] : extreme)
                                                 : (lanes[j] < extreme ? lanes[j] : extreme);
  if (!needIndex && extreme != 0) return {extreme, -1};
  // extreme is an element's value (no NaN, every element beats the seed or
  // equals it), so some element compares equal to it.
  const V target = L::splat(extreme);
  const int64_t k = firstWhere<L>(p, n, [&](V x) { return L::equal(x, target); });
  TDSL_ASSERT(k < n);
  return {p[k], k};
}

template <class T>
struct LanesOf;
template <>
struct LanesOf<float> {
  using type = Float32Lanes;
};
template <>
struct LanesOf<double> {
  using type = Float64Lanes;
};

#endif  // __x86_64__

}  // namespace

template <class T>
ExtremeAt<T> scanExtreme(bool isMax, const T* p, int64_t n, bool needIndex) {
#if defined(__x86_64__)
  using L = typename LanesOf<T>::type;
  if (n >= 2 * L::kLanes) return isMax ? vectorScan<L, true>(p, n, needIndex) : vectorScan<L, false>(p, n, needIndex);
#endif
  return scalarScan(isMax, p, n);
}

template ExtremeAt<float> scanExtreme<float>(bool, const float*, int64_t, bool);
template ExtremeAt<double> scanExtreme<double>(bool, const double*, int64_t, bool);

}  // namespace tdsl::jit
