// The in-house FileCheck: every directive kind, both passing and failing.
#include <catch2/catch.hpp>

#include "ir/filecheck.h"

using tdsl::ir::runFileCheck;

namespace {
const char* kOutput =
    "graph f(%x: f32[4]) {\n"
    "  %0 = slice(%x, 0, 1) : f32[3]{offset=1}\n"
    "  %1 = add_(%0, 1) : f32[3]{offset=1}\n"
    "  %2 = mul(%x, 2) : f32[4]\n"
    "  %3 = mul(%2, 2) : f32[4]\n"
    "  return (%3)\n"
    "}\n";
}

TEST_CASE("filecheck: CHECK matches in order", "[filecheck]") {
  CHECK(runFileCheck("// CHECK: slice\n// CHECK: add_\n// CHECK: return", kOutput).ok);
  auto r = runFileCheck("// CHECK: add_\n// CHECK: slice", kOutput);
  CHECK_FALSE(r.ok);
  CHECK(r.message.find("check file line 2: CHECK: slice") != std::string::npos);
  CHECK(r.message.find("pattern not found") != std::string::npos);
}

TEST_CASE("filecheck: CHECK-NEXT requires the very next line", "[filecheck]") {
  CHECK(runFileCheck("// CHECK: slice\n// CHECK-NEXT: add_", kOutput).ok);
  auto r = runFileCheck("// CHECK: slice\n// CHECK-NEXT: mul", kOutput);
  CHECK_FALSE(r.ok);
  CHECK(r.message.find("not found on the next line") != std::string::npos);
}

TEST_CASE("filecheck: CHECK-NOT between two matches and at the end", "[filecheck]") {
  CHECK(runFileCheck("// CHECK: slice\n// CHECK-NOT: mul\n// CHECK: add_", kOutput).ok);
  auto between = runFileCheck("// CHECK: slice\n// CHECK-NOT: add_\n// CHECK: mul", kOutput);
  CHECK_FALSE(between.ok);
  CHECK(between.message.find("excluded pattern found on output line 3") != std::string::npos);
  CHECK(runFileCheck("// CHECK: return\n// CHECK-NOT: mul", kOutput).ok);
  CHECK_FALSE(runFileCheck("// CHECK: add_\n// CHECK-NOT: mul", kOutput).ok);
}

TEST_CASE("filecheck: CHECK-COUNT counts matches", "[filecheck]") {
  CHECK(runFileCheck("// CHECK-COUNT-2: mul(", kOutput).ok);
  auto r = runFileCheck("// CHECK-COUNT-3: mul(", kOutput);
  CHECK_FALSE(r.ok);
  CHECK(r.message.find("found only 2 of 3") != std::string::npos);
  CHECK_FALSE(runFileCheck("// CHECK-COUNT-2: mul(\n// CHECK-NOT: mul(", kOutput + std::string("  %4 = mul(%3, 1)\n")).ok);
}

TEST_CASE("filecheck: regex blocks and variables", "[filecheck]") {
  CHECK(runFileCheck("// CHECK: %{{[0-9]+}} = add_", kOutput).ok);
  CHECK(runFileCheck("// CHECK: %[[M:[0-9]+]] = mul(%x\n// CHECK-NEXT: mul(%[[M]], 2)", kOutput).ok);
  CHECK_FALSE(runFileCheck("// CHECK: %[[M:[0-9]+]] = mul(%x\n// CHECK: mul(%[[M]], 3)", kOutput).ok);
  CHECK(runFileCheck("// CHECK-LABEL: graph f\n// CHECK: return", kOutput).ok);
}

TEST_CASE("filecheck: malformed check files are errors", "[filecheck]") {
  CHECK_FALSE(runFileCheck("no directives here", kOutput).ok);
  auto r = runFileCheck("// CHECK-COUNT-0: mul", kOutput);
  CHECK_FALSE(r.ok);
  CHECK(r.message.find("CHECK-COUNT needs n >= 1") != std::string::npos);
  CHECK_FALSE(runFileCheck("// CHECK:   ", kOutput).ok);
}
