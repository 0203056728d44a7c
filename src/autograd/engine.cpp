#include "autograd/engine.h"

#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "autograd/batched_dispatch.h"
#include "autograd/grad_ops.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

namespace {

// Note [Captured tensors] (dispatch.h): the engine's writes are not the transformed function's.
struct FramesAside {
  TensorState& s;
  std::vector<TransformFrame> saved;
  explicit FramesAside(TensorState& state) : s(state), saved(std::move(state.transformFrames)) { s.transformFrames.clear(); }
  ~FramesAside() { s.transformFrames = std::move(saved); }
};

struct GradModeGuard {
  TensorState& s;
  bool saved;
  GradModeGuard(TensorState& state, bool enabled) : s(state), saved(state.gradEnabled) { s.gradEnabled = enabled; }
  ~GradModeGuard() { s.gradEnabled = saved; }
};

void accumulate(TensorState& s, Value& slot, const Value& g) {
  if (g.isNone()) return;
  slot = slot.isNone() ? g : op(s, "add.Tensor", {slot, g});
}

// Note [Tensor hooks]
// Tensor.register_hook(fn) keeps fn with the tensor's gradient slot: a
// leaf's in its AutogradMeta (read through its AccumulateGrad node), a
// non-leaf's on its grad_fn, keyed by output number. When a node is taken
// from the ready queue, its buffers hold the whole gradient of each output;
// the hooks of that output then run in registration order, each on the
// previous one's result (None keeps it), before the gradient is retained
// (retain_grad), captured (torch.autograd.grad) or accumulated into .grad,
// as PyTorch's engine orders tensor pre-hooks. A removed hook is skipped.
// A hook is script code: TensorState::callHook runs it (under the tracer as
// traced code, Note [Function transforms under the tracer]) and checks
// what it returned.
void runTensorHooks(TensorState& s, Node& n, std::vector<Value>& grads) {
  auto run = [&](const TensorHooks& hooks, Value& g) {
    for (const std::shared_ptr<TensorHook>& h : hooks) {
      if (h->removed || g.isNone() || !s.callHook) continue;
      Value r = s.callHook(h->fn, g);  // checks the result (size, dtype) as PyTorch does
      if (!r.isNone()) g = std::move(r);
    }
  };
  if (auto* acc = dynamic_cast<AccumulateGrad*>(&n)) {
    if (AutogradMeta* m = metaOf(*acc->variable); m && !m->hooks.empty() && !grads.empty()) {
      const TensorHooks hooks = m->hooks;  // a hook may register or remove hooks
      run(hooks, grads[0]);
    }
    return;
  }
  if (n.tensorHooks.empty()) return;
  const auto hooks = n.tensorHooks;
  for (const auto& [nr, h] : hooks)
    if (nr < grads.size()) run(TensorHooks{h}, grads[nr]);
}

// Note [Gradients leaving a batch level]
// Under vmap's batching (Note [Batched tensors] in batched_dispatch.h) a
// gradient is batched where the value it belongs to was. A backward that
// runs after a vmap call returned (`vmap(f)(xs).sum().backward()`) reaches
// tensors made before the call opened its level: a parameter the function
// read from outside is one value for every sample, so the gradient flowing
// into its node is summed over the level's samples, as the physical graph
// PyTorch records under vmap sums it. Nodes (and leaves) made inside the
// call keep it batched. A backward that runs while the level is under way
// is a backward under vmap (`vmap(vjp_fn)(cotangents)`, grad() inside
// vmap): its gradients stay batched everywhere, per sample.
uint64_t createdAt(const Node& n) {
  if (const auto* acc = dynamic_cast<const AccumulateGrad*>(&n)) {
    const AutogradMeta* m = metaOf(*acc->variable);
    return m ? m->leafSince : 0;
  }
  return n.sequenceNr;
}

void accumulateInto(TensorState& s, const Edge& e, Value& slot, const Value& g) {
  accumulate(s, slot, sumLevelsLeft(s, g, createdAt(*e.fn)));
}

// Note [Boundary captures]
// torch.compile traces the backward of a compiled function's outputs on its
// proxies (Note [Compiled backward] in compile/compiled_backward.h), capturing
// the gradients that reach its real inputs. Those inputs' nodes belong to the
// backward that will run later, for real: tracing must not run their tensor
// hooks, fill their retained grads or walk past them into history from
// before the compiled call. A boundary request therefore stops at every
// captured node: it is neither applied nor looked through, and only its
// gradient is taken. With `contributions`, the gradients reaching a
// captured edge are kept apart, in the order they arrive, instead of
// summed: the compiled node hands them to the real engine one by one, which
// adds them into the input's buffer in eager's order, between the
// contributions of other nodes where eager puts those (the sum inside a
// backward graph would group the region's contributions first).
//
// Note [Nodes reached without a gradient]
// A node can become ready with no gradient at all: every node that feeds
// it produced none for it (a compiled backward, Note [Compiled backward],
// has an edge to each input that requires grad, used by its results or
// not). PyTorch's nodes return undefined gradients for undefined inputs,
// so nothing flows on (no zeros reach a leaf's .grad): such a node is not
// applied, and its edges only count down.
struct Later {
  bool operator()(const Node* a, const Node* b) const { return a->sequenceNr < b->sequenceNr; }
};

}  // namespace

