// Tensor element types, below both the VM's values (a Value can hold a dtype,
// as torch.float32 does) and the tensor library.
#pragma once

#include <cstdint>

namespace tdsl {

// The numeric values index per-dtype tables.
enum class DType : uint8_t { Bool, Int32, Int64, Float32, Float64 };
constexpr int kNumDTypes = 5;

}  // namespace tdsl
