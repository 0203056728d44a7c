// Issue 12: max.dim, min.dim, argmax and argmin end fused groups (Note
// [Fused reductions]) and equal eager bit for bit, values and int64 indices
// (Note [JIT reductions]: eager's scan, first NaN, else the first extreme),
// and so do sum, mean and prod with dtype= (each chunk converted as eager
// converts the whole): on every x86 tier with 1 and 2 threads; float32 and
// float64; reduced rows of 1, every tail up to twice the vector width, block
// and chunk boundaries and longer than a chunk; keepdim both ways; values
// or indices dead; contiguous, transposed, stepped, offset and broadcast
// inputs; NaN of both signs, +-inf, -0.0 against 0.0, denormals and ties;
// bool masks and int64 tensors summed as floats; an argmax whose winner lies
// in the third wave of chunks. Every group runs on the JIT's runner.
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

const char* kHelpers = R"(
import torch
specials = [float('nan'), -float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-45, -1e-320, 1.0, -1.0, 3.0, -3.0]
pairs = []
def check(f, *args):
    got = torch.compile(f)(*args)
    want = f(*args)
    if not isinstance(want, tuple):
        got, want = (got,), (want,)
    for a, b in zip(got, want):
        pairs.append((a, b))
g = torch.Generator().manual_seed(21)
def layouts(dt):
    s = torch.tensor(specials * 30, dtype=dt)[:360].reshape(6, 5, 12)
    z = torch.tensor([0.0, -0.0, -0.0, 0.0, -1.0] * 72, dtype=dt).reshape(6, 5, 12)
    ties = torch.tensor([1.0, 3.0, 3.0, -2.0, 3.0, -2.0] * 60, dtype=dt).reshape(6, 5, 12)
    return [s, s.transpose(0, 2), s[::2, 1:, ::3], s[1:, 2:4], s.permute(1, 2, 0), z, -z, ties, ties.flip(2),
            torch.randn(7, generator=g, dtype=dt).expand(4, 3, 7), torch.randn(5, 1, 4, generator=g, dtype=dt).expand(5, 6, 4)]
sizes = list(range(1, 18)) + [127, 128, 129, 1000, 32768, 32769, 70001]
def sample(dt, n):
    x = torch.randn(3 if n < 1000 else 2, 2, n, generator=g, dtype=dt) * 3.0
    if n >= 3:
        flat = x.view(-1)
        flat[:len(specials) * 5:5] = torch.tensor(specials, dtype=dt)[:len(flat[:len(specials) * 5:5])]
    return x
)";

const char* kIndicesScript = R"(
def max_last(x):
    v, i = (x * 0.5).max(dim=-1)
    return v, i
def min_first_keep(x):
    v, i = (x + 1.0).min(0, keepdim=True)
    return v, i
def max_values(x):
    return (x - 0.25).max(1)[0]
def min_indices(x):
    return (-x).min(dim=1)[1]
def argmax_all(x):
    return (x * 2.0).argmax()
def argmin_last_keep(x):
    return (x - 1.0).argmin(dim=-1, keepdim=True)
def argmax_all_keep(x):
    return (x + 0.0).argmax(keepdim=True)
def argmax_alone(x):
    return x.argmax()
fns = [max_last, min_first_keep, max_values, min_indices, argmax_all, argmin_last_keep, argmax_all_keep, argmax_alone]
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dt in [torch.float32, torch.float64]:
        for n in sizes:
            x = sample(dt, n)
            for f in fns:
                check(f, x)
        for x in layouts(dt):
            for f in fns:
                check(f, x)
# The winner in the third wave of chunks (Note [JIT reductions]): 70001 x 1000 elements.
def argmax_sum(a, b):
    return (a + b).argmax()
def argmin_sum(a, b):
    return (a + b).min(0)
a = torch.zeros(70001, 1)
a[66000, 0] = 5.0
a[67000, 0] = 5.0
b = torch.arange(1000.0).reshape(1, 1000) * 0.001
check(argmax_sum, a, b)
check(argmin_sum, -a, b)
)";

