// Shape/dtype rules for the views and shape ops of docs/views.md (the rows
// in ops/rows/view_more.cpp and ops/rows/view_ops_more.cpp), in the style of
// op_meta.h: metadata only, PyTorch's messages.
#pragma once

#include "tensor/op_abi.h"

namespace tdsl::meta {

// Views (aliasesSelf = true).
void tInplace(const BoundArgs& a, MetaResult& r);        // t_(): t()'s rule, t_()'s message
void movedim(const BoundArgs& a, MetaResult& r);         // movedim.int / movedim.intlist
void unfold(const BoundArgs& a, MetaResult& r);          // unfold(dimension, size, step)
void viewDtype(const BoundArgs& a, MetaResult& r);       // view.dtype: the same bytes as another dtype
void diagonalScatter(const BoundArgs& a, MetaResult& r); // a clone of self, src checked against diagonal()

// Pointwise.
void comparisonInplace(const BoundArgs& a, MetaResult& r);  // ge_/lt_/...: self's meta, other broadcasts to self
void addcop(const BoundArgs& a, MetaResult& r);             // addcmul/addcdiv: three-way broadcast
void addcopInplace(const BoundArgs& a, MetaResult& r);
void unaryFloatMath(const BoundArgs& a, MetaResult& r);     // cosh, sinh, ...: integral inputs give the default float

// Reductions and shape ops.
void aminmax(const BoundArgs& a, MetaResult& r);         // (min, max), over all or one dim
void blockDiag(const BoundArgs& a, MetaResult& r);
void addr(const BoundArgs& a, MetaResult& r);
void emptyStrided(const BoundArgs& a, MetaResult& r);
void emptyWithFormat(const BoundArgs& a, MetaResult& r);  // empty(size, memory_format=): channels_last for 4-d

}  // namespace tdsl::meta
