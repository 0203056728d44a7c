// The cost of the step and time limits (Note [Step and time limits] in
// src/vm/interpreter.h): a pure-Python loop run with no limit, with a step
// limit, and with a step and time limit; medians of 7 runs and ratios.
//   ninja -C build tdsl_step_limit_bench && build/tests/tdsl_step_limit_bench
#include <tdsl/tdsl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

double medianSeconds(tdsl::Interpreter& interp) {
  std::vector<double> times;
  for (int i = 0; i < 7; ++i) {
    auto start = std::chrono::steady_clock::now();
    interp.call("work", 3000000);
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main() {
  tdsl::Interpreter interp;
  interp.exec(
      "def work(n):\n"
      "    s = 0\n"
      "    i = 0\n"
      "    while i < n:\n"
      "        s += i & 7\n"
      "        i += 1\n"
      "    return s\n");
  double none = medianSeconds(interp);
  tdsl::Limits limits;
  limits.maxSteps = 1000000000000ull;
  interp.setLimits(limits);
  double steps = medianSeconds(interp);
  limits.timeLimit = std::chrono::hours(1);
  interp.setLimits(limits);
  double both = medianSeconds(interp);
  std::printf("3e6 loop iterations: no limit %.3f s, step limit %.3f s (x%.3f), step + time limit %.3f s (x%.3f)\n", none, steps,
              steps / none, both, both / none);
}
