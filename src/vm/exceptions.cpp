// Exceptions: the built-in exception classes, raise, except matching, with,
// and the handler search of the dispatch loop (Note [Exception handlers] in
// code.h).
//
// Note [Exceptions as errors]
// Every exception travels as a tdsl::Error, whatever raised it, so natives,
// the API and the CLI see one kind of failure and an uncaught exception
// prints as every other error: `file:line:col: error: ValueError: msg`.
// RAISE throws an Error whose message is "ClassName: str(e)" and whose kind
// is the class's (the nearest built-in class with an ErrorKind; Runtime
// otherwise), and leaves the instance in ObjectModel::inFlight. A handler
// turns the error back into an object: the instance in flight when kind and
// message match, else a new instance of the built-in class of the error's
// kind (an IndexError from a list, a RuntimeError from a shape mismatch)
// whose str() is the message. The object keeps the error (location and
// traceback so far) in `origin`, so a bare `raise`, a finally or a with
// re-raises it as it was first raised.
//
// Note [Exception chaining]
// `raise X from Y` sets X.__cause__ = Y and X.__suppress_context__; a raise
// statement inside an except body sets X.__context__ to the exception being
// handled (the compiler passes its register in RAISE's C). Exceptions raised
// by tdsl itself inside a handler get no __context__. The printed chain
// travels in the Error's note: CPython's tracebacks of the earlier
// exceptions, oldest first, each followed by "The above exception was the
// direct cause of the following exception:" or "During handling of the
// above exception, another exception occurred:", printed after the located
// first line and before the final exception's own traceback.
//
// Note [Uncatchable errors]
// Resource errors (tensor memory and size limits), the step and time limits
// (RuntimeErrors at the API, raised by vm/limits.cpp) and interrupts (Ctrl-C)
// pass every handler, `except BaseException` and bare `except` included, and
// run no finally body: a sandbox limit cannot be swallowed by the script it
// limits. sys.exit is not an Error at all (ScriptExit) and passes too.
#include "vm/classes.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

ObjectModel& model(Interpreter& interp) { return *interp.vm().objectModel; }

InstanceObject& selfException(const CallArgs& a, const char* fname) {
  if (a.nargs < 1 || !asInstance(a[0]))
    throw Error(ErrorKind::Type, std::string("descriptor '") + fname + "' requires a 'BaseException' object");
  return *asInstance(a[0]);
}

Value exc_init(Interpreter&, const CallArgs& a, const void*) {
  InstanceObject& self = selfException(a, "__init__");
  self.attrs["args"] = makeTuple(std::vector<Value>(a.args + 1, a.args + a.nargs));
  return Value();
}
Value stop_iteration_init(Interpreter&, const CallArgs& a, const void*) {  // e.value: the generator's return value
  InstanceObject& self = selfException(a, "__init__");
  self.attrs["args"] = makeTuple(std::vector<Value>(a.args + 1, a.args + a.nargs));
  self.attrs["value"] = a.nargs > 1 ? a[1] : Value();
  return Value();
}
Value exc_str(Interpreter& interp, const CallArgs& a, const void*) {
  return makeStr(exceptionStr(interp, selfException(a, "__str__")));
}
Value exc_repr(Interpreter& interp, const CallArgs& a, const void*) {
  InstanceObject& self = selfException(a, "__repr__");
  std::string out = self.klass()->name + "(";
  const Value* found = self.attrs.find("args");
  Value args = found ? *found : Value();  // held: repr() of an item may run script code
  if (args.isObj(ObjKind::Tuple)) {
    const auto& items = args.as<TupleObject>()->items;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += ", ";
      out += repr(interp, items[i]);
    }
  }
  return makeStr(out + ")");
}

// A KeyError from a dict says repr(key): recover the key when that repr is
// a plain str or int, so e.args and repr(e) are CPython's.
void keyErrorArgs(InstanceObject& inst, const std::string& msg) {
  Value key;
  if (msg.size() >= 2 && msg.front() == '\'' && msg.back() == '\'' &&
      msg.find_first_of("'\\", 1) == msg.size() - 1) {
    key = makeStr(msg.substr(1, msg.size() - 2));
  } else if (!msg.empty() && msg.size() < 19 && msg.find_first_not_of("-0123456789") == std::string::npos &&
             msg != "-") {
    key = Value::integer(std::stoll(msg));
  } else {
    return;
  }
  inst.attrs["args"] = makeTuple({key});
  inst.messageIsStr = false;
}

}  // namespace

