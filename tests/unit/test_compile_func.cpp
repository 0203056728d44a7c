// Issue 16, torch.func under torch.compile (Note [Function transforms under
// the tracer] in compile/tracer_transforms.cpp) and autograd's Python reads
// while tracing (Note [Autograd reads while tracing] in
// compile/tracer_autograd.cpp): the transform's function and its backward
// are one graph with no break and eager's results bit for bit; what the
// tracer cannot follow still breaks, with its reason; what autograd reads
// is guarded.
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

using testing::anyReason;
using testing::count;

const char* kPrelude = R"(
import torch
from torch.func import functional_call, grad, grad_and_value, jacrev, jvp, vjp, vmap
x = torch.tensor([1.5, 0.5, -1.0])
w = torch.tensor([0.1, -0.2, 0.3])
)";

// One graph, traced without a break or an eager fallback.
void checkOneGraph(const FunctionStats& s) {
  CHECK(s.graphBreaks == 0);
  CHECK(s.graphs == 1);
  CHECK(s.eagerFallbacks == 0);
}

}  // namespace

TEST_CASE("compiled torch.func: grad is one joint graph with its backward", "[compile][autograd][func]") {
  Run r(std::string(kPrelude) + R"(
def f(x, w):
    return grad(lambda a: (torch.sin(a * x) * a).sum())(w)
cf = torch.compile(f)
same = torch.equal(cf(x, w), f(x, w))
)");
  const FunctionStats& s = r.stats("f");
  checkOneGraph(s);
  CHECK(r.truthy("same"));
  const ir::Graph& g = r.capturedGraph("cf");
  CHECK(count(g, "sin") == 1);
  CHECK(count(g, "cos") == 1);  // only SinBackward makes a cos: the backward is traced
  CHECK(g.inputs().size() == 2);
}

TEST_CASE("compiled torch.func: the seed's per-sample gradients and Jacobian have no break", "[compile][autograd][func]") {
  Run r(std::string(kPrelude) + R"(
torch.manual_seed(0)
params = {"weight": torch.randn(1, 3), "bias": torch.randn(1)}
xs, ys = torch.randn(5, 3), torch.randn(5, 1)
def model(p, inp):
    return inp @ p["weight"].T + p["bias"]
def loss_one(params, xi, yi):
    return ((functional_call(model, params, (xi[None],)) - yi) ** 2).mean()
def per_sample(params, xs, ys):
    return vmap(grad(loss_one), in_dims=(None, 0, 0))(params, xs, ys)
cps = torch.compile(per_sample)
got = cps(params, xs, ys)
want = per_sample(params, xs, ys)
same = torch.equal(got["weight"], want["weight"]) and torch.equal(got["bias"], want["bias"])
def field(r):
    return torch.stack([r[0] * r[1], torch.sin(r[0])])
def jac(r):
    return jacrev(field)(r)
p = torch.tensor([1.0, 2.0])
same_jac = torch.equal(torch.compile(jac)(p), jac(p))
)");
  CHECK(r.stats("per_sample").graphBreaks == 0);
  CHECK(r.stats("per_sample").graphs == 1);
  CHECK(r.truthy("same"));
  CHECK(r.stats("jac").graphBreaks == 0);
  CHECK(r.truthy("same_jac"));
  // vmap runs the function per sample (Note [vmap by samples]): five
  // forward products and, per sample, the backward's product for the weight.
  const ir::Graph& g = r.capturedGraph("cps");
  CHECK(count(g, "matmul") + count(g, "mm") >= 10);
  CHECK(count(g, "stack") == 2);  // the two per-sample gradients, stacked
}

TEST_CASE("compiled torch.func: vjp, jvp and grad_and_value trace too", "[compile][autograd][func]") {
  Run r(std::string(kPrelude) + R"(
def f(x, w):
    out, fn = vjp(lambda a: torch.tanh(a * x), w)
    (g,) = fn(torch.ones_like(out))
    o2, t2 = jvp(lambda a: torch.exp(a) * x, (w,), (x,))
    g3, v3 = grad_and_value(lambda a: (a * a * x).sum())(w)
    return g + t2 + g3 + v3
same = torch.equal(torch.compile(f)(x, w), f(x, w))
)");
  CHECK(r.stats("f").graphBreaks == 0);
  CHECK(r.stats("f").graphs == 1);
  CHECK(r.truthy("same"));
}

