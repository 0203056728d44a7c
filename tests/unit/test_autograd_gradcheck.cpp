// Issue 16: every derivative row against central finite differences in
// float64 (PyTorch's gradcheck, gradcheck_support.h).
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "autograd/formula_helpers.h"
#include "gradcheck_support.h"

using namespace tdsl;
using namespace gradcheck_support;

namespace {


const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"add.Tensor", {in({2, 3}), in({3})}, [](TensorState& s, auto& a) { return op(s, "add.Tensor", {a[0], a[1], n(2.0)}); }},
      {"add.Scalar", {in({3})}, [](TensorState& s, auto& a) { return op(s, "add.Scalar", {a[0], n(1.5), n(1.0)}); }},
      {"sub.Tensor", {in({2, 1}), in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "sub.Tensor", {a[0], a[1], n(0.5)}); }},
      {"sub.Scalar", {in({3})}, [](TensorState& s, auto& a) { return op(s, "sub.Scalar", {a[0], n(2.0), n(1.0)}); }},
      {"rsub.Tensor", {in({3}), in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "rsub.Tensor", {a[0], a[1], n(3.0)}); }},
      {"rsub.Scalar", {in({3})}, [](TensorState& s, auto& a) { return op(s, "rsub.Scalar", {a[0], n(2.0), n(2.0)}); }},
      {"mul.Tensor", {in({2, 3}), in({2, 1})}, [](TensorState& s, auto& a) { return op(s, "mul.Tensor", {a[0], a[1]}); }},
      {"mul.Scalar", {in({3})}, [](TensorState& s, auto& a) { return op(s, "mul.Scalar", {a[0], n(-1.5)}); }},
      {"div.Tensor", {in({2, 3}), in({3}, positive)}, [](TensorState& s, auto& a) { return op(s, "div.Tensor", {a[0], a[1]}); }},
      {"div.Scalar", {in({3})}, [](TensorState& s, auto& a) { return op(s, "div.Scalar", {a[0], n(4.0)}); }},
      {"remainder.Scalar", {in({4}, positive)}, [](TensorState& s, auto& a) { return op(s, "remainder.Scalar", {a[0], n(0.45)}); }},
      {"remainder.Tensor", {in({4}, positive), in({4}, [](int64_t k) { return 0.25 + 0.1 * static_cast<double>(k); })},
       [](TensorState& s, auto& a) { return op(s, "remainder.Tensor", {a[0], a[1]}); }},
      {"pow.Tensor_Scalar", {in({4})}, [](TensorState& s, auto& a) { return op(s, "pow.Tensor_Scalar", {a[0], i(3)}); }},
      {"pow.Tensor_Tensor", {in({4}, positive), in({4})}, [](TensorState& s, auto& a) { return op(s, "pow.Tensor_Tensor", {a[0], a[1]}); }},
      {"pow.Scalar", {in({4})}, [](TensorState& s, auto& a) { return op(s, "pow.Scalar", {n(2.5), a[0]}); }},
      {"maximum", {in({5}, distinct), in({5})}, [](TensorState& s, auto& a) { return op(s, "maximum", {a[0], a[1]}); }},
      {"minimum", {in({5}, distinct), in({5})}, [](TensorState& s, auto& a) { return op(s, "minimum", {a[0], a[1]}); }},
      {"max.other", {in({5}, distinct), in({5})}, [](TensorState& s, auto& a) { return op(s, "max.other", {a[0], a[1]}); }},
      {"min.other", {in({5}, distinct), in({5})}, [](TensorState& s, auto& a) { return op(s, "min.other", {a[0], a[1]}); }},
      {"neg", {in({3})}, [](TensorState& s, auto& a) { return op(s, "neg", {a[0]}); }},
      {"abs", {in({5}, distinct)}, [](TensorState& s, auto& a) { return op(s, "abs", {a[0]}); }},
      {"exp", {in({4})}, [](TensorState& s, auto& a) { return op(s, "exp", {a[0]}); }},
      {"log", {in({4}, positive)}, [](TensorState& s, auto& a) { return op(s, "log", {a[0]}); }},
      {"sin", {in({4})}, [](TensorState& s, auto& a) { return op(s, "sin", {a[0]}); }},
      {"cos", {in({4})}, [](TensorState& s, auto& a) { return op(s, "cos", {a[0]}); }},
      {"tanh", {in({4})}, [](TensorState& s, auto& a) { return op(s, "tanh", {a[0]}); }},
      {"sqrt", {in({4}, positive)}, [](TensorState& s, auto& a) { return op(s, "sqrt", {a[0]}); }},
      {"sigmoid", {in({4})}, [](TensorState& s, auto& a) { return op(s, "sigmoid", {a[0]}); }},
      {"reciprocal", {in({4}, positive)}, [](TensorState& s, auto& a) { return op(s, "reciprocal", {a[0]}); }},
      {"relu", {in({5}, distinct)}, [](TensorState& s, auto& a) { return op(s, "relu", {a[0]}); }},
      {"floor", {in({5}, offInteger)}, [](TensorState& s, auto& a) { return op(s, "floor", {a[0]}); }},
      {"ceil", {in({5}, offInteger)}, [](TensorState& s, auto& a) { return op(s, "ceil", {a[0]}); }},
      {"round", {in({5}, offInteger)}, [](TensorState& s, auto& a) { return op(s, "round", {a[0]}); }},
      {"clamp", {in({6}, distinct)}, [](TensorState& s, auto& a) { return op(s, "clamp", {a[0], n(-0.33), n(0.2)}); }},
      {"where.self", {in({2, 3}), in({3})},
       [](TensorState& s, auto& a) { return op(s, "where.self", {mask(s, {3}, {1, 0, 1}), a[0], a[1]}); }},
      {"where.ScalarOther", {in({3})},
       [](TensorState& s, auto& a) { return op(s, "where.ScalarOther", {mask(s, {3}, {0, 1, 1}), a[0], n(2.0)}); }},
      {"where.ScalarSelf", {in({3})},
       [](TensorState& s, auto& a) { return op(s, "where.ScalarSelf", {mask(s, {3}, {0, 1, 1}), n(2.0), a[0]}); }},
      {"fill.Scalar", {in({3})}, [](TensorState& s, auto& a) { return op(s, "add.Tensor", {op(s, "fill.Scalar", {a[0], n(2.0)}), a[0]}); }},
      {"fill_.Scalar", {in({3})}, [](TensorState& s, auto& a) { return op(s, "add.Tensor", {op(s, "fill_.Scalar", {lin(s, a[0]), n(2.0)}), a[0]}); }},
      {"zero", {in({3})}, [](TensorState& s, auto& a) { return op(s, "add.Tensor", {op(s, "zero", {a[0]}), a[0]}); }},
      {"copy", {in({2, 3}), in({3})}, [](TensorState& s, auto& a) { return op(s, "copy", {a[0], a[1]}); }},
      {"masked_fill.Scalar", {in({2, 3})},
       [](TensorState& s, auto& a) { return op(s, "masked_fill.Scalar", {a[0], mask(s, {3}, {1, 0, 0}), n(0.5)}); }},
      {"masked_fill.Tensor", {in({2, 3}), in({})},
       [](TensorState& s, auto& a) { return op(s, "masked_fill.Tensor", {a[0], mask(s, {2, 3}, {1, 0, 0, 1, 1, 0}), a[1]}); }},
      {"sum", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "sum", {a[0]}); }},
      {"sum.dim_IntList", {in({2, 3, 2})}, [](TensorState& s, auto& a) { return op(s, "sum.dim_IntList", {a[0], Dims{0, 2}}); }},
      {"mean", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "mean", {a[0]}); }},
      {"mean.dim", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "mean.dim", {a[0], Dims{1}, Value::boolean(true)}); }},
      {"max", {in({5}, distinct)}, [](TensorState& s, auto& a) { return op(s, "max", {a[0]}); }},
      {"min", {in({5}, distinct)}, [](TensorState& s, auto& a) { return op(s, "min", {a[0]}); }},
      {"max.dim", {in({2, 5}, distinct)}, [](TensorState& s, auto& a) { return op(s, "max.dim", {a[0], i(1)}); }},
      {"min.dim", {in({3, 2}, distinct)}, [](TensorState& s, auto& a) { return op(s, "min.dim", {a[0], i(0), Value::boolean(true)}); }},
      {"mm", {in({2, 3}), in({3, 2})}, [](TensorState& s, auto& a) { return op(s, "mm", {a[0], a[1]}); }},
      {"matmul", {in({2, 1, 3}), in({3, 2})}, [](TensorState& s, auto& a) { return op(s, "matmul", {a[0], a[1]}); }},
      {"matmul", {in({3}), in({2, 3, 2})}, [](TensorState& s, auto& a) { return op(s, "matmul", {a[0], a[1]}); }},
      {"matmul", {in({2, 3}), in({3})}, [](TensorState& s, auto& a) { return op(s, "matmul", {a[0], a[1]}); }},
      {"matmul", {in({3}), in({3})}, [](TensorState& s, auto& a) { return op(s, "matmul", {a[0], a[1]}); }},
      {"dot", {in({3}), in({3}, positive)}, [](TensorState& s, auto& a) { return op(s, "dot", {a[0], a[1]}); }},
      {"addmm", {in({3}), in({2, 4}), in({4, 3})},
       [](TensorState& s, auto& a) { return op(s, "addmm", {a[0], a[1], a[2], Value::number(0.5), Value::integer(2)}); }},
      {"addmv", {in({}), in({3, 2}), in({2})},
       [](TensorState& s, auto& a) { return op(s, "addmv", {a[0], a[1], a[2], Value::integer(3), Value::number(-1.5)}); }},
      {"view", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "view", {a[0], Dims{3, 2}}); }},
      {"reshape", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "reshape", {op(s, "t", {a[0]}), Dims{6}}); }},
      {"flatten.using_ints", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "flatten.using_ints", {a[0]}); }},
      {"contiguous", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "contiguous", {op(s, "t", {a[0]})}); }},
      {"to.dtype", {in({3})},
       [](TensorState& s, auto& a) { return op(s, "mul.Scalar", {op(s, "to.dtype", {a[0], Value::dtype(DType::Float64)}), n(2.0)}); }},
      {"alias", {in({3})}, [](TensorState& s, auto& a) { return op(s, "alias", {a[0]}); }},
      {"t", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "t", {a[0]}); }},
      {"transpose.int", {in({2, 3, 2})}, [](TensorState& s, auto& a) { return op(s, "transpose.int", {a[0], i(0), i(2)}); }},
      {"permute", {in({2, 3, 2})}, [](TensorState& s, auto& a) { return op(s, "permute", {a[0], Dims{2, 0, 1}}); }},
      {"squeeze", {in({2, 1, 3})}, [](TensorState& s, auto& a) { return op(s, "squeeze", {a[0]}); }},
      {"squeeze.dim", {in({2, 1, 3})}, [](TensorState& s, auto& a) { return op(s, "squeeze.dim", {a[0], i(1)}); }},
      {"unsqueeze", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "unsqueeze", {a[0], i(-1)}); }},
      {"expand", {in({3, 1})}, [](TensorState& s, auto& a) { return op(s, "expand", {a[0], Dims{2, 3, 4}}); }},
      {"expand_as", {in({3})}, [](TensorState& s, auto& a) { return op(s, "expand_as", {a[0], f64(s, {2, 3}, wave)}); }},
      {"slice.Tensor", {in({4, 3})}, [](TensorState& s, auto& a) { return op(s, "slice.Tensor", {a[0], i(0), i(1), i(4), i(2)}); }},
      {"narrow", {in({4, 3})}, [](TensorState& s, auto& a) { return op(s, "narrow", {a[0], i(1), i(-2), i(2)}); }},
      {"select.int", {in({4, 3})}, [](TensorState& s, auto& a) { return op(s, "select.int", {a[0], i(1), i(-1)}); }},
      {"diagonal", {in({3, 4})}, [](TensorState& s, auto& a) { return op(s, "diagonal", {a[0], i(1)}); }},
      {"as_strided", {in({6})}, [](TensorState& s, auto& a) { return op(s, "as_strided", {a[0], Dims{2, 2}, Dims{3, 1}, i(1)}); }},
      {"slice_scatter", {in({4, 3}), in({2, 3})},
       [](TensorState& s, auto& a) { return op(s, "slice_scatter", {a[0], a[1], i(0), i(0), i(4), i(2)}); }},
      {"select_scatter", {in({4, 3}), in({4})},
       [](TensorState& s, auto& a) { return op(s, "select_scatter", {a[0], a[1], i(1), i(2)}); }},
      {"clone", {in({2, 3})}, [](TensorState& s, auto& a) { return op(s, "clone", {op(s, "t", {a[0]})}); }},
      {"cat", {in({2, 3}), in({1, 3})}, [](TensorState& s, auto& a) { return op(s, "cat", {std::vector<Value>{a[0], a[1]}, i(0)}); }},
      {"stack", {in({3}), in({3})}, [](TensorState& s, auto& a) { return op(s, "stack", {std::vector<Value>{a[0], a[1]}, i(1)}); }},
      {"index.Tensor", {in({4, 3})},
       [](TensorState& s, auto& a) { return op(s, "index.Tensor", {a[0], std::vector<Value>{longs(s, {3}, {3, 0, 3})}}); }},
      {"index_select", {in({4, 3})},
       [](TensorState& s, auto& a) { return op(s, "index_select", {a[0], i(1), longs(s, {4}, {2, 2, 0, 1})}); }},
      {"gather", {in({2, 3})},
       [](TensorState& s, auto& a) { return op(s, "gather", {a[0], i(1), longs(s, {2, 2}, {0, 0, 2, 1})}); }},
      {"index_put", {in({4, 3}), in({3})},
       [](TensorState& s, auto& a) { return op(s, "index_put", {a[0], std::vector<Value>{longs(s, {1}, {2})}, a[1]}); }},
      {"index_put", {in({4, 3}), in({3})},
       [](TensorState& s, auto& a) {
         return op(s, "index_put", {a[0], std::vector<Value>{longs(s, {2}, {1, 1})}, a[1], Value::boolean(true)});
       }},
      {"index_copy", {in({4, 3}), in({2, 3})},
       [](TensorState& s, auto& a) { return op(s, "index_copy", {a[0], i(0), longs(s, {2}, {3, 0}), a[1]}); }},
      {"index_add", {in({4, 3}), in({2, 3})},
       [](TensorState& s, auto& a) { return op(s, "index_add", {a[0], i(0), longs(s, {2}, {1, 1}), a[1], n(2.0)}); }},
      {"scatter.src", {in({2, 3}), in({2, 2})},
       [](TensorState& s, auto& a) { return op(s, "scatter.src", {a[0], i(1), longs(s, {2, 2}, {0, 2, 1, 0}), a[1]}); }},
      {"scatter.value", {in({2, 3})},
       [](TensorState& s, auto& a) { return op(s, "scatter.value", {a[0], i(1), longs(s, {2, 1}, {2, 0}), n(3.0)}); }},
      {"scatter_add", {in({2, 3}), in({2, 2})},
       [](TensorState& s, auto& a) { return op(s, "scatter_add", {a[0], i(1), longs(s, {2, 2}, {1, 1, 0, 2}), a[1]}); }},
      // In place on a non-leaf, and through a view of one (CopySlices).
      {"mul.Tensor", {in({3}), in({3})},
       [](TensorState& s, auto& a) { return op(s, "mul_.Tensor", {lin(s, a[0]), a[1]}); }},
      {"mul.Tensor", {in({4}), in({2})},
       [](TensorState& s, auto& a) {
         Value base = lin(s, a[0]);
         op(s, "mul_.Tensor", {op(s, "slice.Tensor", {base, i(0), i(1), i(3)}), a[1]});
         return op(s, "mul.Tensor", {base, a[0]});
       }},
  };
  return all;
}

}  // namespace

TEST_CASE("gradcheck: every derivative row matches finite differences", "[autograd]") {
  for (const Case& c : cases()) gradcheck(c);
}

TEST_CASE("gradcheck: every derivative row has a case", "[autograd]") {
  std::set<std::string> covered;
  for (const Case& c : cases()) covered.insert(c.op);
  std::set<std::string> more;  // test_autograd_gradcheck_more.cpp checks these
  for (const autograd::DerivativeRow& r : autograd::moreDerivativeRows()) more.insert(r.op);
  for (const autograd::DerivativeRow& r : autograd::derivativeRows()) {
    if (more.count(r.op)) continue;
    INFO(r.op);
    CHECK(covered.count(r.op) == 1);
    CHECK(ir::opTable().find(r.op) != nullptr);
  }
}
