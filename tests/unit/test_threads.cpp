// Issue 12: parallelChunks (Note [Parallel chunks] in support/parallel.h):
// fixed chunks whatever the thread count, each run once, exceptions
// rethrown on the caller; the default thread count.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/parallel.h"

using namespace tdsl;

TEST_CASE("parallelChunks runs each fixed chunk once whatever the thread count", "[threads]") {
  for (int64_t n : {0, 1, 7, 100, 32768, 32769, 100000}) {
    for (int64_t grain : {1, 3, 1000, 32768}) {
      std::vector<std::pair<int64_t, int64_t>> expected;
      for (int64_t b = 0; b < n; b += grain) expected.push_back({b, std::min(n, b + grain)});
      for (int threads : {1, 2, 3, 8}) {
        std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
        std::vector<std::pair<int64_t, int64_t>> seen(expected.size(), {-1, -1});
        parallelChunks(threads, n, grain, [&](int64_t b, int64_t e) {
          seen[static_cast<size_t>(b / grain)] = {b, e};
          for (int64_t i = b; i < e; ++i) hits[static_cast<size_t>(i)].fetch_add(1);
        });
        CHECK(seen == expected);
        bool once = true;
        for (auto& h : hits) once = once && h.load() == 1;
        CHECK(once);
      }
    }
  }
}

TEST_CASE("parallelChunks rethrows a chunk's exception on the caller", "[threads]") {
  for (int threads : {1, 2, 3}) {
    std::atomic<int> ran{0};
    try {
      parallelChunks(threads, 1000, 10, [&](int64_t b, int64_t) {
        ++ran;
        if (b == 500) throw std::runtime_error("chunk " + std::to_string(b));
      });
      FAIL("no exception");
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()) == "chunk 500");
    }
    // One thread stops at the throwing chunk: the chunks after it never start.
    if (threads == 1) CHECK(ran.load() == 51);
  }
}

TEST_CASE("the default thread count is between one and the CPU count", "[threads]") {
  CHECK(defaultThreadCount() >= 1);
  const unsigned cpus = std::thread::hardware_concurrency();
  if (cpus > 0) CHECK(defaultThreadCount() <= static_cast<int>(cpus));
}
