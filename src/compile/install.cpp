// installTorchCompile (install.h).
#include "compile/install.h"

#include "compile/function.h"
#include "compile/threads.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

void addCompileFunctions(Interpreter& interp, ModuleObject& torch) {
  torch.set("compile", makeNative("compile", torchCompileNative));
  torch.set("explain", makeNative("explain", tdslExplainNative));
  addThreadFunctions(interp, torch);
}

}  // namespace

void installTorchCompile(Interpreter& interp) { interp.vm().extendNativeModule("torch", addCompileFunctions); }

}  // namespace tdsl
