// torch.compile: tracing, graph breaks, guards, the compile cache, recompiles,
// the recompile limit, dynamic shapes, fullgraph, backends, stats, explain.
// Each test runs a script in a fresh Interpreter and asserts on the results
// and on the compile statistics (compile_stats.h).
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "api/standard.h"
#include "compile/bytecode.h"
#include "compile/runtime.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "vm/vm.h"

using namespace tdsl;

namespace {

struct Run {
  StandardInterpreter interp;
  explicit Run(const std::string& source, InterpreterOptions o = {}) : interp(std::move(o)) {
    interp.runSource("test.td", source);
  }
  const FunctionStats& stats(const std::string& fn) { return compileRuntime(interp).stats.of(fn); }
  Value global(const std::string& name) { return interp.getGlobal(name); }
  std::string str(const std::string& name) { return interp.str(global(name)); }
  bool truthy(const std::string& name) { return interp.truthy(global(name)); }
};

std::string reasons(const FunctionStats& s) {
  std::string out;
  for (const auto& r : s.breakReasons) out += r + "\n";
  return out;
}

}  // namespace

TEST_CASE("compile: a cache hit does not re-trace", "[compile]") {
  Run r(R"(
import torch
def f(x, y):
    return (x * y + 1).sum()
g = torch.compile(f)
ok = True
for i in range(5):
    a = torch.arange(4.0) + i
    ok = ok and g(a, a).item() == f(a, a).item()
)");
  CHECK(r.truthy("ok"));
  const FunctionStats& s = r.stats("f");
  CHECK(s.calls == 5);
  CHECK(s.traces == 1);
  CHECK(s.graphs == 1);
  CHECK(s.cacheHits == 4);
  CHECK(s.recompiles == 0);
  REQUIRE(s.graphNodes.size() == 1);
  CHECK(s.graphNodes[0] == 5);  // g(a, a): one input for both parameters, mul, add, sum, output
}

TEST_CASE("compile: graph break kinds are reported and results match eager", "[compile]") {
  struct Case { const char* body; const char* reason; };
  const Case cases[] = {
      {"    if x.sum() > 0:\n        return x + 1\n    return x - 1", "truth value"},
      {"    while x.sum() < 10:\n        x = x * 2\n    return x", "truth value"},
      {"    return bool(x.sum() > 0), x * 2", "bool()"},
      {"    return int(x[0]), x * 2", "int()"},
      {"    return float(x[0]), x * 2", "float()"},
      {"    return x.sum().item(), x * 2", "Tensor.item()"},
      {"    return x.tolist(), x * 2", "Tensor.tolist()"},
      {"    y = x * 2\n    print('y', y)\n    return y", "print()"},
      {"    torch.manual_seed(1)\n    return x * 2", "manual_seed()"},
      {"    return torch.equal(x, x), x + 1", "equal()"},
      {"    return [t for t in x.tolist()], x", "Tensor.tolist()"},
  };
  for (const Case& c : cases) {
    INFO(c.body);
    Run r(std::string("import torch\ndef f(x):\n") + c.body +
          "\ng = torch.compile(f)\na = g(torch.arange(3.0) + 1)\nb = f(torch.arange(3.0) + 1)\nsame = str(a) == str(b)\n");
    CHECK(r.truthy("same"));
    const FunctionStats& s = r.stats("f");
    CHECK(s.graphBreaks >= 1);
    CHECK_THAT(reasons(s), Catch::Contains(c.reason));
    CHECK_THAT(reasons(s), Catch::Contains("test.td:"));
  }
}

