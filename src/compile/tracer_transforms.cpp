// The tracer's side of torch.func (compile/tracer.h): grad, grad_and_value,
// vjp, jacrev, jvp, jacfwd, vmap and functional_call traced into the joint
// graph.
//
// Note [Function transforms under the tracer]
// A transform (vm/torch/torch_func.cpp, vmap.cpp, func_calls.cpp) is
// native code that calls the user's function: made leaves, one call (vmap:
// one per sample), the engine's backward. The ops of all three are
// dispatched, so the interceptor sees them; the function's own Python
// (control flow on tensors, .item(), side effects, calls it makes) is only
// seen when it runs instrumented code. So a transform calls its function
// through callTransformed(), which asks the interceptor for the callee, and
// the tracer answers with the instrumented copy (as onCall does for an
// inlined call): the function is traced like any inlined callee, its
// autograd runs on the proxies (Note [Joint graphs]) and the backward's
// formulas are recorded after it, so grad(f)(x) becomes one joint graph
// and its result equals eager's bit for bit (the same ops in the same order).
//
// A break inside the transformed function, or raised by the transform
// itself, is a break in the middle of the transform's call instruction:
// the segment is traced again with that call as the break (graphBreakMid-
// Instruction; the call runs eagerly, its reason under --log graph_breaks
// and in tdsl.explain). Breaks of the transform's own:
// - a callee the tracer cannot follow (a generator function, a builtin
//   that is no torch op, an object whose __call__ is script code);
// - vmap of a function that calls a random op: the graph draws when it
//   runs, where 'error' could not refuse and 'same' could not rewind the
//   generator between samples, and eager 'different' draws for the whole
//   batch at once (Note [Randomness under vmap]);
// - vmap of a function that mutates Python objects (lists, dicts, cells):
//   traced samples would mutate once per sample, eager vmap runs the
//   function once (Note [vmap by batching]);
// - a transform object made in the segment that outlives it (returned, or
//   live at a break): it holds the function it was made from, possibly a
//   closure over this trace's proxies, and a vjp_fn holds autograd history.
//   The joint trace is refused and the transforms break the graph.
// When the joint trace was refused (joint_ false), every transform breaks
// the graph at its call, as autograd does.
#include "autograd/autograd_meta.h"
#include "compile/runtime.h"
#include "compile/tracer.h"
#include "ops/op_table.h"
#include "vm/function.h"
#include "vm/objects.h"
#include "vm/torch/autograd_bindings.h"
#include "vm/value_ops.h"

namespace tdsl {

bool Tracer::tracesTransform(const Value& callee) const { return isTorchFuncObject(callee); }

Value Tracer::transformCallee(const Value& fn) {
  if (!joint_) graphBreakMidInstruction("autograd is not traced yet: a torch.func transform");
  if (fn.isObj(ObjKind::Function)) {
    if (fn.as<FunctionObject>()->code->isGenerator)
      graphBreakMidInstruction("torch.func transform of generator function " + fn.as<FunctionObject>()->name() +
                               "() (generators are not traced)");
    return rt_.instrumentedFunction(fn);
  }
  if (fn.isObj(ObjKind::Native)) {
    const auto* n = fn.as<NativeObject>();
    if (ir::opTable().overloads(n->name) && !rt_.isBuiltin(n)) return fn;  // a torch op: dispatched and traced
    if (rt_.builtinKind(n) == CompileRuntime::BuiltinKind::Pure) return fn;
    graphBreakMidInstruction("torch.func transform of " + n->name + "(), which cannot be traced");
  }
  if (tracesTransform(fn)) return fn;  // a nested transform: grad(grad(f)), vmap(grad(f))
  if (fn.isObj(ObjKind::BoundMethod) && fn.as<BoundMethodObject>()->self.isTensor()) return fn;  // x.sin
  graphBreakMidInstruction("torch.func transform of " + typeName(fn) + " object, which cannot be traced");
}

void Tracer::breakAtTransform(const std::string& reason) { graphBreakMidInstruction(reason); }

void Tracer::checkTransformEscape(const Value& v) {
  if (!v.isObj(ObjKind::Other) || !fresh_.contains(v.asObj())) return;
  if (isGradFnObject(v))  // Note [Autograd reads while tracing]
    refuseJoint("a grad_fn read in the compiled region (<" + asExtension(v)->typeName() + ">) outlives it");
  if (isHookHandle(v)) refuseJoint("the handle of a hook registered in the compiled region outlives it");
  if (isGradModeObject(v))  // Note [Grad mode under the tracer] (tracer_grad_mode.cpp)
    throw Error(ErrorKind::Runtime, "torch.compile: a grad-mode object (" + asExtension(v)->typeName() +
                                        ") made in the compiled region outlives it");
  if (!isTorchFuncObject(v)) return;
  refuseJoint("a torch.func transform made in the compiled region (" +
              asExtension(v)->repr() + ") outlives it");
}

}  // namespace tdsl
