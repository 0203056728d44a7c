// The Python face of autograd (src/autograd): Tensor.requires_grad / .grad /
// .grad_fn / .is_leaf, backward(), requires_grad_(), retain_grad(),
// detach_(), torch.autograd.grad, the grad-mode functions and context
// managers (torch.no_grad(), enable_grad(), inference_mode(),
// set_grad_enabled(b)), and torch.func (torch_func.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "vm/native.h"
#include "vm/objects.h"
#include "tensor/tensor.h"

namespace tdsl {

class Interpreter;

// Tensor attributes autograd answers; nullopt for other names.
std::optional<Value> autogradGetAttr(Interpreter& interp, const Value& self, std::string_view name);
// `t.name = value` (requires_grad, grad); false for other names.
bool autogradSetAttr(Interpreter& interp, const Value& self, std::string_view name, const Value& value);
// ", requires_grad=True" / ", grad_fn=<MulBackward0>" for repr(t), or "".
std::string autogradReprSuffix(const TensorObject& t);

// Tensor methods (the method table in bindings.cpp lists them).
Value tensorBackward(Interpreter& interp, const Value& self, const CallArgs& call);
Value tensorRequiresGrad_(Interpreter& interp, const Value& self, const CallArgs& call);
Value tensorRetainGrad(Interpreter& interp, const Value& self, const CallArgs& call);
Value tensorDetach_(Interpreter& interp, const Value& self, const CallArgs& call);
// Note [Tensor hooks] (autograd/engine.cpp): t.register_hook(fn), and its handle.
Value tensorRegisterHook(Interpreter& interp, const Value& self, const CallArgs& call);
bool isHookHandle(const Value& v);

// requires_grad= of a factory or torch.tensor: applies it to the new tensor.
void setFactoryRequiresGrad(TensorState& s, const Value& tensor, const Value& flag);

// Adds no_grad & co., torch.autograd and torch.func to the torch module.
void addAutogradFunctions(Interpreter& interp, ModuleObject& torch);

// Whether `callee` is an autograd function or object (the tracer breaks the
// graph there: autograd is not traced yet).
bool isAutogradCallable(const Value& callee);
// torch.autograd.grad and torch.autograd.backward: the autograd calls the
// tracer follows into the joint graph (Note [Joint graphs] in
// compile/joint_trace.h); they run no script code.
bool isTracedAutogradCall(const Value& callee);

// torch.is_grad_enabled, is_inference_mode_enabled (the tracer guards the grad mode it read).
bool isGradModeQuery(const Value& callee);
// Note [Grad mode under the tracer] (compile/tracer_grad_mode.cpp):
// torch.no_grad, enable_grad, inference_mode and set_grad_enabled (the
// functions that make grad-mode objects; set_grad_enabled also sets the
// mode), and the objects they make (context managers for `with`).
bool isGradModeFactory(const Value& callee);
bool isGradModeObject(const Value& v);
// A tensor's .grad_fn as a script value.
bool isGradFnObject(const Value& v);

// torch.func (torch_func.cpp).
Value makeTorchFuncModule(Interpreter& interp);
bool isTorchFuncObject(const Value& v);

}  // namespace tdsl