TEST_CASE("compile: guards on dtype, rank, size, strides, aliasing and Python values", "[compile]") {
  struct Case { const char* first; const char* second; };
  const Case cases[] = {
      {"torch.ones(4), 2", "torch.ones(4, dtype=torch.float64), 2"},  // dtype
      {"torch.ones(4), 2", "torch.ones(2, 2), 2"},                     // rank
      {"torch.ones(4), 2", "torch.ones(5), 2"},                        // size
      {"torch.ones(2, 3), 2", "torch.ones(3, 2).t(), 2"},              // strides
      {"torch.ones(4), 2", "torch.ones(4), 3"},                        // Python int
      {"torch.ones(4), 2", "torch.ones(4), 2.0"},                      // Python type
  };
  for (const Case& c : cases) {
    INFO(c.first << " then " << c.second);
    Run r(std::string("import torch\ndef f(x, k):\n    return x * k + x.sum()\ng = torch.compile(f)\n") +
          "a1 = g(" + c.first + ")\na2 = g(" + c.first + ")\nb = g(" + c.second + ")\n" +
          "same = str(b) == str(f(" + c.second + "))\n");
    CHECK(r.truthy("same"));
    const FunctionStats& s = r.stats("f");
    CHECK(s.traces == 2);
    CHECK(s.recompiles == 1);
    CHECK(s.cacheHits == 1);
  }
}

TEST_CASE("compile: aliased inputs get their own graph and behave as in eager", "[compile]") {
  Run r(R"(
import torch
def f(a, b):
    a.add_(b)
    return a * 1
g = torch.compile(f)
x = torch.arange(6.0)
y = torch.arange(6.0)
g(x[3:], x[:3])
f(y[3:], y[:3])
first = x.tolist() == y.tolist()
g(x, x)
f(y, y)
second = x.tolist() == y.tolist()
g(x, torch.ones(6))
f(y, torch.ones(6))
third = x.tolist() == y.tolist()
)");
  CHECK(r.truthy("first"));
  CHECK(r.truthy("second"));
  CHECK(r.truthy("third"));
  CHECK(r.stats("f").traces == 3);
}

TEST_CASE("compile: global tensors are inputs; mutation and rebinding are written back", "[compile]") {
  Run r(R"(
import torch
acc = torch.zeros(2)
out = None
def f(x):
    global out
    acc.add_(x)
    out = acc * 2
    return acc.sum()
g = torch.compile(f)
s = 0.0
for i in range(3):
    s = s + g(torch.ones(2)).item()
ok = acc.tolist() == [3.0, 3.0] and out.tolist() == [6.0, 6.0] and s == 12.0
)");
  CHECK(r.truthy("ok"));
  CHECK(r.stats("f").traces == 1);
  CHECK(r.stats("f").cacheHits == 2);
}

TEST_CASE("compile: breaks inside loops resume in the loop and reuse cached segments", "[compile]") {
  Run r(R"(
import torch
def f(x):
    while x.sum() < 1000:
        x = x * 2 + 1
    return x
g = torch.compile(f)
ok = g(torch.ones(3)).tolist() == f(torch.ones(3)).tolist()
)");
  CHECK(r.truthy("ok"));
  const FunctionStats& s = r.stats("f");
  // Loop head segment, one loop-body segment traced once and reused, the return.
  CHECK(s.traces == 3);
  CHECK(s.cacheHits >= 5);
  CHECK(s.eagerFallbacks == 0);
}

TEST_CASE("compile: the recompile limit falls back to eager with correct results", "[compile]") {
  Run r(R"(
import torch
def f(x, k):
    return x * k
g = torch.compile(f)
ok = True
for k in range(12):
    ok = ok and g(torch.ones(2), k).tolist() == [float(k), float(k)]
ok = ok and g(torch.ones(2), 3).tolist() == [3.0, 3.0]
)");
  CHECK(r.truthy("ok"));
  const FunctionStats& s = r.stats("f");
  CHECK(s.traces == 8);
  CHECK(s.eagerFallbacks == 4);
  CHECK(s.cacheHits == 1);  // k == 3 still hits its cached segment
}

TEST_CASE("compile: recompile limit prints one line on stderr", "[compile]") {
  std::string script = "/tmp/tdsl_test_compile_limit.td";
  FILE* f = std::fopen(script.c_str(), "w");
  REQUIRE(f);
  std::fputs("import torch\ndef f(x, k):\n    return x * k\ng = torch.compile(f)\nfor k in range(20):\n    g(torch.ones(2), k)\nprint('done')\n", f);
  std::fclose(f);
  std::string cmd = std::string(TDSL_BINARY) + " run " + script + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  pclose(p);
  CHECK_THAT(out, Catch::Contains("recompile limit"));
  CHECK(out.find("recompile limit") == out.rfind("recompile limit"));
  CHECK_THAT(out, Catch::EndsWith("done\n"));
}

