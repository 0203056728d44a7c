// Eager kernels of the op table (EagerFn, op_abi.h). Each takes the bound
// arguments of one call (schema order, defaults filled in) and returns the
// result: a new tensor, self for in-place ops, both tensors of multi-output
// ops, or a Python value. One kernel may serve several overloads of a name
// (add.Tensor and add.Scalar): the Tensor/Scalar operand is read generically.
#pragma once

#include "tensor/op_abi.h"

namespace tdsl::kernels {


#define TDSL_DECLARE_KERNEL(name) OpResults name(TensorState& state, const BoundArgs& args);
#define TDSL_KERNELS(X)                                                                         \
  X(add) X(add_) X(sub) X(sub_) X(rsub) X(mul) X(mul_) X(div) X(div_) X(remainder) X(remainder_) \
  X(floor_divide) X(floor_divide_) X(pow) X(pow_) X(maximum) X(minimum)                          \
  X(logical_and) X(logical_or) X(logical_xor) X(eq) X(ne) X(lt) X(le) X(gt) X(ge)                \
  X(logical_and_) X(logical_or_) X(logical_xor_) X(logical_not_)                                 \
  X(bitwise_and) X(bitwise_and_) X(bitwise_or) X(bitwise_or_) X(bitwise_xor) X(bitwise_xor_)     \
  X(bitwise_not_) X(bitwise_left_shift) X(bitwise_left_shift_) X(bitwise_right_shift)            \
  X(bitwise_right_shift_)                                                                        \
  X(neg) X(neg_) X(abs) X(abs_) X(exp) X(exp_) X(log) X(log_) X(sin) X(sin_) X(cos) X(cos_)      \
  X(tanh) X(tanh_) X(sqrt) X(sqrt_) X(sigmoid) X(sigmoid_) X(reciprocal) X(reciprocal_)          \
  X(relu) X(relu_) X(floor) X(floor_) X(ceil) X(ceil_) X(round) X(round_) X(logical_not) X(bitwise_not)             \
  X(clamp) X(clamp_) X(where) X(fill) X(fill_) X(zero) X(zero_) X(copy) X(copy_)                 \
  X(isclose) X(equal) X(allclose)                                                                \
  X(sum) X(mean) X(prod) X(max) X(min) X(argmax) X(argmin) X(all) X(any)                         \
  X(mm) X(matmul) X(dot)                                                                         \
  X(makeView) X(reshape) X(flatten) X(contiguous) X(toDtype)                                     \
  X(slice_scatter) X(select_scatter) X(as_strided_scatter) X(clone) X(cat) X(stack)              \
  X(index) X(index_select) X(gather) X(index_put) X(index_put_) X(index_copy) X(index_copy_)     \
  X(index_add) X(index_add_) X(scatter) X(scatter_) X(scatter_add) X(scatter_add_)               \
  X(masked_fill) X(masked_fill_) X(index_fill) X(index_fill_)                                     \
  X(zeros) X(ones) X(full) X(arange) X(linspace) X(eye) X(rand) X(randn)

TDSL_KERNELS(TDSL_DECLARE_KERNEL)
#undef TDSL_DECLARE_KERNEL

}  // namespace tdsl::kernels