std::string exceptionStr(Interpreter& interp, InstanceObject& e) {
  const Value* found = e.attrs.find("args");
  if (!found || !found->isObj(ObjKind::Tuple)) return "";
  Value args = *found;  // held: str() of an item may run script code
  const auto& items = args.as<TupleObject>()->items;
  if (items.empty()) return "";
  if (items.size() == 1) {
    if (e.messageIsStr && items[0].isObj(ObjKind::Str)) return items[0].as<StrObject>()->str;
    ObjectModel& om = model(interp);
    if (isInstanceOfClass(Value::object(&e), *asClass(om.byKind.at(static_cast<int>(ErrorKind::Key)))))
      return repr(interp, items[0]);
    return str(interp, items[0]);
  }
  return repr(interp, args);
}

void installExceptionClasses(VM& vm) {
  ObjectModel& om = *vm.objectModel;
  Interpreter& interp = vm.interp;
  auto make = [&](const char* name, const Value& base, ErrorKind kind) {
    auto cls = makeRef<ClassObject>(interp, name, base, kind, true);
    cls->builtin = true;
    Value v(cls);
    om.builtinClasses[name] = v;
    vm.addBuiltin(name, v);
    return v;
  };
  const ErrorKind R = ErrorKind::Runtime;
  Value base = make("BaseException", Value(), R);
  auto* b = asClass(base);
  b->attrs["__init__"] = makeNative("__init__", exc_init);
  b->attrs["__str__"] = makeNative("__str__", exc_str);
  b->attrs["__repr__"] = makeNative("__repr__", exc_repr);
  b->attrs["__cause__"] = Value();  // Note [Exception chaining]
  b->attrs["__context__"] = Value();
  b->attrs["__suppress_context__"] = Value::boolean(false);
  om.baseException = base;
  make("KeyboardInterrupt", base, ErrorKind::Runtime);
  make("SystemExit", base, ErrorKind::Runtime);
  make("GeneratorExit", base, ErrorKind::Runtime);
  Value exc = make("Exception", base, R);
  om.exception = exc;
  Value arith = make("ArithmeticError", exc, R);
  Value lookup = make("LookupError", exc, R);
  Value runtime = make("RuntimeError", exc, R);
  Value name = make("NameError", exc, ErrorKind::Name);
  auto kinded = [&](ErrorKind k, const char* n, const Value& parent) { om.byKind[static_cast<int>(k)] = make(n, parent, k); };
  kinded(ErrorKind::ZeroDivision, "ZeroDivisionError", arith);
  kinded(ErrorKind::Overflow, "OverflowError", arith);
  make("FloatingPointError", arith, R);
  kinded(ErrorKind::Index, "IndexError", lookup);
  kinded(ErrorKind::Key, "KeyError", lookup);
  kinded(ErrorKind::Value, "ValueError", exc);
  kinded(ErrorKind::Type, "TypeError", exc);
  kinded(ErrorKind::Attribute, "AttributeError", exc);
  kinded(ErrorKind::Assertion, "AssertionError", exc);
  kinded(ErrorKind::Syntax, "SyntaxError", exc);
  kinded(ErrorKind::Recursion, "RecursionError", runtime);
  kinded(ErrorKind::UnboundLocal, "UnboundLocalError", name);
  om.byKind[static_cast<int>(ErrorKind::Name)] = name;
  om.byKind[static_cast<int>(ErrorKind::Runtime)] = runtime;
  om.byKind[static_cast<int>(ErrorKind::Shape)] = runtime;      // PyTorch raises RuntimeError for sizes
  om.byKind[static_cast<int>(ErrorKind::GraphBreak)] = runtime;
  asClass(runtime)->kind = ErrorKind::Runtime;
  make("NotImplementedError", runtime, R);
  om.stopIteration = make("StopIteration", exc, R);
  asClass(om.stopIteration)->attrs["__init__"] = makeNative("__init__", stop_iteration_init);
  asClass(om.stopIteration)->attrs["value"] = Value();  // an instance made from a tdsl error has no __init__ call
  Value import = make("ImportError", exc, R);
  make("ModuleNotFoundError", import, R);
  make("MemoryError", exc, R);
  Value os = make("OSError", exc, R);
  make("FileNotFoundError", os, R);
  make("UnicodeError", om.byKind[static_cast<int>(ErrorKind::Value)], R);
  make("Warning", exc, R);
}

