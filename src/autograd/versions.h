// The version a saved tensor is checked against (Note [Version counter] in
// tensor/tensor.h), for real tensors and for the tracer's proxies.
//
// Note [Versions of proxies]
// A proxy (a meta tensor the tracer made, Note [Proxies and lifting] in
// compile/tracer.h) has no storage and so no counter of its own. When
// torch.compile traces autograd (Note [Joint graphs] in
// compile/joint_trace.h), the interceptor counts the in-place writes it
// records per storage root, and that count is the proxy's version: a saved
// proxy modified in place before the backward fails the same check as in
// eager, at trace time, and the call runs eagerly, raising eager's error.
#pragma once

#include <cstdint>

#include "ops/dispatch.h"
#include "tensor/tensor.h"

namespace tdsl::autograd {

// A real tensor the tracer writes (a graph input) is not written until the
// graph runs (Note [Versions after compiled writes] in compile/function.cpp),
// so while tracing its version is its counter plus the writes recorded so far.
inline uint64_t versionOf(const TensorState& s, const TensorObject& t) {
  const uint64_t recorded = s.interceptor ? s.interceptor->metaVersion(t) : 0;
  return (t.storage ? t.storage->version : 0) + recorded;
}

}  // namespace tdsl::autograd
