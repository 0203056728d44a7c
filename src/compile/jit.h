// The tdsl backend's JIT (issue 12, DESIGN.md §2.6): fused nodes of its
// optimized graphs run as machine code (jit/fused_kernel.h) unless the JIT
// is off (--no-jit, TDSL_JIT=0), when they run their bodies through the
// eager kernels (the reference). The tier is the best the CPU has, or
// TDSL_ISA's (sse2, avx2); --log code prints each kernel; statistics get
// kernels_compiled, kernel_cache_hits and jit_ms per compiled function.
#pragma once

#include <vector>

#include "ir/graph_executor.h"
#include "compile/stats.h"
#include "vm/interpreter.h"

namespace tdsl {

// Whether fused nodes run as machine code (not --no-jit, not TDSL_JIT=0).
bool jitEnabled(const Interpreter& interp);

// Runners for the fused nodes of a tdsl-backend graph; empty (the
// reference runner) when the JIT is off. Throws Error(Value) for a TDSL_ISA
// the CPU cannot run.
ir::FusedRunnerFactory jitFusedRunnersFor(Interpreter& interp);

// Adds the JIT work done while `body` runs to every sink.
template <class F>
auto withJitStats(Interpreter& interp, const std::vector<FunctionStats*>& sinks, F&& body) -> decltype(body());

// The interpreter's counters so far (zero before any kernel).
struct JitTotals {
  int64_t kernelsCompiled = 0, cacheHits = 0;
  double jitMs = 0;
};
JitTotals jitTotals(Interpreter& interp);

template <class F>
auto withJitStats(Interpreter& interp, const std::vector<FunctionStats*>& sinks, F&& body) -> decltype(body()) {
  JitTotals before = jitTotals(interp);
  struct Add {
    Interpreter& interp;
    const std::vector<FunctionStats*>& sinks;
    JitTotals before;
    ~Add() {
      JitTotals after = jitTotals(interp);
      for (FunctionStats* s : sinks) {
        s->kernelsCompiled += after.kernelsCompiled - before.kernelsCompiled;
        s->kernelCacheHits += after.cacheHits - before.cacheHits;
        s->jitMs += after.jitMs - before.jitMs;
      }
    }
  } add{interp, sinks, before};
  return body();
}

}  // namespace tdsl
