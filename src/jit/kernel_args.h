// The one kernel signature (DESIGN.md §2.6):
//   void kernel(const KernelArgs* args, int64_t begin, int64_t end)
// computes elements [begin, end) of one row: operand k's element i sits at
// ptr[k] + i * stride[k] (bytes). Operands are the group's outputs first,
// then its inputs. Sizes, strides, pointers and constants are all runtime
// arguments, so one kernel serves every size and every constant.
#pragma once

#include <cstdint>

namespace tdsl::jit {

constexpr int kMaxKernelOperands = 16;
constexpr int kMaxKernelScalars = 16;

struct KernelArgs {
  char* ptr[kMaxKernelOperands];
  int64_t stride[kMaxKernelOperands];
  // Constant j of the group's dtype at byte 8 * j (a float uses the first 4).
  alignas(16) unsigned char scalars[8 * kMaxKernelScalars];
};

using KernelFn = void (*)(const KernelArgs* args, int64_t begin, int64_t end);

}  // namespace tdsl::jit
