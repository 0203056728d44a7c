// Issue 12: amax / amin over every element end a fused group (Note [Fused
// reductions]) and equal eager bit for bit, NaN payloads and the sign of
// zero included (eager's scan keeps the first of equal extremes), on every
// tier and with 1, 2 and 3 threads, for sizes 1, every tail up to twice the
// vector width, chunk boundaries and large ones; contiguous, flipped,
// stepped, transposed and sliced inputs; a broadcast input of two waves.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>

#include "jit_pairs.h"
#include "api/standard.h"
#include "compile/runtime.h"
#include "jit/isa.h"
#include "jit/jit_context.h"
#include "tensor/tensor.h"
#include "tensor/tensor_iter.h"
#include "vm/interpreter.h"
#include "vm/objects.h"

using namespace tdsl;

namespace {

bool pairsIdentical(Interpreter& interp, int64_t* count) { return testing::pairsIdentical(interp, count, false); }

const char* kAmaxScript = R"(
import torch
specials = [float('nan'), -float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-45, -1e-320, 1.0, -1.0, 3.0, -3.0]
zeros = [0.0, -0.0, -0.0, 0.0, -1.0, 1.0]
def scaled_amax(x):
    return (x * 0.5).amax()
def neg_amin(x):
    return (-x).amin(dim=[])
def plain_amax(x):
    return x.amax()
def plain_amin(x):
    return torch.amin(x)
fns = [scaled_amax, neg_amin, plain_amax, plain_amin]
compiled = [torch.compile(f, dynamic=True) for f in fns]
g = torch.Generator().manual_seed(4)
pairs = []
for dt in [torch.float32, torch.float64]:
    for n in list(range(1, 18)) + [32768, 32769, 100003]:
        x = torch.randn(n, generator=g, dtype=dt) * 3.0
        for threads in [1, 2, 3]:
            torch.set_num_threads(threads)
            for f, cf in zip(fns, compiled):
                pairs.append((cf(x), f(x)))
    torch.set_num_threads(2)
    s = torch.tensor(specials * 40, dtype=dt)
    z = torch.tensor(zeros * 9000, dtype=dt)  # equal extremes of both signs across chunks
    base = torch.randn(97, 131, generator=g, dtype=dt)
    base.view(-1)[:len(s) * 7:7] = s
    for x in [s, s.flip(0), s[3::5], s[2:], z, -z, z.flip(0), base, base.t(), base[::3, 2::2]]:
        for f in fns:
            pairs.append((torch.compile(f)(x), f(x)))
    wide = torch.randn(1000, generator=g, dtype=dt).expand(70001, 1000)
    for f in [plain_amax, scaled_amax]:
        pairs.append((torch.compile(f)(wide), f(wide)))
)";

}  // namespace

TEST_CASE("jit reduce dims: amax and amin fuse and equal eager bit for bit on every tier and thread count",
          "[jit][reduce]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    ::setenv("TDSL_ISA", jit::tierName(tier), 1);
    StandardInterpreter interp;
    interp.runSource("test.td", kAmaxScript);
    ::unsetenv("TDSL_ISA");
    INFO(jit::tierName(tier));
    int64_t count = 0;
    CHECK(pairsIdentical(interp, &count));
    CHECK(count == 2 * (20 * 3 * 4 + 10 * 4 + 2));
    CompileRuntime& rt = compileRuntime(interp);
    REQUIRE(rt.jit);
    FunctionStats t = rt.stats.totals();
    CHECK(t.eagerFallbacks == 0);
  }
}

TEST_CASE("jit reduce dims: an amax alone is a fused group with a kernel", "[jit][reduce]") {
  // A transposed input is not read in place: the group's kernel gathers it.
  StandardInterpreter interp;
  interp.runSource("test.td", R"(
import torch
def f(x):
    return x.amax()
r = torch.compile(f)(torch.tensor([[1.0, -2.0], [5.0, 0.5]]).t())
)");
  CompileRuntime& rt = compileRuntime(interp);
  REQUIRE(rt.jit);
  CHECK(rt.stats.totals().kernelsCompiled > 0);
  CHECK(asTensor(interp.getGlobal("r"))->data<float>()[0] == 5.0f);
}
