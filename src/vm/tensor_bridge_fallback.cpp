// TEMPORARY weak fallbacks for the tensor layer (tensor_bridge.h,
// tensor_state.h) so the VM links before src/vm/tensor/bindings*.cpp exist.
// Delete this file as soon as the real bindings land: a weak definition that
// is already linked stops the linker from pulling the strong one out of
// libtdsl_tensor.a.
#include "vm/tensor_bridge.h"
#include "frontend/diagnostics.h"

namespace tdsl {

namespace {
[[noreturn]] void unavailable() { throw Error(ErrorKind::Type, "tensors are not available"); }
}  // namespace

__attribute__((weak)) Value tensorBinary(Interpreter&, BinaryOp, const Value&, const Value&, bool) { unavailable(); }
__attribute__((weak)) Value tensorUnary(Interpreter&, UnaryOp, const Value&) { unavailable(); }
__attribute__((weak)) Value tensorGetAttr(Interpreter&, const Value&, std::string_view) { unavailable(); }
__attribute__((weak)) Value tensorCallMethod(Interpreter&, const Value&, std::string_view, const CallArgs&) { unavailable(); }
__attribute__((weak)) Value tensorGetItem(Interpreter&, const Value&, const Value&) { unavailable(); }
__attribute__((weak)) void tensorSetItem(Interpreter&, const Value&, const Value&, const Value&) { unavailable(); }
__attribute__((weak)) bool tensorTruth(Interpreter&, const Value&) { unavailable(); }
__attribute__((weak)) int64_t tensorLength(Interpreter&, const Value&) { unavailable(); }
__attribute__((weak)) Value tensorIterItem(Interpreter&, const Value&, int64_t) { unavailable(); }
__attribute__((weak)) std::string tensorRepr(const Value&) { return "<tensor>"; }
__attribute__((weak)) Value makeTorchModule(Interpreter&) { unavailable(); }

}  // namespace tdsl
