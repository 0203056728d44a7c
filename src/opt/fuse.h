// Pointwise fusion (issue 12, DESIGN.md §2.6).
//
// Requires: a verified graph, functional or after reinplacing (it may hold
// in-place ops and views).
// Guarantees: runs of pointwise ops (fusibleKind) of one result shape,
// of one computation dtype or connected by the values they read (casts and
// operands of other dtypes: Note [Mixed groups] in fuse.cpp), become Fused nodes (Note [Fused nodes] in ir/graph.h) that
// compute exactly what the ops did:
//   - a group never spans a node that mutates anything (so every value a
//     member read is still the value it reads when the group runs at its
//     last member's place);
//   - a group is closed before any non-member that uses a member's result,
//     so that node still sees the result before it runs;
//   - every member result used outside the group (by any other node or the
//     return) is a result of the Fused node: materialized, with the
//     member's metadata; the others exist only inside the kernel;
//   - an in-place pointwise op joins only to write a buffer of the group
//     that nothing else reads (Note [Absorbed in-place ops] in fuse.cpp);
//   - a group may end in one op that writes a buffer from outside the group
//     (an in-place pointwise op on a view or input, index_copy_, index_put_)
//     when nothing else the group reads can see the write early, and closes
//     there (Note [Fused stores] in fuse_indexed.cpp); the Fused node's
//     result for it is that buffer itself;
//   - gathers (index_select of a 1-D tensor) join as loads (Note [Fused
//     gathers] in fuse_indexed.cpp);
//   - a group may end in one reduction (fusibleReduction: full, or over
//     dims) of a value a member computed, and closes there; a full
//     reduction alone (x.sum()) is a group too (the JIT runs it); other
//     groups of one op are left alone.
// The pass adds no node other than Fused nodes and removes only the ops it
// moved into bodies.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/graph.h"
#include "tensor/math_fn.h"
#include "opt/pass_interrupt.h"

namespace tdsl::opt {

// The pointwise ops a fused group may hold (the JIT lowers each of them;
// Note [Fusible ops] in fuse.cpp says which overloads and dtypes).
enum class PointwiseKind : uint8_t {
  Add, Sub, Mul, Div, Neg, Abs, Maximum, Minimum, Clamp, Relu, Eq, Ne, Lt, Le, Gt, Ge, Where, Pow,
  Sqrt, Sigmoid, Math,  // Math: a transcendental of scalar_math.h (mathFnOf says which)
  Cast                  // to.dtype to another dtype (Note [Mixed groups] in fuse.cpp)
};

// pow(x, e) with a number e that eager computes without pow(): x * x,
// x * x * x, sqrt(x), 1 / x (PyTorch's pow_tensor_scalar special cases).
enum class PowForm : uint8_t { Square, Cube, Sqrt, Reciprocal };
std::optional<PowForm> powForm(const ir::Node& n);

// The scalar_math function a node of kind Math applies (pow of any other
// exponent than powForm's is MathFn::Pow).
std::optional<MathFn> mathFnOf(const ir::Node& n);

std::optional<PointwiseKind> fusibleKind(const ir::Node& n);
// The float dtype a fusible node computes in (a comparison's operands'
// promoted type, torch.result_type; a cast's float side; the result's
// otherwise).
DType computeDTypeOf(const ir::Node& n);

// The reduction a fused group may end in (Note [Fused reductions] in
// fuse_reduction.cpp): sum, mean, prod, max, min over every element; sum,
// mean, amax, amin over a list of dims; prod, max.dim, min.dim over one
// dim; argmax, argmin over one dim or every element; sum, mean and prod
// with dtype=.
enum class ReductionKind : uint8_t { Sum, Mean, Prod, Max, Min };
std::optional<ReductionKind> fusibleReduction(const ir::Node& n);
// The results of a fusible reduction: its values (float32 / float64), the
// int64 indices of its extremes (argmax, argmin), or both, values first
// (max.dim, min.dim).
enum class ReductionResults : uint8_t { Values, Indices, ValuesAndIndices };
ReductionResults reductionResults(const ir::Node& n);
// Per dim of the reduced value: whether reduction `n` (fusibleReduction)
// reduces it; every dim for a full reduction.
std::vector<bool> reducedDims(const ir::Node& n);
// Whether it reduces over dims (not a full reduction to one element of rank 0).
bool reducesOverDims(const ir::Node& n);

// Note [Fused gathers] / [Fused stores] in fuse_indexed.cpp: index_select,
// index_copy_ and index_put_ (one index tensor) on 1-D float tensors with
// 1-D int64 indices, along dim 0.
enum class IndexedKind : uint8_t { Gather, Copy, Put };
struct IndexedAccess {
  IndexedKind kind;
  ir::IrValue* data;    // the tensor read (Gather) or written (Copy, Put)
  ir::IrValue* index;   // int64, 1-D
  ir::IrValue* values;  // Copy, Put: the values stored; Gather: null
};
std::optional<IndexedAccess> fusibleIndexed(const ir::Node& n);

// Returns the number of Fused nodes created.
int fuse(ir::Graph& g, PassInterrupt interrupt = {});

}  // namespace tdsl::opt
