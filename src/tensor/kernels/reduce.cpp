// Eager kernels for reductions (Note [Reduction order] in reduce.h) and
// linear algebra (OpenBLAS for float32/float64, plain loops for integers).
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "tensor/checked_math.h"
#include "tensor/kernel_util.h"
#include "tensor/matmul_blocks.h"
#include "tensor/op_kernels.h"
#include "tensor/reduce.h"
#include "tensor/reduce_blocks_avx.h"
#include "tensor/scalar_ops.h"
#include "tensor/tensor_iter.h"

namespace tdsl {

// Note [Shared reduction code]: compiled once, here.
template <class T>
T reduceBlockContiguous(const T* p, int64_t count) {
  T lane[kReduceLanes] = {};
  int64_t i = 0;
  for (; i + kReduceLanes <= count; i += kReduceLanes)
    for (int j = 0; j < kReduceLanes; ++j) lane[j] += p[i + j];
  for (int j = 0; i < count; ++i, ++j) lane[j] += p[i];
  return ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
}

template <class T>
T prodContiguous(T acc, const T* p, int64_t count) {
  for (int64_t i = 0; i < count; ++i) acc = static_cast<T>(acc * p[i]);
  return acc;
}

namespace {

#if defined(__x86_64__)
bool cpuHasAvx() {
  static const bool has = __builtin_cpu_supports("avx");
  return has;
}
#endif

// Whether the stack holds a multiple of 2^level blocks (every entry's level
// is at least `level`: the entries are the binary digits of the count).
template <class T>
bool alignedTo(const CascadeStack<T>& stack, int level) {
  for (int i = 0; i < stack.size(); ++i)
    if (stack.level(i) < level) return false;
  return true;
}

// The pairwise tree of 2^level values, lower + upper at every node: the
// entry of level `level` that pushing them one by one onto an aligned stack
// ends with (Note [Reduction order], step 2). Reordered operands can only
// change which NaN survives, so the caller keeps the tree only when it is
// not NaN (Note [Vector block sums]).
template <class T>
T pairwiseTree(const T* values, int level) {
  T t[64];
  const int n = 1 << level;
  for (int i = 0; i < n; ++i) t[i] = values[i];
  for (int w = 1; w < n; w *= 2)
    for (int i = 0; i < n; i += 2 * w) t[i] = t[i] + t[i + w];
  return t[0];
}

}  // namespace

template <class T>
void pushBlocksContiguous(const T* p, int64_t n, CascadeStack<T>& stack) {
  int64_t b = 0;
#if defined(__x86_64__)
  if (cpuHasAvx()) {
    constexpr int kRunLevel = 6;
    constexpr int64_t kRun = int64_t(1) << kRunLevel;  // blocks per call
    T values[kRun];
    while (n - b >= kReduceBlock) {
      const int64_t blocks = std::min<int64_t>((n - b) / kReduceBlock, kRun);
      sumFullBlocksAvx(p + b, blocks, values);
      if (blocks == kRun && alignedTo(stack, kRunLevel)) {
        const T run = pairwiseTree(values, kRunLevel);
        if (run == run) {
          stack.push(run, kRunLevel);
          b += kRun * kReduceBlock;
          continue;
        }
      }
      for (int64_t k = 0; k < blocks; ++k, b += kReduceBlock) {
        const T v = values[k];
        stack.push(v == v ? v : reduceBlockContiguous<T>(p + b, kReduceBlock));  // Note [Vector block sums]
      }
    }
  }
#endif
  for (; b < n; b += kReduceBlock)
    stack.push(reduceBlockContiguous<T>(p + b, n - b < kReduceBlock ? n - b : kReduceBlock));
}

template <class T>
void CascadeStack<T>::push(T value, int level) {
  stack_[top_] = value;
  levels_[top_] = level;
  ++top_;
  while (top_ >= 2 && levels_[top_ - 1] == levels_[top_ - 2]) {
    stack_[top_ - 2] = stack_[top_ - 2] + stack_[top_ - 1];
    levels_[top_ - 2] += 1;
    --top_;
  }
}

template <class T>
T CascadeStack<T>::finish() const {
  if (top_ == 0) return T(0);
  T acc = stack_[top_ - 1];
  for (int i = top_ - 2; i >= 0; --i) acc = stack_[i] + acc;
  return acc;
}

template float reduceBlockContiguous<float>(const float*, int64_t);
template double reduceBlockContiguous<double>(const double*, int64_t);
template float prodContiguous<float>(float, const float*, int64_t);
template double prodContiguous<double>(double, const double*, int64_t);
template class CascadeStack<float>;
template class CascadeStack<double>;
template void pushBlocksContiguous<float>(const float*, int64_t, CascadeStack<float>&);
template void pushBlocksContiguous<double>(const double*, int64_t, CascadeStack<double>&);

}  // namespace tdsl

