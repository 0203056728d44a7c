// Dead code elimination (see dce.h).
#include "opt/dce.h"

#include "ir/alias_analysis.h"

namespace tdsl::opt {

using namespace tdsl::ir;

int dce(Graph& g, PassInterrupt interrupt) {
  int removed = 0;
  auto nodes = g.nodes();
  // Walking backwards removes whole dead chains in one sweep.
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node* n = *it;
    interrupt.poll();
    if (!n->isOp() || isMutation(*n)) continue;
    bool used = false;
    for (size_t i = 0; i < n->numOutputs(); ++i) used = used || n->output(i)->hasUsers();
    if (used) continue;
    g.erase(n);
    ++removed;
  }
  return removed;
}

}  // namespace tdsl::opt
