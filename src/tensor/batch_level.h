// One call of a vmapped function (torch.func.vmap): its batch level.
// Plain data, so that the tensor runtime's state can hold the levels open
// (TensorState::vmapLevels); what batching means is autograd/batching.h's.
#pragma once

#include <cstdint>

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

}  // namespace tdsl
