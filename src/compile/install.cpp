// installTorchCompile (install.h).
#include "compile/install.h"

#include "compile/function.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

void addCompileFunctions(Interpreter&, ModuleObject& torch) {
  torch.set("compile", makeNative("compile", torchCompileNative));
  torch.set("explain", makeNative("explain", tdslExplainNative));
}

}  // namespace

void installTorchCompile(Interpreter& interp) { interp.vm().extendNativeModule("torch", addCompileFunctions); }

}  // namespace tdsl
