#include "ops/dispatch.h"

#include "support/diagnostics.h"

namespace tdsl {

bool anyMetaTensor(const BoundArgs& args) {
  for (int i = 0; i < args.count; ++i) {
    if (args.kind(i) == ArgKind::Tensors) {
      for (const Value& item : args.tensorsAt(i))
        if (item.isTensor() && asTensor(item)->isMeta()) return true;
    } else if (args[i].isTensor() && asTensor(args[i])->isMeta()) {
      return true;
    }
  }
  return false;
}

OpResults runMetaOnly(const ir::OpDef& op, BoundArgs& args) {
  MetaResult r;
  op.meta(args, r);
  if (op.has(kTagInplace)) return args[0];
  if (r.count == 0)
    throw Error(ErrorKind::Runtime, op.fullName() + " produces a Python value and cannot run on meta tensors");
  OpResults out;
  for (int i = 0; i < r.count; ++i) out[i] = Value(makeMetaTensor(r.out[i]));
  out.count = r.count;
  return out;
}

OpResults dispatchOp(TensorState& state, const ir::OpDef& op, BoundArgs& args, bool* intercepted) {
  if (state.interceptor) {
    OpResults result;
    if (state.interceptor->intercept(state, op, args, result)) {
      if (intercepted) *intercepted = true;
      return result;
    }
  }
  // An in-place view op (Note [In-place view ops]) only changes metadata:
  // its kernel runs on meta tensors as it does on real ones.
  if (anyMetaTensor(args) && !(op.functional && op.functional->has(kTagView) && op.has(kTagInplace)))
    return runMetaOnly(op, args);
  return op.eager(state, args);
}

}  // namespace tdsl
