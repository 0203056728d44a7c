// Functionalization (DESIGN.md §2.4).
//
// Requires: a verified graph whose node order is execution order; it may
// contain views and in-place ops (any op with a Tensor(x!) argument that has
// a functional twin in the op table). Graph inputs do not alias each other.
//
// Guarantees (checked by verifyGraph with functional = true):
//   - no mutation, except copy_ nodes at the end writing new values back into
//     mutated graph inputs. When every write to an input went through the
//     same static view chain, only that region is written back
//     (copy_(slice(x, ...), new_region)); otherwise the whole input is.
//   - a mutation through a view becomes the functional op on the view's
//     current value plus one scatter of it into the base: the view's own
//     inverse (slice_scatter, select_scatter) for a single view, the
//     generalized scatter (as_strided_scatter, with the view's metadata
//     relative to the current base) for a chain or a view without a direct
//     inverse; with symbolic sizes, a chain is scattered back level by level
//     through each view's inverse (Note [Symbolic view chains]);
//   - every later read of any alias of a mutated base sees the new value:
//     views are replayed from the latest version of their base;
//   - a returned alias of an input is returned as that view of the input,
//     computed after the write-back; every other result is fresh, sharing
//     a storage with no input and no other result that eager's does not
//     share (Note [Returned storages stay separate]).
//   - a functional result whose dtype or shape differs from the written
//     tensor (add_ of an f32 tensor with an f64 one) is converted with
//     copy(self, value), as the in-place op would have cast it; so is one
//     that replaces a whole dense tensor but has other strides (Note
//     [Replacement layout] in functionalize.cpp).
//
// Limitation: with symbolic shapes, new nodes need rules that hold without
// concrete sizes (Note [Symbolic metadata] in meta_inference.cpp) and views
// with mirrored inverses; otherwise tdsl::Error, and the caller runs the
// captured graph. No node this pass emits has a symbolic int argument.
#pragma once

#include "ir/graph.h"
#include "opt/pass_interrupt.h"

namespace tdsl::opt {

void functionalize(ir::Graph& g, PassInterrupt interrupt = {});

}  // namespace tdsl::opt
