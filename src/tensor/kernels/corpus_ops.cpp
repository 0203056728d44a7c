// Eager kernels of the corpus ops (see op_corpus.h).
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "tensor/einsum_equation.h"
#include "tensor/kernels/lanes.h"
#include "tensor/matmul_blocks.h"
#include "tensor/op_corpus.h"
#include "tensor/scalar_ops.h"

namespace tdsl::kernels {

namespace {

using scalar_ops::isNan;

// Sums and products of integral elements wrap, as PyTorch's do.
template <class T>
T wrappingMulAdd(T acc, T x, T y) {
  if constexpr (std::is_same<T, bool>::value) return acc || (x && y);
  else if constexpr (std::is_integral<T>::value) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(acc) + static_cast<U>(x) * static_cast<U>(y));
  } else return static_cast<T>(acc + x * y);
}

// out = beta * out + alpha * (A[m,k] @ B[k,n]), A, B, out contiguous; out
// is not read when beta is 0 (PyTorch's addmm ignores self then, NaN included).
template <class T>
void gemmInto(const TensorState& s, const T* A, const T* B, T* C, int64_t m, int64_t k, int64_t n, T alpha, T beta) {
  if (m == 0 || n == 0) return;
  useBlasThreads(s);
  forEachMatmulBlock(m, k, n, s.interrupt, [&](const MatmulBlock& b) {
    const T* a = A + b.row0 * k;
    T* c = C + b.row0 * n;
    const int rows = static_cast<int>(b.rows), lda = static_cast<int>(std::max<int64_t>(k, 1));
    if constexpr (std::is_same<T, float>::value) {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, static_cast<int>(n), static_cast<int>(k), alpha, a,
                  lda, B, static_cast<int>(n), beta, c, static_cast<int>(n));
    } else if constexpr (std::is_same<T, double>::value) {
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, static_cast<int>(n), static_cast<int>(k), alpha, a,
                  lda, B, static_cast<int>(n), beta, c, static_cast<int>(n));
    } else {
      for (int64_t i = 0; i < b.rows; ++i) {
        if (i > 0) pollInterrupt(s);
        for (int64_t j = 0; j < n; ++j) {
          T acc = 0;
          for (int64_t p = 0; p < k; ++p) acc = wrappingMulAdd(acc, a[i * k + p], B[p * n + j]);
          T scaled = wrappingMulAdd(T(0), alpha, acc);
          c[i * n + j] = beta == T(0) ? scaled : wrappingMulAdd(scaled, beta, c[i * n + j]);
        }
      }
    }
  });
}

// The result of addmm/addmv before the product: self broadcast into it, or zeros when beta is 0.
Ref<TensorObject> startFromSelf(TensorState& s, const BoundArgs& a, const TensorMeta& out) {
  const bool betaZero = a[3].isFloat() ? a[3].asFloat() == 0 : a[3].isBool() ? !a[3].asBool() : a[3].asInt() == 0;
  auto result = allocLike(s, out, /*zero=*/betaZero);
  if (!betaZero) copyInto(*result, tensorArg(a, 0));
  return result;
}

// PyTorch 1.13's quick_select_template (aten/src/ATen/native/SortingUtils.h)
// over (value, index) pairs, NaN greater than every number: which index
// kthvalue names among equal values depends on these exact swaps.
template <class T>
void quickSelect(std::vector<std::pair<T, int64_t>>& arr, int64_t k) {
  auto gtOrNan = [](T x, T y) { return (isNan(x) && !isNan(y)) || x > y; };
  auto swapAt = [&arr](int64_t i, int64_t j) { std::swap(arr[static_cast<size_t>(i)], arr[static_cast<size_t>(j)]); };
  auto v = [&arr](int64_t i) { return arr[static_cast<size_t>(i)].first; };
  int64_t L = 0, R = static_cast<int64_t>(arr.size()) - 1;
  while (true) {
    if (R <= L) return;
    if (R == L + 1) {
      if (gtOrNan(v(L), v(R))) swapAt(L, R);
      return;
    }
    const int64_t P = L + (R - L) / 2;
    swapAt(P, L + 1);
    if (gtOrNan(v(L + 1), v(R))) swapAt(L + 1, R);
    if (gtOrNan(v(L), v(R))) swapAt(L, R);
    if (gtOrNan(v(L + 1), v(L))) swapAt(L + 1, L);
    int64_t i = L + 1, j = R;
    const T piv = v(L);
    while (true) {
      do ++i; while (gtOrNan(piv, v(i)));
      do --j; while (gtOrNan(v(j), piv));
      if (j < i) break;
      swapAt(i, j);
    }
    swapAt(L, j);
    if (j <= k) L = i;
    if (j >= k) R = j - 1;
  }
}

