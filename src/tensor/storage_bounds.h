// The check that a view's geometry stays inside its base's storage.
// makeViewOf (tensor.h) trusts its caller; whoever builds a view from
// metadata the caller chose (as_strided, set_, vmap's batched views) checks
// it here first.
#pragma once

#include "tensor/tensor.h"

namespace tdsl {

// PyTorch's "setStorage: sizes [..], strides [..], storage offset .., and
// itemsize .. requiring a storage size of .. are out of bounds for storage of
// size .." when `m` reaches past base's storage; nothing for a meta base.
void checkStorageBounds(const TensorObject& base, const TensorMeta& m);

}  // namespace tdsl
