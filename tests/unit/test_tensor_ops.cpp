// Tensor runtime and eager kernels driven through the op table's dispatch
// (no interpreter needed): values, dtypes, views/aliasing, errors.
#include <catch2/catch.hpp>

#include <cmath>

#include "support/diagnostics.h"
#include "vm/objects.h"
#include "vm/torch/dispatch.h"
#include "tensor/tensor.h"
#include "vm/torch/tensor_data.h"
#include "test_support.h"

using namespace tdsl;

namespace {

Value ints(std::initializer_list<int64_t> xs) {
  std::vector<Value> v;
  for (int64_t x : xs) v.push_back(Value::integer(x));
  return makeList(std::move(v));
}
Value floats(std::initializer_list<double> xs) {
  std::vector<Value> v;
  for (double x : xs) v.push_back(Value::number(x));
  return makeList(std::move(v));
}
Value tensor(TensorState& s, const Value& data, std::optional<DType> d = std::nullopt) {
  return Value(tensorFromData(s, data, d));
}
TensorObject& T(const Value& v) { return *asTensor(v); }
std::vector<double> values(const Value& v) {
  const TensorObject& t = T(v);
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) {
    Value e = elementValue(t, i);
    out.push_back(e.isFloat() ? e.asFloat() : e.isInt() ? static_cast<double>(e.asInt()) : e.asBool());
  }
  return out;
}

}  // namespace

TEST_CASE("elementwise arithmetic, Python scalars and type promotion", "[tensor]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value a = tensor(s, ints({1, 2, 3}));
  Value b = tensor(s, floats({0.5, 1.5, 2.5}));
  Value c = tensor(s, floats({1.0, 2.0}), DType::Float64);
  CHECK(T(a).dtype() == DType::Int64);
  CHECK(T(b).dtype() == DType::Float32);
  CHECK(T(callOp(s, "add", {a, b})).dtype() == DType::Float32);
  CHECK(T(callOp(s, "add", {a, Value::integer(1)})).dtype() == DType::Int64);
  CHECK(T(callOp(s, "add", {a, Value::number(1.5)})).dtype() == DType::Float32);
  Value c0 = callMethod(s, c, "select", {Value::integer(0), Value::integer(0)});
  CHECK(T(callOp(s, "add", {b, c0})).dtype() == DType::Float32);  // 0-dim float64 does not win
  CHECK(T(callOp(s, "div", {a, Value::integer(2)})).dtype() == DType::Float32);
  CHECK(T(callOp(s, "floor_divide", {a, Value::integer(2)})).dtype() == DType::Int64);
  CHECK(T(callOp(s, "mul", {a, Value::boolean(true)})).dtype() == DType::Int64);
  CHECK(T(callOp(s, "gt", {a, Value::integer(1)})).dtype() == DType::Bool);
  CHECK(values(callOp(s, "div", {a, Value::integer(2)})) == std::vector<double>{0.5, 1.0, 1.5});
  CHECK(values(callOp(s, "add", {a, b}, {KwArg{"alpha", Value::integer(2)}})) == std::vector<double>{2, 5, 8});
  CHECK(values(callOp(s, "sub", {a, Value::integer(1)})) == std::vector<double>{0, 1, 2});
  CHECK(values(callOp(s, "rsub", {a, Value::integer(10)})) == std::vector<double>{9, 8, 7});
  CHECK(values(callOp(s, "remainder", {tensor(s, ints({-3, 3})), Value::integer(2)})) == std::vector<double>{1, 1});
  CHECK(values(callOp(s, "floor_divide", {tensor(s, ints({-3, 3})), Value::integer(2)})) == std::vector<double>{-2, 1});
  CHECK(values(callOp(s, "pow", {a, Value::integer(2)})) == std::vector<double>{1, 4, 9});
  CHECK(values(callOp(s, "pow", {Value::integer(2), a})) == std::vector<double>{2, 4, 8});
  CHECK(values(callOp(s, "clamp", {a, Value::integer(2)})) == std::vector<double>{2, 2, 3});
  CHECK(values(callOp(s, "maximum", {a, tensor(s, ints({3, 0, 3}))})) == std::vector<double>{3, 2, 3});
}

