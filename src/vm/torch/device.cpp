// torch.device and the CPU-only device surface (Note [CPU device] in device.h).
#include "vm/torch/device.h"

#include <cctype>
#include <optional>

#include "support/diagnostics.h"
#include "tensor/tensor.h"
#include "vm/interpreter.h"
#include "vm/torch/bindings.h"
#include "vm/torch/dispatch.h"
#include "vm/torch/ndarray.h"
#include "vm/torch/tensor_members.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

// c10::DeviceType's names, in the order PyTorch 1.13's parse error lists them.
constexpr const char* kDeviceTypes[] = {"cpu", "cuda", "ipu", "xpu",  "mkldnn", "opengl", "opencl",
                                        "ideep", "hip", "ve", "fpga", "ort", "xla", "lazy", "vulkan",
                                        "mps", "meta", "hpu", "privateuseone"};

[[noreturn]] void noCuda() { throw Error(ErrorKind::Assertion, "Torch not compiled with CUDA enabled"); }

bool knownType(const std::string& t) {
  for (const char* k : kDeviceTypes)
    if (t == k) return true;
  return false;
}

// c10::Device(const std::string&): TYPE or TYPE:INDEX, INDEX without leading zeros.
Ref<DeviceObject> parseDevice(const std::string& s) {
  size_t i = 0;
  while (i < s.size() && (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
  std::string type = s.substr(0, i);
  int64_t index = -1;
  bool ok = i > 0;
  if (ok && i < s.size()) {
    ok = s[i] == ':' && i + 1 < s.size() && (s[i + 1] != '0' || i + 2 == s.size()) && s.size() - i - 1 <= 18;
    for (size_t k = i + 1; ok && k < s.size(); ++k) ok = std::isdigit(static_cast<unsigned char>(s[k])) != 0;
    if (ok) index = std::stoll(s.substr(i + 1));
  }
  if (!ok) throw Error(ErrorKind::Runtime, "Invalid device string: '" + s + "'");
  if (!knownType(type)) {
    std::string list;
    for (const char* k : kDeviceTypes) list += std::string(list.empty() ? "" : ", ") + k;
    throw Error(ErrorKind::Runtime, "Expected one of " + list + " device type at start of device string: " + s);
  }
  return makeRef<DeviceObject>(type, index);
}

const DeviceObject* asDevice(const Value& v) {
  return v.isObj(ObjKind::Other) ? dynamic_cast<const DeviceObject*>(v.asObj()) : nullptr;
}

bool isDeviceLike(const Value& v) { return v.isObj(ObjKind::Str) || asDevice(v) || v.isInt(); }

// The device type a device argument names ("cpu", "cuda", ...).
std::string deviceTypeOf(const Value& v, const char* fn) {
  if (const DeviceObject* d = asDevice(v)) return d->type;
  if (v.isObj(ObjKind::Str)) return parseDevice(v.as<StrObject>()->str)->type;
  if (v.isInt()) {  // an ordinal: a CUDA device, as in PyTorch
    if (v.asInt() < 0) throw Error(ErrorKind::Runtime, "Device index must not be negative");
    return "cuda";
  }
  throw Error(ErrorKind::Type, std::string(fn) + "(): argument 'device' must be torch.device, not " + typeName(v));
}

Value deviceConstructor(Interpreter&, const CallArgs& call, const void*) {
  const Value* type = call.nargs > 0 ? &call.args[0] : nullptr;
  const Value* index = call.nargs > 1 ? &call.args[1] : nullptr;
  for (size_t k = 0; k < call.nkwargs; ++k) {
    const KwArg& kw = call.kwargs[k];
    if (kw.name == "type" && !type) type = &kw.value;
    else if (kw.name == "index" && !index) index = &kw.value;
    else throw Error(ErrorKind::Type, "Device() got an unexpected keyword argument '" + std::string(kw.name) + "'");
  }
  if (!type || call.nargs > 2)
    throw Error(ErrorKind::Type,
                "Device() received an invalid combination of arguments - got (" +
                    std::string(type ? "..." : "") +
                    "), but expected one of:\n * (torch.device device)\n * (str type, int index)\n");
  if (asDevice(*type) && !index) return *type;
  if (type->isInt() && !index) {
    if (type->asInt() < 0) throw Error(ErrorKind::Runtime, "Device index must not be negative");
    return Value(makeRef<DeviceObject>("cuda", type->asInt()));
  }
  if (!type->isObj(ObjKind::Str))
    throw Error(ErrorKind::Type, "Device(): argument 'type' (position 1) must be str, not " + typeName(*type));
  const std::string& text = type->as<StrObject>()->str;
  Ref<DeviceObject> parsed = parseDevice(text);
  if (!index || index->isNone()) return Value(parsed);
  if (!index->isInt())
    throw Error(ErrorKind::Type, "Device(): argument 'index' (position 2) must be int, not " + typeName(*index));
  if (parsed->index >= 0)
    throw Error(ErrorKind::Runtime,
                "type (string) must not include an index because index was passed explicitly: " + text);
  if (index->asInt() < 0) throw Error(ErrorKind::Runtime, "Device index must not be negative");
  return Value(makeRef<DeviceObject>(parsed->type, index->asInt()));
}

// torch.<dtype> -> the legacy tensor type name (Tensor.type()).
const char* legacyTypeName(DType d) {
  switch (d) {
    case DType::Bool: return "torch.BoolTensor";
    case DType::Int32: return "torch.IntTensor";
    case DType::Int64: return "torch.LongTensor";
    case DType::Float32: return "torch.FloatTensor";
    case DType::Float64: return "torch.DoubleTensor";
  }
  return "torch.FloatTensor";
}

void noKeywords(const CallArgs& call, const char* fn) {
  if (call.nkwargs > 0)
    throw Error(ErrorKind::Type,
                std::string(fn) + "() got an unexpected keyword argument '" + std::string(call.kwargs[0].name) + "'");
}

// x.cpu(memory_format=torch.preserve_format): x itself, as PyTorch returns a CPU tensor.
Value mCpu(Interpreter&, const Value& self, const CallArgs& call) {
  if (call.nargs > 0)
    throw Error(ErrorKind::Type, "cpu() takes 0 positional arguments but " + std::to_string(call.nargs) + " were given");
  for (size_t k = 0; k < call.nkwargs; ++k)
    if (call.kwargs[k].name != "memory_format")
      throw Error(ErrorKind::Type, "cpu() got an unexpected keyword argument '" + std::string(call.kwargs[k].name) + "'");
  return self;
}

Value mCuda(Interpreter&, const Value&, const CallArgs&) { noCuda(); }

// x.to(dtype, non_blocking=False, copy=False) / x.to(device=None, dtype=None,
// non_blocking=False, copy=False) / x.to(other, non_blocking=False, copy=False):
// the device is checked (Note [CPU device]); the dtype change is the to.dtype op.
[[noreturn]] void toSignatureError(const CallArgs& call) {
  std::string got = "(";
  for (size_t i = 0; i < call.nargs; ++i) got += (i ? ", " : "") + typeName(call.args[i]);
  for (size_t k = 0; k < call.nkwargs; ++k)
    got += std::string(call.nargs + k ? ", " : "") + std::string(call.kwargs[k].name) + "=" + typeName(call.kwargs[k].value);
  got += ")";
  throw Error(ErrorKind::Type,
              "to() received an invalid combination of arguments - got " + got +
                  ", but expected one of:\n"
                  " * (torch.device device, torch.dtype dtype, bool non_blocking, bool copy, *, torch.memory_format memory_format)\n"
                  " * (torch.dtype dtype, bool non_blocking, bool copy, *, torch.memory_format memory_format)\n"
                  " * (Tensor tensor, bool non_blocking, bool copy, *, torch.memory_format memory_format)\n");
}

Value mTo(Interpreter& interp, const Value& self, const CallArgs& call) {
  const Value* device = nullptr;
  std::optional<DType> dtype;
  bool nonBlocking = false, copy = false;
  size_t next = 0;
  if (next < call.nargs) {
    const Value& first = call.args[next];
    if (first.isDType()) {
      dtype = first.asDType();
      ++next;
    } else if (first.isTensor()) {
      dtype = asTensor(first)->dtype();
      ++next;
    } else if (isDeviceLike(first)) {
      device = &first;
      ++next;
      if (next < call.nargs && call.args[next].isDType()) dtype = call.args[next++].asDType();
    } else {
      toSignatureError(call);
    }
  }
  bool* flags[] = {&nonBlocking, &copy};
  for (bool* flag : flags) {
    if (next >= call.nargs) break;
    if (!call.args[next].isBool()) toSignatureError(call);
    *flag = call.args[next++].asBool();
  }
  if (next < call.nargs) toSignatureError(call);
  for (size_t k = 0; k < call.nkwargs; ++k) {
    const KwArg& kw = call.kwargs[k];
    if (kw.name == "device" && !device) {
      device = &kw.value;
    } else if (kw.name == "dtype" && !dtype && (kw.value.isDType() || kw.value.isNone())) {
      if (kw.value.isDType()) dtype = kw.value.asDType();
    } else if ((kw.name == "non_blocking" || kw.name == "copy") && kw.value.isBool()) {
      (kw.name == "copy" ? copy : nonBlocking) = kw.value.asBool();
    } else if (kw.name == "memory_format") {
      auto* f = dynamic_cast<const MemoryFormatObject*>(kw.value.isObj(ObjKind::Other) ? kw.value.asObj() : nullptr);
      if (!f || f->format != MemoryFormat::Preserve) toSignatureError(call);
    } else {
      toSignatureError(call);
    }
  }
  if (device) checkCpuDevice(*device, "to");
  if (!dtype && !copy) return self;
  DType target = dtype ? *dtype : asTensor(self)->dtype();
  return callMethod(stateOf(interp), self, "to",
                    {Value::dtype(target), Value::boolean(nonBlocking), Value::boolean(copy)});
}

// x.type() -> 'torch.FloatTensor'; x.type(dtype or type name) -> x.to(dtype).
Value mType(Interpreter& interp, const Value& self, const CallArgs& call) {
  const Value* target = call.nargs > 0 ? &call.args[0] : nullptr;
  for (size_t k = 0; k < call.nkwargs; ++k) {
    const KwArg& kw = call.kwargs[k];
    if (kw.name == "dtype" && !target) target = &kw.value;
    else if (kw.name != "non_blocking")
      throw Error(ErrorKind::Type, "type() got an unexpected keyword argument '" + std::string(kw.name) + "'");
  }
  if (call.nargs > 2) throw Error(ErrorKind::Type, "type() takes at most 2 arguments");
  if (!target || target->isNone()) return makeStr(legacyTypeName(asTensor(self)->dtype()));
  DType d;
  if (target->isDType()) {
    d = target->asDType();
  } else if (target->isObj(ObjKind::Str)) {
    const std::string& name = target->as<StrObject>()->str;
    if (name.rfind("torch.cuda.", 0) == 0) noCuda();
    bool found = false;
    for (DType c : {DType::Bool, DType::Int32, DType::Int64, DType::Float32, DType::Float64})
      if (name == legacyTypeName(c)) { d = c; found = true; }
    if (!found) throw Error(ErrorKind::Value, "invalid type: '" + name + "'");
  } else {
    throw Error(ErrorKind::Type, "type(): argument 'dtype' must be torch.dtype, not " + typeName(*target));
  }
  return callMethod(stateOf(interp), self, "to", {Value::dtype(d)});
}

Value mNumpy(Interpreter&, const Value& self, const CallArgs& call) {
  if (call.nargs > 1) throw Error(ErrorKind::Type, "numpy() takes at most 1 argument");
  for (size_t k = 0; k < call.nkwargs; ++k)
    if (call.kwargs[k].name != "force")
      throw Error(ErrorKind::Type, "numpy() got an unexpected keyword argument '" + std::string(call.kwargs[k].name) + "'");
  return makeNdArray(Ref<TensorObject>(asTensor(self)));
}

Value cudaIsAvailable(Interpreter&, const CallArgs& call, const void*) {
  noKeywords(call, "is_available");
  return Value::boolean(false);
}
Value cudaDeviceCount(Interpreter&, const CallArgs& call, const void*) {
  noKeywords(call, "device_count");
  return Value::integer(0);
}
Value cudaManualSeed(Interpreter&, const CallArgs& call, const void*) {
  if (call.nargs != 1 || !call.args[0].isInt()) throw Error(ErrorKind::Type, "manual_seed(): argument 'seed' must be int");
  return Value();
}
Value cudaCurrentDevice(Interpreter&, const CallArgs&, const void*) { noCuda(); }
Value notAvailable(Interpreter&, const CallArgs&, const void*) { return Value::boolean(false); }

}  // namespace

DeviceObject::DeviceObject(std::string type, int64_t index)
    : type(std::move(type)), index(index), typeValue_(makeStr(this->type)),
      indexValue_(index >= 0 ? Value::integer(index) : Value()) {}

std::string DeviceObject::repr() const {
  return "device(type='" + type + "'" + (index >= 0 ? ", index=" + std::to_string(index) : std::string()) + ")";
}

std::string DeviceObject::str() const { return type + (index >= 0 ? ":" + std::to_string(index) : std::string()); }

bool DeviceObject::equals(const ExtensionObject& other) const {
  auto* d = dynamic_cast<const DeviceObject*>(&other);
  return d && d->type == type && d->index == index;
}

const Value* DeviceObject::getAttr(std::string_view name) const {
  if (name == "type") return &typeValue_;
  if (name == "index") return &indexValue_;
  return nullptr;
}

void checkCpuDevice(const Value& device, const char* fn) {
  if (device.isNone()) return;
  std::string type = deviceTypeOf(device, fn);
  if (type == "cpu") return;
  if (type == "cuda") noCuda();
  throw Error(ErrorKind::Runtime, "device '" + type + "' is not supported by tdsl: it runs on the CPU only");
}

bool dropDeviceKeyword(const ir::OverloadSet& set, const CallArgs& call, std::vector<KwArg>& kept) {
  if (call.nkwargs == 0 || set.ops.empty() || !set.ops[0]->has(ir::kTagFactory)) return false;
  bool found = false;
  for (size_t k = 0; k < call.nkwargs; ++k) found |= call.kwargs[k].name == "device";
  if (!found) return false;
  for (size_t k = 0; k < call.nkwargs; ++k) {
    if (call.kwargs[k].name == "device") checkCpuDevice(call.kwargs[k].value, set.name.c_str());
    else kept.push_back(call.kwargs[k]);
  }
  return true;
}

bool deviceAttribute(const Value& self, std::string_view name, Value& out) {
  if (name == "device") out = Value(makeRef<DeviceObject>("cpu", -1));
  else if (name == "is_cuda") out = Value::boolean(false);
  else if (name == "is_cpu") out = Value::boolean(true);
  else return false;
  return true;
}

const std::vector<DeviceMethod>& deviceMethods() {
  static const std::vector<DeviceMethod> methods = {
      {"cpu", mCpu, kReadsNothing},   {"cuda", mCuda, kReadsNothing},     {"to", mTo, kReadsNothing},
      {"type", mType, kReadsDType},   {"numpy", mNumpy, kReadsData},
  };
  return methods;
}

void installDeviceApi(ModuleObject& torch) {
  torch.set("device", makeNative("device", deviceConstructor));
  auto cuda = makeRef<ModuleObject>("torch.cuda");
  cuda->set("is_available", makeNative("is_available", cudaIsAvailable));
  cuda->set("device_count", makeNative("device_count", cudaDeviceCount));
  cuda->set("manual_seed", makeNative("manual_seed", cudaManualSeed));
  cuda->set("manual_seed_all", makeNative("manual_seed_all", cudaManualSeed));
  cuda->set("current_device", makeNative("current_device", cudaCurrentDevice));
  torch.set("cuda", Value(cuda));
  auto mps = makeRef<ModuleObject>("torch.backends.mps");
  mps->set("is_available", makeNative("is_available", notAvailable));
  mps->set("is_built", makeNative("is_built", notAvailable));
  auto backends = makeRef<ModuleObject>("torch.backends");
  backends->set("mps", Value(mps));
  torch.set("backends", Value(backends));
}

}  // namespace tdsl
