// Issue 16: float64 gradchecks of the derivative rows added for the ops merged
// in session 5 and after (autograd/derivatives_more.cpp), and a check that
// each of those rows has a case.
#include <catch2/catch.hpp>

#include <limits>
#include <set>
#include <string>
#include <vector>

#include "autograd/formula_helpers.h"
#include "gradcheck_support.h"

using namespace tdsl;
using namespace gradcheck_support;

namespace {

double inUnit(int64_t k) { return 0.5 * wave(k); }
double aboveOne(int64_t k) { return 1.2 + positive(k); }
Value b(bool x) { return Value::boolean(x); }
Value none() { return Value(); }

Value unaryOp(TensorState& s, const char* name, const Value& x) { return op(s, name, {x}); }

#define UNARY(NAME, INPUT) \
  {NAME, {INPUT}, [](TensorState& s, auto& a) { return unaryOp(s, NAME, a[0]); }}

const std::vector<Case>& moreCases() {
  static const std::vector<Case> all = {
      UNARY("cosh", in({2, 3})),
      UNARY("sinh", in({2, 3})),
      UNARY("acosh", in({4}, aboveOne)),
      UNARY("asinh", in({2, 3})),
      UNARY("atanh", in({4}, inUnit)),
      UNARY("tan", in({4}, inUnit)),
      UNARY("asin", in({4}, inUnit)),
      UNARY("acos", in({4}, inUnit)),
      UNARY("atan", in({2, 3})),
      UNARY("erf", in({2, 3})),
      UNARY("expm1", in({2, 3})),
      UNARY("exp2", in({2, 3})),
      UNARY("log1p", in({4}, positive)),
      UNARY("log2", in({4}, positive)),
      UNARY("log10", in({4}, positive)),
      UNARY("rsqrt", in({4}, positive)),
      UNARY("square", in({2, 3})),
      UNARY("sign", in({2, 3})),
      UNARY("trunc", in({4}, offInteger)),
      UNARY("frac", in({4}, offInteger)),
      UNARY("fliplr", in({2, 3})),
      UNARY("flipud", in({2, 3})),
      UNARY("trace", in({3, 4})),
      UNARY("median", in({5}, distinct)),
      {"clamp_min", {in({6})}, [](TensorState& s, auto& a) { return op(s, "clamp_min", {a[0], n(0.31)}); }},
      {"clamp_max", {in({6})}, [](TensorState& s, auto& a) { return op(s, "clamp_max", {a[0], n(0.31)}); }},
      {"fmod.Scalar", {in({4}, positive)}, [](TensorState& s, auto& a) { return op(s, "fmod.Scalar", {a[0], n(0.45)}); }},
      {"fmod.Tensor", {in({4}, positive), in({4}, [](int64_t k) { return 0.25 + 0.1 * static_cast<double>(k); })},
       [](TensorState& s, auto& a) { return op(s, "fmod.Tensor", {a[0], a[1]}); }},
      {"atan2", {in({2, 3}), in({3}, positive)}, [](TensorState& s, auto& a) { return op(s, "atan2", {a[0], a[1]}); }},
      {"lerp.Scalar", {in({2, 3}), in({3})}, [](TensorState& s, auto& a) { return op(s, "lerp.Scalar", {a[0], a[1], n(0.3)}); }},
      {"lerp.Tensor", {in({2, 3}), in({3}), in({2, 1})},
       [](TensorState& s, auto& a) { return op(s, "lerp.Tensor", {a[0], a[1], a[2]}); }},
      {"addcmul", {in({3}), in({2, 3}), in({2, 1})},
       [](TensorState& s, auto& a) { return op(s, "addcmul", {a[0], a[1], a[2], n(0.7)}); }},
      {"addcdiv", {in({3}), in({2, 3}), in({2, 1}, positive)},
       [](TensorState& s, auto& a) { return op(s, "addcdiv", {a[0], a[1], a[2], n(-1.5)}); }},
      {"mv", {in({2, 3}), in({3})}, [](TensorState& s, auto& a) { return op(s, "mv", {a[0], a[1]}); }},
      {"bmm", {in({2, 2, 3}), in({2, 3, 4})}, [](TensorState& s, auto& a) { return op(s, "bmm", {a[0], a[1]}); }},
      {"outer", {in({2}), in({3})}, [](TensorState& s, auto& a) { return op(s, "outer", {a[0], a[1]}); }},
      {"addr", {in({2, 1}), in({2}), in({3})},
       [](TensorState& s, auto& a) { return op(s, "addr", {a[0], a[1], a[2], n(0.5), n(2.0)}); }},
      {"block_diag", {in({2, 3}), in({3}), in({})},
       [](TensorState& s, auto& a) { return op(s, "block_diag", {std::vector<Value>{a[0], a[1], a[2]}}); }},
      {"amax", {in({3, 4}, distinct)}, [](TensorState& s, auto& a) { return op(s, "amax", {a[0], Dims{1}, b(false)}); }},
      {"amax", {in({3, 4}, distinct)}, [](TensorState& s, auto& a) { return op(s, "amax", {a[0], Dims{}, b(true)}); }},
      {"amin", {in({3, 4}, distinct)}, [](TensorState& s, auto& a) { return op(s, "amin", {a[0], Dims{0}, b(true)}); }},
      // Ties share the gradient evenly.
      {"amax", {in({4}, [](int64_t k) { return k % 2 ? 0.9 : 0.1 * static_cast<double>(k); })},
       [](TensorState& s, auto& a) { return op(s, "amax", {op(s, "clamp_max", {a[0], n(0.5)}), Dims{0}, b(false)}); }},
      {"logsumexp", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "logsumexp", {a[0], Dims{1}, b(false)}); }},
      {"var", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "var", {a[0], b(true)}); }},
      {"var.dim", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "var.dim", {a[0], Dims{1}, b(false), b(true)}); }},
      {"var.correction", {in({3, 4})},
       [](TensorState& s, auto& a) { return op(s, "var.correction", {a[0], Dims{0}, i(2), b(false)}); }},
      {"std", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "std", {a[0], b(false)}); }},
      {"std.dim", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "std.dim", {a[0], Dims{0}, b(true), b(false)}); }},
      {"std.correction", {in({3, 4})},
       [](TensorState& s, auto& a) { return op(s, "std.correction", {a[0], none(), none(), b(true)}); }},
      {"norm.Scalar", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "norm.Scalar", {a[0], n(2.0)}); }},
      {"norm.Scalar", {in({2, 3}, positive)}, [](TensorState& s, auto& a) { return op(s, "norm.Scalar", {a[0], n(3.0)}); }},
      {"norm.Scalar", {in({5}, distinct)},
       [](TensorState& s, auto& a) { return op(s, "norm.Scalar", {a[0], n(std::numeric_limits<double>::infinity())}); }},
      {"norm.ScalarOpt_dim", {in({3, 4})},
       [](TensorState& s, auto& a) { return op(s, "norm.ScalarOpt_dim", {a[0], n(2.0), Dims{1}, b(true)}); }},
      {"norm.ScalarOpt_dim", {in({3, 4}, distinct)},
       [](TensorState& s, auto& a) { return op(s, "norm.ScalarOpt_dim", {a[0], n(1.0), Dims{0}, b(false)}); }},
      {"softmax.int", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "softmax.int", {a[0], i(1)}); }},
      {"log_softmax.int", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "log_softmax.int", {a[0], i(0)}); }},
      {"median.dim", {in({3, 5}, distinct)}, [](TensorState& s, auto& a) { return op(s, "median.dim", {a[0], i(1), b(false)}); }},
      {"cumsum", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "cumsum", {a[0], i(1)}); }},
      {"cumprod", {in({3, 4}, positive)}, [](TensorState& s, auto& a) { return op(s, "cumprod", {a[0], i(-1)}); }},
      // Zeros (one or two per row) take the division-free path.
      {"cumprod", {in({3, 4}, positive)},
       [](TensorState& s, auto& a) {
         Value zeroed = op(s, "mul.Tensor", {a[0], f64(s, {3, 4}, [](int64_t k) { return k == 1 || k == 6 || k == 7 ? 0.0 : 1.0; })});
         return op(s, "cumprod", {zeroed, i(1)});
       }},
      {"prod", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "prod", {a[0]}); }},
      {"prod", {in({2, 3})},
       [](TensorState& s, auto& a) { return op(s, "prod", {op(s, "mul.Tensor", {a[0], f64(s, {2, 3}, [](int64_t k) { return k == 4 ? 0.0 : 1.0; })})}); }},
      {"prod.dim_int", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "prod.dim_int", {a[0], i(1), b(false)}); }},
      {"prod.dim_int", {in({3, 4})},
       [](TensorState& s, auto& a) {
         Value zeroed = op(s, "mul.Tensor", {a[0], f64(s, {3, 4}, [](int64_t k) { return k == 1 || k == 6 || k == 7 ? 0.0 : 1.0; })});
         return op(s, "prod.dim_int", {zeroed, i(1), b(true)});
       }},
      {"diff", {in({3, 5})}, [](TensorState& s, auto& a) { return op(s, "diff", {a[0], i(1), i(-1), none(), none()}); }},
      {"diff", {in({3, 5}), in({1, 5}), in({2, 5})},
       [](TensorState& s, auto& a) { return op(s, "diff", {a[0], i(2), i(0), a[1], a[2]}); }},
      {"sort", {in({3, 4}, distinct)}, [](TensorState& s, auto& a) { return op(s, "sort", {a[0], i(1), b(true)}); }},
      {"sort.stable", {in({3, 4}, distinct)},
       [](TensorState& s, auto& a) { return op(s, "sort.stable", {a[0], b(true), i(0), b(false)}); }},
      {"topk", {in({3, 4}, distinct)}, [](TensorState& s, auto& a) { return op(s, "topk", {a[0], i(2), i(1), b(false), b(true)}); }},
      {"flip", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "flip", {a[0], Dims{0, 1}}); }},
      {"roll", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "roll", {a[0], Dims{1, -1}, Dims{0, 1}}); }},
      {"roll", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "roll", {a[0], Dims{2}, Dims{}}); }},
      {"triu", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "triu", {a[0], i(1)}); }},
      {"tril", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "tril", {a[0], i(-1)}); }},
      {"repeat", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "repeat", {a[0], Dims{2, 1, 3}}); }},
      {"swapdims", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "swapdims", {a[0], i(0), i(1)}); }},
      {"swapaxes", {in({2, 3, 2})}, [](TensorState& s, auto& a) { return op(s, "swapaxes", {a[0], i(0), i(2)}); }},
      {"movedim.int", {in({2, 3, 2})}, [](TensorState& s, auto& a) { return op(s, "movedim.int", {a[0], i(0), i(2)}); }},
      {"movedim.intlist", {in({2, 3, 2})},
       [](TensorState& s, auto& a) { return op(s, "movedim.intlist", {a[0], Dims{0, 1}, Dims{2, 0}}); }},
      {"unfold", {in({2, 5})}, [](TensorState& s, auto& a) { return op(s, "unfold", {a[0], i(1), i(3), i(1)}); }},
      {"unfold", {in({6})}, [](TensorState& s, auto& a) { return op(s, "unfold", {a[0], i(0), i(2), i(2)}); }},
      {"diagonal_scatter", {in({3, 4}), in({3})},
       [](TensorState& s, auto& a) { return op(s, "diagonal_scatter", {a[0], a[1], i(1), i(0), i(1)}); }},
      {"index_fill.int_Scalar", {in({3, 4})},
       [](TensorState& s, auto& a) { return op(s, "index_fill.int_Scalar", {a[0], i(1), longs(s, {3}, {3, 0, 3}), n(0.5)}); }},
      {"index_fill.int_Tensor", {in({3, 4}), in({})},  // -3 and 2 name rows 0 and 2; 2 twice
       [](TensorState& s, auto& a) {
         return op(s, "mul.Tensor", {op(s, "index_fill.int_Tensor", {a[0], i(-2), longs(s, {3}, {2, -3, 2}), a[1]}), a[0]});
       }},
      UNARY("nan_to_num", in({2, 3})),
      {"cummax", {in({3, 4}, distinct)}, [](TensorState& s, auto& a) { return op(s, "cummax", {a[0], i(1)}); }},
      {"cummin", {in({3, 4}, distinct)}, [](TensorState& s, auto& a) { return op(s, "cummin", {a[0], i(-2)}); }},
      {"as_strided_scatter", {in({3, 4}), in({2, 2})},
       [](TensorState& s, auto& a) { return op(s, "as_strided_scatter", {a[0], a[1], Dims{2, 2}, Dims{4, 1}, i(1)}); }},
      {"as_strided_scatter", {in({3, 4}), in({3, 2})},  // a strided (column) pattern, no offset
       [](TensorState& s, auto& a) { return op(s, "as_strided_scatter", {a[0], a[1], Dims{3, 2}, Dims{4, 2}, none()}); }},
  };
  return all;
}

}  // namespace

