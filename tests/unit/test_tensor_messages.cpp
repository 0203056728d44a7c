// PyTorch's exact messages for bad random-factory dtypes and select_scatter
// sources (texts checked against torch 1.13).
#include <catch2/catch.hpp>

#include "support/diagnostics.h"
#include "vm/objects.h"
#include "vm/torch/dispatch.h"
#include "tensor/tensor.h"
#include "vm/torch/tensor_data.h"
#include "test_support.h"

using namespace tdsl;

TEST_CASE("random factories name PyTorch's refusing kernel for integer dtypes", "[tensor][errors]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value longs = Value(tensorFromData(s, makeList({Value::integer(1), Value::integer(2)}), std::nullopt));
  Value floats = Value(tensorFromData(s, makeList({Value::number(1.0)}), std::nullopt));
  KwArg asInt{"dtype", Value::dtype(DType::Int32)};
  KwArg asLong{"dtype", Value::dtype(DType::Int64)};
  CHECK(errorOf([&] { callOp(s, "randn_like", {longs}); }) == "\"normal_kernel_cpu\" not implemented for 'Long'");
  CHECK(errorOf([&] { callOp(s, "randn_like", {floats}, {asInt}); }) == "\"normal_kernel_cpu\" not implemented for 'Int'");
  CHECK(errorOf([&] { callOp(s, "rand_like", {longs}); }) == "\"check_uniform_bounds\" not implemented for 'Long'");
  CHECK(errorOf([&] { callOp(s, "randn", {Value::integer(2)}, {asLong}); }) ==
        "\"normal_kernel_cpu\" not implemented for 'Long'");
  CHECK(errorOf([&] { callOp(s, "rand", {Value::integer(2)}, {asLong}); }) ==
        "\"check_uniform_bounds\" not implemented for 'Long'");
}

TEST_CASE("select_scatter's source size message is PyTorch's", "[tensor][errors]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = callOp(s, "zeros", {makeList({Value::integer(3), Value::integer(4)})});
  Value src = callOp(s, "ones", {makeList({Value::integer(5)})});
  CHECK(errorOf([&] { callOp(s, "select_scatter", {x, src, Value::integer(0), Value::integer(1)}); }) ==
        "expected src to have a size equal to the slice of self. src size = [5], slice size = [4]");
}