Value exceptionFromError(Interpreter& interp, const Error& e) {
  ObjectModel& om = model(interp);
  Value exc;
  if (!om.inFlight.isNone() && om.inFlightKind == e.kind && om.inFlightMessage == e.message) {
    exc = std::move(om.inFlight);
    om.inFlight = Value();
  } else {
    auto it = om.byKind.find(static_cast<int>(e.kind));
    Value cls = it != om.byKind.end() ? it->second : om.byKind.at(static_cast<int>(ErrorKind::Runtime));
    auto inst = makeRef<InstanceObject>(cls);
    std::string msg = e.message;
    for (const std::string& prefix : {asClass(cls)->name + ": ", std::string(errorKindName(e.kind)) + ": "})
      if (msg.compare(0, prefix.size(), prefix) == 0) { msg = msg.substr(prefix.size()); break; }
    if (msg == asClass(cls)->name) msg.clear();
    inst->attrs["args"] = msg.empty() ? makeTuple({}) : makeTuple({makeStr(msg)});
    inst->messageIsStr = true;
    if (e.kind == ErrorKind::Key) keyErrorArgs(*inst, msg);
    exc = Value(inst);
  }
  asInstance(exc)->origin = std::make_shared<Error>(e);
  return exc;
}

namespace {

const char kChainNote[] = "the exception chain, oldest first:\n";

// CPython's text for the exception `exc` (with its own chain first) and the
// sentence linking it to the next one.
std::string chainedText(Interpreter& interp, const Value& exc, bool direct) {
  InstanceObject& inst = *asInstance(exc);
  std::string text;
  std::string line = inst.klass()->name;
  std::string s = exceptionStr(interp, inst);
  if (!s.empty()) line += ": " + s;
  if (inst.origin) {
    const Error& o = *inst.origin;
    const std::string prefix = kChainNote;
    if (o.note.compare(0, prefix.size(), prefix) == 0) text = o.note.substr(prefix.size()) + "\n";
    // Its traceback from the function that caught it (CPython's e.__traceback__).
    if (o.where.valid()) {
      const auto& tb = o.traceback;
      text += "Traceback (most recent call last):\n";
      for (size_t i = tb.size(); i-- > 0;) {
        if (!tb[i].where.valid()) { text += "  " + tb[i].function + "\n"; continue; }
        size_t caller = i + 1;
        while (caller < tb.size() && !tb[caller].where.valid()) ++caller;
        std::string in = caller < tb.size() ? tb[caller].function : inst.caughtIn;
        text += "  File \"" + tb[i].where.file->name + "\", line " + std::to_string(tb[i].where.begin.line) + ", in " + in + "\n";
      }
      text += "  File \"" + o.where.file->name + "\", line " + std::to_string(o.where.begin.line) + ", in " +
              (tb.empty() ? inst.caughtIn : tb.front().function) + "\n";
    }
  }
  text += line + "\n\n";
  text += direct ? "The above exception was the direct cause of the following exception:\n"
                 : "During handling of the above exception, another exception occurred:\n";
  return text;
}

bool isExceptionInstance(const Value& v) {
  InstanceObject* i = asInstance(v);
  return i && i->klass()->isException;
}

}  // namespace

void raiseException(Interpreter& interp, const Value& excArg, int mode, const Value& cause, const Value* context) {
  ObjectModel& om = model(interp);
  if (mode == 3) throw Error(ErrorKind::Runtime, "RuntimeError: No active exception to reraise");
  Value exc = excArg;
  if (mode == 2) {
    InstanceObject* inst = asInstance(exc);
    if (inst && inst->origin) {
      om.inFlight = exc;
      om.inFlightKind = inst->origin->kind;
      om.inFlightMessage = inst->origin->message;
      throw Error(*inst->origin);
    }
  }
  if (mode == 1 && !cause.isNone()) {
    ClassObject* c = asClass(cause);
    InstanceObject* i = asInstance(cause);
    if (!(c && c->isException) && !(i && i->klass()->isException))
      throw Error(ErrorKind::Type, "exception causes must derive from BaseException");
  }
  if (ClassObject* c = asClass(exc)) {
    if (!c->isException) throw Error(ErrorKind::Type, "exceptions must derive from BaseException");
    exc = c->call(interp, CallArgs{});
  }
  InstanceObject* inst = asInstance(exc);
  if (!inst || !inst->klass()->isException) throw Error(ErrorKind::Type, "exceptions must derive from BaseException");
  std::string s = str(interp, exc);
  std::string message = inst->klass()->name + (s.empty() ? "" : ": " + s);
  ErrorKind kind = inst->klass()->kind;
  Error error(kind, std::move(message));
  // Note [Exception chaining]
  if (context && isExceptionInstance(*context) && !context->identical(exc)) inst->attrs["__context__"] = *context;
  if (mode == 1) {
    Value causeExc = cause;
    if (ClassObject* c = asClass(causeExc)) causeExc = c->call(interp, CallArgs{});
    inst->attrs["__cause__"] = causeExc;
    inst->attrs["__suppress_context__"] = Value::boolean(true);
    if (!causeExc.isNone()) error.note = kChainNote + chainedText(interp, causeExc, true);
  } else {
    const Value* ctx = inst->attrs.find("__context__");
    if (ctx && isExceptionInstance(*ctx)) {
      Value context = *ctx;
      error.note = kChainNote + chainedText(interp, context, false);
    }
  }
  om.inFlight = exc;
  om.inFlightKind = kind;
  om.inFlightMessage = error.message;
  throw error;
}

