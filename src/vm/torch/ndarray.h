// Tensor.numpy(): a small ndarray-like view for scripts that print a tensor's
// numpy form or read its shape and values.
//
// Note [ndarray view]
// tdsl has no numpy. x.numpy() returns an object of type `ndarray` that
// shares x's storage (a later write to x shows through, as with numpy) and
// supports what scripts do with it in passing: repr() and str() exactly as
// numpy 1.24 prints them (its float format: the shortest digits that round-
// trip, at most 8 after the point, padded to one width; scientific notation
// when the magnitudes call for it; 75-column lines; "..." past 1000
// elements), .shape, .ndim, .size, .dtype (prints as numpy's dtype),
// .tolist(), .item() and len(). Arithmetic, indexing and numpy functions are
// not supported: the attribute error names what is missing.
#pragma once

#include "tensor/tensor.h"
#include "vm/objects.h"

namespace tdsl {

Value makeNdArray(Ref<TensorObject> tensor);

// numpy's formatting of `t` (repr: "array([1., 2.], dtype=float32)"; str: "[1. 2.]").
std::string ndarrayText(const TensorObject& t, bool repr);

}  // namespace tdsl
