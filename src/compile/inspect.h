// Read-only views of a compiled function for the REPL's meta-commands
// (issue 13: :graph, :passes, :explain, :dot). Nothing here changes what a
// compiled function does: the segments come from its compile cache, and the
// pass stages come from running the backend's own pipeline
// (optimizeSegmentGraph, compile/pipeline.h) once more on a copy of the
// captured graph, with its `passes` log collected instead of printed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compile/function.h"
#include "compile/stats.h"
#include "ir/graph.h"
#include "opt/reinplace.h"

namespace tdsl {

// The compiled callable `v` is (torch.compile's result), or nullptr.
const CompiledFunction* asCompiledFunction(const Value& v);

// One cached segment of a compiled function.
struct SegmentView {
  uint32_t entryPc = 0;
  std::string entry;       // "file:line:col" where the segment starts
  std::string entryLine;   // that source line
  bool isReturn = false;   // false: ends in a graph break
  std::string breakReason; // "... at file:line:col" (graph breaks only)
  std::string breakLine;   // the source line of the break
  const ir::Graph* graph = nullptr;  // as captured; null when it has no ops
  std::string guards;      // describeGuards()
};
// Every segment in `f`'s cache, by entry pc (then in cache order).
std::vector<SegmentView> segmentsOf(const CompiledFunction& f);
// The segments f's last call ran, each once, in the order it first ran them.
std::vector<SegmentView> lastCallSegmentsOf(const CompiledFunction& f);

// The pipeline of f's backend on one captured graph, stage by stage.
struct PassStages {
  std::string backend;       // "tdsl", "aot_eager", "eager", "custom"
  bool reinplacing = true;   // the backend's reinplace setting
  std::string passLog;       // "after <pass>:" + IR or "(unchanged)", decisions (tdsl, aot_eager)
  std::shared_ptr<ir::Graph> optimized;  // what the backend executes
  opt::ReinplaceReport reinplace;
  bool pipelineFailed = false;  // Note [Pipeline failure]
};
PassStages passStagesOf(Interpreter& interp, const CompiledFunction& f, const ir::Graph& captured);

// What tdsl.explain(fn)(*args) reports (graph count, breaks with reasons,
// node counts), followed by the guards of every segment the call traced.
// Runs fn once, traced with the eager backend, as tdsl.explain does.
std::string explainCall(Interpreter& interp, const Value& fn, const std::vector<Value>& args);

}  // namespace tdsl
