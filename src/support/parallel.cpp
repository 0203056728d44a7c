// Kernel threads (parallel.h).
#include "support/parallel.h"

#include <sched.h>

#include <atomic>
#include <exception>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace tdsl {

namespace {

// Distinct (package, core) pairs among the CPUs of the affinity mask; 0 when
// the topology cannot be read.
int physicalCores() {
  cpu_set_t mask;
  if (sched_getaffinity(0, sizeof mask, &mask) != 0) return 0;
  std::set<std::pair<int, int>> cores;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &mask)) continue;
    const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
    std::ifstream package(dir + "physical_package_id"), core(dir + "core_id");
    int p = 0, c = 0;
    if (!(package >> p) || !(core >> c)) return 0;
    cores.insert({p, c});
  }
  return static_cast<int>(cores.size());
}

}  // namespace

int defaultThreadCount() {
  int n = physicalCores();
  if (n <= 0) n = static_cast<int>(std::thread::hardware_concurrency());
  return n > 0 ? n : 1;
}

bool parallelAvailable() {
#ifdef _OPENMP
  return true;
#else
  return false;
#endif
}

void parallelChunks(int threads, int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= 0) return;
  if (grain < 1) grain = 1;
  const int64_t chunks = (n - 1) / grain + 1;
  auto chunk = [&](int64_t k) { body(k * grain, k + 1 == chunks ? n : (k + 1) * grain); };
#ifdef _OPENMP
  if (threads > 1 && chunks >= kMinParallelChunks) {
    const int team = static_cast<int>(threads < chunks ? threads : chunks);
    std::mutex m;
    std::exception_ptr error;
    int64_t errorChunk = chunks;
    std::atomic<bool> stop{false};
#pragma omp parallel for num_threads(team) schedule(static)
    for (int64_t k = 0; k < chunks; ++k) {
      if (stop.load(std::memory_order_relaxed)) continue;
      try {
        chunk(k);
      } catch (...) {
        std::lock_guard<std::mutex> lock(m);
        stop = true;
        if (k < errorChunk) {
          errorChunk = k;
          error = std::current_exception();
        }
      }
    }
    if (error) std::rethrow_exception(error);
    return;
  }
#endif
  (void)threads;
  for (int64_t k = 0; k < chunks; ++k) chunk(k);
}

}  // namespace tdsl
