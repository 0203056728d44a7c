// Issue 5 end to end: torch.compile'd functions run the functionalized and
// reinplaced graph. Checks the seed `composed` case's optimized graph (no
// slice_scatter, no clone of field, no full-size copy_), the bytes its
// compiled calls really copy (counted by the graph executor), the
// reinplacing decisions in the statistics, --no-reinplace /
// options={"reinplace": False}, aot_eager, and the log categories.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "api/standard.h"
#include "ir/ir_printer.h"
#include "ops/op_table.h"
#include "compile/function.h"
#include "compile/pipeline.h"
#include "compile/runtime.h"
#include "vm/interpreter.h"
#include "vm/objects.h"

#include "compiled_run.h"

using namespace tdsl;

namespace {

constexpr int64_t kFieldBytes = 51'520 * 8;

// The seed case: eager and compiled on equal copies, 5 calls each.
std::string composedScript(const std::string& compileArgs) {
  return R"(
import torch
def composed(field, delta, indices, gain):
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)
field = torch.linspace(0.25, 1.25, 51_520, dtype=torch.float64)
delta = torch.linspace(-0.01, 0.01, 51_518, dtype=torch.float64)
indices = torch.arange(0, 198, 2, dtype=torch.int64)
gain = torch.linspace(0.99, 1.01, 99, dtype=torch.float64)
expected = field.clone()
actual = field.clone()
compiled = torch.compile(composed)" + compileArgs + R"()
for _ in range(5):
    composed(expected, delta, indices, gain)
    compiled(actual, delta, indices, gain)
same = torch.equal(actual, expected)
)";
}

using Run = testing::CompiledRun;

int64_t countOps(const ir::Graph& g, bool (*pred)(const ir::Node&, const ir::Graph&)) {
  int64_t n = 0;
  for (ir::Node* node : g.nodes())
    if (node->isOp() && pred(*node, g)) ++n;
  return n;
}

bool isScatter(const ir::Node& n, const ir::Graph&) { return n.op()->has(ir::kTagScatter); }
bool isCloneOfInput(const ir::Node& n, const ir::Graph& g) {
  if (n.op()->name() != "clone") return false;
  for (ir::IrValue* in : g.inputs())
    if (n.tensorArg(0) == in) return true;
  return false;
}
bool isFullSizeCopy(const ir::Node& n, const ir::Graph&) {
  if (!n.op()->has(ir::kTagCopy) || !n.tensorArg(0)) return false;
  const auto& sizes = n.tensorArg(0)->meta().sizes;
  return sizes.size() == 1 && sizes[0].isConstant() && sizes[0].constant() == 51'520;
}

std::string runCli(const std::string& args, const std::string& source) {
  std::string script = "/tmp/tdsl_test_reinplace_e2e.td";
  {
    std::ofstream f(script);
    f << source;
  }
  std::string cmd = std::string(TDSL_BINARY) + " run " + args + " " + script + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  pclose(p);
  return out;
}

}  // namespace

TEST_CASE("reinplace e2e: composed runs reinplaced, bit-identical, with no full-buffer copy", "[reinplace]") {
  Run r(composedScript(", fullgraph=True"));
  CHECK(r.truthy("same"));
  const FunctionStats& s = r.stats("composed");
  CHECK(s.calls == 5);
  CHECK(s.graphs == 1);
  CHECK(s.reinplaced >= 2);  // the slice update and the index_copy chain
  CHECK(s.notReinplaced.empty());
  // Measured by the executor: only index_copy_'s 99 float64 values per call.
  CHECK(s.bytesCopied > 0);
  CHECK(s.bytesCopied / s.calls <= 1024);

  // The graph the segment executes (the same function compileSegment uses).
  Backend tdslBackend;
  OptimizedSegment optimized = optimizeSegmentGraph(r.interp, tdslBackend, r.capturedGraph("compiled"), {"composed", {}});
  INFO(ir::printGraph(*optimized.graph));
  CHECK(!optimized.pipelineFailed);
  CHECK(countOps(*optimized.graph, isScatter) == 0);
  CHECK(countOps(*optimized.graph, isCloneOfInput) == 0);
  CHECK(countOps(*optimized.graph, isFullSizeCopy) == 0);
}