TEST_CASE("broadcasting and its error message", "[tensor]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value col = callMethod(s, callOp(s, "arange", {Value::integer(3)}), "reshape", {Value::integer(3), Value::integer(1)});
  Value row = callOp(s, "arange", {Value::integer(4)});
  Value sum = callOp(s, "add", {col, row});
  CHECK(T(sum).sizes() == Dims{3, 4});
  CHECK(values(sum) == std::vector<double>{0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5});
  Value three = callOp(s, "ones", {Value::integer(3)});
  Value four = callOp(s, "ones", {Value::integer(4)});
  CHECK(errorOf([&] { callOp(s, "add", {three, four}); }) ==
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
}

TEST_CASE("views share storage; in-place ops return self", "[tensor][views]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = tensor(s, ints({1, 2, 3, 4}));
  Value y = callOp(s, "slice", {x, Value::integer(0), Value::integer(1), Value::integer(3)});
  CHECK(T(y).storage == T(x).storage);
  CHECK(T(y).meta.offset == 1);
  Value r = callMethod(s, y, "add_", {Value::integer(10)});
  CHECK(r.identical(y));
  CHECK(values(x) == std::vector<double>{1, 12, 13, 4});
  Value t = callMethod(s, callMethod(s, callOp(s, "arange", {Value::integer(6)}), "view", {Value::integer(2), Value::integer(3)}), "t", {});
  CHECK(T(t).strides() == Dims{1, 3});
  CHECK_FALSE(T(t).meta.isContiguous());
  CHECK(errorOf([&] { callMethod(s, t, "view", {Value::integer(6)}); }).find("view size is not compatible") == 0);
  Value copy = callMethod(s, t, "reshape", {Value::integer(6)});
  CHECK(T(copy).storage != T(t).storage);
  CHECK(values(copy) == std::vector<double>{0, 3, 1, 4, 2, 5});
  Value contig = callOp(s, "arange", {Value::integer(6)});
  Value reshaped = callMethod(s, contig, "reshape", {Value::integer(2), Value::integer(-1)});
  CHECK(T(reshaped).storage == T(contig).storage);
  CHECK(T(reshaped).sizes() == Dims{2, 3});
}

TEST_CASE("in-place errors: overlap, expanded writes, casts", "[tensor][errors]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = callOp(s, "arange", {Value::number(6.0)});
  Value tail = callOp(s, "slice", {x, Value::integer(0), Value::integer(1)});
  Value head = callOp(s, "slice", {x, Value::integer(0), Value::none(), Value::integer(-1)});
  CHECK(errorOf([&] { callMethod(s, tail, "add_", {head}); }) ==
        "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
        "memory location. Please clone() the tensor before performing the operation.");
  CHECK(values(x) == std::vector<double>{0, 1, 2, 3, 4, 5});
  callMethod(s, x, "add_", {x});  // exact overlap is fine
  CHECK(values(x) == std::vector<double>{0, 2, 4, 6, 8, 10});
  Value e = callMethod(s, tensor(s, ints({1, 2})), "expand", {Value::integer(3), Value::integer(2)});
  CHECK(errorOf([&] { callMethod(s, e, "add_", {Value::integer(1)}); }).find("more than one element of the written-to tensor") != std::string::npos);
  Value i = tensor(s, ints({1, 2}));
  CHECK(errorOf([&] { callMethod(s, i, "add_", {Value::number(1.5)}); }) ==
        "result type Float can't be cast to the desired output type Long");
  CHECK(errorOf([&] { tensorItem(T(i)); }) == "a Tensor with 2 elements cannot be converted to Scalar");
}

TEST_CASE("reductions", "[tensor][reduce]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = tensor(s, makeList({floats({1.0, -2.0, 3.0}), floats({4.0, 5.0, -6.0})}));
  CHECK(tensorItem(T(callMethod(s, x, "sum", {}))).asFloat() == 5.0);
  CHECK(values(callMethod(s, x, "sum", {Value::integer(0)})) == std::vector<double>{5, 3, -3});
  CHECK(tensorItem(T(callMethod(s, x, "mean", {}))).asFloat() == static_cast<double>(5.0f / 6.0f));
  Value mx = callMethod(s, x, "max", {Value::integer(1)});
  REQUIRE(mx.isObj(ObjKind::Tuple));
  CHECK(values(mx.as<TupleObject>()->items[0]) == std::vector<double>{3, 5});
  CHECK(values(mx.as<TupleObject>()->items[1]) == std::vector<double>{2, 1});
  CHECK(tensorItem(T(callMethod(s, x, "argmax", {}))).asInt() == 4);
  Value ints6 = callOp(s, "arange", {Value::integer(1), Value::integer(7)});
  CHECK(T(callMethod(s, ints6, "sum", {})).dtype() == DType::Int64);
  CHECK(tensorItem(T(callMethod(s, ints6, "prod", {}))).asInt() == 720);
  CHECK(errorOf([&] { callMethod(s, ints6, "mean", {}); }).find("mean(): could not infer output dtype") == 0);
}

TEST_CASE("float32 sums are accurate (blocked order)", "[tensor][reduce]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  const int64_t n = 10000000;
  Value x = callOp(s, "full", {ints({n}), Value::number(0.1)});
  double got = tensorItem(T(callMethod(s, x, "sum", {}))).asFloat();
  double exact = static_cast<double>(0.1f) * n;
  CHECK(std::fabs(got - exact) / exact < 1e-6);
}

TEST_CASE("indexing ops check indices before writing", "[tensor][index]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = callOp(s, "arange", {Value::number(10.0)});
  Value idx = tensor(s, ints({7, 2, 2, 0}));
  CHECK(values(callOp(s, "index_select", {x, Value::integer(0), idx})) == std::vector<double>{7, 2, 2, 0});
  Value y = callOp(s, "zeros", {Value::integer(5)});
  Value bad = tensor(s, ints({4, 5}));
  CHECK(errorOf([&] { callMethod(s, y, "index_copy_", {Value::integer(0), bad, tensor(s, floats({1.5, 2.5}))}); }) ==
        "index_copy_(): index 5 is out of bounds for dimension 0 with size 5");
  CHECK(values(y) == std::vector<double>{0, 0, 0, 0, 0});
  callMethod(s, y, "index_copy_", {Value::integer(0), tensor(s, ints({4, 0})), tensor(s, floats({1.5, 2.5}))});
  CHECK(values(y) == std::vector<double>{2.5, 0, 0, 0, 1.5});
  Value z = callOp(s, "zeros", {Value::integer(4)});
  callMethod(s, z, "index_add_", {Value::integer(0), tensor(s, ints({1, 1, 3})), tensor(s, floats({1, 2, 3}))});
  CHECK(values(z) == std::vector<double>{0, 3, 0, 3});
  Value g = callOp(s, "gather", {tensor(s, makeList({ints({1, 2}), ints({3, 4})})), Value::integer(1),
                                 tensor(s, makeList({ints({0, 0}), ints({1, 0})}))});
  CHECK(values(g) == std::vector<double>{1, 1, 4, 3});
  Value adv = callOp(s, "index", {x, makeList({idx})});
  CHECK(values(adv) == std::vector<double>{7, 2, 2, 0});
  Value mask = callOp(s, "gt", {x, Value::integer(6)});
  CHECK(values(callOp(s, "index", {x, makeList({mask})})) == std::vector<double>{7, 8, 9});
  Value w = callMethod(s, x, "clone", {});
  callMethod(s, w, "masked_fill_", {mask, Value::number(-1.0)});
  CHECK(values(w) == std::vector<double>{0, 1, 2, 3, 4, 5, 6, -1, -1, -1});
}

TEST_CASE("matmul family", "[tensor][linalg]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value a = callMethod(s, callOp(s, "arange", {Value::integer(6)}, {KwArg{"dtype", Value::dtype(DType::Float64)}}),
                       "reshape", {Value::integer(2), Value::integer(3)});
  Value b = callMethod(s, callOp(s, "arange", {Value::integer(12)}, {KwArg{"dtype", Value::dtype(DType::Float64)}}),
                       "reshape", {Value::integer(3), Value::integer(4)});
  CHECK(values(callOp(s, "matmul", {a, b})) == std::vector<double>{20, 23, 26, 29, 56, 68, 80, 92});
  Value v = tensor(s, floats({1, 2, 3}), DType::Float64);
  CHECK(values(callOp(s, "matmul", {a, v})) == std::vector<double>{8, 26});
  CHECK(tensorItem(T(callOp(s, "dot", {v, v}))).asFloat() == 14.0);
  CHECK(errorOf([&] { callOp(s, "mm", {callOp(s, "ones", {Value::integer(2), Value::integer(3)}),
                                        callOp(s, "ones", {Value::integer(4), Value::integer(5)})}); }) ==
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  Value ia = callMethod(s, callOp(s, "arange", {Value::integer(6)}), "reshape", {Value::integer(2), Value::integer(3)});
  Value ib = callMethod(s, callOp(s, "arange", {Value::integer(12)}), "reshape", {Value::integer(3), Value::integer(4)});
  CHECK(values(callOp(s, "mm", {ia, ib})) == std::vector<double>{20, 23, 26, 29, 56, 68, 80, 92});
}

TEST_CASE("allocation limits and bad sizes are errors", "[tensor][limits]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  CHECK(errorOf([&] { callOp(s, "zeros", {Value::integer(1000000000000)}); }).find("exceeds the interpreter's memory limit") != std::string::npos);
  CHECK(errorOf([&] { callOp(s, "zeros", {Value::integer(-1)}); }) == "Trying to create tensor with negative dimension -1: [-1]");
  CHECK(errorOf([&] { callOp(s, "zeros", {Value::integer(1LL << 40), Value::integer(1LL << 40)}); }) ==
        "Storage size calculation overflowed with sizes=[1099511627776, 1099511627776]");
  s.memory->limit = 1024;
  CHECK(errorOf([&] { callOp(s, "zeros", {Value::integer(1000)}); }).find("memory limit") != std::string::npos);
  callOp(s, "zeros", {Value::integer(100)});
}

TEST_CASE("argument binding errors follow PyTorch", "[tensor][binding]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = callOp(s, "ones", {Value::integer(3)});
  // add.Scalar has no Python signature, so add has one: its own message.
  CHECK(errorOf([&] { callOp(s, "add", {x, makeStr("a")}); }) ==
        "add(): argument 'other' (position 2) must be Tensor, not str");
  CHECK(errorOf([&] { callOp(s, "index_select", {x, Value::integer(0)}); }) ==
        "index_select() missing 1 required positional arguments: \"index\"");
  CHECK(errorOf([&] { callOp(s, "select_scatter", {x}); }) ==
        "select_scatter() missing 3 required positional argument: \"src\", \"dim\", \"index\"");
  CHECK(errorOf([&] { callOp(s, "clone", {x}, {KwArg{"memory_format", Value::integer(1)}}); }) ==
        "clone(): argument 'memory_format' must be torch.memory_format, not int");
  CHECK(errorOf([&] { callMethod(s, x, "unsqueeze", {Value::integer(0), Value::integer(1)}); }) ==
        "unsqueeze() takes 1 positional argument but 2 were given");
  CHECK(errorOf([&] { callMethod(s, x, "view", {Value::integer(3), makeStr("a")}); }) ==
        "view(): argument 'size' must be tuple of SymInts, but found element of type str at pos 2");
  CHECK(errorOf([&] { callOp(s, "cat", {makeList({x, Value::integer(1)})}); }) ==
        "expected Tensor as element 1 in argument 0, but got int");
  // Two plausible signatures: the combined message, the receiver left out,
  // PyTorch's trailing ", " when only keywords were given.
  CHECK(errorOf([&] { callMethod(s, x, "sum", {}, {KwArg{"keepdim", Value::integer(1)}}); })
            .find("sum() received an invalid combination of arguments - got (keepdim=int, ), but expected one of:\n"
                  " * (*, torch.dtype dtype)\n * (tuple of ints dim, bool keepdim, *, torch.dtype dtype)") == 0);
  CHECK(errorOf([&] { callMethod(s, x, "pow", {makeStr("a")}); }) ==
        "pow() received an invalid combination of arguments - got (str), but expected one of:\n"
        " * (Tensor exponent)\n"
        "      didn't match because some of the arguments have invalid types: (!str!)\n"
        " * (Number exponent)\n"
        "      didn't match because some of the arguments have invalid types: (!str!)");
  CHECK(errorOf([&] { callOp(s, "zeros", {Value::integer(2)}, {KwArg{"bogus", Value::integer(1)}}); }) ==
        "zeros() got an unexpected keyword argument 'bogus'");
}

TEST_CASE("meta tensors run only the shape rule, with eager-identical view metadata", "[tensor][meta]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value real = callOp(s, "zeros", {Value::integer(4), Value::integer(6)});
  Value proxy = Value(makeMetaTensor(T(real).meta));
  auto viewOf = [&](const Value& t) {
    return callMethod(s, callOp(s, "slice", {callMethod(s, t, "t", {}), Value::integer(0), Value::integer(1),
                                             Value::integer(5), Value::integer(2)}),
                      "select", {Value::integer(1), Value::integer(2)});
  };
  Value eager = viewOf(real), traced = viewOf(proxy);
  CHECK(T(traced).isMeta());
  CHECK(T(traced).sizes() == T(eager).sizes());
  CHECK(T(traced).strides() == T(eager).strides());
  CHECK(T(traced).meta.offset == T(eager).meta.offset);
  Value r = callMethod(s, proxy, "add_", {Value::integer(1)});
  CHECK(r.identical(proxy));
  Value sum = callOp(s, "add", {proxy, callOp(s, "ones", {Value::integer(6)}, {KwArg{"dtype", Value::dtype(DType::Float64)}})});
  CHECK(T(sum).isMeta());
  CHECK(T(sum).dtype() == DType::Float64);
  CHECK(T(sum).sizes() == Dims{4, 6});
}

// Note [Elementwise output layout]: the tracer (meta tensors) and the eager
// kernels must give fresh elementwise results the same strides.
TEST_CASE("elementwise results: meta-only and eager strides agree", "[tensor][meta]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value base = callMethod(s, callOp(s, "arange", {Value::integer(24)}), "reshape", {ints({2, 3, 4})});
  Value permuted = callMethod(s, base, "permute", {ints({2, 0, 1})});                       // (4, 2, 3)
  Value stepped = callOp(s, "slice", {permuted, Value::integer(0), Value::none(), Value::none(), Value::integer(2)});
  Value column = callMethod(s, callOp(s, "arange", {Value::integer(3)}), "reshape", {ints({3})});
  auto check = [&](const char* op, std::initializer_list<Value> args, std::initializer_list<int64_t> strides) {
    Value eager = callOp(s, op, args);
    std::vector<Value> metaArgs;
    for (const Value& a : args) metaArgs.push_back(a.isTensor() ? Value(makeMetaTensor(T(a).meta)) : a);
    const ir::OverloadSet* set = ir::opTable().overloads(op);
    CallArgs call{metaArgs.data(), metaArgs.size(), nullptr, 0};
    Value traced = callOverloads(s, *set, CallStyle::Function, nullptr, call);
    INFO(op);
    CHECK(T(traced).isMeta());
    CHECK(T(eager).strides() == Dims(strides));
    CHECK(T(traced).strides() == T(eager).strides());
  };
  check("add", {permuted, Value::integer(1)}, {1, 12, 4});
  check("mul", {permuted, column}, {1, 12, 4});
  check("mul", {column, permuted}, {1, 12, 4});
  check("eq", {permuted, callMethod(s, permuted, "contiguous", {})}, {1, 12, 4});
  check("exp", {permuted}, {1, 12, 4});
  check("where", {callOp(s, "gt", {permuted, Value::integer(3)}), permuted, Value::number(0.5)}, {1, 12, 4});
  check("add", {stepped, Value::number(0.5)}, {1, 6, 2});  // dense, in the stepped input's order
  check("neg", {stepped}, {1, 6, 2});
  check("pow", {Value::integer(2), permuted}, {6, 3, 1});  // torch.pow(number, t) is row-major
  check("bitwise_left_shift", {permuted, Value::integer(1)}, {1, 12, 4});
}

TEST_CASE("float sums follow the documented 8-lane blocked order", "[tensor][reduce]") {
  // Independent re-statement of Note [Reduction order] (reduce.h) for n = 300:
  // blocks [0,128) [128,256) [256,300); binary-counter merge then fold from the top.
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  std::vector<Value> items;
  std::vector<float> x;
  for (int i = 0; i < 300; ++i) {
    float v = 1.0f / static_cast<float>(i + 1) + (i % 7 == 0 ? 1e4f : 0.0f);
    x.push_back(v);
    items.push_back(Value::number(v));
  }
  auto block = [&](int b, int e) {
    float lane[8] = {};
    for (int i = b; i < e; ++i) lane[(i - b) % 8] += x[i];
    return ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
  };
  float b0 = block(0, 128), b1 = block(128, 256), b2 = block(256, 300);
  float expected = (b0 + b1) + b2;  // stack after merging: [(b0+b1) level 1, b2 level 0]; fold from the top
  Value t = tensor(s, makeList(items));
  float got = static_cast<float>(tensorItem(T(callMethod(s, t, "sum", {}))).asFloat());
  CHECK(got == expected);
}

TEST_CASE("integer arithmetic wraps around like PyTorch", "[tensor]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  const int64_t big = 9223372036854775807LL;
  Value x = tensor(s, ints({big, -big - 1}));
  CHECK(values(callOp(s, "add", {x, Value::integer(1)})) ==
        std::vector<double>{static_cast<double>(-big - 1), static_cast<double>(-big)});
  CHECK(tensorItem(T(callMethod(s, x, "sum", {}))).asInt() == -1);
  CHECK(errorOf([&] { callOp(s, "floor_divide", {x, Value::integer(0)}); }) == "ZeroDivisionError");
}

TEST_CASE("preserved layout: PyTorch's empty_like/clone stride rule", "[tensor][layout]") {
  // Note [Preserved layout]; expected strides from PyTorch 1.13.
  auto meta = [](Dims sizes, Dims strides) {
    TensorMeta m;
    m.sizes = sizes;
    m.strides = strides;
    return m;
  };
  CHECK(isNonOverlappingAndDense(meta({6, 4}, {1, 6})));
  CHECK(isNonOverlappingAndDense(meta({1, 4, 3}, {4, 1, 4})));
  CHECK(isNonOverlappingAndDense(meta({3, 0}, {1, 3})));
  CHECK(isNonOverlappingAndDense(meta({}, {})));
  CHECK_FALSE(isNonOverlappingAndDense(meta({2, 3, 2}, {12, 4, 2})));
  CHECK_FALSE(isNonOverlappingAndDense(meta({3, 4}, {1, 0})));
  CHECK_FALSE(isNonOverlappingAndDense(meta({3}, {2})));
  CHECK(denseStridesLike({2, 3, 2}, {12, 4, 2}) == Dims{6, 2, 1});
  CHECK(denseStridesLike({2, 2, 3}, {2, 12, 4}) == Dims{1, 6, 2});
  CHECK(denseStridesLike({3, 4}, {2, 6}) == Dims{1, 3});
  CHECK(denseStridesLike({3, 4}, {1, 0}) == Dims{4, 1});
  CHECK(denseStridesLike({2, 2, 3, 2}, {1, 4, 0, 2}) == Dims{1, 12, 2, 6});
  CHECK(denseStridesLike({6, 5, 4, 3, 2}, {6, 0, 120, 0, 1}) == Dims{6, 36, 180, 2, 1});
  TensorMeta t = meta({6, 4}, {1, 6});
  CHECK(layoutLike(t, DType::Int64, MemoryFormat::Preserve).strides == Dims{1, 6});
  CHECK(layoutLike(t, DType::Int64, MemoryFormat::Preserve).dtype == DType::Int64);
  CHECK(layoutLike(t, DType::Float32, MemoryFormat::Contiguous).strides == Dims{4, 1});
  MemoryFormat f;
  CHECK(parseMemoryFormat("contiguous_format", f));
  CHECK(f == MemoryFormat::Contiguous);
  CHECK(parseMemoryFormat("channels_last", f));
  CHECK(f == MemoryFormat::ChannelsLast);
  CHECK_FALSE(parseMemoryFormat("channels_last_3d", f));
}

TEST_CASE("clone and *_like keep a dense input's strides, eager and meta alike", "[tensor][layout]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = callMethod(s, callOp(s, "arange", {Value::integer(24)}, {KwArg{"dtype", Value::dtype(DType::Float64)}}),
                       "reshape", {ints({2, 3, 4})});
  Value perm = callMethod(s, x, "permute", {ints({2, 0, 1})});
  Value stepped = callOp(s, "slice", {perm, Value::integer(2), Value::integer(0), Value::none(), Value::integer(2)});
  for (const Value& in : {perm, stepped}) {
    Value proxy = Value(makeMetaTensor(T(in).meta));
    for (const char* name : {"clone", "zeros_like", "rand_like"}) {
      INFO(name);
      Value eager = callOp(s, name, {in});
      Value traced = callOp(s, name, {proxy});
      CHECK(T(traced).isMeta());
      CHECK(T(traced).strides() == T(eager).strides());
    }
  }
  CHECK(T(callOp(s, "clone", {perm})).strides() == Dims{1, 12, 4});
  CHECK(T(callOp(s, "clone", {stepped})).strides() == Dims{1, 8, 4});
  CHECK(values(callOp(s, "clone", {stepped})) == values(callMethod(s, stepped, "contiguous", {})));
  // A graph node carries the format by name; an unknown name is an error.
  ir::BoundArgs b;
  b.reset(ir::opTable().find("clone"), 2);
  b.setValue(0, perm);
  b.setStr(1, "contiguous_format");
  CHECK(T(b.op->eager(s, b)[0]).strides() == Dims{6, 3, 1});
  b.setStr(1, "channels_last");  // a 3-d tensor: PyTorch's rank error (docs/views.md)
  CHECK(errorOf([&] { b.op->eager(s, b); }) == "required rank 4 tensor to use channels_last format");
  b.setStr(1, "channels_last_3d");
  CHECK(errorOf([&] { b.op->eager(s, b); }) == "unknown memory format 'channels_last_3d'");
}

