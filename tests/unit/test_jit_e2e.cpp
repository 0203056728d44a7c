// Issue 12 end to end: torch.compile's tdsl backend runs fused groups as JIT
// kernels whose results equal eager's bit for bit (layouts, 0-d and
// broadcast operands, NaN / -0.0 / inf), on each tier; one kernel serves
// every size of a dynamic graph; --no-jit and TDSL_ISA.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "jit_pairs.h"
#include "support/diagnostics.h"
#include "api/standard.h"
#include "jit/isa.h"
#include "jit/jit_context.h"
#include "compile/runtime.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "tensor/tensor.h"
#include "tensor/tensor_iter.h"

using namespace tdsl;

namespace {

bool pairsIdentical(Interpreter& interp, int64_t* count) { return testing::pairsIdentical(interp, count, true); }

const char* kLayoutsScript = R"(
import torch
specials = [float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-45, -1e-320, 1.0, -1.0, 0.5, 3.0, -2.25, 1e30]
def f(x, y, s):
    t = torch.maximum(x, y) - s * 2.0
    u = torch.clamp(t, -1.5, 0.75)
    return u.abs() / (y + 0.5), torch.minimum(-t, x).relu(), t * u
pairs = []
for dt in [torch.float32, torch.float64]:
    base = torch.tensor(specials * 12, dtype=dt)[:150]
    other = torch.tensor(list(reversed(specials)) * 12, dtype=dt)[:150]
    cases = [
        (base[:60].reshape(6, 10), other[:60].reshape(6, 10), torch.tensor(0.25, dtype=dt)),
        (base[:60].reshape(10, 6).t(), other[:60].reshape(6, 10), torch.tensor(-0.0, dtype=dt)),
        (base[1:61:1].reshape(6, 10), other[:10], torch.tensor(float('nan'), dtype=dt)),
        (base[::2][:30].reshape(5, 6), other[3:9].reshape(1, 6), torch.tensor(1.0, dtype=dt)),
        (base[:7], other[:1], torch.tensor(2.0, dtype=dt)),
        (base[:0], other[:0], torch.tensor(2.0, dtype=dt)),
        (base[4], other[5], torch.tensor(-3.0, dtype=dt)),
        (base[:150], other[:150], torch.tensor(0.5, dtype=dt)),
        (base[:24].reshape(2, 3, 4).permute(2, 0, 1), other[:4].reshape(4, 1, 1), torch.tensor(0.0, dtype=dt)),
    ]
    for x, y, s in cases:
        got = torch.compile(f)(x, y, s)  # a cache of its own: no recompile limit
        want = f(x, y, s)
        for g, w in zip(got, want):
            pairs.append((g, w))
)";

}  // namespace

TEST_CASE("jit e2e: compiled fused groups equal eager bit for bit on every tier", "[jit]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    ::setenv("TDSL_ISA", jit::tierName(tier), 1);
    StandardInterpreter interp;
    interp.runSource("test.td", kLayoutsScript);
    ::unsetenv("TDSL_ISA");
    INFO(jit::tierName(tier));
    int64_t count = 0;
    CHECK(pairsIdentical(interp, &count));
    CHECK(count == 54);
    CompileRuntime& rt = compileRuntime(interp);
    REQUIRE(rt.jit);
    CHECK(rt.jit->tier() == tier);
    FunctionStats t = rt.stats.totals();
    CHECK(t.eagerFallbacks == 0);
    CHECK(t.kernelsCompiled > 0);
    CHECK(t.jitMs > 0);
  }
}

TEST_CASE("jit e2e: --no-jit runs the same fused graph through the eager kernels", "[jit]") {
  InterpreterOptions o;
  o.jit = false;
  StandardInterpreter interp(o);
  interp.runSource("test.td", kLayoutsScript);
  int64_t count = 0;
  CHECK(pairsIdentical(interp, &count));
  CHECK(count == 54);
  CHECK(compileRuntime(interp).stats.totals().kernelsCompiled == 0);
  CHECK(!compileRuntime(interp).jit);
}

TEST_CASE("jit e2e: one kernel serves every size of a dynamic graph", "[jit]") {
  StandardInterpreter interp;
  interp.runSource("test.td", R"(
import torch
def f(a, b, c):
    return torch.clamp(a + b * c, -1.0, 1.0).abs() - 0.25
cf = torch.compile(f, dynamic=True)
pairs = []
for n in [10, 17, 1, 0, 33, 64, 1000, 9]:
    a = torch.randn(n)
    b = torch.randn(n)
    c = torch.randn(n)
    pairs.append((cf(a, b, c), f(a, b, c)))
)");
  int64_t count = 0;
  CHECK(pairsIdentical(interp, &count));
  CHECK(count == 8);
  const FunctionStats& s = compileRuntime(interp).stats.of("f");
  CHECK(s.calls == 8);
  CHECK(s.kernelsCompiled == 1);
}

TEST_CASE("jit e2e: graphs recompiled for new sizes find their kernel in the cache", "[jit]") {
  StandardInterpreter interp;
  interp.runSource("test.td", R"(
import torch
def f(a, b):
    return (a - b) * 0.5 + b
cf = torch.compile(f, dynamic=False)
pairs = []
for n in [8, 24, 100]:
    a = torch.randn(n, dtype=torch.float64)
    b = torch.randn(n, dtype=torch.float64)
    pairs.append((cf(a, b), f(a, b)))
)");
  int64_t count = 0;
  CHECK(pairsIdentical(interp, &count));
  const FunctionStats& s = compileRuntime(interp).stats.of("f");
  CHECK(s.traces == 3);
  CHECK(s.kernelsCompiled == 1);
  CHECK(s.kernelCacheHits == 2);
}

