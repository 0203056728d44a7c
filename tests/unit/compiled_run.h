// The torch.compile tests' script run: a fresh interpreter runs a script,
// then the test reads back its compile statistics, its globals and the
// graphs its compiled functions captured.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <utility>

#include "api/standard.h"
#include "compile/function.h"
#include "compile/runtime.h"
#include "ir/graph.h"
#include "ops/op_table.h"
#include "vm/interpreter.h"
#include "vm/objects.h"

namespace tdsl::testing {

struct CompiledRun {
  StandardInterpreter interp;
  explicit CompiledRun(const std::string& source, InterpreterOptions o = {}) : interp(std::move(o)) {
    interp.runSource("test.td", source);
  }
  const FunctionStats& stats(const std::string& fn) { return compileRuntime(interp).stats.of(fn); }
  bool truthy(const std::string& name) { return interp.truthy(interp.getGlobal(name)); }
  // The graph the first segment of the compiled function `name` captured
  // (its one cache entry; with onlySegment, its only segment).
  const ir::Graph& capturedGraph(const std::string& name, bool onlySegment = true) {
    auto* cf = dynamic_cast<CompiledFunction*>(interp.getGlobal(name).asObj());
    REQUIRE(cf);
    REQUIRE(cf->cache().size() == 1);
    const CacheSlot& slot = cf->cache().begin()->second;
    REQUIRE(!slot.segments.empty());
    if (onlySegment) REQUIRE(slot.segments.size() == 1);
    REQUIRE(slot.segments[0]->graph);
    return *slot.segments[0]->graph;
  }
};

// The op nodes of `g` whose op's base name is `baseName` ("sin", "mul").
inline int count(const ir::Graph& g, const std::string& baseName) {
  int n = 0;
  for (const ir::Node* node : g.opNodes()) n += node->op()->baseName == baseName;
  return n;
}

// Whether one of the graph breaks' reasons contains `part`.
inline bool anyReason(const FunctionStats& s, const std::string& part) {
  for (const std::string& r : s.breakReasons)
    if (r.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace tdsl::testing
