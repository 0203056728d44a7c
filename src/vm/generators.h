// Generators: a call to a function whose code contains `yield` (a generator
// expression compiles to one) returns an iterator of Source::Generator whose
// `seq` is the GeneratorState below.
//
// Note [Generator frames]
// A generator's frame lives in its GeneratorState while it is suspended:
// (function, pc, registers). next() resumes it as an entry frame of a nested
// dispatch loop (VM::resumeGenerator), like VM::resume; YIELD moves the
// registers back into the state, writes the value to the entry result and
// returns from that loop; RETURN (or an error) ends the generator. So a
// generator costs one nested loop per item and no C++ state survives between
// items: the state object is the whole generator, and reference counting or
// the cycle collector frees a suspended one like any other container.
//
// Note [Closing dropped generators]
// A suspended generator that becomes unreachable is closed, as CPython's
// finalizer does: close() raises GeneratorExit at its `yield`, so its
// `finally` bodies and `with` exits run (Note [Finalizers] in gc.h). It is
// due only when closing can run code: started (pc > 0), suspended, not yet
// finalized, and its `yield` is inside a try/with (a handler covers it) or a
// `yield from` (the sub-generator is closed first). Any other generator just
// frees itself, so the common abandoned generator (`any(x for x in xs)`) costs
// nothing more.
//  - Reference counting: the last reference goes away inside some update or
//    destructor, where no script code may run. ~GeneratorState then hands its
//    frame (function, registers, pc) to a new GeneratorState, which nobody
//    else can reach, and queues that one; the VM closes it at the next safe
//    point. Its own storage is freed as usual (no resurrection of a dying
//    object). With no interpreter running on the thread, or while its heap is
//    closing, nothing is queued and the frame is just released.
//  - Cycles: the collector queues a garbage generator whose finalizer is due
//    instead of clearing it (Note [Finalizers]); the next collection frees
//    the cycle, now closed.
//  - Interpreter exit: VM::finalizeAtExit clears the main module's globals,
//    in definition order, closing what they held, then collects.
// A finalizer's error is printed as CPython's "Exception ignored in:
// <generator object g at 0x...>" and the program goes on; one that yields
// in a finally during close is CPython's RuntimeError ("generator ignored
// GeneratorExit"), printed the same way, and the generator stays suspended
// (finalized: never closed again).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vm/function.h"

namespace tdsl {

class GeneratorState : public ExtensionObject {
 public:
  enum class Status : uint8_t { Suspended, Running, Done };
  GeneratorState(Ref<FunctionObject> fn, std::vector<Value> registers)
      : fn(std::move(fn)), registers(std::move(registers)) {}
  ~GeneratorState() override;  // Note [Closing dropped generators]
  std::string typeName() const override { return "generator_frame"; }
  void gcTraverse(GcVisitor& v) override {
    v.visit(fn);
    v.visit(registers);
    v.visit(returnValue);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(Value(fn));
    fn = Ref<FunctionObject>();
    gcMoveOut(registers, out);
    out.push_back(std::move(returnValue));
    status = Status::Done;
  }
  // Note [Closing dropped generators].
  bool gcHasFinalizer() const override;
  void gcFinalize(Interpreter& interp) override;
  std::string gcFinalizerName() const override;
  Ref<FunctionObject> fn;
  std::vector<Value> registers;  // the frame while suspended (empty once done)
  uint32_t pc = 0;               // where it resumes
  int sentReg = -1;              // the register the resuming `yield` expression writes (-1: none)
  Status status = Status::Suspended;
  Value returnValue;             // what the body returned (the value of `yield from`)
  // throw()/close(): raised at the suspended `yield` when the frame resumes.
  std::shared_ptr<Error> pendingThrow;
  bool finalized = false;        // closed by its finalizer (or it tried): Note [Closing dropped generators]
};

inline GeneratorState* generatorOf(const Value& v) {
  if (!v.isObj(ObjKind::Iterator)) return nullptr;
  auto* it = v.as<IteratorObject>();
  return it->src == IteratorObject::Source::Generator ? static_cast<GeneratorState*>(it->seq.asObj()) : nullptr;
}

// The next item of a generator iterator (iteratorNext's Generator case);
// false once the body has returned.
bool generatorNext(Interpreter& interp, GeneratorState& g, Value& out);

// Note [Generator methods]
// g.send(v) resumes g with v as the value of its `yield`; g.throw(e) raises e
// at the suspended `yield` (its handlers run; g yields again, returns, or the
// error leaves throw()); g.close() throws GeneratorExit and expects g to end.
// A generator suspended inside `yield from` hands throw() and close() to the
// sub-generator first, as CPython. Once the body returns, the next call that
// finds it done raises StopIteration(return value), once (takeReturnValue).
Value takeReturnValue(GeneratorState& g);
bool generatorThrow(Interpreter& interp, GeneratorState& g, Error thrown, Value& out);
void generatorClose(Interpreter& interp, GeneratorState& g);
// The Error `raise exc` would throw (exc a class or an instance).
Error errorForRaise(Interpreter& interp, const Value& exc);
[[noreturn]] void raiseStopIteration(Interpreter& interp, Value value);

// Note [yield from]
// `r = yield from it` compiles to a loop around this native (a constant of
// the code object): yieldFromStep(iter, sent) returns (False, item) for the
// next item of iter, sending `sent` to a generator, or (True, its return
// value) when iter is exhausted. The loop yields each item and passes what
// was sent back in, so send() reaches the sub-generator.
Value yieldFromStep(Interpreter& interp, const CallArgs& a, const void*);

}  // namespace tdsl
