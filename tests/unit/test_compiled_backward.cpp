// Issue 16, Note [Compiled backward] (compile/compiled_backward.h): a
// compiled function whose results require grad runs a forward graph and
// gets a CompiledFunctionBackward node whose backward graphs were traced
// with it. Structure (the forward returns what the backward reads; the
// backward graph holds the formulas; reinplacing keeps saved values), the
// results against eager bit for bit, and the cases where no compiled
// backward is made.
#include <catch2/catch.hpp>

#include <string>

#include "compile/compiled_backward.h"
#include "compile/function.h"
#include "ir/graph.h"
#include "ops/op_table.h"

#include "compiled_run.h"

using namespace tdsl;

namespace {

using Run = testing::CompiledRun;

const Segment& onlySegment(Run& r, const std::string& name) {
  auto* cf = dynamic_cast<CompiledFunction*>(r.interp.getGlobal(name).asObj());
  REQUIRE(cf);
  REQUIRE(cf->cache().size() == 1);
  const CacheSlot& slot = cf->cache().begin()->second;
  REQUIRE(slot.segments.size() == 1);
  return *slot.segments[0];
}

using testing::anyReason;
using testing::count;

const char* kPrelude = R"(
import torch
x = torch.tensor([1.5, 0.5, -1.0], dtype=torch.float64)
w = torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64, requires_grad=True)
def same_bits(a, b):
    return a.dtype == b.dtype and a.tolist() == b.tolist()
)";

}  // namespace

TEST_CASE("compiled backward: the forward returns the saved values, the backward graph the formulas",
          "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def f(w, x):
    return (w * x).sin()
cf = torch.compile(f)
y = cf(w, x)
name = y.grad_fn.name()
rep = repr(y.grad_fn)
y.sum().backward()
g1 = w.grad.clone()
w.grad = None
f(w, x).sum().backward()
same = same_bits(g1, w.grad)
for i in range(3):
    cf(w, x).sum().backward()
)");
  CHECK(r.interp.str(r.interp.getGlobal("name")) == "CompiledFunctionBackward");
  CHECK_THAT(r.interp.str(r.interp.getGlobal("rep")),
             Catch::StartsWith("<torch.autograd.function.CompiledFunctionBackward object at 0x"));
  CHECK(r.truthy("same"));
  const FunctionStats& s = r.stats("f");
  CHECK(s.traces == 1);
  CHECK(s.graphBreaks == 0);
  CHECK(s.cacheHits == 3);
  CHECK(s.backwardGraphs == 1);  // compiled by the first backward, reused
  const Segment& seg = onlySegment(r, "cf");
  REQUIRE(seg.backward);
  const CompiledBackward& b = *seg.backward;
  CHECK(b.results == std::vector<int>{0});
  CHECK(b.gradInputs == std::vector<int>{0});  // w; x does not require grad
  REQUIRE(b.variants.size() == 1);
  const ir::Graph& bw = *b.variants[0].graph;
  CHECK(count(bw, "cos") == 1);  // SinBackward
  CHECK(count(bw, "mul") == 2);  // grad * cos, then MulBackward's * x
  CHECK(count(bw, "sin") == 0);
  // Saved: w * x (a forward output after the result) and x (an input).
  REQUIRE(b.saved.size() == 2);
  int fromInputs = 0, fromOutputs = 0;
  for (const SavedForwardValue& v : b.saved) {
    fromInputs += v.input >= 0;
    fromOutputs += v.output >= 0;
    if (v.output >= 0) CHECK(v.output == 1);
  }
  CHECK(fromInputs == 1);
  CHECK(fromOutputs == 1);
  CHECK(seg.graph->outputs().size() == 2);
  // sin is not put into w * x: the backward reads w * x.
  bool kept = false;
  for (const auto& [op, why] : s.notReinplaced) kept |= op == "sin" && why.find("returned") != std::string::npos;
  CHECK(kept);
}

