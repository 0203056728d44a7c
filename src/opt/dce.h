// Dead code elimination.
// Requires: a verified graph. Guarantees: every op node that writes nothing
// (no Tensor(x!) argument) and whose results are unused is removed, except
// nodes whose shape checks may fail on sizes the trace did not see (Note
// [Shape checks in dynamic graphs] in dce.cpp); nodes that mutate are kept,
// as are their arguments, random ops (Note [Dead random ops]) and ops that
// read index values (Note [Dead index checks]).
#pragma once

#include "ir/graph.h"
#include "opt/pass_interrupt.h"

namespace tdsl::opt {

// Returns the number of nodes removed.
int dce(ir::Graph& g, PassInterrupt interrupt = {});

}  // namespace tdsl::opt
