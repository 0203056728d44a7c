// CompileRuntime (runtime.h): caches of instrumented and step code,
// the hook natives of Note [Instrumented trace code], builtin classification.
#include "compile/runtime.h"

#include <cstdio>
#include <cstdlib>

#include "support/parallel.h"
#include "ops/op_table.h"
#include "compile/function.h"
#include "compile/tracer.h"
#include "vm/objects.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

// Each hook forwards to the active tracer; with none (an instrumented
// function that escaped a trace), hooks are no-ops returning their operand.
template <Value (Tracer::*Method)(const CallArgs&)>
Value hookNative(Interpreter& interp, const CallArgs& a, const void* data) {
  auto* rt = static_cast<CompileRuntime*>(const_cast<void*>(data));
  if (!rt->activeTracer) return a.nargs ? a[0] : Value();
  return (rt->activeTracer->*Method)(a);
}

// Builtins that never touch tensor data and have no side effects.
const char* const kPureBuiltins[] = {"len", "isinstance", "type", "tuple", "list", "zip", "enumerate",
                                     "id", "callable", "getattr", "hasattr"};
// Builtins that are pure on Python values but read data from a tensor argument.
const char* const kPureNoTensorBuiltins[] = {"abs", "min", "max", "int", "float", "bool", "str", "repr",
                                             "round", "range", "sum", "divmod", "pow", "hash", "ord",
                                             "chr", "any", "all", "sorted", "reversed", "dict", "format",
                                             "set", "frozenset"};

}  // namespace

CompileRuntime::CompileRuntime(Interpreter& interp) : interp(interp), numThreads(defaultThreadCount()) {
  logs.owner.interp = &interp;
  if (const char* env = std::getenv("TDSL_LOGS")) logs.enable(env);
  logs.enable(interp.options().logs);
  const void* self = this;
  hooks_ = {
      makeNative("<trace:return>", &hookNative<&Tracer::onReturn>, self),
      makeNative("<trace:call>", &hookNative<&Tracer::onCall>, self),
      makeNative("<trace:method>", &hookNative<&Tracer::onMethod>, self),
      makeNative("<trace:getglobal>", &hookNative<&Tracer::onGetGlobal>, self),
      makeNative("<trace:setglobal>", &hookNative<&Tracer::onSetGlobal>, self),
      makeNative("<trace:truth>", &hookNative<&Tracer::onTruth>, self),
      makeNative("<trace:unsupported>", &hookNative<&Tracer::onUnsupported>, self),
      makeNative("<trace:attr>", &hookNative<&Tracer::onAttr>, self),
      makeNative("<trace:sizeuse>", &hookNative<&Tracer::onSizeUse>, self),
      makeNative("<trace:index>", &hookNative<&Tracer::onIndex>, self),
      makeNative("<trace:makefunc>", &hookNative<&Tracer::onMakeFunc>, self),
  };
  for (auto& [name, value] : interp.vm().builtins()) {
    if (!value.isObj()) continue;
    BuiltinKind kind = BuiltinKind::Unknown;
    for (const char* n : kPureBuiltins)
      if (name == n) kind = BuiltinKind::Pure;
    for (const char* n : kPureNoTensorBuiltins)
      if (name == n) kind = BuiltinKind::PureNoTensors;
    builtins_[value.asObj()] = kind;
  }
}

CompileRuntime::~CompileRuntime() = default;

const InstrumentedCode& CompileRuntime::instrumented(const CodePtr& code) {
  auto it = instrumented_.find(code.get());
  if (it == instrumented_.end()) {
    it = instrumented_.emplace(code.get(), std::make_pair(code, instrumentCode(*code, hooks_))).first;
    byCopy_[it->second.second.code.get()] = &it->second.second;
  }
  return it->second.second;
}

const InstrumentedCode* CompileRuntime::instrumentationOf(const CodeObject* copy) const {
  auto it = byCopy_.find(copy);
  return it == byCopy_.end() ? nullptr : it->second;
}

const CodePtr& CompileRuntime::stepCode(const CodePtr& code, uint32_t pc) {
  auto key = std::make_pair(code.get(), pc);
  auto it = steps_.find(key);
  if (it == steps_.end()) it = steps_.emplace(key, std::make_pair(code, makeStepCode(*code, pc))).first;
  return it->second.second;
}

Value CompileRuntime::instrumentedFunction(const Value& fnValue) {
  auto* fn = fnValue.as<FunctionObject>();
  if (instrumentationOf(fn->code.get())) return fnValue;
  const InstrumentedCode& ic = instrumented(fn->code);
  auto copy = makeRef<FunctionObject>(ic.code, fn->globals);
  copy->defaults = fn->defaults;
  copy->cells = fn->cells;
  return Value(copy);
}

CompileRuntime::BuiltinKind CompileRuntime::builtinKind(const Object* native) const {
  auto it = builtins_.find(native);
  return it == builtins_.end() ? BuiltinKind::Unknown : it->second;
}

bool CompileRuntime::isBuiltin(const Object* native) const { return builtins_.count(native) != 0; }

void reportCompileStats(Interpreter& interp) {
  const InterpreterOptions& o = interp.options();
  if (!o.stats && o.statsJson.empty()) return;
  CompileRuntime& rt = compileRuntime(interp);
  if (o.stats) {
    interp.writeStderr(rt.stats.summary());
  }
  if (!o.statsJson.empty()) {
    if (FILE* f = std::fopen(o.statsJson.c_str(), "w")) {
      std::string s = rt.stats.json();
      std::fwrite(s.data(), 1, s.size(), f);
      std::fclose(f);
    } else {
      interp.writeStderr("tdsl: cannot write --stats-json file '" + o.statsJson + "'\n");
    }
  }
}

CompileRuntime& compileRuntime(Interpreter& interp) {
  return interp.extension<CompileRuntime>();
}

}  // namespace tdsl
