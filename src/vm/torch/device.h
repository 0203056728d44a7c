// torch.device and the CPU-only device surface: device= on factories,
// Tensor.device / is_cuda / cpu() / cuda() / to(...) / type(...), torch.cuda
// and torch.backends.mps.
//
// Note [CPU device]
// tdsl has one device, the CPU, and answers device questions as a CPU-only
// PyTorch build does: torch.device objects for any device type PyTorch knows
// ("cuda:1" parses; torch.device(5) is cuda:5), compared by type and index;
// a tensor's device is device(type='cpu') (an index given on a factory is
// dropped, as PyTorch drops it); torch.cuda.is_available() is False and
// device_count() 0; torch.cuda.manual_seed(_all) do nothing (PyTorch queues
// them until CUDA starts, which never happens). Using a CUDA device (a
// factory's device=, .to(), .cuda()) raises PyTorch's AssertionError "Torch
// not compiled with CUDA enabled"; any other non-CPU type is an error naming
// it. Everything here is Python-level: device arguments are checked and
// dropped before an op binds, so no op schema, graph node or kernel carries a
// device, and compiled code sees exactly the ops eager code runs.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ops/op_table.h"
#include "vm/native.h"
#include "vm/objects.h"

namespace tdsl {

class Interpreter;

class DeviceObject : public ExtensionObject {
 public:
  DeviceObject(std::string type, int64_t index);  // index -1: none
  std::string typeName() const override { return "device"; }
  std::string repr() const override;  // device(type='cpu', index=0)
  std::string str() const override;   // cpu:0
  bool equals(const ExtensionObject& other) const override;
  const Value* getAttr(std::string_view name) const override;  // type, index

  const std::string type;
  const int64_t index;

 private:
  Value typeValue_, indexValue_;
};

// Checks a device argument (a str, a torch.device, an int = a CUDA ordinal,
// or None) for use on this CPU-only build; throws PyTorch's error for a
// device tdsl does not have. `fn` names the caller in type errors.
void checkCpuDevice(const Value& device, const char* fn);

// The call's keywords without `device=` (checked by checkCpuDevice), when
// `set` is a factory and the call has one; false (and `kept` untouched)
// otherwise. Note [CPU device].
bool dropDeviceKeyword(const ir::OverloadSet& set, const CallArgs& call, std::vector<KwArg>& kept);

// Tensor attributes answered here (device, is_cuda, is_cpu); false for others.
bool deviceAttribute(const Value& self, std::string_view name, Value& out);

// Tensor methods defined here (cpu, cuda, to, type, numpy), for the method table.
using DeviceMethodFn = Value (*)(Interpreter& interp, const Value& self, const CallArgs& call);
struct DeviceMethod {
  const char* name;
  DeviceMethodFn fn;
  uint8_t reads;  // Note [Tensor member reads]
};
const std::vector<DeviceMethod>& deviceMethods();

// torch.device, torch.cuda, torch.backends.mps into the torch module.
void installDeviceApi(ModuleObject& torch);

}  // namespace tdsl
