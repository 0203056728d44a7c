// The split family, as_tensor, resize_/resize_as_ and the other Tensor
// members of docs/views.md that are compositions of ops rather than op-table
// rows (bindings_views.cpp).
//
// Note [Composite view functions]
// split, split_with_sizes, unbind, tensor_split, hsplit, vsplit, dsplit and
// chunk return a tuple of views. Each piece is built by an op-table view with
// its own schema and inverse: slice.Tensor (slice_scatter) for the split
// family, select.int (select_scatter) for unbind, exactly the ops PyTorch's
// decompositions produce. So the pieces trace as ordinary views, and
// functionalization and reinplacing treat a write through a piece as a write
// through that slice or select. The tracer lets these natives run (they
// dispatch only traced ops): isTracedComposite().
#pragma once

#include <cstdint>
#include <vector>

#include "vm/native.h"
#include "vm/objects.h"

namespace tdsl {

class Interpreter;
class ModuleObject;

using TensorMethodFn = Value (*)(Interpreter& interp, const Value& self, const CallArgs& call);

struct TensorMethodDef {
  const char* name;
  TensorMethodFn fn;
  uint8_t reads;  // Note [Tensor member reads]
};

// Tensor methods: split, ..., chunk, resize_, resize_as_.
const std::vector<TensorMethodDef>& viewCompositeMethods();
// torch.split, ..., torch.chunk, torch.as_tensor.
void addViewCompositeFunctions(ModuleObject& torch);
// A torch.X native of addViewCompositeFunctions that only dispatches traced ops.
bool isTracedComposite(const NativeObject& native, const CallArgs& call);  // call: the callee, then its arguments
// Tensor.H / Tensor.mH (the conjugate transposes; real tensors only).
Value conjugateTranspose(Interpreter& interp, const Value& self, bool matricesOnly);

}  // namespace tdsl
