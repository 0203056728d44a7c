// Making and destroying a TensorState (tensor_state.h) behind its
// incomplete type, so holders like the Interpreter need not see tensor.h.
#include "tensor/tensor_state.h"

#include "tensor/tensor.h"

namespace tdsl {

TensorStatePtr makeTensorState() { return TensorStatePtr(new TensorState()); }
void destroyTensorState(TensorState* s) { delete s; }
void attachInterruptFlag(TensorState& state, std::atomic<bool>& flag) { state.interrupt = &flag; }

}  // namespace tdsl
