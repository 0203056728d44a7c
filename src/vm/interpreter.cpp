// The Interpreter facade (interpreter.h) over the VM. Every entry point turns
// std::bad_alloc into Error(Resource) (Note [Two kinds of error]) and makes
// this interpreter's heap the one new objects join (GcHeap::Scope, Note
// [Cycle collector]).
#include "vm/interpreter.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

#include "vm/disassembler.h"
#include "vm/exception_boundary.h"
#include "vm/stack_limit.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {
// Every entry point: this heap, this thread's stack limit (Note [Stack
// limit]) and only tdsl errors out (Note [Exceptions at the API boundary]).
template <class F>
auto guarded(VM& vm, F&& f) -> decltype(f()) {
  GcHeap::Scope scope(vm.heap());
  StackLimit::Scope stack;
  try {
    return f();
  } catch (const Error&) {
    throw;
  } catch (const InternalError&) {
    throw;
  } catch (const std::exception& e) {
    throw errorFromStdException(e);
  }
}
}  // namespace

Interpreter::Interpreter(InterpreterOptions options) try
    : options_(std::move(options)), tensorState_(makeTensorState()), vm_(std::make_unique<VM>(*this)) {
  attachInterruptFlag(*tensorState_, interrupt_);
  outOfMemoryError();  // Note [Exceptions at the API boundary]
} catch (const Error&) {
  throw;
} catch (const InternalError&) {
  throw;
} catch (const std::exception& e) {  // no memory for the value stack, say
  throw errorFromStdException(e);
}

Interpreter::~Interpreter() {
  if (vm_) {
    // Note [Closing dropped generators]: while interp.vm() still works
    // (unique_ptr::reset clears the pointer before the VM's destructor runs).
    GcHeap::Scope scope(vm_->heap());
    vm_->finalizeAtExit();
  }
  std::fflush(stdout);
  vm_.reset();  // script objects (tensors among them) go before the tensor state
}

namespace {

// CPython's text for an OSError from errno `err`.
std::string osErrorText(int err) {
  return std::string(err == EPIPE ? "BrokenPipeError" : "OSError") + ": [Errno " + std::to_string(err) + "] " +
         std::strerror(err);
}

}  // namespace

std::string readScriptFile(const std::string& path) {
  auto fail = [&](int err) -> std::string {
    throw Error(ErrorKind::Runtime, "can't open file '" + path + "': [Errno " + std::to_string(err) + "] " + std::strerror(err));
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail(errno);
  std::string text;
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return fail(EISDIR);
  }
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      return fail(err);
    }
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return text;
}

void Interpreter::runFile(const std::string& path, std::vector<std::string> argv) {
  std::string text;
  if (path == "-") {
    std::stringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
  } else {
    text = readScriptFile(path);
  }
  if (argv.empty()) argv.push_back(path);
  vm_->scriptArgv = std::move(argv);
  runSource(path == "-" ? "<stdin>" : path, text);
  flushStdout();
}

Value Interpreter::runSource(const std::string& name, const std::string& text) {
  return runModuleSource(name, text, false);
}

void Interpreter::runInteractive(const std::string& name, const std::string& text) {
  runModuleSource(name, text, true);
}

Value Interpreter::runModuleSource(const std::string& name, const std::string& text, bool interactive) {
  return guarded(*vm_, [&] {
    auto file = std::make_shared<SourceFile>();
    file->name = name;
    file->text = text;
    CodePtr code = vm_->compile(file, vm_->mainGlobals, interactive);
    if (options_.disassemble) {
      writeStdout(disassemble(*code));
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
  return guarded(*vm_, [&] {
    const GlobalSlot* s = vm_->mainGlobals->find(name);
    if (!s || !s->bound) throw Error(ErrorKind::Name, "name '" + name + "' is not defined");
    return s->value;
  });
}
bool Interpreter::hasGlobal(const std::string& name) {
  return guarded(*vm_, [&] {
    const GlobalSlot* s = vm_->mainGlobals->find(name);
    return s && s->bound;
  });
}
void Interpreter::setGlobal(const std::string& name, Value value) {
  guarded(*vm_, [&] { vm_->mainGlobals->set(name, std::move(value)); });
}
void Interpreter::registerFunction(const std::string& name, NativeFn fn, const void* data) {
  guarded(*vm_, [&] { vm_->mainGlobals->set(name, makeNative(name, fn, data)); });
}

std::string Interpreter::repr(const Value& v) { return guarded(*vm_, [&] { return tdsl::repr(*this, v); }); }
std::string Interpreter::str(const Value& v) { return guarded(*vm_, [&] { return tdsl::str(*this, v); }); }
bool Interpreter::truthy(const Value& v) { return guarded(*vm_, [&] { return tdsl::truthy(*this, v); }); }
std::string Interpreter::typeName(const Value& v) { return tdsl::typeName(v); }

void Interpreter::writeStdout(std::string_view text) {
  if (stdoutSink) {
    stdoutSink(text);
    return;
  }
  if (std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && !std::ferror(stdout)) return;
  int err = errno;
  std::clearerr(stdout);
  if (err != EBADF) throw Error(ErrorKind::Runtime, osErrorText(err));
}

void Interpreter::writeStderr(std::string_view text) {
  if (stderrSink) {
    stderrSink(text);
    return;
  }
  std::fflush(stdout);  // keep program order with the script's own output
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void Interpreter::flushStdout() {
  if (stdoutSink) return;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return;
  int err = errno;
  std::clearerr(stdout);
  if (err != EBADF) throw Error(ErrorKind::Runtime, osErrorText(err));
}

}  // namespace tdsl
