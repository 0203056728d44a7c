// Per-interpreter JIT state: the code runtime, the kernel cache and its
// counters. The compile layer owns one (no globals); fused-node runners
// hold it shared, so kernels live as long as any graph that calls them.
//
// Note [Kernel cache key]: the ISA tier, the vector program's structure
// (op DAG and dtype, VectorProgram::structure) and each operand's layout
// class (contiguous, broadcast, strided) — never sizes, strides' values or
// constants, which are runtime arguments (KernelArgs). Two graphs that
// differ only there share one kernel.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include <asmjit/core.h>

#include "jit/isa.h"
#include "jit/kernel_args.h"
#include "jit/vector_program.h"
#include "jit/x86_codegen.h"

namespace tdsl::jit {

struct JitCounters {
  int64_t kernelsCompiled = 0;
  int64_t cacheHits = 0;
  double jitMs = 0;  // codegen time
};

class JitContext {
 public:
  explicit JitContext(IsaTier tier) : tier_(tier) {}
  JitContext(const JitContext&) = delete;
  JitContext& operator=(const JitContext&) = delete;

  IsaTier tier() const { return tier_; }
  // The kernel for (program, layouts) on this tier, compiled on first use;
  // null with the reason in `error` when codegen fails (also remembered).
  // `origin` (the fused body's text) heads the `code` log.
  KernelFn kernel(const VectorProgram& program, const std::vector<Layout>& layouts, const std::string& origin,
                  std::string* error);

  JitCounters counters;
  // Threads of each kernel call (torch.set_num_threads; Note [Parallel chunks]).
  int numThreads = 1;
  // `--log code`: receives each new kernel's nodes and assembly. Null: off.
  std::function<void(const std::string&)> codeLog;
  // One line per group that falls back to the reference path. Null: silent.
  std::function<void(const std::string&)> fallbackLog;

 private:
  IsaTier tier_;
  asmjit::JitRuntime runtime_;
  std::unordered_map<std::string, KernelFn> kernels_;
  std::unordered_map<std::string, std::string> failures_;
};

}  // namespace tdsl::jit
