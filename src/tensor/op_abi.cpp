#include "tensor/op_abi.h"

#include "support/diagnostics.h"

namespace tdsl {

Dims* BoundArgs::setDims(int i, size_t length) {
  TDSL_ASSERT(numDims < kMaxDimsArgs);
  const int d = numDims++;
  kinds[i] = ArgKind::Dims;
  v[i] = Value();
  dimsSlot[i] = static_cast<uint8_t>(d);
  dims[d].clear();
  dimsLength[d] = static_cast<int>(std::min<size_t>(length, static_cast<size_t>(kMaxDims) + 1));
  return length <= static_cast<size_t>(kMaxDims) ? &dims[d] : nullptr;
}

std::vector<Value>& BoundArgs::setTensors(int i) {
  kinds[i] = ArgKind::Tensors;
  v[i] = Value();
  tensors.clear();
  return tensors;
}

void BoundArgs::setStr(int i, std::string s) {
  kinds[i] = ArgKind::Str;
  v[i] = Value();
  str = std::move(s);
}

void BoundArgs::copySlot(int i, const BoundArgs& other, int from) {
  switch (other.kinds[from]) {
    case ArgKind::Value: setValue(i, other.v[from]); break;
    case ArgKind::Tensors: setTensors(i) = other.tensors; break;
    case ArgKind::Str: setStr(i, other.str); break;
    case ArgKind::Dims: {
      const int d = other.dimsSlot[from];
      if (Dims* out = setDims(i, static_cast<size_t>(other.dimsLength[d]))) *out = other.dims[d];
      break;
    }
  }
}

const Dims& BoundArgs::dimsAt(int i) const {
  TDSL_ASSERT(kinds[i] == ArgKind::Dims);
  const int d = dimsSlot[i];
  checkRank(static_cast<size_t>(dimsLength[d]));
  return dims[d];
}

}  // namespace tdsl
