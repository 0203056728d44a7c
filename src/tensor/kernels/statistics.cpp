// Eager kernels for amax/amin, logsumexp, std/var, norm, count_nonzero,
// softmax/log_softmax, outer and trace. Reductions gather each output's
// elements into one contiguous block first (Note [Lanes]: the reduced dims
// moved last), then reduce the block; std, var and norm accumulate in
// double, as PyTorch's CPU kernels do for float.
#include <cmath>
#include <limits>
#include <type_traits>

#include "tensor/kernels/lanes.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/reduce.h"
#include "tensor/scalar_ops.h"

namespace tdsl::kernels {

namespace {

// The reduced elements of each output as contiguous blocks (kept dims first, in order).
Lanes reducedBlocks(TensorState& s, const TensorObject& t, const ReduceSpec& spec, DType dtype) {
  TensorMeta m = t.meta;
  m.sizes.clear();
  m.strides.clear();
  Lanes l;
  l.count = 1;
  l.length = 1;
  for (int pass = 0; pass < 2; ++pass)
    for (int d = 0; d < t.dim(); ++d) {
      if ((spec.reduced[d] != 0) != (pass == 1)) continue;
      m.sizes.push_back(t.sizes()[d]);
      m.strides.push_back(t.strides()[d]);
      (pass == 1 ? l.length : l.count) *= t.sizes()[d];
    }
  l.rows = contiguousAs(s, *makeViewOf(t, m), dtype);
  return l;
}

using scalar_ops::isNan;

// f(block, n) -> result for each output (in row-major output order).
template <class T, class R, class F>
Ref<TensorObject> reduceBlocks(TensorState& s, const BoundArgs& a, DType in, F f) {
  MetaResult r = runMeta(a);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  Lanes b = reducedBlocks(s, tensorArg(a, 0), spec, in);
  auto out = allocTensor(s, r.out[0].dtype, r.out[0].sizes);
  const T* p = b.rows->template data<T>();
  R* o = out->template data<R>();
  for (int64_t j = 0; j < b.count; ++j) {
    if (j % 256 == 0) pollInterrupt(s);
    o[j] = f(p + j * b.length, b.length);
  }
  return out;
}

template <bool isMax>
OpResults extreme(TensorState& s, const BoundArgs& a) {
  const TensorObject& self = tensorArg(a, 0);
  return withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    return Value(reduceBlocks<T, T>(s, a, self.dtype(), [](const T* v, int64_t n) {
      T best = v[0];
      for (int64_t i = 0; i < n; ++i) {
        if (isNan(v[i])) return v[i];
        if (isMax ? v[i] > best : v[i] < best) best = v[i];
      }
      return best;
    }));
  });
}

// Mean and the sum of squared deviations of v[0..n), in double.
void moments(const double* v, int64_t n, double& mean, double& m2) {
  double sum = 0;
  for (int64_t i = 0; i < n; ++i) sum += v[i];
  mean = sum / static_cast<double>(n);
  m2 = 0;
  for (int64_t i = 0; i < n; ++i) m2 += (v[i] - mean) * (v[i] - mean);
}

OpResults stdOrVar(TensorState& s, const BoundArgs& a, bool takeRoot) {
  int correctionArg = argIndex(a, "correction"), unbiasedArg = argIndex(a, "unbiased");
  double correction = 1;
  if (correctionArg >= 0 && !a.isNone(correctionArg)) correction = static_cast<double>(intArg(a, correctionArg));
  if (unbiasedArg >= 0) correction = boolArg(a, unbiasedArg) ? 1 : 0;
  const DType d = tensorArg(a, 0).dtype();
  return withDType(d, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_floating_point<T>::value) {
      return Value();  // the meta rule rejects these dtypes
    } else {
      return Value(reduceBlocks<double, T>(s, a, DType::Float64, [&](const double* v, int64_t n) {
        double mean, m2;
        moments(v, n, mean, m2);
        double var = m2 / std::max(static_cast<double>(n) - correction, 0.0);
        return static_cast<T>(takeRoot ? std::sqrt(var) : var);
      }));
    }
  });
}

}  // namespace

OpResults amax(TensorState& s, const BoundArgs& a) { return extreme<true>(s, a); }
OpResults amin(TensorState& s, const BoundArgs& a) { return extreme<false>(s, a); }
OpResults std(TensorState& s, const BoundArgs& a) { return stdOrVar(s, a, true); }
OpResults var(TensorState& s, const BoundArgs& a) { return stdOrVar(s, a, false); }

// logsumexp: log(sum(exp(x - m))) + m with m the block's max (0 when infinite), as PyTorch.
OpResults logsumexp(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const DType d = r.out[0].dtype;
  return withDType(d, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_floating_point<T>::value) {
      return Value();
    } else {
      return Value(reduceBlocks<T, T>(s, a, d, [&](const T* v, int64_t n) {
        T m = -std::numeric_limits<T>::infinity();
        for (int64_t i = 0; i < n; ++i) m = isNan(v[i]) || v[i] > m ? v[i] : m;
        if (std::isinf(m)) m = 0;
        T sum = cascadeSum<T>(n, [&](int64_t i) { return static_cast<T>(std::exp(v[i] - m)); });
        return static_cast<T>(std::log(sum) + m);
      }));
    }
  });
}

