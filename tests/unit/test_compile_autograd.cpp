// Issue 16, compiled gradients (Note [Joint graphs] in
// compile/tracer_autograd.cpp): a torch.compile'd function that calls
// .backward() is one joint graph with no break; reinplacing treats the
// backward as a later reader of the forward's values; a joint trace that
// cannot give back autograd's state falls back with its reason; guards on
// requires_grad, .grad presence and the grad mode.
#include <catch2/catch.hpp>

#include <string>

#include "api/standard.h"
#include "compile/function.h"
#include "compile/runtime.h"
#include "ir/graph.h"
#include "ops/op_table.h"
#include "vm/interpreter.h"
#include "vm/objects.h"

#include "compiled_run.h"

using namespace tdsl;

namespace {

using Run = testing::CompiledRun;

const ir::Node* producer(const ir::IrValue* v) { return v ? v->node() : nullptr; }

bool notReinplaced(const FunctionStats& s, const std::string& op, const std::string& reasonPart) {
  for (const auto& [o, reason] : s.notReinplaced)
    if (o == op && reason.find(reasonPart) != std::string::npos) return true;
  return false;
}

bool anyNotReinplaced(const FunctionStats& s, const std::string& op) {
  for (const auto& entry : s.notReinplaced)
    if (entry.first == op) return true;
  return false;
}

const char* kPrelude = R"(
import torch
x = torch.tensor([1.5, 0.5, -1.0], dtype=torch.float64)
w = torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)
v = torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)
)";

}  // namespace

TEST_CASE("compiled autograd: the backward is in the graph, and its reads keep old values", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def f(x, w):
    a = x * w
    a.add_(1.0)                 # old value not needed by the backward
    b = torch.sin(a)            # the backward reads a (cos(a)): sin is not put into a
    loss = (b * w).sum()
    loss.backward()
    return loss.detach()
cf = torch.compile(f)
got = cf(x, w)
g_compiled = w.grad.clone()
w.grad = None
want = f(x, w)
same = torch.equal(got, want) and torch.equal(g_compiled, w.grad)
)");
  const FunctionStats& s = r.stats("f");
  CHECK(s.graphBreaks == 0);
  CHECK(s.graphs == 1);
  CHECK(r.truthy("same"));
  // The backward's formulas are graph nodes: cos only comes from SinBackward.
  int cos = 0;
  for (ir::Node* n : r.capturedGraph("cf", false).opNodes()) cos += n->op()->baseName == "cos";
  CHECK(cos == 1);
  // Reinplacing: sin's operand is read later by the backward; add_ stays in place.
  CHECK(notReinplaced(s, "sin", "old value read after the update by cos"));
  CHECK_FALSE(anyNotReinplaced(s, "add"));
}

TEST_CASE("compiled autograd: a forward in-place op whose old value the backward needs is not reinplaced",
          "[compile][autograd]") {
  // Note [Saved values of rebound proxies]: sin_ is traced as sin with the
  // old value kept, SinBackward reads it (no clone), so reinplacing refuses
  // to put sin back into it; add_'s old value is read by nobody: in place.
  Run r(std::string(kPrelude) + R"(
def f(x, w):
    a = x * w
    a.sin_()
    a.add_(1.0)
    a.sum().backward()
    return w.grad
cf = torch.compile(f)
g = cf(x, w).clone()
w.grad = None
same = torch.equal(g, f(x, w))
)");
  const FunctionStats& s = r.stats("f");
  CHECK(s.graphBreaks == 0);
  CHECK(r.truthy("same"));
  const ir::Graph& g = r.capturedGraph("cf", false);
  const ir::Node* sin = nullptr;
  const ir::Node* cos = nullptr;
  int clones = 0;
  for (ir::Node* n : g.opNodes()) {
    if (n->op()->name() == "sin") sin = n;
    if (n->op()->name() == "cos") cos = n;
    clones += n->op()->name() == "clone" && producer(n->tensorArg(0))->isOp() &&
              producer(n->tensorArg(0))->op()->name() == "mul" && n->tensorArg(0) == (sin ? sin->tensorArg(0) : nullptr);
  }
  REQUIRE(sin);
  REQUIRE(cos);
  CHECK(cos->tensorArg(0) == sin->tensorArg(0));  // the backward reads the value before the write
  CHECK(clones == 0);
  CHECK(notReinplaced(s, "sin", "old value read after the update by cos"));
  CHECK_FALSE(anyNotReinplaced(s, "add"));
  CHECK(s.reinplaced >= 1);
}

