// Note [Tensor member reads]
// What a Tensor attribute or method that is not an op reveals about the
// tensor it is read from. The method table and the attribute list in
// bindings.cpp carry these flags next to each definition, and the tracer
// reads them (Note [Metadata reads] in compile/tracer.h): a data read is a
// graph break, the others add guards on what was read. Ops read nothing here:
// they are dispatched and traced.
#pragma once

#include <cstdint>
#include <string_view>

namespace tdsl {

enum TensorReads : uint8_t {
  kReadsNothing = 0,
  kReadsDType = 1 << 0,   // x.dtype, x.is_floating_point(), x.element_size()
  kReadsRank = 1 << 1,    // x.ndim, x.dim()
  kReadsSizes = 1 << 2,   // x.shape, x.size(), x.stride(), x.numel(), x.is_contiguous()
  kReadsOffset = 1 << 3,  // x.storage_offset()
  kReadsData = 1 << 4,    // x.item(), x.tolist(), x.data_ptr(): a Python value from the data
  kMutatesMetadata = 1 << 5,  // x.resize_(), x.resize_as_(): sizes and storage change in place
  kReadsAutograd = 1 << 6,  // x.grad, x.requires_grad, x.backward(): autograd is not traced yet
};

// The flags of Tensor member `name`; kReadsNothing for ops and unknown names.
uint8_t tensorMemberReads(std::string_view name);

}  // namespace tdsl
