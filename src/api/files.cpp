// The host's side of files: capabilities granted to scripts (Note
// [Capabilities] in vm/capabilities.h) and .npy/.npz load and save (Note
// [npy files] in npy.h).
#include "api/core.h"
#include "api/npy.h"
#include "vm/gc.h"
#include "vm/vm.h"

namespace tdsl::api {

namespace {

const TensorObject& vmTensor(const Tensor& t) {
  const tdsl::Value& v = detail::Core::raw(t.value());
  if (!v.isTensor()) throw Error(ErrorKind::RuntimeError, "an empty tdsl::Tensor handle");
  return *v.as<TensorObject>();
}

}  // namespace

void Interpreter::setCapabilities(const Capabilities& capabilities) {
  core_->capabilities = capabilities;
  tdsl::Capabilities& c = core_->vm->capabilities;
  c.readDirs = capabilities.readDirs;
  c.writeDirs = capabilities.writeDirs;
  c.deniedModules = capabilities.deniedModules;
}
const Capabilities& Interpreter::capabilities() const { return core_->capabilities; }

Tensor Interpreter::loadNpy(const std::string& path) {
  return core_->enter([&] { return Tensor(core_->box(tdsl::Value(tdsl::loadNpy(*core_->vm->tensorState(), path)))); });
}

void Interpreter::saveNpy(const std::string& path, const Tensor& tensor) {
  core_->unbox(tensor.value());
  core_->enter([&] { tdsl::saveNpy(path, vmTensor(tensor)); });
}

std::vector<std::pair<std::string, Tensor>> Interpreter::loadNpz(const std::string& path) {
  return core_->enter([&] {
    std::vector<std::pair<std::string, Tensor>> out;
    for (auto& nt : tdsl::loadNpz(*core_->vm->tensorState(), path))
      out.emplace_back(nt.first, Tensor(core_->box(tdsl::Value(std::move(nt.second)))));
    return out;
  });
}

void Interpreter::saveNpz(const std::string& path, const std::vector<std::pair<std::string, Tensor>>& tensors, bool compressed) {
  for (const auto& nt : tensors) core_->unbox(nt.second.value());
  core_->enter([&] {
    std::vector<std::pair<std::string, const TensorObject*>> members;
    for (const auto& nt : tensors) members.emplace_back(nt.first, &vmTensor(nt.second));
    tdsl::saveNpz(path, members, compressed);
  });
}

}  // namespace tdsl::api
