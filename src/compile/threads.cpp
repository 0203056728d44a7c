// torch.set_num_threads / get_num_threads (threads.h).
#include "compile/threads.h"

#include <climits>

#include "jit/jit_context.h"
#include "compile/runtime.h"
#include "tensor/tensor.h"
#include "vm/objects.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

// PyTorch's checks and wording (torch/csrc/Module.cpp, 1.13).
Value setNumThreads(Interpreter& interp, const CallArgs& call, const void*) {
  if (call.nkwargs != 0) throw Error(ErrorKind::Type, "torch.set_num_threads() takes no keyword arguments");
  if (call.nargs != 1)
    throw Error(ErrorKind::Type,
                "torch.set_num_threads() takes exactly one argument (" + std::to_string(call.nargs) + " given)");
  const Value& v = call[0];
  if (!v.isInt()) {
    const std::string type = typeName(v);
    if (type == "int") throw Error(ErrorKind::Runtime, "Overflow when unpacking long");
    throw Error(ErrorKind::Runtime, "set_num_threads expects an int, but got " + type);
  }
  if (v.asInt() <= 0) throw Error(ErrorKind::Runtime, "set_num_threads expects a positive integer");
  if (v.asInt() > INT_MAX) throw Error(ErrorKind::Runtime, "Overflow when unpacking long");
  CompileRuntime& rt = compileRuntime(interp);
  rt.numThreads = static_cast<int>(v.asInt());
  if (rt.jit) rt.jit->numThreads = rt.numThreads;
  interp.tensorState()->numThreads = rt.numThreads;  // matmul's BLAS threads (Note [BLAS threads])
  return Value::none();
}

Value getNumThreads(Interpreter& interp, const CallArgs& call, const void*) {
  if (call.nkwargs != 0) throw Error(ErrorKind::Type, "torch.get_num_threads() takes no keyword arguments");
  if (call.nargs != 0)
    throw Error(ErrorKind::Type,
                "torch.get_num_threads() takes no arguments (" + std::to_string(call.nargs) + " given)");
  return Value::integer(compileRuntime(interp).numThreads);
}

}  // namespace

void addThreadFunctions(Interpreter&, ModuleObject& torch) {
  torch.set("set_num_threads", makeNative("set_num_threads", setNumThreads));
  torch.set("get_num_threads", makeNative("get_num_threads", getNumThreads));
}

}  // namespace tdsl
