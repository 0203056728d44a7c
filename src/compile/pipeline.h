// Compiling one captured segment graph for the built-in graph backends
// (issue 5, DESIGN.md §2.4-2.5). The captured graph is never modified:
//   "tdsl"      functionalize -> reinplace -> dce -> cse (reinplace skipped
//               with --no-reinplace or torch.compile(options={"reinplace":
//               False})), then the optimized graph is executed;
//   "aot_eager" functionalize only, then executed;
//   "eager"     the captured graph as is.
// Prepare once, run many: the pipeline runs once per segment and the result
// is a PreparedGraph (ir/graph_executor.h) executed on every call.
//
// Observability: log categories `functional` (the graph after
// functionalization), `optimized` (after the whole pipeline) and `passes`
// (after each pass: the IR or "(unchanged)", plus the reinplacing
// decisions); statistics (compile_stats.h) get the reinplacing decisions of
// each compiled graph and, per call, the bytes the executed ops really copied.
//
// Note [Pipeline failure]
// A pass that cannot handle a graph (symbolic sizes needing new nodes)
// throws tdsl::Error; the segment then runs its captured graph as it is
// (still correct: it holds the original in-place ops) and the `optimized`
// log says so. A verification failure is not such a case: it is a bug in
// the pass, reported as an internal error (Note [Verification] in
// opt/pipeline.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "opt/reinplace.h"
#include "compile/backends.h"
#include "compile/stats.h"

namespace tdsl {

// The graph a built-in backend executes for `captured` (a new graph; the
// captured one is not modified), after logging and recording the pipeline's
// decisions into context.stats. `pipelineFailed`: Note [Pipeline failure].
struct OptimizedSegment {
  std::shared_ptr<ir::Graph> graph;
  opt::ReinplaceReport reinplace;
  bool pipelineFailed = false;
};
OptimizedSegment optimizeSegmentGraph(Interpreter& interp, const Backend& backend, const ir::Graph& captured,
                                      const SegmentContext& context);

// A built-in backend's compiled graph (backends.cpp's switch): the
// optimized graph, prepared once, run by the graph executor on every call.
CompiledGraph compileWithPipeline(Interpreter& interp, const Backend& backend, const ir::Graph& graph,
                                  const SegmentContext& context);

}  // namespace tdsl