TEST_CASE("gradcheck: the session-5 ops' derivative rows match finite differences", "[autograd]") {
  for (const Case& c : moreCases()) gradcheck(c);
}

// normal with tensor mean/std: derivatives.yaml's gradient is zero, which
// no finite difference of a sample can check (a fixed draw moves with the
// mean); the test below checks the rows instead.
const char* const kRandomRows[] = {"normal.Tensor_float", "normal.float_Tensor", "normal.Tensor_Tensor"};

TEST_CASE("derivative rows of normal with tensor parameters: zero gradients, PyTorch's node names", "[autograd]") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  Value mean = f64(s, {3}, wave);
  Value stdev = f64(s, {3}, aboveOne);
  for (const Value& t : {mean, stdev}) autograd::ensureMeta(*asTensor(t)).requiresGrad = true;
  struct Row { const char* op; const char* node; bool m, sd; };
  for (const Row& r : {Row{"normal.Tensor_float", "NormalBackward1", true, false},
                       Row{"normal.float_Tensor", "NormalBackward2", false, true},
                       Row{"normal.Tensor_Tensor", "NormalBackward3", true, true}}) {
    INFO(r.op);
    Value out = r.m && r.sd ? op(s, r.op, {mean, stdev}) : r.m ? op(s, r.op, {mean, Value::number(2.0)})
                                                               : op(s, r.op, {Value::number(0.5), stdev});
    REQUIRE(autograd::requiresGrad(*asTensor(out)));
    CHECK(autograd::gradFn(*asTensor(out))->name() == r.node);
    autograd::BackwardRequest req;
    req.roots.push_back(autograd::gradientEdge(*asTensor(out)));
    req.rootGrads.push_back(f64(s, {3}, aboveOne));
    req.capture = true;
    for (const Value& l : {mean, stdev}) req.captures.push_back(autograd::gradientEdge(*asTensor(l)));
    std::vector<Value> g = autograd::runBackward(s, req);
    REQUIRE(g.size() == 2);
    CHECK(g[0].isNone() != r.m);
    CHECK(g[1].isNone() != r.sd);
    for (const Value& x : g) {
      if (x.isNone()) continue;
      for (int64_t k = 0; k < 3; ++k) CHECK(asTensor(x)->data<double>()[k] == 0.0);
    }
  }
}

TEST_CASE("gradcheck: every session-5 derivative row has a case", "[autograd]") {
  std::set<std::string> covered;
  for (const Case& c : moreCases()) covered.insert(c.op);
  for (const char* r : kRandomRows) covered.insert(r);
  for (const autograd::DerivativeRow& r : autograd::moreDerivativeRows()) {
    INFO(r.op);
    CHECK(covered.count(r.op) == 1);
    CHECK(ir::opTable().find(r.op) != nullptr);
  }
}
