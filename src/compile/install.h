// Installing torch.compile into an interpreter whose torch module is
// installed (vm/torch/install.h): torch.compile and tdsl.explain join the
// torch module when it is made. The compile state itself is made on first
// use (compileRuntime, runtime.h).
#pragma once

namespace tdsl {

class Interpreter;

void installTorchCompile(Interpreter& interp);

}  // namespace tdsl
