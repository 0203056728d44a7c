// Shared by the libFuzzer targets that run scripts (README.md in tests/fuzz):
// a script's stdout captured in memory, a watchdog that interrupts a script
// that runs too long, and the ASan settings that turn a huge allocation into
// std::bad_alloc (the interpreter's Error(Resource)) instead of a report.
//
// Note [Fuzzing resource limits]
// A script may loop forever or allocate without bound; neither is a bug. The
// watchdog calls Interpreter::requestInterrupt once the time budget
// (TDSL_FUZZ_TIME_MS, default 250 ms) is spent, and again every few
// milliseconds until the script returns (an interrupt can be consumed by
// code that then keeps running). One allocation above ASan's
// max_allocation_size_mb returns null, which `new` turns into bad_alloc;
// libFuzzer's -rss_limit_mb bounds the total. A run that ends with
// KeyboardInterrupt or a Resource/Recursion error is inconclusive and never
// compared.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "support/diagnostics.h"
#include "api/standard.h"
#include "compile/function.h"
#include "vm/interpreter.h"

// Visible by hand: the sanitizer runtime finds this hook by its dynamic
// symbol, and the build hides symbols by default (Note [Shared library
// visibility] in CMakeLists.txt).
extern "C" __attribute__((visibility("default"))) const char* __asan_default_options() {
  return "allocator_may_return_null=1:max_allocation_size_mb=512:detect_stack_use_after_return=0";
}

namespace tdsl_fuzz {


// Redirects file descriptor 1 into an in-memory file for the life of the
// process; take() returns what was written since the last take().
class StdoutCapture {
 public:
  StdoutCapture() {
    std::fflush(stdout);
    fd_ = memfd_create("tdsl-fuzz-stdout", 0);
    if (fd_ >= 0) dup2(fd_, 1);
  }
  std::string take() {
    std::fflush(stdout);
    std::string out;
    off_t n = lseek(1, 0, SEEK_CUR);
    if (n > 0) {
      out.resize(static_cast<size_t>(n));
      ssize_t got = pread(fd_, out.data(), out.size(), 0);
      out.resize(got > 0 ? static_cast<size_t>(got) : 0);
    }
    if (ftruncate(fd_, 0) != 0) out += "<ftruncate failed>";
    lseek(1, 0, SEEK_SET);
    return out;
  }

 private:
  int fd_ = -1;
};

inline int timeBudgetMs() {
  const char* s = std::getenv("TDSL_FUZZ_TIME_MS");
  int ms = s ? std::atoi(s) : 250;
  return ms > 0 ? ms : 250;
}

// One thread for the whole run; arm() before running a script, disarm() after.
class Watchdog {
 public:
  Watchdog() : thread_([this] { loop(); }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(m_);
      quit_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void arm(tdsl::Interpreter& interp, int ms) {
    std::lock_guard<std::mutex> lock(m_);
    target_ = &interp;
    deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    cv_.notify_all();
  }
  void disarm() {
    std::lock_guard<std::mutex> lock(m_);
    target_ = nullptr;
    cv_.notify_all();
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(m_);
    while (!quit_) {
      if (!target_) {
        cv_.wait(lock);
        continue;
      }
      if (std::chrono::steady_clock::now() < deadline_) {
        cv_.wait_until(lock, deadline_);
        continue;
      }
      target_->requestInterrupt();
      cv_.wait_for(lock, std::chrono::milliseconds(5));
    }
  }

  std::mutex m_;
  std::condition_variable cv_;
  tdsl::Interpreter* target_ = nullptr;
  std::chrono::steady_clock::time_point deadline_;
  bool quit_ = false;
  std::thread thread_;
};

// How one script run ended.
struct RunResult {
  std::string out;        // captured stdout
  bool failed = false;    // ended with an Error
  tdsl::ErrorKind kind = tdsl::ErrorKind::Runtime;
  std::string message;    // the Error's message
  bool inconclusive = false;  // interrupted, out of resources, too deep
};

// Runs `text` as the main module of a fresh interpreter under the watchdog.
// Internal errors (TDSL_ASSERT) and any other exception propagate: to
// libFuzzer they are crashes.
inline RunResult runScript(const std::string& text, const tdsl::InterpreterOptions& options, Watchdog& dog,
                           StdoutCapture& capture) {
  RunResult r;
  {
    tdsl::StandardInterpreter interp(options);
    dog.arm(interp, timeBudgetMs());
    try {
      interp.runSource("<fuzz>", text);
    } catch (const tdsl::Error& e) {
      r.failed = true;
      r.kind = e.kind;
      r.message = e.message;
      (void)tdsl::formatError(e);
    } catch (const tdsl::ScriptExit&) {
    }
    dog.disarm();
  }
  r.out = capture.take();
  using tdsl::ErrorKind;
  r.inconclusive = r.failed && (r.kind == ErrorKind::Interrupt || r.kind == ErrorKind::Resource ||
                                r.kind == ErrorKind::Recursion);
  return r;
}

}  // namespace tdsl_fuzz