TEST_CASE("jit e2e: TDSL_ISA names a tier, refusing unknown ones", "[jit]") {
  CHECK(jit::selectTier(nullptr) == jit::bestHostTier());
  CHECK(jit::selectTier("sse2") == jit::IsaTier::Sse2);
  try {
    jit::selectTier("avx512");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.message == "TDSL_ISA=avx512: unknown instruction set (expected sse2, avx2 or neon)");
  }
  if (!jit::cpuHas(jit::IsaTier::Avx2)) CHECK_THROWS_AS(jit::selectTier("avx2"), Error);
  if (!jit::cpuHas(jit::IsaTier::Neon)) CHECK_THROWS_AS(jit::selectTier("neon"), Error);
}

namespace {

// `tdsl run` with an environment prefix and flags; stdout and stderr, and the exit status.
std::string runCli(const std::string& env, const std::string& args, const std::string& source, int* status) {
  std::string script = "/tmp/tdsl_test_jit_e2e.td";
  {
    FILE* f = std::fopen(script.c_str(), "w");
    REQUIRE(f);
    std::fputs(source.c_str(), f);
    std::fclose(f);
  }
  std::string cmd = env + " " + std::string(TDSL_BINARY) + " run " + args + " " + script + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  int st = pclose(p);
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

const char* kTriad = R"(import torch
def f(a, b, c):
    return a + b * c
print(torch.compile(f)(torch.ones(10), torch.ones(10), torch.ones(10)).sum().item())
)";

}  // namespace

TEST_CASE("jit e2e: --log code prints each kernel's nodes and assembly", "[jit]") {
  int status = 0;
  std::string out = runCli("TDSL_ISA=sse2", "--log code --stats", kTriad, &status);
  CHECK(status == 0);
  CHECK_THAT(out, Catch::Contains("20.0"));
  CHECK_THAT(out, Catch::Contains("[tdsl:code] kernel [sse2 cccc f32"));
  CHECK_THAT(out, Catch::Contains("[tdsl:code]   %0 = mul(%in0, %in1) : f32[10]"));
  CHECK_THAT(out, Catch::Contains("[tdsl:code] mulps xmm"));
  CHECK_THAT(out, !Catch::Contains("vmulps"));  // the SSE2 tier emits no AVX
  CHECK_THAT(out, Catch::Contains("kernels compiled 1, kernel cache hits 0"));
}

TEST_CASE("jit e2e: TDSL_JIT=0 and --no-jit compile no kernel; a bad TDSL_ISA is a usage error", "[jit]") {
  int status = 0;
  for (const char* how : {"TDSL_JIT=0|--stats", "|--no-jit --stats"}) {
    std::string h = how;
    std::string out = runCli(h.substr(0, h.find('|')), h.substr(h.find('|') + 1), kTriad, &status);
    CHECK(status == 0);
    CHECK_THAT(out, Catch::Contains("20.0"));
    CHECK_THAT(out, !Catch::Contains("kernels compiled"));
  }
  std::string out = runCli("TDSL_ISA=avx512", "", kTriad, &status);
  CHECK(status == 2);
  CHECK_THAT(out, Catch::Contains("tdsl: TDSL_ISA=avx512: unknown instruction set (expected sse2, avx2 or neon)"));
  if (!jit::cpuHas(jit::IsaTier::Neon)) {
    out = runCli("TDSL_ISA=neon", "", kTriad, &status);
    CHECK(status == 2);
    CHECK_THAT(out, Catch::Contains("tdsl: TDSL_ISA=neon: this CPU (") && Catch::Contains(") has no neon; the best it runs is"));
  }
}

TEST_CASE("jit e2e: a group the kernels cannot take runs on the reference path, with one log line", "[jit]") {
  // 18 inputs: more operands than KernelArgs holds.
  std::string params, call, sum = "x0 * 1.0";
  for (int i = 0; i < 18; ++i) params += (i ? ", x" : "x") + std::to_string(i);
  for (int i = 0; i < 18; ++i) call += (i ? ", xs[" : "xs[") + std::to_string(i) + "]";
  for (int i = 1; i < 18; ++i) sum += " + x" + std::to_string(i);
  std::string src = "import torch\ndef f(" + params + "):\n    return " + sum + "\n" +
                    "xs = [torch.full((5,), float(i)) for i in range(18)]\n"
                    "print(torch.compile(f)(" + call + ").tolist(), f(" + call + ").tolist())\n";
  int status = 0;
  std::string out = runCli("", "--stats --log code", src, &status);
  CHECK(status == 0);
  CHECK_THAT(out, Catch::Contains("[153.0, 153.0, 153.0, 153.0, 153.0] [153.0, 153.0, 153.0, 153.0, 153.0]"));
  CHECK_THAT(out, Catch::Contains("[tdsl:code] fused group f_fused0 runs on the reference path: more than 16 operands"));
  CHECK_THAT(out, !Catch::Contains("kernels compiled"));
  // Without --log code the fallback is silent (a log line, not a warning).
  out = runCli("", "", src, &status);
  CHECK(status == 0);
  CHECK_THAT(out, !Catch::Contains("reference path"));
}
