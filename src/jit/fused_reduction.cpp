// Fused reductions on the JIT path (fused_reduction.h).
#include "jit/fused_reduction.h"

#include <type_traits>
#include <unordered_map>

#include "jit/extreme_scan.h"
#include "support/diagnostics.h"
#include "tensor/reduce.h"
#include "tensor/scalar_ops.h"
#include "tensor/tensor_iter.h"

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
  const opt::ReductionResults results = opt::reductionResults(*last);
  const ir::IrValue* values = results == opt::ReductionResults::Indices ? nullptr : last->output(0);
  const ir::IrValue* indices = results == opt::ReductionResults::Values ? nullptr : last->output(last->numOutputs() - 1);
  plan.accumulate = values ? values->meta().dtype : last->tensorArg(0)->meta().dtype;
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
    if (outputs[k] == values) plan.resultIndex = static_cast<int>(k);
    else if (outputs[k] == indices) plan.indicesIndex = static_cast<int>(k);
    else pointwiseOutputs.push_back(inner.at(outputs[k]));
  }
  if (plan.resultIndex < 0 && plan.indicesIndex < 0) return std::nullopt;
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
void reduceChunk(opt::ReductionKind kind, const T* p, int64_t n, bool needIndex, ChunkReduction<T>& out) {
  if (kind == opt::ReductionKind::Sum || kind == opt::ReductionKind::Mean) {
    pushBlocksContiguous(p, n, out.blocks);  // Note [Vector block sums]
    return;
  }
  TDSL_ASSERT(kind == opt::ReductionKind::Max || kind == opt::ReductionKind::Min);
  const ExtremeAt<T> e = scanExtreme(kind == opt::ReductionKind::Max, p, n, needIndex);  // Note [Extreme scan]
  out.value = e.value;
  out.index = e.index;
}

template <class T>
void ReductionAccumulator<T>::add(const ChunkReduction<T>& chunk, int64_t first) {
  if (kind_ == opt::ReductionKind::Sum || kind_ == opt::ReductionKind::Mean) {
    for (int i = 0; i < chunk.blocks.size(); ++i) sum_.push(chunk.blocks.value(i), chunk.blocks.level(i));
    return;
  }
  if (!any_ || replaces(kind_, best_, chunk.value)) {
    best_ = chunk.value;
    bestIndex_ = first + chunk.index;
  }
  any_ = true;
}

template <class T>
const T* convertedChunk(DType from, const char* p, int64_t n, std::vector<T>& buffer) {
  if (from == (std::is_same<T, float>::value ? DType::Float32 : DType::Float64)) return reinterpret_cast<const T*>(p);
  buffer.resize(static_cast<size_t>(n));
  withDType(from, [&](auto tag) {
    using S = decltype(tag);
    const S* s = reinterpret_cast<const S*>(p);
    for (int64_t i = 0; i < n; ++i) buffer[static_cast<size_t>(i)] = static_cast<T>(s[i]);
  });
  return buffer.data();
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

template void reduceChunk<float>(opt::ReductionKind, const float*, int64_t, bool, ChunkReduction<float>&);
template void reduceChunk<double>(opt::ReductionKind, const double*, int64_t, bool, ChunkReduction<double>&);
template class ReductionAccumulator<float>;
template class ReductionAccumulator<double>;
template const float* convertedChunk<float>(DType, const char*, int64_t, std::vector<float>&);
template const double* convertedChunk<double>(DType, const char*, int64_t, std::vector<double>&);
template float prodChunk<float>(float, const float*, int64_t);
template double prodChunk<double>(double, const double*, int64_t);

}  // namespace tdsl::jit
