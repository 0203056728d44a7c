// Internal to the tensor bindings (bindings*.cpp): the VM-facing dispatch
// entry and shared helpers. The public surface is vm/tensor_bridge.h.
#pragma once

#include <string>

#include "ops/op_table.h"
#include "vm/native.h"
#include "vm/torch/dispatch.h"

namespace tdsl {

class Interpreter;

// The one dispatch entry point for the VM side (torch.X, t.X, operators,
// indexing): forwards to dispatchOp() with the interpreter's tensor state.
Value dispatch(Interpreter& interp, const ir::OpDef& op, ir::BoundArgs& args);

TensorState& stateOf(Interpreter& interp);

}  // namespace tdsl
