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
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vm/function.h"

namespace tdsl {

class GeneratorState : public ExtensionObject {
 public:
  enum class Status : uint8_t { Suspended, Running, Done };
  GeneratorState(Ref<FunctionObject> fn, std::vector<Value> registers)
      : fn(std::move(fn)), registers(std::move(registers)) {}
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
  Ref<FunctionObject> fn;
  std::vector<Value> registers;  // the frame while suspended (empty once done)
  uint32_t pc = 0;               // where it resumes
  int sentReg = -1;              // the register the resuming `yield` expression writes (-1: none)
  Status status = Status::Suspended;
  Value returnValue;             // what the body returned (the value of `yield from`)
};

inline GeneratorState* generatorOf(const Value& v) {
  if (!v.isObj(ObjKind::Iterator)) return nullptr;
  auto* it = v.as<IteratorObject>();
  return it->src == IteratorObject::Source::Generator ? static_cast<GeneratorState*>(it->seq.asObj()) : nullptr;
}

// The next item of a generator iterator (iteratorNext's Generator case);
// false once the body has returned.
bool generatorNext(Interpreter& interp, GeneratorState& g, Value& out);

}  // namespace tdsl
