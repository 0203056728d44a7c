// What an embedded interpreter starts with (core.h's makeStandardInterpreter):
// the VM with every layer above it installed (standard.h).
#include "api/core.h"
#include "api/standard.h"

namespace tdsl::api::detail {

std::unique_ptr<tdsl::Interpreter> makeStandardInterpreter(const Options& options) {
  tdsl::InterpreterOptions vmOptions;
  vmOptions.eager = options.eager;
  vmOptions.backend = options.backend;
  return std::make_unique<tdsl::StandardInterpreter>(vmOptions);
}

}  // namespace tdsl::api::detail