TEST_CASE("compiled torch.func: an update of the differentiated tensor after grad is in the graph",
          "[compile][autograd][func]") {
  // Note [Writes autograd does not record]: the transform's leaf is a
  // detached alias of w, so w's storage has views (matmul's unsqueeze);
  // w.sub_ needs no autograd and no view that requires grad is live, so it
  // is traced, not a refusal of the joint graph.
  Run r(std::string(kPrelude) + R"(
xs = torch.stack([x, x * 2])
def sgd(w, xs):
    g = grad(lambda a: torch.tanh(xs @ a).sum())(w)
    w.sub_(g * 0.5)
    return g
def saved_slice(w, xs):
    g = grad(lambda a: a[1:].sin().sum())(w)
    w.add_(g)
    return g
def view_output(w):
    out, fn = vjp(lambda p: p[0:2], w)
    w.add_(1)
    return out * 1, fn(torch.tensor([1.0, 2.0]))[0]
csgd = torch.compile(sgd)
w1 = w.clone()
w2 = w.clone()
same = True
for i in range(2):
    same = same and torch.equal(csgd(w1, xs), sgd(w2, xs)) and torch.equal(w1, w2)
s1 = w.clone()
s2 = w.clone()
same_slice = torch.equal(torch.compile(saved_slice)(s1, xs), saved_slice(s2, xs)) and torch.equal(s1, s2)
v1 = w.clone()
v2 = w.clone()
a1, b1 = torch.compile(view_output)(v1)
a2, b2 = view_output(v2)
same_view = torch.equal(a1, a2) and torch.equal(b1, b2) and torch.equal(v1, v2)
)");
  const FunctionStats& s = r.stats("sgd");
  CHECK(s.graphBreaks == 0);
  CHECK(s.graphs == 1);
  CHECK(s.cacheHits == 1);
  CHECK(s.eagerFallbacks == 0);
  CHECK(r.truthy("same"));
  const ir::Graph& g = r.capturedGraph("csgd");
  CHECK(count(g, "matmul") == 2);  // the forward's and the backward's
  CHECK(count(g, "tanh") == 1);
  CHECK(count(g, "sub") == 1);     // the update, after the backward
  // sin saved the slice a[1:]; the backward released it (Note [Released
  // nodes hold no tensors]), so no live view stops the write.
  CHECK(r.stats("saved_slice").graphBreaks == 0);
  CHECK(r.stats("saved_slice").graphs == 1);
  CHECK(r.truthy("same_slice"));
  // The vjp's output is a live view of the leaf: eager replays its grad_fn
  // after the write, which proxies cannot, so the joint trace is refused.
  CHECK(anyReason(r.stats("view_output"), "add_() writes a storage that a live view requiring grad shares"));
  CHECK(r.truthy("same_view"));
}

TEST_CASE("compiled torch.func: a dict or nested has_aux value is detached and stays in the graph",
          "[compile][autograd][func]") {
  // Note [Aux outputs]: the aux's tensors lose the call's history at every
  // depth, so returning them is no autograd history leaving the segment.
  Run r(std::string(kPrelude) + R"(
def f(w):
    return grad(lambda a: ((a * a).sum(), {"s": a.sin(), "l": [a.cos()]}), has_aux=True)(w)
cf = torch.compile(f)
g, aux = cf(w)
g2, aux2 = f(w)
same = torch.equal(g, g2) and torch.equal(aux["s"], aux2["s"]) and torch.equal(aux["l"][0], aux2["l"][0])
no_history = not aux["s"].requires_grad and not aux["l"][0].requires_grad
def bad(w):
    return grad(lambda a: ((a * a).sum(), (a, 3)), has_aux=True)(w)
try:
    torch.compile(bad)(w)
    message = ""
except RuntimeError as e:
    message = str(e)
)");
  const FunctionStats& s = r.stats("f");
  checkOneGraph(s);
  CHECK(r.truthy("same"));
  CHECK(r.truthy("no_history"));
  const ir::Graph& g = r.capturedGraph("cf");
  CHECK(count(g, "sin") == 1);
  CHECK(count(g, "cos") == 1);
  CHECK(r.interp.getGlobal("message").as<StrObject>()->str == "Expected tensors, got unsupported type <class 'int'>");
}

