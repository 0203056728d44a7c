// Issue 12: fused groups ending in a full reduction (Note [JIT reductions])
// equal eager bit for bit, NaN payloads included, on every tier, for sizes
// 0, 1, every tail up to twice the vector width, block and chunk
// boundaries and large ones; contiguous, transposed, stepped and flipped
// inputs; NaN, +-inf, -0.0 and denormals; with 1, 2 and 3 threads; an
// input of several waves of chunks.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>

#include "jit_pairs.h"
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

bool pairsIdentical(Interpreter& interp, int64_t* count) { return testing::pairsIdentical(interp, count, false); }

const char* kReduceScript = R"(
import torch
specials = [float('nan'), -float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-45, -1e-320, 1.0, -1.0, 0.5, 3.0, -2.25, 1e30]
def scaled_sum(x):
    return (x * 0.5).sum()
def shifted_mean(x):
    return (x - 1.0).mean()
def abs_max(x):
    return x.abs().max()
def neg_min(x):
    return (-x).min()
def prod_near_one(x):
    return (x * 0.001 + 1.0).prod()
def plain_sum(x):
    return x.sum()
def plain_max(x):
    return x.max()
fns = [scaled_sum, shifted_mean, abs_max, neg_min, prod_near_one, plain_sum]
compiled = [torch.compile(f, dynamic=True) for f in fns]
g = torch.Generator().manual_seed(3)
pairs = []
for dt in [torch.float32, torch.float64]:
    for n in list(range(1, 18)) + [128, 129, 32768, 32769, 100003]:
        x = torch.randn(n, generator=g, dtype=dt) * 3.0
        for threads in [1, 2, 3]:
            torch.set_num_threads(threads)
            for f, cf in zip(fns, compiled):
                pairs.append((cf(x), f(x)))
    s = torch.tensor(specials * 40, dtype=dt)
    base = torch.randn(97, 131, generator=g, dtype=dt)
    base.view(-1)[:len(s) * 7:7] = s
    for x in [s, s.flip(0), s[3::5], base, base.t(), base[::3, 2::2], torch.zeros(0, 4, dtype=dt)]:
        for f in fns:
            if x.numel() == 0 and f in (abs_max, neg_min):
                continue
            pairs.append((torch.compile(f)(x), f(x)))
    # Over two waves of chunks (Note [JIT reductions]), from a broadcast view.
    wide = torch.randn(1000, generator=g, dtype=dt).expand(70001, 1000)
    for f in [plain_sum, plain_max]:
        pairs.append((torch.compile(f)(wide), f(wide)))
)";

}  // namespace

TEST_CASE("jit reduce: fused reductions equal eager bit for bit on every tier and thread count", "[jit][reduce]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    ::setenv("TDSL_ISA", jit::tierName(tier), 1);
    StandardInterpreter interp;
    interp.runSource("test.td", kReduceScript);
    ::unsetenv("TDSL_ISA");
    INFO(jit::tierName(tier));
    int64_t count = 0;
    CHECK(pairsIdentical(interp, &count));
    CHECK(count == 2 * (22 * 3 * 6 + 6 * 6 + 4 + 2));
    CompileRuntime& rt = compileRuntime(interp);
    REQUIRE(rt.jit);
    FunctionStats t = rt.stats.totals();
    CHECK(t.eagerFallbacks == 0);
    CHECK(t.kernelsCompiled > 0);  // one op and a reduction: a group since reductions fuse
  }
}
