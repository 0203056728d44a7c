// Op dispatch with autograd: what the VM calls instead of dispatchOp()
// (ops/dispatch.h). With no tensor argument that autograd knows, it is
// dispatchOp() plus the version bump of an in-place write (Note [Version
// counter] in tensor/tensor.h). Otherwise, in grad mode, it checks the
// in-place rules (a leaf that requires grad, or a view of one, refuses),
// runs the op, and records a node (Note [Derivative rows]) as the grad_fn of
// its floating outputs; an in-place op rebases self's history, through
// CopySlices when self is a view (Note [Differentiable views]).
#pragma once

#include "ops/op_table.h"
#include "tensor/tensor.h"

namespace tdsl::autograd {

OpResults dispatchWithGrad(TensorState& state, const ir::OpDef& op, BoundArgs& args);

// Marks `view` (which shares `base`'s storage) a differentiable view of base
// before an in-place write into it (x[i] = v), so the write rebases base.
void noteView(TensorState& state, TensorObject& view, TensorObject& base);

}  // namespace tdsl::autograd
