// Graph verifier (MLIR/tinygrad practice: run after every pass in debug and
// test builds; `tdsl opt` always runs it). Checks:
//   - structure: inputs first, exactly one Output node, last;
//   - Note [Topological invariant]: every argument is defined earlier;
//   - Note [Use lists]: users() and arguments agree exactly;
//   - every op argument fits its schema type, and the result count matches;
//   - result metadata equals the op's shape rule where the rule can run
//     (concrete sizes); views must match exactly, fresh results in dtype,
//     sizes and strides;
//   - fused nodes (Note [Fused nodes] in graph.h): arguments and results
//     match the body's inputs and outputs, and the body verifies;
//   - with `functional`: no mutation except copy_ nodes into graph inputs (or
//     views of them) at the end, followed only by views of inputs.
#pragma once

#include <string>
#include <vector>

#include "ir/graph.h"

namespace tdsl::ir {

struct VerifyOptions {
  bool functional = false;
  bool checkMeta = true;
};

// Every problem found, as "%N = op(...): message" lines; empty when valid.
std::vector<std::string> verifyGraph(const Graph& g, const VerifyOptions& options = {});
// Throws tdsl::Error(Value) listing the problems; `context` names the stage
// ("after reinplace").
void verifyOrThrow(const Graph& g, const VerifyOptions& options, const std::string& context);

}  // namespace tdsl::ir
