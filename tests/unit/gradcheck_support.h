// The float64 gradcheck of derivative rows (PyTorch's gradcheck), shared by
// test_autograd_gradcheck.cpp and test_autograd_gradcheck_more.cpp:
// d(sum(out * weights))/d(input) from the autograd engine must match
// (f(x + h) - f(x - h)) / 2h per element.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "autograd/autograd_meta.h"
#include "autograd/derivatives.h"
#include "autograd/engine.h"
#include "autograd/grad_ops.h"
#include "tensor/tensor.h"

namespace gradcheck_support {

using namespace tdsl;
using autograd::op;
using autograd::OpArg;


using Fn = std::function<Value(TensorState&, const std::vector<Value>&)>;

// An input: its sizes and a value for element i (kept away from kinks).
struct Input {
  Dims sizes;
  std::function<double(int64_t)> value;
};

inline double wave(int64_t i) { return 0.35 + 0.6 * std::sin(1.7 * static_cast<double>(i) + 0.4); }
inline double positive(int64_t i) { return 0.6 + 0.5 * std::fabs(std::sin(1.3 * static_cast<double>(i) + 0.2)); }
inline double distinct(int64_t i) { return 0.11 * static_cast<double>((i * 7) % 13) - 0.5; }
inline double offInteger(int64_t i) { return 0.3 + 0.25 * static_cast<double>(i % 5) - 1.0; }

inline Input in(Dims sizes, std::function<double(int64_t)> v = wave) { return Input{std::move(sizes), std::move(v)}; }

inline Value f64(TensorState& s, const Dims& sizes, const std::function<double(int64_t)>& v) {
  auto t = allocTensor(s, DType::Float64, sizes);
  for (int64_t i = 0; i < t->numel(); ++i) t->data<double>()[i] = v(i);
  return Value(t);
}

inline Value longs(TensorState& s, const Dims& sizes, std::vector<int64_t> v) {
  auto t = allocTensor(s, DType::Int64, sizes);
  for (int64_t i = 0; i < t->numel(); ++i) t->data<int64_t>()[i] = v[static_cast<size_t>(i)];
  return Value(t);
}

inline Value mask(TensorState& s, const Dims& sizes, std::vector<int64_t> v) {
  auto t = allocTensor(s, DType::Bool, sizes);
  for (int64_t i = 0; i < t->numel(); ++i) t->data<bool>()[i] = v[static_cast<size_t>(i)] != 0;
  return Value(t);
}

inline Value n(double x) { return Value::number(x); }
inline Value i(int64_t x) { return Value::integer(x); }

struct Case {
  const char* op;  // the derivative row it checks
  std::vector<Input> inputs;
  Fn f;
};

inline double sumWeighted(const TensorObject& out, const TensorObject& w) {
  double total = 0;
  const Dims& sz = out.sizes();
  const int64_t count = out.numel();
  for (int64_t k = 0; k < count; ++k) {
    int64_t rest = k, off = 0;
    for (int d = out.dim() - 1; d >= 0; --d) {
      off += (rest % sz[static_cast<size_t>(d)]) * out.strides()[static_cast<size_t>(d)];
      rest /= sz[static_cast<size_t>(d)];
    }
    total += out.data<double>()[off] * w.data<double>()[k];
  }
  return total;
}

inline void gradcheck(const Case& c) {
  INFO(c.op);
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  std::vector<Value> leaves;
  for (const Input& x : c.inputs) {
    leaves.push_back(f64(s, x.sizes, x.value));
    autograd::ensureMeta(*asTensor(leaves.back())).requiresGrad = true;
  }
  Value out = c.f(s, leaves);
  const TensorObject& o = *asTensor(out);
  REQUIRE(autograd::requiresGrad(o));
  Value weights = f64(s, o.sizes(), [](int64_t k) { return 0.5 + 0.25 * static_cast<double>(k % 7); });
  autograd::BackwardRequest req;
  req.roots.push_back(autograd::gradientEdge(*asTensor(out)));
  req.rootGrads.push_back(weights);
  req.capture = true;
  for (const Value& l : leaves) req.captures.push_back(autograd::gradientEdge(*asTensor(l)));
  std::vector<Value> analytic = autograd::runBackward(s, req);

  s.gradEnabled = false;
  const double h = 1e-6;
  for (size_t j = 0; j < leaves.size(); ++j) {
    TensorObject& x = *asTensor(leaves[j]);
    for (int64_t k = 0; k < x.numel(); ++k) {
      double& e = x.data<double>()[k];
      const double saved = e;
      e = saved + h;
      const double up = sumWeighted(*asTensor(c.f(s, leaves)), *asTensor(weights));
      e = saved - h;
      const double down = sumWeighted(*asTensor(c.f(s, leaves)), *asTensor(weights));
      e = saved;
      const double numeric = (up - down) / (2 * h);
      double got = 0;
      if (!analytic[j].isNone()) {
        Value g = op(s, "contiguous", {analytic[j]});
        got = asTensor(g)->data<double>()[k];
      }
      INFO("input " << j << " element " << k);
      CHECK(got == Approx(numeric).margin(1e-6).epsilon(1e-5));
    }
  }
}

inline Value lin(TensorState& s, const Value& x) { return op(s, "mul.Scalar", {x, n(1.0)}); }  // a non-leaf copy

}  // namespace gradcheck_support
