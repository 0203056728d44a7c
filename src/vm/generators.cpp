// Generators (Note [Generator frames] in generators.h): making one when a
// generator function is called, suspending it at YIELD, resuming it from
// next().
#include "vm/generators.h"

#include "vm/classes.h"
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
  if (g.status == GeneratorState::Status::Done) {
    if (g.pendingThrow) {
      Error e = std::move(*g.pendingThrow);
      g.pendingThrow.reset();
      throw e;
    }
    return false;
  }
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
    if (g.pendingThrow) {  // throw(): raise at the suspended yield (Note [Generator methods])
      Error e = std::move(*g.pendingThrow);
      g.pendingThrow.reset();
      if (!catchInFrames(e, frames_.size())) {
        unwind(e, frames_.size());
        throw e;
      }
    }
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

Value takeReturnValue(GeneratorState& g) {
  Value v = std::move(g.returnValue);
  g.returnValue = Value();
  return v;
}

Error errorForRaise(Interpreter& interp, const Value& exc) {
  try {
    raiseException(interp, exc, 0, Value());
  } catch (Error& e) {
    return e;
  }
  TDSL_ASSERT(false);
  return Error(ErrorKind::Runtime, "");
}

void raiseStopIteration(Interpreter& interp, Value value) {
  Value cls = interp.vm().objectModel->stopIteration;
  if (value.isNone()) raiseException(interp, cls, 0, Value());
  raiseException(interp, asClass(cls)->call(interp, CallArgs{&value, 1, nullptr, 0}), 0, Value());
  TDSL_ASSERT(false);
}

namespace {

// The iterator a generator suspended inside `yield from` delegates to, or
// null: its resume point is the loop's `JMP top` whose target loads
// yieldFromStep (Note [yield from]), after `YIELD item` with the iterator
// in the register below the item.
Value* yieldFromDelegate(GeneratorState& g) {
  if (g.status != GeneratorState::Status::Suspended || g.pc < 1) return nullptr;
  const CodeObject& code = *g.fn->code;
  if (g.pc >= code.code.size()) return nullptr;
  const Instr& jmp = code.code[g.pc];
  const Instr& yield = code.code[g.pc - 1];
  if (jmp.op != Op::JMP || yield.op != Op::YIELD || yield.a < 1) return nullptr;
  int64_t target = static_cast<int64_t>(g.pc) + 1 + jmp.sbx();
  if (target < 0 || target >= static_cast<int64_t>(code.code.size())) return nullptr;
  const Instr& load = code.code[static_cast<size_t>(target)];
  if (load.op != Op::LOADK || load.bx() >= code.constants.size()) return nullptr;
  const Value& k = code.constants[load.bx()];
  if (!k.isObj(ObjKind::Native) || k.as<NativeObject>()->fn != yieldFromStep) return nullptr;
  if (static_cast<size_t>(yield.a - 1) >= g.registers.size()) return nullptr;
  return &g.registers[static_cast<size_t>(yield.a - 1)];
}

bool isInstanceOfBuiltin(Interpreter& interp, const Value& exc, const char* name) {
  auto& classes = interp.vm().objectModel->builtinClasses;
  auto it = classes.find(name);
  return it != classes.end() && isInstanceOfClass(exc, *asClass(it->second));
}

void putInFlight(Interpreter& interp, const Value& exc, const Error& e) {
  ObjectModel& om = *interp.vm().objectModel;
  om.inFlight = exc;
  om.inFlightKind = e.kind;
  om.inFlightMessage = e.message;
}

}  // namespace

bool generatorThrow(Interpreter& interp, GeneratorState& g, Error thrown, Value& out) {
  if (g.status == GeneratorState::Status::Running) throw Error(ErrorKind::Value, "generator already executing");
  Ref<GeneratorState> keep(&g);
  // The exception object travels beside its Error (Note [Exceptions as errors]):
  // put it back in flight before each resume that may catch it.
  Value exc = exceptionFromError(interp, thrown);
  if (Value* slot = yieldFromDelegate(g)) {
    Value delegate = *slot;
    if (GeneratorState* sub = generatorOf(delegate)) {
      try {
        if (isInstanceOfBuiltin(interp, exc, "GeneratorExit")) {
          generatorClose(interp, *sub);
        } else {
          putInFlight(interp, exc, thrown);
          if (generatorThrow(interp, *sub, thrown, out)) return true;  // the sub-generator yielded
          return interp.vm().resumeGenerator(g, Value(), out);      // it returned: yield from ends
        }
      } catch (Error& e) {
        thrown = e;  // the sub-generator's error is raised in g at its yield
        exc = exceptionFromError(interp, e);
      }
    }
  }
  putInFlight(interp, exc, thrown);
  if (g.status == GeneratorState::Status::Done) throw thrown;
  if (g.pc == 0) {  // not started: it ends without running
    g.status = GeneratorState::Status::Done;
    g.registers.clear();
    throw thrown;
  }
  g.pendingThrow = std::make_shared<Error>(std::move(thrown));
  return interp.vm().resumeGenerator(g, Value(), out);
}

