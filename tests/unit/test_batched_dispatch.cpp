// Issue 16: vmap's batching layer (Note [Batched tensors] in
// autograd/batched_dispatch.h): an op on batched tensors runs once on the
// physical views and its results are batched at the union of the levels;
// the per-sample fallback gives the same values; gradients leaving a level
// are summed over its samples.
#include <catch2/catch.hpp>

#include <memory>

#include "autograd/autograd_meta.h"
#include "autograd/batched_dispatch.h"
#include "autograd/grad_ops.h"
#include "tensor/tensor.h"

using namespace tdsl;
using autograd::op;

namespace {

Value iota(TensorState& s, Dims sizes) {
  auto t = allocTensor(s, DType::Float32, sizes);
  for (int64_t i = 0; i < t->numel(); ++i) t->data<float>()[i] = static_cast<float>(i);
  return Value(t);
}

std::shared_ptr<BatchLevel> openLevel(TensorState& s, int64_t size) {
  auto level = std::make_shared<BatchLevel>();
  level->physical = true;
  level->size = size;
  level->openedAt = ++s.autogradSequence;
  return level;
}

// Element (i, j) of a 2-D physical view.
float at(const Value& v, int64_t i, int64_t j) {
  const TensorObject& t = *asTensor(v);
  return t.data<float>()[t.meta.offset + i * t.meta.strides[0] + j * t.meta.strides[1]];
}

}  // namespace

TEST_CASE("batched dispatch: a pointwise op runs on every sample; the result keeps the level") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  auto level = openLevel(s, 4);
  Value x = iota(s, {4, 3});  // samples x[b] = [3b, 3b+1, 3b+2]
  Value xb = autograd::addBatchDim(*asTensor(x), 0, level);
  CHECK(asTensor(xb)->sizes() == Dims{3});
  Value r = op(s, "mul.Scalar", {xb, Value::number(2.0)});
  REQUIRE(autograd::hasPhysicalDims(*asTensor(r)));
  CHECK(asTensor(r)->sizes() == Dims{3});
  Value p = autograd::physicalViewOf(*asTensor(r));
  CHECK(asTensor(p)->sizes() == Dims{4, 3});
  for (int64_t b = 0; b < 4; ++b)
    for (int64_t j = 0; j < 3; ++j) CHECK(at(p, b, j) == 2.0f * static_cast<float>(3 * b + j));
  // Unwrapped at dim 1: [3, 4].
  Value out = autograd::removeBatchDim(*asTensor(r), level, 1);
  CHECK_FALSE(autograd::hasPhysicalDims(*asTensor(out)));
  CHECK(asTensor(out)->sizes() == Dims{3, 4});
  CHECK(at(out, 2, 1) == 2.0f * 5.0f);
}

TEST_CASE("batched dispatch: reductions move their dim past the batch; the fallback agrees") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  auto level = openLevel(s, 2);
  Value x = iota(s, {2, 3});
  Value xb = autograd::addBatchDim(*asTensor(x), 0, level);
  Value total = op(s, "sum", {xb, Value()});  // a full reduction of each sample
  CHECK(asTensor(total)->dim() == 0);
  Value p = autograd::physicalViewOf(*asTensor(total));
  REQUIRE(asTensor(p)->sizes() == Dims{2});
  CHECK(asTensor(p)->data<float>()[asTensor(p)->meta.offset] == 3.0f);
  CHECK(asTensor(p)->data<float>()[asTensor(p)->meta.offset + asTensor(p)->meta.strides[0]] == 12.0f);
  // prod has no batching rule here: the per-sample fallback.
  Value prod = op(s, "prod", {xb, Value()});
  Value q = autograd::physicalViewOf(*asTensor(prod));
  REQUIRE(asTensor(q)->sizes() == Dims{2});
  CHECK(asTensor(q)->data<float>()[asTensor(q)->meta.offset] == 0.0f);
  CHECK(asTensor(q)->data<float>()[asTensor(q)->meta.offset + asTensor(q)->meta.strides[0]] == 60.0f);
}

TEST_CASE("batched dispatch: two levels broadcast against each other") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  auto outer = openLevel(s, 2), inner = openLevel(s, 3);
  Value a = autograd::addBatchDim(*asTensor(iota(s, {2})), 0, outer);  // samples 0, 1
  Value b = autograd::addBatchDim(*asTensor(iota(s, {3})), 0, inner);  // samples 0, 1, 2
  Value r = op(s, "add.Tensor", {a, op(s, "mul.Scalar", {b, Value::number(10.0)}), Value::number(1.0)});
  Value p = autograd::physicalViewOf(*asTensor(r));
  REQUIRE(asTensor(p)->sizes() == Dims{2, 3});
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j) CHECK(at(p, i, j) == static_cast<float>(i + 10 * j));
}

TEST_CASE("batched dispatch: an in-place write into a tensor lacking a level refuses") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  auto level = openLevel(s, 2);
  Value xb = autograd::addBatchDim(*asTensor(iota(s, {2, 3})), 0, level);
  Value plain = iota(s, {3});
  // PyTorch 2.15's wordings (Note [In-place into an unbatched self]).
  CHECK_THROWS_WITH(op(s, "mul_.Tensor", {plain, xb}), Catch::Contains("vmap: inplace arithmetic(self, *extra_args)"));
  CHECK_THROWS_WITH(op(s, "pow_.Tensor_Tensor", {plain, xb}), Catch::Contains("vmap: aten::pow_(self, *extra_args)"));
  CHECK_THROWS_WITH(op(s, "add_.Tensor", {plain, xb, Value::number(1.0)}),
                    Catch::Equals("output with shape [3] doesn't match the broadcast shape [2, 3]"));
  CHECK_NOTHROW(op(s, "add_.Tensor", {xb, plain, Value::number(1.0)}));
}

TEST_CASE("batched dispatch: a gradient leaving a level is summed over its samples") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  const uint64_t before = s.autogradSequence;
  auto level = openLevel(s, 2);
  Value g = autograd::addBatchDim(*asTensor(iota(s, {2, 3})), 0, level);
  // While the level's call is under way (a backward under vmap): per sample.
  CHECK(autograd::sumLevelsLeft(s, g, before).asObj() == g.asObj());
  level->live = false;
  CHECK(autograd::sumLevelsLeft(s, g, level->openedAt).asObj() == g.asObj());  // made inside the level
  Value summed = autograd::sumLevelsLeft(s, g, before);
  REQUIRE_FALSE(autograd::hasPhysicalDims(*asTensor(summed)));
  REQUIRE(asTensor(summed)->sizes() == Dims{3});
  CHECK(asTensor(summed)->data<float>()[0] == 3.0f);
  CHECK(asTensor(summed)->data<float>()[2] == 7.0f);
}
