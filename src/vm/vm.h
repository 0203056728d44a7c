// The VM behind an Interpreter: value stack, call frames, modules, built-ins
// and the dispatch loop (interpreter_loop.cpp). Internal to src/vm and the
// tracer; hosts use interpreter.h.
//
// Note [Frames and the value stack]
// Script calls never recurse on the C++ stack: a call pushes a Frame whose
// registers are a window of one preallocated value stack (`stack_`, never
// reallocated, so register pointers stay valid across calls). A script callee's
// window starts at the caller's R[A+1], where CALL left the arguments. Slots
// above the topmost frame's window are None. Natives that call back into
// scripts (sorted(key=...), a compile backend) go through VM::call, which runs
// a nested dispatch loop; those nestings are counted (kMaxNativeNesting) and
// check the stack left (Note [Stack limit]).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "vm/code.h"
#include "vm/function.h"
#include "vm/interpreter.h"

namespace tdsl {

namespace ast { struct Module; }
struct ObjectModel;  // vm/classes.h

// Python's default recursion limit: deeper script recursion is a RecursionError.
constexpr size_t kMaxCallDepth = 1000;
// Nested dispatch loops and extension calls (natives calling scripts calling
// natives ..., compiled functions). What bounds them is the C++ stack they
// cost (Note [Stack limit]); this count only backstops it. A compiled
// function recursing nests twice per level (the compiled callable, then the
// script it runs), and should reach kMaxCallDepth like eager recursion.
constexpr int kMaxNativeNesting = 3 * static_cast<int>(kMaxCallDepth);
// Value stack size in slots (16 bytes each); allocated lazily by the OS.
constexpr size_t kStackSlots = size_t(1) << 22;

class GeneratorState;

struct Frame {
  FunctionObject* fn;      // kept alive by the register below the frame or the entry reference
  const CodeObject* code;
  const Instr* pc;         // next instruction (saved when the frame is not running)
  Value* base;             // R[0]
  bool entry;              // returning from this frame leaves the current dispatch loop
  Value* result;           // where RETURN writes (the caller's R[A], or the entry result)
  GeneratorState* gen = nullptr;  // the generator this frame runs (Note [Generator frames]), else null

  // Note [Frames built in place]
  // pushFrame constructs the frame inside frames_ (emplace_back). Building a
  // temporary and copying it made the copy's 16-byte loads read fields just
  // written with 8- and 1-byte stores, which store forwarding cannot serve:
  // a third of pushFrame's time in binary-trees.
  Frame(FunctionObject* fn, const CodeObject* code, const Instr* pc, Value* base, bool entry, Value* result)
      : fn(fn), code(code), pc(pc), base(base), entry(entry), result(result) {}
};

// What a native sees of the script frame that called it (VM::callerFrame):
// the tracer's hooks read their caller's location, globals and registers.
struct CallerFrame {
  const FunctionObject* fn;
  const CodeObject* code;
  uint32_t pc;             // the instruction that called the native
  const Value* registers;  // R[0 .. code->nregs)
};

// Note [Stopping a resumed function]
// A native that a function run by VM::resumeStoppable calls (directly, or
// from a script function that one calls) may stop the whole run by throwing
// an exception derived from ResumeStop. The dispatch loops let it pass
// without unwinding or a traceback; resumeStoppable catches it, hands back a
// snapshot of the resumed frame, pops every frame the run pushed and
// rethrows it. The tracer ends a segment this way (compile/tracer.cpp).
struct ResumeStop {
  virtual ~ResumeStop() = default;
};
struct FrameSnapshot {
  uint32_t pc = 0;               // the instruction the resumed frame was running
  std::vector<Value> registers;  // every register of the resumed frame
  bool nested = false;           // the stop came from a function the resumed frame called
};

class VM {
  // Declared first, destroyed last: every other member may hold tracked
  // objects (Note [Cycle collector] in gc.h).
  GcHeap heap_;

 public:
  explicit VM(Interpreter& interp);
  ~VM();

  Interpreter& interp;

  // This interpreter's cycle collector (gc.collect(), tests, statistics).
  GcHeap& heap() { return heap_; }

  // Modules and globals.
  Ref<GlobalsTable> mainGlobals;
  Ref<GlobalsTable> newGlobals(const std::string& moduleName);
  Value importModule(const std::string& dottedName);
  void addBuiltin(const std::string& name, Value v);
  // A module made by `make` on its first import; every name in `names`
  // imports the one module object (torch and tdsl). Extensions registered
  // for any of the names add to the module as it is made (torch.compile).
  using ModuleFactory = Value (*)(Interpreter& interp);
  using ModuleExtension = void (*)(Interpreter& interp, ModuleObject& module);
  void addNativeModule(std::vector<std::string> names, ModuleFactory make);
  void extendNativeModule(const std::string& name, ModuleExtension extend);
  const std::vector<std::pair<std::string, Value>>& builtins() const { return builtins_; }
  Value builtin(const std::string& name) const;

