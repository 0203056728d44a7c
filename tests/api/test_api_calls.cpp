// Keyword arguments in the typed call API, and library output through the
// interpreter's sinks (issue 14).
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("call passes keyword arguments written tdsl::arg(name) = value", "[api]") {
  tdsl::Interpreter interp;
  interp.exec("def f(x, scale=1.0, shift=0):\n    return x * scale + shift\n");
  CHECK(interp.call("f", 2.0).as<double>() == 2.0);
  CHECK(interp.call("f", 2.0, tdsl::arg("scale") = 3.0).as<double>() == 6.0);
  CHECK(interp.call("f", tdsl::arg("x") = 1, tdsl::arg("shift") = 5).as<double>() == 6.0);
  tdsl::Value f = interp.get("f");
  CHECK(f(2, tdsl::arg("shift") = 1).as<double>() == 3.0);
  try {
    interp.call("f", 1, tdsl::arg("offset") = 2);
    FAIL("no error");
  } catch (const tdsl::Error& e) {
    CHECK(e.kind() == tdsl::ErrorKind::TypeError);
    CHECK(e.message() == "f() got an unexpected keyword argument 'offset'");
  }
  CHECK_THROWS_WITH(interp.call("f", tdsl::arg("x") = 1, 2), "positional argument follows keyword argument");
  CHECK_THROWS_WITH(interp.call("f", tdsl::arg("x")), Catch::Contains("keyword argument 'x' has no value"));
  // Host functions take keywords from the host too.
  interp.def("clamp", [](double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }, tdsl::arg("x"),
             tdsl::arg("lo") = 0.0, tdsl::arg("hi") = 1.0);
  CHECK(interp.call("clamp", 5.0, tdsl::arg("hi") = 4.0).as<double>() == 4.0);
}

TEST_CASE("torch.compile's messages go to the interpreter's error sink, not stderr", "[api]") {
  tdsl::Interpreter interp;
  std::string err;
  interp.setErrorOutput([&](std::string_view s) { err += s; });
  // A new int constant each call: one trace per value until the recompile limit.
  interp.exec(
      "import torch\n"
      "@torch.compile(dynamic=False)\n"
      "def f(x, n):\n"
      "    return x * n\n"
      "for n in range(20):\n"
      "    f(torch.ones(2), n)\n");
  CHECK(err.find("hit the recompile limit") != std::string::npos);
}
