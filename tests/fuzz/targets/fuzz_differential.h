// The eager-vs-compiled check shared by fuzz_compile and fuzz_compile_gen:
// the same script runs in two fresh interpreters, one with torch.compile as
// the identity (--eager) and one compiling with a backend; stdout and the
// error (kind and message) must be identical (DESIGN.md §1.4). A difference
// is printed to stderr and ends the process with __builtin_trap().
#pragma once

#include <cstdio>
#include <string>

#include "fuzz_support.h"

namespace tdsl_fuzz {

struct CompiledMode {
  const char* backend;
  bool reinplace;
};
constexpr CompiledMode kCompiledModes[] = {
    {"tdsl", true}, {"tdsl", false}, {"aot_eager", true}, {"eager", true}};
constexpr unsigned kCompiledModeCount = sizeof(kCompiledModes) / sizeof(kCompiledModes[0]);

// Output that names addresses (`<function f at 0x...>`, id()) differs
// between two interpreters without being a bug.
inline bool mentionsAddresses(const std::string& s) { return s.find(" at 0x") != std::string::npos; }

// Errors torch.compile raises about its own arguments and backends (a bad
// backend=, mode= or options=, a backend whose callable returns the wrong
// outputs) have no eager counterpart: under --eager torch.compile is the
// identity and never looks at them.
inline bool isCompileConfigError(const std::string& m) {
  for (const char* says : {"torch.compile", "backend=", "compiler_fn", "by backend", "Model can't be None",
                           "Unrecognized mode=", "Unexpected optimization option", "Unexpected type of attr",
                           "forward() takes", "forward() expects tensors"})
    if (m.find(says) != std::string::npos) return true;
  return false;
}

inline std::string describe(const RunResult& r) {
  std::string s = "--- stdout:\n" + r.out;
  if (r.failed) s += "--- error: " + std::string(tdsl::errorKindName(r.kind)) + ": " + r.message + "\n";
  return s;
}

inline void compareEagerAndCompiled(const std::string& text, CompiledMode mode, Watchdog& dog, StdoutCapture& capture) {
  tdsl::InterpreterOptions eagerOptions;
  eagerOptions.eager = true;
  RunResult eager = runScript(text, eagerOptions, dog, capture);
  if (eager.inconclusive) return;
  tdsl::InterpreterOptions compiledOptions;
  compiledOptions.backend = mode.backend;
  compiledOptions.reinplace = mode.reinplace;
  RunResult compiled = runScript(text, compiledOptions, dog, capture);
  if (compiled.inconclusive) return;
  if (compiled.failed && compiled.kind == tdsl::ErrorKind::GraphBreak) return;  // fullgraph=True
  if (compiled.failed && !eager.failed && isCompileConfigError(compiled.message)) return;
  if (mentionsAddresses(eager.out) || mentionsAddresses(compiled.out)) return;
  bool same = eager.out == compiled.out && eager.failed == compiled.failed &&
              (!eager.failed || (eager.kind == compiled.kind && eager.message == compiled.message));
  if (same) return;
  std::fprintf(stderr, "\n=== eager and compiled (backend %s%s) differ\n=== script:\n%s\n=== eager\n%s=== compiled\n%s",
               mode.backend, mode.reinplace ? "" : ", no reinplace", text.c_str(), describe(eager).c_str(),
               describe(compiled).c_str());
  std::fflush(stderr);
  __builtin_trap();
}

}  // namespace tdsl_fuzz