TEST_CASE("compile: automatic dynamic shapes (seed example counts)", "[compile]") {
  Run r(R"(
import torch
def f(x):
    y = torch.sin(x) ** 2 + torch.cos(x) ** 2
    if y.sum() > 0:
        return y * 2
    return y
g = torch.compile(f)
ok = True
for n in (8, 8, 16, 32, 64, 5):
    x = torch.randn(n)
    ok = ok and str(g(x)) == str(f(x))
)");
  CHECK(r.truthy("ok"));
  const FunctionStats& s = r.stats("f");
  CHECK(s.graphs == 4);  // [9, 3] static, then [9, 3] with a symbolic size
  REQUIRE(s.graphNodes.size() == 4);
  CHECK(s.graphNodes[0] == 9);
  CHECK(s.graphNodes[1] == 3);
  CHECK(s.recompiles == 2);
}

TEST_CASE("compile: sizes 0 and 1 stay specialized", "[compile]") {
  Run r(R"(
import torch
def f(x):
    return x + 1
g = torch.compile(f)
for n in (4, 5, 6, 1, 1, 0):
    g(torch.ones(n))
)");
  // 4 (static), 5 (dynamic: also serves 6), 1, 0.
  CHECK(r.stats("f").traces == 4);
}

TEST_CASE("compile: fullgraph=True turns a break into an error with location", "[compile]") {
  StandardInterpreter interp;
  try {
    interp.runSource("fg.td", "import torch\ndef f(x):\n    y = x + 1\n    if y.sum() > 0:\n        return y\n    return -y\n"
                              "g = torch.compile(f, fullgraph=True)\ng(torch.ones(2))\n");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.kind == ErrorKind::GraphBreak);
    CHECK_THAT(e.message, Catch::Contains("graph break"));
    CHECK_THAT(e.message, Catch::Contains("truth value"));
    CHECK_THAT(e.message, Catch::Contains("fg.td:4:"));
    CHECK(e.where.begin.line == 4);
  }
}

TEST_CASE("compile: script backends get a graph module", "[compile]") {
  Run r(R"(
import torch
info = []
def backend(gm, example_inputs):
    for n in gm.graph.nodes:
        info.append(n.op + ":" + n.name)
    info.append(len(example_inputs))
    return gm.forward
def f(x):
    return torch.sin(x) * 2
g = torch.compile(f, backend=backend)
ok = g(torch.arange(3.0)).tolist() == f(torch.arange(3.0)).tolist()
)");
  CHECK(r.truthy("ok"));
  CHECK(r.str("info") == "['placeholder:x', 'call_function:sin', 'call_function:mul', 'output:output', 1]");
}

TEST_CASE("compile: --eager makes torch.compile the identity", "[compile]") {
  InterpreterOptions o;
  o.eager = true;
  Run r("import torch\ndef f(x):\n    return x\nsame = torch.compile(f) is f\n", o);
  CHECK(r.truthy("same"));
}

