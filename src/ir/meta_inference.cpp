// Node arguments -> BoundArgs, and shape inference through the op table.
#include "ir/meta_inference.h"

#include "frontend/diagnostics.h"
#include "vm/objects.h"
#include "vm/tensor/tensor.h"

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
  b.op = &op;
  TDSL_ASSERT(args.size() <= static_cast<size_t>(kMaxOpArgs));
  b.count = static_cast<int>(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const Arg& a = args[i];
    tdsl::Value& out = b.v[i];
    switch (a.kind) {
      case Arg::Kind::None: out = tdsl::Value::none(); break;
      case Arg::Kind::Tensor: out = tensorFor(a.tensor); break;
      case Arg::Kind::Int: out = symToValue(a.i); break;
      case Arg::Kind::Float: out = tdsl::Value::number(a.f); break;
      case Arg::Kind::Bool: out = tdsl::Value::boolean(a.b); break;
      case Arg::Kind::DType: out = tdsl::Value::dtype(a.dtype); break;
      case Arg::Kind::Str: out = makeStr(a.str); break;
      case Arg::Kind::IntList: {
        std::vector<tdsl::Value> items;
        for (auto& s : a.ints) items.push_back(symToValue(s));
        out = makeList(std::move(items));
        break;
      }
      case Arg::Kind::TensorList: {
        std::vector<tdsl::Value> items;
        for (IrValue* v : a.tensors) items.push_back(v ? tensorFor(v) : tdsl::Value::none());
        out = makeList(std::move(items));
        break;
      }
    }
  }
  return b;
}

std::vector<ValueMeta> inferOutputMetas(const OpDef& op, const std::vector<Arg>& args) {
  if (!argsAreConcrete(args))
    throw Error(ErrorKind::Runtime, "the shape rule of " + op.fullName() + " cannot run on symbolic sizes");
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