// kthvalue/mode: picks one element of each lane along `dim`.
template <class Pick>
OpResults selectAlongDim(TensorState& s, const BoundArgs& a, Pick pick) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const int dim = static_cast<int>(wrapDim(intArg(a, argIndex(a, "dim")), self.dim()));
  Lanes in = lanesOf(s, self, dim, self.dtype());
  auto val = allocLike(s, r.out[0]);
  auto idx = allocLike(s, r.out[1]);
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* src = in.rows->template data<T>();
    for (int64_t j = 0; j < in.count; ++j) {
      const T* lane = src + j * in.length;
      const int64_t chosen = pick(lane, static_cast<size_t>(in.length));
      val->template data<T>()[j] = lane[chosen];
      idx->template data<int64_t>()[j] = chosen;
    }
  });
  return OpResults(Value(val), Value(idx));
}

}  // namespace

// PyTorch 1.13's logspace: the first half steps up from start, the second
// down from end, each base ** exponent computed in double (float base for
// integral results) and converted.
OpResults logspace(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  const int64_t steps = intArg(a, 2);
  const double base = floatArg(a, 3);
  withDType(out->dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* p = out->template data<T>();
    if (steps == 1) {
      p[0] = static_cast<T>(std::pow(base, floatArg(a, 0)));
      return;
    }
    const T start = scalarAs<T>(a[0]), end = scalarAs<T>(a[1]);
    const double step = static_cast<double>(end - start) / static_cast<double>(steps - 1);
    const int64_t halfway = steps / 2;
    for (int64_t i = 0; i < steps; ++i) {
      const double exponent = i < halfway ? static_cast<double>(start) + step * static_cast<double>(i)
                                          : static_cast<double>(end) - step * static_cast<double>(steps - i - 1);
      if constexpr (std::is_floating_point<T>::value) p[i] = static_cast<T>(std::pow(base, exponent));
      else p[i] = static_cast<T>(std::pow(static_cast<float>(base), exponent));
    }
  });
  return Value(out);
}

OpResults addmm(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const DType d = r.out[0].dtype;
  const TensorObject& m1 = tensorArg(a, 1);
  const TensorObject& m2 = tensorArg(a, 2);
  auto out = startFromSelf(s, a, r.out[0]);
  Ref<TensorObject> x = contiguousAs(s, m1, d), y = contiguousAs(s, m2, d);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    gemmInto<T>(s, x->template data<T>(), y->template data<T>(), out->template data<T>(), m1.sizes()[0], m1.sizes()[1],
                m2.sizes()[1], scalarAs<T>(a[4]), scalarAs<T>(a[3]));
  });
  return Value(out);
}

// addmv is addmm with vec as a one-column matrix.
OpResults addmv(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const DType d = r.out[0].dtype;
  const TensorObject& mat = tensorArg(a, 1);
  auto out = startFromSelf(s, a, r.out[0]);
  Ref<TensorObject> x = contiguousAs(s, mat, d), v = contiguousAs(s, tensorArg(a, 2), d);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    gemmInto<T>(s, x->template data<T>(), v->template data<T>(), out->template data<T>(), mat.sizes()[0],
                mat.sizes()[1], 1, scalarAs<T>(a[4]), scalarAs<T>(a[3]));
  });
  return Value(out);
}

OpResults cross(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const Dims& shape = r.out[0].sizes;
  const int dim = static_cast<int>(meta::crossDim(a));
  const DType d = r.out[0].dtype;
  auto x = allocTensor(s, d, shape), y = allocTensor(s, d, shape);
  copyInto(*x, tensorArg(a, 0));
  copyInto(*y, tensorArg(a, 1));
  auto out = allocLike(s, r.out[0]);
  int64_t inner = 1;
  for (int i = dim + 1; i < shape.size(); ++i) inner *= shape[i];
  const int64_t outer = out->numel() == 0 ? 0 : out->numel() / (3 * inner);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    const T* xp = x->template data<T>();
    const T* yp = y->template data<T>();
    T* o = out->template data<T>();
    auto minus = [](T p, T q) -> T {
      if constexpr (std::is_same<T, bool>::value) return p != q;
      else if constexpr (std::is_integral<T>::value)
        return static_cast<T>(static_cast<std::make_unsigned_t<T>>(p) - static_cast<std::make_unsigned_t<T>>(q));
      else return p - q;
    };
    for (int64_t b = 0; b < outer; ++b)
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t at = b * 3 * inner + i;
        auto X = [&](int c) { return xp[at + c * inner]; };
        auto Y = [&](int c) { return yp[at + c * inner]; };
        o[at] = minus(wrappingMulAdd(T(0), X(1), Y(2)), wrappingMulAdd(T(0), X(2), Y(1)));
        o[at + inner] = minus(wrappingMulAdd(T(0), X(2), Y(0)), wrappingMulAdd(T(0), X(0), Y(2)));
        o[at + 2 * inner] = minus(wrappingMulAdd(T(0), X(0), Y(1)), wrappingMulAdd(T(0), X(1), Y(0)));
      }
  });
  return Value(out);
}

