// What the torch.func transforms share (torch_func.cpp): Note [Function
// transforms on autograd].
#pragma once

#include <vector>

#include "tensor/tensor.h"

namespace tdsl {

// Grad mode on for a transform's call.
struct GradModeOn {
  TensorState& s;
  bool saved;
  explicit GradModeOn(TensorState& state) : s(state), saved(state.gradEnabled) { s.gradEnabled = true; }
  ~GradModeOn() { s.gradEnabled = saved; }
};

// A fresh leaf that requires grad standing for tensor `t` (an alias when t
// already requires grad: `nested` is set). A TypeError-like RuntimeError for a non-tensor.
Value makeLeaf(TensorState& s, const Value& t, bool& nested);
// d(outputs . cotangents)/d(leaves); leaves the outputs do not reach get zeros.
std::vector<Value> gradients(TensorState& s, const std::vector<Value>& outputs, const std::vector<Value>& cotangents,
                             const std::vector<Value>& leaves, bool create, bool retain);

}  // namespace tdsl
