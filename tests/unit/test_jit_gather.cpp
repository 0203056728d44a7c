// Issue 12: gathers (index_select) as loads and stores into buffers from
// outside the group (index_copy_, index_put_, in-place ops on views) in JIT
// kernels (Note [Fused gathers], [Fused stores], [Indexed access]) equal
// eager bit for bit on every tier: the seed's composed on several sizes,
// index lengths 0, 1, every tail up to 17 and 100; repeated, negative and
// out-of-range indices (eager's errors, eager's order); strided and offset
// data and index tensors; 0-d values; views written in place (offset,
// stepped, transposed), with 1 and 2 threads.
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

using namespace tdsl;

namespace {

const char* kGatherScript = R"(
import torch

def composed(field, delta, indices, gain):
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)

def gather_chain(x, i, y):
    return torch.index_select(x, 0, i) * 2.0 + y

def gather_two(x, i, j):
    return torch.index_select(x, 0, i) - torch.index_select(x, 0, j).abs()

def copy_values(field, i, v):
    field.index_copy_(0, i, v * 3.0 - 1.0)

# Gathers from one tensor and stores into another through the same indices:
# each is checked against its own tensor's size (Note [Indexed access]).
def gather_into(src, dst, i):
    dst.index_copy_(0, i, torch.index_select(src, 0, i) * 2.0)

def put_values(field, i, v):
    field.index_put_((i,), v + 0.5)

def put_scalar(field, i, s):
    field.index_put_((i,), s)

def view_add(x, d):
    x[1:-1].add_(d)

def view_step(x, y):
    x[::2].mul_(y).sub_(1.0)

def view_2d(m, r):
    m.t()[1:].add_(r)

def chain_into(x, y):
    x.mul_(2.0)
    t = x + y
    x.add_(t.neg())

pairs = []
errors = []
mismatch = []

def run(f, make):
    a = make()
    b = make()
    ea = None
    eb = None
    try:
        torch.compile(f)(*a)
    except Exception as e:
        ea = type(e).__name__ + ": " + str(e)
    try:
        f(*b)
    except Exception as e:
        eb = type(e).__name__ + ": " + str(e)
    if ea != eb:
        mismatch.append((f.__name__, ea, eb))
    if eb is not None:
        errors.append(eb)
    for x, y in zip(a, b):
        if isinstance(x, torch.Tensor):
            pairs.append((x, y))

g = torch.Generator().manual_seed(12)
for dt in [torch.float32, torch.float64]:
    for n in [2, 3, 4, 9, 17, 100, 51520]:
        base = torch.randn(n, generator=g, dtype=dt)
        delta = torch.randn(n - 2, generator=g, dtype=dt)
        for idx in [torch.arange(0, min(198, n), 2), torch.tensor([0]), torch.tensor([], dtype=torch.int64),
                    torch.tensor([0, 0, 1]), torch.tensor([n - 1, 0, n - 1]), torch.tensor([-1]), torch.tensor([n])]:
            gain = torch.randn(idx.numel(), generator=g, dtype=dt)
            run(composed, lambda: (base.clone(), delta.clone(), idx, gain))
    for m in list(range(0, 18)) + [100]:
        x = torch.randn(40, generator=g, dtype=dt)
        i = torch.randint(0, 40, (m,), generator=g)
        y = torch.randn(m, generator=g, dtype=dt)
        run(gather_chain, lambda: (x, i, y))
        run(gather_chain, lambda: (x[3:], i.clamp(max=36), y))
        run(gather_chain, lambda: (x[::2], i // 2, y))
        ii = torch.randint(0, 20, (2 * m,), generator=g)
        run(gather_chain, lambda: (x[1::2], ii[::2], y))
        run(gather_chain, lambda: (x, i, torch.tensor(1.5, dtype=dt)))
        run(gather_two, lambda: (x, i, i.flip(0)))
        run(copy_values, lambda: (x.clone(), i, y))
        run(copy_values, lambda: (x.clone()[::2], i // 2, y))
        run(put_values, lambda: (x.clone(), i, y))
        run(put_values, lambda: (x.clone(), i - 40, y))
        run(put_scalar, lambda: (x.clone(), i, torch.tensor(-2.0, dtype=dt)))
    x = torch.randn(40, generator=g, dtype=dt)
    for dst_n in [40, 10]:  # 39 in range of the source only when dst_n is 10
        run(gather_into, lambda: (x, torch.zeros(dst_n, dtype=dt), torch.tensor([1, 5, 39])))
    for bad in [torch.tensor([40]), torch.tensor([-1]), torch.tensor([0, 41, 2])]:
        v = torch.ones(bad.numel(), dtype=dt)
        run(gather_chain, lambda: (x, bad, v))
        run(copy_values, lambda: (x.clone(), bad, v))
        run(put_values, lambda: (x.clone(), bad - 1, v))
    for n in [3, 4, 5, 11, 18, 19, 1000, 70001]:
        x = torch.randn(n, generator=g, dtype=dt)
        d = torch.randn(n - 2, generator=g, dtype=dt)
        run(view_add, lambda: (x.clone(), d))
        run(view_add, lambda: (x.clone(), d[:1]))
        s = torch.randn((n + 1) // 2, generator=g, dtype=dt)
        run(view_step, lambda: (x.clone(), s))
        run(chain_into, lambda: (x.clone(), d[0]))
        m = torch.randn(n, 3, generator=g, dtype=dt)
        r = torch.randn(n, generator=g, dtype=dt)
        run(view_2d, lambda: (m.clone(), r))
)";

}  // namespace

TEST_CASE("jit gather: gathers and indexed stores equal eager bit for bit on every tier", "[jit][gather]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    for (int threads : {1, 2}) {
      ::setenv("TDSL_ISA", jit::tierName(tier), 1);
      StandardInterpreter interp;
      jitFusedRunnersFor(interp);  // makes the JIT context on this tier
      ::unsetenv("TDSL_ISA");
      CompileRuntime& rt = compileRuntime(interp);
      REQUIRE(rt.jit);
      std::string kernels, fallbacks;
      rt.jit->codeLog = [&](const std::string& text) { kernels += text.substr(0, text.find('\n')) + "\n"; };
      rt.jit->fallbackLog = [&](const std::string& text) { fallbacks += text + "\n"; };
      interp.runSource("test.td", "import torch\ntorch.set_num_threads(" + std::to_string(threads) + ")\n");
      interp.runSource("test.td", kGatherScript);
      INFO(jit::tierName(tier) << ", " << threads << " threads");
      int64_t count = 0;
      CHECK(testing::pairsIdentical(interp, &count, true));
      CHECK(count == 1872);
      // Eager's errors, word for word: out-of-range indices in composed, gathers and stores.
      CHECK(interp.getGlobal("mismatch").as<ListObject>()->items.empty());
      CHECK(interp.getGlobal("errors").as<ListObject>()->items.size() == 44);
      INFO(fallbacks);
      CHECK(fallbacks.empty());
      CHECK(kernels.find("gather,") != std::string::npos);  // gathers ran in kernels
      CHECK(kernels.find("=i0@") != std::string::npos);     // indexed stores into the input
      CHECK(kernels.find("=i0]") != std::string::npos);     // in-place writes into views
    }
  }
}