OpResults norm(TensorState& s, const BoundArgs& a) {
  const int pArg = argIndex(a, "p");
  const double p = a.isNone(pArg) ? 2.0 : floatArg(a, pArg);
  const DType d = tensorArg(a, 0).dtype();
  return withDType(d, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_floating_point<T>::value) {
      return Value();
    } else {
      return Value(reduceBlocks<double, T>(s, a, DType::Float64, [&](const double* v, int64_t n) {
        double acc = 0;
        if (std::isinf(p)) {
          acc = p > 0 ? 0 : std::numeric_limits<double>::infinity();
          for (int64_t i = 0; i < n; ++i) {
            double x = std::fabs(v[i]);
            if (std::isnan(x)) return static_cast<T>(x);
            acc = p > 0 ? std::max(acc, x) : std::min(acc, x);
          }
          return static_cast<T>(acc);
        }
        for (int64_t i = 0; i < n; ++i) {
          double x = std::fabs(v[i]);
          if (p == 0) acc += x != 0;
          else if (p == 1) acc += x;
          else if (p == 2) acc += x * x;
          else acc += std::pow(x, p);
        }
        if (p == 0 || p == 1) return static_cast<T>(acc);
        return static_cast<T>(p == 2 ? std::sqrt(acc) : std::pow(acc, 1.0 / p));
      }));
    }
  });
}

OpResults count_nonzero(TensorState& s, const BoundArgs& a) {
  const DType d = tensorArg(a, 0).dtype();
  return withDType(d, [&](auto tag) {
    using T = decltype(tag);
    return Value(reduceBlocks<T, int64_t>(s, a, d, [](const T* v, int64_t n) {
      int64_t c = 0;
      for (int64_t i = 0; i < n; ++i) c += v[i] != T(0);
      return c;
    }));
  });
}

namespace {
// softmax(x) = exp(x - max) * (1 / sum); log_softmax(x) = x - max - log(sum), along one dim.
OpResults softmaxKernel(TensorState& s, const BoundArgs& a, bool log) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const int dim = static_cast<int>(wrapDim(intArg(a, 1), self.dim()));
  const DType d = r.out[0].dtype;
  Lanes l = lanesOf(s, self, dim, d);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point<T>::value) {
      T* p = l.rows->template data<T>();
      for (int64_t j = 0; j < l.count; ++j) {
        if (j % 256 == 0) pollInterrupt(s);
        T* v = p + j * l.length;
        T m = -std::numeric_limits<T>::infinity();
        for (int64_t i = 0; i < l.length; ++i) m = isNan(v[i]) || v[i] > m ? v[i] : m;
        T sum = 0;
        if (log) {
          for (int64_t i = 0; i < l.length; ++i) sum += std::exp(v[i] - m);
          T shift = m + std::log(sum);
          for (int64_t i = 0; i < l.length; ++i) v[i] = v[i] - shift;
        } else {
          for (int64_t i = 0; i < l.length; ++i) sum += (v[i] = std::exp(v[i] - m));
          T inv = T(1) / sum;
          for (int64_t i = 0; i < l.length; ++i) v[i] *= inv;
        }
      }
    }
  });
  auto out = allocLike(s, r.out[0]);
  storeLanes(*out, dim, *l.rows);
  return Value(out);
}
}  // namespace

OpResults softmax(TensorState& s, const BoundArgs& a) { return softmaxKernel(s, a, false); }
OpResults log_softmax(TensorState& s, const BoundArgs& a) { return softmaxKernel(s, a, true); }

OpResults outer(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const DType d = r.out[0].dtype;
  Ref<TensorObject> x = contiguousAs(s, tensorArg(a, 0), d), y = contiguousAs(s, tensorArg(a, 1), d);
  auto out = allocLike(s, r.out[0]);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    const int64_t m = x->numel(), n = y->numel();
    const T* xp = x->template data<T>();
    const T* yp = y->template data<T>();
    T* o = out->template data<T>();
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        if constexpr (std::is_same<T, bool>::value) o[i * n + j] = xp[i] && yp[j];
        else if constexpr (std::is_integral<T>::value)
          o[i * n + j] = static_cast<T>(static_cast<std::make_unsigned_t<T>>(xp[i]) * static_cast<std::make_unsigned_t<T>>(yp[j]));
        else o[i * n + j] = xp[i] * yp[j];
      }
  });
  return Value(out);
}

OpResults trace(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const DType d = r.out[0].dtype;
  auto out = allocLike(s, r.out[0]);
  const int64_t n = std::min(self.sizes()[0], self.sizes()[1]);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    T acc = 0;  // an integral trace is int64 and wraps: summed as uint64
    uint64_t wrapped = 0;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t at = i * self.sizes()[1] + i;
      if constexpr (std::is_floating_point<T>::value) acc = static_cast<T>(acc + static_cast<T>(readAsDouble(self, at)));
      else wrapped += static_cast<uint64_t>(readAsInt(self, at));
    }
    if constexpr (!std::is_floating_point<T>::value) acc = static_cast<T>(wrapped);
    *out->template data<T>() = acc;
  });
  return Value(out);
}

}  // namespace tdsl::kernels
