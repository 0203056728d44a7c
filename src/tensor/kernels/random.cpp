// Eager kernels of the random ops (tensor/random/random_ops.h): PyTorch's
// CPU samplers (Note [PyTorch's CPU generator]) visiting elements in
// PyTorch's order (Note [Random fill order]).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "tensor/kernel_util.h"
#include "tensor/op_kernels.h"
#include "tensor/random/iteration_order.h"
#include "tensor/random/normal_fill.h"
#include "tensor/random/random_ops.h"
#include "tensor/tensor_iter.h"

namespace tdsl::kernels {

namespace {

Ref<TensorObject> fresh(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  return allocLike(s, r.out[0]);
}

// The in-place op's self, or a fresh result for its functional twin.
Ref<TensorObject> target(TensorState& s, const BoundArgs& a) {
  if (a.op->has(kTagInplace)) {
    runMeta(a);
    const TensorObject& self = tensorArg(a, 0);
    checkNoInternalOverlap(self);
    return Ref<TensorObject>(const_cast<TensorObject*>(&self));
  }
  return fresh(s, a);
}

// The meta whose layout decides the draw order: self for the in-place ops
// and their functional twins, else the result itself.
const TensorMeta& orderOf(const BoundArgs& a, const TensorObject& out) {
  return a.count > 0 && a[0].isTensor() ? tensorArg(a, 0).meta : out.meta;
}

// Calls sample() once per element of `out` in the draw order of `order`
// (same sizes), storing each result.
template <class T, class F>
void fillInOrder(const TensorMeta& order, TensorObject& out, F sample) {
  T* p = out.data<T>();
  Dims perm = randomFillOrder(order.sizes, order.strides);
  walkInOrder(out.sizes(), perm, out.strides(), out.strides(), [&](int64_t at, int64_t) { p[at] = sample(); });
}

// Strides that read `t` broadcast to `sizes` (0 along broadcast dims).
Dims broadcastStrides(const TensorObject& t, const Dims& sizes) {
  Dims st;
  const int offset = sizes.size() - t.dim();
  for (int d = 0; d < sizes.size(); ++d) {
    int td = d - offset;
    st.push_back(td < 0 || t.sizes()[td] == 1 ? 0 : t.strides()[td]);
  }
  return st;
}

// out = out * operand (multiply) or out + operand, operand a number or a
// tensor broadcast to out, rounded in out's dtype (PyTorch's mul_ / add_).
void combineInPlace(TensorState& s, TensorObject& out, const Value& operand, bool multiply) {
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point<T>::value) {
      T* p = out.data<T>();
      Dims rowMajor;
      for (int d = out.dim() - 1; d >= 0; --d) rowMajor.push_back(d);
      auto apply = [&](T& x, T y) { x = multiply ? static_cast<T>(x * y) : static_cast<T>(x + y); };
      if (!operand.isTensor()) {
        T y = scalarAs<T>(operand);
        walkInOrder(out.sizes(), rowMajor, out.strides(), out.strides(), [&](int64_t at, int64_t) { apply(p[at], y); });
        return;
      }
      Ref<TensorObject> t = contiguousOrSame(s, *asTensor(operand), out.dtype());
      const T* src = t->data<T>();
      Dims st = broadcastStrides(*t, out.sizes());
      walkInOrder(out.sizes(), rowMajor, out.strides(), st, [&](int64_t at, int64_t from) { apply(p[at], src[from]); });
    }
  });
}

// Writes `values` (row-major logical order) into `out`.
template <class T>
void storeRowMajor(const std::vector<T>& values, TensorObject& out) {
  T* p = out.data<T>();
  Dims rowMajor;
  for (int d = out.dim() - 1; d >= 0; --d) rowMajor.push_back(d);
  size_t i = 0;
  walkInOrder(out.sizes(), rowMajor, out.strides(), out.strides(), [&](int64_t at, int64_t) { p[at] = values[i++]; });
}

template <class T>
T uniformSample(CpuGenerator& g, T from, T to) {
  // Note [Contracted multiply-adds] (random/normal_fill.cpp).
  if constexpr (std::is_same<T, float>::value) return std::fma(g.uniformFloat(), to - from, from);
  else return std::fma(g.uniformDouble(), to - from, from);
}