TEST_CASE("reinplace e2e: --no-reinplace keeps the functional copies and the same result", "[reinplace]") {
  InterpreterOptions o;
  o.reinplace = false;
  Run r(composedScript(""), o);
  CHECK(r.truthy("same"));
  const FunctionStats& s = r.stats("composed");
  CHECK(s.reinplaced == 0);
  CHECK(s.notReinplaced.empty());  // the pass did not run at all
  // At least the full-size write-back of field per call.
  CHECK(s.bytesCopied / s.calls >= kFieldBytes);
}

TEST_CASE("reinplace e2e: options={'reinplace': False} and aot_eager match eager", "[reinplace]") {
  for (const char* args : {", options={'reinplace': False}", ", backend='aot_eager'"}) {
    INFO(args);
    Run r(composedScript(args));
    CHECK(r.truthy("same"));
    const FunctionStats& s = r.stats("composed");
    CHECK(s.reinplaced == 0);
    CHECK(s.bytesCopied / s.calls >= kFieldBytes);
  }
  Run eager(composedScript(", backend='eager'"));
  CHECK(eager.truthy("same"));
  // The captured graph keeps its in-place ops: only index_copy_'s values move.
  CHECK(eager.stats("composed").bytesCopied / 5 <= 1024);
}

TEST_CASE("reinplace e2e: refused candidates are reported with reasons", "[reinplace]") {
  Run r(R"(
import torch
def read_old(x, i, v):
    y = x.index_copy(0, i, v)
    s = x.sum()
    x.copy_(y)
    return s
f = torch.compile(read_old)
x = torch.arange(8.0)
x2 = torch.arange(8.0)
i = torch.tensor([1, 5])
v = torch.tensor([10.0, 20.0])
s1 = f(x, i, v)
s2 = read_old(x2, i, v)
same = torch.equal(x, x2) and torch.equal(s1, s2)
)");
  CHECK(r.truthy("same"));
  const FunctionStats& s = r.stats("read_old");
  REQUIRE(s.notReinplaced.size() >= 1);
  CHECK(s.notReinplaced[0].first == "index_copy");
  CHECK(!s.notReinplaced[0].second.empty());
  // A full copy of x (8 float32) plus the write-back: counted, not estimated.
  CHECK(s.bytesCopied >= 2 * 8 * 4);
  std::string j = compileRuntime(r.interp).stats.json();
  CHECK_THAT(j, Catch::Contains("\"bytes_copied\": "));
  CHECK_THAT(j, Catch::Contains("\"reinplaced\": "));
  CHECK_THAT(j, Catch::Contains("\"not_reinplaced\": [{\"op\": \"index_copy\", \"reason\": "));
}

TEST_CASE("reinplace e2e: log categories functional, optimized, passes", "[reinplace]") {
  CompileLogs l;
  l.enable("functional,optimized");
  CHECK(l.functional);
  CHECK(l.optimized);
  CHECK(!l.passes);
  l.enable("passes");
  CHECK(l.passes);

  const std::string src = "import torch\ndef f(x):\n    x[1:3].add_(1)\n    return x.sum()\ng = torch.compile(f)\n"
                          "print(g(torch.arange(4.0)).item())\n";
  std::string out = runCli("--log functional,optimized,passes", src);
  CHECK_THAT(out, Catch::Contains("[tdsl:functional] functional graph of f"));
  CHECK_THAT(out, Catch::Contains("slice_scatter"));  // functional form
  CHECK_THAT(out, Catch::Contains("[tdsl:optimized] optimized graph of f"));
  CHECK_THAT(out, Catch::Contains("[tdsl:passes] after reinplace:"));
  CHECK_THAT(out, Catch::Contains("[tdsl:passes] after dce:"));
  CHECK_THAT(out, Catch::Contains("(unchanged)"));
  CHECK_THAT(out, Catch::Contains("8.0"));

  std::string json = "/tmp/tdsl_test_reinplace_e2e.json";
  std::remove(json.c_str());
  runCli("--no-reinplace --stats-json " + json, src);
  std::ifstream in(json);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK_THAT(ss.str(), Catch::Contains("\"reinplaced\": 0"));
  CHECK_THAT(ss.str(), Catch::Contains("\"bytes_copied\": "));
}
