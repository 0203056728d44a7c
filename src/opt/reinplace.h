// Reinplacing (DESIGN.md §2.5): turns functional updates back into in-place
// ones where nobody can observe the difference and it pays.
//
// Requires: a functional graph (verifyGraph with functional = true), i.e. the
// output of functionalize.
// Guarantees: the graph computes the same values and leaves the same final
// contents in every graph input; the result is no longer functional. A
// candidate is rewritten only when BOTH independent questions say yes:
//   isProfitable (pattern): the candidate's buffer is materialized anyway (its
//     base is a fresh intermediate), or its value flows back into the graph
//     input it came from: a depth-first walk, with a seen set, through users
//     that are indexed updates or scatters taking the current value as their
//     updated operand (args[0]), ending at a copy_ into that input's same
//     region. Reads met on the way are not followed and do not disqualify.
//     For elementwise ops the value must be copied into the very region of
//     their first operand.
//   checkSafety (alias + liveness, through AliasAnalysis): region overlap from
//     metadata; no read of an overlapping alias of the old value between the
//     candidate and the write-back (liveness by version: reads after the
//     write-back see the new value either way); no other operand overlapping
//     the written region (elementwise ops may read exactly the region they
//     write); no internal overlap in the written view; the write-back goes to
//     the same input and is its last write; the result is not a graph output
//     that eager returns fresh; no later write clobbers the result while it is
//     still read; dtype, sizes and strides match (for elementwise results
//     whose strides no user observes, dtype and sizes: Note [Elementwise
//     layout] in reinplace.cpp).
// Candidates are every functional op with an in-place twin in the op table
// and every scatter whose view has the scatter as inverse. Rewrites:
//   scatter(base, src, args...)  ->  copy_(view(base, args...), src); uses -> base
//   op(base, ...)                ->  op_(base, ...)
// then copy_ nodes whose source and destination are the same region, and
// clones whose only purpose was to be written back, disappear. Rewriting
// repeats until nothing changes, so whole chains (scatter -> index_put ->
// copy_) are reinplaced together.
#pragma once

#include <string>
#include <vector>

#include "ir/graph.h"
#include "opt/pass_interrupt.h"

namespace tdsl::opt {

struct ReinplaceDecision {
  std::string candidate;  // "slice_scatter #4": op and position in the input graph
  bool reinplaced = false;
  std::string reason;     // why not (or which profitability rule held)
};

struct ReinplaceReport {
  std::vector<ReinplaceDecision> decisions;
  int removedCopies = 0;
  int removedClones = 0;
  std::string str() const;  // one line per decision, for logs and stats
};

// `g` must be functional (functionalize's output). Unless the caller already
// guarantees that (the pipeline, right after functionalize), it is verified
// first and a non-functional graph is a tdsl::Error.
ReinplaceReport reinplace(ir::Graph& g, bool knownFunctional = false, PassInterrupt interrupt = {});

}  // namespace tdsl::opt
