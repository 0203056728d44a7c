// .npy and .npz files from scripts: tdsl.load_npy, tdsl.save_npy,
// tdsl.load_npz, tdsl.save_npz, tdsl.save_npz_compressed (numpy's np.load,
// np.save, np.savez, np.savez_compressed under names that say the format;
// the torch module is the same module, so torch.load_npy works too, while
// torch.load and torch.save stay free for PyTorch's own format). Every path
// is checked against the interpreter's capabilities (Note [Capabilities] in
// vm/capabilities.h).
#include "api/npy.h"
#include "api/standard.h"
#include "tensor/tensor.h"
#include "vm/objects.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

// The `index`th positional argument or the keyword `name`; TypeError in
// CPython's words when missing.
const Value& argument(const CallArgs& a, const char* fname, size_t index, const char* name) {
  if (index < a.nargs) {
    if (findKwarg(a, name))
      throw Error(ErrorKind::Type, std::string(fname) + "() got multiple values for argument '" + name + "'");
    return a.args[index];
  }
  if (const Value* v = findKwarg(a, name)) return *v;
  throw Error(ErrorKind::Type, std::string(fname) + "() missing required argument '" + name + "' (pos " + std::to_string(index + 1) + ")");
}

std::string pathArgument(const CallArgs& a, const char* fname) {
  const Value& v = argument(a, fname, 0, "file");
  if (!v.isObj(ObjKind::Str))
    throw Error(ErrorKind::Type, std::string(fname) + "(): argument 'file' must be str, not " + typeName(v));
  return v.as<StrObject>()->str;
}

const TensorObject& tensorArgument(const Value& v, const char* fname, const std::string& name) {
  if (!v.isTensor()) throw Error(ErrorKind::Type, std::string(fname) + "(): argument '" + name + "' must be Tensor, not " + typeName(v));
  return *v.as<TensorObject>();
}

void onlyKeywords(const CallArgs& a, const char* fname, std::initializer_list<const char*> names) {
  for (size_t i = 0; i < a.nkwargs; ++i) {
    bool known = false;
    for (const char* n : names) known = known || a.kwargs[i].name == n;
    if (!known)
      throw Error(ErrorKind::Type, std::string(fname) + "() got an unexpected keyword argument '" + std::string(a.kwargs[i].name) + "'");
  }
}

Value loadNpyNative(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "load_npy", 0, 1);
  onlyKeywords(a, "load_npy", {"file"});
  std::string path = permittedPath(interp.capabilities.readDirs, pathArgument(a, "load_npy"), false);
  return Value(loadNpy(*interp.tensorState(), path));
}

Value saveNpyNative(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "save_npy", 0, 2);
  onlyKeywords(a, "save_npy", {"file", "arr"});
  std::string file = pathArgument(a, "save_npy");
  const TensorObject& t = tensorArgument(argument(a, "save_npy", 1, "arr"), "save_npy", "arr");
  saveNpy(permittedPath(interp.capabilities.writeDirs, file, true), t);
  return Value();
}

Value loadNpzNative(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "load_npz", 0, 1);
  onlyKeywords(a, "load_npz", {"file"});
  std::string path = permittedPath(interp.capabilities.readDirs, pathArgument(a, "load_npz"), false);
  NamedTensors tensors = loadNpz(*interp.tensorState(), path);
  GcHeap::Scope scope(interp.vm().heap());
  Value d = makeDict();
  for (auto& nt : tensors) d.as<DictObject>()->set(makeStr(nt.first), Value(std::move(nt.second)));
  return d;
}

// np.savez(file, *args, **kwds): positional arrays are named arr_0, arr_1, ...
Value saveNpzCommon(Interpreter& interp, const CallArgs& a, bool compressed) {
  const char* fname = compressed ? "save_npz_compressed" : "save_npz";
  if (a.nargs < 1) throw Error(ErrorKind::Type, std::string(fname) + "() missing required argument 'file' (pos 1)");
  std::string file = pathArgument(a, fname);
  std::vector<std::pair<std::string, const TensorObject*>> tensors;
  for (size_t i = 1; i < a.nargs; ++i) tensors.emplace_back("arr_" + std::to_string(i - 1), &tensorArgument(a.args[i], fname, "arr_" + std::to_string(i - 1)));
  for (size_t i = 0; i < a.nkwargs; ++i) {
    std::string name(a.kwargs[i].name);
    for (const auto& nt : tensors)
      if (nt.first == name) throw Error(ErrorKind::Value, "Cannot use un-named variables and keyword " + name);
    tensors.emplace_back(name, &tensorArgument(a.kwargs[i].value, fname, name));
  }
  saveNpz(permittedPath(interp.capabilities.writeDirs, file, true), tensors, compressed);
  return Value();
}

Value saveNpzNative(Interpreter& interp, const CallArgs& a, const void*) { return saveNpzCommon(interp, a, false); }
Value saveNpzCompressedNative(Interpreter& interp, const CallArgs& a, const void*) { return saveNpzCommon(interp, a, true); }

void addNpyFunctions(Interpreter&, ModuleObject& tdslModule) {
  tdslModule.set("load_npy", makeNative("load_npy", loadNpyNative));
  tdslModule.set("save_npy", makeNative("save_npy", saveNpyNative));
  tdslModule.set("load_npz", makeNative("load_npz", loadNpzNative));
  tdslModule.set("save_npz", makeNative("save_npz", saveNpzNative));
  tdslModule.set("save_npz_compressed", makeNative("save_npz_compressed", saveNpzCompressedNative));
}

}  // namespace

void installNpyFunctions(Interpreter& interp) { interp.vm().extendNativeModule("torch", addNpyFunctions); }

}  // namespace tdsl
