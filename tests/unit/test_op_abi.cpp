// The typed op ABI (Note [Op ABI] in tensor/op_abi.h): kernels and shape
// rules run from BoundArgs that hold no VM object, and return OpResults.
#include <catch2/catch.hpp>

#include "ops/dispatch.h"
#include "ops/op_table.h"
#include "support/diagnostics.h"
#include "tensor/tensor.h"
#include "vm/objects.h"
#include "vm/torch/dispatch.h"
#include "test_support.h"

using namespace tdsl;

namespace {

BoundArgs bound(const char* fullName, int count) {
  const ir::OpDef* op = ir::opTable().find(fullName);
  REQUIRE(op != nullptr);
  BoundArgs b;
  b.reset(op, count);
  return b;
}

Dims dimsOf(std::initializer_list<int64_t> xs, BoundArgs& b, int slot) {
  Dims* d = b.setDims(slot, xs.size());
  REQUIRE(d != nullptr);
  for (int64_t x : xs) d->push_back(x);
  return *d;
}

}  // namespace

TEST_CASE("op ABI: int[], Tensor[] and multi-output results without VM objects", "[op_abi]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = Value(allocTensor(s, DType::Float32, Dims{2, 3}, /*zero=*/true));

  BoundArgs view = bound("view", 2);
  view.setValue(0, x);
  dimsOf({3, 2}, view, 1);
  OpResults r = dispatchOp(s, *ir::opTable().find("view"), view);
  REQUIRE(r.count == 1);
  CHECK(asTensor(r[0])->sizes() == Dims{3, 2});
  CHECK(asTensor(r[0])->storage == asTensor(x)->storage);

  BoundArgs cat = bound("cat", 2);
  std::vector<Value>& items = cat.setTensors(0);
  items = {x, x};
  cat.setValue(1, Value::integer(1));
  OpResults c = dispatchOp(s, *ir::opTable().find("cat"), cat);
  CHECK(asTensor(c[0])->sizes() == Dims{2, 6});

  BoundArgs max = bound("max.dim", 3);
  max.setValue(0, x);
  max.setValue(1, Value::integer(1));
  max.setValue(2, Value::boolean(false));
  OpResults m = dispatchOp(s, *ir::opTable().find("max.dim"), max);
  REQUIRE(m.count == 2);
  CHECK(asTensor(m[0])->dtype() == DType::Float32);
  CHECK(asTensor(m[1])->dtype() == DType::Int64);
  // The VM makes them torch.return_types.max (Note [Multi-output results]).
  Value packed = packResults(*ir::opTable().find("max.dim"), std::move(m));
  REQUIRE(packed.isObj(ObjKind::Tuple));
  CHECK(packed.as<TupleObject>()->named()->name == "torch.return_types.max");

  // Meta tensors run the shape rule only, through the same entry.
  BoundArgs metaView = view;
  metaView.setValue(0, Value(makeMetaTensor(asTensor(x)->meta)));
  OpResults mv = dispatchOp(s, *ir::opTable().find("view"), metaView);
  CHECK(asTensor(mv[0])->isMeta());
  CHECK(asTensor(mv[0])->sizes() == Dims{3, 2});
}

TEST_CASE("op ABI: a list longer than kMaxDims fails where the rule reads it", "[op_abi]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = Value(allocTensor(s, DType::Float32, Dims{1}, /*zero=*/true));
  BoundArgs view = bound("view", 2);
  view.setValue(0, x);
  CHECK(view.setDims(1, 20) == nullptr);
  const char* want = "tensors with more than 16 dimensions are not supported (got 17)";
  CHECK(errorOf([&] { dispatchOp(s, *ir::opTable().find("view"), view); }) == want);
  // The argument parser binds the same way (varargs and list forms).
  std::vector<Value> ones(20, Value::integer(1));
  CHECK(errorOf([&] { callMethod(s, x, "view", {makeList(ones)}); }) == want);
}

TEST_CASE("op ABI: copySlot carries every kind", "[op_abi]") {
  BoundArgs a = bound("as_strided_scatter", 5);
  dimsOf({2, 2}, a, 2);
  dimsOf({1, 2}, a, 3);
  a.setValue(4, Value());
  a.setStr(0, "contiguous_format");
  BoundArgs b;
  b.reset(a.op, 4);
  b.copySlot(1, a, 2);
  b.copySlot(2, a, 3);
  b.copySlot(3, a, 4);
  b.copySlot(0, a, 0);
  CHECK(b.dimsAt(1) == Dims{2, 2});
  CHECK(b.dimsAt(2) == Dims{1, 2});
  CHECK(b.isNone(3));
  CHECK(!b.isNone(1));
  CHECK(b.kind(0) == ArgKind::Str);
  CHECK(b.strAt(0) == "contiguous_format");
}
