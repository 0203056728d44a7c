// The JIT tests' comparison: a script leaves `pairs`, a list of
// (compiled, eager) tensor tuples, and every pair must agree bit for bit.
#pragma once

#include <cstdint>
#include <cstring>

#include "tensor/tensor.h"
#include "tensor/tensor_iter.h"
#include "vm/interpreter.h"
#include "vm/objects.h"

namespace tdsl::testing {

// True when every pair has one dtype and shape (and, with compareStrides,
// the same strides) and the same bytes element by element; *count is the
// number of pairs checked.
inline bool pairsIdentical(Interpreter& interp, int64_t* count, bool compareStrides) {
  Value pairs = interp.getGlobal("pairs");
  *count = 0;
  for (const Value& item : pairs.as<ListObject>()->items) {
    auto* t = item.as<TupleObject>();
    const TensorObject& a = *asTensor(t->items[0]);
    const TensorObject& b = *asTensor(t->items[1]);
    if (a.dtype() != b.dtype() || a.sizes() != b.sizes()) return false;
    if (compareStrides && a.meta.strides != b.meta.strides) return false;
    const int64_t es = static_cast<int64_t>(itemSize(a.dtype()));
    for (int64_t i = 0; i < a.numel(); ++i)
      if (std::memcmp(a.dataPtr() + byteOffsetOf(a.meta, i), b.dataPtr() + byteOffsetOf(b.meta, i), es) != 0)
        return false;
    ++*count;
  }
  return true;
}

}  // namespace tdsl::testing
