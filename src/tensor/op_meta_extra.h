// Shape/dtype rules of the op table's later families (rows/sorting.cpp,
// scan.cpp, reorder.cpp, pointwise_extra.cpp, statistics.cpp, linalg.cpp);
// the same contract as op_meta.h.
#pragma once

#include "tensor/op_abi.h"

namespace tdsl::meta {

// A dtype's C++ type name, as PyTorch's dtype-mismatch messages print it ("long int").
const char* cTypeName(DType d);

// Sorting: values like self (contiguous) and int64 indices.
void sort(const BoundArgs& a, MetaResult& r);          // sort, sort.stable: (values, indices)
void argsort(const BoundArgs& a, MetaResult& r);
void topk(const BoundArgs& a, MetaResult& r);          // k along dim
void median(const BoundArgs& a, MetaResult& r);        // median(): 0-dim; median.dim: (values, indices)
void nonzero(const BoundArgs& a, MetaResult& r);       // data-dependent: only checks (kTagDataDependentShape)
void maskedSelect(const BoundArgs& a, MetaResult& r);  // data-dependent, like nonzero
void maskedSelectChecks(const BoundArgs& a);            // its dtype and broadcast checks (the kernel's too)

// Scans along one dim.
void cumulative(const BoundArgs& a, MetaResult& r);    // cumsum/cumprod: integral inputs give int64
void cumulativeInplace(const BoundArgs& a, MetaResult& r);
void cumulativeExtremum(const BoundArgs& a, MetaResult& r);  // cummax/cummin: (values like self, int64 indices)
void diff(const BoundArgs& a, MetaResult& r);

// Reordering copies.
void roll(const BoundArgs& a, MetaResult& r);
void flip(const BoundArgs& a, MetaResult& r);
void flipMatrix(const BoundArgs& a, MetaResult& r);    // fliplr / flipud
void triangle(const BoundArgs& a, MetaResult& r);      // triu / tril
void triangleInplace(const BoundArgs& a, MetaResult& r);
void repeat(const BoundArgs& a, MetaResult& r);

// Pointwise.
void classify(const BoundArgs& a, MetaResult& r);      // isnan, isinf, ...: bool
void unaryNoBool(const BoundArgs& a, MetaResult& r);   // sign, trunc, square: self's dtype
void unaryFloatingOnly(const BoundArgs& a, MetaResult& r);  // frac: floating inputs only
void unaryFloatingOnlyInplace(const BoundArgs& a, MetaResult& r);
void nanToNum(const BoundArgs& a, MetaResult& r);      // self's dtype, empty_like's layout
void clampBound(const BoundArgs& a, MetaResult& r);    // clamp_min / clamp_max: clamp's dtype rule
void clampBoundInplace(const BoundArgs& a, MetaResult& r);
void fmod(const BoundArgs& a, MetaResult& r);
void fmodInplace(const BoundArgs& a, MetaResult& r);
void atan2(const BoundArgs& a, MetaResult& r);
void lerp(const BoundArgs& a, MetaResult& r);
void lerpInplace(const BoundArgs& a, MetaResult& r);

// Reductions and normalizations.
void amaxAmin(const BoundArgs& a, MetaResult& r);
void logsumexp(const BoundArgs& a, MetaResult& r);
void softmax(const BoundArgs& a, MetaResult& r);       // softmax / log_softmax
void stdVar(const BoundArgs& a, MetaResult& r);        // std / var, every overload
void norm(const BoundArgs& a, MetaResult& r);
void countNonzero(const BoundArgs& a, MetaResult& r);

// Linear algebra.
void mv(const BoundArgs& a, MetaResult& r);
void bmm(const BoundArgs& a, MetaResult& r);
void outer(const BoundArgs& a, MetaResult& r);
void trace(const BoundArgs& a, MetaResult& r);

}  // namespace tdsl::meta
