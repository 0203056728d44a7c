// Graph execution with the eager kernels (see graph_executor.h).
#include "ir/graph_executor.h"

#include <unordered_map>

#include "frontend/diagnostics.h"
#include "ir/meta_inference.h"
#include "ir/op_table.h"
#include "vm/objects.h"
#include "vm/tensor/tensor.h"

namespace tdsl::ir {

std::vector<tdsl::Value> executeGraph(TensorState& state, const Graph& g, const std::vector<tdsl::Value>& inputs) {
  auto graphInputs = g.inputs();
  if (inputs.size() != graphInputs.size())
    throw Error(ErrorKind::Type, "graph " + g.name() + " expects " + std::to_string(graphInputs.size()) +
                                     " inputs, got " + std::to_string(inputs.size()));
  std::unordered_map<const IrValue*, tdsl::Value> env;
  for (size_t i = 0; i < inputs.size(); ++i) {
    TensorObject* t = inputs[i].isTensor() ? asTensor(inputs[i]) : nullptr;
    const ValueMeta& m = graphInputs[i]->meta();
    if (!t || t->dtype() != m.dtype || t->dim() != m.dim())
      throw Error(ErrorKind::Type, "input %" + graphInputs[i]->name() + " does not match the graph's type");
    env[graphInputs[i]] = inputs[i];
  }
  auto tensorFor = [&env](const IrValue* v) {
    auto it = env.find(v);
    TDSL_ASSERT(it != env.end());
    return it->second;
  };
  for (Node* n : g.nodes()) {
    if (!n->isOp()) continue;
    const OpDef& op = *n->op();
    TDSL_ASSERT(op.eager != nullptr);
    BoundArgs args = bindNodeArgs(op, n->args(), tensorFor);
    tdsl::Value result = op.eager(state, args);
    if (n->numOutputs() == 1) {
      env[n->output()] = result;
    } else if (n->numOutputs() > 1) {
      TDSL_ASSERT(result.isObj(ObjKind::Tuple));
      TupleObject* tuple = result.as<TupleObject>();
      TDSL_ASSERT(tuple->items.size() == n->numOutputs());
      for (size_t i = 0; i < n->numOutputs(); ++i) env[n->output(i)] = tuple->items[i];
    }
  }
  std::vector<tdsl::Value> outs;
  for (IrValue* v : g.outputs()) outs.push_back(tensorFor(v));
  return outs;
}

}  // namespace tdsl::ir
