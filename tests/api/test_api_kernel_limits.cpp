// The time limit inside a single long kernel (issue 14; Note [Deadline
// watchdog] in src/api/watchdog.h): no dispatch-loop step runs while a
// kernel works, yet the deadline stops it, and the interpreter stays usable.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

TEST_CASE("the time limit stops a kernel over 10**12 elements", "[api][limits]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.timeLimit = std::chrono::milliseconds(200);
  interp.setLimits(limits);
  interp.exec("import torch\nx = torch.ones(1).expand(10**6, 10**6)\n");
  auto start = std::chrono::steady_clock::now();
  tdsl::Result r = interp.tryExec("total = x.sum()\n", "kernel.td");
  auto elapsed = std::chrono::steady_clock::now() - start;
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind() == tdsl::ErrorKind::RuntimeError);
  CHECK(r.error->message() == "time limit exceeded");
  CHECK(r.error->file() == "kernel.td");
  CHECK(r.error->line() == 1);
  CHECK(elapsed >= std::chrono::milliseconds(200));
  CHECK(elapsed < std::chrono::seconds(5));
  // The next call gets a fresh deadline and no stale interrupt.
  CHECK(interp.eval("torch.ones(4).sum().item()").as<double>() == 4.0);
}

TEST_CASE("a compiled kernel is stopped by the time limit too", "[api][limits]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.timeLimit = std::chrono::milliseconds(200);
  interp.setLimits(limits);
  interp.exec(
      "import torch\n"
      "@torch.compile\n"
      "def f(x):\n"
      "    return (x * 2).sum()\n"
      "x = torch.ones(1).expand(10**6, 10**6)\n");
  auto start = std::chrono::steady_clock::now();
  tdsl::Result r = interp.tryExec("f(x)\n", "compiled.td");
  auto elapsed = std::chrono::steady_clock::now() - start;
  REQUIRE_FALSE(r.ok());
  CHECK((r.error->message() == "time limit exceeded" || r.error->kind() == tdsl::ErrorKind::ResourceError));
  CHECK(elapsed < std::chrono::seconds(5));
  CHECK(interp.eval("1 + 1").as<int>() == 2);
}

TEST_CASE("a deadline that passes as the script ends leaves no stale interrupt", "[api][limits]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.timeLimit = std::chrono::milliseconds(20);
  interp.setLimits(limits);
  for (int i = 0; i < 50; ++i) {
    tdsl::Result r = interp.tryExec("s = 0\nfor i in range(20000):\n    s += i\n");
    limits.timeLimit = std::chrono::seconds(30);
    interp.setLimits(limits);
    // Whatever happened to the short run, the next one is not interrupted.
    interp.exec("t = 0\nfor i in range(1000):\n    t += 1\n");
    CHECK(interp.get<int>("t") == 1000);
    limits.timeLimit = std::chrono::milliseconds(20);
    interp.setLimits(limits);
  }
}

TEST_CASE("interrupt() still reads as Interrupted with a time limit set", "[api][limits]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.timeLimit = std::chrono::seconds(30);
  interp.setLimits(limits);
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    interp.interrupt();
  });
  tdsl::Result r = interp.tryExec("while True:\n    pass\n");
  stopper.join();
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind() == tdsl::ErrorKind::Interrupted);
}
