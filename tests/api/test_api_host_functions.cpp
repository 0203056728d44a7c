// Host functions registered with Interpreter::def (issue 14): typed
// arguments, keyword defaults, Python's TypeError texts at the script's
// call site, errors raised by the host.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

tdsl::Error errorOf(tdsl::Interpreter& interp, const std::string& source) {
  tdsl::Result r = interp.tryExec(source, "host.td");
  REQUIRE_FALSE(r.ok());
  return *r.error;
}

}  // namespace

TEST_CASE("a host function's types come from its signature", "[api]") {
  tdsl::Interpreter interp;
  interp.def("clamp01", [](double x) { return std::min(1.0, std::max(0.0, x)); });
  interp.def("repeat", [](const std::string& s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
  });
  interp.def("total", [](const std::vector<int64_t>& xs) {
    int64_t t = 0;
    for (int64_t x : xs) t += x;
    return t;
  });
  std::vector<std::string> seen;
  interp.def("note", [&seen](std::string s) { seen.push_back(std::move(s)); });
  CHECK(interp.eval("clamp01(1.7)").as<double>() == 1.0);
  CHECK(interp.eval("clamp01(0.25)").as<double>() == 0.25);
  CHECK(interp.eval("clamp01(-3)").as<double>() == 0.0);  // an int is a float argument, as in Python
  CHECK(interp.eval("repeat('ab', 3)").as<std::string>() == "ababab");
  CHECK(interp.eval("total([1, 2, 3]) + total((4,))").as<int64_t>() == 10);
  CHECK(interp.eval("note('x')").isNone());
  CHECK(seen == std::vector<std::string>{"x"});
  // Host functions are values: callable from the host too.
  CHECK(interp.call("clamp01", 0.5).as<double>() == 0.5);
}

TEST_CASE("wrong calls of host functions are Python's TypeError with the script's location", "[api]") {
  tdsl::Interpreter interp;
  interp.def("clamp01", [](double x) { return std::min(1.0, std::max(0.0, x)); });
  tdsl::Error e = errorOf(interp, "y = 1\ny = clamp01(1, 2)\n");
  CHECK(e.kind() == tdsl::ErrorKind::TypeError);
  CHECK(e.message() == "clamp01() takes 1 positional argument but 2 were given");
  CHECK(e.file() == "host.td");
  CHECK(e.line() == 2);
  CHECK(e.column() == 5);

  e = errorOf(interp, "clamp01('a')\n");
  CHECK(e.message() == "clamp01() argument 1 must be float, not str");
  e = errorOf(interp, "clamp01()\n");
  CHECK(e.message() == "clamp01() missing 1 required positional argument: 'arg1'");
  e = errorOf(interp, "clamp01(x=1)\n");
  CHECK(e.message() == "clamp01() takes no keyword arguments");
  e = errorOf(interp, "def f(v):\n    return clamp01(v)\nf([])\n");
  CHECK(e.message() == "clamp01() argument 1 must be float, not list");
  CHECK(e.line() == 2);
  CHECK(e.traceback() == "  in f at host.td:3\n");
}

TEST_CASE("named parameters take keywords and defaults", "[api]") {
  tdsl::Interpreter interp;
  interp.def("clamp", [](double x, double lo, double hi) { return std::min(hi, std::max(lo, x)); },
             tdsl::arg("x"), tdsl::arg("lo") = 0.0, tdsl::arg("hi") = 1.0);
  CHECK(interp.eval("clamp(5)").as<double>() == 1.0);
  CHECK(interp.eval("clamp(5, hi=10)").as<double>() == 5.0);
  CHECK(interp.eval("clamp(-5, -2)").as<double>() == -2.0);
  CHECK(interp.eval("clamp(hi=3, x=4, lo=1)").as<double>() == 3.0);
  CHECK(errorOf(interp, "clamp(1, 2, 3, 4)\n").message() == "clamp() takes from 1 to 3 positional arguments but 4 were given");
  CHECK(errorOf(interp, "clamp(1, x=2)\n").message() == "clamp() got multiple values for argument 'x'");
  CHECK(errorOf(interp, "clamp(1, mid=2)\n").message() == "clamp() got an unexpected keyword argument 'mid'");
  CHECK(errorOf(interp, "clamp(lo=2)\n").message() == "clamp() missing 1 required positional argument: 'x'");
  CHECK(errorOf(interp, "clamp(1, hi='a')\n").message() == "clamp(): argument 'hi' (position 3) must be float, not str");
}

TEST_CASE("errors a host function raises reach the script", "[api]") {
  tdsl::Interpreter interp;
  interp.def("check", [](int64_t n) {
    if (n < 0) throw tdsl::Error(tdsl::ErrorKind::ValueError, "n must be >= 0");
    if (n == 0) throw std::runtime_error("zero");
    return n;
  });
  tdsl::Error e = errorOf(interp, "def g():\n    return check(-1)\ng()\n");
  CHECK(e.kind() == tdsl::ErrorKind::ValueError);
  CHECK(e.message() == "n must be >= 0");
  CHECK(e.line() == 2);
  CHECK(e.traceback() == "  in g at host.td:3\n");
  e = errorOf(interp, "check(0)\n");
  CHECK(e.kind() == tdsl::ErrorKind::RuntimeError);
  CHECK(e.message() == "zero");
  CHECK(interp.eval("check(2)").as<int>() == 2);
}

TEST_CASE("a host function may call back into its interpreter", "[api]") {
  tdsl::Interpreter interp;
  interp.exec("def square(v):\n    return v * v\n");
  interp.def("twice_squared", [&interp](int64_t v) { return 2 * interp.call("square", v).as<int64_t>(); });
  CHECK(interp.eval("twice_squared(3) + 1").as<int64_t>() == 19);
  interp.def("apply", [](tdsl::Value f, int64_t v) { return f(v); });
  CHECK(interp.eval("apply(lambda x: x - 1, 10)").as<int64_t>() == 9);
}
