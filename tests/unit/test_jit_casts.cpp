// Issue 12: casts and int64 / int32 / bool operands inside fused groups
// (Note [Mixed groups] in opt/fuse.cpp, Note [Mixed dtypes] in
// jit/vector_program.h) equal eager bit for bit on every x86 tier and with 1
// and 2 threads: float -> int truncation with NaN, +-inf and out-of-range
// values, int -> float rounding of int64 / int32 extremes, bool as 0 / 1,
// float -> bool as != 0 (NaN is true), bool masks from outside in where and
// in arithmetic; sizes 0, 1, every tail up to twice the vector width and
// large; contiguous, transposed, stepped, offset, broadcast and 0-d operands.
// Every group runs as a kernel (no reference-path line, kernels compiled).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "jit_pairs.h"
#include "api/standard.h"
#include "compile/runtime.h"
#include "jit/isa.h"
#include "jit/jit_context.h"
#include "vm/interpreter.h"

using namespace tdsl;

namespace {

const char* kCastsScript = R"(
import torch
fspecials = [float('nan'), -float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1e-45, -1e-320, 1e-310, 0.5, -0.5,
             0.9999, -0.9999, 1.0, -1.0, 2.5, -2.5, 3.75, -7.5, 1e10, -1e10, 2147483647.0, 2147483648.0,
             -2147483648.0, -2147483904.0, 9.3e18, -9.3e18, 1e30, -1e30, 16777217.0]
ispecials = [-9223372036854775808, 9223372036854775807, 0, 1, -1, 2, 9007199254740993, -9007199254740993,
             16777217, -16777217, 2147483647, -2147483648, 123456789, -5, 7]
def to_float_times(x):
    return x.float() * 2.0 + 0.25
def to_double_div(i, n):
    return i.double() / n + 0.5
def mask_to_float(a):
    return (a > 0).to(torch.float32) + a
def times_mask(x, m):
    return x * m + 1.0
def where_outside(b, x, y):
    return torch.where(b, x, y) * 2.0
def float_to_ints(x):
    return (x * 1.0).long(), (x + 0.0).int(), (x * 1.0).bool(), (x - 0.0).int().double()
def chain_widths(x):
    return (x * 3.0).double().float() - x, (x + 1.0).to(torch.float64) * x
def compare_mixed(x, i):
    return (x + 1.0) < i, (x * 2.0) + i
def int_to_bool(i, x):
    return i.bool().float() * x + i.float()
def from_int32(i):
    return (i * 0.5).double() - i
def bool_ints(b, x):
    return b.long().float() + x, b.int().double() * 2.0
fns1 = [to_float_times, mask_to_float, float_to_ints, chain_widths, from_int32]
pairs = []
def check(f, *args):
    got = torch.compile(f)(*args)
    want = f(*args)
    if not isinstance(want, tuple):
        got, want = (got,), (want,)
    for g, w in zip(got, want):
        pairs.append((g, w))
gen = torch.Generator().manual_seed(12)
sizes = list(range(0, 34)) + [1000, 40007]
for threads in [1, 2]:
    torch.set_num_threads(threads)
    for n in sizes:
        fx = (torch.tensor(fspecials * (n // len(fspecials) + 1))[:n] if n < 40 else torch.randn(n, generator=gen) * 1e10)
        dx = fx.double()
        ix = torch.tensor(ispecials * (n // len(ispecials) + 1), dtype=torch.int64)[:n]
        i32 = torch.tensor([v for v in ispecials if -2**31 <= v < 2**31] * (n // 8 + 1), dtype=torch.int32)[:n]
        bx = (torch.arange(n) % 3) == 1
        check(to_float_times, ix)
        check(to_float_times, i32)
        check(to_float_times, bx)
        check(to_float_times, dx)
        check(to_double_div, ix, dx + 3.0)
        check(to_double_div, i32, fx)
        check(mask_to_float, fx)
        check(mask_to_float, dx)
        check(times_mask, fx, bx)
        check(times_mask, dx, bx)
        check(where_outside, bx, fx, dx)
        check(where_outside, bx, fx, fx * 3.0)
        check(float_to_ints, fx)
        check(float_to_ints, dx)
        check(chain_widths, fx)
        check(compare_mixed, fx, ix)
        check(compare_mixed, dx, i32)
        check(int_to_bool, ix, fx)
        check(int_to_bool, i32, dx)
        check(from_int32, i32)
        check(bool_ints, bx, fx)
# Layouts: transposed, stepped, offset, broadcast and 0-d operands.
base = torch.tensor(fspecials * 8)[:240]
ibase = torch.tensor(ispecials * 16, dtype=torch.int64)[:240]
bbase = ibase % 3 == 0
for x, i, b in [
        (base.reshape(12, 20).t(), ibase.reshape(20, 12), bbase.reshape(12, 20).t()),
        (base[::3].reshape(8, 10), ibase[1::3].reshape(8, 10), bbase[::3].reshape(8, 10)),
        (base[5:65].reshape(6, 10), ibase[:10], bbase[3:13]),
        (base[:60].reshape(6, 10), ibase[7], bbase[2]),
        (base[9], ibase[:30].reshape(3, 10), bbase[:10].reshape(1, 10)),
        (base[:40].reshape(2, 4, 5).permute(2, 0, 1), ibase[:5].reshape(5, 1, 1), bbase[:4].reshape(1, 4)),
        (base[17], ibase[3], bbase[4])]:
    check(to_double_div, i, x)
    check(times_mask, x, b)
    check(where_outside, b, x, x.double())
    check(float_to_ints, x)
    check(compare_mixed, x, i)
    check(int_to_bool, i, x)
    check(bool_ints, b, x)
)";

}  // namespace

TEST_CASE("jit casts: casts and int / bool operands in fused groups equal eager bit for bit on every tier",
          "[jit][casts]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    ::setenv("TDSL_ISA", jit::tierName(tier), 1);
    StandardInterpreter interp;
    // Every group must run as a kernel: collect reference-path lines.
    interp.runSource("warm.td", "import torch\ntorch.compile(lambda x: x * 2.0 + 1.0)(torch.ones(3))\n");
    CompileRuntime& rt = compileRuntime(interp);
    REQUIRE(rt.jit);
    std::string fallbacks;
    rt.jit->fallbackLog = [&](const std::string& text) { fallbacks += text + "\n"; };
    interp.runSource("test.td", kCastsScript);
    ::unsetenv("TDSL_ISA");
    INFO(jit::tierName(tier));
    int64_t count = 0;
    CHECK(testing::pairsIdentical(interp, &count, true));
    CHECK(count == 2 * 36 * 31 + 7 * 12);
    CHECK(fallbacks.empty());
    FunctionStats t = rt.stats.totals();
    CHECK(t.eagerFallbacks == 0);
    CHECK(t.kernelsCompiled > 20);
  }
}
