// The function transforms' state that the tensor runtime's state holds
// (TensorState::vmapLevels, transformFrames): plain data; what it means is
// autograd's (batching.h, dispatch.h).
#pragma once

#include <cstdint>
#include <vector>

namespace tdsl {

// vmap's randomness= (Note [Randomness under vmap] in autograd/batched_dispatch.cpp).
enum class VmapRandomness : uint8_t { Error, Same, Different };

struct BatchLevel {
  bool live = true;       // until its vmap call returns
  bool physical = false;  // Note [Batched tensors]: its tensors hold every sample
  int64_t size = 0;       // the batch size (physical levels)
  VmapRandomness randomness = VmapRandomness::Error;
  uint64_t openedAt = 0;  // TensorState::autogradSequence when the call began
};

// One call of a grad-type transform's function (grad, vjp, jacrev, jvp, ...):
// the tensors that existed when it began are "captured" and may not be
// written in place, except its inputs (Note [Captured tensors]).
struct TransformFrame {
  uint64_t storageSerial = 0;     // the newest storage's serial when the call began
  const void* traceMark = nullptr;  // the tracer's mark then (TensorInterceptor::storageMark)
  std::vector<const void*> inputs;  // the storages of the transform's inputs (storageIdentity)
};

}  // namespace tdsl
