// Issue 12: the vector block sums of Note [Vector block sums] push exactly
// the block values of reduceBlockContiguous (Note [Shared reduction code]),
// bit for bit, NaN payloads included: sizes around every block and run
// boundary, unaligned starts, NaN of several payloads and signs, +-inf,
// -0.0 (a block of -0.0 sums to +0.0), denormals and cancelling values,
// onto stacks of aligned and unaligned block counts.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "tensor/reduce.h"

using namespace tdsl;

namespace {

template <class T>
CascadeStack<T> scalarPushes(const T* p, int64_t n) {
  CascadeStack<T> s;
  for (int64_t b = 0; b < n; b += kReduceBlock) s.push(reduceBlockContiguous<T>(p + b, n - b < kReduceBlock ? n - b : kReduceBlock));
  return s;
}

template <class T>
bool sameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class T>
bool sameStacks(const CascadeStack<T>& a, const CascadeStack<T>& b) {
  if (a.size() != b.size()) return false;
  for (int i = 0; i < a.size(); ++i)
    if (!sameBits(a.value(i), b.value(i)) || a.level(i) != b.level(i)) return false;
  return sameBits(a.finish(), b.finish());
}

template <class T>
T nanWithPayload(uint64_t payload, bool negative) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  Bits bits;
  T q = std::numeric_limits<T>::quiet_NaN();
  std::memcpy(&bits, &q, sizeof q);
  bits |= static_cast<Bits>(payload & 0xFFF);
  if (negative) bits |= Bits(1) << (8 * sizeof(T) - 1);
  T r;
  std::memcpy(&r, &bits, sizeof r);
  return r;
}

// A pattern of n values: 0 plain normals, 1 sprinkled specials, 2 all -0.0,
// 3 NaNs of differing payloads in the same lanes of one block, 4 values
// that cancel (large +- small), 5 denormals.
template <class T>
std::vector<T> pattern(int kind, int64_t n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_int_distribution<int> pick(0, 40);
  std::vector<T> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    T x = static_cast<T>(normal(rng));
    switch (kind) {
      case 1: {
        const int k = pick(rng);
        if (k == 0) x = nanWithPayload<T>(rng(), rng() & 1);
        else if (k == 1) x = std::numeric_limits<T>::infinity();
        else if (k == 2) x = -std::numeric_limits<T>::infinity();
        else if (k == 3) x = T(-0.0);
        else if (k == 4) x = std::numeric_limits<T>::denorm_min();
        break;
      }
      case 2: x = T(-0.0); break;
      case 3: x = (i % 8 == 3 || i % 37 == 0) ? nanWithPayload<T>(static_cast<uint64_t>(i) * 2654435761u, i % 3 == 0) : x; break;
      case 4: x = (i % 2 ? T(1) : T(-1)) * static_cast<T>(1e30) + x; break;
      case 5: x = std::numeric_limits<T>::denorm_min() * static_cast<T>(i % 5 + 1); break;
      default: break;
    }
    v[static_cast<size_t>(i)] = x;
  }
  return v;
}

template <class T>
void checkAll() {
  std::mt19937_64 rng(12);
  std::vector<int64_t> sizes;
  for (int64_t n = 0; n <= 2 * kReduceBlock + 17; ++n) sizes.push_back(n);
  for (int64_t blocks : {3, 4, 5, 63, 64, 65, 127, 128, 129, 256, 300})
    for (int64_t d : {-9, -1, 0, 1, 8, 127})
      if (blocks * kReduceBlock + d >= 0) sizes.push_back(blocks * kReduceBlock + d);
  sizes.push_back(kInterruptGrain * 2 + 77);
  for (int kind = 0; kind <= 5; ++kind) {
    for (int64_t n : sizes) {
      for (int64_t shift : {0, 1, 3}) {  // unaligned starts
        std::vector<T> data = pattern<T>(kind, n + shift, rng);
        const T* p = data.data() + shift;
        CascadeStack<T> vec;
        pushBlocksContiguous<T>(p, n, vec);
        INFO("kind " << kind << " n " << n << " shift " << shift);
        REQUIRE(sameStacks(vec, scalarPushes<T>(p, n)));
        REQUIRE(sameBits(cascadeSumContiguous<T>(p, n), scalarPushes<T>(p, n).finish()));
      }
    }
  }
}

}  // namespace

TEST_CASE("jit reduce dims: vector block sums push reduceBlockContiguous's bits (float32)", "[jit][reduce]") {
  checkAll<float>();
}

TEST_CASE("jit reduce dims: vector block sums push reduceBlockContiguous's bits (float64)", "[jit][reduce]") {
  checkAll<double>();
}

TEST_CASE("jit reduce dims: a block of -0.0 sums to +0.0 and NaN payloads follow the scalar code", "[jit][reduce]") {
  std::vector<float> zeros(static_cast<size_t>(kReduceBlock * 8), -0.0f);
  CascadeStack<float> s;
  pushBlocksContiguous<float>(zeros.data(), static_cast<int64_t>(zeros.size()), s);
  REQUIRE(!std::signbit(s.finish()));
  // Two NaNs of different payloads in different lanes of one full block:
  // the tree picks one; the vector path must pick the same.
  std::vector<float> v(static_cast<size_t>(kReduceBlock * 4), 1.0f);
  v[1] = nanWithPayload<float>(0x123, false);
  v[6] = nanWithPayload<float>(0x456, true);
  v[kReduceBlock + 2] = nanWithPayload<float>(0x7, true);
  v[kReduceBlock + 10] = nanWithPayload<float>(0x9, false);
  CascadeStack<float> t;
  pushBlocksContiguous<float>(v.data(), static_cast<int64_t>(v.size()), t);
  REQUIRE(sameStacks(t, scalarPushes<float>(v.data(), static_cast<int64_t>(v.size()))));
}

TEST_CASE("jit reduce dims: vector block sums onto a stack of any block count", "[jit][reduce]") {
  // Runs of 64 blocks are pushed as one entry only when the stack's count is
  // a multiple of 64; otherwise block by block. Either way the scalar bits.
  std::mt19937_64 rng(7);
  for (int kind : {0, 1, 3}) {
    std::vector<double> data = pattern<double>(kind, kReduceBlock * 400 + 5, rng);
    for (int64_t before : {1, 3, 63, 64, 65, 128, 200}) {
      CascadeStack<double> vec, ref;
      for (int64_t k = 0; k < before; ++k) {
        const double v = reduceBlockContiguous<double>(data.data() + k * kReduceBlock, kReduceBlock);
        vec.push(v);
        ref.push(v);
      }
      const double* rest = data.data() + before * kReduceBlock;
      const int64_t n = static_cast<int64_t>(data.size()) - before * kReduceBlock;
      pushBlocksContiguous<double>(rest, n, vec);
      for (int64_t b = 0; b < n; b += kReduceBlock)
        ref.push(reduceBlockContiguous<double>(rest + b, n - b < kReduceBlock ? n - b : kReduceBlock));
      INFO("kind " << kind << " before " << before);
      REQUIRE(sameStacks(vec, ref));
    }
  }
}
