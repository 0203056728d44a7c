// out= keyword arguments (Note [out= arguments] in out_arg.h).
#include "vm/torch/out_arg.h"

#include <vector>

#include "support/diagnostics.h"
#include "tensor/op_meta_extra.h"
#include "tensor/promotion.h"
#include "vm/objects.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

const KwArg* outKeyword(const CallArgs& call) {
  for (size_t k = 0; k < call.nkwargs; ++k)
    if (call.kwargs[k].name == "out") return &call.kwargs[k];
  return nullptr;
}

bool takesOut(const ir::OverloadSet& set) {
  constexpr uint32_t kNoOut = ir::kTagView | ir::kTagInplace | ir::kTagMaybeView | ir::kTagNonTensorResult;
  for (const ir::OpDef* op : set.ops) {
    if (op->has(kNoOut)) return false;
    if (op->schema.argIndex("out") >= 0) return false;  // the row binds out= itself
  }
  return !set.ops.empty();
}

// Writes `result` into `out` (Note [out= arguments]).
void writeOut(TensorState& state, const ir::OverloadSet& set, const Value& out, const Value& result) {
  TensorObject& o = *asTensor(out);
  const TensorObject& r = *asTensor(result);
  if (set.ops[0]->has(ir::kTagLinalg)) {
    if (o.dtype() != r.dtype())
      throw Error(ErrorKind::Runtime, std::string("Expected out tensor to have dtype ") + meta::cTypeName(r.dtype()) +
                                          ", but got " + meta::cTypeName(o.dtype()) + " instead");
  } else if (!canCast(r.dtype(), o.dtype())) {
    throw Error(ErrorKind::Runtime, std::string("result type ") + dtypeScalarName(r.dtype()) +
                                        " can't be cast to the desired output type " + dtypeScalarName(o.dtype()));
  }
  if (o.sizes() != r.sizes()) {
    if (o.isMeta() || state.interceptor)
      throw Error(ErrorKind::Runtime, set.name + "(): resizing an out= tensor is not traced");
    Ref<TensorObject> fresh = allocTensor(state, o.dtype(), r.sizes());
    o.storage = fresh->storage;
    o.meta = fresh->meta;
  }
  callMethod(state, out, "copy_", {result});
}

[[noreturn]] void badOut(const std::string& fn, const Value& v, bool tuple) {
  throw Error(ErrorKind::Type, fn + "(): argument 'out' must be " + (tuple ? "tuple of Tensors" : "Tensor") + ", not " +
                                   typeName(v));
}

}  // namespace

bool hasOutKeyword(const ir::OverloadSet& set, CallStyle style, const CallArgs& call) {
  return style == CallStyle::Function && call.nkwargs > 0 && outKeyword(call) && takesOut(set);
}

Value callWithOut(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                  const CallArgs& call) {
  const Value out = outKeyword(call)->value;
  std::vector<KwArg> kept;
  for (size_t k = 0; k < call.nkwargs; ++k)
    if (call.kwargs[k].name != "out") kept.push_back(call.kwargs[k]);
  Value result = callOverloads(state, set, style, self, CallArgs{call.args, call.nargs, kept.data(), kept.size()});
  if (out.isNone()) return result;
  if (result.isTensor()) {
    if (!out.isTensor()) badOut(set.name, out, false);
    writeOut(state, set, out, result);
    return out;
  }
  TDSL_ASSERT(result.isObj(ObjKind::Tuple));
  auto& items = result.as<TupleObject>()->items;  // a fresh named tuple: its items become the outs
  if (!(out.isObj(ObjKind::Tuple) || out.isObj(ObjKind::List)) || listItems(out).size() != items.size())
    badOut(set.name, out, true);
  for (size_t i = 0; i < items.size(); ++i) {
    const Value& o = listItems(out)[i];
    if (!o.isTensor()) badOut(set.name, out, true);
    writeOut(state, set, o, items[i]);
    items[i] = o;
  }
  return result;
}

}  // namespace tdsl
