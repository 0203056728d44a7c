// VM state and calls: frames on the value stack (Note [Frames and the value
// stack]), argument binding, calls from C++, error unwinding with locations
// and tracebacks, modules and imports, attribute access.
#include "vm/vm.h"

#include "tensor/tensor.h"
#include "vm/classes.h"
#include "vm/stdlib_modules.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <new>

#include "frontend/parser.h"
#include "vm/compiler.h"
#include "vm/stack_limit.h"
#include "vm/tensor_bridge.h"
#include "vm/value_ops.h"

namespace tdsl {

SourceRange CodeObject::rangeAt(uint32_t pc) const {
  SourceRange r;
  r.file = file;
  auto it = std::upper_bound(lines.begin(), lines.end(), pc,
                             [](uint32_t p, const LineEntry& e) { return p < e.pc; });
  if (it == lines.begin()) return r;
  --it;
  r.begin = it->begin;
  r.end = it->end;
  return r;
}

VM::VM(Interpreter& interp) : interp(interp) {
  heap_.setSafePointFlag(&interp.safePoint_);
  heap_.memory = interp.tensorState()->memory;  // Note [Container memory]
  GcHeap::Scope scope(heap_);
  // Note [Value stack memory]: the value stack is kStackSlots slots (64 MiB)
  // of address space from mmap: its pages are zero, which is None (Note
  // [Value ownership]), and only those a deep call chain reaches are ever
  // faulted in. glibc's calloc gives the same for a block this large, but a
  // sanitizer's calloc writes every byte, and its free writes them again:
  // 128 MiB of stores per interpreter, most of a fuzz run's time.
  void* mem = mmap(nullptr, kStackSlots * sizeof(Value), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mem == MAP_FAILED) throw std::bad_alloc();
  stack_ = static_cast<Value*>(mem);
  stackEnd_ = stack_ + kStackSlots;
  frames_.reserve(kMaxCallDepth + 16);
  installBuiltins(*this);
  installClasses(*this);
  mainGlobals = newGlobals("__main__");
}

VM::~VM() {
  GcHeap::Scope scope(heap_);
  while (!frames_.empty()) popFrame();
  heap_.setClosing();  // Interpreter::~Interpreter ran the exit finalizers (Note [Finalizers])
  // Note [Global cycles]: a module's functions hold its globals table and the
  // table holds the functions, so reference counting alone never frees a
  // module. Once the VM drops its own references (the roots: tables,
  // modules, built-ins, caches), every module and every cycle a script built
  // is unreachable, and the final collection frees them (Note [Cycle
  // collector]). What survives it is held by the host.
  globalsTables_.clear();
  mainGlobals = Ref<GlobalsTable>();
  modules_.clear();
  typeObjects.clear();
  objectModel.reset();
  builtins_.clear();
  builtinIndex_.clear();
  for (MethodCacheEntry& e : methodIC_) e = MethodCacheEntry();
  for (auto& cache : methodCache_) cache.clear();
  heap_.collect();
  // A function the host still holds keeps its module's globals alive, and
  // the globals it: empty those tables, as a function cannot run without
  // its VM anyway, so the host's last reference frees the module.
  std::vector<Ref<GlobalsTable>> survivors;
  heap_.forEachTracked([&](GcObject* o) {
    if (auto* table = dynamic_cast<GlobalsTable*>(o)) survivors.emplace_back(table);
  });
  for (auto& table : survivors) {
    std::vector<Value> doomed;
    doomed.reserve(table->slots.size());
    for (auto& slot : table->slots) doomed.push_back(std::move(slot.value));
    table->slots.clear();
    table->index.clear();
    table->names.clear();
  }
  survivors.clear();
  munmap(stack_, kStackSlots * sizeof(Value));  // every slot is None here (no references left)
}

void VM::addBuiltin(const std::string& name, Value v) {
  auto it = builtinIndex_.find(name);
  if (it != builtinIndex_.end()) { builtins_[it->second].second = std::move(v); return; }
  builtinIndex_.emplace(name, builtins_.size());
  builtins_.emplace_back(name, std::move(v));
}

Value VM::builtin(const std::string& name) const {
  auto it = builtinIndex_.find(name);
  return it == builtinIndex_.end() ? Value() : builtins_[it->second].second;
}

Ref<GlobalsTable> VM::newGlobals(const std::string& moduleName) {
  auto g = makeRef<GlobalsTable>(moduleName);
  for (auto& b : builtins_) g->set(b.first, b.second);
  g->set("__name__", makeStr(moduleName));
  globalsTables_.push_back(g);  // Note [Global cycles]
  return g;
}

void VM::checkInterrupt() {
  if (interp.interrupt_.exchange(false)) throw Error(ErrorKind::Interrupt, "KeyboardInterrupt");
}

void VM::safePoint() {
  if (interp.pollBudget_ < 0) interp.chargeSteps();  // Note [Step and time limits]
  interp.safePoint_.store(false, std::memory_order_relaxed);  // before reading what raised it
  checkInterrupt();
  if (heap_.collectionDue()) heap_.collect();
  if (heap_.finalizersPending()) runFinalizers();  // Note [Finalizers]
}

// ---------------------------------------------------------------------------
// Frames

namespace {

std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string quotedList(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    s += "'" + names[i] + "'";
  }
  return s;
}

}  // namespace

