// The tdsl program's allocator policy (Note [jemalloc dirty decay]).
#pragma once

namespace tdsl {

// Makes jemalloc keep the freed pages of large allocations (1 MiB or more:
// tensor storages) for reuse instead of returning them to the kernel. Call
// once, first thing in main; does nothing without jemalloc.
void keepLargeAllocationPages();

}  // namespace tdsl
