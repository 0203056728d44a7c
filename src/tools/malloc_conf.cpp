// The tdsl program's jemalloc options (CMakeLists.txt links jemalloc into
// the executable only; the library never sets allocator options, an
// embedding host keeps its own).
//
// Note [jemalloc dirty decay]
// jemalloc returns freed pages to the kernel (madvise MADV_DONTNEED) once
// they exceed a limit computed from how many pages were dirty at past
// decay epochs (every dirty_decay_ms / 200 = 50 ms by default). A large
// tensor that is live nearly all the time and free only between two calls
// (the result of a compiled a + b * c on 10^7 float32, dropped just before
// the next call allocates it again) is never dirty at an epoch, so its free
// always exceeds the limit: all 40 MB go back to the kernel at once, and
// the next call's output page-faults every 4 KiB page again (9766 faults
// per call, ~90 ms under load, measured in session 4 and again here with
// strace: one madvise(..., 41947136, MADV_DONTNEED) per call). MADV_FREE
// (muzzy decay) faults the same. dirty_decay_ms:-1 keeps freed pages for
// reuse instead: the process then holds on to its peak heap (as glibc's
// sbrk heap does) rather than shrinking, which suits a script runner.
// Measured with /usr/bin/time on 22 calls of that triad: 245,000 faults ->
// 40,100 (the inputs' first touch), system time 0.64 s -> 0.07 s.
// A MALLOC_CONF environment variable overrides this (jemalloc reads it
// after this string).
extern "C" __attribute__((visibility("default"))) const char* malloc_conf = "dirty_decay_ms:-1";
