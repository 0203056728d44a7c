// Watchdog (Note [Deadline watchdog] in watchdog.h).
#include "api/watchdog.h"

#include "vm/interpreter.h"

namespace tdsl::api::detail {

Watchdog::~Watchdog() { stop(); }

void Watchdog::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void Watchdog::arm(Clock::time_point deadline) {
  fired_.store(false, std::memory_order_release);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    deadline_ = deadline;
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  }
  wake_.notify_one();
}

void Watchdog::disarm() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    deadline_ = Clock::time_point::max();
  }
  if (fired()) vm_.cancelInterrupt();
}

void Watchdog::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_) {
    if (deadline_ == Clock::time_point::max()) {
      wake_.wait(lock);
      continue;
    }
    if (Clock::now() < deadline_) {
      wake_.wait_until(lock, deadline_);
      continue;
    }
    deadline_ = Clock::time_point::max();
    fired_.store(true, std::memory_order_release);
    vm_.requestInterrupt();
  }
}

}  // namespace tdsl::api::detail
