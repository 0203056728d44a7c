// torch.Generator and the generator functions of the torch module (generator.h).
#include "vm/torch/generator.h"

#include <cstdio>
#include <random>

#include "vm/interpreter.h"
#include "vm/value_ops.h"
#include "vm/torch/bindings.h"
#include "tensor/tensor_iter.h"
#include "vm/torch/tensor_data.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

// A Generator method: a native that keeps its generator alive. Its data
// pointer is its own `generator` member, so the method can hand out new
// handles on the same generator (manual_seed returns the generator).
class GeneratorMethod : public NativeObject {
 public:
  GeneratorMethod(std::string name, NativeFn fn, std::shared_ptr<CpuGenerator> gen)
      : NativeObject(std::move(name), fn, nullptr), generator(std::move(gen)) {
    data = &generator;
  }
  std::shared_ptr<CpuGenerator> generator;
};

const std::shared_ptr<CpuGenerator>& genOf(const void* data) {
  return *static_cast<const std::shared_ptr<CpuGenerator>*>(data);
}

Value handle(std::shared_ptr<CpuGenerator> g) { return Value(makeRef<GeneratorObject>(std::move(g))); }

// A seed as torch.manual_seed takes it: int(seed), kept as its 64-bit pattern.
uint64_t seedArg(const CallArgs& a, const char* fn) {
  if (a.nargs != 1 || a.nkwargs) throw Error(ErrorKind::Type, std::string(fn) + "() takes exactly one argument (seed)");
  const Value& v = a[0];
  if (v.isBool()) return v.asBool();
  if (v.isInt()) return static_cast<uint64_t>(v.asInt());
  if (v.isFloat() && std::isfinite(v.asFloat())) return static_cast<uint64_t>(static_cast<int64_t>(v.asFloat()));
  throw Error(ErrorKind::Type, std::string(fn) + "(): argument 'seed' must be int, not " + typeName(v));
}

// What torch.seed() draws: a non-deterministic seed (63 bits, so it prints as an int).
uint64_t freshSeed() {
  std::random_device rd;
  uint64_t s = (static_cast<uint64_t>(rd()) << 32) | rd();
  return s & 0x7fffffffffffffffull;
}

Value stateTensor(Interpreter& interp, const CpuGenerator& g) {
  std::vector<Value> words;
  for (uint64_t w : g.state()) words.push_back(Value::integer(static_cast<int64_t>(w)));
  return Value(tensorFromData(stateOf(interp), makeList(std::move(words)), DType::Int64));
}

void setStateFrom(Interpreter&, CpuGenerator& g, const CallArgs& a, const char* fn) {
  if (a.nargs != 1 || !a[0].isTensor())
    throw Error(ErrorKind::Type, std::string(fn) + "(): argument 'new_state' must be Tensor");
  const TensorObject& t = *asTensor(a[0]);
  std::vector<uint64_t> words;
  if (t.dtype() == DType::Int64 && t.dim() == 1)
    for (int64_t i = 0; i < t.numel(); ++i) words.push_back(static_cast<uint64_t>(readAsInt(t, i)));
  if (!g.setState(words)) throw Error(ErrorKind::Runtime, "RNG state is wrong size");
}

Value gen_manual_seed(Interpreter&, const CallArgs& a, const void* data) {
  genOf(data)->manualSeed(seedArg(a, "manual_seed"));
  return handle(genOf(data));
}
Value gen_seed(Interpreter&, const CallArgs& a, const void* data) {
  expectArgs(a, "seed", 0, 0);
  uint64_t s = freshSeed();
  genOf(data)->manualSeed(s);
  return Value::integer(static_cast<int64_t>(s));
}
Value gen_initial_seed(Interpreter&, const CallArgs& a, const void* data) {
  expectArgs(a, "initial_seed", 0, 0);
  return Value::integer(static_cast<int64_t>(genOf(data)->initialSeed()));
}
Value gen_get_state(Interpreter& interp, const CallArgs& a, const void* data) {
  expectArgs(a, "get_state", 0, 0);
  return stateTensor(interp, *genOf(data));
}
Value gen_set_state(Interpreter& interp, const CallArgs& a, const void* data) {
  setStateFrom(interp, *genOf(data), a, "set_state");
  return handle(genOf(data));
}

