// Issue 16: vmap's batch levels (Note [Batch levels] in autograd/batching.h):
// marks flow through autograd's dispatch to results, die with their level,
// and refuse an in-place write of a batched tensor into an unbatched one.
#include <catch2/catch.hpp>

#include <memory>

#include "autograd/autograd_meta.h"
#include "autograd/batching.h"
#include "autograd/grad_ops.h"
#include "support/diagnostics.h"
#include "tensor/tensor.h"

using namespace tdsl;
using autograd::op;

namespace {

Value filled(TensorState& s, Dims sizes, float v) {
  auto t = allocTensor(s, DType::Float32, sizes);
  for (int64_t i = 0; i < t->numel(); ++i) t->data<float>()[i] = v;
  return Value(t);
}

}  // namespace

TEST_CASE("vmap levels: results of a batched argument are batched; a dead level marks nothing") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  Value a = filled(s, {3}, 1.0f), plain = filled(s, {3}, 2.0f);
  auto level = std::make_shared<BatchLevel>();
  autograd::markBatched(*asTensor(a), level);
  Value sum = op(s, "add.Tensor", {a, plain, Value::number(1.0)});
  Value view = op(s, "unsqueeze", {sum, Value::integer(0)});
  CHECK(autograd::isBatched(*asTensor(sum)));
  CHECK(autograd::isBatched(*asTensor(view)));
  CHECK_FALSE(autograd::isBatched(*asTensor(plain)));
  CHECK_FALSE(autograd::requiresGrad(*asTensor(sum)));
  level->live = false;
  CHECK_FALSE(autograd::isBatched(*asTensor(sum)));
  Value later = op(s, "mul.Tensor", {sum, plain});
  CHECK_FALSE(autograd::isBatched(*asTensor(later)));
}

TEST_CASE("vmap levels: an in-place write needs self batched at every level of its arguments") {
  TensorStatePtr state = makeTensorState();
  TensorState& s = *state;
  auto outer = std::make_shared<BatchLevel>(), inner = std::make_shared<BatchLevel>();
  Value x = filled(s, {3}, 1.0f), y = filled(s, {3}, 2.0f), plain = filled(s, {3}, 0.0f);
  autograd::markBatched(*asTensor(x), outer);
  autograd::markBatched(*asTensor(y), inner);
  CHECK_NOTHROW(op(s, "mul_.Tensor", {x, plain}));  // batched self, unbatched argument
  CHECK_THROWS_WITH(op(s, "mul_.Tensor", {plain, x}), Catch::Contains("vmap: inplace arithmetic(self, *extra_args)"));
  CHECK_THROWS_WITH(op(s, "mul_.Tensor", {x, y}), Catch::Contains("vmap: inplace arithmetic"));
  Value both = op(s, "add.Tensor", {x, y, Value::number(1.0)});
  CHECK_NOTHROW(op(s, "mul_.Tensor", {both, y}));
  inner->live = false;
  CHECK_NOTHROW(op(s, "mul_.Tensor", {x, y}));  // y's level has ended
}
