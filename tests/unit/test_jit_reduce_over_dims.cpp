// Issue 12: sum, mean, amax and amin over a list of dims and prod over one
// dim end fused groups (Note [Fused reductions]) and equal eager bit for bit
// (Note [JIT reductions over dims]) on every x86 tier with 1 and 2 threads:
// float32 and float64; reduced rows of 0, 1, every tail up to twice the
// vector width, block and chunk boundaries and longer than a chunk; keepdim
// both ways; leading, trailing, middle and several dims (negative ones
// too); contiguous, transposed, stepped, offset and broadcast inputs; NaN of
// both signs, +-inf, -0.0 and denormals. Every group runs as a kernel.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "jit_pairs.h"
#include "api/standard.h"
#include "compile/jit.h"
#include "compile/runtime.h"
#include "jit/isa.h"
#include "jit/jit_context.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "tensor/tensor.h"

using namespace tdsl;

namespace {

const char* kDimsScript = R"(
import torch
specials = [float('nan'), -float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-45, -1e-320, 1.0, -1.0, 3.0, -3.0]
def sum_last(x):
    return (x * 0.5).sum(dim=-1)
def sum_first_keep(x):
    return (x + 1.0).sum(0, keepdim=True)
def mean_dims(x):
    return (x * x).mean(dim=(0, -1))
def amax_mid(x):
    return (x - 0.25).amax(dim=1)
def amin_keep(x):
    return (-x).amin(dim=[0, 1], keepdim=True)
def prod_one(x):
    return (x * 0.75 + 0.5).prod(dim=1)
def prod_last_keep(x):
    return (x * 0.875).prod(-1, keepdim=True)
def two_outputs(x):
    y = x * 2.0
    return y, y.sum(dim=1)
fns = [sum_last, sum_first_keep, mean_dims, amax_mid, amin_keep, prod_one, prod_last_keep, two_outputs]
pairs = []
def check(f, *args):
    got = torch.compile(f)(*args)
    want = f(*args)
    if not isinstance(want, tuple):
        got, want = (got,), (want,)
    for g, w in zip(got, want):
        pairs.append((g, w))
g = torch.Generator().manual_seed(12)
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dt in [torch.float32, torch.float64]:
        for n in list(range(0, 18)) + [127, 128, 129, 1000, 32768, 32769, 70001]:
            rows = 3 if n < 1000 else 2
            x = torch.randn(rows, 2, n, generator=g, dtype=dt) * 3.0
            if n >= 3:
                flat = x.view(-1)
                flat[:len(specials) * 5:5] = torch.tensor(specials, dtype=dt)[:len(flat[:len(specials) * 5:5])]
            for f in fns:
                check(f, x)
        s = torch.tensor(specials * 30, dtype=dt)[:360].reshape(6, 5, 12)
        z = torch.tensor([0.0, -0.0] * 90, dtype=dt).reshape(6, 5, 6)
        for x in [s, s.transpose(0, 2), s[::2, 1:, ::3], s[1:, 2:4], s.permute(1, 2, 0), z, -z,
                  torch.randn(7, generator=g, dtype=dt).expand(4, 3, 7), torch.randn(5, 1, 4, generator=g, dtype=dt).expand(5, 6, 4)]:
            for f in fns:
                check(f, x)
# Reductions of a mixed group (Note [Mixed groups]): an int64 cast, a bool mask.
def cast_sum(i):
    return (i.float() * 0.5).sum(dim=-1)
def masked_amax(x, m):
    return (x * m).amax(dim=0, keepdim=True)
for n in [0, 1, 9, 100, 40000]:
    i = torch.arange(3 * n).reshape(3, n) - n
    x = torch.randn(4, n, generator=g)
    check(cast_sum, i)
    check(cast_sum, i.t().contiguous().t())
    check(masked_amax, x, x > 0.5)
)";

}  // namespace

TEST_CASE("jit reduce over dims: sum, mean, amax, amin and prod over dims equal eager bit for bit on every tier",
          "[jit][reduce]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    ::setenv("TDSL_ISA", jit::tierName(tier), 1);
    StandardInterpreter interp;
    jitFusedRunnersFor(interp);  // makes the JIT context on this tier
    ::unsetenv("TDSL_ISA");
    CompileRuntime& rt = compileRuntime(interp);
    REQUIRE(rt.jit);
    std::string kernels, fallbacks;
    rt.jit->codeLog = [&](const std::string& text) { kernels += text.substr(0, text.find('\n')) + "\n"; };
    rt.jit->fallbackLog = [&](const std::string& text) { fallbacks += text + "\n"; };
    interp.runSource("test.td", kDimsScript);
    INFO(jit::tierName(tier));
    int64_t count = 0;
    CHECK(testing::pairsIdentical(interp, &count, true));
    CHECK(count == 2 * 2 * (25 + 9) * 9 + 5 * 3);
    INFO(fallbacks);
    CHECK(fallbacks.empty());
    FunctionStats t = rt.stats.totals();
    CHECK(t.eagerFallbacks == 0);
    CHECK(t.kernelsCompiled > 0);
  }
}

TEST_CASE("jit reduce over dims: a reduction over dims alone stays eager's; after pointwise ops it is in the group",
          "[jit][reduce]") {
  StandardInterpreter interp;
  interp.runSource("test.td", R"(
import torch
def alone(x):
    return x.sum(dim=1)
def fused(x):
    return (x * 2.0).sum(dim=1)
x = torch.arange(12.0).reshape(3, 4)
a = torch.compile(alone)(x)
b = torch.compile(fused)(x)
)");
  CompileRuntime& rt = compileRuntime(interp);
  REQUIRE(rt.jit);
  CHECK(rt.stats.totals().kernelsCompiled == 1);
  const float* b = asTensor(interp.getGlobal("b"))->data<float>();
  CHECK(b[0] == 12.0f);
  CHECK(b[2] == 76.0f);
}
