#include "vm/tensor/tensor_state.h"

#include "vm/tensor/tensor.h"

namespace tdsl {

TensorStatePtr makeTensorState() { return TensorStatePtr(new TensorState()); }
void destroyTensorState(TensorState* s) { delete s; }

}  // namespace tdsl
