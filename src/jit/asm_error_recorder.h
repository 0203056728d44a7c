// The first error asmjit reports while a kernel is emitted, kept for the
// caller's message (both lowerings: x86_codegen, a64_codegen). asmjit calls
// an ErrorHandler instead of throwing; the lowering checks `error` after
// finalize() and refuses the kernel with `text`.
#pragma once

#include <string>

#include <asmjit/core.h>

namespace tdsl::jit {

class AsmErrorRecorder : public asmjit::ErrorHandler {
 public:
  void handleError(asmjit::Error err, const char* message, asmjit::BaseEmitter*) override {
    if (error == asmjit::kErrorOk) {
      error = err;
      text = message ? message : "asmjit error";
    }
  }
  asmjit::Error error = asmjit::kErrorOk;
  std::string text;
};

}  // namespace tdsl::jit