void fillUniform(CpuGenerator& g, const TensorMeta& order, TensorObject& out, double from, double to) {
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point<T>::value) {
      T f = static_cast<T>(from), t = static_cast<T>(to);
      fillInOrder<T>(order, out, [&] { return uniformSample<T>(g, f, t); });
    }
  });
}

// PyTorch's normal_kernel: the block fill for contiguous tensors of 16 or
// more (Note [Normal fill in blocks of 16]), else one Box-Muller draw (with
// the generator's cached twin) per element.
void fillNormal(CpuGenerator& g, const TensorMeta& order, TensorObject& out, double mean, double stdv) {
  const int64_t n = out.numel();
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point<T>::value) {
      if (n >= 16 && order.isContiguous()) {
        std::vector<T> buf(static_cast<size_t>(n));
        for (auto& x : buf) x = uniformSample<T>(g, T(0), T(1));
        auto block = [&](T* at) {
          if constexpr (std::is_same<T, float>::value)
            normalFillBlockFloat(at, static_cast<float>(mean), static_cast<float>(stdv));
          else
            normalFillBlockDouble(at, mean, stdv);
        };
        for (int64_t i = 0; i + 16 <= n; i += 16) block(buf.data() + i);
        if (n % 16 != 0) {
          T* tail = buf.data() + n - 16;
          for (int i = 0; i < 16; ++i) tail[i] = uniformSample<T>(g, T(0), T(1));
          block(tail);
        }
        storeRowMajor(buf, out);
      } else {
        fillInOrder<T>(order, out, [&] { return static_cast<T>(std::fma(g.standardNormal(), stdv, mean)); });
      }
    }
  });
}

// PyTorch's (1.13) exponential transform of a uniform double u in [0, 1).
double exponentialSample(CpuGenerator& g, double lambda) { return -1.0 / lambda * std::log(1.0 - g.uniformDouble()); }

// bernoulli_(p) with a tensor p (broadcast to `out`): a double p draws a
// uniform double, a float p a uniform float, as PyTorch's two branches do.
void fillBernoulliTensor(CpuGenerator& g, const TensorMeta& order, TensorObject& out, const TensorObject& p) {
  Dims pStrides = broadcastStrides(p, out.sizes());
  Dims perm = randomFillOrder(order.sizes, order.strides);
  withDType(out.dtype(), [&](auto outTag) {
    using O = decltype(outTag);
    O* dst = out.data<O>();
    withDType(p.dtype(), [&](auto pTag) {
      using P = decltype(pTag);
      if constexpr (std::is_floating_point<P>::value) {
        const P* src = p.data<P>();
        walkInOrder(out.sizes(), perm, out.strides(), pStrides, [&](int64_t at, int64_t from) {
          P prob = src[from];
          if (!(prob >= 0 && prob <= 1))
            throw Error(ErrorKind::Runtime,
                        "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be "
                        "improved?  If so, please report an enhancement request to PyTorch.)");
          bool hit = std::is_same<P, double>::value ? g.uniformDouble() < static_cast<double>(prob)
                                                    : g.uniformFloat() < static_cast<float>(prob);
          dst[at] = static_cast<O>(hit);
        });
      }
    });
  });
}

void fillBernoulliScalar(CpuGenerator& g, const TensorMeta& order, TensorObject& out, double p) {
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    fillInOrder<T>(order, out, [&] { return static_cast<T>(g.uniformDouble() < p); });
  });
}

// `range` values from `base` on, each (word % range) + base, the word 64 bits
// wide for a range of 2^28 or more in every dtype (PyTorch 2's rule, which
// bounds the skew of `%`; 1.13 drew 64 bits only for ranges of 2^32 or more
// in int64 and the floating types).
void fillSpan(CpuGenerator& g, const TensorMeta& order, TensorObject& out, uint64_t range, int64_t base) {
  const bool wide = range >= (uint64_t(1) << 28);
  withDType(out.dtype(), [&](auto tag) {
    using T = decltype(tag);
    fillInOrder<T>(order, out, [&] {
      uint64_t v = wide ? g.random64() : g.random();
      return static_cast<T>(static_cast<int64_t>(v % range + static_cast<uint64_t>(base)));
    });
  });
}

