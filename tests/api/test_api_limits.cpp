// Limits for untrusted scripts (issue 14): steps, time, tensor memory,
// recursion, source size, interrupts; each leaves the interpreter usable.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

namespace {

tdsl::Error errorOf(tdsl::Interpreter& interp, const std::string& source) {
  tdsl::Result r = interp.tryExec(source, "limits.td");
  REQUIRE_FALSE(r.ok());
  return *r.error;
}

}  // namespace

TEST_CASE("the step limit stops an infinite loop and the interpreter stays usable", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.maxSteps = 100000;
  interp.setLimits(limits);
  tdsl::Error e = errorOf(interp, "n = 0\nwhile True:\n    n += 1\n");
  CHECK(e.kind() == tdsl::ErrorKind::RuntimeError);
  CHECK(e.message() == "step limit exceeded");
  CHECK(e.line() == 2);
  // Every backward jump is one step: the body ran once more than the
  // jumps allowed, and the jump after it raised.
  CHECK(interp.get<int64_t>("n") == 100001);
  // The next exec gets a fresh budget.
  interp.exec("s = 0\nfor i in range(1000):\n    s += i\n");
  CHECK(interp.get<int64_t>("s") == 499500);
  CHECK(errorOf(interp, "while True: pass\n").message() == "step limit exceeded");
}

TEST_CASE("the step limit counts calls, also from natives", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.maxSteps = 1000;
  interp.setLimits(limits);
  CHECK(errorOf(interp, "def f(n):\n    return f(n + 1) if n < 900 else 0\nfor i in range(10):\n    f(0)\n").message() ==
        "step limit exceeded");
  // sorted's key calls a script function with no safe point of its own.
  CHECK(errorOf(interp, "xs = sorted(list(range(5000)), key=lambda v: -v)\n").message() == "step limit exceeded");
  limits.maxSteps = 0;
  interp.setLimits(limits);
  interp.exec("xs = sorted(list(range(5000)), key=lambda v: -v)\n");
  CHECK(interp.eval("xs[0]").as<int>() == 4999);
}

TEST_CASE("the deadline stops an infinite loop and the interpreter stays usable", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.timeLimit = std::chrono::milliseconds(100);
  interp.setLimits(limits);
  auto start = std::chrono::steady_clock::now();
  tdsl::Error e = errorOf(interp, "while True:\n    pass\n");
  auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(e.kind() == tdsl::ErrorKind::RuntimeError);
  CHECK(e.message() == "time limit exceeded");
  CHECK(elapsed >= std::chrono::milliseconds(100));
  CHECK(elapsed < std::chrono::seconds(5));
  interp.exec("x = 1\nwhile x < 1000:\n    x += 1\n");  // a fresh deadline
  CHECK(interp.get<int>("x") == 1000);
}

TEST_CASE("the tensor memory cap is a ResourceError", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.maxTensorBytes = 1 << 20;
  interp.setLimits(limits);
  tdsl::Error e = errorOf(interp, "import torch\nx = torch.zeros(10**10)\n");
  CHECK(e.kind() == tdsl::ErrorKind::ResourceError);
  CHECK(errorOf(interp, "import torch\nx = torch.zeros(1 << 19)\n").kind() == tdsl::ErrorKind::ResourceError);
  interp.exec("import torch\nx = torch.zeros(1000)\n");
  CHECK(interp.eval("x.numel()").as<int>() == 1000);
}

TEST_CASE("deep recursion is a RecursionError and the interpreter stays usable", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Error e = errorOf(interp, "def f(n):\n    return f(n + 1)\nf(0)\n");
  CHECK(e.kind() == tdsl::ErrorKind::RecursionError);
  CHECK(interp.eval("len([1, 2])").as<int>() == 2);
}

TEST_CASE("the source size limit", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.maxSourceBytes = 16;
  interp.setLimits(limits);
  CHECK(interp.eval("1 + 1").as<int>() == 2);
  tdsl::Error e = errorOf(interp, "x = 1234567890123456789\n");
  CHECK(e.kind() == tdsl::ErrorKind::ResourceError);
  CHECK(e.message() == "source of 24 bytes exceeds the limit of 16 bytes");
}

TEST_CASE("interrupt from another thread stops the script", "[api]") {
  tdsl::Interpreter interp;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    interp.interrupt();
  });
  tdsl::Result r = interp.tryExec("while True:\n    pass\n");
  stopper.join();
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind() == tdsl::ErrorKind::Interrupted);
  CHECK(interp.eval("2 * 3").as<int>() == 6);
}
