#include "tensor/storage_bounds.h"

#include <string>

#include "support/diagnostics.h"
#include "tensor/checked_math.h"

namespace tdsl {

void checkStorageBounds(const TensorObject& base, const TensorMeta& m) {
  if (base.isMeta()) return;
  const int64_t needed = storageExtent(m);  // elements, including the offset; needed * item fits
  const int64_t item = static_cast<int64_t>(itemSize(m.dtype));
  const int64_t have = static_cast<int64_t>(base.storage->nbytes()) / item;
  if (needed > have)
    throw Error(ErrorKind::Runtime, "setStorage: sizes " + formatDims(m.sizes) + ", strides " + formatDims(m.strides) +
                                        ", storage offset " + std::to_string(m.offset) + ", and itemsize " +
                                        std::to_string(item) + " requiring a storage size of " +
                                        std::to_string(needed * item) + " are out of bounds for storage of size " +
                                        std::to_string(have * item));
}

}  // namespace tdsl
