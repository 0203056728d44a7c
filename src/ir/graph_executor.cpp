// Graph execution with the eager kernels (see graph_executor.h).
#include "ir/graph_executor.h"

#include <algorithm>

#include <unordered_map>

#include "support/diagnostics.h"
#include "ir/meta_inference.h"
#include "ops/op_table.h"
#include "tensor/tensor.h"

namespace tdsl::ir {

namespace {

void checkInput(const tdsl::Value& v, const IrValue* in) {
  TensorObject* t = v.isTensor() ? asTensor(v) : nullptr;
  const ValueMeta& m = in->meta();
  if (!t || t->dtype() != m.dtype || t->dim() != m.dim())
    throw Error(ErrorKind::Type, "input %" + in->name() + " does not match the graph's type");
}

int64_t tensorBytes(const tdsl::Value& v) {
  if (!v.isTensor()) return 0;
  TensorObject* t = asTensor(v);
  return t->numel() * static_cast<int64_t>(itemSize(t->dtype()));
}

// The last tensor argument without an alias annotation: the values an
// in-place indexed update moves (index_copy_'s source, index_put_'s values).
int sourceArgOf(const OpDef& op) {
  int found = -1;
  for (size_t i = 1; i < op.schema.args.size(); ++i) {
    const SchemaArg& a = op.schema.args[i];
    if (a.type == ArgType::Tensor && !a.alias.annotated()) found = static_cast<int>(i);
  }
  return found;
}

}  // namespace

DataMovement dataMovementOf(const OpDef& op) {
  const bool inplace = op.has(kTagInplace);
  if (op.has(kTagCopy)) return inplace ? DataMovement::WrittenRegionBytes : DataMovement::ResultBytes;
  if (op.has(kTagIndexedUpdate)) return inplace ? DataMovement::SourceBytes : DataMovement::ResultBytes;
  if (inplace) return DataMovement::None;
  if (op.has(kTagScatter)) return DataMovement::ResultBytes;
  if (op.has(kTagMaybeView)) return DataMovement::MaybeCopyResultBytes;
  if (op.has(kTagShape) && !op.has(kTagView)) return DataMovement::ResultBytes;
  return DataMovement::None;
}

std::vector<tdsl::Value> executeGraph(TensorState& state, const Graph& g, const std::vector<tdsl::Value>& inputs) {
  auto graphInputs = g.inputs();
  if (inputs.size() != graphInputs.size())
    throw Error(ErrorKind::Type, "graph " + g.name() + " expects " + std::to_string(graphInputs.size()) +
                                     " inputs, got " + std::to_string(inputs.size()));
  std::unordered_map<const IrValue*, tdsl::Value> env;
  for (size_t i = 0; i < inputs.size(); ++i) {
    checkInput(inputs[i], graphInputs[i]);
    env[graphInputs[i]] = inputs[i];
  }
  auto tensorFor = [&env](const IrValue* v) {
    auto it = env.find(v);
    TDSL_ASSERT(it != env.end());
    return it->second;
  };
  for (Node* n : g.nodes()) {
    if (n->isFused()) {
      pollInterrupt(state);
      std::vector<tdsl::Value> in;
      for (IrValue* v : n->inputValues()) in.push_back(tensorFor(v));
      std::vector<tdsl::Value> out = executeGraph(state, *n->body(), in);
      for (size_t i = 0; i < out.size(); ++i) env[n->output(i)] = out[i];
      continue;
    }
    if (!n->isOp()) continue;
    const OpDef& op = *n->op();
    TDSL_ASSERT(op.eager != nullptr);
    pollInterrupt(state);  // Note [Interrupting kernels]: between nodes
    BoundArgs args = bindNodeArgs(op, n->args(), tensorFor);
    OpResults results = op.eager(state, args);
    if (n->numOutputs() > 0) {
      TDSL_ASSERT(results.count == static_cast<int>(n->numOutputs()));
      for (size_t i = 0; i < n->numOutputs(); ++i) env[n->output(i)] = results[static_cast<int>(i)];
    }
  }
  std::vector<tdsl::Value> outs;
  for (IrValue* v : g.outputs()) outs.push_back(tensorFor(v));
  return outs;
}

// ---------------------------------------------------------------------------
// PreparedGraph

namespace {

class ReferenceFusedRunner : public FusedRunner {
 public:
  explicit ReferenceFusedRunner(std::shared_ptr<const Graph> body) : body_(std::move(body)) {}
  std::vector<tdsl::Value> run(TensorState& state, const std::vector<tdsl::Value>& inputs) override {
    return body_.run(state, inputs);
  }

