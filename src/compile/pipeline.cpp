// Segment compilation through the optimization pipeline (pipeline.h).
#include "compile/pipeline.h"

#include <memory>
#include <sstream>

#include "ir/graph_executor.h"
#include "ir/ir_printer.h"
#include "ir/verifier.h"
#include "opt/pipeline.h"
#include "compile/jit.h"
#include "compile/runtime.h"
#include "vm/interpreter.h"

namespace tdsl {

OptimizedSegment optimizeSegmentGraph(Interpreter& interp, const Backend& backend, const ir::Graph& captured,
                                      const SegmentContext& context) {
  const CompileLogs& logs = compileRuntime(interp).logs;
  OptimizedSegment result;
  result.graph = copyGraph(captured);
  ir::Graph* g = result.graph.get();
  if (backend.kind == Backend::Kind::Eager || backend.kind == Backend::Kind::Script) return result;
  opt::PipelineOptions po;
  po.interrupt.flag = interp.tensorState()->interrupt;  // Note [Interrupting passes]
  po.verify = po.verify || interp.options().verifyPasses;  // Note [Verification]
  std::ostringstream passLog;
  if (logs.passes) po.log = &passLog;
  const std::string header = "of " + context.function + " (" + backend.name() + " backend";
  if (po.verify) {
    // The pipeline's input: a failure here is the tracer's, not a pass's.
    std::vector<std::string> problems = ir::verifyGraph(*g);
    if (!problems.empty()) {
      std::string msg = "internal error: the captured graph " + header + ") does not verify:";
      for (const std::string& p : problems) msg += "\n  " + p;
      throw InternalError(msg);
    }
  }
  try {
    // functionalize first on its own, so its result can be logged.
    opt::runPasses(*g, {"functionalize"}, po);
    if (logs.functional) logs.write("functional", "functional graph " + header + "):\n" + ir::printGraph(*g));
    if (backend.kind == Backend::Kind::Tdsl) {
      std::vector<std::string> rest;
      for (const std::string& name : opt::passNames())
        if (name != "functionalize" && (backend.reinplace || name != "reinplace")) rest.push_back(name);
      po.inputFunctional = true;  // functionalize just ran
      opt::PipelineResult r = opt::runPasses(*g, rest, po);
      result.reinplace = r.reinplace;
      for (FunctionStats* s : context.stats)
        for (const opt::ReinplaceDecision& d : r.reinplace.decisions) {
          if (d.reinplaced) {
            ++s->reinplaced;
          } else {
            // "slice_scatter #4" -> op "slice_scatter"; the position goes with the reason.
            std::string op = d.candidate.substr(0, d.candidate.find(" #"));
            std::string where = op.size() < d.candidate.size() ? d.candidate.substr(op.size() + 1) + ": " : "";
            s->notReinplaced.emplace_back(op, where + d.reason);
          }
        }
    }
  } catch (const opt::PassVerificationError& e) {  // Note [Verification]
    throw InternalError("internal error: pass " + e.pass + " broke the graph " + header + "): " + e.message);
  } catch (const Error& e) {
    if (e.kind == ErrorKind::Interrupt) throw;  // Note [Interrupting passes]
    // Note [Pipeline failure]
    if (logs.passes) logs.write("passes", passLog.str());
    if (logs.optimized)
      logs.write("optimized", "pipeline " + header + ") failed: " + e.message + "\nrunning the captured graph");
    result.graph = copyGraph(captured);
    result.reinplace = {};
    result.pipelineFailed = true;
    return result;
  }
  if (logs.passes) logs.write("passes", "passes " + header + "):\n" + passLog.str());
  if (logs.optimized)
    logs.write("optimized", "optimized graph " + header + (backend.reinplace ? "" : ", no reinplacing") + "):\n" +
                                ir::printGraph(*g));
  return result;
}

CompiledGraph compileWithPipeline(Interpreter& interp, const Backend& backend, const ir::Graph& graph,
                                  const SegmentContext& context) {
  TDSL_ASSERT(backend.kind != Backend::Kind::Script);
  ir::FusedRunnerFactory fusedRunners;
  if (backend.kind == Backend::Kind::Tdsl) fusedRunners = jitFusedRunnersFor(interp);  // issue 12
  auto prepared = std::make_shared<ir::PreparedGraph>(optimizeSegmentGraph(interp, backend, graph, context).graph,
                                                      fusedRunners);
  std::vector<FunctionStats*> sinks = context.stats;
  return [prepared, sinks](Interpreter& I, const std::vector<Value>& in) {
    ir::ExecCounters counters;
    auto run = [&] { return prepared->run(*I.tensorState(), in, &counters); };
    // Only fused nodes do JIT work.
    std::vector<Value> out = prepared->hasFusedSteps() && !sinks.empty() ? withJitStats(I, sinks, run) : run();
    for (FunctionStats* s : sinks) s->bytesCopied += counters.bytesCopied;
    return out;
  };
}

}  // namespace tdsl
