// Inputs the libFuzzer targets (tests/fuzz) found, reduced to the property
// that broke: each case failed before its fix.
#include <catch2/catch.hpp>

#include <string>

#include "support/diagnostics.h"
#include "ir/ir_parser.h"
#include "ir/ir_printer.h"
#include "opt/pipeline.h"

using namespace tdsl::ir;

namespace {

std::string roundTrip(const std::string& text) { return printGraph(*parseGraph(printGraph(*parseGraph(text)))); }

std::string parseError(const std::string& text) {
  try {
    parseGraph(text);
  } catch (const tdsl::Error& e) {
    return e.message;
  }
  return "";
}

std::string graphWithArg(const std::string& arg) {
  return "graph f(%x: f32[4]) {\n  %0 = add(%x, " + arg + ")\n  return (%0)\n}\n";
}

}  // namespace

// fuzz_tir: `tr-infue1` is the symbolic int `tr - infue1`, printed as
// `-infue1 + tr`, which the parser read as the float -inf followed by junk.
TEST_CASE("fuzz_tir: a symbol starting with 'inf' after a minus sign round-trips") {
  std::string printed = printGraph(*parseGraph(graphWithArg("tr-infue1")));
  CHECK(printed.find("-infue1 + tr") != std::string::npos);
  CHECK(roundTrip(graphWithArg("tr-infue1")) == printed);
  CHECK(printGraph(*parseGraph(graphWithArg("-inf"))).find("add(%x, -inf)") != std::string::npos);
}

// Note [Reserved symbol names]: `tr - inf` printed as `-inf + tr` reads back
// as a float; a symbol may not be spelled like an argument literal.
TEST_CASE("fuzz_tir: symbols spelled like literals are rejected") {
  for (const char* word : {"inf", "nan", "true", "false", "None", "f32", "i64"}) {
    INFO(word);
    CHECK(parseError(graphWithArg(std::string("tr - ") + word)).find("cannot name a symbolic int") !=
          std::string::npos);
  }
  CHECK(parseError(graphWithArg("tr - infinity")).empty());
  CHECK(parseError(graphWithArg("s0 * 2 - 1")).empty());
}

TEST_CASE("fuzz: symbolic size arithmetic that overflows int64 is an error, not a wrapped value", "[ir][fuzz]") {
  // Note [Checked SymInt arithmetic]: this folded to -0 (signed overflow).
  CHECK(parseError(graphWithArg("1 + 9223372036854775807")) == "2:16: integer overflow in a symbolic size expression");
  CHECK(parseError(graphWithArg("3037000500 * 3037000500")) == "2:16: integer overflow in a symbolic size expression");
  CHECK(parseError(graphWithArg("9223372036854775807 + 0")) == "");
}

TEST_CASE("fuzz: a type whose symbolic strides would expand without bound is refused quickly", "[ir][fuzz]") {
  // Contiguous strides multiply the sizes; sizes that are sums of many
  // symbols made a product with millions of terms (seconds per input).
  std::string size;
  for (int i = 0; i < 8; ++i) size += (i ? ", " : "") + std::string("a") + std::to_string(i) + " + b" + std::to_string(i) + " + c" + std::to_string(i);
  std::string e = parseError("graph f(%x: f32[" + size + "]) {\n  return (%x)\n}\n");
  INFO(e);
  CHECK(e.find("symbolic size expression too large") != std::string::npos);
}

// fuzz_tir (the seed tests/ir/fuse/roundtrip_fused.tir through the whole
// pipeline): functionalize took a Fused node for the output node and then
// looked up a value it never defined (std::out_of_range, terminate). The
// passes before fusion refuse such a graph with an error instead.
TEST_CASE("fuzz_tir: passes before fusion refuse a graph that already holds fused nodes") {
  const std::string text =
      "graph f(%x: f32[6]) {\n"
      "  %0 = fused(%x) : f32[6] graph g(%in0: f32[6]) {\n"
      "    %0 = neg(%in0) : f32[6]\n"
      "    return (%0)\n"
      "  }\n"
      "  %1 = add(%0, 1)\n"
      "  return (%1)\n"
      "}\n";
  for (const char* pass : {"functionalize", "reinplace", "dce", "cse"}) {
    auto g = parseGraph(text);
    std::string message;
    try {
      tdsl::opt::runPasses(*g, {pass}, tdsl::opt::PipelineOptions{});
    } catch (const tdsl::Error& e) {
      message = e.message;
    }
    CHECK(message == std::string("pass '") + pass + "' runs before fusion: the graph already holds fused node g");
  }
  auto g = parseGraph(text);
  CHECK_NOTHROW(tdsl::opt::runPasses(*g, {"fuse"}, tdsl::opt::PipelineOptions{}));
}
