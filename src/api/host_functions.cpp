// Host functions: a HostFunction registered as a script global, called
// through the VM's native convention (vm/native.h). Arguments are bound as a
// Python `def` binds them, with CPython's TypeError texts; the VM adds the
// script's location as the error leaves the native.
#include "api/core.h"
#include "vm/objects.h"
#include "vm/vm.h"

namespace tdsl::api {

namespace {

using detail::Core;
using detail::HostEntry;

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

[[noreturn]] void typeError(const std::string& message) { throw tdsl::Error(tdsl::ErrorKind::Type, message); }

// The arguments of one call, in parameter order, defaults filled in.
std::vector<Value> bindArguments(Core& core, const HostEntry& h, const tdsl::CallArgs& a) {
  const std::vector<Param>& params = h.params;
  const size_t np = params.size();
  size_t required = 0;
  while (required < np && !params[required].hasDefault) ++required;
  if (a.nargs > np) {
    std::string takes = required == np ? plural(np, "positional argument")
                                       : "from " + std::to_string(required) + " to " + plural(np, "positional argument");
    typeError(h.name + "() takes " + takes + " but " + std::to_string(a.nargs) + " " + (a.nargs == 1 ? "was" : "were") + " given");
  }
  std::vector<tdsl::Value> bound(np);
  std::vector<bool> have(np, false);
  for (size_t i = 0; i < a.nargs; ++i) {
    bound[i] = a.args[i];
    have[i] = true;
  }
  for (size_t k = 0; k < a.nkwargs; ++k) {
    const tdsl::KwArg& kw = a.kwargs[k];
    size_t idx = np;
    for (size_t p = 0; p < np; ++p)
      if (!params[p].name.empty() && params[p].name == kw.name) idx = p;
    if (idx == np) {
      if (np == 0 || params[0].name.empty()) typeError(h.name + "() takes no keyword arguments");
      typeError(h.name + "() got an unexpected keyword argument '" + std::string(kw.name) + "'");
    }
    if (have[idx]) typeError(h.name + "() got multiple values for argument '" + std::string(kw.name) + "'");
    bound[idx] = kw.value;
    have[idx] = true;
  }
  std::vector<std::string> missing;
  for (size_t p = 0; p < np; ++p) {
    if (have[p]) continue;
    if (params[p].hasDefault) bound[p] = Core::raw(params[p].defaultValue);
    else missing.push_back(params[p].name.empty() ? "arg" + std::to_string(p + 1) : params[p].name);
  }
  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size(); ++i) {
      if (i) names += missing.size() == 2 ? " and " : (i + 1 == missing.size() ? ", and " : ", ");
      names += "'" + missing[i] + "'";
    }
    typeError(h.name + "() missing " + plural(missing.size(), "required positional argument") + ": " + names);
  }
  std::vector<Value> out;
  out.reserve(np);
  for (tdsl::Value& v : bound) out.push_back(core.box(std::move(v)));
  return out;
}

tdsl::Value callHost(tdsl::Interpreter&, const tdsl::CallArgs& a, const void* data) {
  const auto& h = *static_cast<const HostEntry*>(data);
  Core& core = *h.core;
  std::vector<Value> args = bindArguments(core, h, a);
  Interpreter interp = core.view();
  Value result;
  try {
    result = h.fn(interp, args);
  } catch (const detail::ArgumentError& e) {
    const Param& p = h.params[e.index];
    std::string where = p.name.empty() ? h.name + "() argument " + std::to_string(e.index + 1)
                                       : h.name + "(): argument '" + p.name + "' (position " + std::to_string(e.index + 1) + ")";
    tdsl::Error vmError = detail::toVmError(e.error);
    vmError.message = where + " " + vmError.message;
    throw vmError;
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::SystemExit) throw tdsl::ScriptExit{e.exitStatus()};
    throw detail::toVmError(e);
  } catch (const std::bad_alloc&) {
    throw;  // the VM's boundary makes it "out of memory"
  } catch (const std::exception& e) {
    throw tdsl::Error(tdsl::ErrorKind::Runtime, e.what());
  } catch (...) {
    throw tdsl::Error(tdsl::ErrorKind::Runtime, h.name + "() threw a C++ exception that is not a std::exception");
  }
  return core.unbox(result);
}

}  // namespace

void Interpreter::defineFunction(const std::string& name, std::vector<Param> params, HostFunction fn) {
  bool named = false, unnamed = false, defaulted = false;
  for (const Param& p : params) {
    (p.name.empty() ? unnamed : named) = true;
    if (p.hasDefault) defaulted = true;
    else if (defaulted) throw Error(ErrorKind::SyntaxError, name + "(): parameter without a default follows parameter with a default");
    if (!p.hasDefault && !p.defaultValue.isNone()) throw Error(ErrorKind::ValueError, name + "(): a default value without hasDefault");
  }
  if (named && unnamed) throw Error(ErrorKind::ValueError, name + "(): name every parameter or none");
  for (const Param& p : params) core_->unbox(p.defaultValue);  // belongs to this interpreter
  core_->enter([&] {
    core_->hosts.push_back(HostEntry{core_.get(), name, std::move(params), std::move(fn)});
    core_->vm->registerFunction(name, callHost, &core_->hosts.back());
  });
}

}  // namespace tdsl::api
