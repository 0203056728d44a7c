// Which reductions end a fused group (fuse.h).
//
// Note [Fused reductions]
// A group may end in sum, mean, prod, max or min over every element (the
// overloads without dim, dtype None), or amax / amin with dim=[] and
// keepdim=False (every element; eager's scan is max's), of a float32 or float64 value the
// group computed (or of a group input, for a reduction alone), with the
// result in the same dtype. The JIT reproduces the eager kernels bit for bit
// (jit/fused_reduction.h): sums in Note [Reduction order], prod left to
// right, max/min as eager's scan (first NaN wins, else the first extreme).
// Reductions over dims, other dtypes (integer sums accumulate in int64) and
// argmax-like ops are not fused: they read the group's materialized result.
// The group closes after its reduction, so a later op that reads the
// reduction's result is never in the same group.
#include "opt/fuse.h"

#include <cstring>

#include "ops/op_table.h"

namespace tdsl::opt {

std::optional<ReductionKind> fusibleReduction(const ir::Node& n) {
  if (!n.isOp() || n.numOutputs() != 1) return std::nullopt;
  static const std::pair<const char*, ReductionKind> kKinds[] = {{"sum", ReductionKind::Sum},
                                                                  {"mean", ReductionKind::Mean},
                                                                  {"prod", ReductionKind::Prod},
                                                                  {"max", ReductionKind::Max},
                                                                  {"min", ReductionKind::Min},
                                                                  {"amax", ReductionKind::Max},
                                                                  {"amin", ReductionKind::Min}};
  const std::string& name = n.op()->fullName();
  std::optional<ReductionKind> kind;
  for (auto& [text, k] : kKinds)
    if (name == text) kind = k;
  if (!kind) return std::nullopt;
  const ir::IrValue* self = n.tensorArg(0);
  if (!self) return std::nullopt;
  const DType d = self->meta().dtype;
  if ((d != DType::Float32 && d != DType::Float64) || n.output()->meta().dtype != d) return std::nullopt;
  const bool amaxLike = name == "amax" || name == "amin";
  for (size_t i = 1; i < n.args().size(); ++i) {
    const ir::Arg& a = n.arg(i);
    if (a.isNone()) continue;
    if (amaxLike && i == 1 && a.kind == ir::Arg::Kind::IntList && a.ints.empty()) continue;  // dim=[]: every element
    if (amaxLike && i == 2 && a.kind == ir::Arg::Kind::Bool && !a.b) continue;               // keepdim=False
    return std::nullopt;  // dtype=, dims, keepdim=True
  }
  return kind;
}

}  // namespace tdsl::opt
