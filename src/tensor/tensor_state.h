// Per-interpreter tensor runtime state (random generator, allocation limits
// and accounting). Defined by the tensor layer; the Interpreter owns one via
// makeTensorState() and hands it out as interp.tensorState(). There are no
// mutable globals: two interpreters never share this.
#pragma once

#include <atomic>
#include <memory>

namespace tdsl {

struct TensorState;
void destroyTensorState(TensorState*);  // lets holders use an incomplete type

struct TensorStateDeleter {
  void operator()(TensorState* s) const { destroyTensorState(s); }
};
using TensorStatePtr = std::unique_ptr<TensorState, TensorStateDeleter>;

TensorStatePtr makeTensorState();

// Lets long kernels stop on Ctrl-C: the Interpreter hands its interrupt flag
// (set by requestInterrupt()) to its tensor state, which must not outlive it.
// See Note [Interrupting kernels] in tensor/tensor.h.
void attachInterruptFlag(TensorState& state, std::atomic<bool>& flag);

}  // namespace tdsl
