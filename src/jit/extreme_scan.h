// The max / min scan of one contiguous chunk for the JIT's fused reductions
// (Note [JIT reductions] in fused_reduction.h), vectorized on x86-64.
//
// Note [Extreme scan]
// The result is eager's extremeIndex over p[0..n): the first NaN if there
// is one, else the first element equal to the extreme, with that element's
// bits (so of two equal zeros the first one's sign). On x86-64 it takes two
// vector passes instead of one scalar pass with a compare-and-branch per
// element:
//   1. lane-wise maxps / minps over 8 float32 (4 float64) lanes, with an
//      unordered self-compare ORed into a NaN flag. maxps returns its second
//      operand when the first is NaN, so the running extreme never becomes
//      NaN; it ends as the extreme of the non-NaN elements, up to the sign
//      of a zero;
//   2. with a NaN, a scan for the first NaN; else a scan for the first
//      element equal to the extreme (a zero equals either zero), whose bits
//      and index are the result. The chunk is in cache from pass 1. Without
//      a NaN and with a nonzero extreme, every element equal to it has its
//      bits, so a caller that needs no index (amax, max) skips this pass.
// Elsewhere, and for chunks shorter than two vectors, the scalar scan.
#pragma once

#include <cstdint>

namespace tdsl::jit {

template <class T>
struct ExtremeAt {
  T value;
  int64_t index;  // -1 when not asked for and not found on the way
};

// n >= 1.
template <class T>
ExtremeAt<T> scanExtreme(bool isMax, const T* p, int64_t n, bool needIndex);

}  // namespace tdsl::jit
