// The tdsl backend's JIT hook (compile_jit.h).
#include "compile/jit.h"

#include <cstdlib>
#include <cstring>

#include "jit/fused_kernel.h"
#include "jit/jit_context.h"
#include "compile/runtime.h"

namespace tdsl {

namespace {

}  // namespace

bool jitEnabled(const Interpreter& interp) {
  if (!interp.options().jit) return false;
  const char* env = std::getenv("TDSL_JIT");
  return !(env && std::strcmp(env, "0") == 0);
}

ir::FusedRunnerFactory jitFusedRunnersFor(Interpreter& interp) {
  if (!jitEnabled(interp)) return {};
  CompileRuntime& rt = compileRuntime(interp);
  if (!rt.jit) {
    auto ctx = std::make_shared<jit::JitContext>(jit::selectTier(std::getenv("TDSL_ISA")));
    const CompileLogs* logs = &rt.logs;
    if (logs->code) ctx->codeLog = [logs](const std::string& text) { logs->write("code", text); };
    // Note [Fused kernel calls]: one line per group that falls back to the
    // reference path, under `--log code` too.
    ctx->fallbackLog = [logs](const std::string& text) { if (logs->code) logs->write("code", text); };
    ctx->numThreads = rt.numThreads;
    rt.jit = std::move(ctx);
  }
  return jit::jitFusedRunners(rt.jit);
}

JitTotals jitTotals(Interpreter& interp) {
  CompileRuntime& rt = compileRuntime(interp);
  if (!rt.jit) return {};
  return JitTotals{rt.jit->counters.kernelsCompiled, rt.jit->counters.cacheHits, rt.jit->counters.jitMs};
}

}  // namespace tdsl
