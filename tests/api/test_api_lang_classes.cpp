// Exceptions and sandbox limits (issue 15): a script cannot catch the
// errors that enforce its limits, whatever its except clauses say.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

namespace {

tdsl::Error errorOf(tdsl::Interpreter& interp, const std::string& source) {
  tdsl::Result r = interp.tryExec(source, "limits.td");
  REQUIRE_FALSE(r.ok());
  return *r.error;
}

}  // namespace

TEST_CASE("except clauses cannot swallow the step limit", "[api][lang]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.maxSteps = 10000;
  interp.setLimits(limits);
  for (const char* clause : {"except Exception:", "except BaseException:", "except:", "finally:"}) {
    std::string src = std::string("caught = 0\nwhile True:\n    try:\n        while True:\n            pass\n    ") + clause +
                      "\n        caught += 1\n";
    CHECK(errorOf(interp, src).message() == "step limit exceeded");
    CHECK(interp.get<int64_t>("caught") == 0);
  }
  // An ordinary error in the same shape is caught.
  limits.maxSteps = 0;
  interp.setLimits(limits);
  interp.exec("caught = 0\ntry:\n    [][1]\nexcept Exception:\n    caught += 1\n");
  CHECK(interp.get<int64_t>("caught") == 1);
}

TEST_CASE("except clauses cannot swallow the tensor memory limit", "[api][lang]") {
  tdsl::Interpreter interp;
  tdsl::Limits limits;
  limits.maxTensorBytes = 1 << 20;
  interp.setLimits(limits);
  tdsl::Error e = errorOf(interp, "import torch\ntry:\n    x = torch.zeros(1 << 22)\nexcept BaseException:\n    pass\n");
  CHECK(e.kind() == tdsl::ErrorKind::ResourceError);
}

TEST_CASE("a host sees a raised exception as an error of its kind", "[api][lang]") {
  tdsl::Interpreter interp;
  tdsl::Error e = errorOf(interp, "class Bad(ValueError):\n    pass\nraise Bad('no')\n");
  CHECK(e.kind() == tdsl::ErrorKind::ValueError);
  CHECK(e.message() == "Bad: no");
  CHECK(e.line() == 3);
}
