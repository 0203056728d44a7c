// `:time STMT` (repl.h).
//
// Note [Timing statements]
// STMT runs at module level in the session's globals (so `x += 1` rebinds
// the global x, unlike timeit's function body), inside a `for` loop that is
// compiled once per batch: the loop adds one iteration step per run, and
// compiling the loop is timed with the batch but is negligible next to a
// batch of at least kMinBatchSeconds. The loop count grows tenfold until
// one batch takes that long; then kBatches batches are timed and the
// per-run median, minimum and maximum printed. The loop variable stays
// bound afterwards (tdsl has no `del`); completion hides dunder names.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "tools/repl.h"

namespace tdsl::repl {

namespace {

constexpr double kMinBatchSeconds = 0.05;
constexpr int kBatches = 7;
constexpr int64_t kMaxLoops = 100'000'000;

std::string formatSeconds(double s) {
  if (s < 1e-6) return fmt::format("{:.1f} ns", s * 1e9);
  if (s < 1e-3) return fmt::format("{:.2f} us", s * 1e6);
  if (s < 1) return fmt::format("{:.2f} ms", s * 1e3);
  return fmt::format("{:.3f} s", s);
}

}  // namespace

void timeCommand(Session& s, const std::string& args) {
  if (args.empty()) {
    s.warn("usage: :time STMT");
    return;
  }
  const std::string counter = "__tdsl_time_loop__";
  auto batch = [&](int64_t loops) {
    std::string src = fmt::format("for {} in range({}):\n    {}\n", counter, loops, args);
    auto start = std::chrono::steady_clock::now();
    s.interp().runSource("<stdin>", src);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  int64_t loops = 1;
  double t = batch(loops);
  while (t < kMinBatchSeconds && loops < kMaxLoops) {
    loops *= 10;
    t = batch(loops);
  }
  std::vector<double> perRun{t / loops};
  while (perRun.size() < kBatches) perRun.push_back(batch(loops) / loops);
  std::sort(perRun.begin(), perRun.end());
  double median = perRun[perRun.size() / 2];
  double spread = median > 0 ? (perRun.back() - perRun.front()) / median * 100 : 0;
  s.print(fmt::format("{} per run: median of {} batches of {} run{} (min {}, max {}, spread {:.1f}%)\n",
                      formatSeconds(median), perRun.size(), loops, loops == 1 ? "" : "s", formatSeconds(perRun.front()),
                      formatSeconds(perRun.back()), spread));
}

}  // namespace tdsl::repl
