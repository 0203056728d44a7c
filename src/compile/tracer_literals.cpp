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
//
// Note [One node per tensor literal]
// Dynamo records torch.tensor([1.0, 2.0]) as one call_function node holding
// the data; here it is a captured input and its clone, which
// Segment::graphNodes (the FX count) counts as that one node. A list in a
// subscript (x[[0, 2]]) likewise becomes a captured index tensor that is
// part of the subscript's getitem node (Note [One node per subscript]).

namespace {

bool isLiteralData(const Value& v, int depth) {
  if (v.isInt() || v.isFloat() || v.isBool()) return true;
  if (depth > 32 || !(v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple))) return false;
  for (const Value& item : seqItems(v))
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
  const size_t inputs = graph_->inputs().size();
  Value fresh = callOp(state, "clone", {real});
  if (graph_->inputs().size() == inputs + 1) ++mergedNodes_;  // Note [One node per tensor literal]
  return fresh;
}

// The method hook runs just before its CALLMETHOD (the next instruction), whose
// receiver register holds the module: a stand-in module makes the VM call
// `callee` instead of the module's own attribute.
void Tracer::redirectModuleCall(const std::string& name, const Value& callee) {
  VM& vm = rt_.interp.vm();
  const CallerFrame f = vm.callerFrame();
  const Instr& in = f.code->code[f.pc + 1];
  TDSL_ASSERT(in.op == Op::CALLMETHOD && f.registers[in.a].isObj(ObjKind::Module));
  auto standIn = makeRef<ModuleObject>(f.registers[in.a].as<ModuleObject>()->name);
  standIn->set(name, callee);
  vm.setCallerRegister(in.a, Value(standIn));
}

// Note [Cells assigned while tracing]
// A local that a nested function captures lives in a cell. Assigning it is
// traced when the cell was made in this segment: registers and nested calls
// see the cell's new contents, and a live cell is rebuilt by the write-back.
// A cell from before the segment (a local's cell after a break) that the
// segment names by a Source is assigned and replayed like a mutated list
// (Note [Side effects on pre-existing objects]); one it cannot name (a cell
// of a closure it was given) still breaks. A function made in the segment
// that outlives it is rebuilt around the rebuilt cells (Note [Functions made
// while tracing]).

}  // namespace tdsl