// random_(from, to): PyTorch's uniform_int_from_to_distribution.
void fillRange(CpuGenerator& g, const TensorMeta& order, TensorObject& out, int64_t from, int64_t to) {
  fillSpan(g, order, out, static_cast<uint64_t>(to) - static_cast<uint64_t>(from), from);
}

}  // namespace

OpResults rand(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a);
  fillUniform(s.generator(), t->meta, *t, 0.0, 1.0);
  return Value(t);
}

OpResults randn(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a);
  fillNormal(s.generator(), t->meta, *t, 0.0, 1.0);
  return Value(t);
}

OpResults uniform_(TensorState& s, const BoundArgs& a) {
  auto t = target(s, a);
  fillUniform(s.generator(), orderOf(a, *t), *t, floatArg(a, 1), floatArg(a, 2));
  return Value(t);
}
OpResults uniform(TensorState& s, const BoundArgs& a) { return uniform_(s, a); }

OpResults normal_(TensorState& s, const BoundArgs& a) {
  auto t = target(s, a);
  fillNormal(s.generator(), orderOf(a, *t), *t, floatArg(a, 1), floatArg(a, 2));
  return Value(t);
}
OpResults normal(TensorState& s, const BoundArgs& a) { return normal_(s, a); }

// torch.normal(mean, std, size): a fresh tensor's normal_(mean, std).
OpResults normal_sizes(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a);
  fillNormal(s.generator(), t->meta, *t, floatArg(a, 0), floatArg(a, 1));
  return Value(t);
}

// torch.normal with tensor mean and/or std, as PyTorch: standard normals
// (normal_(0, std) for a number std), then * std and + mean elementwise.
OpResults normal_tensors(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a);
  const bool stdT = a[1].isTensor();
  fillNormal(s.generator(), t->meta, *t, 0.0, stdT ? 1.0 : floatArg(a, 1));
  if (stdT) combineInPlace(s, *t, a[1], true);
  combineInPlace(s, *t, a[0], false);
  return Value(t);
}

// exponential_, cauchy_, log_normal_ and geometric_ draw at double precision
// and round to self's dtype, as PyTorch's CPU kernels do: -log(1 - u) /
// lambda; median + sigma * tan(pi * (u - 1/2)); exp of a normal(mean, std)
// double (Box-Muller, with its cached twin); ceil(log(u) / log(1 - p)).
template <class Sample>
OpResults fillDoubles(TensorState& s, const BoundArgs& a, Sample sample) {
  auto t = target(s, a);
  withDType(t->dtype(), [&](auto tag) {
    using T = decltype(tag);
    fillInOrder<T>(orderOf(a, *t), *t, [&] { return static_cast<T>(sample(s.generator())); });
  });
  return Value(t);
}

OpResults exponential_(TensorState& s, const BoundArgs& a) {
  const double lambda = floatArg(a, 1);
  return fillDoubles(s, a, [&](CpuGenerator& g) { return exponentialSample(g, lambda); });
}
OpResults exponential(TensorState& s, const BoundArgs& a) { return exponential_(s, a); }

OpResults cauchy_(TensorState& s, const BoundArgs& a) {
  const double median = floatArg(a, 1), sigma = floatArg(a, 2);
  return fillDoubles(s, a, [&](CpuGenerator& g) { return median + sigma * std::tan(M_PI * (g.uniformDouble() - 0.5)); });
}
OpResults cauchy(TensorState& s, const BoundArgs& a) { return cauchy_(s, a); }

OpResults log_normal_(TensorState& s, const BoundArgs& a) {
  const double mean = floatArg(a, 1), stdv = floatArg(a, 2);
  // Note [Contracted multiply-adds] (random/normal_fill.cpp).
  return fillDoubles(s, a, [&](CpuGenerator& g) { return std::exp(std::fma(g.standardNormal(), stdv, mean)); });
}
OpResults log_normal(TensorState& s, const BoundArgs& a) { return log_normal_(s, a); }

