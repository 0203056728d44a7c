// Kernel cache (jit_context.h).
#include "jit/jit_context.h"

#include <chrono>

#include "jit/a64_codegen.h"

namespace tdsl::jit {

KernelFn JitContext::kernel(const VectorProgram& program, const std::vector<Layout>& layouts,
                            const std::string& origin, std::string* error) {
  std::string key = std::string(tierName(tier_)) + " ";
  for (Layout l : layouts) key += layoutLetter(l);
  key += " " + program.structure();
  auto hit = kernels_.find(key);
  if (hit != kernels_.end()) {
    ++counters.cacheHits;
    return hit->second;
  }
  auto failed = failures_.find(key);
  if (failed != failures_.end()) {
    *error = failed->second;
    return nullptr;
  }
  auto start = std::chrono::steady_clock::now();
  const bool wantAssembly = static_cast<bool>(codeLog);
  CodegenResult r = isArmTier(tier_) ? compileA64Kernel(&runtime_, program, layouts, wantAssembly)
                                     : compileX86Kernel(runtime_, program, layouts, tier_, wantAssembly);
  counters.jitMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!r.fn) {
    failures_[key] = r.error;
    *error = r.error;
    return nullptr;
  }
  ++counters.kernelsCompiled;
  kernels_[key] = r.fn;
  if (codeLog) codeLog("kernel [" + key + "] from:\n" + origin + r.assembly);
  return r.fn;
}

}  // namespace tdsl::jit
