// Shape rules and eager kernels of the ops the public corpus programs needed
// (tests/corpus, issue 15): logspace, addmm, addmv, cross, kthvalue, mode,
// einsum. Rows in ops/rows/corpus_ops.cpp; in the style of op_meta.h and
// op_kernels.h (metadata only in the rules, PyTorch's messages).
#pragma once

#include "tensor/op_abi.h"
#include "tensor/tensor.h"

namespace tdsl::meta {

void logspace(const BoundArgs& a, MetaResult& r);
void addmm(const BoundArgs& a, MetaResult& r);     // self expanded to (n, p)
void addmv(const BoundArgs& a, MetaResult& r);     // self expanded to (n,)
void cross(const BoundArgs& a, MetaResult& r);     // broadcast; dim=None: self's first dim of size 3
void kthvalue(const BoundArgs& a, MetaResult& r);  // (values, indices) over one dim
void mode(const BoundArgs& a, MetaResult& r);
void einsum(const BoundArgs& a, MetaResult& r);

// The dim cross() works along (PyTorch 1.13's torch.cross), checked.
int64_t crossDim(const BoundArgs& a);

}  // namespace tdsl::meta

namespace tdsl::kernels {

#define TDSL_CORPUS_KERNELS(X) X(logspace) X(addmm) X(addmv) X(cross) X(kthvalue) X(mode) X(einsum)
#define TDSL_DECLARE_CORPUS_KERNEL(name) OpResults name(TensorState& state, const BoundArgs& args);
TDSL_CORPUS_KERNELS(TDSL_DECLARE_CORPUS_KERNEL)
#undef TDSL_DECLARE_CORPUS_KERNEL

}  // namespace tdsl::kernels