std::vector<Value> runBackward(TensorState& s, const BackwardRequest& req) {
  GradModeGuard mode(s, req.createGraph);
  FramesAside frames(s);
  // The nodes reachable from the roots.
  std::vector<Node*> order;
  std::unordered_set<Node*> seen;
  std::vector<Node*> stack;
  std::unordered_set<Node*> targets;
  for (const Edge& e : req.captures)
    if (e.valid()) targets.insert(e.fn.get());
  auto stopsAt = [&](Node* n) { return req.boundary && targets.count(n) > 0; };  // Note [Boundary captures]
  for (const Edge& e : req.roots)
    if (e.valid() && seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    order.push_back(n);
    if (stopsAt(n)) continue;
    for (const Edge& e : n->next)
      if (e.valid() && seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
  }
  // With captures, only the nodes from which a captured edge is reachable run.
  // A captured node from which no other capture is reachable only has its
  // gradient taken: it does not run (nor free its saved tensors), as in PyTorch.
  std::unordered_set<Node*> needed, applies;
  if (req.capture) {
    std::unordered_map<Node*, int> state;  // 0 unvisited, 1 in progress, 2 done
    std::vector<std::pair<Node*, size_t>> work;
    for (Node* root : order) {
      if (state[root]) continue;
      work.push_back({root, 0});
      state[root] = 1;
      while (!work.empty()) {
        auto& [n, i] = work.back();
        if (i < n->next.size() && !stopsAt(n)) {
          Node* child = n->next[i++].fn.get();
          if (child && !state[child]) {
            state[child] = 1;
            work.push_back({child, 0});
          }
          continue;
        }
        bool feeds = false;  // a captured edge lies beyond it: it runs
        for (const Edge& e : n->next)
          if (e.valid() && needed.count(e.fn.get()) && !dynamic_cast<AccumulateGrad*>(n)) feeds = true;
        if (feeds) applies.insert(n);
        if (feeds || targets.count(n) > 0) needed.insert(n);
        state[n] = 2;
        work.pop_back();
      }
    }
  }
  auto runs = [&](Node* n) { return !req.capture || needed.count(n) > 0; };
  std::unordered_map<Node*, int> deps;
  for (Node* n : order) {
    if (!runs(n) || stopsAt(n)) continue;
    for (const Edge& e : n->next)
      if (e.valid() && runs(e.fn.get())) ++deps[e.fn.get()];
  }
  std::unordered_map<Node*, std::vector<Value>> buffers;
  auto bufferOf = [&](Node* n) -> std::vector<Value>& {
    std::vector<Value>& b = buffers[n];
    if (b.size() < n->outputs.size()) b.resize(n->outputs.size());
    return b;
  };
  std::priority_queue<Node*, std::vector<Node*>, Later> ready;
  std::unordered_set<Node*> queued;
  for (size_t i = 0; i < req.roots.size(); ++i) {
    const Edge& e = req.roots[i];
    if (!e.valid() || !runs(e.fn.get())) continue;
    std::vector<Value>& b = bufferOf(e.fn.get());
    if (b.size() <= e.inputNr) b.resize(e.inputNr + 1);
    accumulateInto(s, e, b[e.inputNr], req.rootGrads[i]);
  }
  for (const Edge& e : req.roots)
    if (e.valid() && runs(e.fn.get()) && deps[e.fn.get()] == 0 && queued.insert(e.fn.get()).second) ready.push(e.fn.get());

  std::vector<Value> captured(req.captures.size());
  if (req.contributions) req.contributions->assign(req.captures.size(), {});
  ApplyContext ctx{s, req.createGraph};
  while (!ready.empty()) {
    Node* n = ready.top();
    ready.pop();
    std::vector<Value> grads = std::move(bufferOf(n));
    buffers.erase(n);
    const bool boundary = stopsAt(n);
    if (!boundary) runTensorHooks(s, *n, grads);
    for (size_t j = 0; j < req.captures.size(); ++j) {
      const Edge& c = req.captures[j];
      if (c.fn.get() == n && c.inputNr < grads.size()) accumulate(s, captured[j], grads[c.inputNr]);
    }
    if (boundary) continue;
    for (auto& [nr, slot] : n->retained) {
      if (nr >= grads.size() || grads[nr].isNone()) continue;
      // Note [Retained grads]: accumulated across backward calls, as .grad.
      if (slot->grad.isNone()) slot->grad = op(s, "clone", {grads[nr]});
      else slot->grad = op(s, "add.Tensor", {slot->grad, grads[nr]});
    }
    std::vector<Value> out;
    const bool applied = !req.capture || applies.count(n) > 0;
    // Note [Nodes reached without a gradient]: every input undefined.
    bool anyGrad = false;
    for (const Value& g : grads) anyGrad |= !g.isNone();
    if (applied && anyGrad) out = n->apply(ctx, grads);
    if (applied && !req.keepGraph) n->releaseSaved();
    for (size_t k = 0; k < n->next.size(); ++k) {
      const Edge& e = n->next[k];
      if (!e.valid() || !runs(e.fn.get())) continue;
      if (k < out.size() && !out[k].isNone() && req.contributions && stopsAt(e.fn.get())) {
        for (size_t j = 0; j < req.captures.size(); ++j)  // Note [Boundary captures]: kept apart
          if (req.captures[j].fn == e.fn && req.captures[j].inputNr == e.inputNr) (*req.contributions)[j].push_back(out[k]);
      } else if (k < out.size() && !out[k].isNone()) {
        std::vector<Value>& b = bufferOf(e.fn.get());
        if (b.size() <= e.inputNr) b.resize(e.inputNr + 1);
        accumulateInto(s, e, b[e.inputNr], out[k]);
      }
      if (--deps[e.fn.get()] == 0 && queued.insert(e.fn.get()).second) ready.push(e.fn.get());
    }
  }
  return captured;
}

}  // namespace tdsl::autograd
