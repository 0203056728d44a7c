// installStandardModules (standard.h): the layers in dependency order.
#include "api/standard.h"

#include "compile/install.h"
#include "vm/torch/install.h"

namespace tdsl {

void installStandardModules(Interpreter& interp) {
  installTorchModule(interp);
  installTorchCompile(interp);
  installNpyFunctions(interp);
}

}  // namespace tdsl
