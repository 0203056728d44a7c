// Shape rules and eager kernels of the random ops (issue 15): PyTorch's CPU
// samplers over PyTorch's generator (Note [PyTorch's CPU generator]),
// filling in PyTorch's order (Note [Random fill order]). The rows are in
// ops/rows/random.cpp.
#pragma once

#include <cstdint>

#include "tensor/op_abi.h"

namespace tdsl {

// The largest value random_(from, None) draws for dtype d (PyTorch's to_inc):
// 2^digits for the floating types, the type's maximum otherwise.
inline int64_t randomUpperInclusive(DType d) {
  switch (d) {
    case DType::Float32: return int64_t(1) << 24;
    case DType::Float64: return int64_t(1) << 53;
    case DType::Int64: return INT64_MAX;
    case DType::Int32: return INT32_MAX;
    case DType::Bool: return 1;
  }
  return 0;
}

namespace meta {
void randomInplace(const BoundArgs& a, MetaResult& r);     // uniform_, normal_, exponential_, cauchy_, log_normal_,
                                                           // geometric_, random_, bernoulli_
void randomFunctional(const BoundArgs& a, MetaResult& r);  // their functional twins: layout like self
void randint(const BoundArgs& a, MetaResult& r);
void randintLike(const BoundArgs& a, MetaResult& r);
void randperm(const BoundArgs& a, MetaResult& r);
void normalSizes(const BoundArgs& a, MetaResult& r);    // normal.float_float
void normalTensors(const BoundArgs& a, MetaResult& r);  // normal.Tensor_Tensor / Tensor_float / float_Tensor
void bernoulliTensor(const BoundArgs& a, MetaResult& r);
void multinomial(const BoundArgs& a, MetaResult& r);
}  // namespace meta

namespace kernels {
#define TDSL_RANDOM_KERNELS(X)                                                          \
  X(uniform_) X(uniform) X(normal_) X(normal) X(normal_sizes) X(normal_tensors)          \
  X(exponential_) X(exponential) X(bernoulli_) X(bernoulli) X(randint) X(randint_like)   \
  X(randperm) X(multinomial) X(cauchy_) X(cauchy) X(log_normal_) X(log_normal) X(geometric_) X(geometric) \
  X(random_) X(random)
#define TDSL_DECLARE_RANDOM_KERNEL(name) OpResults name(TensorState& state, const BoundArgs& args);
TDSL_RANDOM_KERNELS(TDSL_DECLARE_RANDOM_KERNEL)
#undef TDSL_DECLARE_RANDOM_KERNEL
}  // namespace kernels

}  // namespace tdsl