  // Parse + compile `text` against `globals`.
  CodePtr compile(SourceFilePtr file, Ref<GlobalsTable> globals, bool interactive = false);
  // Runs a module's top-level code; returns its value (see Interpreter::runSource).
  Value runModule(CodePtr code, Ref<GlobalsTable> globals);

  // Calls any callable from C++ (natives, API, callbacks).
  Value call(const Value& fn, const CallArgs& args);
  // Resumes `fn` at `pc` with the given register contents (for the compile layer).
  Value resume(const Ref<FunctionObject>& fn, const std::vector<Value>& registers, uint32_t pc);
  // resume() for a run that a native may stop: Note [Stopping a resumed
  // function]. On a ResumeStop, `*stopped` gets the resumed frame, then the
  // stop is rethrown.
  Value resumeStoppable(const Ref<FunctionObject>& fn, const std::vector<Value>& registers, uint32_t pc,
                        FrameSnapshot* stopped);

  // Runs generator `g` until its next yield (true, the value in `out`) or
  // its end (false); `sent` is the value of the yield it resumes at
  // (Note [Generator frames], generators.cpp).
  bool resumeGenerator(GeneratorState& g, Value sent, Value& out);

  // Method lookup for built-in types (str, list, dict); nullptr when absent.
  const NativeObject* findMethod(const Value& self, std::string_view name);

  // Call frames (script functions) currently running, and the innermost one,
  // for a native inspecting the script that called it.
  size_t frameDepth() const { return frames_.size(); }
  CallerFrame callerFrame() const;
  // Replaces register `r` of the innermost frame (a tracer hook redirecting
  // the instruction after its own).
  void setCallerRegister(int r, Value v);
  void checkInterrupt();
  // The slow path of the dispatch loop's POLL: an interrupt request, or a
  // collection the heap's trigger asked for (Note [Cycle collector]).
  void safePoint();
  // Note [Finalizers] (gc.h, finalizers.cpp): runs the finalizers queued on
  // the heap (unless blocked); a failing one prints "Exception ignored in:"
  // to stderr. Only where script code may run (a safe point).
  void runFinalizers();
  // gc.collect(): a collection, the finalizers it queued, and a collection
  // again if any ran (what they left is garbage now); the objects found.
  size_t collectAndFinalize();
  // Interpreter exit (~Interpreter, Note [Closing dropped generators]): closes what
  // the main module's globals hold, then collects; afterwards the heap is
  // closing and nothing is finalized any more.
  void finalizeAtExit();

  // sys.argv of the running script (script path first).
  std::vector<std::string> scriptArgv;

  // The type objects of the built-in types (int, float, ...) by name.
  std::unordered_map<std::string, Value> typeObjects;

  // Classes, the exception classes and the exception in flight (vm/classes.h).
  std::unique_ptr<ObjectModel> objectModel;

  // Script frames allowed (a host's Limits::maxRecursionDepth); at most
  // kMaxCallDepth, which frames_ and the value stack are sized for.
  size_t maxCallDepth = kMaxCallDepth;

 private:
  friend struct Loop;
  // Pushes a frame for `fn` whose arguments are at `base[0..nargs)`, then
  // `nkw` keyword values and a tuple of their names (CALL's layout). Binds
  // defaults and keywords and clears the rest of the window.
  // A generator function's call pushes nothing: it writes the generator to
  // *result instead (Note [Generator frames]).
  void pushFrame(FunctionObject* fn, Value* base, int nargs, int nkw, Value* result, bool entry);
  // pushFrame for every call that is not plain (Note [Plain calls]).
  void pushFrameBinding(FunctionObject* fn, Value* base, int nargs, int nkw, Value* result, bool entry);
  // pushFrame's ending for generator code: moves the bound registers into a new generator.
  void makeGenerator(FunctionObject* fn, Value* base, Value* result);
  // YIELD: suspends the running generator frame (the top one) at `resumePc`.
  void suspendGenerator(Value* yielded, int sentReg, uint32_t resumePc);
  // CALLEX: spreads the tuple at callee[1] and the dict (or None) at
  // callee[2] into CALL's layout; returns the positional count, sets nkw.
  int spreadCallArgs(Value* callee, int& nkw);
  // GETGLOBAL of an unbound name: NameError with CPython's "Did you mean" (name_suggestions.cpp).
  [[noreturn, gnu::noinline]] void throwNameError(const Frame& f, uint32_t slot);
  void popFrame();
  // Calls a non-script callable at callee[0] with args callee[1..]; result in *callee.
  void callNonScript(Value* callee, int nargs, int nkw);
  Value* stackTop();
  // Runs frames from the top until the entry frame returns.
  void execute();
  // Unwinds frames of the current dispatch loop after an error; attaches location and traceback.
  void unwind(Error& e, size_t entryDepth);
  // Note [Exception handlers]: finds the innermost handler for `e` in the
  // frames of the current dispatch loop; when there is one, pops the frames
  // above it, stores the exception object and resumes there.
  bool catchInFrames(Error& e, size_t entryDepth);

