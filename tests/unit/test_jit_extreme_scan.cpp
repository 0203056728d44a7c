// Issue 12: the vectorized max / min chunk scan (Note [Extreme scan] in
// src/jit/extreme_scan.h) gives eager's extremeIndex result, the element's
// bits and its index: the first NaN (of any payload or sign), else the first
// of equal extremes (of two zeros the first one's sign); every length from
// 1 to beyond four vectors and odd tails, unaligned starts, NaN in the
// overlapping tail, +-inf, all -inf, denormals, ties.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "jit/extreme_scan.h"

using namespace tdsl;

namespace {

// Eager's rule (extremeIndex in tensor/kernels/reduce.cpp), written out.
template <class T>
jit::ExtremeAt<T> reference(bool isMax, const T* p, int64_t n) {
  int64_t best = 0;
  if (std::isnan(p[0])) return {p[0], 0};
  for (int64_t i = 1; i < n; ++i) {
    if (std::isnan(p[i])) return {p[i], i};
    if (isMax ? p[i] > p[best] : p[i] < p[best]) best = i;
  }
  return {p[best], best};
}

template <class T>
bool sameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class T>
T nanWithPayload(uint64_t payload, bool negative) {
  if constexpr (sizeof(T) == 4) {
    uint32_t bits = 0x7fc00000u | static_cast<uint32_t>(payload & 0x3fffffu) | (negative ? 0x80000000u : 0u);
    T v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  } else {
    uint64_t bits = 0x7ff8000000000000ull | (payload & 0x7ffffffffffffull) | (negative ? 0x8000000000000000ull : 0ull);
    T v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
}

template <class T>
void checkAll(std::vector<T>& data, int64_t start, int64_t n) {
  for (bool isMax : {true, false}) {
    const jit::ExtremeAt<T> want = reference(isMax, data.data() + start, n);
    for (bool needIndex : {true, false}) {
      const jit::ExtremeAt<T> got = jit::scanExtreme(isMax, data.data() + start, n, needIndex);
      INFO("n " << n << " start " << start << (isMax ? " max" : " min") << (needIndex ? "" : " (value only)")
                << " want index " << want.index << " got " << got.index);
      if (needIndex || got.index != -1) CHECK(got.index == want.index);
      CHECK(sameBits(got.value, want.value));
    }
  }
}

template <class T>
void runCases() {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> uniform(-4.0, 4.0);
  const T inf = std::numeric_limits<T>::infinity();
  const T denormal = std::numeric_limits<T>::denorm_min();
  std::vector<int64_t> lengths;
  for (int64_t n = 1; n <= 70; ++n) lengths.push_back(n);
  for (int64_t n : {127, 128, 129, 1000, 2048, 32768, 32773}) lengths.push_back(n);
  for (int64_t n : lengths) {
    for (int64_t start : {0, 1, 3}) {
      std::vector<T> data(static_cast<size_t>(start + n));
      auto fill = [&](auto&& value) {
        for (int64_t i = 0; i < n; ++i) data[static_cast<size_t>(start + i)] = value(i);
      };
      auto at = [&](int64_t i) -> T& { return data[static_cast<size_t>(start + i)]; };
      // Random values; then ties of the extremes at a later position.
      fill([&](int64_t) { return static_cast<T>(uniform(rng)); });
      checkAll(data, start, n);
      {
        const jit::ExtremeAt<T> m = reference(true, data.data() + start, n);
        at(n - 1) = m.value;
        at(n / 2) = m.value;
        checkAll(data, start, n);
      }
      // A NaN (payload, sign) at the start, the middle, the last element
      // (in the overlapping tail); two NaNs: the first one's bits.
      for (int64_t k : {int64_t(0), n / 2, n - 1}) {
        fill([&](int64_t) { return static_cast<T>(uniform(rng)); });
        at(k) = nanWithPayload<T>(static_cast<uint64_t>(k) + 5, k % 2 == 1);
        checkAll(data, start, n);
        if (k + 1 < n) {
          at(n - 1) = nanWithPayload<T>(99, true);
          checkAll(data, start, n);
        }
      }
      // Zeros of both signs as the extreme: the first one's sign.
      fill([&](int64_t i) { return i % 3 == 0 ? T(-0.0) : (i % 3 == 1 ? T(0.0) : static_cast<T>(-1.0 - i)); });
      checkAll(data, start, n);
      fill([&](int64_t i) { return i % 2 == 0 ? T(0.0) : T(-0.0); });
      checkAll(data, start, n);
      // The first zero in a later lane than a zero of the other sign.
      fill([&](int64_t i) { return i == 0 ? T(-1.0) : (i == 1 ? T(0.0) : T(-0.0)); });
      checkAll(data, start, n);
      fill([&](int64_t i) { return i == 0 ? T(1.0) : (i == 1 ? T(-0.0) : T(0.0)); });
      checkAll(data, start, n);
      // Infinities, all -inf, denormals against zero.
      fill([&](int64_t i) { return i == n / 3 ? inf : (i == n / 4 ? -inf : static_cast<T>(uniform(rng))); });
      checkAll(data, start, n);
      fill([&](int64_t) { return -inf; });
      checkAll(data, start, n);
      fill([&](int64_t i) { return i % 5 == 2 ? denormal : (i % 5 == 3 ? -denormal : T(0.0)); });
      checkAll(data, start, n);
    }
  }
}

}  // namespace

TEST_CASE("jit extreme scan: float32 max / min equal eager's scan, bits and index", "[jit][reduce]") {
  runCases<float>();
}

TEST_CASE("jit extreme scan: float64 max / min equal eager's scan, bits and index", "[jit][reduce]") {
  runCases<double>();
}
