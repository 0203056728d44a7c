// torch.compile safety (issue 10): what tracing must not swallow or grow
// without bound. Note [Trace refusal] and Note [Graph size limit] in
// compile/tracer.h.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "api/standard.h"
#include "compile/runtime.h"
#include "compile/tracer.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "vm/vm.h"

using namespace tdsl;

namespace {

const char* const kLoop = R"(
import torch
def f(x):
    for i in range(100):
        x = x + 1
    return x
g = torch.compile(f)
small = torch.compile(f, options={"max_graph_nodes": 50})
)";

Value zeros(Interpreter& I) { return I.runSource("zeros.td", "torch.zeros(2)"); }

}  // namespace

TEST_CASE("compile safety: an interrupt while tracing is raised, not swallowed", "[compile]") {
  StandardInterpreter I;
  I.runSource("test.td", kLoop);
  Value g = I.getGlobal("g");
  std::vector<Value> args{zeros(I)};
  I.requestInterrupt();
  try {
    I.call(g, args);
    FAIL("the interrupt was swallowed");
  } catch (const Error& e) {
    CHECK(e.kind == ErrorKind::Interrupt);
  }
  // Nothing was cached or run eagerly in its place; the next call compiles.
  const FunctionStats& s = compileRuntime(I).stats.of("f");
  CHECK(s.eagerFallbacks == 0);
  CHECK(I.repr(I.call(g, args)) == "tensor([100., 100.])");
  CHECK(s.graphs == 1);
}

TEST_CASE("compile safety: trace refusal covers user errors, not interrupts or memory", "[compile]") {
  CHECK(isTraceRefusal(Error(ErrorKind::Shape, "The size of tensor a (3) must match the size of tensor b (4)")));
  CHECK(isTraceRefusal(Error(ErrorKind::Resource, "sequence is too large")));
  CHECK_FALSE(isTraceRefusal(Error(ErrorKind::Interrupt, "KeyboardInterrupt")));
  CHECK_FALSE(isTraceRefusal(Error(ErrorKind::Resource, "out of memory")));
}

TEST_CASE("compile safety: a graph past the node limit runs eagerly", "[compile]") {
  StandardInterpreter I;
  I.runSource("test.td", kLoop);
  std::vector<Value> args{zeros(I)};
  CHECK(I.repr(I.call(I.getGlobal("small"), args)) == "tensor([100., 100.])");
  const FunctionStats& s = compileRuntime(I).stats.of("f");
  CHECK(s.graphs == 0);
  CHECK(s.eagerFallbacks == 1);
  // Under the default limit the same loop is one graph of 100 additions.
  CHECK(I.repr(I.call(I.getGlobal("g"), args)) == "tensor([100., 100.])");
  CHECK(s.graphs == 1);
  REQUIRE(s.graphNodes.size() == 1);
  CHECK(s.graphNodes[0] == 102);
}

TEST_CASE("compile safety: the default node limit bounds a long traced loop", "[compile]") {
  StandardInterpreter I;
  I.runSource("test.td", "import torch\ndef f(x):\n    for i in range(" + std::to_string(kMaxGraphNodes) +
                             "):\n        x = x + 1\n    return x\ny = torch.compile(f)(torch.zeros(1))\n");
  CHECK(I.repr(I.getGlobal("y")) == "tensor([" + std::to_string(kMaxGraphNodes) + ".])");
  const FunctionStats& s = compileRuntime(I).stats.of("f");
  CHECK(s.graphs == 0);
  CHECK(s.eagerFallbacks == 1);
}

TEST_CASE("compile safety: cyclic arguments are guarded without looping or recompiling", "[compile]") {
  StandardInterpreter I;
  I.runSource("test.td", R"(
import torch
def make(k):
    def down(n):
        return n if n <= 0 else down(n - k)
    return down
def f(x, fn, lst):
    return x + fn(3) + len(lst)
g = torch.compile(f)
loop = [1]
loop.append(loop)
out = [g(torch.zeros(1), make(1), loop).item() for i in range(3)]
other = g(torch.zeros(1), make(2), loop).item()
)");
  CHECK(I.repr(I.getGlobal("out")) == "[2.0, 2.0, 2.0]");
  CHECK(I.repr(I.getGlobal("other")) == "1.0");
  const FunctionStats& s = compileRuntime(I).stats.of("f");
  CHECK(s.traces == 2);  // a fresh recursive closure over the same k is the same guard value
  CHECK(s.eagerFallbacks == 0);
}
