// The CompiledFunctionBackward node (compiled_backward.h).
#include "compile/compiled_backward.h"

#include "autograd/autograd_meta.h"
#include "autograd/dispatch.h"
#include "autograd/function_node.h"
#include "autograd/grad_ops.h"
#include "autograd/node.h"
#include "compile/runtime.h"
#include "ir/ir_printer.h"
#include "tensor/tensor.h"

namespace tdsl {

namespace {

// Note [Compiled backward]: the grad_fn of a compiled function's
// differentiable results.
class CompiledFunctionBackward : public autograd::Node {
 public:
  CompiledFunctionBackward(Interpreter& interp, std::shared_ptr<CompiledBackward> info)
      : interp_(interp), info_(std::move(info)) {}
  std::string name() const override { return "CompiledFunctionBackward"; }
  std::string reprName() const override { return "torch.autograd.function.CompiledFunctionBackward"; }

  std::vector<Value> apply(autograd::ApplyContext& ctx, std::vector<Value>& grads) override {
    if (ctx.createGraph)
      throw Error(ErrorKind::Runtime, "torch.compile with aot_autograd does not currently support double backward");
    // A node that saved nothing may run again (Note [Released nodes hold no tensors]).
    if (released_ && !info_->saved.empty()) throw Error(ErrorKind::Runtime, autograd::kFreedMessage);
    for (const Saved& s : saved_)
      if (s.tensor.isTensor()) autograd::checkSavedVersion(ctx.state, *asTensor(s.tensor), s.version, s.producer, s.outputNr);
    uint32_t defined = 0;
    for (size_t k = 0; k < grads.size() && k < info_->results.size(); ++k)
      if (!grads[k].isNone()) defined |= 1u << k;
    std::vector<Value> out(next.size());
    if (defined == 0) return out;
    BackwardVariant* variant = nullptr;
    for (BackwardVariant& v : info_->variants)
      if (v.defined == defined) variant = &v;
    TDSL_ASSERT(variant && "a backward graph is traced for every subset of results");
    std::vector<Value> inputs;
    for (size_t k = 0; k < info_->results.size(); ++k) {
      if (!(defined & (1u << k))) continue;
      Value g = grads[k];
      const TensorMeta& want = info_->tangents[k];
      if (asTensor(g)->dtype() != want.dtype) g = autograd::toDtype(ctx.state, g, want.dtype);
      if (asTensor(g)->meta.strides != want.strides) g = autograd::op(ctx.state, "contiguous", {g});
      inputs.push_back(std::move(g));
    }
    for (int s : variant->savedArgs) inputs.push_back(saved_[static_cast<size_t>(s)].tensor);
    if (!variant->compiled) {
      CompileRuntime& rt = compileRuntime(interp_);
      if (rt.logs.graph)
        rt.logs.write("graph", "backward graph of " + info_->function + ":\n" + ir::printGraph(*variant->graph));
      variant->compiled = compileSegment(interp_, info_->backend, *variant->graph, inputs,
                                         SegmentContext{info_->function + " (backward)", {&rt.stats.of(info_->function)}});
      ++rt.stats.of(info_->function).backwardGraphs;
    }
    std::vector<Value> results = variant->compiled(interp_, inputs);
    for (size_t j = 0; j < out.size() && j < variant->gradOutput.size(); ++j)
      if (variant->gradOutput[j] >= 0) out[j] = results[static_cast<size_t>(variant->gradOutput[j])];
    return out;
  }

  void releaseSaved() override {
    released_ = true;
    saved_.clear();
  }

  struct Saved {
    Value tensor;
    uint64_t version = 0;
    std::string producer;  // "CompiledFunctionBackward" for a saved value of a result's storage
    uint32_t outputNr = 0;
  };
  std::vector<Saved> saved_;

 private:
  Interpreter& interp_;
  std::shared_ptr<CompiledBackward> info_;
  bool released_ = false;
};

}  // namespace

void attachCompiledBackward(Interpreter& interp, const std::shared_ptr<CompiledBackward>& backward,
                            const std::vector<Value>& inputs, const std::vector<Value>& outputs) {
  TensorState& s = *interp.tensorState();
  auto node = std::make_shared<CompiledFunctionBackward>(interp, backward);
  node->sequenceNr = ++s.autogradSequence;
  for (size_t j = 0; j < backward->gradInputs.size(); ++j) {
    const autograd::Edge e = autograd::gradientEdge(*asTensor(inputs[static_cast<size_t>(backward->gradInputs[j])]));
    for (int k = 0; k < backward->edges[j]; ++k) node->next.push_back(e);
  }
  for (const SavedForwardValue& v : backward->saved) {
    CompiledFunctionBackward::Saved saved;
    saved.tensor = v.input >= 0 ? inputs[static_cast<size_t>(v.input)] : outputs[static_cast<size_t>(v.output)];
    // A saved value that is a result itself is kept as a detached alias (its
    // storage and version): the result's grad_fn is this node, and a node
    // holding its own output would be a reference cycle (Note [Saved tensors]).
    for (int r : backward->results)
      if (v.output >= 0 && outputs[static_cast<size_t>(r)].identical(saved.tensor))
        saved.tensor = autograd::detachedAlias(s, *asTensor(saved.tensor));
    const TensorObject& t = *asTensor(saved.tensor);
    saved.version = autograd::versionOf(t);
    for (size_t k = 0; k < backward->results.size(); ++k) {
      const TensorObject& r = *asTensor(outputs[static_cast<size_t>(backward->results[k])]);
      if (v.input < 0 && r.storage && r.storage == t.storage) {
        saved.producer = "CompiledFunctionBackward";
        saved.outputNr = static_cast<uint32_t>(k);
        break;
      }
    }
    node->saved_.push_back(std::move(saved));
  }
  for (size_t k = 0; k < backward->results.size(); ++k) {
    TensorObject& r = *asTensor(outputs[static_cast<size_t>(backward->results[k])]);
    node->outputs.push_back(r.meta);
    autograd::setHistory(r, node, static_cast<uint32_t>(k));
  }
}

}  // namespace tdsl