TEST_CASE("compiled backward: one backward graph per set of results that get a gradient", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def g(w, x):
    return w.sin() * x, (w * 1000.0).exp()
cg = torch.compile(g)
p, q = cg(w, x)
p.sum().backward()
compiled_p = w.grad.clone()
w.grad = None
p, q = g(w, x)
p.sum().backward()
same = same_bits(compiled_p, w.grad)
finite = bool(torch.isfinite(compiled_p).all())
w.grad = None
p, q = cg(w, x)
(p.sum() + q.sum()).backward()
both = w.grad.clone()
)");
  CHECK(r.truthy("same"));
  CHECK(r.truthy("finite"));  // zeros for q's gradient would make 0 * inf = nan
  const Segment& seg = onlySegment(r, "cg");
  REQUIRE(seg.backward);
  CHECK(seg.backward->variants.size() == 3);
  CHECK(r.stats("g").backwardGraphs == 2);
  for (const BackwardVariant& v : seg.backward->variants) {
    const int exps = count(*v.graph, "mul");
    CHECK(exps >= 1);
    if (v.defined == 1) CHECK(count(*v.graph, "cos") == 1);
    if (v.defined == 2) CHECK(count(*v.graph, "cos") == 0);  // only exp's formula
  }
}

TEST_CASE("compiled backward: chained calls, inputs with history, version checks and freed graphs",
          "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def layer(w, h):
    return torch.sin(w * h + 0.5)
cl = torch.compile(layer)
h = x * 1.0
for i in range(3):
    h = cl(w, h)
h.sum().backward()
g1 = w.grad.clone()
w.grad = None
h = x * 1.0
for i in range(3):
    h = layer(w, h)
h.sum().backward()
same = same_bits(g1, w.grad)
y = cl(w, x)
y.sum().backward()
try:
    y.sum().backward()
    second = "no error"
except RuntimeError as e:
    second = str(e)
y = cl(w, x)
try:
    y.sum().backward(create_graph=True)
    double = "no error"
except RuntimeError as e:
    double = str(e)
c = x.clone()
y = cl(w, c)
c.add_(1.0)
try:
    y.sum().backward()
    version = "no error"
except RuntimeError as e:
    version = str(e)
)");
  CHECK(r.truthy("same"));
  CHECK(r.stats("layer").graphBreaks == 0);
  CHECK(r.stats("layer").eagerFallbacks == 0);
  CHECK(r.stats("layer").traces == 2);  // h without, then with history (guarded)
  CHECK_THAT(r.interp.str(r.interp.getGlobal("second")), Catch::StartsWith("Trying to backward through the graph a second time"));
  CHECK(r.interp.str(r.interp.getGlobal("double")) ==
        "torch.compile with aot_autograd does not currently support double backward");
  CHECK_THAT(r.interp.str(r.interp.getGlobal("version")),
             Catch::StartsWith("one of the variables needed for gradient computation has been modified by an inplace "
                               "operation: [torch.DoubleTensor [3]] is at version 1; expected version 0"));
}

TEST_CASE("compiled backward: where it is not made, the call runs eagerly with the reason", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def view_of_input(w):
    return w.view(3, 1) * 1.0, w.view(3, 1)
def shared(w):
    t = w * 2.0
    return t[1:], t[:1]
def ran_backward(w, x):
    loss = (w * x).sum()
    loss.backward(retain_graph=True)
    return loss
def hooked(w):
    t = w * 2.0
    t.register_hook(lambda g: g)
    return t
def many(w):
    return w * 1.0, w * 2.0, w * 3.0, w * 4.0
outs = []
for fn in (view_of_input, shared, hooked, many):
    outs.append(torch.compile(fn)(w))
outs.append(torch.compile(ran_backward)(w, x))
def plain(w, x):
    return (w * x).sin()
eager_backend = torch.compile(plain, backend="eager")(w, x)
eager_name = eager_backend.grad_fn.name()
all_history = all(o.grad_fn is not None for o in outs if isinstance(o, torch.Tensor))
)");
  CHECK(anyReason(r.stats("view_of_input"), "is a view of an input"));
  CHECK(anyReason(r.stats("shared"), "share storage"));
  CHECK(anyReason(r.stats("hooked"), "set requires_grad, a hook or retain_grad"));
  CHECK(anyReason(r.stats("many"), "more than 3 tensors that require grad leave the compiled region"));
  CHECK(anyReason(r.stats("ran_backward"), "ran autograd itself"));
  CHECK(anyReason(r.stats("plain"), "a tensor that requires grad leaves the compiled region"));
  CHECK(r.interp.str(r.interp.getGlobal("eager_name")) == "SinBackward0");
  CHECK(r.truthy("all_history"));
}

