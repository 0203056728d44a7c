// The stack bounds of the current thread (Note [Stack limit]).
#include "vm/stack_limit.h"

#include <pthread.h>

#include <algorithm>
#include <string>

#include "support/diagnostics.h"

namespace tdsl {

namespace {

// The lowest usable address of this thread's stack, or 0 when unknown.
uintptr_t threadStackLow() {
  static thread_local uintptr_t low = 0;
  static thread_local bool known = false;
  if (known) return low;
  known = true;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return low;
  void* addr = nullptr;
  size_t size = 0;
  size_t guard = 0;
  if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr && size) {
    pthread_attr_getguardsize(&attr, &guard);
    low = reinterpret_cast<uintptr_t>(addr) + guard;
  }
  pthread_attr_destroy(&attr);
  return low;
}

}  // namespace

StackLimit::Scope::Scope() : saved_(limit_) {
  if (limit_) return;
  uintptr_t low = threadStackLow();
  if (!low) return;
  uintptr_t here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (here <= low) return;
  // A stack smaller than four reserves keeps a quarter of what is left.
  size_t reserve = std::min(kStackReserve, static_cast<size_t>(here - low) / 4);
  limit_ = low + reserve;
}

void StackLimit::fail(const char* what) {
  throw Error(ErrorKind::Recursion, std::string("maximum recursion depth exceeded") + what);
}

}  // namespace tdsl