TEST_CASE("compiled torch.func: a backward through a gradient that depends on a captured tensor is one graph",
          "[compile][autograd][func]") {
  // Note [Outer history]: w requires grad and the inner gradient depends on
  // it, so the inner backward runs with create_graph and loss.backward()
  // differentiates through it, all in the joint graph.
  Run r(std::string(kPrelude) + R"(
def meta(w, x):
    g = grad(lambda a: (a.sin() * w).sum())(x)
    loss = (g * g).sum()
    loss.backward()
    return loss.detach()
cmeta = torch.compile(meta)
w1 = w.clone().requires_grad_()
w2 = w.clone().requires_grad_()
same = torch.equal(cmeta(w1, x), meta(w2, x)) and torch.equal(w1.grad, w2.grad)
def returns_grad(w, x):
    return grad(lambda a: (a * w).sum())(x)
gr = torch.compile(returns_grad)(w1, x)
keeps_history = gr.requires_grad and gr.grad_fn is not None
def depends(w, x):
    return grad(lambda a: (a * a * w).sum())(x).requires_grad
cdep = torch.compile(depends)
answers = [cdep(v, x) for v in (w, w1, w, w1)]
)");
  const FunctionStats& s = r.stats("meta");
  checkOneGraph(s);
  CHECK(r.truthy("same"));
  const ir::Graph& g = r.capturedGraph("cmeta");
  CHECK(count(g, "cos") == 1);  // the inner backward's SinBackward
  CHECK(count(g, "neg") == 1);  // CosBackward: the outer backward went through the inner one
  CHECK(count(g, "sum") == 2);  // the inner loss and the outer one
  CHECK(g.inputs().size() == 2);
  // Returning a result with w's history runs the call eagerly, history kept.
  CHECK(r.truthy("keeps_history"));
  CHECK(anyReason(r.stats("returns_grad"), "a tensor that requires grad leaves a compiled region that ran autograd itself"));
  // Whether the gradient has w's history follows w's requires_grad, guarded:
  // one graph per answer, each reused once.
  const FunctionStats& d = r.stats("depends");
  CHECK(d.graphs == 2);
  CHECK(d.cacheHits == 2);
  CHECK(d.graphBreaks == 0);
  const Value answers = r.interp.getGlobal("answers");
  REQUIRE(answers.isObj(ObjKind::List));
  const std::vector<bool> want{false, true, false, true};
  for (size_t i = 0; i < want.size(); ++i) CHECK(r.interp.truthy(answers.as<ListObject>()->items[i]) == want[i]);
}

TEST_CASE("compiled torch.func: what the tracer cannot follow still breaks, with its reason", "[compile][autograd][func]") {
  Run r(std::string(kPrelude) + R"(
g_item = grad(lambda a: (a * a).sum() * a.sum().item())
def item_inside(w):
    return g_item(w)
v_same = vmap(lambda a: a + torch.rand(()), randomness="same")
def random_same(x):
    return v_same(x) * 0
def returns_transform(w):
    g = grad(lambda a: (a ** 3).sum())
    return g(w), g
def returns_grad_fn(w):
    a = w * 1.0
    a.requires_grad_()
    b = a * 2
    return b.grad_fn
same_item = torch.equal(torch.compile(item_inside)(w), item_inside(w))
torch.compile(random_same)(x)
g, fn = torch.compile(returns_transform)(w)
same_ret = torch.equal(g, fn(w))
gf = torch.compile(returns_grad_fn)(w)
named = gf.name()
)");
  // A pre-existing transform whose function calls .item(): the call breaks.
  CHECK(r.truthy("same_item"));
  CHECK(anyReason(r.stats("item_inside"), "in a called function: Tensor.item() reads tensor data"));
  CHECK(anyReason(r.stats("random_same"), "vmap(randomness='same') of a function that calls a random op"));
  CHECK(r.truthy("same_ret"));
  CHECK(anyReason(r.stats("returns_transform"), "outlives it"));
  CHECK(anyReason(r.stats("returns_grad_fn"), "a grad_fn read in the compiled region (<MulBackward0>) outlives it"));
  CHECK(r.interp.getGlobal("named").as<StrObject>()->str == "MulBackward0");
}

