// The deadline of an embedded interpreter inside long kernels.
//
// Note [Deadline watchdog]
// The dispatch loop checks the deadline every chunk of steps (Note [Step and
// time limits] in vm/interpreter.h), but a single kernel (a reduction over
// an expanded tensor of 10**12 elements, a huge matmul) runs no steps. It
// does poll the interrupt flag between chunks of its work (Note
// [Interrupting kernels] in tensor/tensor.h), so when a time limit is set
// each interpreter gets one watchdog thread that sleeps until the deadline
// and then raises the interrupt flag. The interrupt that surfaces is
// renamed "time limit exceeded" (Core::enter) when the watchdog fired; a
// request nobody consumed (the script ended just then) is withdrawn when
// the outermost call returns. The thread is made on first use and joined
// when the interpreter is destroyed; requestInterrupt is the only thing it
// touches of the interpreter, and that is safe from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace tdsl {
class Interpreter;
}

namespace tdsl::api::detail {

class Watchdog {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Watchdog(tdsl::Interpreter& vm) : vm_(vm) {}
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  void arm(Clock::time_point deadline);  // clears fired()
  void disarm();                         // withdraws an unconsumed interrupt it raised
  bool fired() const { return fired_.load(std::memory_order_acquire); }
  void stop();  // joins the thread; the destructor calls it too

 private:
  void run();
  tdsl::Interpreter& vm_;
  std::mutex mutex_;
  std::condition_variable wake_;
  Clock::time_point deadline_ = Clock::time_point::max();
  bool stop_ = false;
  std::atomic<bool> fired_{false};
  std::thread thread_;
};

}  // namespace tdsl::api::detail
