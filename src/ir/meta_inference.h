// Bridges graph nodes to the op table's per-op rules: builds the table's
// BoundArgs from a node's Args (tensors supplied by the caller: meta tensors
// for shape inference, real tensors for execution) and runs the shape rule.
//
// Symbolic sizes: the table's shape rules work on concrete sizes only. With
// symbolic metadata inferOutputMetas falls back to the few results that
// follow from annotations and tags (Note [Symbolic metadata] in the .cpp) and
// otherwise throws Error(Runtime, "... symbolic ...") — the parser then asks
// for an explicit `: type`, and the verifier skips its shape-rule check.
#pragma once

#include <functional>
#include <vector>

#include "ir/graph.h"
#include "ops/op_table.h"

namespace tdsl::ir {

// Converts node arguments to the table's calling convention. `tensorFor`
// returns the runtime IrValue (a TensorObject) standing for an IR value.
BoundArgs bindNodeArgs(const OpDef& op, const std::vector<Arg>& args,
                       const std::function<tdsl::Value(const IrValue*)>& tensorFor);

// Output metadata of `op` applied to `args`, from the op's shape rule run on
// meta tensors. Throws tdsl::Error for invalid arguments (the rule's message)
// and for symbolic metadata (see above).
std::vector<ValueMeta> inferOutputMetas(const OpDef& op, const std::vector<Arg>& args);

// Creates an op node before `before` (nullptr: before the return) whose
// result metadata comes from the op's shape rule.
Node* emitOp(Graph& g, const OpDef& op, std::vector<Arg> args, Node* before = nullptr);

// True when every tensor argument has concrete (non-symbolic) metadata.
bool argsAreConcrete(const std::vector<Arg>& args);

}  // namespace tdsl::ir
