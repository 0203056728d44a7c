// Note [Verification]: the verifier after every pass is an option of every
// build type (PipelineOptions::verify, InterpreterOptions::verifyPasses,
// `tdsl run --verify-passes`, TDSL_VERIFY=1), and a graph it rejects is an
// internal error naming the stage, never a silent fallback. These tests hold
// in Release/RelWithDebInfo builds, where verification is off by default.
#include <catch2/catch.hpp>

#include <cstdio>
#include <functional>
#include <string>

#include "ir/graph.h"
#include "ir/ir_parser.h"
#include "ir/verifier.h"
#include "opt/pipeline.h"
#include "compile/pipeline.h"
#include "vm/interpreter.h"

using namespace tdsl;

namespace {

// `%0 = add(%x, 1)` whose result claims f32[5] while its shape rule says
// f32[4]: what a pass that rewrote the node without its metadata leaves.
std::unique_ptr<ir::Graph> graphWithWrongMeta() {
  auto g = ir::parseGraph("graph f(%x: f32[4]) {\n  %0 = add(%x, 1)\n  return (%0)\n}\n");
  ir::IrValue* sum = g->outputs().at(0);
  sum->setMeta(ir::ValueMeta::contiguous(DType::Float32, {5}));
  return g;
}

std::string internalErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InternalError& e) {
    return e.what();
  }
  return "<no internal error>";
}

std::string runCli(const std::string& args) {
  std::string cmd = std::string(TDSL_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  pclose(p);
  return out;
}

}  // namespace

TEST_CASE("verify option: runPasses names the pass after which the graph stops verifying", "[verify]") {
  auto g = graphWithWrongMeta();
  opt::PipelineOptions options;
  options.verify = true;
  try {
    opt::runPasses(*g, {"dce"}, options);
    FAIL("the broken graph went through unverified");
  } catch (const opt::PassVerificationError& e) {
    CHECK(e.pass == "dce");
    CHECK(e.message.find("IR verification failed after dce:") == 0);
    CHECK(e.message.find("result type f32[5] differs from the shape rule's f32[4]") != std::string::npos);
  }
}

TEST_CASE("verify option: off, the same graph goes through (what the option turns on)", "[verify]") {
  auto g = graphWithWrongMeta();
  opt::PipelineOptions options;
  options.verify = false;
  CHECK_NOTHROW(opt::runPasses(*g, {"dce"}, options));
}

TEST_CASE("verify option: torch.compile's pipeline reports a graph that does not verify as an internal error",
          "[verify]") {
  InterpreterOptions o;
  o.verifyPasses = true;
  Interpreter interp(o);
  auto captured = graphWithWrongMeta();
  for (Backend::Kind kind : {Backend::Kind::Tdsl, Backend::Kind::AotEager}) {
    Backend backend;
    backend.kind = kind;
    std::string what = internalErrorOf([&] { optimizeSegmentGraph(interp, backend, *captured, {"f", {}}); });
    INFO(what);
    CHECK(what.find("internal error: the captured graph of f (" + backend.name() + " backend) does not verify:") == 0);
    CHECK(what.find("differs from the shape rule's f32[4]") != std::string::npos);
  }
}

TEST_CASE("verify option: without it a release build keeps its unverified pipeline", "[verify]") {
  if (opt::kVerifyPassesByDefault) return;  // debug builds verify by default
  Interpreter interp;
  auto captured = graphWithWrongMeta();
  Backend backend;
  CHECK_NOTHROW(optimizeSegmentGraph(interp, backend, *captured, {"f", {}}));
}

TEST_CASE("verify option: tdsl run documents --verify-passes", "[verify]") {
  CHECK(runCli("--help").find("--verify-passes") != std::string::npos);
}

TEST_CASE("verify option: copies through the text form keep the strides of size-1 dims", "[verify]") {
  // Found by verifying compiled runs: x[::2**63-1] has one element with
  // stride 2**63-1, which the text form dropped, so the copy the pipeline
  // optimizes no longer matched slice's shape rule.
  auto g = ir::parseGraph("graph f(%x: i64[3]) {\n  %0 = slice(%x, 0, None, None, 9223372036854775807)\n  return (%0)\n}\n");
  REQUIRE(g->outputs().at(0)->meta().strides == std::vector<ir::SymInt>{9223372036854775807});
  auto copy = copyGraph(*g);
  CHECK(copy->outputs().at(0)->meta().strides == std::vector<ir::SymInt>{9223372036854775807});
  CHECK(ir::verifyGraph(*copy).empty());
}
