// Step and time limits of one interpreter (Note [Step and time limits] in
// interpreter.h).
#include <algorithm>

#include "vm/interpreter.h"

namespace tdsl {

namespace {
// Safe points between two looks at the clock: a few microseconds of script.
constexpr int64_t kClockChunk = 1024;
constexpr int64_t kUnlimitedChunk = INT64_MAX / 2;
}  // namespace

void Interpreter::setLimits(uint64_t maxSteps, std::chrono::steady_clock::time_point deadline) {
  maxSteps_ = maxSteps;
  deadline_ = deadline;
  stepsUsed_ = 0;
  budgetChunk_ = pollBudget_ = 0;
  int64_t chunk = deadline_ == std::chrono::steady_clock::time_point::max() ? kUnlimitedChunk : kClockChunk;
  if (maxSteps_) chunk = std::min<int64_t>(chunk, static_cast<int64_t>(std::min<uint64_t>(maxSteps_, kUnlimitedChunk)));
  budgetChunk_ = pollBudget_ = chunk;
}

void Interpreter::chargeSteps() {
  stepsUsed_ += static_cast<uint64_t>(budgetChunk_ - pollBudget_);
  budgetChunk_ = pollBudget_ = 0;  // past a limit, every later safe point raises again
  if (maxSteps_ && stepsUsed_ > maxSteps_) throw Error(ErrorKind::Runtime, "step limit exceeded");
  bool timed = deadline_ != std::chrono::steady_clock::time_point::max();
  if (timed && std::chrono::steady_clock::now() >= deadline_) throw Error(ErrorKind::Runtime, "time limit exceeded");
  int64_t chunk = timed ? kClockChunk : kUnlimitedChunk;
  if (maxSteps_) chunk = std::min<int64_t>(chunk, static_cast<int64_t>(std::min<uint64_t>(maxSteps_ - stepsUsed_, kUnlimitedChunk)));
  budgetChunk_ = pollBudget_ = chunk;
}

}  // namespace tdsl
