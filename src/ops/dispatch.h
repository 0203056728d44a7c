// Running one bound call of the op table (Note [Dispatch and meta tensors] in
// op_table.h), below the VM: the arguments are already typed (Note [Op ABI]
// in tensor/op_abi.h). The Python argument parser (vm/torch/dispatch.h)
// binds script calls and lands here; the tracer intercepts here.
#pragma once

#include "ops/op_table.h"
#include "tensor/tensor.h"

namespace tdsl {

// Installed by the tracer in TensorState::interceptor. Returning true means
// the call was handled and `result` holds its outputs (e.g. proxy tensors).
struct DispatchInterceptor {
  virtual ~DispatchInterceptor() = default;
  virtual bool intercept(TensorState& state, const ir::OpDef& op, BoundArgs& args, OpResults& result) = 0;
  // Note [Versions of proxies] (autograd/versions.h): the version counter of
  // a meta tensor's storage as the interceptor counts writes to it.
  virtual uint64_t metaVersion(const TensorObject&) const { return 0; }
  // Note [Saved values of rebound proxies] (compile/tracer_autograd.cpp):
  // self before the in-place op `args` is about to run, for autograd to
  // save instead of a clone; None: autograd clones it.
  virtual Value valueBeforeWrite(const ir::OpDef&, const BoundArgs&) { return Value(); }
  // Note [Function transforms under the tracer] (compile/tracer_transforms.cpp):
  // the callable a native transform (torch.func) runs in place of the
  // script callable `fn`, so the tracer follows the transformed function;
  // may end the trace (a graph break at the transform's call).
  virtual Value transformCallee(const Value& fn) { return fn; }
  // Random ops recorded so far, for a transform that must know whether its
  // function drew random numbers (vmap's randomness=).
  virtual uint64_t randomOpsRecorded() const { return 0; }
  // Mutations of Python objects (lists, dicts, cells) traced so far.
  virtual uint64_t pythonMutationsRecorded() const { return 0; }
  // Note [Captured tensors] (autograd/dispatch.h), for proxies: a mark of
  // the tensors that exist now; the identity of a proxy's storage (a real
  // input's Storage, else the graph value that allocated it); whether that
  // storage existed when the mark (or, for a real input's, the storage
  // serial) was taken.
  virtual const void* storageMark() const { return nullptr; }
  virtual const void* storageIdentity(const TensorObject& t) const { return t.storage.get(); }
  virtual bool storageExistedAt(const TensorObject&, const void* /*mark*/, uint64_t /*serial*/) const { return false; }
  // Ends the trace with a graph break at the transform's call (the call then
  // runs eagerly); without a tracer, nothing to do.
  virtual void breakAtTransform(const std::string&) {}
};

// Runs one bound call: interceptor, else the meta rule alone when any tensor
// argument is a meta tensor, else the eager kernel. `intercepted`, when
// given, says whether the interceptor took the call: an in-place op the
// tracer recorded wrote nothing yet (Note [Versions after compiled writes]
// in compile/function.cpp).
OpResults dispatchOp(TensorState& state, const ir::OpDef& op, BoundArgs& args, bool* intercepted = nullptr);
// The meta rule only: returns meta tensors (self itself for in-place ops).
OpResults runMetaOnly(const ir::OpDef& op, BoundArgs& args);
bool anyMetaTensor(const BoundArgs& args);

}  // namespace tdsl
