// The standard interpreter setup: every layer above the VM installed into an
// Interpreter, as the tdsl executable, the tests and the fuzz targets run
// it (the embedding API wraps this). The VM alone knows no tensors; each
// layer registers itself:
//   vm/torch   the tensor bridge and the torch module (vm/torch/install.h)
//   compile    torch.compile and tdsl.explain (compile/install.h)
//   api        tdsl.load_npy and the other .npy/.npz functions (npy_module.cpp)
#pragma once

#include "vm/interpreter.h"

namespace tdsl {

void installStandardModules(Interpreter& interp);
void installNpyFunctions(Interpreter& interp);

// An Interpreter with installStandardModules applied.
class StandardInterpreter : public Interpreter {
 public:
  explicit StandardInterpreter(InterpreterOptions options = {}) : Interpreter(std::move(options)) {
    installStandardModules(*this);
  }
};

}  // namespace tdsl