OpResults geometric_(TensorState& s, const BoundArgs& a) {
  const double p = floatArg(a, 1);
  return fillDoubles(s, a, [&](CpuGenerator& g) { return std::ceil(std::log(g.uniformDouble()) / std::log(1.0 - p)); });
}
OpResults geometric(TensorState& s, const BoundArgs& a) { return geometric_(s, a); }

// random_(): every value the dtype holds exactly (0 .. 2^digits for the
// floating types, 0 .. max otherwise, bool the low bit), from a 64-bit word
// for int64 and float64; random_(to) and random_(from, to) as randint; a None
// `to` runs to randomUpperInclusive, or over all of int64 from its minimum.
OpResults random_(TensorState& s, const BoundArgs& a) {
  auto t = target(s, a);
  const TensorMeta& order = orderOf(a, *t);
  CpuGenerator& g = s.generator();
  const DType d = t->dtype();
  const int fromAt = argIndex(a, "from"), toAt = argIndex(a, "to");
  const int64_t from = fromAt < 0 ? 0 : intArg(a, fromAt);
  if (toAt >= 0 && !a.isNone(toAt)) {
    fillRange(g, order, *t, from, intArg(a, toAt));
  } else if (toAt >= 0 && from == INT64_MIN) {
    withDType(d, [&](auto tag) {
      using T = decltype(tag);
      fillInOrder<T>(order, *t, [&] { return static_cast<T>(static_cast<int64_t>(g.random64())); });
    });
  } else if (toAt >= 0) {
    fillSpan(g, order, *t, static_cast<uint64_t>(randomUpperInclusive(d)) - static_cast<uint64_t>(from) + 1, from);
  } else {
    withDType(d, [&](auto tag) {
      using T = decltype(tag);
      // 64-bit words for int64 and float64, one word otherwise; the modulus
      // is one past randomUpperInclusive (the low bit for bool).
      constexpr bool wide = std::is_same<T, int64_t>::value || std::is_same<T, double>::value;
      const uint64_t modulus = static_cast<uint64_t>(randomUpperInclusive(d)) + 1;
      fillInOrder<T>(order, *t, [&] { return static_cast<T>((wide ? g.random64() : g.random()) % modulus); });
    });
  }
  return Value(t);
}
OpResults random(TensorState& s, const BoundArgs& a) { return random_(s, a); }

// bernoulli_(p) / its functional twin (p a number or a tensor), and
// bernoulli(self) / bernoulli(self, p) whose result is like self.
OpResults bernoulli_(TensorState& s, const BoundArgs& a) {
  auto t = target(s, a);
  const TensorMeta& order = orderOf(a, *t);
  if (a.count < 2) fillBernoulliTensor(s.generator(), order, *t, tensorArg(a, 0));
  else if (a[1].isTensor()) fillBernoulliTensor(s.generator(), order, *t, tensorArg(a, 1));
  else fillBernoulliScalar(s.generator(), order, *t, floatArg(a, 1));
  return Value(t);
}
OpResults bernoulli(TensorState& s, const BoundArgs& a) { return bernoulli_(s, a); }

OpResults randint(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a);
  const bool low = argIndex(a, "low") >= 0;
  fillRange(s.generator(), t->meta, *t, low ? intArg(a, 0) : 0, intArg(a, low ? 1 : 0));
  return Value(t);
}

OpResults randint_like(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a);
  const bool low = argIndex(a, "low") >= 0;
  fillRange(s.generator(), t->meta, *t, low ? intArg(a, 1) : 0, intArg(a, low ? 2 : 1));
  return Value(t);
}

// PyTorch's CPU randperm: the identity, then for i < n - 1 swap element i
// with element i + (random() % (n - i)).
OpResults randperm(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a);
  const int64_t n = t->numel();
  CpuGenerator& g = s.generator();
  std::vector<int64_t> perm(static_cast<size_t>(n));
  std::iota(perm.begin(), perm.end(), int64_t(0));
  for (int64_t i = 0; i + 1 < n; ++i) {
    int64_t z = static_cast<int64_t>(g.random() % static_cast<uint64_t>(n - i));
    std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(z + i)]);
  }
  withDType(t->dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* p = t->data<T>();
    for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(perm[static_cast<size_t>(i)]);
  });
  return Value(t);
}

