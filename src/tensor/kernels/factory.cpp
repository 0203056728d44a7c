// Eager kernels for factories (the random ones are in random.cpp).
#include <cmath>

#include "tensor/index_util.h"
#include "tensor/kernel_util.h"
#include "tensor/op_kernels.h"
#include "tensor/scalar_convert.h"
#include "tensor/tensor_iter.h"

namespace tdsl::kernels {

namespace {

Ref<TensorObject> fresh(TensorState& s, const BoundArgs& a, bool zero) {
  MetaResult r = runMeta(a);
  return allocLike(s, r.out[0], zero);
}

template <class T, class F>
void generate(TensorObject& t, F f) {
  T* p = t.data<T>();
  int64_t n = t.numel();
  for (int64_t i = 0; i < n; ++i) p[i] = f(i);
}

void fillAll(TensorObject& t, const Value& v) {
  withDType(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T x = checkedScalarAs<T>(v);  // Note [Checked scalar conversion]
    generate<T>(t, [x](int64_t) { return x; });
  });
}

}  // namespace

OpResults zeros(TensorState& s, const BoundArgs& a) { return Value(fresh(s, a, true)); }

OpResults ones(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a, false);
  fillAll(*t, Value::integer(1));
  return Value(t);
}

OpResults full(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a, false);
  int fillIdx = argIndex(a, "fill_value");
  fillAll(*t, a[fillIdx]);
  return Value(t);
}

OpResults arange(TensorState& s, const BoundArgs& a) {
  ArangeSpec spec = arangeSpec(a);
  auto t = fresh(s, a, false);
  withDType(t->dtype(), [&](auto tag) {
    using T = decltype(tag);
    if (spec.integral && !isFloating(t->dtype())) {
      // start + i * step fits int64 (it lies in [start, end)), but i * step alone may not: wrap exactly.
      generate<T>(*t, [&](int64_t i) {
        return static_cast<T>(static_cast<int64_t>(static_cast<uint64_t>(spec.istart) +
                                                   static_cast<uint64_t>(i) * static_cast<uint64_t>(spec.istep)));
      });
    } else {
      generate<T>(*t, [&](int64_t i) { return static_cast<T>(spec.start + static_cast<double>(i) * spec.step); });
    }
  });
  return Value(t);
}

OpResults linspace(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a, false);
  int64_t steps = intArg(a, 2);
  double start = floatArg(a, 0), end = floatArg(a, 1);
  withDType(t->dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point<T>::value) {
      // PyTorch's symmetric formula: the first half steps up from start, the second down from end.
      T st = static_cast<T>(start), en = static_cast<T>(end);
      T step = steps > 1 ? static_cast<T>((en - st) / static_cast<T>(steps - 1)) : T(0);
      int64_t half = steps == 1 ? 1 : steps / 2;  // one step: just start, as PyTorch
      generate<T>(*t, [&](int64_t i) {
        return i < half ? static_cast<T>(st + step * static_cast<T>(i))
                        : static_cast<T>(en - step * static_cast<T>(steps - i - 1));
      });
    } else {
      double step = steps > 1 ? (end - start) / static_cast<double>(steps - 1) : 0.0;
      generate<T>(*t, [&](int64_t i) { return static_cast<T>(start + step * static_cast<double>(i)); });
    }
  });
  return Value(t);
}

OpResults eye(TensorState& s, const BoundArgs& a) {
  auto t = fresh(s, a, true);
  int64_t n = t->sizes()[0], m = t->sizes()[1];
  withDType(t->dtype(), [&](auto tag) {
    using T = decltype(tag);
    T* p = t->data<T>();
    for (int64_t i = 0; i < n && i < m; ++i) p[i * m + i] = T(1);
  });
  return Value(t);
}

}  // namespace tdsl::kernels
