// Limits::maxRecursionDepth: a host lowers the script recursion limit per
// interpreter (issue 14's "recursion depth" limit).
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

namespace {

constexpr const char* kDepth = "import sys\ndef depth(n):\n    return n if n == 0 else 1 + depth(n - 1)\n";

}  // namespace

TEST_CASE("a host lowers the recursion limit of one interpreter", "[api][limits]") {
  tdsl::Interpreter interp, other;
  tdsl::Limits limits;
  limits.maxRecursionDepth = 50;
  interp.setLimits(limits);
  interp.exec(kDepth);
  other.exec(kDepth);
  CHECK(interp.eval("depth(40)").as<int>() == 40);
  tdsl::Result r = interp.tryExec("depth(60)\n", "deep.td");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind() == tdsl::ErrorKind::RecursionError);
  CHECK(r.error->message() == "maximum recursion depth exceeded");
  CHECK(r.error->line() == 3);
  CHECK(interp.eval("sys.getrecursionlimit()").as<int>() == 50);
  // The interpreter stays usable, and the other one keeps the default.
  CHECK(interp.eval("depth(10)").as<int>() == 10);
  CHECK(other.eval("depth(500)").as<int>() == 500);
  CHECK(other.eval("sys.getrecursionlimit()").as<int>() == 1000);
  // 0, or more than the VM's 1000 frames, is the default.
  limits.maxRecursionDepth = 0;
  interp.setLimits(limits);
  CHECK(interp.eval("depth(500)").as<int>() == 500);
  limits.maxRecursionDepth = 100000;
  interp.setLimits(limits);
  CHECK(interp.eval("sys.getrecursionlimit()").as<int>() == 1000);
  CHECK_FALSE(interp.tryExec("depth(5000)\n").ok());
}