// PyTorch's CPU multinomial. Without replacement (or one sample): the
// exponential race, argmax / top-k of p / q with q ~ Exp(1) drawn over an
// empty_like(p). With replacement: per row, the normalized cumulative sums
// and a binary search for each uniform double.
OpResults multinomial(TensorState& s, const BoundArgs& a) {
  auto out = fresh(s, a);
  const TensorObject& p = tensorArg(a, 0);
  const int64_t n = intArg(a, 1);
  const bool replacement = boolArg(a, 2);
  const int64_t cats = p.sizes()[p.dim() - 1];
  const int64_t rows = p.dim() == 2 ? p.sizes()[0] : 1;
  const int64_t rowStride = p.dim() == 2 ? p.strides()[0] : 0, colStride = p.strides()[p.dim() - 1];
  int64_t* res = out->data<int64_t>();
  CpuGenerator& g = s.generator();
  withDType(p.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point<T>::value) {
      const T* src = p.data<T>();
      auto at = [&](int64_t r, int64_t c) { return src[r * rowStride + c * colStride]; };
      if (!replacement || n == 1) {
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < cats; ++c)
            if (!(at(r, c) >= 0 && at(r, c) < INFINITY))
              throw Error(ErrorKind::Runtime, "probability tensor contains either `inf`, `nan` or element < 0");
        for (int64_t r = 0; r < rows; ++r) {
          T sum = 0;
          for (int64_t c = 0; c < cats; ++c) sum += at(r, c);
          if (sum == 0) throw Error(ErrorKind::Runtime, "invalid multinomial distribution (sum of probabilities <= 0)");
        }
        TensorMeta qMeta = layoutLike(p.meta, p.dtype(), MemoryFormat::Preserve);
        auto q = allocLike(s, qMeta);
        fillInOrder<T>(p.meta, *q, [&] { return static_cast<T>(exponentialSample(g, 1.0)); });
        const T* qp = q->data<T>();
        const int64_t qRow = q->dim() == 2 ? q->strides()[0] : 0, qCol = q->strides()[q->dim() - 1];
        std::vector<std::pair<T, int64_t>> keyed(static_cast<size_t>(cats));
        for (int64_t r = 0; r < rows; ++r) {
          for (int64_t c = 0; c < cats; ++c)
            keyed[static_cast<size_t>(c)] = {static_cast<T>(at(r, c) / qp[r * qRow + c * qCol]), c};
          std::stable_sort(keyed.begin(), keyed.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
          for (int64_t j = 0; j < n; ++j) res[r * n + j] = keyed[static_cast<size_t>(j)].second;
        }
        return;
      }
      std::vector<T> cum(static_cast<size_t>(cats));
      for (int64_t r = 0; r < rows; ++r) {
        T sum = 0;
        for (int64_t c = 0; c < cats; ++c) {
          T v = at(r, c);
          if (!(v >= 0)) throw Error(ErrorKind::Runtime, "invalid multinomial distribution (encountering probability entry < 0)");
          if (!std::isfinite(v))
            throw Error(ErrorKind::Runtime, "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
          sum += v;
          cum[static_cast<size_t>(c)] = sum;
        }
        if (!(sum > 0)) throw Error(ErrorKind::Runtime, "invalid multinomial distribution (sum of probabilities <= 0)");
        for (auto& c : cum) c /= sum;
        for (int64_t j = 0; j < n; ++j) {
          double u = g.uniformDouble();
          cum[static_cast<size_t>(cats - 1)] = 1;
          int64_t left = 0, right = cats;
          while (right - left > 0) {
            int64_t mid = left + (right - left) / 2;
            if (cum[static_cast<size_t>(mid)] < u) left = mid + 1;
            else right = mid;
          }
          res[r * n + j] = left;
        }
      }
    }
  });
  return Value(out);
}

}  // namespace tdsl::kernels
