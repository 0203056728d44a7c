// The tracer (compile_tracer.h): tensor literals and closure cells.
#include <fmt/format.h>

#include "compile/runtime.h"
#include "compile/tracer.h"
#include "vm/objects.h"
#include "vm/torch/dispatch.h"
#include "tensor/tensor.h"
#include "vm/torch/tensor_data.h"
#include "vm/vm.h"

namespace tdsl {

// Note [Tensor literals while tracing]
// torch.tensor(data) of Python numbers (nested lists and tuples of them) is
// a constant of the graph, as in Dynamo: no break. The call runs for real
// while tracing (errors are eager's), then the tensor enters the graph as a
// fresh value on every call: a 0-dim one as `full([], value)`, any other as a
// `clone` of the literal, which is a graph input captured by identity that
// nothing else sees (the clone keeps in-place ops and returned results from
// sharing it between calls). Data holding tensors still breaks: it reads them.

namespace {

bool isLiteralData(const Value& v, int depth) {
  if (v.isInt() || v.isFloat() || v.isBool()) return true;
  if (depth > 32 || !(v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple))) return false;
  for (const Value& item : v.isObj(ObjKind::List) ? v.as<ListObject>()->items : v.as<TupleObject>()->items)
    if (!isLiteralData(item, depth + 1)) return false;
  return true;
}

Value tensorLiteralNative(Interpreter&, const CallArgs& call, const void* data) {
  return static_cast<Tracer*>(const_cast<void*>(data))->makeTensorLiteral(call);
}

}  // namespace

Value Tracer::tensorLiteralCallee(const NativeObject& callee, const CallArgs& hookArgs) {
  if (callee.name != "tensor" || hookArgs.nargs != 2 || !isLiteralData(hookArgs[1], 0)) return Value();
  Value torch = rt_.interp.vm().importModule("torch");  // imported already: the script reached torch.tensor
  const Value* factory = torch.isObj(ObjKind::Module) ? torch.as<ModuleObject>()->get("tensor") : nullptr;
  if (!factory || !factory->isObj() || factory->asObj() != &callee) return Value();
  literalFactory_ = hookArgs[0];
  return makeNative("tensor", &tensorLiteralNative, this);
}

Value Tracer::makeTensorLiteral(const CallArgs& call) {
  const auto* factory = literalFactory_.as<NativeObject>();
  Value real = factory->fn(rt_.interp, call, factory->data);
  if (!real.isTensor()) return real;
  TensorState& state = *rt_.interp.tensorState();
  const TensorObject& t = *asTensor(real);
  if (t.dim() == 0) return callOp(state, "full", {makeList({}), tensorItem(t)}, {{"dtype", Value::dtype(t.dtype())}});
  return callOp(state, "clone", {real});
}

// The method hook runs just before its CALLMETHOD (the frame's saved pc), whose
// receiver register holds the module: a stand-in module makes the VM call
// `callee` instead of the module's own attribute.
void Tracer::redirectModuleCall(const std::string& name, const Value& callee) {
  Frame& f = rt_.interp.vm().frames().back();
  const Instr& in = *f.pc;
  TDSL_ASSERT(in.op == Op::CALLMETHOD && f.base[in.a].isObj(ObjKind::Module));
  auto standIn = makeRef<ModuleObject>(f.base[in.a].as<ModuleObject>()->name);
  standIn->set(name, callee);
  f.base[in.a] = Value(standIn);
}

// Note [Cells assigned while tracing]
// A local that a nested function captures lives in a cell. Assigning it is
// traced when the cell was made in this segment: registers and nested calls
// see the cell's new contents, and a live cell is rebuilt by the write-back.
// A cell from before the segment (a local's cell after a break; tdsl has no
// `nonlocal`) still breaks: the write-back cannot replay its new contents. A
// function made in the segment that outlives it is rebuilt around the
// rebuilt cells (Note [Functions made while tracing]).

}  // namespace tdsl
