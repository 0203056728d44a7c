// Which reductions end a fused group (fuse.h).
//
// Note [Fused reductions]
// A group may end in one reduction of a value the group computed (or of a
// group input, for a full reduction alone), with constant dims:
//   sum, mean, prod, max, min   over every element (no dim);
//   sum.dim_IntList, mean.dim, amax, amin   over a list of dims (None or []
//              is every dim), keepdim either way;
//   prod.dim_int   over one dim;
//   max.dim, min.dim   over one dim: the values and their int64 indices
//              (either result may be dead);
//   argmax, argmin   the indices alone, over one dim or the flattened value.
// The reduced value is float32 or float64 and the values are of its dtype,
// except that sum, mean and prod with dtype=float32 / float64 reduce a value
// of any dtype (float32, float64, int32, int64 or a bool mask): eager
// converts it to that dtype (static_cast, contiguousOrSame) and then
// accumulates there. The JIT reproduces the eager kernels bit for bit
// (jit/fused_reduction.h): sums in Note [Reduction order] per output, prod
// left to right, max/min/argmax/argmin as eager's scan extremeIndex (first
// NaN wins, else the first extreme; the value reported is the element at
// that index), dtype= by converting each chunk of the reduced value with
// eager's static_cast before reducing it. A reduction over dims alone is
// left to eager (whose kernel reads a contiguous row in place); integer
// accumulation (sums without dtype= accumulate in int64), integer or bool
// max/min, a dtype= that is not a float dtype, and a reduced value of rank
// 0 with indices (max(x0d, 0)) are not fused: they read the group's
// materialized result. prod over a list of dims and value-only max/min over
// one dim do not exist in the op table (PyTorch has neither). The group
// closes after its reduction, so a later op that reads the reduction's
// result is never in the same group.
#include "opt/fuse.h"

#include <algorithm>
#include <cstring>

#include "support/diagnostics.h"

#include "ops/op_table.h"

namespace tdsl::opt {

namespace {

// The dims `a` names (wrapped), or nullopt when one is not a constant in range.
std::optional<std::vector<int64_t>> constantDims(const ir::Arg& a, int64_t rank) {
  std::vector<int64_t> dims;
  std::vector<ir::SymInt> items;
  if (a.kind == ir::Arg::Kind::Int) items.push_back(a.i);
  else if (a.kind == ir::Arg::Kind::IntList) items = a.ints;
  else if (!a.isNone()) return std::nullopt;
  for (const ir::SymInt& d : items) {
    if (!d.isConstant()) return std::nullopt;
    const int64_t w = d.constant() < 0 ? d.constant() + std::max<int64_t>(rank, 1) : d.constant();
    if (w < 0 || w >= std::max<int64_t>(rank, 1)) return std::nullopt;
    dims.push_back(w);
  }
  return dims;
}

}  // namespace

namespace {

struct ReductionOp {
  const char* name;
  ReductionKind kind;
  ReductionResults results;
  bool withDims;  // argument 1 is the dim (list)
};

constexpr ReductionOp kReductions[] = {
    {"sum", ReductionKind::Sum, ReductionResults::Values, false},
    {"mean", ReductionKind::Mean, ReductionResults::Values, false},
    {"prod", ReductionKind::Prod, ReductionResults::Values, false},
    {"max", ReductionKind::Max, ReductionResults::Values, false},
    {"min", ReductionKind::Min, ReductionResults::Values, false},
    {"amax", ReductionKind::Max, ReductionResults::Values, true},
    {"amin", ReductionKind::Min, ReductionResults::Values, true},
    {"sum.dim_IntList", ReductionKind::Sum, ReductionResults::Values, true},
    {"mean.dim", ReductionKind::Mean, ReductionResults::Values, true},
    {"prod.dim_int", ReductionKind::Prod, ReductionResults::Values, true},
    {"max.dim", ReductionKind::Max, ReductionResults::ValuesAndIndices, true},
    {"min.dim", ReductionKind::Min, ReductionResults::ValuesAndIndices, true},
    {"argmax", ReductionKind::Max, ReductionResults::Indices, true},
    {"argmin", ReductionKind::Min, ReductionResults::Indices, true}};

const ReductionOp* reductionOp(const ir::Node& n) {
  if (!n.isOp()) return nullptr;
  const std::string& name = n.op()->fullName();
  for (const ReductionOp& r : kReductions)
    if (name == r.name) return &r;
  return nullptr;
}

bool isFloat(DType d) { return d == DType::Float32 || d == DType::Float64; }

}  // namespace

std::optional<ReductionKind> fusibleReduction(const ir::Node& n) {
  const ReductionOp* op = reductionOp(n);
  if (!op) return std::nullopt;
  const ir::IrValue* self = n.tensorArg(0);
  if (!self) return std::nullopt;
  const bool indices = op->results != ReductionResults::Values;
  if (n.numOutputs() != (op->results == ReductionResults::ValuesAndIndices ? 2u : 1u)) return std::nullopt;
  const DType in = self->meta().dtype;
  const DType values = n.output(0)->meta().dtype;
  const int64_t rank = static_cast<int64_t>(self->meta().sizes.size());
  if (indices && rank == 0) return std::nullopt;
  if (indices && n.output(n.numOutputs() - 1)->meta().dtype != DType::Int64) return std::nullopt;
  if (op->results != ReductionResults::Indices && !isFloat(values)) return std::nullopt;
  bool converts = false;  // dtype=: eager converts the reduced value first
  for (size_t i = 1; i < n.args().size(); ++i) {
    const ir::Arg& a = n.arg(i);
    if (op->withDims && i == 1) {
      if (!constantDims(a, rank)) return std::nullopt;
      // prod, max.dim and min.dim take one dim; argmax / argmin one or None.
      const bool oneDim = op->kind == ReductionKind::Prod || indices;
      if (oneDim && a.kind != ir::Arg::Kind::Int && !(op->results == ReductionResults::Indices && a.isNone()))
        return std::nullopt;
      continue;
    }
    if (op->withDims && i == 2 && a.kind == ir::Arg::Kind::Bool) continue;  // keepdim
    if (a.isNone()) continue;
    if (a.kind != ir::Arg::Kind::DType || !isFloat(a.dtype) || a.dtype != values) return std::nullopt;
    converts = true;
  }
  if (!isFloat(in) && !converts) return std::nullopt;
  if (!converts && op->results != ReductionResults::Indices && values != in) return std::nullopt;
  return op->kind;
}

ReductionResults reductionResults(const ir::Node& n) {
  const ReductionOp* op = reductionOp(n);
  TDSL_ASSERT(op);
  return op->results;
}

std::vector<bool> reducedDims(const ir::Node& n) {
  const size_t rank = n.tensorArg(0)->meta().sizes.size();
  std::vector<bool> reduced(rank, true);
  const ReductionOp* op = reductionOp(n);
  TDSL_ASSERT(op);
  if (!op->withDims || n.args().size() < 2) return reduced;
  std::optional<std::vector<int64_t>> dims = constantDims(n.arg(1), static_cast<int64_t>(rank));
  TDSL_ASSERT(dims);
  if (dims->empty()) return reduced;  // None or []: every dim
  reduced.assign(rank, false);
  for (int64_t d : *dims)
    if (static_cast<size_t>(d) < rank) reduced[static_cast<size_t>(d)] = true;
  return reduced;
}

bool reducesOverDims(const ir::Node& n) { return !n.output()->meta().sizes.empty(); }

}  // namespace tdsl::opt