// ---- torch.*

const std::shared_ptr<CpuGenerator>& defaultGen(Interpreter& interp) { return stateOf(interp).defaultGenerator; }

Value torch_manual_seed(Interpreter& interp, const CallArgs& a, const void*) {
  defaultGen(interp)->manualSeed(seedArg(a, "manual_seed"));
  return handle(defaultGen(interp));
}
Value torch_seed(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "seed", 0, 0);
  uint64_t s = freshSeed();
  defaultGen(interp)->manualSeed(s);
  return Value::integer(static_cast<int64_t>(s));
}
Value torch_initial_seed(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "initial_seed", 0, 0);
  return Value::integer(static_cast<int64_t>(defaultGen(interp)->initialSeed()));
}
Value torch_get_rng_state(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "get_rng_state", 0, 0);
  return stateTensor(interp, *defaultGen(interp));
}
Value torch_set_rng_state(Interpreter& interp, const CallArgs& a, const void*) {
  setStateFrom(interp, *defaultGen(interp), a, "set_rng_state");
  return Value();
}

// torch.Generator(device='cpu')
Value torch_Generator(Interpreter&, const CallArgs& a, const void*) {
  const Value* device = a.nargs ? &a[0] : findKwarg(a, "device");
  for (size_t i = 0; i < a.nkwargs; ++i)
    if (a.kwargs[i].name != "device")
      throw Error(ErrorKind::Type, "Generator() got an unexpected keyword argument '" + std::string(a.kwargs[i].name) + "'");
  if (a.nargs > 1) throw Error(ErrorKind::Type, "Generator() takes at most 1 argument");
  if (device && !device->isNone()) {
    if (!device->isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "Generator(): argument 'device' must be torch.device, not " + typeName(*device));
    const std::string& d = device->as<StrObject>()->str;
    if (d != "cpu") throw Error(ErrorKind::Runtime, "Device type " + d + " is not supported for torch.Generator() api.");
  }
  return handle(std::make_shared<CpuGenerator>());
}

}  // namespace

GeneratorObject::GeneratorObject(std::shared_ptr<CpuGenerator> gen) : generator(std::move(gen)) {
  struct M { const char* name; NativeFn fn; };
  static const M methods[] = {{"manual_seed", gen_manual_seed}, {"seed", gen_seed}, {"initial_seed", gen_initial_seed},
                              {"get_state", gen_get_state},     {"set_state", gen_set_state}};
  for (const M& m : methods) methods_.emplace_back(m.name, Value(makeRef<GeneratorMethod>(m.name, m.fn, generator)));
  methods_.emplace_back("device", makeStr("cpu"));
}

std::string GeneratorObject::repr() const {
  char buf[64];
  std::snprintf(buf, sizeof buf, "<torch._C.Generator object at %p>", static_cast<const void*>(generator.get()));
  return buf;
}

const Value* GeneratorObject::getAttr(std::string_view name) const {
  for (const auto& [n, v] : methods_)
    if (n == name) return &v;
  return nullptr;
}

CpuGenerator* generatorArg(const Value& v, const std::string& fn) {
  if (v.isNone()) return nullptr;
  if (v.isObj(ObjKind::Other))
    if (auto* g = dynamic_cast<GeneratorObject*>(v.asObj())) return g->generator.get();
  throw Error(ErrorKind::Type, fn + "(): argument 'generator' must be torch.Generator, not " + typeName(v));
}

void addRandomBindings(Interpreter& interp, ModuleObject& torch) {
  torch.set("manual_seed", makeNative("manual_seed", torch_manual_seed));
  torch.set("seed", makeNative("seed", torch_seed));
  torch.set("initial_seed", makeNative("initial_seed", torch_initial_seed));
  torch.set("get_rng_state", makeNative("get_rng_state", torch_get_rng_state));
  torch.set("set_rng_state", makeNative("set_rng_state", torch_set_rng_state));
  torch.set("Generator", makeNative("Generator", torch_Generator));
  torch.set("default_generator", handle(defaultGen(interp)));
}

}  // namespace tdsl
