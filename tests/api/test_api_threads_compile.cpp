// Four interpreters in four threads, each going through what is shared in
// the library: torch.compile and its backends, the op table, random
// generators, autograd, exceptions, imports, the memory cap and the
// time-limit watchdog (issue 14's threading contract; run under
// ThreadSanitizer as docs/embedding.md describes).
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr const char* kScript =
    "import torch\n"
    "import math\n"
    "def f(x, y):\n"
    "    return (x * y + 1.0).relu().sum(), torch.where(x > y, x, y * 2.0)\n"
    "g = torch.compile(f)\n"
    "def run(seed):\n"
    "    torch.manual_seed(seed)\n"
    "    total = 0.0\n"
    "    for n in [3, 8, 17, 40]:\n"
    "        x = torch.randn(n)\n"
    "        y = torch.randn(n)\n"
    "        a, b = g(x, y)\n"
    "        ea, eb = f(x, y)\n"
    "        assert torch.allclose(a, ea) and torch.equal(b, eb)\n"
    "        total += a.item()\n"
    "    w = torch.ones(4, requires_grad=True)\n"
    "    (w * w * seed).sum().backward()\n"
    "    try:\n"
    "        {}['missing']\n"
    "    except KeyError as e:\n"
    "        total += len(str(e))\n"
    "    s = {str(i) for i in range(100)}\n"
    "    d = {k: len(k) for k in s}\n"
    "    return total + w.grad.sum().item() + sum(d.values()) + math.floor(2.5)\n";

}  // namespace

TEST_CASE("four interpreters compile and run in four threads", "[api][threads]") {
  constexpr int kThreads = 4;
  std::vector<double> results(kThreads, -1), expected(kThreads, -2);
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &results, &expected, &failures] {
      try {
        tdsl::Interpreter interp;
        tdsl::Limits limits;
        limits.maxTensorBytes = 64 << 20;
        limits.timeLimit = std::chrono::seconds(60);
        interp.setLimits(limits);
        interp.exec(kScript, "threads.td");
        results[t] = interp.call("run", t).as<double>();
        // The same in eager mode: a fresh interpreter, the same seed.
        tdsl::Options eager;
        eager.eager = true;
        tdsl::Interpreter reference(eager);
        reference.exec(kScript, "threads.td");
        expected[t] = reference.call("run", t).as<double>();
        // Limits trip in every thread and leave it usable. The cap comes down
        // first, so that filling it takes well under the time limit even
        // under ThreadSanitizer on a loaded machine.
        limits.maxTensorBytes = 8 << 20;
        interp.setLimits(limits);
        tdsl::Result r = interp.tryExec("x = []\nwhile True:\n    x.append(1)\n", "cap.td");
        if (r.ok() || r.error->kind() != tdsl::ErrorKind::ResourceError)
          failures[t] = "no memory error: " + (r.ok() ? std::string("it ran to the end") : r.error->report());
        limits.timeLimit = std::chrono::milliseconds(50);
        interp.setLimits(limits);
        r = interp.tryExec("x = None\nwhile True:\n    pass\n", "deadline.td");
        if (r.ok() || r.error->message() != "time limit exceeded") failures[t] += " no time limit";
      } catch (const tdsl::Error& e) {
        failures[t] = e.report();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    INFO("thread " << t);
    CHECK(failures[t] == "");  // the expansion shows what failed
    CHECK(results[t] == expected[t]);
    CHECK(results[t] > 0);
  }
}

TEST_CASE("interrupting interpreters in other threads", "[api][threads]") {
  constexpr int kThreads = 4;
  std::vector<tdsl::Interpreter> interps(kThreads);
  std::vector<std::string> messages(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &interps, &messages] {
      tdsl::Result r = interps[t].tryExec("import torch\nwhile True:\n    x = torch.ones(8) + 1\n", "spin.td");
      messages[t] = r.ok() ? "finished" : r.error->message();
    });
  }
  // One request each: a thread that has not started yet stops at its
  // first safe point, one that runs at its next.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  for (int t = 0; t < kThreads; ++t) interps[t].interrupt();
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    INFO("thread " << t);
    CHECK(messages[t] == "KeyboardInterrupt");
    CHECK(interps[t].eval("1 + 1").as<int>() == 2);
  }
}
