// Which reductions end a fused group (fuse.h).
//
// Note [Fused reductions]
// A group may end in sum, mean, prod, max or min over every element (the
// overloads without dim, dtype None), in sum (sum.dim_IntList), mean
// (mean.dim), amax or amin over a list of dims (None or [] is every dim),
// keepdim either way, or in prod over one dim (prod.dim_int), of a float32
// or float64 value the group computed (or of a group input, for a full
// reduction alone), with the result in the same dtype; the dims must be
// constants. The JIT reproduces the eager kernels bit for bit
// (jit/fused_reduction.h): sums in Note [Reduction order] per output, prod
// left to right, max/min as eager's scan (first NaN wins, else the first
// extreme). A reduction over dims alone is left to eager (whose kernel reads
// a contiguous row in place), other dtypes (integer sums accumulate in
// int64), dtype=, max.dim / min.dim (they return indices too) and
// argmax-like ops are not fused: they read the group's materialized result.
// The group closes after its reduction, so a later op that reads the
// reduction's result is never in the same group.
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

std::optional<ReductionKind> fusibleReduction(const ir::Node& n) {
  if (!n.isOp() || n.numOutputs() != 1) return std::nullopt;
  static const std::pair<const char*, ReductionKind> kKinds[] = {{"sum", ReductionKind::Sum},
                                                                  {"mean", ReductionKind::Mean},
                                                                  {"prod", ReductionKind::Prod},
                                                                  {"max", ReductionKind::Max},
                                                                  {"min", ReductionKind::Min},
                                                                  {"amax", ReductionKind::Max},
                                                                  {"amin", ReductionKind::Min},
                                                                  {"sum.dim_IntList", ReductionKind::Sum},
                                                                  {"mean.dim", ReductionKind::Mean},
                                                                  {"prod.dim_int", ReductionKind::Prod}};
  const std::string& name = n.op()->fullName();
  std::optional<ReductionKind> kind;
  for (auto& [text, k] : kKinds)
    if (name == text) kind = k;
  if (!kind) return std::nullopt;
  const ir::IrValue* self = n.tensorArg(0);
  if (!self) return std::nullopt;
  const DType d = self->meta().dtype;
  if ((d != DType::Float32 && d != DType::Float64) || n.output()->meta().dtype != d) return std::nullopt;
  const bool withDims = name == "amax" || name == "amin" || name.find('.') != std::string::npos;
  const int64_t rank = static_cast<int64_t>(self->meta().sizes.size());
  for (size_t i = 1; i < n.args().size(); ++i) {
    const ir::Arg& a = n.arg(i);
    if (withDims && i == 1) {
      if (!constantDims(a, rank)) return std::nullopt;
      if (name == "prod.dim_int" && a.kind != ir::Arg::Kind::Int) return std::nullopt;
      continue;
    }
    if (withDims && i == 2 && a.kind == ir::Arg::Kind::Bool) continue;  // keepdim
    if (a.isNone()) continue;
    return std::nullopt;  // dtype=
  }
  return kind;
}

std::vector<bool> reducedDims(const ir::Node& n) {
  const size_t rank = n.tensorArg(0)->meta().sizes.size();
  std::vector<bool> reduced(rank, true);
  const std::string& name = n.op()->fullName();
  const bool withDims = name == "amax" || name == "amin" || name.find('.') != std::string::npos;
  if (!withDims || n.args().size() < 2) return reduced;
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
