// Four interpreters in four threads at once (issue 14's threading contract:
// different interpreters run concurrently; run under ThreadSanitizer as
// docs/embedding.md describes).
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <string>
#include <thread>
#include <vector>

TEST_CASE("four interpreters run in four threads", "[api]") {
  constexpr int kThreads = 4;
  std::vector<std::string> outputs(kThreads);
  std::vector<int64_t> results(kThreads, -1);
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &outputs, &results, &failures] {
      try {
        tdsl::Interpreter interp;
        interp.setOutput([&outputs, t](std::string_view s) { outputs[t] += s; });
        interp.def("tid", [t]() { return t; });
        interp.set("seed", t);
        interp.exec(
            "import torch\n"
            "def work(n):\n"
            "    acc = 0\n"
            "    xs = []\n"
            "    for i in range(n):\n"
            "        acc += (i * seed) % 7\n"
            "        xs.append([i, str(i)])\n"
            "    x = torch.ones(64) * tid()\n"
            "    return acc + int(x.sum().item()) + len(xs)\n"
            "print('thread', tid())\n");
        results[t] = interp.call("work", 20000).as<int64_t>();
      } catch (const tdsl::Error& e) {
        failures[t] = e.report();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    INFO("thread " << t);
    CHECK(failures[t] == "");  // the expansion shows what failed
    CHECK(outputs[t] == "thread " + std::to_string(t) + "\n");
    int64_t acc = 0;
    for (int64_t i = 0; i < 20000; ++i) acc += (i * t) % 7;
    CHECK(results[t] == acc + 64 * t + 20000);
  }
}
