// The tdsl program's jemalloc options (CMakeLists.txt links jemalloc into
// the executable only; the library never sets allocator options, an
// embedding host keeps its own).
//
// Note [jemalloc dirty decay]
// Large allocations. jemalloc returns freed pages to the kernel (madvise
// MADV_DONTNEED) once they exceed a limit computed from how many pages were
// dirty at past decay epochs. A large tensor that is live nearly all the
// time and free only between two calls (the result of a compiled a + b * c
// on 10^7 float32, dropped just before the next call allocates it again) is
// never dirty at an epoch, so its free always exceeds the limit: all 40 MB
// go back to the kernel at once, and the next call's output page-faults every
// 4 KiB page again (9766 faults per call, ~90 ms under load; strace shows one
// madvise(..., 41947136, MADV_DONTNEED) per call). jemalloc serves every
// allocation of oversize_threshold bytes or more from one dedicated arena,
// which by default purges at once (decay 0). keepLargeAllocationPages() sets
// that arena's decay to -1, so its freed pages stay for reuse: the process
// holds on to its peak of large blocks, as glibc's heap does, which suits a
// script runner. The threshold is lowered to 1 MiB (a 512x512 float32 tensor)
// so that medium tensors are kept too.
//
// Small objects (tuples, lists, strings) keep jemalloc's default decay, and
// their freed pages go back to the kernel within seconds. Setting
// dirty_decay_ms:-1 for the whole program (session 6) made binary-trees
// (bench/lang) peak at 110 MB instead of 28 MB: jemalloc coalesces the
// freed slabs of a dropped tree into large dirty extents, and it never
// splits a dirty extent more than 2^lg_extent_max_active_fit (default 6: 64)
// times larger than the request, so the next tree's 4-20 KiB slabs came from
// fresh pages while megabytes of dirty ones sat unused, for ever with decay
// -1 and for up to the 10 s decay time at the default. So at the default
// decay the peak depends on how much a run freed within the last decay
// period, i.e. on its speed and the machine's load: 38, 43 and 60 MB were
// measured for the same program in different builds and sessions.
// lg_extent_max_active_fit:16 lets a slab reuse any dirty extent up to 64K
// times its size (256 MiB for a 4 KiB slab); binary-trees at depth 16 then
// peaks at the same memory with any decay (MALLOC_CONF=dirty_decay_ms:0 gives
// the same peak).
//
// Note [Small-object slabs]
// jemalloc keeps one extent record (and radix-tree entries) per slab, and a
// slab of a small size class is one 4 KiB page by default: a million 64-byte
// tuples (binary-trees at depth 19) then take 16k slabs and ~5 MB of
// metadata, 7 % on top of the tuples themselves. slab_sizes:1-128:16 makes
// the slabs of the classes up to 128 bytes 16 pages (64 KiB) each; a slab's
// pages are touched only as objects are placed in them, so a small script's
// peak does not grow (11.9 MB for an empty script either way), and
// binary-trees at depth 19 peaks at 77.7 MB instead of 79.7 MB (CPython 3.11:
// 79.2 MB).
//
// A MALLOC_CONF environment variable overrides this string (jemalloc reads
// it after this one).
#include "tools/malloc_conf.h"

#include <sys/types.h>

#include <cstdio>
#include <cstdlib>

extern "C" {
__attribute__((visibility("default"))) const char* malloc_conf =
    "oversize_threshold:1048576,lg_extent_max_active_fit:16,slab_sizes:1-128:16";
// jemalloc's control interface; absent (null) where jemalloc is not linked
// (sanitizer builds use glibc malloc).
int mallctl(const char* name, void* oldp, size_t* oldlenp, void* newp, size_t newlen) __attribute__((weak));
}

namespace tdsl {

void keepLargeAllocationPages() {
  if (!mallctl) return;
  size_t threshold = 0;
  size_t len = sizeof threshold;
  if (mallctl("opt.oversize_threshold", &threshold, &len, nullptr, 0) != 0 || threshold == 0) return;
  unsigned small = 0;
  len = sizeof small;
  if (mallctl("thread.arena", &small, &len, nullptr, 0) != 0) return;
  // The oversize arena is made on the first allocation that large; the
  // probe is never written, so it costs no page.
  void* probe = std::malloc(threshold);
  if (!probe) return;
  unsigned large = 0;
  len = sizeof large;
  int rc = mallctl("arenas.lookup", &large, &len, &probe, sizeof probe);
  if (rc == 0 && large != small) {
    ssize_t keep = -1;
    char name[64];
    std::snprintf(name, sizeof name, "arena.%u.dirty_decay_ms", large);
    mallctl(name, nullptr, nullptr, &keep, sizeof keep);
    std::snprintf(name, sizeof name, "arena.%u.muzzy_decay_ms", large);
    mallctl(name, nullptr, nullptr, &keep, sizeof keep);
  }
  std::free(probe);
}

}  // namespace tdsl
