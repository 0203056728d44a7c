// Op dispatch with autograd: what the VM calls instead of dispatchOp()
// (ops/dispatch.h). With no tensor argument that autograd knows, it is
// dispatchOp() plus the version bump of an in-place write (Note [Version
// counter] in tensor/tensor.h). Otherwise, in grad mode, it checks the
// in-place rules (a leaf that requires grad, or a view of one, refuses),
// runs the op, and records a node (Note [Derivative rows]) as the grad_fn of
// its floating outputs; an in-place op rebases self's history, through
// CopySlices when self is a view (Note [Differentiable views]).
#pragma once

#include "ops/dispatch.h"
#include "ops/op_table.h"
#include "tensor/tensor.h"

namespace tdsl::autograd {

// dispatchWithGrad once some tensor argument has autograd metadata.
OpResults dispatchRecorded(TensorState& state, const ir::OpDef& op, BoundArgs& args);

// Whether any tensor argument has autograd metadata (the fast path's test).
inline bool anyAutogradArg(const BoundArgs& args) {
  for (int i = 0; i < args.count; ++i) {
    if (args.kind(i) == ArgKind::Value) {
      if (args[i].isTensor() && asTensor(args[i])->autograd) return true;
    } else if (args.kind(i) == ArgKind::Tensors) {
      for (const Value& v : args.tensorsAt(i))
        if (v.isTensor() && asTensor(v)->autograd) return true;
    }
  }
  return false;
}

// Note [Views of tensors without history] (dispatch.cpp).
void noteViewOrigin(const BoundArgs& args, const OpResults& results);

// Note [Captured tensors]
// functorch refuses an in-place write, inside the function of a grad-type
// transform (grad, grad_and_value, vjp, jacrev, jvp, jacfwd), into a tensor
// the function captured: one whose storage existed when the call began and
// is not the storage of a tensor the function was called with (the
// differentiated inputs' fresh leaves alias them; other arguments count
// too, as in functorch). Tensors made inside the call are free to write. Each call
// pushes a TransformFrame (tensor/transform_state.h) for the duration of the
// function; storages are told apart by their serial numbers, proxies by the
// tracer's marks (DispatchInterceptor::storageMark), so a compiled function
// refuses what eager refuses. The engine's own writes during a backward are
// not the function's (runBackward sets the frames aside).
void checkCapturedWrite(const TensorState& state, const ir::OpDef& op, const BoundArgs& args);

inline OpResults dispatchWithGrad(TensorState& state, const ir::OpDef& op, BoundArgs& args) {
  if (!state.transformFrames.empty() && op.has(kTagInplace)) checkCapturedWrite(state, op, args);
  // A random op under a batched vmap draws for the batch (Note [Randomness under vmap]).
  if (anyAutogradArg(args) || (!state.vmapLevels.empty() && op.has(kTagRandom))) return dispatchRecorded(state, op, args);
  if (!op.has(kTagInplace)) {
    if (!op.has(kTagView)) return dispatchOp(state, op, args);
    OpResults r = dispatchOp(state, op, args);
    noteViewOrigin(args, r);
    return r;
  }
  bool intercepted = false;
  OpResults r = dispatchOp(state, op, args, &intercepted);
  if (!intercepted && args[0].isTensor() && asTensor(args[0])->storage) ++asTensor(args[0])->storage->version;
  return r;
}

// Marks `view` (which shares `base`'s storage) a differentiable view of base
// before an in-place write into it (x[i] = v), so the write rebases base.
void noteView(TensorState& state, TensorObject& view, TensorObject& base);
// An alias of `t` (its storage and version counter, no history): a saved
// output, or one given its history back for a double backward. A proxy's is
// one the interceptor made (Note [Versions of proxies]), so the tracer knows it.
Value detachedAlias(TensorState& s, const TensorObject& t);

}  // namespace tdsl::autograd