void VM::pushFrameBinding(FunctionObject* fn, Value* base, int nargs, int nkw, Value* result, bool entry) {
  const CodeObject* code = fn->code.get();
  if (frames_.size() >= maxCallDepth) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded");
  if (base + code->nregs + nkw + 2 > stackEnd_) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded (value stack full)");
  const int np = code->nparams;
  if (__builtin_expect(code->extendedParams, 0)) {
    bindExtendedArgs(*fn, base, nargs, nkw);
  } else if (nkw == 0 && nargs == np) {
    for (int i = np; i < code->nregs; ++i) base[i] = Value();
  } else {
    const std::string& fname = code->name;
    if (nargs > np) {
      int required = np - code->ndefaults;
      std::string takes = required == np ? plural(static_cast<size_t>(np), "positional argument")
                                         : "from " + std::to_string(required) + " to " + plural(static_cast<size_t>(np), "positional argument");
      throw Error(ErrorKind::Type, fname + "() takes " + takes + " but " + std::to_string(nargs) + " " +
                                       (nargs == 1 ? "was" : "were") + " given");
    }
    std::vector<Value> kwvals(base + nargs, base + nargs + nkw);
    Value names = nkw ? base[nargs + nkw] : Value();
    int clearEnd = std::max(code->nregs, nargs + nkw + 1);
    for (int i = nargs; i < clearEnd; ++i) base[i] = Value();
    std::vector<bool> bound(static_cast<size_t>(np), false);
    for (int i = 0; i < nargs; ++i) bound[static_cast<size_t>(i)] = true;
    for (int k = 0; k < nkw; ++k) {
      const std::string& kn = names.as<TupleObject>()->items[static_cast<size_t>(k)].as<StrObject>()->str;
      int idx = -1;
      for (int p = 0; p < np; ++p)
        if (code->paramNames[static_cast<size_t>(p)] == kn) { idx = p; break; }
      if (idx < 0) throw Error(ErrorKind::Type, fname + "() got an unexpected keyword argument '" + kn + "'");
      if (bound[static_cast<size_t>(idx)]) throw Error(ErrorKind::Type, fname + "() got multiple values for argument '" + kn + "'");
      base[idx] = std::move(kwvals[static_cast<size_t>(k)]);
      bound[static_cast<size_t>(idx)] = true;
    }
    std::vector<std::string> missing;
    int firstDefault = np - code->ndefaults;
    for (int p = 0; p < np; ++p) {
      if (bound[static_cast<size_t>(p)]) continue;
      if (p >= firstDefault) base[p] = fn->defaults[static_cast<size_t>(p - firstDefault)];
      else missing.push_back(code->paramNames[static_cast<size_t>(p)]);
    }
    if (!missing.empty()) {
      for (int i = 0; i < clearEnd; ++i) base[i] = Value();
      throw Error(ErrorKind::Type, fname + "() missing " + plural(missing.size(), "required positional argument") +
                                       ": " + quotedList(missing));
    }
  }
  for (size_t i = 0; i < code->freeRegs.size(); ++i) base[code->freeRegs[i]] = fn->cells[i];
  if (__builtin_expect(code->isGenerator, 0)) return makeGenerator(fn, base, result);
  frames_.emplace_back(fn, code, code->code.data(), base, entry, result);  // Note [Frames built in place]
}