bool exceptionMatches(Interpreter& interp, const Value& exc, const Value& classes) {
  if (classes.isObj(ObjKind::Tuple)) {
    Value keep = classes;
    for (const Value& c : keep.as<TupleObject>()->items)
      if (exceptionMatches(interp, exc, c)) return true;
    return false;
  }
  ClassObject* c = asClass(classes);
  if (!c || !c->isException)
    throw Error(ErrorKind::Type, "catching classes that do not inherit from BaseException is not allowed");
  return isInstanceOfClass(exc, *c);
}

void withEnter(Interpreter& interp, Value* r) {
  Value mgr = r[0];
  Value enter, exit;
  try {
    enter = getAttr(interp, mgr, "__enter__");
    exit = getAttr(interp, mgr, "__exit__");
  } catch (const Error& e) {
    if (e.kind != ErrorKind::Attribute) throw;
    throw Error(ErrorKind::Type, "'" + typeName(mgr) + "' object does not support the context manager protocol");
  }
  r[1] = exit;
  r[2] = interp.call(enter, std::vector<Value>{});
}

void withExit(Interpreter& interp, Value* r, const Value* exc) {
  Value exit = r[1];
  if (!exc) {
    interp.call(exit, std::vector<Value>{Value(), Value(), Value()});
    return;
  }
  Value e = *exc;
  Value result = interp.call(exit, std::vector<Value>{asInstance(e)->cls, e, Value()});
  if (truthy(interp, result)) return;
  raiseException(interp, e, 2, Value());
}

// ---------------------------------------------------------------------------
// The handler search (Note [Exception handlers])

bool catchable(const Error& e) {  // Note [Uncatchable errors]
  if (e.kind == ErrorKind::Resource || e.kind == ErrorKind::Interrupt) return false;
  return !(e.kind == ErrorKind::Runtime && (e.message == "step limit exceeded" || e.message == "time limit exceeded"));
}

bool VM::catchInFrames(Error& e, size_t entryDepth) {
  if (!catchable(e)) return false;
  if (frames_.empty() || entryDepth == 0 || frames_.size() < entryDepth) return false;
  auto pcOf = [](const Frame& f) { return static_cast<uint32_t>(f.pc - f.code->code.data()) - 1; };
  size_t at = frames_.size();
  const ExceptionHandler* handler = nullptr;
  for (size_t i = frames_.size(); i-- > entryDepth - 1;) {
    const Frame& f = frames_[i];
    if (f.code->handlers.empty()) continue;
    uint32_t pc = pcOf(f);
    for (const ExceptionHandler& h : f.code->handlers)
      if (pc >= h.start && pc < h.end) { handler = &h; break; }
    if (handler) { at = i; break; }
  }
  if (!handler) return false;
  if (!e.hasLocation()) e.where = frames_.back().code->rangeAt(pcOf(frames_.back()));
  for (size_t i = frames_.size(); i-- > at + 1;) {
    TracebackEntry t;
    t.function = frames_[i].code->name;
    t.where = frames_[i - 1].code->rangeAt(pcOf(frames_[i - 1]));
    e.traceback.push_back(std::move(t));
  }
  Value exc = exceptionFromError(interp, e);
  asInstance(exc)->caughtIn = frames_[at].code->name;
  while (frames_.size() > at + 1) popFrame();
  Frame& f = frames_.back();
  f.base[handler->reg] = std::move(exc);
  f.pc = f.code->code.data() + handler->target;
  return true;
}

}  // namespace tdsl