TEST_CASE("compile: explain reports graphs, nodes and breaks", "[compile]") {
  Run r(R"(
import torch
import tdsl
def f(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y
e = tdsl.explain(f)(torch.ones(3))
count = e.graph_count
nodes = e.node_counts
breaks = e.graph_break_count
text = str(e)
)");
  CHECK(r.str("count") == "2");
  CHECK(r.str("nodes") == "[5, 3]");
  CHECK(r.str("breaks") == "1");
  CHECK_THAT(r.str("text"), Catch::Contains("Graph Count: 2"));
  CHECK_THAT(r.str("text"), Catch::Contains("truth value"));
}

TEST_CASE("compile: stats JSON has every field", "[compile]") {
  Run r("import torch\ndef f(x):\n    return x + 1\ng = torch.compile(f)\ng(torch.ones(1))\ng(torch.ones(1))\n");
  std::string j = compileRuntime(r.interp).stats.json();
  for (const char* k : {"\"f\"", "\"calls\": 2", "\"traces\": 1", "\"graphs\": 1", "\"graph_nodes\": [3]",
                        "\"graph_breaks\": 0", "\"break_reasons\": []", "\"recompiles\": 0", "\"cache_hits\": 1",
                        "\"eager_fallbacks\": 0", "\"compile_ms\"", "\"totals\""})
    CHECK_THAT(j, Catch::Contains(k));
}

TEST_CASE("compile: log categories parse", "[compile]") {
  CompileLogs l;
  l.enable("graph_breaks, +recompiles");
  CHECK(l.graphBreaks);
  CHECK(l.recompiles);
  CHECK(!l.guards);
  CHECK(!l.graph);
  l.enable("all");
  CHECK(l.guards);
  CHECK(l.graph);
}

TEST_CASE("compile: sizes read as Python values keep a dynamic segment specialized", "[compile]") {
  Run r(R"(
import torch
def f(x):
    return x * x.shape[0]
def g(x):
    return (x * 2).sum()
cf = torch.compile(f)
cg = torch.compile(g)
ok = True
for n in (4, 5, 6, 7, 6):
    ok = ok and cf(torch.ones(n)).tolist() == [float(n)] * n
    ok = ok and cg(torch.ones(n)).item() == 2.0 * n
)");
  CHECK(r.truthy("ok"));
  CHECK(r.stats("f").traces == 4);  // x.shape[0] is a constant of each trace: never dynamic
  CHECK(r.stats("f").cacheHits == 1);
  CHECK(r.stats("g").traces == 2);  // 4, then symbolic
  CHECK(r.stats("g").cacheHits == 3);
}

TEST_CASE("compile: a loop counter does not make every iteration a recompile", "[compile]") {
  Run r(R"(
import torch
def grow(x):
    n = 0
    while x.sum() < 1000:
        x = x * 2
        n += 1
    return x, n
g = torch.compile(grow)
x, n = g(torch.ones(3))
ok = n == 9 and x.tolist() == [512.0, 512.0, 512.0]
)");
  CHECK(r.truthy("ok"));
  const FunctionStats& s = r.stats("grow");
  CHECK(s.traces == 3);  // loop head, loop body (n written back as n + 1), return
  CHECK(s.recompiles == 0);
  CHECK(s.cacheHits == 8);
}

TEST_CASE("compile: bytecode liveness and the int-shift analysis", "[compile]") {
  StandardInterpreter interp;
  interp.runSource("l.td", "def f(a, b):\n    c = a + 1\n    while c < 10:\n        c = c + b\n    return c\n");
  Value f = interp.getGlobal("f");
  const CodeObject& code = *f.as<FunctionObject>()->code;
  Liveness live(code);
  CHECK(live.liveIn(0, 0));  // a is read first thing
  CHECK(live.liveIn(0, 1));  // b is read in the loop
  const auto end = static_cast<uint32_t>(code.code.size() - 1);
  CHECK_FALSE(live.liveIn(end, 0));
  // c is compared (c < 10): not only shifted.
  CHECK_FALSE(intIsOnlyShifted(code, 0, end, 0));
}

TEST_CASE("compile: a size compared in Python keeps the segment specialized", "[compile]") {
  Run r(R"(
import torch
def f(x):
    if x.shape[0] > 100:
        return x * 2
    return x + 1
g = torch.compile(f)
ok = True
for n in (4, 5, 6, 200, 7):
    ok = ok and g(torch.ones(n)).tolist() == f(torch.ones(n)).tolist()
)");
  CHECK(r.truthy("ok"));
  CHECK(r.stats("f").traces == 5);
}

TEST_CASE("compile: a kernel error inside a compiled graph points at the source line", "[compile]") {
  StandardInterpreter interp;
  try {
    interp.runSource("err.td", "import torch\ndef f(x, idx):\n    y = x * 2\n    z = torch.index_select(y, 0, idx)\n"
                               "    return z + 1\ng = torch.compile(f)\ng(torch.ones(3), torch.tensor([0, 1]))\n"
                               "g(torch.ones(3), torch.tensor([0, 7]))\n");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK_THAT(e.message, Catch::Contains("index out of range in self"));  // PyTorch's index_select wording
    CHECK(e.where.begin.line == 4);
    REQUIRE(!e.traceback.empty());
    CHECK(e.traceback[0].function == "f");
  }
}
