// installTorchModule (install.h): bindings*.cpp's entry points as the VM's
// tensor bridge, and the torch module, made on its first import.
#include "vm/torch/install.h"

#include "vm/interpreter.h"
#include "vm/tensor_bridge.h"
#include "vm/torch/bindings.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

constexpr TensorBridge kTorchBridge{
    bridge::binary,  bridge::unary,   bridge::getAttr, bridge::callMethod, bridge::getItem,
    bridge::setItem, bridge::truth,   bridge::length,  bridge::iterItem,   bridge::repr,
    bridge::setAttr, bridge::resolveMethod, bridge::callResolvedMethod,
};

}  // namespace

void installTorchModule(Interpreter& interp) {
  interp.setTensorBridge(kTorchBridge);
  interp.vm().addNativeModule({"torch", "tdsl"}, makeTorchModule);
}

}  // namespace tdsl
