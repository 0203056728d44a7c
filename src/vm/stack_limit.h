// How much C++ stack the running interpreter may still use.
//
// Note [Stack limit]
// Frame counts (kMaxCallDepth, kMaxNativeNesting, kMaxContainerDepth) bound
// recursion on a default 8 MB main-thread stack, but a host may run the
// interpreter on a worker thread with 256 KiB. So every place that recurses
// in C++ on behalf of a script (a nested dispatch loop in VM::call, repr and
// == of nested containers, nested lazy iterators, the compiler's walk of
// nested code, compile guards on nested arguments) also calls
// StackLimit::check(), which raises RecursionError once less than
// kStackReserve bytes of the thread's stack remain. The reserve is what the
// deepest non-recursive work below a check may use (a tensor kernel, the
// formatting of an error).
//
// Every Interpreter entry point opens a StackLimit::Scope. The outermost one
// on a thread reads that thread's stack bounds (pthread_getattr_np, memoized
// per thread: the bounds of a thread never change) and sets the limit the
// checks compare against; nested scopes (a native re-entering the API)
// keep it. Outside any scope the check never fires. Like GcHeap::Scope, the
// limit lives in a thread-local, saved and restored: it describes the
// thread the interpreter runs on, not the interpreter.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tdsl {

// Bytes of stack left unused below the last check (Note [Stack limit]).
constexpr size_t kStackReserve = 64 * 1024;

class StackLimit {
 public:
  class Scope {
   public:
    Scope();
    ~Scope() { limit_ = saved_; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    uintptr_t saved_;
  };

  // True when the stack below the caller is within the reserve.
  static bool exhausted() {
    return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) < limit_;
  }
  // RecursionError "maximum recursion depth exceeded<what>" when exhausted();
  // `what` is CPython's suffix (" while getting the repr of an object").
  static void check(const char* what = "") {
    if (exhausted()) fail(what);
  }

 private:
  [[noreturn]] static void fail(const char* what);
  static inline thread_local uintptr_t limit_ = 0;
};

}  // namespace tdsl
