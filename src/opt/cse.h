// Common subexpression elimination.
// Requires: a verified graph (functional or not). Guarantees: of two op
// nodes with the same op and the same arguments, the later one is replaced by
// the earlier, when that cannot change a value:
//   - nodes that write, and random ops, are never merged;
//   - a node that reads data merges only if no storage it reads was written
//     in between (Note [Storage epochs]);
//   - a node with fresh results merges only if neither result's storage is
//     ever written (two distinct buffers must stay distinct);
//   - views merge regardless of writes (they read no data);
//   - two nodes whose results are both observable outside the graph as
//     distinct tensors are never merged (Note [Escaping buffers] in cse.cpp):
//     fresh results whose storages are both returned (directly or through a
//     view), or views that are both returned themselves.
#pragma once

#include "ir/graph.h"
#include "opt/pass_interrupt.h"

namespace tdsl::opt {

// Returns the number of nodes removed.
int cse(ir::Graph& g, PassInterrupt interrupt = {});

}  // namespace tdsl::opt
