// Node arguments -> BoundArgs, and shape inference through the op table.
#include "ir/meta_inference.h"

#include "support/diagnostics.h"
#include "tensor/tensor.h"

namespace tdsl::ir {

namespace {

tdsl::Value symToValue(const SymInt& s) {
  if (!s.isConstant()) throw Error(ErrorKind::Runtime, "symbolic int argument " + s.str() + " needs a concrete value");
  return tdsl::Value::integer(s.constant());
}

}  // namespace

bool argsAreConcrete(const std::vector<Arg>& args) {
  for (auto& a : args) {
    for (IrValue* v : a.values())
      if (!isConcrete(v->meta())) return false;
    if (a.kind == Arg::Kind::Int && !a.i.isConstant()) return false;
    if (a.kind == Arg::Kind::IntList)
      for (auto& s : a.ints)
        if (!s.isConstant()) return false;
  }
  return true;
}

BoundArgs bindNodeArgs(const OpDef& op, const std::vector<Arg>& args,
                       const std::function<tdsl::Value(const IrValue*)>& tensorFor) {
  BoundArgs b;
  TDSL_ASSERT(args.size() <= static_cast<size_t>(kMaxOpArgs));
  b.reset(&op, static_cast<int>(args.size()));
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg& a = args[i];
    const int slot = static_cast<int>(i);
    switch (a.kind) {
      case Arg::Kind::None: b.setValue(slot, tdsl::Value::none()); break;
      case Arg::Kind::Tensor: b.setValue(slot, tensorFor(a.tensor)); break;
      case Arg::Kind::Int: b.setValue(slot, symToValue(a.i)); break;
      case Arg::Kind::Float: b.setValue(slot, tdsl::Value::number(a.f)); break;
      case Arg::Kind::Bool: b.setValue(slot, tdsl::Value::boolean(a.b)); break;
      case Arg::Kind::DType: b.setValue(slot, tdsl::Value::dtype(a.dtype)); break;
      case Arg::Kind::Str: b.setStr(slot, a.str); break;
      case Arg::Kind::IntList: {
        if (Dims* dims = b.setDims(slot, a.ints.size()))
          for (auto& s : a.ints) dims->push_back(symToValue(s).asInt());
        else
          for (auto& s : a.ints) symToValue(s);  // symbolic ints fail first, as before
        break;
      }
      case Arg::Kind::TensorList: {
        std::vector<tdsl::Value>& items = b.setTensors(slot);
        for (IrValue* v : a.tensors) items.push_back(v ? tensorFor(v) : tdsl::Value::none());
        break;
      }
    }
  }
  return b;
}

// Note [Symbolic metadata]: the table's shape rules need concrete sizes. For
// symbolic arguments a few results follow from annotations and tags alone:
// an in-place op returns its written argument; a scatter returns a fresh
// tensor shaped like its base; the functional twin of an in-place op returns
// a fresh tensor shaped like self (its dtype is self's when no argument could
// promote it).
static std::vector<ValueMeta> structuralMetas(const OpDef& op, const std::vector<Arg>& args) {
  auto fail = [&]() -> std::vector<ValueMeta> {
    throw Error(ErrorKind::Runtime, "the shape rule of " + op.fullName() + " cannot run on symbolic sizes");
  };
  const Schema& s = op.schema;
  if (s.returns.size() != 1 || args.empty() || !args[0].isTensor()) return fail();
  const AliasInfo& ret = s.returns[0].alias;
  if (ret.annotated() && ret.isWrite) {
    for (size_t i = 0; i < s.args.size() && i < args.size(); ++i)
      if (s.args[i].alias.set == ret.set && args[i].isTensor()) return {args[i].tensor->meta()};
    return fail();
  }
  const ValueMeta& self = args[0].tensor->meta();
  bool shapedLikeSelf = op.has(kTagScatter) || (op.inplace && (op.has(kTagPointwise) || op.has(kTagIndexedUpdate)));
  if (!shapedLikeSelf) return fail();
  if (!op.has(kTagScatter)) {
    // A floating argument of another dtype (or any floating argument of an
    // integral self) may promote the result; integral tensor arguments are
    // indices, masks or same-kind values and never promote a floating self.
    for (size_t i = 1; i < args.size(); ++i) {
      for (const IrValue* v : args[i].values())
        if (isFloating(v->meta().dtype) && v->meta().dtype != self.dtype) return fail();
      if (args[i].kind == Arg::Kind::Float && !isFloating(self.dtype)) return fail();
    }
  }
  // Approximation: slice/select scatters keep a dense base's strides
  // (Note [Preserved layout]); with symbolic sizes the node claims a
  // contiguous result, while the eager kernel allocates the preserved one.
  return {ValueMeta::contiguous(self.dtype, self.sizes)};
}

std::vector<ValueMeta> inferOutputMetas(const OpDef& op, const std::vector<Arg>& args) {
  if (!argsAreConcrete(args)) return structuralMetas(op, args);
  TDSL_ASSERT(op.meta != nullptr);
  BoundArgs b = bindNodeArgs(op, args, [](const IrValue* v) {
    return tdsl::Value(makeMetaTensor(toTensorMeta(v->meta())));
  });
  MetaResult r;
  op.meta(b, r);
  std::vector<ValueMeta> out;
  for (int i = 0; i < r.count; ++i) out.push_back(fromTensorMeta(r.out[i]));
  return out;
}

Node* emitOp(Graph& g, const OpDef& op, std::vector<Arg> args, Node* before) {
  auto metas = inferOutputMetas(op, args);
  return g.createOp(&op, std::move(args), std::move(metas), before);
}

}  // namespace tdsl::ir
