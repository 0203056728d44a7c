// torch.compile statistics: per compiled function (by name) and totals.
// `tdsl run --stats` prints summary() on stderr at exit; `--stats-json FILE`
// writes json(). Tests assert on the counters (e.g. a cache hit must not
// increase `traces`).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "compile/logs.h"

namespace tdsl {

struct FunctionStats {
  int64_t calls = 0;            // calls of the compiled callable
  int64_t traces = 0;           // segments traced (first compiles + recompiles)
  int64_t graphs = 0;           // graphs handed to a backend
  std::vector<int64_t> graphNodes;  // torch.fx node count of each graph
  int64_t graphBreaks = 0;      // breaks met while tracing
  std::vector<std::string> breakReasons;  // "reason (file:line)" per traced break
  int64_t recompiles = 0;       // traces at a location that already had a segment
  int64_t cacheHits = 0;        // segments run from the cache
  int64_t eagerFallbacks = 0;   // runs of a location in plain eager mode
  double compileMs = 0;         // trace + backend time
  // Issue 5 (compile_pipeline.h): data moved by compiled segments, counted by
  // the graph executor per executed op (Note [Bytes copied] in
  // ir/graph_executor.h), and the reinplacing decisions of each compiled graph.
  int64_t bytesCopied = 0;
  int64_t reinplaced = 0;
  std::vector<std::pair<std::string, std::string>> notReinplaced;  // (candidate op, reason)
  // Issue 12 (compile_jit.h): JIT kernels compiled, kernels found in the
  // cache instead (Note [Kernel cache key] in jit/jit_context.h), codegen time.
  int64_t kernelsCompiled = 0;
  int64_t kernelCacheHits = 0;
  double jitMs = 0;
  // Note [Compiled backward] (compiled_backward.h): backward graphs compiled.
  int64_t backwardGraphs = 0;
};

class CompileStats {
 public:
  FunctionStats& of(const std::string& function) { return functions_[function]; }
  const std::map<std::string, FunctionStats>& functions() const { return functions_; }
  FunctionStats totals() const;
  std::string summary() const;  // human readable, several lines
  std::string json() const;     // {"functions": {...}, "totals": {...}}

 private:
  std::map<std::string, FunctionStats> functions_;
};

}  // namespace tdsl