namespace tdsl::kernels {

namespace {

// The reduced elements of output j: base pointer and a coalesced stride list.
struct ReduceLayout {
  Dims keptSizes, keptStrides;  // elements
  Dims redSizes, redStrides;    // elements, coalesced
  int64_t outCount = 1;
  int64_t redCount = 1;
};

ReduceLayout reduceLayout(const TensorObject& in, const ReduceSpec& spec) {
  ReduceLayout L;
  for (int d = 0; d < in.dim(); ++d) {
    if (spec.reduced[d]) {
      L.redSizes.push_back(in.sizes()[d]);
      L.redStrides.push_back(in.strides()[d]);
      L.redCount = checkedMul(L.redCount, in.sizes()[d], "numel");
    } else {
      L.keptSizes.push_back(in.sizes()[d]);
      L.keptStrides.push_back(in.strides()[d]);
      L.outCount = checkedMul(L.outCount, in.sizes()[d], "numel");
    }
  }
  // Coalesce reduced dims (outer, inner) when inner spans outer exactly.
  Dims s, st;
  for (int d = 0; d < L.redSizes.size(); ++d) {
    if (L.redSizes[d] == 1) continue;
    int64_t span;  // may exceed int64 for a huge stride: then the dims cannot merge
    if (!s.empty() && !__builtin_mul_overflow(L.redStrides[d], L.redSizes[d], &span) && st.back() == span) {
      s[s.size() - 1] = checkedMul(s[s.size() - 1], L.redSizes[d], "numel");
      st[st.size() - 1] = L.redStrides[d];
    } else {
      s.push_back(L.redSizes[d]);
      st.push_back(L.redStrides[d]);
    }
  }
  L.redSizes = s;
  L.redStrides = st;
  return L;
}

int64_t offsetIn(const Dims& sizes, const Dims& strides, int64_t flat) {
  int64_t off = 0;
  for (int d = sizes.size() - 1; d >= 0; --d) {
    off += (flat % sizes[d]) * strides[d];
    flat /= sizes[d];
  }
  return off;
}

// Calls body(j, get, n) for each output j, where get(i) reads reduced element i.
// Polls the interrupt flag between outputs once kInterruptGrain elements have
// been reduced since the last poll (bodies poll inside long reductions).
template <class T, class Body>
void forEachReduction(const TensorState& state, const TensorObject& in, const ReduceSpec& spec, Body&& body) {
  ReduceLayout L = reduceLayout(in, spec);
  const T* base = in.data<T>();
  int64_t sincePoll = 0;
  for (int64_t j = 0; j < L.outCount; ++j) {
    if ((sincePoll += L.redCount) >= kInterruptGrain) {
      sincePoll = 0;
      pollInterrupt(state);
    }
    const T* p = base + offsetIn(L.keptSizes, L.keptStrides, j);
    if (L.redSizes.size() == 0) {
      body(j, [p](int64_t) { return p[0]; }, L.redCount);
    } else if (L.redSizes.size() == 1) {
      int64_t st = L.redStrides[0];
      if (st == 1) body(j, [p](int64_t i) { return p[i]; }, L.redCount);
      else body(j, [p, st](int64_t i) { return p[i * st]; }, L.redCount);
    } else {
      const Dims& sz = L.redSizes;
      const Dims& st = L.redStrides;
      body(j, [p, &sz, &st](int64_t i) { return p[offsetIn(sz, st, i)]; }, L.redCount);
    }
  }
}

enum class Red { Sum, Mean, Prod };

// Integer sums wrap around like PyTorch's; unsigned arithmetic keeps that defined.
template <class T> struct WrappingAccumulator { using type = typename std::make_unsigned<T>::type; };
template <> struct WrappingAccumulator<bool> { using type = uint64_t; };

Value sumLike(TensorState& state, const BoundArgs& a, Red kind) {
  MetaResult r = runMeta(a);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  const TensorMeta& om = r.out[0];
  Ref<TensorObject> in = contiguousOrSame(state, tensorArg(a, 0), om.dtype);
  auto out = allocTensor(state, om.dtype, om.sizes);
  withDType(om.dtype, [&](auto tag) {
    using T = decltype(tag);
    T* o = out->data<T>();
    if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
      // Every element, contiguous: Note [Shared reduction code].
      if (om.numel() == 1 && in->meta.isContiguous()) {
        const T* p = in->data<T>();
        const int64_t n = in->numel();
        if (kind == Red::Prod) {
          T acc = T(1);
          forChunks(state.interrupt, n, [&](int64_t b, int64_t e) { acc = prodContiguous(acc, p + b, e - b); });
          o[0] = acc;
        } else {
          T s = cascadeSumContiguous<T>(p, n, state.interrupt);
          o[0] = kind == Red::Mean ? static_cast<T>(s / static_cast<T>(n)) : s;
        }
        return;
      }
      // Each output's elements contiguous (a sum over the last dims): the
      // blocks are read in place, as cascadeSum's gathered blocks would be.
      const ReduceLayout L = reduceLayout(*in, spec);
      if (kind != Red::Prod && L.redSizes.size() == 1 && L.redStrides[0] == 1) {
        const T* base = in->data<T>();
        for (int64_t j = 0; j < L.outCount; ++j) {
          if (j != 0) pollInterrupt(state);
          const T* row = base + offsetIn(L.keptSizes, L.keptStrides, j);
          const T s = cascadeSumContiguous<T>(row, L.redCount, state.interrupt);
          o[j] = kind == Red::Mean ? static_cast<T>(s / static_cast<T>(L.redCount)) : s;
        }
        return;
      }
    }
    forEachReduction<T>(state, *in, spec, [&](int64_t j, auto get, int64_t n) {
      if (kind == Red::Prod) {
        if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
          o[j] = prodInOrder<T>(T(1), n, get, state.interrupt);
        } else if constexpr (std::is_floating_point<T>::value || std::is_same<T, bool>::value) {
          T acc = T(1);
          forChunks(state.interrupt, n, [&](int64_t b, int64_t e) {
            for (int64_t i = b; i < e; ++i) acc = static_cast<T>(acc * get(i));
          });
          o[j] = acc;
        } else {
          using U = typename std::make_unsigned<T>::type;  // wraps like PyTorch, without UB
          U acc = 1;
          forChunks(state.interrupt, n, [&](int64_t b, int64_t e) {
            for (int64_t i = b; i < e; ++i) acc = static_cast<U>(acc * static_cast<U>(get(i)));
          });
          o[j] = static_cast<T>(acc);
        }
      } else if constexpr (std::is_floating_point<T>::value) {
        T s = cascadeSum<T>(n, get, state.interrupt);
        o[j] = kind == Red::Mean ? static_cast<T>(s / static_cast<T>(n)) : s;
      } else {
        using Acc = typename WrappingAccumulator<T>::type;
        Acc s = 0;
        forChunks(state.interrupt, n, [&](int64_t b, int64_t e) {
          for (int64_t i = b; i < e; ++i) s = static_cast<Acc>(s + static_cast<Acc>(get(i)));
        });
        o[j] = static_cast<T>(s);
      }
    });
  });
  return Value(out);
}