TEST_CASE("compiled backward: a training step's guards do not depend on .grad", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def loss_fn(w, x):
    return ((w * x).tanh() - 0.25).pow(2).mean()
cl = torch.compile(loss_fn)
w2 = w.detach().clone().requires_grad_()
got, want = [], []
for i in range(4):
    for fn, p, out in ((cl, w, got), (loss_fn, w2, want)):
        loss = fn(p, x)
        loss.backward()
        with torch.no_grad():
            p -= 0.5 * p.grad
            p.grad.zero_()
        out.append(loss.item())
same = got == want and same_bits(w, w2)
)");
  CHECK(r.truthy("same"));
  const FunctionStats& s = r.stats("loss_fn");
  CHECK(s.traces == 1);
  CHECK(s.recompiles == 0);
  CHECK(s.cacheHits == 3);
  CHECK(s.backwardGraphs == 1);
}

TEST_CASE("compiled backward: a graph break passes the live results to the next graph", "[compile][autograd]") {
  Run r(std::string(kPrelude) + R"(
def f(w, x):
    y = w * x
    if y.sum() > 0:
        z = y.sin()
    else:
        z = y.cos()
    return (z * y).sum()
cf = torch.compile(f)
got, want = [], []
for sign in (1.0, -1.0, 1.0):
    for fn, out in ((cf, got), (f, want)):
        w.grad = None
        fn(w, x * sign).backward()
        out.append(w.grad.tolist())
same = got == want
)");
  CHECK(r.truthy("same"));
  const FunctionStats& s = r.stats("f");
  CHECK(s.eagerFallbacks == 0);
  CHECK(s.graphs == 3);          // before the branch, and each branch's rest
  CHECK(s.backwardGraphs == 3);  // each graph's results require grad
  CHECK(s.cacheHits == 3);       // the entry segment twice, then the first branch again
}

TEST_CASE("compiled backward: a result the backward reads is saved without a reference cycle", "[compile][autograd]") {
  // Note [Saved tensors]: SinBackward reads y, which is also returned; the
  // node keeps a detached alias of it (the leak checker of the sanitizer
  // build sees a cycle otherwise), and y's in-place write still fails the
  // version check.
  Run r(std::string(kPrelude) + R"(
def f(w):
    y = w * 2.0
    return y, y.sin()
cf = torch.compile(f)
y, s = cf(w)
(y.sum() + s.sum()).backward()
g = w.grad.clone()
w.grad = None
y2, s2 = f(w)
(y2.sum() + s2.sum()).backward()
same = same_bits(g, w.grad)
y, s = cf(w)
y.add_(1.0)
try:
    s.sum().backward()
    version = "no error"
except RuntimeError as e:
    version = str(e)
)");
  CHECK(r.truthy("same"));
  CHECK_THAT(r.interp.str(r.interp.getGlobal("version")),
             Catch::Contains("[torch.DoubleTensor [3]], which is output 0 of CompiledFunctionBackward, is at version 1"));
}

TEST_CASE("compiled backward: a backward that reads no forward value runs again without retain_graph",
          "[compile][autograd]") {
  // As eager's AddBackward0 (PyTorch 2.15's compiled node refuses the second
  // backward even with nothing saved; eager semantics win).
  Run r(std::string(kPrelude) + R"(
def f(w, x):
    return w + x
y = torch.compile(f)(w, x)
y.sum().backward()
y.sum().backward()
twice = w.grad.tolist() == [2.0, 2.0, 2.0]
)");
  CHECK(r.truthy("twice"));
  const FunctionStats& s = r.stats("f");
  CHECK(s.graphBreaks == 0);
  CHECK(s.backwardGraphs == 1);
}