TEST_CASE("compiled autograd: a joint trace that cannot give autograd's state back falls back with its reason",
          "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def returns_loss(x, w):
    loss = (x * w).sum()
    loss.backward()
    return loss
def view_write(x, w):
    a = x * w
    a[1:].mul_(2.0)
    a.sum().backward()
    return w.grad
out = torch.compile(returns_loss)(x, w)
has_fn = out.grad_fn is not None
w.grad = None
g = torch.compile(view_write)(x, w).clone()
w.grad = None
same = torch.equal(g, view_write(x, w))
)");
  CHECK(r.truthy("has_fn"));
  CHECK(r.truthy("same"));
  REQUIRE(r.stats("returns_loss").breakReasons.size() == 1);
  CHECK_THAT(r.stats("returns_loss").breakReasons[0],
             Catch::Contains("a tensor that requires grad leaves a compiled region that ran autograd itself"));
  REQUIRE(r.stats("view_write").breakReasons.size() == 1);
  CHECK_THAT(r.stats("view_write").breakReasons[0], Catch::Contains("writes through a view"));
}

TEST_CASE("compiled autograd: guards on .grad presence, requires_grad and the grad mode", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def f(x, w):
    (x * w).sum().backward()
    return x * 2
cf = torch.compile(f)
cf(x, w)            # .grad None: trace 1
cf(x, w)            # accumulates: trace 2
cf(x, w)            # cache hit
g3 = w.grad.tolist()
cf(x, v)            # another leaf, .grad None: trace 1 again
plain = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
def h(x, w):
    return (x * w).sum() * 1.0
ch = torch.compile(h)
ch(x, plain)
r = ch(x, w)        # now requires grad: not the first segment
has_fn = r.grad_fn is not None
)");
  const FunctionStats& s = r.stats("f");
  CHECK(s.graphBreaks == 0);
  CHECK(s.traces == 2);
  CHECK(s.cacheHits == 2);
  std::vector<Value> g3 = r.interp.getGlobal("g3").as<ListObject>()->items;
  REQUIRE(g3.size() == 3);
  CHECK(g3[0].asFloat() == 3 * 1.5);
  CHECK(r.truthy("has_fn"));
}

// Note [Grad mode under the tracer] (compile/tracer_grad_mode.cpp).
namespace {
const Segment& onlySegment(Run& r, const std::string& name) {
  auto* cf = dynamic_cast<CompiledFunction*>(r.interp.getGlobal(name).asObj());
  REQUIRE(cf);
  REQUIRE(cf->cache().size() == 1);
  const CacheSlot& slot = cf->cache().begin()->second;
  REQUIRE(slot.segments.size() >= 1);
  return *slot.segments.back();
}
}  // namespace

TEST_CASE("compiled grad mode: the SGD step under no_grad is one joint graph writing the leaf", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def step(w, x):
    loss = ((x * w).sum() - 1.0) ** 2
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        w.grad.zero_()
    return loss.detach()
cstep = torch.compile(step)
w2 = w.detach().clone().requires_grad_()
got = [cstep(w, x).item() for i in range(3)]
want = [step(w2, x).item() for i in range(3)]
same = got == want and torch.equal(w, w2) and torch.equal(w.grad, w2.grad)
mode_after = torch.is_grad_enabled()
leaf = w.is_leaf and w.requires_grad
)");
  const FunctionStats& s = r.stats("step");
  CHECK(s.graphBreaks == 0);
  CHECK(s.eagerFallbacks == 0);
  CHECK(r.truthy("same"));
  CHECK(r.truthy("mode_after"));
  CHECK(r.truthy("leaf"));
  const Segment& seg = onlySegment(r, "cstep");
  CHECK(seg.isReturn);
  CHECK(seg.modeAtEntry == 1);  // grad enabled, no inference mode: guarded
  CHECK(seg.modeAfter == -1);   // the with block leaves the mode as it found it
  CHECK_FALSE(seg.inputWrites.empty());  // w (and w.grad) written in place by the graph
  CHECK_THAT(describeGuards(seg, *r.interp.getGlobal("step").as<FunctionObject>()->code),
             Catch::Contains("torch.is_grad_enabled() is True and torch.is_inference_mode_enabled() is False"));
  int muls = 0;  // forward x * w, the backward's MulBackward (grad * x) and the update's 0.5 * w.grad
  for (ir::Node* n : seg.graph->opNodes()) muls += n->op()->baseName == "mul";
  CHECK(muls >= 3);
}