// The k-th smallest, NaN largest, found by PyTorch's quickselect.
OpResults kthvalue(TensorState& s, const BoundArgs& a) {
  const int64_t k = intArg(a, 1);
  return selectAlongDim(s, a, [k](const auto* lane, size_t n) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(lane)>>;
    std::vector<std::pair<T, int64_t>> arr(n);
    for (size_t i = 0; i < n; ++i) arr[i] = {lane[i], static_cast<int64_t>(i)};
    quickSelect(arr, k - 1);
    return arr[static_cast<size_t>(k - 1)].second;
  });
}

// PyTorch 1.13's mode: its std::sort of (value, index) pairs by value (not
// stable: the same libstdc++ algorithm on the same sequence gives the same
// order), then the most frequent value, the smallest of those tied, and the
// index that ends its run.
OpResults mode(TensorState& s, const BoundArgs& a) {
  return selectAlongDim(s, a, [](const auto* lane, size_t n) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(lane)>>;
    std::vector<std::pair<T, int64_t>> elements(n);
    for (size_t i = 0; i < n; ++i) elements[i] = {lane[i], static_cast<int64_t>(i)};
    std::sort(elements.begin(), elements.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    int64_t best = 0, bestCount = 0, run = 0;
    for (size_t i = 0; i < elements.size(); ++i) {
      ++run;
      if (i + 1 == elements.size() || elements[i].first != elements[i + 1].first) {
        if (run > bestCount) best = elements[i].second, bestCount = run;
        run = 0;
      }
    }
    return best;
  });
}

// A direct loop over every label's range (Note [Einsum labels]): for each
// output element, the sum over the contracted labels of the operands' product.
OpResults einsum(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const DType d = r.out[0].dtype;
  const std::vector<Value>& operands = tensorListArg(a, 1);
  std::vector<Dims> shapes;
  std::vector<Ref<TensorObject>> data;
  for (const Value& v : operands) {
    shapes.push_back(asTensor(v)->sizes());
    data.push_back(contiguousAs(s, *asTensor(v), d));
  }
  EinsumPlan plan = planEinsum(a.strAt(0), shapes);
  std::vector<int> loop = plan.output;  // output labels, then the contracted ones
  for (int label = 0; label < kEinsumLabels; ++label)
    if (plan.used[static_cast<size_t>(label)] && std::find(loop.begin(), loop.end(), label) == loop.end())
      loop.push_back(label);
  const size_t nOut = plan.output.size(), nOps = operands.size();
  // stride[op][pos]: how far operand op moves when loop label pos steps by one.
  std::vector<std::vector<int64_t>> stride(nOps, std::vector<int64_t>(loop.size(), 0));
  for (size_t op = 0; op < nOps; ++op) {
    const Dims& shape = shapes[op];
    int64_t step = 1;
    for (int dd = shape.size() - 1; dd >= 0; --dd) {
      const int label = plan.operands[op][static_cast<size_t>(dd)];
      const size_t pos = static_cast<size_t>(std::find(loop.begin(), loop.end(), label) - loop.begin());
      if (shape[dd] != 1) stride[op][pos] += step;  // a size-1 dim broadcasts
      step *= shape[dd];
    }
  }
  std::vector<int64_t> extent;
  for (int label : loop) extent.push_back(plan.sizes[static_cast<size_t>(label)]);
  int64_t outCount = 1, sumCount = 1;
  for (size_t pos = 0; pos < loop.size(); ++pos) (pos < nOut ? outCount : sumCount) *= extent[pos];
  auto out = allocLike(s, r.out[0]);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    std::vector<const T*> base(nOps);
    std::vector<int64_t> offset(nOps);
    T* o = out->template data<T>();
    int64_t work = 0;
    for (int64_t oi = 0; oi < outCount; ++oi) {
      T acc = 0;
      for (int64_t si = 0; si < sumCount; ++si) {
        if (++work % kInterruptGrain == 0) pollInterrupt(s);
        std::fill(offset.begin(), offset.end(), 0);
        int64_t rest = oi;
        for (size_t pos = nOut; pos-- > 0;) {
          const int64_t i = rest % extent[pos];
          rest /= extent[pos];
          for (size_t op = 0; op < nOps; ++op) offset[op] += i * stride[op][pos];
        }
        rest = si;
        for (size_t pos = loop.size(); pos-- > nOut;) {
          const int64_t i = rest % extent[pos];
          rest /= extent[pos];
          for (size_t op = 0; op < nOps; ++op) offset[op] += i * stride[op][pos];
        }
        T product = data[0]->template data<T>()[offset[0]];
        for (size_t op = 1; op < nOps; ++op) product = wrappingMulAdd(T(0), product, data[op]->template data<T>()[offset[op]]);
        acc = wrappingMulAdd(acc, product, T(1));
      }
      o[oi] = acc;
    }
  });
  return Value(out);
}

}  // namespace tdsl::kernels