const char* kDTypeScript = R"(
def sum_f64(x):
    return (x * 0.5).sum(dtype=torch.float64)
def sum_dims_f64(x):
    return (x + 1.0).sum(dim=(0, -1), dtype=torch.float64)
def mean_last_f32(x):
    return (x * x).mean(-1, keepdim=True, dtype=torch.float32)
def mean_f32(x):
    return (x - 0.5).mean(dtype=torch.float32)
def prod_dim_f64(x):
    return (x * 0.125 + 0.75).prod(1, dtype=torch.float64)
def prod_f32(x):
    return (x * 0.001 + 1.0).prod(dtype=torch.float32)
def count_pos(x):
    return (x > 0.0).sum(dtype=torch.float32)
def frac_dims(x):
    return (x < 0.5).mean(dim=1, dtype=torch.float64)
def alone_f64(x):
    return x.sum(dtype=torch.float64)
fns = [sum_f64, sum_dims_f64, mean_last_f32, mean_f32, prod_dim_f64, prod_f32, count_pos, frac_dims, alone_f64]
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for dt in [torch.float32, torch.float64]:
        for n in [0] + sizes:
            x = sample(dt, n)
            for f in fns:
                check(f, x)
        for x in layouts(dt):
            for f in fns:
                check(f, x)
    # int64 values summed as floats (the kernel reads them, or they are read in place).
    def int_sum(i):
        return i.sum(dtype=torch.float32)
    def int_mean(i):
        return i.mean(dtype=torch.float64)
    for n in [1, 9, 100, 40000]:
        i = torch.arange(3 * n).reshape(3, n) * 7919 - n * 1000
        for x in [i, i.t()]:
            check(int_sum, x)
            check(int_mean, x)
)";

struct RunResult {
  int64_t pairs = 0;
  bool identical = false;
  std::string fallbacks;
  FunctionStats totals;
};

RunResult runOnTier(jit::IsaTier tier, const std::string& script) {
  ::setenv("TDSL_ISA", jit::tierName(tier), 1);
  StandardInterpreter interp;
  jitFusedRunnersFor(interp);  // makes the JIT context on this tier
  ::unsetenv("TDSL_ISA");
  CompileRuntime& rt = compileRuntime(interp);
  RunResult r;
  REQUIRE(rt.jit);
  rt.jit->fallbackLog = [&](const std::string& text) { r.fallbacks += text + "\n"; };
  interp.runSource("test.td", std::string(kHelpers) + script);
  r.identical = testing::pairsIdentical(interp, &r.pairs, true);
  r.totals = rt.stats.totals();
  return r;
}

}  // namespace

TEST_CASE("jit reduce indices: max.dim, min.dim, argmax and argmin equal eager bit for bit on every tier",
          "[jit][reduce]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    INFO(jit::tierName(tier));
    RunResult r = runOnTier(tier, kIndicesScript);
    CHECK(r.identical);
    // (24 sizes + 11 layouts) x 8 functions, max_last and min_first_keep two results each.
    CHECK(r.pairs == 2 * 2 * (24 + 11) * 10 + 1 + 2);
    INFO(r.fallbacks);
    CHECK(r.fallbacks.empty());
    CHECK(r.totals.eagerFallbacks == 0);
    CHECK(r.totals.kernelsCompiled > 0);
  }
}

TEST_CASE("jit reduce dtype: sum, mean and prod with dtype= equal eager bit for bit on every tier",
          "[jit][reduce]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    INFO(jit::tierName(tier));
    RunResult r = runOnTier(tier, kDTypeScript);
    CHECK(r.identical);
    CHECK(r.pairs == 2 * (2 * (25 + 11) * 9 + 4 * 2 * 2));
    INFO(r.fallbacks);
    CHECK(r.fallbacks.empty());
    CHECK(r.totals.eagerFallbacks == 0);
    CHECK(r.totals.kernelsCompiled > 0);
  }
}
