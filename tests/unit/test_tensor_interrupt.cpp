// Ctrl-C in long tensor kernels (Note [Interrupting kernels] in
// tensor/tensor.h): a set interrupt flag stops reductions over huge
// expanded inputs with Error(Interrupt, "KeyboardInterrupt"), clears the flag,
// and leaves the state usable; the CLI turns SIGINT during such a kernel into
// exit status 1 with the message on stderr.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include <climits>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

#include "support/diagnostics.h"
#include "vm/objects.h"
#include "vm/torch/dispatch.h"
#include "tensor/tensor.h"
#include "vm/torch/tensor_data.h"

using namespace tdsl;

namespace {

// torch.ones(1).expand(10**9, 10**9): 10^18 elements over one stored float.
Value hugeExpanded(TensorState& s, DType dtype = DType::Float32) {
  Value one = Value(tensorFromData(s, makeList({Value::integer(1)}), dtype));
  return callMethod(s, one, "expand", {Value::integer(1000000000), Value::integer(1000000000)});
}

std::optional<ErrorKind> kindOf(const std::function<void()>& f, std::string& message) {
  try {
    f();
  } catch (const Error& e) {
    message = e.message;
    return e.kind;
  }
  message = "<no error>";
  return std::nullopt;
}

}  // namespace

TEST_CASE("a set interrupt flag stops long reductions and is consumed", "[tensor][interrupt]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  std::atomic<bool> flag{false};
  attachInterruptFlag(s, flag);
  Value big = hugeExpanded(s);
  Value bigInt = hugeExpanded(s, DType::Int64);
  Value bigBool = hugeExpanded(s, DType::Bool);
  struct Case {
    const char* what;
    std::function<Value()> run;
  };
  std::vector<Case> cases = {
      {"sum", [&] { return callOp(s, "sum", {big}); }},
      {"mean", [&] { return callOp(s, "mean", {big}); }},
      {"prod", [&] { return callOp(s, "prod", {big}); }},
      {"int sum", [&] { return callOp(s, "sum", {bigInt}); }},
      {"max", [&] { return callOp(s, "max", {big}); }},
      {"argmin over dim 1", [&] { return callOp(s, "argmin", {bigInt, Value::integer(1)}); }},
      {"all", [&] { return callOp(s, "all", {bigBool}); }},
      {"equal", [&] { return callOp(s, "equal", {bigInt, bigInt}); }},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    flag.store(true);
    std::string message;
    CHECK(kindOf([&] { c.run(); }, message) == ErrorKind::Interrupt);
    CHECK(message == "KeyboardInterrupt");
    CHECK_FALSE(flag.load());  // consumed, like the VM's poll
  }
  // The state works normally afterwards.
  Value small = Value(tensorFromData(s, makeList({Value::integer(1), Value::integer(2), Value::integer(3)}), std::nullopt));
  CHECK(asTensor(callOp(s, "sum", {small}))->data<int64_t>()[0] == 6);
}

TEST_CASE("an interrupt requested while a kernel runs stops it", "[tensor][interrupt]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  std::atomic<bool> flag{false};
  attachInterruptFlag(s, flag);
  Value big = hugeExpanded(s);
  std::thread requester([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    flag.store(true);
  });
  auto start = std::chrono::steady_clock::now();
  std::string message;
  std::optional<ErrorKind> kind = kindOf([&] { callOp(s, "sum", {big}); }, message);
  requester.join();
  CHECK(kind == ErrorKind::Interrupt);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
}

TEST_CASE("without an attached flag, kernels run as before", "[tensor][interrupt]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = Value(tensorFromData(s, makeList({Value::number(1.5), Value::number(2.5)}), std::nullopt));
  Value wide = callMethod(s, x, "expand", {Value::integer(100000), Value::integer(2)});
  CHECK(asTensor(callOp(s, "sum", {wide}))->data<float>()[0] == 400000.0f);
}

#ifdef TDSL_BINARY
// True once process `pid` runs the tdsl program (its exec is done: between
// fork and exec the child is a copy of this test binary, whose Catch2 runner
// catches SIGINT too) and catches SIGINT (bit SIGINT-1 of SigCgt in
// /proc/PID/status).
static bool waitForSigintHandler(pid_t pid) {
  auto start = std::chrono::steady_clock::now();
  char program[PATH_MAX];
  if (!realpath(TDSL_BINARY, program)) return false;
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(20)) {
    char exe[PATH_MAX];
    ssize_t n = readlink(("/proc/" + std::to_string(pid) + "/exe").c_str(), exe, sizeof exe - 1);
    if (n <= 0 || std::string(exe, static_cast<size_t>(n)) != program) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      continue;
    }
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line)) {
      if (line.rfind("SigCgt:", 0) == 0) {
        unsigned long long mask = std::stoull(line.substr(7), nullptr, 16);
        if (mask & (1ULL << (SIGINT - 1))) return true;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST_CASE("cli: SIGINT during a long tensor reduction exits 1 with KeyboardInterrupt", "[tensor][interrupt][cli]") {
  char scriptPath[] = "/tmp/tdsl_interrupt_XXXXXX.td";
  int fd = mkstemps(scriptPath, 3);
  REQUIRE(fd >= 0);
  close(fd);
  std::ofstream(scriptPath) << "import torch\nprint(torch.ones(1).expand(10**9, 10**9).sum())\n";
  char errPath[] = "/tmp/tdsl_interrupt_err_XXXXXX";
  int errFd = mkstemp(errPath);
  REQUIRE(errFd >= 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    dup2(errFd, 2);
    execl(TDSL_BINARY, TDSL_BINARY, "run", scriptPath, static_cast<char*>(nullptr));
    _exit(127);
  }
  close(errFd);
  // Deliver SIGINT only once the child has installed its handler (SigCgt in
  // /proc), so a slow start under load or sanitizers cannot turn the test
  // into "killed by the default action"; then give the kernel time to start.
  REQUIRE(waitForSigintHandler(pid));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(pid, SIGINT);
  int status = 0;
  auto start = std::chrono::steady_clock::now();
  bool exited = false;
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(10)) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (!exited) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  std::ifstream errIn(errPath);
  std::string err((std::istreambuf_iterator<char>(errIn)), std::istreambuf_iterator<char>());
  std::remove(scriptPath);
  std::remove(errPath);
  REQUIRE(exited);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 1);
  CHECK(err.find("KeyboardInterrupt") != std::string::npos);
}
#endif
