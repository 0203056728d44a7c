// torch.Generator and the torch functions over the CPU generator
// (manual_seed, seed, initial_seed, get_rng_state, set_rng_state,
// default_generator); Note [PyTorch's CPU generator] in
// tensor/random/cpu_generator.h.
#pragma once

#include <memory>

#include "tensor/random/cpu_generator.h"
#include "vm/objects.h"

namespace tdsl {

class Interpreter;

// A script's handle on a generator: the interpreter's default one or one
// made by torch.Generator(). Handles on the same generator are equal in
// behaviour (torch.manual_seed returns a handle on the default generator).
class GeneratorObject : public ExtensionObject {
 public:
  explicit GeneratorObject(std::shared_ptr<CpuGenerator> gen);
  std::string typeName() const override { return "Generator"; }
  std::string repr() const override;
  const Value* getAttr(std::string_view name) const override;

  const std::shared_ptr<CpuGenerator> generator;

 private:
  std::vector<std::pair<std::string, Value>> methods_;
};

// The generator a generator= argument names, or nullptr for None; a
// TypeError naming `fn` for anything else.
CpuGenerator* generatorArg(const Value& v, const std::string& fn);

// Adds the functions above to the torch module.
void addRandomBindings(Interpreter& interp, ModuleObject& torch);

}  // namespace tdsl
