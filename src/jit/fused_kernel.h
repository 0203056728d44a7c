// Runs Fused nodes (Note [Fused nodes] in ir/graph.h) as JIT kernels: the
// factory plugs into ir::PreparedGraph.
//
// Note [Fused kernel calls]
// Per call: the results' metadata comes from the body's shape rules on the
// actual inputs (cached while the input layouts repeat), so the results are
// laid out exactly as eager lays them out; the results are allocated; the
// iteration space (the common result shape) is coalesced over all operands
// in row-major order; each operand's inner stride gives its layout class;
// the coalesced loop and its kernel are kept while the operands' layouts
// repeat; gathers' and indexed stores' indices are checked first (Note
// [Indexed access]), and a store's result is the input it wrote (no
// allocation); the kernel runs over the rows in fixed chunks of kParallelGrain elements
// of the row-major iteration space, on up to JitContext::numThreads threads
// (Note [Parallel chunks]); a chunk that sees Ctrl-C (or the deadline
// watchdog's interrupt) raises KeyboardInterrupt, the chunks not yet begun
// are skipped, and the call raises it once every thread has stopped.
// A body the vector layer does not take, or a codegen error, sends the group
// to the reference path (ir::referenceFusedRunner) for good, with one log line.
#pragma once

#include <memory>

#include "ir/graph_executor.h"
#include "jit/jit_context.h"

namespace tdsl::jit {

ir::FusedRunnerFactory jitFusedRunners(std::shared_ptr<JitContext> context);

}  // namespace tdsl::jit
