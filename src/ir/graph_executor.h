// Reference interpreter for graphs (tinygrad practice: the eager kernels are
// the oracle). Runs the nodes in order with the op table's eager kernels on
// real tensors; in-place nodes write the tensors they are given, so graph
// inputs see the graph's mutations exactly as eager code would. The "eager"
// and "aot_eager" compile backends run graphs through this.
#pragma once

#include <vector>

#include "ir/graph.h"
#include "vm/value.h"

namespace tdsl {
struct TensorState;
}

namespace tdsl::ir {

// `inputs` holds one TensorObject per graph input, in order. Returns the
// graph's outputs. Throws tdsl::Error on a kernel error or an input whose
// dtype or rank does not match the graph.
std::vector<tdsl::Value> executeGraph(TensorState& state, const Graph& g, const std::vector<tdsl::Value>& inputs);

}  // namespace tdsl::ir
