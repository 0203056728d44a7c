// Dead code elimination (see dce.h).
#include "opt/dce.h"

#include <unordered_set>

#include "ir/alias_analysis.h"
#include "ops/op_table.h"

namespace tdsl::opt {

using namespace tdsl::ir;

namespace {

// Note [Shape checks in dynamic graphs]
// A graph traced with symbolic sizes runs on sizes the trace never saw, and
// an op's shape checks that passed at trace time may fail then: eager raises
// "The size of tensor a (3) must match the size of tensor b (4)" for
// `t[1::3] += x[::3]` on 10 elements though 8 and 6 were fine. Removing such
// a node because its result is unused would turn that error into a result.
// So a dead node is kept when its shapes derive from symbolic sizes (its
// arguments are, transitively, computed from a value with symbolic
// metadata; recorded sizes may look concrete, as a stepped slice's do) and
// it checks shapes against each other or against its arguments: every op
// except pointwise ops and reductions of a single tensor, whose only
// shape rule is the rank (fixed by the guards). Graphs without symbolic
// sizes (every static graph) lose every dead node as before.
bool checksShapes(const Node& n) {
  if (n.op()->has(kTagPointwise) || n.op()->has(kTagReduction)) return n.inputValues().size() > 1;
  return true;
}

// Note [Dead index checks]
// An op that reads positions from an index tensor (index_select, gather,
// index, index_copy, index_put, index_add, scatter...) raises IndexError for
// an index out of range, and that depends on the index values, which no
// guard or trace-time check covers: eager raises for
// `t[2:1].index_copy_(0, torch.tensor([1, 0]), v)` even when nothing reads t
// afterwards. DCE keeps such a node.
bool readsIndexValues(const Node& n) {
  if (!n.op()->has(kTagIndexing) && !n.op()->has(kTagIndexedUpdate)) return false;
  for (const SchemaArg& a : n.op()->schema.args)
    if (a.name == "index" || a.name == "indices") return true;
  return false;
}

// Note [Dead random ops]
// A random op whose result is unused still advances the generator in eager
// mode, so removing it would shift every later draw of a compiled function
// (and of the script after it) away from eager's numbers. DCE keeps it.

}  // namespace

int dce(Graph& g, PassInterrupt interrupt) {
  std::unordered_set<const IrValue*> symbolicShaped;  // Note [Shape checks in dynamic graphs]
  for (Node* n : g.nodes()) {
    bool derived = false;
    for (IrValue* v : n->inputValues()) derived = derived || symbolicShaped.count(v) > 0;
    for (size_t i = 0; i < n->numOutputs(); ++i)
      if (derived || !isConcrete(n->output(i)->meta())) symbolicShaped.insert(n->output(i));
  }
  int removed = 0;
  auto nodes = g.nodes();
  // Walking backwards removes whole dead chains in one sweep.
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node* n = *it;
    interrupt.poll();
    if (!n->isOp() || isMutation(*n) || n->op()->has(kTagRandom)) continue;  // Note [Dead random ops]
    if (readsIndexValues(*n)) continue;                                       // Note [Dead index checks]
    bool used = false;
    for (size_t i = 0; i < n->numOutputs(); ++i) used = used || n->output(i)->hasUsers();
    if (used) continue;
    bool mayRaise = false;
    for (IrValue* v : n->inputValues()) mayRaise = mayRaise || symbolicShaped.count(v) > 0;
    if (mayRaise && checksShapes(*n)) continue;
    g.erase(n);
    ++removed;
  }
  return removed;
}

}  // namespace tdsl::opt