using scalar_ops::isNan;

// Index of the extreme element: first max/min; a NaN wins (first NaN).
template <bool isMax, class T, class Get>
int64_t extremeIndex(const TensorState& state, Get&& get, int64_t n) {
  int64_t best = 0;
  T bv = get(0);
  if (isNan(bv)) return 0;
  for (int64_t b = 1; b < n; b += kInterruptGrain) {
    if (b != 1) pollInterrupt(state);
    int64_t e = n - b > kInterruptGrain ? b + kInterruptGrain : n;
    for (int64_t i = b; i < e; ++i) {
      T v = get(i);
      if (isNan(v)) return i;
      if (isMax ? v > bv : v < bv) { bv = v; best = i; }
    }
  }
  return best;
}

template <bool isMax>
OpResults minmaxKernel(TensorState& state, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  const TensorObject& in = tensorArg(a, 0);
  auto values = allocTensor(state, r.out[0].dtype, r.out[0].sizes);
  Ref<TensorObject> indices;
  if (r.count == 2) indices = allocTensor(state, DType::Int64, r.out[1].sizes);
  withDType(in.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* vo = values->data<T>();
    int64_t* io = indices ? indices->data<int64_t>() : nullptr;
    forEachReduction<T>(state, in, spec, [&](int64_t j, auto get, int64_t n) {
      int64_t k = extremeIndex<isMax, T>(state, get, n);
      vo[j] = get(k);
      if (io) io[j] = k;
    });
  });
  if (indices) return OpResults(Value(values), Value(indices));
  return Value(values);
}

