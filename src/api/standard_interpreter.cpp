// What an embedded interpreter starts with (core.h's makeStandardInterpreter).
#include "api/core.h"

namespace tdsl::api::detail {

std::unique_ptr<tdsl::Interpreter> makeStandardInterpreter(const Options& options) {
  tdsl::InterpreterOptions vmOptions;
  vmOptions.eager = options.eager;
  vmOptions.backend = options.backend;
  // `import torch` builds the torch module, which registers torch.compile
  // and tdsl.explain (src/vm/torch/bindings_torch.cpp) today.
  return std::make_unique<tdsl::Interpreter>(vmOptions);
}

}  // namespace tdsl::api::detail
