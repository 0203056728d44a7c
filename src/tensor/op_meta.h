// Shape/dtype rules of the op table (ir::MetaFn): results' TensorMeta from
// argument metadata only. Every rule works on meta (storage-less) tensors, so
// the tracer can run it on proxies; eager kernels call the same rule to size
// their outputs, and view kernels build their views from it, which keeps
// eager and traced metadata identical. Errors are PyTorch's messages.
#pragma once

#include "tensor/op_abi.h"

namespace tdsl::meta {


// Pointwise. Fresh results take their operands' layout (Note [Elementwise
// output layout] in tensor_meta.h); in-place results are self's own meta.
void binary(const BoundArgs& a, MetaResult& r);            // broadcast + result_type
void rsub(const BoundArgs& a, MetaResult& r);              // binary, operands read as (other, self)
void powTensorScalar(const BoundArgs& a, MetaResult& r);   // unary on self.to(result dtype)
void powScalarBase(const BoundArgs& a, MetaResult& r);     // pow(number, t): row-major, t's sizes
void binaryInplace(const BoundArgs& a, MetaResult& r);     // self's meta; checks broadcast and cast
// The checks of binaryInplace alone (eager fast path); returns the computation dtype.
DType checkBinaryInplace(const BoundArgs& a, bool trueDivide);
void trueDivide(const BoundArgs& a, MetaResult& r);        // integral results become the default float
void trueDivideInplace(const BoundArgs& a, MetaResult& r);
void comparison(const BoundArgs& a, MetaResult& r);        // broadcast, bool
void unary(const BoundArgs& a, MetaResult& r);             // self's sizes and dtype
void unaryFloat(const BoundArgs& a, MetaResult& r);        // integral inputs give the default float
void unaryFloatInplace(const BoundArgs& a, MetaResult& r);
void logicalUnary(const BoundArgs& a, MetaResult& r);
void logicalInplace(const BoundArgs& a, MetaResult& r);    // self's meta; other broadcasts to self
// Bitwise ops: result_type like binary, but only bool and integer dtypes
// ("\"bitwise_and_cpu\" not implemented for 'Float'").
void bitwise(const BoundArgs& a, MetaResult& r);
void bitwiseInplace(const BoundArgs& a, MetaResult& r);
// Shifts (<< >>): integer dtypes only ("\"lshift_cpu\" not implemented for 'Bool'").
void leftShift(const BoundArgs& a, MetaResult& r);
void leftShiftInplace(const BoundArgs& a, MetaResult& r);
void rightShift(const BoundArgs& a, MetaResult& r);
void rightShiftInplace(const BoundArgs& a, MetaResult& r);
void bitwiseNot(const BoundArgs& a, MetaResult& r);
void bitwiseNotInplace(const BoundArgs& a, MetaResult& r);
void clamp(const BoundArgs& a, MetaResult& r);
void clampInplace(const BoundArgs& a, MetaResult& r);
void where(const BoundArgs& a, MetaResult& r);
void likeSelf(const BoundArgs& a, MetaResult& r);          // empty_like(self): Note [Preserved layout]
void inplaceSelf(const BoundArgs& a, MetaResult& r);       // self's own meta
void copy(const BoundArgs& a, MetaResult& r);
void copyInplace(const BoundArgs& a, MetaResult& r);
void noTensorResult(const BoundArgs& a, MetaResult& r);
void allclose(const BoundArgs& a, MetaResult& r);

// Reductions and linear algebra.
void sum(const BoundArgs& a, MetaResult& r);
void mean(const BoundArgs& a, MetaResult& r);
void minmax(const BoundArgs& a, MetaResult& r);
void minmaxDim(const BoundArgs& a, MetaResult& r);
void argminmax(const BoundArgs& a, MetaResult& r);
void allAny(const BoundArgs& a, MetaResult& r);
void mm(const BoundArgs& a, MetaResult& r);
void matmul(const BoundArgs& a, MetaResult& r);
void dot(const BoundArgs& a, MetaResult& r);

// Views (aliasesSelf = true) and MaybeView ops.
void view(const BoundArgs& a, MetaResult& r);
void reshape(const BoundArgs& a, MetaResult& r);
void flatten(const BoundArgs& a, MetaResult& r);
void contiguous(const BoundArgs& a, MetaResult& r);
void toDtype(const BoundArgs& a, MetaResult& r);
void t(const BoundArgs& a, MetaResult& r);
void transpose(const BoundArgs& a, MetaResult& r);
void permute(const BoundArgs& a, MetaResult& r);
void squeeze(const BoundArgs& a, MetaResult& r);
void unsqueeze(const BoundArgs& a, MetaResult& r);
void expand(const BoundArgs& a, MetaResult& r);
void expandAs(const BoundArgs& a, MetaResult& r);
void slice(const BoundArgs& a, MetaResult& r);
void select(const BoundArgs& a, MetaResult& r);
void narrow(const BoundArgs& a, MetaResult& r);
void diagonal(const BoundArgs& a, MetaResult& r);
void asStrided(const BoundArgs& a, MetaResult& r);
void alias(const BoundArgs& a, MetaResult& r);
void sliceScatter(const BoundArgs& a, MetaResult& r);
void selectScatter(const BoundArgs& a, MetaResult& r);
void asStridedScatter(const BoundArgs& a, MetaResult& r);
void cat(const BoundArgs& a, MetaResult& r);
void stack(const BoundArgs& a, MetaResult& r);

// Indexing.
void index(const BoundArgs& a, MetaResult& r);
void indexSelect(const BoundArgs& a, MetaResult& r);
void gather(const BoundArgs& a, MetaResult& r);
void indexPut(const BoundArgs& a, MetaResult& r);
void indexCopy(const BoundArgs& a, MetaResult& r);
void indexFill(const BoundArgs& a, MetaResult& r);   // index_fill / index_fill_, both overloads
void scatter(const BoundArgs& a, MetaResult& r);
void maskedFill(const BoundArgs& a, MetaResult& r);

// Factories.
void sizeFactory(const BoundArgs& a, MetaResult& r);
void full(const BoundArgs& a, MetaResult& r);
// The *_like factories and clone follow memory_format= (Note [Preserved layout]).
void likeFactory(const BoundArgs& a, MetaResult& r);
void fullLike(const BoundArgs& a, MetaResult& r);
void clone(const BoundArgs& a, MetaResult& r);
void arange(const BoundArgs& a, MetaResult& r);
void linspace(const BoundArgs& a, MetaResult& r);
void eye(const BoundArgs& a, MetaResult& r);

}  // namespace tdsl::meta
