// Python subscripts on tensors (tensor_bridge.h): basic indexing (ints,
// slices, None, ..., tuples of them) becomes select/slice/unsqueeze views;
// integer/bool tensors and int lists become one advanced `index` (a copy).
// Assignment writes through the same views with copy_/fill_, or index_put_.
// Everything goes through dispatch, so the tracer sees ordinary ops.
#include <vector>

#include "autograd/autograd_meta.h"
#include "autograd/dispatch.h"
#include "support/diagnostics.h"
#include "vm/objects.h"
#include "vm/value_ops.h"
#include "vm/torch/bindings.h"
#include "tensor/kernel_util.h"
#include "tensor/scalar_convert.h"
#include "vm/torch/tensor_data.h"
#include "vm/tensor_bridge.h"

namespace tdsl {

namespace {

bool isIntIndex(const Value& v) { return v.isInt() || v.isBool(); }

// A 0-dim integer tensor used as an index behaves like an int (x[t] where t = tensor(2)).
bool isScalarIntTensor(const Value& v) {
  if (!v.isTensor()) return false;
  const TensorObject& t = *asTensor(v);
  return t.dim() == 0 && (t.dtype() == DType::Int64 || t.dtype() == DType::Int32) && !t.isMeta();
}

std::optional<int64_t> sliceBound(const Value& v, const char* what) {
  if (v.isNone()) return std::nullopt;
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return static_cast<int64_t>(v.asBool());
  if (isScalarIntTensor(v)) return tensorItem(*asTensor(v)).asInt();
  throw Error(ErrorKind::Type, std::string("slice indices must be integers or None or have an __index__ method"));
}

// Note [Full slices emit no op]
// A `:` (or `0:`, `::1`) dimension of a subscript selects the whole dimension
// whatever its size, so it makes no slice op: x[:, 1] is one select, as in
// PyTorch's applySlicing and in Dynamo's graphs (one node per subscript). The
// test does not read sizes, so it holds for dynamic dimensions too.
bool coversWholeDim(const std::optional<int64_t>& start, const std::optional<int64_t>& stop,
                    const std::optional<int64_t>& step) {
  return (!start || *start == 0) && !stop && (!step || *step == 1);
}

struct Indexed {
  Value view;                      // result of the basic indexing
  std::vector<Value> advanced;     // per dim of `view`: index tensor or None
  bool hasAdvanced = false;
};

int consumedDims(const Value& v) {
  if (v.isNone() || isEllipsis(v)) return 0;
  if (v.isTensor()) {
    const TensorObject& t = *asTensor(v);
    return t.dtype() == DType::Bool ? t.dim() : 1;
  }
  return 1;
}

Indexed applyIndex(Interpreter& interp, const Value& self, const Value& index) {
  TensorState& state = stateOf(interp);
  std::vector<Value> items;
  if (index.isObj(ObjKind::Tuple)) items = index.as<TupleObject>()->items.toVector();
  else items.push_back(index);

  const TensorObject& base = *asTensor(self);
  int consumed = 0, ellipses = 0;
  for (const Value& v : items) {
    consumed += consumedDims(v);
    if (isEllipsis(v)) ++ellipses;
  }
  if (ellipses > 1) throw Error(ErrorKind::Index, "an index can only have a single ellipsis ('...')");
  if (consumed > base.dim())
    throw Error(ErrorKind::Index, "too many indices for tensor of dimension " + std::to_string(base.dim()));

  Indexed out;
  out.view = self;
  int dim = 0;
  int covered = 0;  // dims of out.view described by out.advanced
  int remaining = consumed;
  for (const Value& v : items) {
    const TensorObject& cur = *asTensor(out.view);
    if (isEllipsis(v)) {
      dim += cur.dim() - dim - remaining;
      continue;
    }
    if (v.isNone()) {
      out.view = callOp(state, "unsqueeze", {out.view, Value::integer(dim)});
      ++dim;
      continue;
    }
    remaining -= consumedDims(v);
    if (isIntIndex(v) || isScalarIntTensor(v)) {
      if (v.isBool()) throw Error(ErrorKind::Index, "indexing a tensor with a Python bool is not supported");
      int64_t i = v.isInt() ? v.asInt() : tensorItem(*asTensor(v)).asInt();
      int64_t size = cur.sizes()[dim];
      if (i < -size || i >= size)
        throw Error(ErrorKind::Index, "index " + std::to_string(i) + " is out of bounds for dimension " +
                                          std::to_string(dim) + " with size " + std::to_string(size));
      out.view = callOp(state, "select", {out.view, Value::integer(dim), Value::integer(i)});
      continue;
    }
    if (isSlice(v)) {
      const auto* s = static_cast<const SliceObject*>(v.asObj());
      auto start = sliceBound(s->lower, "start");
      auto stop = sliceBound(s->upper, "stop");
      auto step = sliceBound(s->step, "step");
      if (step && *step == 0) throw Error(ErrorKind::Value, "slice step cannot be zero");
      if (step && *step < 0) throw Error(ErrorKind::Value, "step must be greater than zero");
      ++dim;
      if (coversWholeDim(start, stop, step)) continue;  // Note [Full slices emit no op]
      Value startV = start ? Value::integer(*start) : Value(), stopV = stop ? Value::integer(*stop) : Value();
      out.view = callOp(state, "slice", {out.view, Value::integer(dim - 1), startV, stopV, Value::integer(step.value_or(1))});
      continue;
    }
    Value idx = v;
    if (v.isObj(ObjKind::List)) idx = Value(tensorFromData(state, v, std::nullopt));
    if (!idx.isTensor())
      throw Error(ErrorKind::Index, "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
                                    "are valid indices (got " + typeName(v) + ")");
    const TensorObject& it = *asTensor(idx);
    if (isFloating(it.dtype()))
      throw Error(ErrorKind::Index, "tensors used as indices must be long, int, byte or bool tensors");
    // Entries of `index`'s list: None for untouched dims, one entry per
    // index tensor (a k-dim bool mask covers k dims with one entry).
    for (; covered < dim; ++covered) out.advanced.push_back(Value());
    out.advanced.push_back(idx);
    out.hasAdvanced = true;
    int span = it.dtype() == DType::Bool ? it.dim() : 1;
    dim += span;
    covered = dim;
  }
  return out;
}

// Note [Setitem value shape]
// As PyTorch's copy_to: the value drops leading size-1 dims (x[0] = ones(1, 4)
// on a row of 4) and must expand to the target's sizes, with expand's
// message when it cannot. The drop is squeeze(0) and expand runs only to
// raise, so no size enters a traced graph; copy_ broadcasts the rest.
Value setItemSource(TensorState& state, const Value& target, Value value) {
  const Dims& to = asTensor(target)->sizes();
  while (asTensor(value)->dim() > to.size() && asTensor(value)->sizes()[0] == 1)
    value = callOp(state, "squeeze", {value, Value::integer(0)});
  const Dims& have = asTensor(value)->sizes();
  bool expands = have.size() <= to.size();
  for (int i = 0; expands && i < have.size(); ++i) {
    int64_t h = have[have.size() - 1 - i], t = to[to.size() - 1 - i];
    expands = h == t || h == 1;
  }
  if (!expands) {
    std::vector<Value> sizes;
    for (int64_t d : to) sizes.push_back(Value::integer(d));
    callMethod(state, value, "expand", {makeList(std::move(sizes))});  // raises expand's error
  }
  return value;
}

}  // namespace

Value bridge::getItem(Interpreter& interp, const Value& self, const Value& index) {
  Indexed r = applyIndex(interp, self, index);
  TensorState& state = stateOf(interp);
  if (r.hasAdvanced) return callOp(state, "index", {r.view, makeList(r.advanced)});
  if (r.view.identical(self)) return callOp(state, "alias", {self});  // x[...] is a new view object
  return r.view;
}

void bridge::setItem(Interpreter& interp, const Value& self, const Value& index, const Value& value) {
  TensorState& state = stateOf(interp);
  Value v = value;
  if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple))
    v = Value(tensorFromData(state, v, asTensor(self)->dtype()));
  if (!v.isTensor() && !(v.isBool() || v.isInt() || v.isFloat()))
    throw Error(ErrorKind::Type, "can't assign a " + typeName(value) + " to a " +
                                     std::string(dtypeScalarName(asTensor(self)->dtype())) + "Tensor");
  Indexed r = applyIndex(interp, self, index);
  // Note [Differentiable views]: writing a tensor that requires grad through
  // a view rebases the indexed tensor's history (CopySlices).
  if (v.isTensor() && autograd::requiresGrad(*asTensor(v)) && !r.view.identical(self))
    autograd::noteView(state, *asTensor(r.view), *asTensor(self));
  if (r.hasAdvanced) {
    if (!v.isTensor()) {
      checkScalarFits(v, asTensor(self)->dtype());  // as fill_ would (Note [Checked scalar conversion])
      v = Value(scalarTensor(state, v, asTensor(self)->dtype()));
    }
    callMethod(state, r.view, "index_put_", {makeList(r.advanced), v});
    return;
  }
  if (v.isTensor()) callMethod(state, r.view, "copy_", {setItemSource(state, r.view, v)});
  else callMethod(state, r.view, "fill_", {v});
}

}  // namespace tdsl