TEST_CASE("bitwise ops: dtypes, scalars on either side, in-place casts", "[tensor][bitwise]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value i = tensor(s, ints({1, 2, 3}));
  Value b = tensor(s, makeList({Value::boolean(true), Value::boolean(false), Value::boolean(true)}));
  CHECK(values(callOp(s, "bitwise_and", {i, Value::integer(1)})) == std::vector<double>{1, 0, 1});
  CHECK(values(callOp(s, "bitwise_or", {Value::integer(4), i})) == std::vector<double>{5, 6, 7});
  Value x = callOp(s, "bitwise_xor", {b, Value::integer(1)});
  CHECK(T(x).dtype() == DType::Int64);
  CHECK(T(callOp(s, "bitwise_and", {b, Value::boolean(true)})).dtype() == DType::Bool);
  Value f = tensor(s, floats({1, 2}));
  CHECK(errorOf([&] { callOp(s, "bitwise_and", {i, Value::number(1.5)}); }) ==
        "\"bitwise_and_cpu\" not implemented for 'Float'");
  CHECK(errorOf([&] { callMethod(s, f, "bitwise_or_", {Value::integer(1)}); }) ==
        "\"bitwise_or_cpu\" not implemented for 'Float'");
  CHECK(errorOf([&] { callMethod(s, b, "bitwise_or_", {Value::integer(1)}); }) ==
        "result type Long can't be cast to the desired output type Bool");
  Value y = callMethod(s, i, "clone", {});
  CHECK(callMethod(s, y, "bitwise_not_", {}).identical(y));
  CHECK(values(y) == std::vector<double>{-2, -3, -4});
  Value g = tensor(s, floats({0, 1.5}));
  callMethod(s, g, "logical_not_", {});
  CHECK(values(g) == std::vector<double>{1, 0});
  CHECK(T(g).dtype() == DType::Float32);
}
