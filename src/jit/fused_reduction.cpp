// Fused reductions on the JIT path (fused_reduction.h).
#include "jit/fused_reduction.h"

#include <unordered_map>

#include "support/diagnostics.h"
#include "tensor/reduce.h"
#include "tensor/scalar_ops.h"

namespace tdsl::jit {

std::optional<ReductionPlan> planReduction(const ir::Graph& body) {
  const ir::Node* last = nullptr;
  for (const ir::Node* n : body.nodes())
    if (n->isOp()) last = n;
  if (!last) return std::nullopt;
  std::optional<opt::ReductionKind> kind = opt::fusibleReduction(*last);
  if (!kind) return std::nullopt;
  ReductionPlan plan;
  plan.kind = *kind;
  plan.reduced = opt::reducedDims(*last);
  plan.overDims = opt::reducesOverDims(*last);
  auto outputs = body.outputs();
  plan.pointwise = std::make_shared<ir::Graph>(body.name() + "_pointwise");
  std::unordered_map<const ir::IrValue*, ir::IrValue*> inner;
  auto inputs = body.inputs();
  for (size_t i = 0; i < inputs.size(); ++i)
    inner[inputs[i]] = plan.pointwise->addInput("in" + std::to_string(i), inputs[i]->meta());
  for (const ir::Node* n : body.nodes()) {
    if (!n->isOp() || n == last) continue;
    std::vector<ir::Arg> args = n->args();
    for (ir::Arg& a : args)
      if (a.isTensor()) a.tensor = inner.at(a.tensor);
    inner[n->output()] = plan.pointwise->createOp(n->op(), std::move(args), {n->output()->meta()})->output();
  }
  std::vector<ir::IrValue*> pointwiseOutputs;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k] == last->output()) plan.resultIndex = static_cast<int>(k);
    else pointwiseOutputs.push_back(inner.at(outputs[k]));
  }
  if (plan.resultIndex < 0) return std::nullopt;
  pointwiseOutputs.push_back(inner.at(last->tensorArg(0)));
  plan.pointwise->setOutputs(pointwiseOutputs);
  return plan;
}

namespace {

using scalar_ops::isNan;

// Eager's extremeIndex rule, one more element: the first NaN wins, else the
// first of equal extremes.
template <class T>
bool replaces(opt::ReductionKind kind, T best, T v) {
  if (isNan(best)) return false;
  if (isNan(v)) return true;
  return kind == opt::ReductionKind::Max ? v > best : v < best;
}

}  // namespace

template <class T>
void reduceChunk(opt::ReductionKind kind, const T* p, int64_t n, ChunkReduction<T>& out) {
  if (kind == opt::ReductionKind::Sum || kind == opt::ReductionKind::Mean) {
    pushBlocksContiguous(p, n, out.blocks);  // Note [Vector block sums]
    return;
  }
  TDSL_ASSERT(kind == opt::ReductionKind::Max || kind == opt::ReductionKind::Min);
  T best = p[0];
  for (int64_t i = 1; i < n && !isNan(best); ++i)
    if (replaces(kind, best, p[i])) best = p[i];
  out.value = best;
}

template <class T>
void ReductionAccumulator<T>::add(const ChunkReduction<T>& chunk) {
  if (kind_ == opt::ReductionKind::Sum || kind_ == opt::ReductionKind::Mean) {
    for (int i = 0; i < chunk.blocks.size(); ++i) sum_.push(chunk.blocks.value(i), chunk.blocks.level(i));
    return;
  }
  if (!any_ || replaces(kind_, best_, chunk.value)) best_ = chunk.value;
  any_ = true;
}

template <class T>
T ReductionAccumulator<T>::result(int64_t total) const {
  if (kind_ == opt::ReductionKind::Sum) return sum_.finish();
  if (kind_ == opt::ReductionKind::Mean) return static_cast<T>(sum_.finish() / static_cast<T>(total));
  TDSL_ASSERT(any_);
  return best_;
}

template <class T>
T prodChunk(T acc, const T* p, int64_t n) {
  return prodContiguous(acc, p, n);  // Note [Shared reduction code]
}

template void reduceChunk<float>(opt::ReductionKind, const float*, int64_t, ChunkReduction<float>&);
template void reduceChunk<double>(opt::ReductionKind, const double*, int64_t, ChunkReduction<double>&);
template class ReductionAccumulator<float>;
template class ReductionAccumulator<double>;
template float prodChunk<float>(float, const float*, int64_t);
template double prodChunk<double>(double, const double*, int64_t);

}  // namespace tdsl::jit
