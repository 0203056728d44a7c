// The op table's in-place view ops and new views (docs/views.md).
#include <catch2/catch.hpp>

#include "ir/ir_parser.h"
#include "ops/op_table.h"
#include "opt/functionalize.h"
#include "support/diagnostics.h"

using namespace tdsl;
using namespace tdsl::ir;

TEST_CASE("views_more: in-place view ops link to their view twins", "[op_table][views]") {
  for (const char* name : {"t_", "transpose_.int", "swapdims_", "swapaxes_", "squeeze_", "squeeze_.dim", "unsqueeze_",
                           "as_strided_"}) {
    INFO(name);
    const OpDef* op = opTable().find(name);
    REQUIRE(op != nullptr);
    REQUIRE(op->functional != nullptr);
    CHECK(op->functional->has(kTagView));
    CHECK(op->has(kTagInplace));
    CHECK(op->variants == kMethod);
  }
  CHECK(opTable().find("diagonal")->inverse == opTable().find("diagonal_scatter"));
  CHECK(opTable().find("unfold")->inverse == opTable().find("as_strided_scatter"));
  CHECK(opTable().find("view.dtype")->has(kTagView));
}

TEST_CASE("views_more: functionalize refuses an in-place view node", "[views]") {
  // Graphs hold the view twin (Note [Tracing in-place views]); only a
  // hand-written graph can hold transpose_, and functionalize says why.
  auto g = parseGraph("graph f(%x: f32[2, 3]) {\n  %0 = clone(%x)\n  %1 = transpose_(%0, 0, 1)\n  return (%1)\n}\n");
  try {
    opt::functionalize(*g);
    FAIL("functionalize accepted transpose_");
  } catch (const Error& e) {
    CHECK(e.message.find("transpose_.int changes a tensor's metadata") != std::string::npos);
  }
}
