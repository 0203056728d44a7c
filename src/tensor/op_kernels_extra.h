// Eager kernels of the op table's later families (see op_meta_extra.h); the
// same contract as op_kernels.h.
#pragma once

#include "tensor/op_abi.h"

namespace tdsl::kernels {

#define TDSL_DECLARE_KERNEL(name) OpResults name(TensorState& state, const BoundArgs& args);
#define TDSL_EXTRA_KERNELS(X)                                                                    \
  X(sort) X(argsort) X(topk) X(median) X(nonzero) X(masked_select)                                                \
  X(cumsum) X(cumsum_) X(cumprod) X(cumprod_) X(cummax) X(cummin) X(diff)                        \
  X(roll) X(flip) X(fliplr) X(flipud) X(triu) X(triu_) X(tril) X(tril_) X(repeat)                \
  X(isnan) X(isinf) X(isposinf) X(isneginf) X(isfinite)                                          \
  X(sign) X(sign_) X(trunc) X(trunc_) X(frac) X(frac_) X(square) X(square_)                      \
  X(rsqrt) X(rsqrt_) X(exp2) X(exp2_) X(expm1) X(expm1_) X(log1p) X(log1p_) X(log2) X(log2_)     \
  X(log10) X(log10_) X(tan) X(tan_) X(asin) X(asin_) X(acos) X(acos_) X(atan) X(atan_)           \
  X(sinh) X(sinh_) X(erf) X(erf_)                                                                \
  X(clamp_min) X(clamp_min_) X(clamp_max) X(clamp_max_)                                          \
  X(fmod) X(fmod_) X(atan2) X(lerp) X(lerp_) X(nan_to_num) X(nan_to_num_)                        \
  X(amax) X(amin) X(logsumexp) X(softmax) X(log_softmax) X(std) X(var) X(norm) X(count_nonzero)  \
  X(outer) X(trace)

TDSL_EXTRA_KERNELS(TDSL_DECLARE_KERNEL)
#undef TDSL_DECLARE_KERNEL

}  // namespace tdsl::kernels