template <bool isMax>
Value argKernel(TensorState& state, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  // argmax without dim reduces the flattened tensor (row-major order).
  Ref<TensorObject> in(const_cast<TensorObject*>(&self));
  if (spec.all) in = contiguousAs(state, self, self.dtype());
  auto out = allocTensor(state, DType::Int64, r.out[0].sizes);
  int64_t* o = out->data<int64_t>();
  withDType(in->dtype(), [&](auto tag) {
    using T = decltype(tag);
    forEachReduction<T>(state, *in, spec, [&](int64_t j, auto get, int64_t n) { o[j] = extremeIndex<isMax, T>(state, get, n); });
  });
  return Value(out);
}

template <bool isAll>
Value allAnyKernel(TensorState& state, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  const TensorObject& in = tensorArg(a, 0);
  auto out = allocTensor(state, DType::Bool, r.out[0].sizes);
  bool* o = out->data<bool>();
  withDType(in.dtype(), [&](auto tag) {
    using T = decltype(tag);
    forEachReduction<T>(state, in, spec, [&](int64_t j, auto get, int64_t n) {
      bool acc = isAll;
      for (int64_t b = 0; b < n && acc == isAll; b += kInterruptGrain) {
        if (b != 0) pollInterrupt(state);
        int64_t e = n - b > kInterruptGrain ? b + kInterruptGrain : n;
        for (int64_t i = b; i < e; ++i) {
          bool v = get(i) != T(0);
          if (isAll ? !v : v) { acc = !isAll; break; }
        }
      }
      o[j] = acc;
    });
  });
  return Value(out);
}

}  // namespace

OpResults sum(TensorState& s, const BoundArgs& a) { return sumLike(s, a, Red::Sum); }
OpResults mean(TensorState& s, const BoundArgs& a) { return sumLike(s, a, Red::Mean); }
OpResults prod(TensorState& s, const BoundArgs& a) { return sumLike(s, a, Red::Prod); }
OpResults max(TensorState& s, const BoundArgs& a) { return minmaxKernel<true>(s, a); }
OpResults min(TensorState& s, const BoundArgs& a) { return minmaxKernel<false>(s, a); }
OpResults argmax(TensorState& s, const BoundArgs& a) { return argKernel<true>(s, a); }
OpResults argmin(TensorState& s, const BoundArgs& a) { return argKernel<false>(s, a); }
OpResults all(TensorState& s, const BoundArgs& a) { return allAnyKernel<true>(s, a); }
OpResults any(TensorState& s, const BoundArgs& a) { return allAnyKernel<false>(s, a); }

// ---------------------------------------------------------------------------
// Linear algebra.

namespace {

// C[m,n] = A[m,k] @ B[k,n]; A, B contiguous row-major, C contiguous. Runs in
// interruptible blocks of rows of C (Note [Blocked matmul]).
template <class T>
void gemm(const TensorState& state, const T* A, const T* B, T* C, int64_t m, int64_t k, int64_t n) {
  if (m == 0 || n == 0) return;
  if (k == 0) {
    for (int64_t i = 0; i < m * n; ++i) C[i] = T(0);
    return;
  }
  const int lda = static_cast<int>(k), ldb = static_cast<int>(n), ldc = static_cast<int>(n);
  useBlasThreads(state);
  forEachMatmulBlock(m, k, n, state.interrupt, [&](const MatmulBlock& b) {
    const T* a = A + b.row0 * k;
    T* c = C + b.row0 * n;
    const int rows = static_cast<int>(b.rows);
    if constexpr (std::is_same<T, float>::value) {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, static_cast<int>(n), static_cast<int>(k), 1.0f, a,
                  lda, B, ldb, 0.0f, c, ldc);
    } else if constexpr (std::is_same<T, double>::value) {
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, rows, static_cast<int>(n), static_cast<int>(k), 1.0, a,
                  lda, B, ldb, 0.0, c, ldc);
    } else {
      for (int64_t i = 0; i < b.rows; ++i) {
        if (i > 0) pollInterrupt(state);  // rows of a small block can still be long
        for (int64_t j = 0; j < n; ++j) {
          T acc = 0;
          for (int64_t p = 0; p < k; ++p) acc = static_cast<T>(acc + a[i * k + p] * B[p * n + j]);
          c[i * n + j] = acc;
        }
      }
    }
  });
}

void checkBlasLimits(int64_t m, int64_t k, int64_t n) {
  const int64_t lim = 0x7fffffff;
  if (m > lim || k > lim || n > lim) throw Error(ErrorKind::Resource, "matrix dimension too large for BLAS");
}

void checkMatmulDType(DType d) {
  if (d == DType::Bool) throw Error(ErrorKind::Type, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
}

}  // namespace

