// The seams between the VM and the layers above it (issue 11): each layer
// installs itself into an Interpreter (api/standard.h), the VM hands a
// resumed frame back to a native that stops it (Note [Stopping a resumed
// function]), layers keep per-interpreter state in extensions (Note
// [Interpreter extensions]), and the tracer reads what a Tensor member
// reveals from the method table (Note [Tensor member reads]).
#include <catch2/catch.hpp>

#include <string>

#include "api/standard.h"
#include "compile/install.h"
#include "compile/runtime.h"
#include "test_support.h"
#include "vm/interpreter.h"
#include "vm/opcodes.h"
#include "vm/torch/install.h"
#include "vm/torch/tensor_members.h"
#include "vm/vm.h"

using namespace tdsl;

namespace {

std::string reprOf(Interpreter& I, const std::string& src) { return I.repr(I.runSource("test.td", src)); }

}  // namespace

TEST_CASE("layers: a bare interpreter runs Python and has no torch module", "[layers]") {
  Interpreter I;
  CHECK(reprOf(I, "sorted([3, 1, 2])") == "[1, 2, 3]");
  CHECK(errorOf([&] { I.runSource("test.td", "import torch"); }) == "No module named 'torch'");
  CHECK(errorOf([&] { I.runSource("test.td", "import tdsl"); }) == "No module named 'tdsl'");
  CHECK(!I.hasTensorBridge());
}

TEST_CASE("layers: the torch module alone has no torch.compile", "[layers]") {
  Interpreter I;
  installTorchModule(I);
  CHECK(I.hasTensorBridge());
  CHECK(reprOf(I, "import torch\nimport tdsl\nx = torch.ones(3) * 2\n(x.sum().item(), len(x), tdsl is torch)") ==
        "(6.0, 3, True)");
  CHECK(errorOf([&] { I.runSource("test.td", "import torch\ntorch.compile"); }) ==
        "module 'torch' has no attribute 'compile'");
}

TEST_CASE("layers: installTorchCompile adds torch.compile and tdsl.explain to the torch module", "[layers]") {
  Interpreter I;
  installTorchModule(I);
  installTorchCompile(I);
  CHECK(reprOf(I, "import torch\nimport tdsl\n(torch.compile, tdsl.explain, torch.compile is tdsl.compile)") ==
        "(<built-in function compile>, <built-in function explain>, True)");
  CHECK(reprOf(I, "import torch\ndef f(x):\n    return x + 1\ntorch.compile(f)(torch.zeros(2)).tolist()") ==
        "[1.0, 1.0]");
  StandardInterpreter S;
  CHECK(reprOf(S, "import torch\ntorch.compile(lambda x: x * 3)(torch.ones(1)).item()") == "3.0");
}

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

TEST_CASE("tensor members: the method table says what each member reads", "[layers][tracer]") {
  for (const char* data : {"item", "tolist", "data_ptr", "numpy"}) CHECK(tensorMemberReads(data) == kReadsData);
  for (const char* sizes : {"shape", "size", "stride", "numel", "nelement", "is_contiguous"})
    CHECK(tensorMemberReads(sizes) == kReadsSizes);
  CHECK(tensorMemberReads("storage_offset") == (kReadsSizes | kReadsOffset));
  for (const char* rank : {"ndim", "dim", "ndimension"}) CHECK(tensorMemberReads(rank) == kReadsRank);
  for (const char* dtype : {"dtype", "is_floating_point", "element_size"}) CHECK(tensorMemberReads(dtype) == kReadsDType);
  // Ops are traced, conversions and views read nothing; unknown names are not members.
  for (const char* none : {"add", "add_", "view", "float", "view_as", "T", "cpu", "to", "register_forward_hook"})
    CHECK(tensorMemberReads(none) == kReadsNothing);
  // Autograd's members: the tracer's autograd side decides (Note [Joint graphs],
  // Note [Autograd reads while tracing] in compile/tracer_autograd.cpp).
  for (const char* grad : {"backward", "grad", "requires_grad", "requires_grad_", "grad_fn", "is_leaf", "retain_grad",
                           "register_hook"})
    CHECK(tensorMemberReads(grad) == kReadsAutograd);
}

TEST_CASE("tensor members: every member with flags is one a tensor has", "[layers][tracer]") {
  StandardInterpreter I;
  I.runSource("test.td", "import torch\nx = torch.zeros(2, 3)\n");
  for (const char* name : {"item", "tolist", "data_ptr", "shape", "size", "stride", "numel", "nelement",
                           "is_contiguous", "storage_offset", "ndim", "dim", "ndimension", "dtype",
                           "is_floating_point", "element_size"}) {
    INFO(name);
    CHECK(tensorMemberReads(name) != kReadsNothing);
    CHECK(errorOf([&] { I.runSource("test.td", std::string("x.") + name); }) == "<no error>");
  }
}
