// Capabilities (issue 14): an embedded interpreter reaches no file unless
// the host grants a directory; imports from disk, denied modules, and the
// tdsl program's --sandbox.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/tdsl_sandbox_XXXXXX";
    REQUIRE(::mkdtemp(tmpl) != nullptr);
    path = tmpl;
  }
  ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
  std::string operator/(const std::string& name) const { return path + "/" + name; }
};

}  // namespace

TEST_CASE("a sandboxed script cannot import from disk; a granted directory can", "[api][sandbox]") {
  TempDir dir;
  std::ofstream(dir / "helper.td") << "def twice(x):\n    return 2 * x\n";
  {
    tdsl::Interpreter interp;  // the default: no directory
    tdsl::Result r = interp.tryExec("import helper\n", "main.td");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->kind() == tdsl::ErrorKind::NameError);
    CHECK(r.error->message() == "No module named 'helper'");
    CHECK(interp.eval("1 + 2").as<int>() == 3);
  }
  tdsl::Interpreter interp;
  interp.setCapabilities(tdsl::Capabilities{{dir.path}, {}, {}});
  interp.exec("import helper\ny = helper.twice(21)\n");
  CHECK(interp.get<int>("y") == 42);
  // A link inside the granted directory that leads outside it is refused.
  TempDir outside;
  std::ofstream(outside / "secret.td") << "x = 1\n";
  REQUIRE(::symlink((outside / "secret.td").c_str(), (dir / "leak.td").c_str()) == 0);
  tdsl::Result r = interp.tryExec("import leak\n");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message().find("PermissionError") == 0);
}

TEST_CASE("a host can deny modules by name, e.g. the clock", "[api][sandbox]") {
  tdsl::Interpreter interp;
  tdsl::Capabilities caps;
  caps.deniedModules = {"time"};
  interp.setCapabilities(caps);
  tdsl::Result r = interp.tryExec("import math\nimport time\n", "clock.td");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message() == "ImportError: import of module 'time' is not permitted in this interpreter");
  CHECK(r.error->line() == 2);
  CHECK(interp.eval("math.sqrt(4.0)").as<double>() == 2.0);
  interp.setCapabilities(tdsl::Capabilities{});
  interp.exec("import time\nt = time.time()\n");
  CHECK(interp.get<double>("t") > 0);
}

#ifdef TDSL_BINARY
TEST_CASE("tdsl run grants the current directory; --sandbox grants nothing", "[api][sandbox]") {
  TempDir dir;
  std::ofstream(dir / "helper.td") << "VALUE = 7\n";
  std::ofstream(dir / "main.td") << "import helper, torch, tdsl\nprint(helper.VALUE)\ntdsl.save_npy('out.npy', torch.ones(2))\nprint(tdsl.load_npy('out.npy').sum().item())\n";
  auto run = [&](const std::string& flags, std::string& out) {
    std::string cmd = "cd '" + dir.path + "' && '" TDSL_BINARY "' run " + flags + " main.td > out.txt 2>&1";
    int rc = std::system(cmd.c_str());
    std::stringstream ss;
    ss << std::ifstream(dir / "out.txt").rdbuf();
    out = ss.str();
    return rc;
  };
  std::string out;
  CHECK(run("", out) == 0);
  CHECK(out == "7\n2.0\n");
  CHECK(run("--sandbox", out) != 0);
  CHECK(out.find("No module named 'helper'") != std::string::npos);
}
#endif