TEST_CASE("compiled autograd reads: requires_grad, is_leaf, grad_fn and is_grad_enabled are traced and guarded",
          "[compile][autograd][func]") {
  Run r(std::string(kPrelude) + R"(
def f(x, w):
    y = x * w
    flags = (w.requires_grad, w.is_leaf, y.requires_grad, y.grad_fn is None, torch.is_grad_enabled())
    return y * 2, flags
cf = torch.compile(f)
a = cf(x, w)[1]
b = cf(x, w)[1]                                   # cache hit
wr = w.clone().requires_grad_()
c = cf(x.detach(), torch.zeros(3))[1]             # another tensor, same flags: hit
with torch.no_grad():
    d = cf(x, w)[1]                               # grad mode guard: retraced
def g(x, w):
    a = x * 2
    a.requires_grad_()
    b = (a * w).sum()
    c = a * 3
    c.retain_grad()
    (b + c.sum()).backward()
    return a.grad + c.grad, a.is_leaf, c.is_leaf
cg = torch.compile(g)
got = cg(x, w)
want = g(x, w)
same = torch.equal(got[0], want[0]) and got[1:] == want[1:]
def reads(t):
    return t.requires_grad
cr = torch.compile(reads)
r1 = cr(x)
r2 = cr(torch.ones(3, requires_grad=True))      # requires_grad read: guarded, retraced
)");
  const FunctionStats& s = r.stats("f");
  CHECK(s.graphBreaks == 0);
  CHECK(s.traces == 2);
  CHECK(s.cacheHits == 2);
  auto flags = [&](const char* name) { return seqItems(r.interp.getGlobal(name)).toVector(); };
  for (const char* n : {"a", "b", "c"}) {
    auto f = flags(n);
    REQUIRE(f.size() == 5);
    CHECK_FALSE(f[0].asBool());
    CHECK(f[1].asBool());
    CHECK_FALSE(f[2].asBool());
    CHECK(f[3].asBool());
    CHECK(f[4].asBool());
  }
  CHECK_FALSE(flags("d")[4].asBool());
  CHECK(r.stats("g").graphBreaks == 0);
  CHECK(r.truthy("same"));
  CHECK_FALSE(r.truthy("r1"));
  CHECK(r.truthy("r2"));
  CHECK(r.stats("reads").traces == 2);
}

TEST_CASE("compiled hooks: a hook on a tensor made inside is traced, one on an argument breaks", "[compile][autograd][func]") {
  Run r(std::string(kPrelude) + R"(
wg = w.clone().requires_grad_()
def f(x, w):
    a = x * w
    h = a.register_hook(lambda g: torch.cos(g) * 3)
    (g,) = torch.autograd.grad((a * a).sum(), w)
    h.remove()
    return g
cf = torch.compile(f)
same = torch.equal(cf(x, wg), f(x, wg))
def on_argument(x, w):
    w.register_hook(lambda g: g * 2)
    return x * 2
torch.compile(on_argument)(x, wg)
def returns_handle(x, w):
    a = x * w
    return a.register_hook(lambda g: g).remove(), a.register_hook(lambda g: g)
torch.compile(returns_handle)(x, wg)
)");
  CHECK(r.stats("f").graphBreaks == 0);
  CHECK(r.truthy("same"));
  CHECK(count(r.capturedGraph("cf"), "cos") == 1);  // the hook's body is in the backward
  CHECK(anyReason(r.stats("on_argument"), "Tensor.register_hook() of a tensor from outside the compiled region"));
  CHECK(anyReason(r.stats("returns_handle"), "the handle of a hook registered in the compiled region outlives it"));
}
