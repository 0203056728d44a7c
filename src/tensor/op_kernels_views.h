// Eager kernels of docs/views.md's ops (rows in ops/rows/view_more.cpp and
// ops/rows/view_ops_more.cpp), in the style of op_kernels.h.
#pragma once

#include "tensor/op_abi.h"
#include "tensor/tensor.h"

namespace tdsl::kernels {

#define TDSL_VIEW_MORE_KERNELS(X)                                                            \
  X(inplaceView) X(diagonal_scatter) X(comparisonInplace) X(addcmul) X(addcmul_) X(addcdiv)  \
  X(addcdiv_) X(cosh) X(cosh_) X(acosh) X(acosh_) X(asinh) X(asinh_)        \
  X(atanh) X(atanh_) X(aminmax) X(block_diag) X(addr) X(empty_strided)
#define TDSL_DECLARE_VIEW_MORE_KERNEL(name) OpResults name(TensorState& state, const BoundArgs& args);
TDSL_VIEW_MORE_KERNELS(TDSL_DECLARE_VIEW_MORE_KERNEL)
#undef TDSL_DECLARE_VIEW_MORE_KERNEL

// Tensor.resize_(sizes) / resize_as_: not ops (the tracer breaks the graph
// at them, Note [Tensor member reads]); changes `self` in place.
void resizeTensor(TensorState& state, TensorObject& self, const Dims& sizes);

}  // namespace tdsl::kernels