 private:
  PreparedGraph body_;
};

}  // namespace

std::unique_ptr<FusedRunner> referenceFusedRunner(const Node& fused) {
  return std::make_unique<ReferenceFusedRunner>(fused.body());
}

struct PreparedGraph::Step {
  std::unique_ptr<FusedRunner> fused;  // Fused nodes: op is null, arguments in fusedSlots
  std::vector<int> fusedSlots;
  // Fused nodes' indexed stores (Note [Fused stores] in opt/fuse_indexed.cpp)
  // move one element per index, counted as the in-place indexed updates they
  // hold would be (Note [Bytes copied]): (slot of the int64 index tensor,
  // element size of the values moved).
  std::vector<std::pair<int, int64_t>> fusedStores;
  const OpDef* op = nullptr;
  BoundArgs templ;                 // constant arguments bound once; tensor slots left None
  int tensorSlot[kMaxOpArgs];      // slot of a Tensor argument, or -1
  std::vector<std::pair<int, std::vector<int>>> tensorLists;  // (arg index, slots; -1 for None)
  std::vector<int> outSlots;
  DataMovement movement = DataMovement::None;
  int sourceArg = -1;              // DataMovement::SourceBytes
};

PreparedGraph::PreparedGraph(std::shared_ptr<const Graph> g, const FusedRunnerFactory& fusedRunners)
    : graph_(std::move(g)) {
  std::unordered_map<const IrValue*, int> slotOf;
  for (IrValue* in : graph_->inputs()) {
    slotOf[in] = numSlots_++;
    inputMetas_.push_back(&in->meta());
    inputNames_.push_back(in->name());
  }
  auto slot = [&slotOf](const IrValue* v) {
    auto it = slotOf.find(v);
    TDSL_ASSERT(it != slotOf.end());
    return it->second;
  };
  for (Node* n : graph_->nodes()) {
    if (n->isFused()) {
      Step s;
      s.fused = fusedRunners ? fusedRunners(*n) : referenceFusedRunner(*n);
      hasFusedSteps_ = true;
      for (IrValue* v : n->inputValues()) s.fusedSlots.push_back(slot(v));
      auto bodyInputs = n->body()->inputs();
      for (const Node* b : n->body()->nodes()) {
        if (!b->isOp() || dataMovementOf(*b->op()) != DataMovement::SourceBytes) continue;
        for (const IrValue* v : b->inputValues()) {
          auto at = std::find(bodyInputs.begin(), bodyInputs.end(), v);
          if (v->meta().dtype != DType::Int64 || at == bodyInputs.end()) continue;
          s.fusedStores.emplace_back(s.fusedSlots[static_cast<size_t>(at - bodyInputs.begin())],
                                     static_cast<int64_t>(itemSize(b->output()->meta().dtype)));
          break;
        }
      }
      for (size_t i = 0; i < n->numOutputs(); ++i) {
        slotOf[n->output(i)] = numSlots_;
        s.outSlots.push_back(numSlots_++);
      }
      steps_.push_back(std::move(s));
      continue;
    }
    if (!n->isOp()) continue;
    Step s;
    s.op = n->op();
    TDSL_ASSERT(s.op->eager != nullptr);
    s.templ = bindNodeArgs(*s.op, n->args(), [](const IrValue*) { return tdsl::Value::none(); });
    const auto& args = n->args();
    for (size_t i = 0; i < args.size(); ++i) {
      s.tensorSlot[i] = args[i].kind == Arg::Kind::Tensor ? slot(args[i].tensor) : -1;
      if (args[i].kind == Arg::Kind::TensorList) {
        std::vector<int> slots;
        for (IrValue* v : args[i].tensors) slots.push_back(v ? slot(v) : -1);
        s.tensorLists.emplace_back(static_cast<int>(i), std::move(slots));
      }
    }
    for (size_t i = 0; i < n->numOutputs(); ++i) {
      slotOf[n->output(i)] = numSlots_;
      s.outSlots.push_back(numSlots_++);
    }
    s.movement = dataMovementOf(*s.op);
    if (s.movement == DataMovement::SourceBytes) s.sourceArg = sourceArgOf(*s.op);
    steps_.push_back(std::move(s));
  }
  for (IrValue* v : graph_->outputs()) outputSlots_.push_back(slot(v));
}

PreparedGraph::~PreparedGraph() = default;

std::vector<tdsl::Value> PreparedGraph::run(TensorState& state, const std::vector<tdsl::Value>& inputs,
                                            ExecCounters* counters) {
  if (inputs.size() != inputMetas_.size())
    throw Error(ErrorKind::Type, "graph " + graph_->name() + " expects " + std::to_string(inputMetas_.size()) +
                                     " inputs, got " + std::to_string(inputs.size()));
  // Reuse the scratch slots unless a call is already using them.
  std::vector<tdsl::Value> local;
  const bool reuse = slots_.empty();
  std::vector<tdsl::Value>& env = reuse ? slots_ : local;
  env.resize(static_cast<size_t>(numSlots_));
  struct Clear {
    std::vector<tdsl::Value>& env;
    ~Clear() { env.clear(); }  // keep the capacity, drop the references
  } clear{env};
  for (size_t i = 0; i < inputs.size(); ++i) {
    const tdsl::Value& v = inputs[i];
    TensorObject* t = v.isTensor() ? asTensor(v) : nullptr;
    if (!t || t->dtype() != inputMetas_[i]->dtype || t->dim() != inputMetas_[i]->dim())
      throw Error(ErrorKind::Type, "input %" + inputNames_[i] + " does not match the graph's type");
    env[i] = v;
  }
  int64_t bytes = 0;
  for (Step& s : steps_) {
    pollInterrupt(state);  // Note [Interrupting kernels]: between nodes
    if (s.fused) {
      std::vector<tdsl::Value> in;
      in.reserve(s.fusedSlots.size());
      for (int sl : s.fusedSlots) in.push_back(env[static_cast<size_t>(sl)]);
      std::vector<tdsl::Value> out = s.fused->run(state, in);
      TDSL_ASSERT(out.size() == s.outSlots.size());
      for (size_t i = 0; i < out.size(); ++i) env[static_cast<size_t>(s.outSlots[i])] = std::move(out[i]);
      for (auto [indexSlot, size] : s.fusedStores) bytes += asTensor(env[static_cast<size_t>(indexSlot)])->numel() * size;
      continue;
    }
    BoundArgs args = s.templ;
    for (int i = 0; i < args.count; ++i)
      if (s.tensorSlot[i] >= 0) args.v[i] = env[static_cast<size_t>(s.tensorSlot[i])];
    for (auto& [index, slots] : s.tensorLists) {
      std::vector<tdsl::Value>& items = args.setTensors(index);
      items.reserve(slots.size());
      for (int sl : slots) items.push_back(sl >= 0 ? env[static_cast<size_t>(sl)] : tdsl::Value::none());
    }
    OpResults results = s.op->eager(state, args);
    if (!s.outSlots.empty()) {
      TDSL_ASSERT(results.count == static_cast<int>(s.outSlots.size()));
      for (size_t i = 0; i < s.outSlots.size(); ++i) env[static_cast<size_t>(s.outSlots[i])] = results[static_cast<int>(i)];
    }
    // A multi-output op's results count as none of them (they are never copies).
    const tdsl::Value result = results.count == 1 ? results[0] : tdsl::Value();
    switch (s.movement) {
      case DataMovement::None: break;
      case DataMovement::ResultBytes: bytes += tensorBytes(result); break;
      case DataMovement::MaybeCopyResultBytes:
        if (result.isTensor() && args.v[0].isTensor() && asTensor(result)->storage != asTensor(args.v[0])->storage)
          bytes += tensorBytes(result);
        break;
      case DataMovement::WrittenRegionBytes: bytes += tensorBytes(args.v[0]); break;
      case DataMovement::SourceBytes:
        if (s.sourceArg >= 0 && args.v[s.sourceArg].isTensor() && args.v[0].isTensor())
          bytes += asTensor(args.v[s.sourceArg])->numel() *
                   static_cast<int64_t>(itemSize(asTensor(args.v[0])->dtype()));
        break;
    }
  }
  std::vector<tdsl::Value> outs;
  outs.reserve(outputSlots_.size());
  for (int sl : outputSlots_) outs.push_back(env[static_cast<size_t>(sl)]);
  if (counters) {
    counters->bytesCopied += bytes;
    counters->opsRun += static_cast<int64_t>(steps_.size());
  }
  return outs;
}

}  // namespace tdsl::ir