// Note [Library frames]
// The embedded stdlib modules (stdlib/*.td) stand in for CPython's C modules
// (itertools, bisect, functools...), so an error they raise is reported as
// CPython reports a C function's: located at the script's call and without
// the library's own frames at the top of the traceback.
static bool isLibraryFile(const SourceRange& r) {
  return r.valid() && r.file && r.file->name.compare(0, 9, "<stdlib>/") == 0;
}

void VM::unwind(Error& e, size_t entryDepth) {
  auto pcOf = [](const Frame& f) { return static_cast<uint32_t>(f.pc - f.code->code.data()) - 1; };
  if (!frames_.empty() && frames_.size() >= entryDepth) {
    size_t top = frames_.size();  // frames [top, size) are library frames above a script frame
    auto library = [&](const Frame& f) { return isLibraryFile(f.code->rangeAt(pcOf(f))); };
    while (top > entryDepth && library(frames_[top - 1])) --top;
    if (top < frames_.size() && (!e.hasLocation() || isLibraryFile(e.where)))
      e.where = frames_[top - 1].code->rangeAt(pcOf(frames_[top - 1]));
    else
      top = frames_.size();
    if (!e.hasLocation()) e.where = frames_.back().code->rangeAt(pcOf(frames_.back()));
    // Traceback entries: each function frame and the call site in its caller.
    size_t repeats = 0;
    for (size_t i = top; i-- > entryDepth - 1;) {
      const Frame& f = frames_[i];
      if (f.code->isModule) continue;
      TracebackEntry t;
      t.function = f.code->name;
      if (i > 0) t.where = frames_[i - 1].code->rangeAt(pcOf(frames_[i - 1]));
      if (!e.traceback.empty() && e.traceback.back().function == t.function && t.where.valid() &&
          e.traceback.back().where.begin.line == t.where.begin.line) {
        if (++repeats > 2) continue;
      } else if (repeats > 2) {
        e.traceback.push_back(TracebackEntry{"... (previous entry repeated " + std::to_string(repeats - 2) + " more times)", {}});
        repeats = 0;
      } else {
        repeats = 0;
      }
      e.traceback.push_back(std::move(t));
    }
    if (repeats > 2)
      e.traceback.push_back(TracebackEntry{"... (previous entry repeated " + std::to_string(repeats - 2) + " more times)", {}});
  }
  while (frames_.size() >= entryDepth && !frames_.empty()) popFrame();
}

// ---------------------------------------------------------------------------
// Calls

// Note [Arguments die with the call]
// A native borrows its arguments from the caller's registers (CALL's
// layout), which CPython would have popped when the call returned: once it
// returns, they are cleared, so an argument whose last reference they were
// dies there (`next(gen())` closes the generator before the next statement:
// Note [Closing dropped generators]) instead of whenever the register is
// reused. Script callees need nothing: their frame owns the arguments and
// popFrame clears it.
static inline void clearArguments(Value* first, int n) {
  for (int i = 0; i < n; ++i) first[i] = Value();
}

