// torch.set_num_threads(n) / torch.get_num_threads() (issue 12): the
// interpreter's kernel thread count, CompileRuntime::numThreads, which its
// JIT kernels pass to every parallel region (Note [Parallel chunks] in
// support/parallel.h). Default: defaultThreadCount() (the physical cores,
// PyTorch's default). Only compiled (JIT) kernels run threads; eager kernels
// run on the calling thread whatever the setting.
#pragma once

namespace tdsl {

class Interpreter;
class ModuleObject;

void addThreadFunctions(Interpreter& interp, ModuleObject& torch);

}  // namespace tdsl