TEST_CASE("compiled grad mode: the entry mode is guarded and the mode after the call is eager's", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def flags(a):
    with torch.no_grad():
        c = a * 3
    with torch.enable_grad():
        d = a * 4
    return (c + d).detach(), c.requires_grad, d.requires_grad, torch.is_grad_enabled()
cflags = torch.compile(flags)
on = cflags(w)
with torch.no_grad():
    off = cflags(w)
on_again = cflags(w)
ok = on[1:] == (False, True, True) and off[1:] == (False, True, False) and on_again[1:] == on[1:]
def switch_off(t):
    torch.set_grad_enabled(False)
    return t + 1
cswitch = torch.compile(switch_off)
cswitch(x)
after_switch = torch.is_grad_enabled()
torch.set_grad_enabled(True)
)");
  const FunctionStats& s = r.stats("flags");
  CHECK(s.graphBreaks == 0);
  CHECK(s.traces == 2);  // the no_grad entry traces again
  CHECK(s.cacheHits == 1);
  CHECK(r.truthy("ok"));
  CHECK(r.stats("switch_off").graphBreaks == 0);
  CHECK_FALSE(r.truthy("after_switch"));
  const Segment& seg = onlySegment(r, "cswitch");
  CHECK(seg.modeAtEntry == 1);
  CHECK(seg.modeAfter == 0);  // set after the graph ran: grad disabled
}

TEST_CASE("compiled grad mode: a break inside the with block names its reason; a raise restores the mode",
          "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def breaks(t):
    with torch.no_grad():
        s = t * 2
        print(s.requires_grad)
    return (s + t).detach()
got = torch.compile(breaks)(w)
same = torch.equal(got, breaks(w))
def raises(t, u):
    with torch.no_grad():
        v = t + u
    return v
try:
    torch.compile(raises)(x, torch.ones(2))
except RuntimeError as e:
    pass
mode_after = torch.is_grad_enabled()
def outer_ctx(t, ctx):
    with ctx:
        u = t * 2
    return u.requires_grad
cctx = torch.compile(outer_ctx)
ctx_ok = cctx(w, torch.no_grad()) == False and cctx(w, torch.enable_grad()) == True
def make():
    return torch.no_grad()
def callee_ctx(t):
    torch.set_grad_enabled(True)
    with make():
        s = t * 2
        print(s.requires_grad)
    return s.requires_grad, torch.is_grad_enabled()
callee_same = torch.compile(callee_ctx)(w) == callee_ctx(w)
)");
  CHECK(r.truthy("same"));
  CHECK(r.truthy("ctx_ok"));  // a manager from outside: its kind is not guarded, so it breaks
  // A manager made by a callee: no break is put on the earlier
  // set_grad_enabled() call (test.td:32), which made no manager.
  CHECK(r.truthy("callee_same"));
  for (const std::string& reason : r.stats("callee_ctx").breakReasons)
    CHECK_THAT(reason, !Catch::Contains("at test.td:32:"));
  REQUIRE_FALSE(r.stats("outer_ctx").breakReasons.empty());
  CHECK_THAT(r.stats("outer_ctx").breakReasons[0], Catch::Contains("grad-mode object made before the segment"));
  const FunctionStats& s = r.stats("breaks");
  // Two breaks: before the no_grad() call that made the manager, naming the
  // inner break, then at the with, whose manager is now from before the segment.
  REQUIRE(s.breakReasons.size() == 2);
  CHECK_THAT(s.breakReasons[0], Catch::Contains("a graph break inside a grad-mode 'with' block (call to print()"));
  CHECK_THAT(s.breakReasons[0], Catch::Contains(") at test.td:8:"));  // the with line (after the prelude)
  CHECK_THAT(s.breakReasons[1], Catch::Contains("'with' block on a grad-mode object made before the segment"));
  CHECK(r.truthy("mode_after"));
}
