// The Interpreter facade (interpreter.h) over the VM. Every entry point turns
// std::bad_alloc into Error(Resource) (Note [Two kinds of error]) and makes
// this interpreter's heap the one new objects join (GcHeap::Scope, Note
// [Cycle collector]).
#include "vm/interpreter.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "vm/disassembler.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {
template <class F>
auto guarded(VM& vm, F&& f) -> decltype(f()) {
  GcHeap::Scope scope(vm.heap());
  try {
    return f();
  } catch (const std::bad_alloc&) {
    throw Error(ErrorKind::Resource, "out of memory");
  }
}
}  // namespace

Interpreter::Interpreter(InterpreterOptions options)
    : options_(std::move(options)), tensorState_(makeTensorState()), vm_(std::make_unique<VM>(*this)) {
  attachInterruptFlag(*tensorState_, interrupt_);
}

Interpreter::~Interpreter() {
  std::fflush(stdout);
  vm_.reset();  // script objects (tensors among them) go before the tensor state
}

void Interpreter::runFile(const std::string& path, std::vector<std::string> argv) {
  std::string text;
  if (path == "-") {
    std::stringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::Runtime, "can't open file '" + path + "': No such file or directory");
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  if (argv.empty()) argv.push_back(path);
  vm_->scriptArgv = std::move(argv);
  runSource(path == "-" ? "<stdin>" : path, text);
  std::fflush(stdout);
}

Value Interpreter::runSource(const std::string& name, const std::string& text) {
  return guarded(*vm_, [&] {
    auto file = std::make_shared<SourceFile>();
    file->name = name;
    file->text = text;
    CodePtr code = vm_->compile(file, vm_->mainGlobals);
    if (options_.disassemble) {
      std::string dis = disassemble(*code);
      std::fwrite(dis.data(), 1, dis.size(), stdout);
    }
    return vm_->runModule(code, vm_->mainGlobals);
  });
}

std::string Interpreter::disassembleSource(const std::string& name, const std::string& text) {
  return guarded(*vm_, [&] {
    auto file = std::make_shared<SourceFile>();
    file->name = name;
    file->text = text;
    auto globals = vm_->newGlobals("__main__");
    return disassemble(*vm_->compile(file, globals));
  });
}

Value Interpreter::call(const Value& fn, const CallArgs& args) {
  return guarded(*vm_, [&] { return vm_->call(fn, args); });
}
Value Interpreter::call(const Value& fn, std::vector<Value> args) {
  return call(fn, CallArgs{args.data(), args.size(), nullptr, 0});
}

Value Interpreter::getGlobal(const std::string& name) {
  const GlobalSlot* s = vm_->mainGlobals->find(name);
  if (!s || !s->bound) throw Error(ErrorKind::Name, "name '" + name + "' is not defined");
  return s->value;
}
bool Interpreter::hasGlobal(const std::string& name) {
  const GlobalSlot* s = vm_->mainGlobals->find(name);
  return s && s->bound;
}
void Interpreter::setGlobal(const std::string& name, Value value) { vm_->mainGlobals->set(name, std::move(value)); }
void Interpreter::registerFunction(const std::string& name, NativeFn fn, const void* data) {
  setGlobal(name, makeNative(name, fn, data));
}

std::string Interpreter::repr(const Value& v) { return guarded(*vm_, [&] { return tdsl::repr(*this, v); }); }
std::string Interpreter::str(const Value& v) { return guarded(*vm_, [&] { return tdsl::str(*this, v); }); }
bool Interpreter::truthy(const Value& v) { return tdsl::truthy(*this, v); }
std::string Interpreter::typeName(const Value& v) { return tdsl::typeName(v); }

void Interpreter::writeStdout(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

}  // namespace tdsl
