// The x86 kernels' loop structure (Note [Kernel loops] in jit/x86_codegen.h):
// contiguous operands are addressed through one element index, the vector
// loop runs two copies of the body per iteration, then single vectors, then
// one lane at a time; a body that calls SLEEF is not unrolled, and a
// strided operand leaves only the one-lane loop. The results of every tail
// length are checked against eager by test_jit_kernels.cpp (sizes up to
// twice the unrolled width, guard values past the output).
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "ir/ir_parser.h"
#include "jit/vector_program.h"
#include "jit/x86_codegen.h"

namespace {

using namespace tdsl;
using tdsl::jit::IsaTier;
using tdsl::jit::Layout;

std::string assemblyOf(const char* text, const std::vector<Layout>& layouts, IsaTier tier) {
  auto body = ir::parseGraph(text);
  std::string why;
  auto program = jit::buildVectorProgram(*body, &why);
  INFO(why);
  REQUIRE(program);
  asmjit::JitRuntime rt;
  jit::CodegenResult r = jit::compileX86Kernel(rt, *program, layouts, tier, true);
  INFO(r.error);
  REQUIRE(r.fn);
  return r.assembly;
}

const char* kAdd = "graph b(%in0: f32[5], %in1: f32[5]) {\n  %0 = add(%in0, %in1) : f32[5]\n  return (%0)\n}\n";
const char* kExp = "graph b(%in0: f32[5]) {\n  %0 = exp(%in0) : f32[5]\n  return (%0)\n}\n";
const std::vector<Layout> kContiguous3 = {Layout::Contiguous, Layout::Contiguous, Layout::Contiguous};

bool has(const std::string& text, const char* pattern) { return std::regex_search(text, std::regex(pattern)); }

}  // namespace

TEST_CASE("jit x86 loops: two copies per vector iteration, then one, through one element index", "[jit]") {
  for (IsaTier tier : {IsaTier::Sse2, IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    const std::string a = assemblyOf(kAdd, kContiguous3, tier);
    INFO(jit::tierName(tier) << "\n" << a);
    CHECK(has(a, R"(\badd (?!rsp)\w+, 16\n)"));  // 2 x 8 float32 lanes
    CHECK(has(a, R"(\badd (?!rsp)\w+, 8\n)"));   // one virtual vector
    CHECK(has(a, R"(\binc \w+\n)"));      // one lane
    // The second copy's load: the shared index, 32 bytes further.
    CHECK(has(a, R"(ptr \[\w+\+\w+\*4\+32\])"));
    // No contiguous pointer moves: the only immediate adds step the index.
    CHECK_FALSE(has(a, R"(\badd (?!rsp)\w+, (32|64)\n)"));
  }
}

TEST_CASE("jit x86 loops: a SLEEF call is not unrolled; a strided operand runs one lane at a time", "[jit]") {
  for (IsaTier tier : {IsaTier::Sse2, IsaTier::Avx2}) {
    if (!jit::cpuHas(tier)) continue;
    const std::string e = assemblyOf(kExp, {Layout::Contiguous, Layout::Contiguous}, tier);
    INFO(jit::tierName(tier) << "\n" << e);
    CHECK(has(e, R"(\badd (?!rsp)\w+, 8\n)"));
    CHECK_FALSE(has(e, R"(\badd (?!rsp)\w+, 16\n)"));
    const std::string s = assemblyOf(kAdd, {Layout::Contiguous, Layout::Strided, Layout::Contiguous}, tier);
    INFO(s);
    CHECK_FALSE(has(s, R"(\badd (?!rsp)\w+, (8|16)\n)"));
    CHECK(has(s, R"(\binc \w+\n)"));
  }
}
