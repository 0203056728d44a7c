// Ctrl-C inside the graph passes.
//
// Note [Interrupting passes]: compiling a big traced graph can take long, so
// the passes poll the owning interpreter's interrupt flag, as kernels do (Note
// [Interrupting kernels] in tensor/tensor.h): functionalize, dce and cse
// once per node, reinplace once per candidate it examines, the pipeline
// between passes. The flag is the one the interpreter hands its tensor state
// (TensorState::interrupt); there is no global. A set flag is consumed and
// raised as Error(Interrupt, "KeyboardInterrupt"), which the compile path
// lets through (it never falls back to eager on it).
#pragma once

#include <atomic>

#include "tensor/tensor.h"

namespace tdsl::opt {

struct PassInterrupt {
  std::atomic<bool>* flag = nullptr;  // null: never interrupted (tdsl opt, tests)
  void poll() const { pollInterrupt(flag); }
};

}  // namespace tdsl::opt