void generatorClose(Interpreter& interp, GeneratorState& g) {
  if (g.status == GeneratorState::Status::Running) throw Error(ErrorKind::Value, "generator already executing");
  if (g.status == GeneratorState::Status::Done) return;
  if (g.pc == 0) {
    g.status = GeneratorState::Status::Done;
    g.registers.clear();
    return;
  }
  Ref<GeneratorState> keep(&g);
  Value exitClass = interp.vm().objectModel->builtinClasses.at("GeneratorExit");
  Value out;
  try {
    if (!generatorThrow(interp, g, errorForRaise(interp, exitClass), out)) return;
  } catch (Error& e) {
    Value exc = exceptionFromError(interp, e);
    if (isInstanceOfBuiltin(interp, exc, "GeneratorExit") || isInstanceOfBuiltin(interp, exc, "StopIteration")) return;
    putInFlight(interp, exc, e);  // not ours
    throw;
  }
  throw Error(ErrorKind::Runtime, "RuntimeError: generator ignored GeneratorExit");
}

// ---------------------------------------------------------------------------
// Note [Closing dropped generators]

bool GeneratorState::gcHasFinalizer() const {
  if (finalized || status != Status::Suspended || pc == 0 || !fn) return false;
  const CodeObject& code = *fn->code;
  const uint32_t yieldPc = pc - 1;
  for (const ExceptionHandler& h : code.handlers)
    if (h.start <= yieldPc && yieldPc < h.end) return true;
  return yieldFromDelegate(const_cast<GeneratorState&>(*this)) != nullptr;
}

void GeneratorState::gcFinalize(Interpreter& interp) {
  if (!gcHasFinalizer()) return;
  finalized = true;
  generatorClose(interp, *this);
}

std::string GeneratorState::gcFinalizerName() const {
  char buf[32];
  snprintf(buf, sizeof buf, "%p", static_cast<const void*>(this));
  return "<generator object " + (fn ? fn->name() : std::string("?")) + " at " + buf + ">";
}

GeneratorState::~GeneratorState() {
  if (!gcHasFinalizer()) return;
  GcHeap* heap = GcHeap::current();
  if (!heap || heap->closing()) return;
  // The frame moves to a state nobody else can reach, which the VM closes
  // at its next safe point; this one is freed as usual.
  Ref<GeneratorState> heir;
  try {
    heir = makeRef<GeneratorState>(std::move(fn), std::move(registers));
  } catch (const std::bad_alloc&) {
    return;  // no memory for the heir: the frame is released unclosed
  }
  heir->pc = pc;
  heir->sentReg = sentReg;
  heir->returnValue = std::move(returnValue);
  heir->pendingThrow = std::move(pendingThrow);
  bool queued = false;
  try {
    queued = heap->scheduleFinalizer(heir.get());
  } catch (const std::bad_alloc&) {
  }
  if (!queued) heir->finalized = true;  // its own destructor must not try again
}

Value yieldFromStep(Interpreter& interp, const CallArgs& a, const void*) {
  Value it = a[0];
  Value out;
  bool more;
  if (GeneratorState* g = generatorOf(it)) {
    if (g->pc == 0 && g->status == GeneratorState::Status::Suspended && !a[1].isNone())
      throw Error(ErrorKind::Type, "can't send non-None value to a just-started generator");
    more = interp.vm().resumeGenerator(*g, a[1], out);
    if (!more) out = takeReturnValue(*g);
  } else if (a[1].isNone()) {
    more = iteratorNext(interp, *it.as<IteratorObject>(), out);
  } else {
    out = interp.call(getAttr(interp, it, "send"), std::vector<Value>{a[1]});
    more = true;
  }
  return makeTuple({Value::boolean(!more), out});
}

}  // namespace tdsl