  std::vector<std::pair<std::string, Value>> builtins_;
  std::unordered_map<std::string, size_t> builtinIndex_;
  std::unordered_map<std::string, Value> modules_;
  struct NativeModule {
    std::vector<std::string> names;
    ModuleFactory make;
    std::vector<ModuleExtension> extensions;
  };
  std::vector<NativeModule> nativeModules_;
  NativeModule* findNativeModule(const std::string& name);
  Value makeNativeModule(NativeModule& def);
  std::vector<Ref<GlobalsTable>> globalsTables_;  // every table newGlobals made (roots until teardown: Note [Global cycles])
  std::vector<Frame> frames_;
  Value* stack_ = nullptr;
  Value* stackEnd_ = nullptr;
  int nesting_ = 0;
  // See Note [Method inline cache] (interpreter_loop.cpp). Entries point at
  // natives owned by methodCache_, which lives as long as the VM.
  struct MethodCacheEntry {
    Value name;  // the instruction's name constant; holding it keeps its address unique
    ObjKind kind = ObjKind::Other;
    const NativeObject* method = nullptr;
    const void* tensorMethod = nullptr;  // kind Tensor: the bridge's method entry
  };
  static constexpr size_t kMethodICSize = 256;
  MethodCacheEntry methodIC_[kMethodICSize];
  // Native objects for built-in methods, created on first use: str, list, dict.
  std::unordered_map<std::string_view, Value> methodCache_[4];  // str, list, dict, tuple
};

inline Value* VM::stackTop() {
  if (frames_.empty()) return stack_;
  const Frame& f = frames_.back();
  return f.base + f.code->nregs;
}

// Note [Plain calls]
// Most calls pass exactly the parameters, positionally, to a function with
// no *args, defaults to bind, closure cells or yield. pushFrame does those
// inline in the dispatch loop: clear the rest of the window, push the frame.
// Everything else (and every error: recursion, a full value stack, a wrong
// argument count) goes through pushFrameBinding.
[[gnu::always_inline]] inline void VM::pushFrame(FunctionObject* fn, Value* base, int nargs, int nkw, Value* result, bool entry) {
  const CodeObject* code = fn->code.get();
  const bool plain = nkw == 0 && nargs == code->nparams && !code->extendedParams && !code->isGenerator &&
                     code->freeRegs.empty() && frames_.size() < maxCallDepth && base + code->nregs + 2 <= stackEnd_;
  if (__builtin_expect(!plain, 0)) return pushFrameBinding(fn, base, nargs, nkw, result, entry);
  const int nregs = code->nregs;  // a local, as in popFrame
  for (int i = nargs; i < nregs; ++i) base[i] = Value();
  frames_.emplace_back(fn, code, code->code.data(), base, entry, result);  // Note [Frames built in place]
}

[[gnu::always_inline]] inline void VM::popFrame() {
  // Locals: a register's Tag store may alias anything, and a released value's
  // destructor is opaque, so f's fields would be reloaded for every register.
  const Frame& f = frames_.back();
  Value* const base = f.base;
  const int nregs = f.code->nregs;
  for (int i = 0; i < nregs; ++i) base[i] = Value();
  frames_.pop_back();
}

// Registration of the built-ins, methods and native modules (one file each).
void installBuiltins(VM& vm);
Value makeSysModule(VM& vm);
// Issue 15 additions (lang2): id() (more_builtins.cpp); attributes of ints,
// floats, sets and generators that getAttr does not know.
void installMoreBuiltins(VM& vm);
void addSysLimits(ModuleObject& sys);  // sys.getrecursionlimit / setrecursionlimit
bool moreAttr(Interpreter& interp, const Value& obj, std::string_view name, Value& out);
// Binds a call to a function with *args, keyword-only params or **kwargs
// (Note [Extended parameters] in code.h); CALL's layout at base.
void bindExtendedArgs(const FunctionObject& fn, Value* base, int nargs, int nkw);
Value makeMathModule(VM& vm);
Value makeTimeModule(VM& vm);
Value makeGcModule(VM& vm);
const std::unordered_map<std::string_view, NativeFn>& strMethods();
const std::unordered_map<std::string_view, NativeFn>& listMethods();
const std::unordered_map<std::string_view, NativeFn>& dictMethods();
const std::unordered_map<std::string_view, NativeFn>& tupleMethods();
// The embedded stdlib (generated by cmake/embed_stdlib.cmake).
const std::vector<std::pair<std::string_view, std::string_view>>& stdlibSources();

// Argument helpers for natives.
[[noreturn]] void throwArgCount(const CallArgs& args, const char* fname, size_t min, size_t max);
inline void expectArgs(const CallArgs& args, const char* fname, size_t min, size_t max) {
  if (args.nargs < min || args.nargs > max) throwArgCount(args, fname, min, max);
}
const Value* findKwarg(const CallArgs& args, std::string_view name);
void rejectKwargs(const CallArgs& args, const char* fname);

}  // namespace tdsl
