// What the torch.func transforms share (torch_func.cpp): Note [Function
// transforms on autograd].
#pragma once

#include <vector>

#include "tensor/tensor.h"
#include "vm/objects.h"

namespace tdsl {

class Interpreter;

// Calls the function a transform was given. Under the tracer it runs the
// tracer's instrumented copy (Note [Function transforms under the tracer]
// in compile/tracer_transforms.cpp), so the function's ops, control flow
// and side effects are traced into the joint graph like any inlined call.
Value callTransformed(Interpreter& interp, const Value& fn, const CallArgs& args);

// Grad mode on for a transform's call.
struct GradModeOn {
  TensorState& s;
  bool saved;
  explicit GradModeOn(TensorState& state) : s(state), saved(state.gradEnabled) { s.gradEnabled = true; }
  ~GradModeOn() { s.gradEnabled = saved; }
};

// The call of a grad-type transform's function on `args` (its tensors, in
// nested tuples, lists and dicts too, are the call's inputs), for functorch's
// captured-tensor check (Note [Captured tensors] in autograd/dispatch.h).
struct TransformCall {
  TensorState& s;
  TransformCall(TensorState& state, const std::vector<Value>& args);
  ~TransformCall() { s.transformFrames.pop_back(); }
  TransformCall(const TransformCall&) = delete;
  TransformCall& operator=(const TransformCall&) = delete;
};

// A fresh leaf that requires grad standing for tensor `t` (an alias when t
// already requires grad: `nested` is set). A TypeError-like RuntimeError for a non-tensor.
Value makeLeaf(TensorState& s, const Value& t, bool& nested);
// The indices argnums names (Note [argnums] in torch_func.cpp); `single`
// when it is an int (the result is then not a tuple). None means 0.
std::vector<int64_t> argnumsOf(const Value* v, size_t nargs, bool& single);
// One transformed call as a level of differentiation (Note [Outer
// history] in torch_func.cpp): the autograd nodes made before it began
// have sequence numbers up to `seq0`, and `leaves` are the fresh leaves it made.
struct CallLevel {
  uint64_t seq0 = 0;
  std::vector<Value> leaves;
  bool nested = false;  // a primal already required grad: every result keeps its history
};
// Whether `v`'s history reaches autograd state from outside the call.
bool hasOuterHistory(const CallLevel& level, const Value& v);
// A result of the call as the caller sees it: itself inside another
// transform or with outer history, else detached.
Value unwrapResult(TensorState& s, const CallLevel& level, const Value& v);
// A has_aux value as the caller sees it (Note [Aux outputs] in torch_func.cpp).
Value unwrapAux(TensorState& s, const CallLevel& level, const Value& aux);
// d(outputs . cotangents)/d(leaves); leaves the outputs do not reach get zeros.
std::vector<Value> gradients(TensorState& s, const std::vector<Value>& outputs, const std::vector<Value>& cotangents,
                             const std::vector<Value>& leaves, bool create, bool retain);

}  // namespace tdsl