void VM::callNonScript(Value* callee, int nargs, int nkw) {
  if (nkw == 0 && callee->isObj(ObjKind::Native)) {  // the common case, without a kwargs vector
    // The callee register keeps the native alive until the result replaces it.
    auto* n = callee->as<NativeObject>();
    Value r = n->fn(interp, CallArgs{callee + 1, static_cast<size_t>(nargs), nullptr, 0}, n->data);
    *callee = std::move(r);
    clearArguments(callee + 1, nargs);
    return;
  }
  Value fn = *callee;
  std::vector<KwArg> kws;
  if (nkw) {
    auto* names = callee[1 + nargs + nkw].as<TupleObject>();
    kws.reserve(static_cast<size_t>(nkw));
    for (int i = 0; i < nkw; ++i)
      kws.push_back(KwArg{names->items[static_cast<size_t>(i)].as<StrObject>()->str, callee[1 + nargs + i]});
  }
  CallArgs ca{callee + 1, static_cast<size_t>(nargs), kws.data(), kws.size()};
  Value r = call(fn, ca);
  *callee = std::move(r);
  kws.clear();
  clearArguments(callee + 1, nargs + nkw + (nkw ? 1 : 0));  // Note [Arguments die with the call]
}

namespace {
// One more nested dispatch loop or extension call: a frame count and the
// stack it costs (Note [Stack limit]).
struct NestingGuard {
  int& n;
  explicit NestingGuard(int& n) : n(n) {
    StackLimit::check(" while calling a Python object");
    if (++n > kMaxNativeNesting) { --n; throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded while calling a Python object"); }
  }
  ~NestingGuard() { --n; }
};
}  // namespace

Value VM::call(const Value& fn, const CallArgs& args) {
  if (fn.isObj()) {
    switch (fn.asObj()->kind()) {
      case ObjKind::Native: {
        StackLimit::check(" while calling a Python object");
        auto* n = fn.as<NativeObject>();
        return n->fn(interp, args, n->data);
      }
      case ObjKind::Function: {
        // Note [Interrupts in native loops]: a native that calls back into
        // script code in a loop (filter, map, sorted's key) may call a body
        // with no CALL or backward jump, so no POLL of its own: poll here.
        if (__builtin_expect(interp.interrupt_.load(std::memory_order_relaxed), 0)) checkInterrupt();
        if (__builtin_expect(--interp.pollBudget_ < 0, 0)) interp.chargeSteps();  // Note [Step and time limits]
        NestingGuard g(nesting_);
        Value keep = fn;
        Value* base = stackTop();
        size_t need = args.nargs + args.nkwargs + 1;
        if (base + need + 1 > stackEnd_) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded (value stack full)");
        for (size_t i = 0; i < args.nargs; ++i) base[i] = args.args[i];
        if (args.nkwargs) {
          std::vector<Value> names;
          for (size_t i = 0; i < args.nkwargs; ++i) {
            base[args.nargs + i] = args.kwargs[i].value;
            names.push_back(makeStr(std::string(args.kwargs[i].name)));
          }
          base[args.nargs + args.nkwargs] = makeTuple(std::move(names));
        }
        Value result;
        try {
          pushFrame(fn.as<FunctionObject>(), base, static_cast<int>(args.nargs), static_cast<int>(args.nkwargs), &result, true);
        } catch (...) {
          for (size_t i = 0; i < need; ++i) base[i] = Value();
          throw;
        }
        if (fn.as<FunctionObject>()->code->isGenerator) return result;  // no frame: Note [Generator frames]
        execute();
        return result;
      }
      case ObjKind::BoundMethod: {
        auto* m = fn.as<BoundMethodObject>();
        std::vector<Value> all;
        all.reserve(args.nargs + 1);
        all.push_back(m->self);
        all.insert(all.end(), args.args, args.args + args.nargs);
        Value f = m->function;
        return call(f, CallArgs{all.data(), all.size(), args.kwargs, args.nkwargs});
      }
      case ObjKind::Other:
        if (auto* ext = asExtension(fn)) {
          // A compiled function's backend may call back into it (or return
          // it as the compiled callable): each round trip nests in C++.
          NestingGuard g(nesting_);
          return ext->call(interp, args);
        }
        break;
      default: break;
    }
  }
  throw Error(ErrorKind::Type, "'" + typeName(fn) + "' object is not callable");
}

Value VM::resume(const Ref<FunctionObject>& fn, const std::vector<Value>& registers, uint32_t pc) {
  NestingGuard g(nesting_);
  const CodeObject* code = fn->code.get();
  TDSL_ASSERT(registers.size() <= static_cast<size_t>(code->nregs) && pc < code->code.size());
  Value* base = stackTop();
  if (base + code->nregs + 1 > stackEnd_ || frames_.size() >= maxCallDepth)
    throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded");
  for (size_t i = 0; i < registers.size(); ++i) base[i] = registers[i];
  Value result;
  frames_.emplace_back(fn.get(), code, code->code.data() + pc, base, true, &result);
  execute();
  return result;
}

Value VM::resumeStoppable(const Ref<FunctionObject>& fn, const std::vector<Value>& registers, uint32_t pc,
                          FrameSnapshot* stopped) {
  const size_t depth = frames_.size();
  try {
    return resume(fn, registers, pc);
  } catch (ResumeStop&) {
    TDSL_ASSERT(frames_.size() > depth);
    const Frame& f = frames_[depth];
    stopped->pc = static_cast<uint32_t>(f.pc - f.code->code.data()) - 1;
    stopped->registers.assign(f.base, f.base + f.code->nregs);
    stopped->nested = frames_.size() > depth + 1;
    while (frames_.size() > depth) popFrame();
    throw;
  }
}

CallerFrame VM::callerFrame() const {
  TDSL_ASSERT(!frames_.empty());
  const Frame& f = frames_.back();
  return CallerFrame{f.fn, f.code, static_cast<uint32_t>(f.pc - f.code->code.data()) - 1, f.base};
}

void VM::setCallerRegister(int r, Value v) {
  TDSL_ASSERT(!frames_.empty() && r >= 0 && r < frames_.back().code->nregs);
  frames_.back().base[r] = std::move(v);
}

// ---------------------------------------------------------------------------
// Modules

CodePtr VM::compile(SourceFilePtr file, Ref<GlobalsTable> globals, bool interactive) {
  auto module = parseModule(file);
  return compileModule(*module, file, *globals, interactive);
}

Value VM::runModule(CodePtr code, Ref<GlobalsTable> globals) {
  NestingGuard g(nesting_);
  auto fn = makeRef<FunctionObject>(std::move(code), std::move(globals));
  Value result;
  pushFrame(fn.get(), stackTop(), 0, 0, &result, true);
  execute();
  // What its last statements dropped is finalized before the host (or the
  // importing module) goes on: Note [Finalizers].
  if (heap_.finalizersPending()) runFinalizers();
  return result;
}

Value VM::importModule(const std::string& name) {
  auto it = modules_.find(name);
  if (it != modules_.end()) {
    if (it->second.isNone()) throw Error(ErrorKind::Runtime, "circular import of module '" + name + "'");
    return it->second;
  }
  size_t dot = name.rfind('.');
  if (dot != std::string::npos) {
    Value parent = importModule(name.substr(0, dot));
    Value m = getAttr(interp, parent, name.substr(dot + 1));
    modules_[name] = m;
    return m;
  }
  for (const std::string& denied : interp.capabilities.deniedModules)
    if (denied == name) throw Error(ErrorKind::Runtime, "ImportError: import of module '" + name + "' is not permitted in this interpreter");
  Value m;
  if (name == "sys") m = makeSysModule(*this);
  else if (name == "math") m = makeMathModule(*this);
  else if (name == "time") m = makeTimeModule(*this);
  else if (name == "gc") m = makeGcModule(*this);
  else if (name == "random") m = makeRandomModule(*this);  // stdlib_modules.h
  else if (name == "_functools") m = makeFunctoolsNativeModule(*this);
  else if (name == "json") m = makeJsonModule(*this);
  else if (name == "_sysio") m = makeSysIoModule(*this);
  else if (name == "_objectnew") m = makeObjectNewModule(*this);
  else if (NativeModule* def = findNativeModule(name)) m = makeNativeModule(*def);
  else {
    const std::string_view* source = nullptr;
    for (auto& s : stdlibSources())
      if (s.first == name) source = &s.second;
    // Note [Capabilities]: NAME.td in a directory the host granted.
    std::string diskPath;
    if (!source)
      for (const std::string& dir : interp.capabilities.readDirs) {
        std::string candidate = dir + "/" + name + ".td";
        if (::access(candidate.c_str(), R_OK) == 0) {
          diskPath = permittedPath(interp.capabilities.readDirs, candidate, false);
          break;
        }
      }
    if (!source && diskPath.empty()) throw Error(ErrorKind::Name, "No module named '" + name + "'");
    modules_[name] = Value();  // in progress
    try {
      auto file = std::make_shared<SourceFile>();
      file->name = source ? "<stdlib>/" + name + ".td" : diskPath;
      file->text = source ? std::string(*source) : readScriptFile(diskPath);
      Ref<GlobalsTable> globals = newGlobals(name);
      runModule(compile(file, globals), globals);
      auto mod = makeRef<ModuleObject>(name);
      for (size_t i = 0; i < globals->slots.size(); ++i) {
        const GlobalSlot& s = globals->slots[i];
        const std::string& n = globals->names[i];
        if (!s.bound || n == "__name__") continue;
        Value b = builtin(n);
        if (!b.isNone() && b.identical(s.value)) continue;
        mod->set(n, s.value);
      }
      m = Value(mod);
    } catch (...) {
      modules_.erase(name);
      throw;
    }
  }
  modules_[name] = m;
  return m;
}

void VM::addNativeModule(std::vector<std::string> names, ModuleFactory make) {
  for (const std::string& n : names) TDSL_ASSERT(!findNativeModule(n));
  nativeModules_.push_back(NativeModule{std::move(names), make, {}});
}

void VM::extendNativeModule(const std::string& name, ModuleExtension extend) {
  NativeModule* def = findNativeModule(name);
  TDSL_ASSERT(def != nullptr);
  def->extensions.push_back(extend);
}

VM::NativeModule* VM::findNativeModule(const std::string& name) {
  for (NativeModule& def : nativeModules_)
    for (const std::string& n : def.names)
      if (n == name) return &def;
  return nullptr;
}

// The module already imported under another of its names, else a new one.
Value VM::makeNativeModule(NativeModule& def) {
  for (const std::string& n : def.names) {
    auto other = modules_.find(n);
    if (other != modules_.end() && !other->second.isNone()) return other->second;
  }
  Value m = def.make(interp);
  for (ModuleExtension extend : def.extensions) extend(interp, *m.as<ModuleObject>());
  return m;
}

const NativeObject* VM::findMethod(const Value& self, std::string_view name) {
  const std::unordered_map<std::string_view, NativeFn>* table;
  std::unordered_map<std::string_view, Value>* cache;
  if (self.isObj(ObjKind::Str)) { table = &strMethods(); cache = &methodCache_[0]; }
  else if (self.isObj(ObjKind::List)) { table = &listMethods(); cache = &methodCache_[1]; }
  else if (self.isObj(ObjKind::Dict)) { table = &dictMethods(); cache = &methodCache_[2]; }
  else if (self.isObj(ObjKind::Tuple)) { table = &tupleMethods(); cache = &methodCache_[3]; }
  else return nullptr;
  auto cached = cache->find(name);
  if (cached != cache->end()) return cached->second.as<NativeObject>();
  auto it = table->find(name);
  if (it == table->end()) return nullptr;
  // Keys point into the static method tables, so they outlive the cache.
  Value n = makeNative(std::string(name), it->second);
  cache->emplace(it->first, n);
  return n.as<NativeObject>();
}

// ---------------------------------------------------------------------------
// Attributes

Value getAttr(Interpreter& interp, const Value& obj, std::string_view name) {
  if (obj.isObj()) {
    switch (obj.asObj()->kind()) {
      case ObjKind::Module: {
        auto* m = obj.as<ModuleObject>();
        if (const Value* v = m->get(name)) return *v;
        if (name == "__name__") return makeStr(m->name);
        throw Error(ErrorKind::Attribute, "module '" + m->name + "' has no attribute '" + std::string(name) + "'");
      }
      case ObjKind::Tensor: return tensorGetAttr(interp, obj, name);
      case ObjKind::Function:
        if (name == "__name__" || name == "__qualname__") return makeStr(obj.as<FunctionObject>()->name());
        break;
      case ObjKind::Native:
        if (name == "__name__" || name == "__qualname__") return makeStr(obj.as<NativeObject>()->name);
        if (Value v; objectTypeAttr(obj, name, v)) return v;  // object.__setattr__... (vm/classes.h)
        break;
      case ObjKind::Tuple:
        if (const NamedTupleType* type = obj.as<TupleObject>()->named()) {  // Note [Named tuples]
          int i = type->fieldIndex(name);
          if (i >= 0 && static_cast<size_t>(i) < obj.as<TupleObject>()->items.size())
            return obj.as<TupleObject>()->items[static_cast<size_t>(i)];
        }
        if (const NativeObject* m = interp.vm().findMethod(obj, name))
          return Value(makeRef<BoundMethodObject>(obj, Value::object(const_cast<NativeObject*>(m))));
        break;
      case ObjKind::Range: {
        auto* r = obj.as<RangeObject>();
        if (name == "start") return Value::integer(r->start);
        if (name == "stop") return Value::integer(r->stop);
        if (name == "step") return Value::integer(r->step);
        break;
      }
      case ObjKind::Other:
        if (isSlice(obj)) {
          auto* s = obj.as<SliceObject>();
          if (name == "start") return s->lower;
          if (name == "stop") return s->upper;
          if (name == "step") return s->step;
        } else if (auto* ext = dynamic_cast<ExtensionObject*>(obj.asObj())) {
          if (Value v; objectGetAttr(interp, obj, name, v)) return v;  // classes and instances (vm/classes.h)
          if (const Value* v = ext->getAttr(name)) return *v;
        }
        break;
      default:
        if (const NativeObject* m = interp.vm().findMethod(obj, name))
          return Value(makeRef<BoundMethodObject>(obj, Value::object(const_cast<NativeObject*>(m))));
        break;
    }
  }
  if (Value more; moreAttr(interp, obj, name, more)) return more;
  throw Error(ErrorKind::Attribute, "'" + typeName(obj) + "' object has no attribute '" + std::string(name) + "'");
}

void setAttr(Interpreter& interp, const Value& obj, std::string_view name, const Value& value) {
  if (obj.isTensor()) {
    tensorSetAttr(interp, obj, name, value);
    return;
  }
  if (obj.isObj(ObjKind::Module)) {
    obj.as<ModuleObject>()->set(std::string(name), value);
    return;
  }
  if (objectSetAttr(interp, obj, name, value)) return;  // classes and instances (vm/classes.h)
  throw Error(ErrorKind::Attribute, "'" + typeName(obj) + "' object has no attribute '" + std::string(name) + "'");
}

}  // namespace tdsl
