// Eager kernels for sort, argsort, topk, median and nonzero.
//
// Note [Sort order]
// NaN sorts above every number. Equal elements come out in the order
// PyTorch 1.13's CPU kernels leave them, because the same libstdc++
// algorithms run on the same (value, index) sequences with the same
// comparisons: sort is std::sort (std::stable_sort with stable=True; both
// keep equal elements in order for lanes of up to 16), topk is
// std::partial_sort when k * 64 <= n, else std::nth_element followed by a
// std::sort of the first k - 1 when sorted=True; median picks the lower
// median in (value, index) order, as its nth_element comparator does.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <type_traits>
#include <vector>

#include "tensor/kernels/lanes.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta_extra.h"
#include "tensor/scalar_ops.h"

namespace tdsl::kernels {

namespace {

using scalar_ops::isNan;

// a before b in ascending (NaN last) or descending (NaN first) order.
template <class T>
bool before(T a, T b, bool descending) {
  if (descending) return (isNan(a) && !isNan(b)) || a > b;
  return (!isNan(a) && isNan(b)) || a < b;
}

// The order PyTorch 1.13's CPU kernels give one lane (Note [Sort order]).
template <class T>
void laneOrder(const T* v, int64_t n, bool descending, bool stable, std::vector<int64_t>& order) {
  std::vector<std::pair<T, int64_t>> keyed(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) keyed[static_cast<size_t>(i)] = {v[i], i};
  auto comp = [descending](const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b) {
    return before(a.first, b.first, descending);
  };
  if (stable) std::stable_sort(keyed.begin(), keyed.end(), comp);
  else std::sort(keyed.begin(), keyed.end(), comp);
  order.resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) order[static_cast<size_t>(i)] = keyed[static_cast<size_t>(i)].second;
}

// topk's selection: partial_sort when k * 64 <= n, else nth_element and a
// sort of the first k - 1 (when sorted), as PyTorch's topk_impl_loop.
template <class T>
void topkOrder(const T* v, int64_t n, int64_t k, bool largest, bool sorted, std::vector<int64_t>& order) {
  std::vector<std::pair<T, int64_t>> keyed(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) keyed[static_cast<size_t>(i)] = {v[i], i};
  auto comp = [largest](const std::pair<T, int64_t>& a, const std::pair<T, int64_t>& b) {
    return before(a.first, b.first, largest);
  };
  if (k > 0) {
    if (k * 64 <= n) {
      std::partial_sort(keyed.begin(), keyed.begin() + k, keyed.end(), comp);
    } else {
      std::nth_element(keyed.begin(), keyed.begin() + k - 1, keyed.end(), comp);
      if (sorted) std::sort(keyed.begin(), keyed.begin() + k - 1, comp);
    }
  }
  order.resize(static_cast<size_t>(k));
  for (int64_t i = 0; i < k; ++i) order[static_cast<size_t>(i)] = keyed[static_cast<size_t>(i)].second;
}

enum class Select { Sort, StableSort, TopK };

// Sorted (selected) values and indices of each lane, the first `keep` of each.
OpResults sortLanes(TensorState& s, const BoundArgs& a, int dimArg, bool descending, int64_t keep, bool values,
                    Select how, bool sorted = true) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const int dim = static_cast<int>(wrapDim(intArg(a, dimArg), self.dim()));
  Lanes in = lanesOf(s, self, dim, self.dtype());
  const int valuesOut = values ? 0 : -1, indicesOut = values ? 1 : 0;
  auto idx = allocLike(s, r.out[indicesOut]);
  Ref<TensorObject> val = values ? allocLike(s, r.out[valuesOut]) : Ref<TensorObject>();
  auto idxRows = laneRowsFor(s, *idx, dim);
  Ref<TensorObject> valRows = values ? laneRowsFor(s, *val, dim) : Ref<TensorObject>();
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    std::vector<int64_t> order;
    const T* src = in.rows->template data<T>();
    int64_t* io = idxRows->template data<int64_t>();
    T* vo = values ? valRows->template data<T>() : nullptr;
    for (int64_t j = 0; j < in.count; ++j) {
      if (j % 256 == 0) pollInterrupt(s);
      const T* lane = src + j * in.length;
      if (how == Select::TopK) topkOrder(lane, in.length, keep, descending, sorted, order);
      else laneOrder(lane, in.length, descending, how == Select::StableSort, order);
      for (int64_t i = 0; i < keep; ++i) {
        io[j * keep + i] = order[static_cast<size_t>(i)];
        if (vo) vo[j * keep + i] = lane[order[static_cast<size_t>(i)]];
      }
    }
  });
  storeLanes(*idx, dim, *idxRows);
  if (!values) return Value(idx);
  storeLanes(*val, dim, *valRows);
  return OpResults(Value(val), Value(idx));
}

int64_t laneLength(const TensorObject& t, const BoundArgs& a, int dimArg) {
  return t.dim() == 0 ? 1 : t.sizes()[static_cast<int>(wrapDim(intArg(a, dimArg), t.dim()))];
}

}  // namespace

