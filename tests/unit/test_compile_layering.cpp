// The seams between the VM and the layers above it (issue 11): the VM hands
// a resumed frame back to a native that stops it (Note [Stopping a resumed
// function]), and layers keep per-interpreter state in extensions (Note
// [Interpreter extensions]).
#include <catch2/catch.hpp>

#include <string>

#include "compile/runtime.h"
#include "test_support.h"
#include "vm/interpreter.h"
#include "vm/opcodes.h"
#include "vm/vm.h"

using namespace tdsl;

namespace {

std::string reprOf(Interpreter& I, const std::string& src) { return I.repr(I.runSource("test.td", src)); }

}  // namespace

namespace {

struct Counter : InterpreterExtension {
  explicit Counter(Interpreter&) {}
  int n = 0;
};

}  // namespace

TEST_CASE("layers: an extension is made once per interpreter and shared by nobody else", "[layers]") {
  Interpreter a, b;
  ++a.extension<Counter>().n;
  ++a.extension<Counter>().n;
  CHECK(a.extension<Counter>().n == 2);
  CHECK(b.extension<Counter>().n == 0);
  CHECK(&compileRuntime(a) == &compileRuntime(a));
  CHECK(&compileRuntime(a) != &compileRuntime(b));
}

namespace {

struct Stop : ResumeStop {
  Value payload;
};

Value stopNative(Interpreter&, const CallArgs& args, const void*) {
  Stop s;
  s.payload = args.nargs ? args.args[0] : Value();
  throw s;
}

// Resumes global function `name` of I at pc 0 with `args` until stopNative stops it.
FrameSnapshot stopIn(Interpreter& I, const std::string& name, std::vector<Value> args, Value* payload) {
  VM& vm = I.vm();
  GcHeap::Scope scope(vm.heap());
  Ref<FunctionObject> fn(I.getGlobal(name).as<FunctionObject>());
  FrameSnapshot snap;
  const size_t depth = vm.frameDepth();
  bool stopped = false;
  try {
    vm.resumeStoppable(fn, args, 0, &snap);
  } catch (Stop& s) {
    stopped = true;
    *payload = s.payload;
  }
  CHECK(stopped);
  CHECK(vm.frameDepth() == depth);
  CHECK(snap.registers.size() == static_cast<size_t>(fn->code->nregs));
  CHECK(fn->code->code[snap.pc].op == Op::CALL);
  return snap;
}

}  // namespace

TEST_CASE("vm: a native stops a resumed function and gets its frame back", "[layers][vm]") {
  Interpreter I;
  I.registerFunction("stop", stopNative);
  I.runSource("test.td",
              "def direct(a):\n    b = a * 10\n    stop(b + 1)\n    return b\n"
              "def inner(x):\n    stop(x)\n"
              "def outer(a):\n    c = a + 5\n    inner(c)\n    return c\n");
  Value payload;
  FrameSnapshot d = stopIn(I, "direct", {Value::integer(4)}, &payload);
  CHECK(!d.nested);
  CHECK(I.repr(payload) == "41");
  CHECK(I.repr(d.registers[0]) == "4");
  bool sawB = false;
  for (const Value& r : d.registers) sawB |= r.isInt() && r.asInt() == 40;
  CHECK(sawB);

  FrameSnapshot n = stopIn(I, "outer", {Value::integer(1)}, &payload);
  CHECK(n.nested);  // stopped inside inner(), which outer called
  CHECK(I.repr(payload) == "6");
  CHECK(I.repr(n.registers[0]) == "1");
  // The VM is usable afterwards: no frame of the stopped runs is left.
  CHECK(reprOf(I, "[x * 2 for x in range(3)]") == "[0, 2, 4]");
}
