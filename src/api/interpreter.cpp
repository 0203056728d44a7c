// tdsl::api::Interpreter (include/tdsl/interpreter.h) over the VM's
// Interpreter: running source, globals, calls, output sinks and limits.
#include <utility>

#include "api/core.h"
#include "tensor/tensor.h"
#include "vm/gc.h"
#include "vm/objects.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl::api {

Interpreter::Interpreter(const Options& options) {
  try {
    core_ = std::make_shared<detail::Core>(options);
  } catch (...) {
    detail::rethrowAsApiError();
  }
}
Interpreter::Interpreter(std::shared_ptr<detail::Core> core) : core_(std::move(core)) {}
Interpreter::~Interpreter() = default;
Interpreter::Interpreter(Interpreter&&) noexcept = default;
Interpreter& Interpreter::operator=(Interpreter&&) noexcept = default;

namespace {
void checkSourceSize(const Limits& limits, std::string_view source) {
  if (limits.maxSourceBytes && source.size() > limits.maxSourceBytes)
    throw Error(ErrorKind::ResourceError, "source of " + std::to_string(source.size()) + " bytes exceeds the limit of " +
                                              std::to_string(limits.maxSourceBytes) + " bytes");
}
}  // namespace

void Interpreter::exec(std::string_view source, std::string_view name) { eval(source, name); }

Value Interpreter::eval(std::string_view source, std::string_view name) {
  checkSourceSize(core_->limits, source);
  return core_->enter([&] { return core_->box(core_->vm->runSource(std::string(name), std::string(source))); });
}

void Interpreter::execFile(const std::string& path) {
  core_->enter([&] { core_->vm->runFile(path, {path}); });
}

namespace {
template <class F>
Result attempt(F&& f) {
  Result r;
  try {
    r.value = f();
  } catch (const Error& e) {
    r.error = e;
  }
  return r;
}
}  // namespace

Result Interpreter::tryExec(std::string_view source, std::string_view name) {
  return attempt([&] { exec(source, name); return Value(); });
}
Result Interpreter::tryExecFile(const std::string& path) {
  return attempt([&] { execFile(path); return Value(); });
}
Result Interpreter::tryEval(std::string_view source, std::string_view name) {
  return attempt([&] { return eval(source, name); });
}
Result Interpreter::tryCall(const Value& fn, std::vector<Value> args) {
  return attempt([&] { return callv(fn, std::move(args)); });
}

Value Interpreter::get(const std::string& name) {
  return core_->enter([&] { return core_->box(core_->vm->getGlobal(name)); });
}
bool Interpreter::has(const std::string& name) {
  return core_->enter([&] { return core_->vm->hasGlobal(name); });
}
void Interpreter::setValue(const std::string& name, const Value& value) {
  core_->enter([&] { core_->vm->setGlobal(name, core_->unbox(value)); });
}

Value Interpreter::callv(const Value& fn, std::vector<Value> args) { return callv(fn, std::move(args), {}); }

Value Interpreter::callv(const Value& fn, std::vector<Value> args, std::vector<std::pair<std::string, Value>> kwargs) {
  return core_->enter([&] {
    std::vector<tdsl::Value> positional;
    positional.reserve(args.size());
    for (const Value& a : args) positional.push_back(core_->unbox(a));
    std::vector<tdsl::KwArg> keywords;
    keywords.reserve(kwargs.size());
    for (const auto& kw : kwargs) keywords.push_back(tdsl::KwArg{kw.first, core_->unbox(kw.second)});
    tdsl::Value callee = core_->unbox(fn);
    return core_->box(core_->vm->call(callee, tdsl::CallArgs{positional.data(), positional.size(), keywords.data(), keywords.size()}));
  });
}

Value Interpreter::boolean(bool b) { return core_->box(tdsl::Value::boolean(b)); }
Value Interpreter::integer(int64_t i) { return core_->box(tdsl::Value::integer(i)); }
Value Interpreter::number(double d) { return core_->box(tdsl::Value::number(d)); }
Value Interpreter::string(std::string s) {
  return core_->enter([&] { return core_->box(tdsl::makeStr(std::move(s))); });
}

namespace {
std::vector<tdsl::Value> unboxAll(detail::Core& core, const std::vector<Value>& items) {
  std::vector<tdsl::Value> out;
  out.reserve(items.size());
  for (const Value& v : items) out.push_back(core.unbox(v));
  return out;
}
}  // namespace

Value Interpreter::list(std::vector<Value> items) {
  return core_->enter([&] {
    GcHeap::Scope scope(core_->vm->vm().heap());
    return core_->box(tdsl::makeList(unboxAll(*core_, items)));
  });
}
Value Interpreter::tuple(std::vector<Value> items) {
  return core_->enter([&] {
    GcHeap::Scope scope(core_->vm->vm().heap());
    return core_->box(tdsl::makeTuple(unboxAll(*core_, items)));
  });
}
Value Interpreter::dict(std::vector<std::pair<Value, Value>> items) {
  return core_->enter([&] {
    GcHeap::Scope scope(core_->vm->vm().heap());
    tdsl::Value d = tdsl::makeDict();
    for (const auto& kv : items) {
      tdsl::Value key = core_->unbox(kv.first);
      if (!tdsl::isHashable(key))
        throw tdsl::Error(tdsl::ErrorKind::Type, "unhashable type: '" + tdsl::typeName(key) + "'");
      d.as<tdsl::DictObject>()->set(key, core_->unbox(kv.second));
    }
    return core_->box(std::move(d));
  });
}

void Interpreter::setOutput(OutputSink sink) { core_->vm->stdoutSink = std::move(sink); }
void Interpreter::setErrorOutput(OutputSink sink) {
  if (sink) core_->vm->stderrSink = std::move(sink);
  else core_->vm->stderrSink = [](std::string_view) {};
}

void Interpreter::setLimits(const Limits& limits) {
  core_->limits = limits;
  core_->vm->tensorState()->memory->limit = limits.maxTensorBytes ? limits.maxTensorBytes : tdsl::kDefaultTensorMemoryLimit;
  size_t depth = limits.maxRecursionDepth;
  core_->vm->vm().maxCallDepth = depth && depth < tdsl::kMaxCallDepth ? depth : tdsl::kMaxCallDepth;
}
const Limits& Interpreter::limits() const { return core_->limits; }

void Interpreter::interrupt() { core_->vm->requestInterrupt(); }

}  // namespace tdsl::api
