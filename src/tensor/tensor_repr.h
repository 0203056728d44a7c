// repr(tensor) / str(tensor), byte-for-byte as PyTorch 2.x prints them
// (torch/_tensor_str.py) under the default print options: precision 4,
// threshold 1000, edgeitems 3, linewidth 80, sci_mode None.
//
// Contract: pure function of the element values, sizes and dtype. The caller
// describes the data as a strided view (no copy is made), so this file does
// not depend on the tensor type:
//   element (i0, ..., ik) lives at  data + sum(ij * strides[j])  elements
//   (`data` already includes the storage offset; strides are in elements, may
//   be 0 for expanded dims; empty `strides` means contiguous row-major).
//   The pointee type follows `dtype`:
//     Bool -> 1 byte per element (nonzero is True), Int32 -> int32_t,
//     Int64 -> int64_t, Float32 -> float, Float64 -> double.
//   `data` may be null only when the tensor has no elements.
// Output, e.g.:
//   tensor([ -1.2500, 100.5000,   0.0000])
//   tensor([[ 1,  2],
//           [ 3, 40]], dtype=torch.int32)
//   tensor([], size=(0, 3))
// print(t) and str(t) are the same text as repr(t).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/value.h"  // DType

namespace tdsl {

struct TensorReprInput {
  DType dtype = DType::Float32;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;  // in elements; empty = contiguous row-major
  const void* data = nullptr;    // typed by dtype, see the header comment
};

// torch.set_printoptions equivalents; the defaults are PyTorch's.
struct TensorPrintOptions {
  int precision = 4;
  int64_t threshold = 1000;  // summarize when numel > threshold
  int64_t edgeitems = 3;
  int linewidth = 80;
  std::optional<bool> sciMode;  // nullopt = decide from the data
};

// "tensor([...])" with the ", dtype=torch.X" / ", size=(...)" suffixes.
std::string formatTensorRepr(const TensorReprInput& input,
                             const TensorPrintOptions& options = TensorPrintOptions());

}  // namespace tdsl
