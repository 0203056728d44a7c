// The ops derivative formulas are written with: each binds one op-table row
// by its full name and dispatches it through autograd (so a backward with
// create_graph=True records its own graph). Arguments not given take the
// schema's defaults.
#pragma once

#include <initializer_list>
#include <string_view>
#include <vector>

#include "ops/op_table.h"
#include "tensor/tensor.h"

namespace tdsl::autograd {

struct OpArg {
  enum class Kind : uint8_t { Value, Dims, Tensors } kind = Kind::Value;
  Value value;
  Dims dims;
  std::vector<Value> tensors;
  OpArg(Value v) : value(std::move(v)) {}  // NOLINT: implicit by design
  OpArg(const Ref<TensorObject>& t) : value(t) {}  // NOLINT
  OpArg(const Dims& d) : kind(Kind::Dims), dims(d) {}  // NOLINT
  OpArg(std::vector<Value> ts) : kind(Kind::Tensors), tensors(std::move(ts)) {}  // NOLINT
  static OpArg i(int64_t x) { return OpArg(Value::integer(x)); }
  static OpArg f(double x) { return OpArg(Value::number(x)); }
  static OpArg b(bool x) { return OpArg(Value::boolean(x)); }
};

// Runs `fullName` (an op-table row) on `args` (schema order, trailing defaults omitted).
Value op(TensorState& s, std::string_view fullName, std::initializer_list<OpArg> args);

// Shorthands used by many formulas.
Value zerosOf(TensorState& s, const TensorMeta& m);           // zeros with m's sizes and dtype
Value sumToSize(TensorState& s, const Value& g, const Dims& sizes);  // undoes broadcasting
Value toDtype(TensorState& s, const Value& g, DType d);
Value mul(TensorState& s, const Value& a, const Value& b);
Value div(TensorState& s, const Value& a, const Value& b);
Value neg(TensorState& s, const Value& a);
Value where(TensorState& s, const Value& cond, const Value& a, const Value& b);
// A view's gradient as a gradient of its base: `g` written at the view's
// elements (geometry `view`, in the base's storage) of zeros laid out as
// `base` (Note [Differentiable views]; diagonal, as_strided, CopySlices).
Value scatterIntoBase(TensorState& s, const Value& g, const TensorMeta& base, const TensorMeta& view);
// The elements of `view` in a base-laid-out buffer: the buffer (1-D) and the
// base and view over it.
struct BaseBuffer {
  Value buffer, base, view;
};
BaseBuffer baseBuffer(TensorState& s, const TensorMeta& base, const TensorMeta& view, const Value& gradient);
// One of a BaseBuffer's views once writes through the other are done (with
// their history under create_graph, Note [Second-order views] in grad_ops.cpp).
Value afterWrites(TensorState& s, const Value& view);

}  // namespace tdsl::autograd
