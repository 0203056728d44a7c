// Eager kernels for cumsum, cumprod (and their in-place twins), cummax,
// cummin and diff.
// Scans run in the result dtype, accumulating floats in double and integers
// in wrapping int64, as PyTorch's cpu_cum_base_kernel does.
#include <type_traits>

#include "tensor/kernels/lanes.h"
#include "tensor/op_kernels_extra.h"

namespace tdsl::kernels {

namespace {

template <class T>
using Accumulator = std::conditional_t<std::is_floating_point<T>::value, double, uint64_t>;

// The scan of `self` along `dim` in `dtype`, as contiguous lane rows.
Lanes scanLanes(TensorState& s, const TensorObject& self, int dim, DType dtype, bool product) {
  Lanes in = lanesOf(s, self, dim, dtype);
  withDType(dtype, [&](auto tag) {
    using T = decltype(tag);
    using A = Accumulator<T>;
    T* p = in.rows->template data<T>();
    for (int64_t j = 0; j < in.count; ++j) {
      if (j % 256 == 0) pollInterrupt(s);
      T* lane = p + j * in.length;
      A acc = product ? A(1) : A(0);
      for (int64_t i = 0; i < in.length; ++i) {
        acc = product ? static_cast<A>(acc * static_cast<A>(lane[i])) : static_cast<A>(acc + static_cast<A>(lane[i]));
        lane[i] = static_cast<T>(acc);
      }
    }
  });
  return in;
}

OpResults cumulative(TensorState& s, const BoundArgs& a, bool product) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const int dim = static_cast<int>(wrapDim(intArg(a, 1), self.dim()));
  auto out = allocLike(s, r.out[0]);
  storeLanes(*out, dim, *scanLanes(s, self, dim, r.out[0].dtype, product).rows);
  return Value(out);
}

OpResults cumulativeInplace(TensorState& s, const BoundArgs& a, bool product) {
  runMeta(a);
  TensorObject& self = *asTensor(a[0]);
  checkNoInternalOverlap(self);
  const int dim = static_cast<int>(wrapDim(intArg(a, 1), self.dim()));
  storeLanes(self, dim, *scanLanes(s, self, dim, self.dtype(), product).rows);
  return a[0];
}

// cummax/cummin along dim, as PyTorch's cummax_cummin_helper: a NaN always
// takes over (so every later NaN does too, moving the index), and a number
// takes over from a running extremum that is not NaN when it is >= it
// (cummax) or <= it (cummin), so ties give the last index.
template <bool isMax>
OpResults cumulativeExtremum(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const int dim = static_cast<int>(wrapDim(intArg(a, 1), self.dim()));
  auto values = allocLike(s, r.out[0]);
  auto indices = allocLike(s, r.out[1]);
  Lanes in = lanesOf(s, self, dim, self.dtype());
  auto at = laneRowsFor(s, *indices, dim);
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    auto isNan = [](T x) {
      if constexpr (std::is_floating_point<T>::value) return x != x;
      else return false;
    };
    for (int64_t j = 0; j < in.count; ++j) {
      if (j % 256 == 0) pollInterrupt(s);
      T* lane = in.rows->template data<T>() + j * in.length;
      int64_t* where = at->template data<int64_t>() + j * in.length;
      T best{};
      int64_t bestAt = 0;
      for (int64_t i = 0; i < in.length; ++i) {
        const T x = lane[i];
        if (i == 0 || isNan(x) || (!isNan(best) && (isMax ? x >= best : x <= best))) {
          best = x;
          bestAt = i;
        }
        lane[i] = best;
        where[i] = bestAt;
      }
    }
  });
  storeLanes(*values, dim, *in.rows);
  storeLanes(*indices, dim, *at);
  return OpResults(Value(values), Value(indices));
}

}  // namespace

OpResults cummax(TensorState& s, const BoundArgs& a) { return cumulativeExtremum<true>(s, a); }
OpResults cummin(TensorState& s, const BoundArgs& a) { return cumulativeExtremum<false>(s, a); }
OpResults cumsum(TensorState& s, const BoundArgs& a) { return cumulative(s, a, false); }
OpResults cumsum_(TensorState& s, const BoundArgs& a) { return cumulativeInplace(s, a, false); }
OpResults cumprod(TensorState& s, const BoundArgs& a) { return cumulative(s, a, true); }
OpResults cumprod_(TensorState& s, const BoundArgs& a) { return cumulativeInplace(s, a, true); }

// diff(self, n, dim, prepend, append): n rounds of out[i] = x[i + 1] - x[i]
// along dim over (prepend, self, append); bool tensors use !=, as PyTorch's logical_xor.
OpResults diff(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const int64_t n = intArg(a, 1);
  const int dim = static_cast<int>(wrapDim(intArg(a, 2), self.dim()));
  std::vector<Lanes> parts;
  if (!a.isNone(3)) parts.push_back(lanesOf(s, tensorArg(a, 3), dim, self.dtype()));
  parts.push_back(lanesOf(s, self, dim, self.dtype()));
  if (!a.isNone(4)) parts.push_back(lanesOf(s, tensorArg(a, 4), dim, self.dtype()));
  int64_t total = 0;
  for (const Lanes& p : parts) total += p.length;
  const int64_t count = parts[0].count, outLength = std::max<int64_t>(total - n, 0);
  auto out = allocLike(s, r.out[0]);
  auto rows = laneRowsFor(s, *out, dim);
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    std::vector<T> lane(static_cast<size_t>(total));
    for (int64_t j = 0; j < count; ++j) {
      size_t at = 0;
      for (const Lanes& p : parts)
        for (int64_t i = 0; i < p.length; ++i) lane[at++] = p.rows->template data<T>()[j * p.length + i];
      int64_t len = total;
      for (int64_t round = 0; round < n && len > 0; ++round, --len)
        for (int64_t i = 0; i + 1 < len; ++i) {
          if constexpr (std::is_same<T, bool>::value) {
            lane[static_cast<size_t>(i)] = lane[static_cast<size_t>(i) + 1] != lane[static_cast<size_t>(i)];
          } else if constexpr (std::is_integral<T>::value) {
            using U = std::make_unsigned_t<T>;
            lane[static_cast<size_t>(i)] =
                static_cast<T>(static_cast<U>(lane[static_cast<size_t>(i) + 1]) - static_cast<U>(lane[static_cast<size_t>(i)]));
          } else {
            lane[static_cast<size_t>(i)] = lane[static_cast<size_t>(i) + 1] - lane[static_cast<size_t>(i)];
          }
        }
      for (int64_t i = 0; i < outLength; ++i) rows->template data<T>()[j * outLength + i] = lane[static_cast<size_t>(i)];
    }
  });
  storeLanes(*out, dim, *rows);
  return Value(out);
}

}  // namespace tdsl::kernels
