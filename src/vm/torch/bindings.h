// Internal to the tensor bindings (bindings*.cpp): the VM-facing dispatch
// entry, the tensor bridge's entry points and shared helpers. The public
// surface is vm/torch/install.h.
#pragma once

#include <string>
#include <string_view>

#include "ops/op_table.h"
#include "vm/native.h"
#include "vm/tensor_bridge.h"
#include "vm/torch/dispatch.h"

namespace tdsl {

class Interpreter;

// The one dispatch entry point for the VM side (torch.X, t.X, operators,
// indexing): forwards to dispatchOp() with the interpreter's tensor state.
Value dispatch(Interpreter& interp, const ir::OpDef& op, ir::BoundArgs& args);

TensorState& stateOf(Interpreter& interp);

// The entry points of the tensor bridge (vm/tensor_bridge.h), in its order.
namespace bridge {
Value binary(Interpreter& interp, BinaryOp op, const Value& a, const Value& b, bool inPlace);
Value unary(Interpreter& interp, UnaryOp op, const Value& a);
Value getAttr(Interpreter& interp, const Value& self, std::string_view name);
Value callMethod(Interpreter& interp, const Value& self, std::string_view name, const CallArgs& call);
Value getItem(Interpreter& interp, const Value& self, const Value& index);       // bindings_index.cpp
void setItem(Interpreter& interp, const Value& self, const Value& index, const Value& value);
bool truth(Interpreter& interp, const Value& self);
int64_t length(Interpreter& interp, const Value& self);
Value iterItem(Interpreter& interp, const Value& self, int64_t i);
std::string repr(Interpreter& interp, const Value& self);
void setAttr(Interpreter& interp, const Value& self, std::string_view name, const Value& value);  // autograd's
const void* resolveMethod(std::string_view name);
Value callResolvedMethod(Interpreter& interp, const void* entry, const Value& self, const CallArgs& call);
}  // namespace bridge

// The `torch` module (also bound by `import tdsl`): constructors, functions,
// dtypes, torch.testing (bindings_torch.cpp).
Value makeTorchModule(Interpreter& interp);

}  // namespace tdsl
