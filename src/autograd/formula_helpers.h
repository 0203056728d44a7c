// Pieces of derivative formulas shared by the row tables (derivatives.cpp,
// derivatives_more.cpp).
#pragma once

#include "autograd/derivatives.h"

namespace tdsl::autograd {

// The dims a reduction's `dim` argument (slot) names (None or []: all), wrapped.
Dims reducedDims(GradCtx& c, int slot, int64_t rank);
// A reduced gradient back to the input's sizes (keepdim restored, then expanded).
Value expandReduced(GradCtx& c, const Value& g, int selfSlot, const Dims& dims, bool keepdim);
// The gradient of a view with arbitrary geometry, scattered into its base.
Value viewGeometryBackward(GradCtx& c, const Value& g, const TensorMeta& self, const TensorMeta& view);
// -1, 0 or 1 per element, in x's dtype.
Value sign(GradCtx& c, const Value& x);
// max()/min() of all elements: the gradient shared by the elements equal to the result.
void evenlyDistribute(GradCtx& c);
// max.dim/min.dim (and median.dim): the gradient goes to the selected index along dim.
void valueSelecting(GradCtx& c);

// The derivative rows of the ops added in session 5 (derivatives_more.cpp).
const std::vector<DerivativeRow>& moreDerivativeRows();

}  // namespace tdsl::autograd
