// Derivative formulas, one row per op-table row (PyTorch's
// tools/autograd/derivatives.yaml: the math is the same, the code is ours).
//
// Note [Derivative rows]
// A row names the op (its full name), the node PyTorch's autograd makes for it
// ("MulBackward0"), which forward values the formula reads (`saves`: schema
// argument names and "result"; everything else keeps only its metadata, so a
// later in-place write to it is no error, as in PyTorch), and the formula:
// gradients of the outputs in, one gradient per differentiable input out.
// An in-place op uses its own row when it has one (fill_ is FillBackward2)
// and its functional twin's otherwise. An op with no row whose output is a
// floating tensor gets a NotImplemented node (backward through it fails with
// PyTorch's "derivative for aten::X is not implemented"); factories, integer
// and bool results, and detach are not differentiable.
#pragma once

#include <string>
#include <vector>

#include "autograd/grad_ops.h"

namespace tdsl::autograd {

// What a formula sees (Note [Derivative rows]).
struct GradCtx {
  TensorState& s;
  const BoundArgs& args;            // forward arguments: saved tensors, metadata-only ones, scalars
  const OpResults& results;         // forward results (saved, or metadata only)
  const std::vector<Value>& grads;  // one per forward output, never None
  const std::vector<int>& inputOfSlot;  // schema slot -> input number (-1: not a tensor)
  const std::vector<bool>& needed;      // per input: does a gradient go anywhere
  std::vector<Value>& out;              // per input

  const Value& g(int i = 0) const { return grads[static_cast<size_t>(i)]; }
  const Value& arg(int slot) const { return args[slot]; }
  const TensorMeta& meta(int slot) const { return asTensor(args[slot])->meta; }
  const Value& result(int i = 0) const { return results[i]; }
  bool needs(int slot) const {
    int k = inputOfSlot[static_cast<size_t>(slot)];
    return k >= 0 && needed[static_cast<size_t>(k)];
  }
  void set(int slot, Value grad) {
    int k = inputOfSlot[static_cast<size_t>(slot)];
    if (k >= 0 && needed[static_cast<size_t>(k)]) out[static_cast<size_t>(k)] = std::move(grad);
  }
  // Items of the one Tensor[] argument (cat, stack) are inputs listBase.. on.
  int listBase = -1;
  bool needsItem(size_t i) const { return listBase >= 0 && needed[static_cast<size_t>(listBase) + i]; }
  void setItem(size_t i, Value grad) {
    if (needsItem(i)) out[static_cast<size_t>(listBase) + i] = std::move(grad);
  }
};

using Formula = void (*)(GradCtx& c);
using NodeNameFn = std::string (*)(const BoundArgs& args, const OpResults& results);

struct DerivativeRow {
  const char* op;     // the op-table row's full name
  const char* node;   // PyTorch's node name
  const char* saves;  // comma-separated argument names and/or "result"
  Formula formula;
  NodeNameFn nodeName = nullptr;  // when PyTorch's name depends on the call (matmul, reshape)
};

// The row for `op` (its own, else its functional twin's); null when none.
const DerivativeRow* derivativeFor(const ir::OpDef& op);
const std::vector<DerivativeRow>& derivativeRows();
// Not differentiable at all (factories, detach, ...): outputs never require grad.
bool isNonDifferentiable(const ir::OpDef& op);

}  // namespace tdsl::autograd
