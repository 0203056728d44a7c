// The optimization pipeline as one ordered, logged list (Halide Lower.cpp):
//
//   functionalize -> reinplace -> dce -> cse -> fuse
//
// (fuse only in the tdsl backend and when named: runPipeline leaves it out.)
// After each pass the graph is verified (functional form after
// functionalize) and, with a log stream, printed as "after <pass>:" followed
// by the IR or "(unchanged)". `tdsl opt --passes=...` runs any sub-list of the
// same passes, by flag name, through runPasses.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "support/diagnostics.h"
#include "ir/graph.h"
#include "opt/pass_interrupt.h"
#include "opt/reinplace.h"

namespace tdsl::opt {

// Note [Verification]: on by default in debug builds; in every build type
// `tdsl opt`, the IR tests and `tdsl run --verify-passes` (or TDSL_VERIFY=1,
// which ctest sets for the script tests and the conformance run) turn it on
// explicitly. A graph the verifier rejects after a pass is a bug in that
// pass: runPasses throws PassVerificationError, which torch.compile reports
// as an internal error instead of falling back (Note [Pipeline failure]).
#ifdef NDEBUG
constexpr bool kVerifyPassesByDefault = false;
#else
constexpr bool kVerifyPassesByDefault = true;
#endif

struct PipelineOptions {
  bool reinplace = true;        // off: keep the functional form (aot_eager-like)
  bool verify = kVerifyPassesByDefault;  // verify after every pass
  std::ostream* log = nullptr;  // "after <pass>:" + IR or "(unchanged)"
  // The graph is functional on entry (an earlier runPasses ran functionalize
  // on it): passes that require that form need not verify it again.
  bool inputFunctional = false;
  // Polled by every pass (Note [Interrupting passes]).
  PassInterrupt interrupt;
};

// The verifier rejected the graph after pass `pass` (Note [Verification]).
// An Error, so `tdsl opt` reports it like any other failure.
struct PassVerificationError : Error {
  PassVerificationError(std::string pass, const std::string& message)
      : Error(ErrorKind::Value, message), pass(std::move(pass)) {}
  std::string pass;
};

struct PipelineResult {
  ReinplaceReport reinplace;    // per-candidate decisions (empty when reinplace did not run)
  std::vector<std::string> ran; // pass names in order
};

// The pass flag names, in pipeline order.
const std::vector<std::string>& passNames();
bool isKnownPass(const std::string& name);

// Runs the named passes in the given order. Throws tdsl::Error for an
// unknown pass name, PassVerificationError for a verification failure.
PipelineResult runPasses(ir::Graph& g, const std::vector<std::string>& passes, const PipelineOptions& options);

// The default pipeline (functionalize, reinplace unless disabled, dce, cse; no fuse).
PipelineResult runPipeline(ir::Graph& g, const PipelineOptions& options = {});

}  // namespace tdsl::opt
