// Generators (Note [Generator frames] in generators.h): making one when a
// generator function is called, suspending it at YIELD, resuming it from
// next().
#include "vm/generators.h"

#include "vm/stack_limit.h"
#include "vm/vm.h"

namespace tdsl {

void VM::makeGenerator(FunctionObject* fn, Value* base, Value* result) {
  const int n = fn->code->nregs;
  std::vector<Value> regs(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) regs[static_cast<size_t>(i)] = std::move(base[i]);
  auto state = makeRef<GeneratorState>(Ref<FunctionObject>(fn), std::move(regs));
  *result = Value(makeRef<IteratorObject>(IteratorObject::Source::Generator, Value(state)));
}

void VM::suspendGenerator(Value* yielded, int sentReg, uint32_t resumePc) {
  Frame& f = frames_.back();
  GeneratorState& g = *f.gen;
  Value v = std::move(*yielded);
  const int n = f.code->nregs;
  g.registers.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) g.registers[static_cast<size_t>(i)] = std::move(f.base[i]);
  g.pc = resumePc;
  g.sentReg = sentReg;
  g.status = GeneratorState::Status::Suspended;
  *f.result = std::move(v);
  frames_.pop_back();  // its registers are None already (moved out)
}

bool VM::resumeGenerator(GeneratorState& g, Value sent, Value& out) {
  if (g.status == GeneratorState::Status::Done) return false;
  if (g.status == GeneratorState::Status::Running) throw Error(ErrorKind::Value, "generator already executing");
  StackLimit::check(" while calling a Python object");
  if (nesting_ + 1 > kMaxNativeNesting)
    throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded while calling a Python object");
  Ref<GeneratorState> keep(&g);
  Ref<FunctionObject> fn = g.fn;
  const CodeObject* code = fn->code.get();
  Value* base = stackTop();
  if (base + code->nregs + 1 > stackEnd_ || frames_.size() >= maxCallDepth)
    throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded");
  for (int i = 0; i < code->nregs; ++i) base[i] = std::move(g.registers[static_cast<size_t>(i)]);
  if (g.sentReg >= 0) base[g.sentReg] = std::move(sent);
  Value result;
  Frame frame{fn.get(), code, code->code.data() + g.pc, base, true, &result};
  frame.gen = &g;
  frames_.push_back(frame);
  g.status = GeneratorState::Status::Running;
  ++nesting_;
  try {
    execute();
  } catch (...) {
    --nesting_;
    g.status = GeneratorState::Status::Done;
    g.registers.clear();
    throw;
  }
  --nesting_;
  if (g.status == GeneratorState::Status::Suspended) {  // YIELD
    out = std::move(result);
    return true;
  }
  g.status = GeneratorState::Status::Done;  // RETURN
  g.registers.clear();
  g.returnValue = std::move(result);
  return false;
}

bool generatorNext(Interpreter& interp, GeneratorState& g, Value& out) {
  return interp.vm().resumeGenerator(g, Value(), out);
}

}  // namespace tdsl
