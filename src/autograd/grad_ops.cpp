#include "autograd/grad_ops.h"

#include "autograd/autograd_meta.h"
#include "autograd/batched_dispatch.h"
#include "autograd/dispatch.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

namespace {

void putDefault(const ir::SchemaArg& arg, BoundArgs& out, int i) {
  const ir::ArgDefault& d = arg.defaultValue;
  switch (d.kind) {
    case ir::ArgDefault::Kind::None: out.setValue(i, Value()); return;
    case ir::ArgDefault::Kind::Bool: out.setValue(i, Value::boolean(d.b)); return;
    case ir::ArgDefault::Kind::Int:
      out.setValue(i, arg.type == ir::ArgType::Float ? Value::number(static_cast<double>(d.i)) : Value::integer(d.i));
      return;
    case ir::ArgDefault::Kind::Float: out.setValue(i, Value::number(d.f)); return;
    case ir::ArgDefault::Kind::IntList:
      if (Dims* dims = out.setDims(i, d.ints.size()))
        for (int64_t x : d.ints) dims->push_back(x);
      return;
    case ir::ArgDefault::Kind::Str: out.setStr(i, d.str); return;
  }
}

}  // namespace

Value op(TensorState& s, std::string_view fullName, std::initializer_list<OpArg> args) {
  const ir::OpDef* def = ir::opTable().find(fullName);
  TDSL_ASSERT(def != nullptr);
  const auto n = static_cast<int>(def->schema.args.size());
  TDSL_ASSERT(static_cast<int>(args.size()) <= n);
  BoundArgs b;
  b.reset(def, n);
  int i = 0;
  for (const OpArg& a : args) {
    switch (a.kind) {
      case OpArg::Kind::Value: b.setValue(i, a.value); break;
      case OpArg::Kind::Dims:
        if (Dims* d = b.setDims(i, a.dims.size()))
          for (int64_t x : a.dims) d->push_back(x);
        break;
      case OpArg::Kind::Tensors: b.setTensors(i) = a.tensors; break;
    }
    ++i;
  }
  for (; i < n; ++i) {
    const ir::SchemaArg& sa = def->schema.args[static_cast<size_t>(i)];
    TDSL_ASSERT(sa.hasDefault || sa.optional);
    putDefault(sa, b, i);
  }
  OpResults r = dispatchWithGrad(s, *def, b);
  return r[0];
}

Value zerosOf(TensorState& s, const TensorMeta& m) {
  return op(s, "zeros", {m.sizes, Value::dtype(m.dtype)});
}

Value sumToSize(TensorState& s, const Value& g, const Dims& sizes) {
  const TensorObject& t = *asTensor(g);
  if (t.sizes() == sizes) return g;
  const int lead = t.dim() - static_cast<int>(sizes.size());
  Dims reduce;
  for (int d = 0; d < t.dim(); ++d)
    if (d < lead || (sizes[static_cast<size_t>(d - lead)] == 1 && t.sizes()[static_cast<size_t>(d)] != 1)) reduce.push_back(d);
  Value r = g;
  if (!reduce.empty()) r = op(s, "sum.dim_IntList", {r, reduce, Value::boolean(true)});
  return op(s, "reshape", {r, sizes});
}

Value toDtype(TensorState& s, const Value& g, DType d) {
  if (asTensor(g)->dtype() == d) return g;
  return op(s, "to.dtype", {g, Value::dtype(d)});
}

Value mul(TensorState& s, const Value& a, const Value& b) { return op(s, "mul.Tensor", {a, b}); }
Value div(TensorState& s, const Value& a, const Value& b) { return op(s, "div.Tensor", {a, b}); }
Value neg(TensorState& s, const Value& a) { return op(s, "neg", {a}); }
Value where(TensorState& s, const Value& cond, const Value& a, const Value& b) {
  return op(s, "where.self", {cond, a, b});
}

BaseBuffer baseBuffer(TensorState& s, const TensorMeta& base, const TensorMeta& view, const Value& gradient) {
  int64_t span = base.numel() == 0 ? 0 : 1;
  for (int d = 0; d < base.sizes.size(); ++d) span += (base.sizes[d] - 1) * base.strides[d];
  Dims flat;
  flat.push_back(span);
  BaseBuffer b;
  // Batched as the gradient written into it is (Note [Batched tensors]).
  b.buffer = hasPhysicalDims(*asTensor(gradient)) ? zerosBatchedLike(s, gradient, flat, base.dtype)
                                                  : op(s, "zeros", {flat, Value::dtype(base.dtype)});
  b.base = op(s, "as_strided", {b.buffer, base.sizes, base.strides, Value::integer(0)});
  b.view = op(s, "as_strided", {b.buffer, view.sizes, view.strides, Value::integer(view.offset - base.offset)});
  // Note [Second-order views]
  // Under create_graph (grad mode on in backward) the buffer's two views are
  // differentiable views of it, so writing a gradient that requires grad
  // into one goes through CopySlices, and the other, read afterwards
  // (afterWrites), carries that history: double backward through diagonal,
  // as_strided and CopySlices then sees every path. An in-place op's saved
  // `self` before the write is a recorded clone for the same reason.
  if (s.gradEnabled) {
    noteView(s, *asTensor(b.base), *asTensor(b.buffer));
    noteView(s, *asTensor(b.view), *asTensor(b.buffer));
  }
  return b;
}

Value afterWrites(TensorState& s, const Value& view) {
  if (s.gradEnabled) gradFn(*asTensor(view));  // Note [Second-order views]: picks up the writes' history
  return view;
}

Value scatterIntoBase(TensorState& s, const Value& g, const TensorMeta& base, const TensorMeta& view) {
  BaseBuffer b = baseBuffer(s, base, view, g);
  op(s, "copy_", {b.view, g});
  return afterWrites(s, b.base);
}

}  // namespace tdsl::autograd
