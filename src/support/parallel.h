// Threads for kernels over large iteration spaces (issue 12, DESIGN.md §2.6).
//
// Note [Parallel chunks]
// parallelChunks splits [0, n) into the fixed chunks [k * grain, (k + 1) *
// grain) (the last may be shorter) and runs body(begin, end) once per chunk,
// on up to `threads` threads (OpenMP, as ATen does). The chunks depend only on
// n and grain, never on the thread count, so a caller that writes per-chunk
// partials and combines them in chunk order gets the same bits with any
// number of threads. Fewer than kMinParallelChunks chunks, or threads <= 1,
// run on the calling thread without entering a parallel region, so small
// work pays nothing: two chunks of a memory-bound kernel took 6.3 us on two
// threads and 2.8 us on one (x.add_(1) on 65,536 float32), and a parallel
// region whose worker is late can stall for a scheduler tick (8 ms seen on a
// 2-vCPU VM), which work this small must not risk. The thread count is an argument (the caller's per-interpreter
// setting, passed as num_threads(n)): there is no global setting. Built
// without OpenMP (the libFuzzer and ThreadSanitizer builds: CMakeLists.txt),
// every chunk runs on the calling thread, in order.
// An exception thrown by a body is rethrown on the calling thread once
// every thread has stopped (the one of the lowest chunk index when several
// throw); chunks not yet started when one throws are skipped.
#pragma once

#include <cstdint>
#include <functional>

namespace tdsl {

// ATen's grain (at::internal::GRAIN_SIZE): the fixed chunk size.
constexpr int64_t kParallelGrain = 32768;
// The fewest chunks worth a parallel region (Note [Parallel chunks]).
constexpr int64_t kMinParallelChunks = 4;

// The default thread count: the physical cores this process may run on
// (PyTorch's default), at least 1.
int defaultThreadCount();

// Whether this build runs chunks on several threads (OpenMP).
bool parallelAvailable();

void parallelChunks(int threads, int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body);

}  // namespace tdsl