OpResults mm(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  checkMatmulDType(x.dtype());
  int64_t m = x.sizes()[0], k = x.sizes()[1], n = y.sizes()[1];
  checkBlasLimits(m, k, n);
  Ref<TensorObject> xc = contiguousAs(s, x, x.dtype()), yc = contiguousAs(s, y, y.dtype());
  auto out = allocTensor(s, r.out[0].dtype, r.out[0].sizes);
  withDType(x.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same<T, bool>::value) gemm<T>(s, xc->data<T>(), yc->data<T>(), out->data<T>(), m, k, n);
  });
  return Value(out);
}

OpResults matmul(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  checkMatmulDType(x.dtype());
  MatmulShape shape = meta::matmulShape(x, y);
  checkBlasLimits(shape.m, shape.k, shape.n);
  // Expand both operands to [batch..., m, k] / [batch..., k, n] and make them contiguous.
  TensorMeta xm = x.meta, ym = y.meta;
  if (shape.xVector) { xm.sizes.insert(0, 1); xm.strides.insert(0, 0); }
  if (shape.yVector) { ym.sizes.push_back(1); ym.strides.push_back(0); }
  Dims xTarget = shape.batch, yTarget = shape.batch;
  xTarget.push_back(shape.m); xTarget.push_back(shape.k);
  yTarget.push_back(shape.k); yTarget.push_back(shape.n);
  // An operand that needs no broadcast and is already contiguous is read in
  // place: copying two 512 x 512 operands cost matmul 10 % against a bare
  // cblas_sgemm call (issue 12). The product is the same either way.
  auto operand = [&](const TensorObject& t, const TensorMeta& m, const Dims& target) {
    Ref<TensorObject> view = makeViewOf(t, m);
    if (view->sizes() == target && view->meta.isContiguous()) return view;
    Ref<TensorObject> copy = allocTensor(s, t.dtype(), target);
    copyInto(*copy, *view);
    return copy;
  };
  Ref<TensorObject> xs = operand(x, xm, xTarget), ys = operand(y, ym, yTarget);
  int64_t batches = 1;
  for (int64_t b : shape.batch) batches *= b;
  Dims outFull = shape.batch;
  outFull.push_back(shape.m); outFull.push_back(shape.n);
  auto out = allocTensor(s, x.dtype(), outFull);
  withDType(x.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same<T, bool>::value) {
      for (int64_t b = 0; b < batches; ++b)
        gemm<T>(s, xs->data<T>() + b * shape.m * shape.k, ys->data<T>() + b * shape.k * shape.n,
                out->data<T>() + b * shape.m * shape.n, shape.m, shape.k, shape.n);
    }
  });
  out->meta = contiguousMeta(x.dtype(), r.out[0].sizes);  // drop the unit dims of vector operands
  return Value(out);
}

OpResults dot(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  checkMatmulDType(x.dtype());
  int64_t n = x.sizes()[0];
  auto out = allocTensor(s, x.dtype(), Dims{});
  useBlasThreads(s);
  withDType(x.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* p = x.data<T>();
    const T* q = y.data<T>();
    int64_t sx = x.strides()[0], sy = y.strides()[0];
    T acc = 0;
    if constexpr (std::is_same<T, float>::value) {
      if (n > 0 && n <= 0x7fffffff && sx > 0 && sy > 0 && sx <= 0x7fffffff && sy <= 0x7fffffff)
        acc = cblas_sdot(static_cast<int>(n), p, static_cast<int>(sx), q, static_cast<int>(sy));
      else
        forChunks(s.interrupt, n, [&](int64_t b, int64_t e) {
          for (int64_t i = b; i < e; ++i) acc += p[i * sx] * q[i * sy];
        });
    } else if constexpr (std::is_same<T, double>::value) {
      if (n > 0 && n <= 0x7fffffff && sx > 0 && sy > 0 && sx <= 0x7fffffff && sy <= 0x7fffffff)
        acc = cblas_ddot(static_cast<int>(n), p, static_cast<int>(sx), q, static_cast<int>(sy));
      else
        forChunks(s.interrupt, n, [&](int64_t b, int64_t e) {
          for (int64_t i = b; i < e; ++i) acc += p[i * sx] * q[i * sy];
        });
    } else if constexpr (!std::is_same<T, bool>::value) {
      forChunks(s.interrupt, n, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) acc = static_cast<T>(acc + p[i * sx] * q[i * sy]);
      });
    }
    *out->data<T>() = acc;
  });
  return Value(out);
}

}  // namespace tdsl::kernels
