// Advanced-indexing geometry and factory argument helpers shared by meta
// rules, kernels and the indexing bindings.
#pragma once

#include <vector>

#include "tensor/op_abi.h"
#include "tensor/tensor.h"

namespace tdsl {

// PyTorch advanced indexing: integer index tensors (None = dim kept)
// broadcast together; their result dims go where the first indexed dim was
// when all indexed dims are adjacent, else at the front.
struct AdvancedIndexShape {
  Dims broadcast;   // common shape of the index tensors
  Dims outSizes;
  int firstIndexed = -1;
  int insertAt = 0;  // position of the broadcast dims in outSizes
  bool adjacent = true;
};
AdvancedIndexShape advancedIndexShape(const TensorMeta& self, const std::vector<const TensorMeta*>& indices);

// "index_select(): Expected dtype int32/int64 for index" style checks.
void checkIndexDType(const TensorObject& index, const char* op, bool allowInt32);

struct ArangeSpec {
  DType dtype = DType::Int64;
  double start = 0, step = 1;
  int64_t istart = 0, istep = 1;
  bool integral = true;
  int64_t length = 0;
};
ArangeSpec arangeSpec(const BoundArgs& a);

}  // namespace tdsl