namespace {
Select sortKind(const BoundArgs& a) {
  int stableArg = argIndex(a, "stable");
  return stableArg >= 0 && !a.isNone(stableArg) && boolArg(a, stableArg) ? Select::StableSort : Select::Sort;
}
}  // namespace

OpResults sort(TensorState& s, const BoundArgs& a) {
  int dimArg = argIndex(a, "dim");
  return sortLanes(s, a, dimArg, boolArg(a, argIndex(a, "descending")), laneLength(tensorArg(a, 0), a, dimArg), true,
                   sortKind(a));
}

OpResults argsort(TensorState& s, const BoundArgs& a) {
  int dimArg = argIndex(a, "dim");
  return sortLanes(s, a, dimArg, boolArg(a, argIndex(a, "descending")), laneLength(tensorArg(a, 0), a, dimArg), false,
                   sortKind(a));
}

OpResults topk(TensorState& s, const BoundArgs& a) {
  // topk(self, k, dim, largest, sorted)
  return sortLanes(s, a, 2, boolArg(a, 3), intArg(a, 1), true, Select::TopK, boolArg(a, 4));
}

OpResults median(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const bool all = a.count == 1;
  const int dim = all ? 0 : static_cast<int>(wrapDim(intArg(a, 1), self.dim()));
  Lanes in = all ? Lanes{contiguousAs(s, self, self.dtype()), 1, self.numel()} : lanesOf(s, self, dim, self.dtype());
  auto val = allocLike(s, r.out[0]);
  Ref<TensorObject> idx = all ? Ref<TensorObject>() : allocLike(s, r.out[1]);
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    std::vector<int64_t> order;
    const T* src = in.rows->template data<T>();
    for (int64_t j = 0; j < in.count; ++j) {
      const T* lane = src + j * in.length;
      int64_t pick = -1;
      for (int64_t i = 0; i < in.length && pick < 0; ++i)
        if (isNan(lane[i])) pick = i;  // a NaN is the median, as in PyTorch
      if (pick < 0 && in.length > 0) {
        laneOrder(lane, in.length, false, true, order);  // nth_element by (value, index) in PyTorch
        pick = order[static_cast<size_t>((in.length - 1) / 2)];
      }
      if (pick < 0) {  // median() of no elements
        if constexpr (std::is_floating_point<T>::value) val->template data<T>()[j] = std::nan("");
        else throw Error(ErrorKind::Index, "median(): Expected reduction dim to be specified for input.numel() == 0.");
        continue;
      }
      val->template data<T>()[j] = lane[pick];
      if (idx) idx->template data<int64_t>()[j] = pick;
    }
  });
  if (!idx) return Value(val);
  return OpResults(Value(val), Value(idx));
}

OpResults nonzero(TensorState& s, const BoundArgs& a) {
  const TensorObject& self = tensorArg(a, 0);
  std::vector<int64_t> coords;
  int64_t count = 0;
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    forEachIndex(self.sizes(), [&](const Dims& c, int64_t flat) {
      if (flat % kInterruptGrain == 0) pollInterrupt(s);
      int64_t off = 0;
      for (int d = 0; d < c.size(); ++d) off += c[d] * self.strides()[d];
      if (self.template data<T>()[off] == T(0)) return;
      ++count;
      for (int d = 0; d < c.size(); ++d) coords.push_back(c[d]);
    });
  });
  auto out = allocTensor(s, DType::Int64, Dims{count, self.dim()});
  std::copy(coords.begin(), coords.end(), out->data<int64_t>());
  return Value(out);
}

OpResults masked_select(TensorState& s, const BoundArgs& a) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& mask = tensorArg(a, 1);
  meta::maskedSelectChecks(a);
  const Dims shape = broadcastShapes(self.sizes(), mask.sizes());
  auto expanded = [&](const TensorObject& t) {  // t viewed with `shape` (stride 0 on broadcast dims)
    TensorMeta m = t.meta;
    m.sizes = shape;
    m.strides.clear();
    const int lead = shape.size() - t.dim();
    for (int d = 0; d < shape.size(); ++d)
      m.strides.push_back(d < lead || t.sizes()[d - lead] != shape[d] ? 0 : t.strides()[d - lead]);
    return makeViewOf(t, m);
  };
  Ref<TensorObject> values = contiguousAs(s, *expanded(self), self.dtype());
  Ref<TensorObject> keep = contiguousAs(s, *expanded(mask), DType::Bool);
  const bool* k = keep->data<bool>();
  int64_t n = keep->numel(), count = 0;
  for (int64_t i = 0; i < n; ++i) count += k[i];
  auto out = allocTensor(s, self.dtype(), Dims{count});
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* v = values->template data<T>();
    T* o = out->template data<T>();
    for (int64_t i = 0, j = 0; i < n; ++i)
      if (k[i]) o[j++] = v[i];
  });
  return Value(out);
}

}  // namespace tdsl::kernels
