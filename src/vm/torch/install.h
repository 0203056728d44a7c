// Installing the tensor layer into an interpreter: the VM's tensor bridge
// (Note [Tensor bridge] in vm/tensor_bridge.h) and the `torch` module, also
// bound by `import tdsl`. Without it an interpreter runs plain Python.
#pragma once

namespace tdsl {

class Interpreter;

void installTorchModule(Interpreter& interp);

}  // namespace tdsl
