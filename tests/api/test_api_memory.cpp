// The memory cap counts containers too (issue 14, Note [Container memory]):
// lists, dicts, sets and strings that grow stop with a ResourceError at the
// script's line, the interpreter stays usable, and freed containers give
// their bytes back.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <string>

namespace {

constexpr size_t kCap = 1 << 20;  // 1 MiB

tdsl::Interpreter& capped(tdsl::Interpreter& interp) {
  tdsl::Limits limits;
  limits.maxTensorBytes = kCap;
  interp.setLimits(limits);
  return interp;
}

tdsl::Error errorOf(tdsl::Interpreter& interp, const std::string& source) {
  tdsl::Result r = interp.tryExec(source, "memory.td");
  REQUIRE_FALSE(r.ok());
  return *r.error;
}

void checkCapped(const tdsl::Error& e, int line) {
  CHECK(e.kind() == tdsl::ErrorKind::ResourceError);
  CHECK(e.message().find("exceeds the interpreter's memory limit") != std::string::npos);
  CHECK(e.file() == "memory.td");
  CHECK(e.line() == line);
}

}  // namespace

TEST_CASE("a growing list stopped by the memory cap", "[api][memory]") {
  tdsl::Interpreter interp;
  capped(interp);
  checkCapped(errorOf(interp, "x = []\nwhile True:\n    x.append(len(x))\n"), 3);
  // About kCap / 16 items made it in; the list is still there and intact.
  int64_t n = interp.eval("len(x)").as<int64_t>();
  CHECK(n > 16000);
  CHECK(n <= int64_t(kCap / 16));
  CHECK(interp.eval("x[-1]").as<int64_t>() == n - 1);
  // The interpreter is usable; once x is gone its bytes are back.
  interp.exec("x = None\n");
  CHECK(interp.eval("len([1, 2, 3])").as<int>() == 3);
  interp.exec("y = []\nfor i in range(40000):\n    y.append(i)\ny = None\n");
  interp.exec("y = []\nfor i in range(40000):\n    y.append(i)\n");
  CHECK(interp.eval("len(y)").as<int>() == 40000);
}

TEST_CASE("list repetition, concatenation and extend are checked before they allocate", "[api][memory]") {
  tdsl::Interpreter interp;
  capped(interp);
  checkCapped(errorOf(interp, "x = [0] * 10**6\n"), 1);
  checkCapped(errorOf(interp, "x = (0,) * 10**6\n"), 1);
  CHECK(errorOf(interp, "x = [0] * 10**12\n").kind() == tdsl::ErrorKind::ResourceError);
  checkCapped(errorOf(interp, "x = [0] * 20000\nwhile True:\n    x = x + x\n"), 3);
  checkCapped(errorOf(interp, "x = [0] * 20000\nwhile True:\n    x += x\n"), 3);
  checkCapped(errorOf(interp, "x = [0] * 20000\nwhile True:\n    x *= 2\n"), 3);
  checkCapped(errorOf(interp, "x = []\nwhile True:\n    x.extend(range(1000))\n"), 3);
  checkCapped(errorOf(interp, "x = []\nwhile True:\n    x.insert(0, 1)\n"), 3);
  interp.exec("x = None\nz = [0] * 50000\n");
  CHECK(interp.eval("len(z)").as<int>() == 50000);
}

TEST_CASE("comprehensions stopped by the memory cap", "[api][memory]") {
  tdsl::Interpreter interp;
  capped(interp);
  checkCapped(errorOf(interp, "n = 10**7\nx = [i for i in range(n)]\n"), 2);
  checkCapped(errorOf(interp, "n = 10**7\nx = {i: i for i in range(n)}\n"), 2);
  checkCapped(errorOf(interp, "n = 10**7\nx = {i for i in range(n)}\n"), 2);
  checkCapped(errorOf(interp, "n = 10**7\nx = list(range(n))\n"), 2);
  // Nothing of the failed comprehensions stayed charged.
  interp.exec("x = [i for i in range(50000)]\n");
  CHECK(interp.eval("len(x)").as<int>() == 50000);
}

TEST_CASE("growing dicts and sets stopped by the memory cap", "[api][memory]") {
  tdsl::Interpreter interp;
  capped(interp);
  checkCapped(errorOf(interp, "d = {}\ni = 0\nwhile True:\n    d[i] = i\n    i += 1\n"), 4);
  CHECK(interp.eval("len(d)").as<int64_t>() > 10000);
  interp.exec("d = None\n");
  checkCapped(errorOf(interp, "s = set()\ni = 0\nwhile True:\n    s.add(i)\n    i += 1\n"), 4);
  CHECK(interp.eval("len(s)").as<int64_t>() > 4000);
  interp.exec("s = None\nd = {i: i for i in range(5000)}\ns = set(range(2000))\n");
  CHECK(interp.eval("len(d) + len(s)").as<int>() == 7000);
}

TEST_CASE("growing strings stopped by the memory cap", "[api][memory]") {
  tdsl::Interpreter interp;
  capped(interp);
  checkCapped(errorOf(interp, "s = 'ab'\nwhile True:\n    s = s + s\n"), 3);
  checkCapped(errorOf(interp, "s = 'x' * 10**7\n"), 1);
  checkCapped(errorOf(interp, "s = ','.join(['abcd'] * 60000)\n"), 1);
  // Strings held by a list count with it: 300 strings of 4 KiB do not fit.
  checkCapped(errorOf(interp, "xs = []\nfor i in range(300):\n    xs.append(str(i) + 'x' * 4096)\n"), 3);
  interp.exec("xs = None\ns = 'y' * 500000\n");
  CHECK(interp.eval("len(s)").as<int>() == 500000);
}

TEST_CASE("tensors and containers share one memory cap", "[api][memory]") {
  tdsl::Interpreter interp;
  capped(interp);
  interp.exec("import torch\nt = torch.zeros(150000)\n");  // 600 KB
  checkCapped(errorOf(interp, "x = [0] * 40000\n"), 1);    // 640 KB more
  CHECK(errorOf(interp, "t2 = torch.zeros(150000)\n").kind() == tdsl::ErrorKind::ResourceError);
  interp.exec("t = None\nx = [0] * 40000\n");
  CHECK(errorOf(interp, "t = torch.zeros(150000)\n").kind() == tdsl::ErrorKind::ResourceError);
  interp.exec("x = None\nt = torch.zeros(150000)\n");
  CHECK(interp.eval("t.numel()").as<int>() == 150000);
}

TEST_CASE("containers that outlive their interpreter give their bytes back safely", "[api][memory]") {
  tdsl::Value kept;
  {
    tdsl::Interpreter interp;
    capped(interp);
    kept = interp.eval("[i for i in range(1000)] + ['x' * 1000]");
  }
  CHECK(kept.kind() == tdsl::Value::Kind::List);
  kept = tdsl::Value();
}
