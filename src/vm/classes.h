// The object model: user classes, their instances, super(), staticmethod /
// classmethod / property, and the built-in exception classes
// (docs/language.md). Classes and instances are extension objects
// (objects.h), so nothing here costs the built-in types anything: every hook
// below sits on a slow path that the built-in types have already left.
//
// Note [Attribute lookup on instances]
// x.name looks in x's own attributes, then in its class and the class's
// bases in order (single inheritance: the MRO is the chain of bases). A
// function found on the class is bound to x; a staticmethod gives its
// function, a classmethod binds the class, a property calls its getter.
// Operators (`+`, `<`, `len`, `in`, iteration, ...) look the dunder method
// up on the class only, as CPython does.
//
// Note [Subclasses of built-in types]
// `class L(list)` (also dict, set, frozenset, tuple, int, float, str) makes
// a class whose instances carry a `payload`: the built-in value they extend,
// made when the instance is (from the constructor's arguments for the
// immutable types, empty for the mutable ones, whose __init__ fills it).
// Everything the class does not define falls through to the payload: its
// methods (`x.append` is the payload's, bound to it), the operators, len,
// iteration, repr, ==, hashing and isinstance(x, list); super() reaches the
// payload's methods and dunders past the last user class. A native that
// insists on the built-in type itself (`random.shuffle(x)`) sees an instance.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vm/objects.h"
#include "vm/value_ops.h"

namespace tdsl {

class Interpreter;
class VM;

// A class made by a `class` statement, or a built-in exception class.
class ClassObject : public ExtensionObject {
 public:
  ClassObject(Interpreter& interp, std::string name, Value base, ErrorKind kind, bool isException)
      : interp(interp), name(std::move(name)), base(std::move(base)), kind(kind), isException(isException) {
    if (ClassObject* b = baseClass()) builtinBase = b->builtinBase;
  }
  std::string typeName() const override { return "type"; }
  std::string repr() const override { return "<class '" + (builtin ? "" : std::string("__main__.")) + name + "'>"; }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override;
  void gcTraverse(GcVisitor& v) override {
    v.visit(base);
    v.visit(builtinBase);
    for (auto& kv : attrs) v.visit(kv.second);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(base));
    out.push_back(std::move(builtinBase));
    for (auto& kv : attrs) out.push_back(std::move(kv.second));
    attrs.clear();
  }
  // The attribute `name` of this class or its nearest base that has it.
  const Value* lookup(std::string_view name) const;
  ClassObject* baseClass() const;
  bool isSubclassOf(const ClassObject* other) const;

  Interpreter& interp;  // classes belong to one interpreter (repr runs __repr__ there)
  std::string name;
  Value base;           // a ClassObject, or None for a root class
  ErrorKind kind;       // for exception classes: the kind their errors carry
  bool isException;     // derives from BaseException
  bool builtin = false; // a built-in exception class (repr without __main__.)
  Value builtinBase;    // the built-in type (list, dict...) the root class derives from, or None
                        // (Note [Subclasses of built-in types])
  std::unordered_map<std::string, Value> attrs;
};

// Note [Instance dictionaries]
// An instance keeps its attributes in a real dict, made at its first
// assignment: `x.__dict__` is that dict, so writing to it writes attributes
// (and attributes iterate in assignment order, as in CPython). Attribute
// access looks a name up by its text (DictObject::findStr), making no str.
// A pointer find() returns lasts until the next change to the attributes.
class InstanceAttrs {
 public:
  const Value* find(std::string_view name) const {
    return dict_.isNone() ? nullptr : dict_.as<DictObject>()->findStr(name);
  }
  Value& operator[](std::string_view name) {
    DictObject* d = dict().as<DictObject>();
    if (Value* v = d->findStr(name)) return *v;
    d->set(makeStr(std::string(name)), Value());
    return d->entries.back().second;
  }
  bool erase(std::string_view name) {
    if (!find(name)) return false;
    return dict_.as<DictObject>()->erase(makeStr(std::string(name)));
  }
  // The dict itself (x.__dict__), made if there is none yet.
  const Value& dict() {
    if (dict_.isNone()) dict_ = makeDict();
    return dict_;
  }
  void replace(Value d) { dict_ = std::move(d); }  // x.__dict__ = d (a dict)
  Value dict_;
};

// An instance of a ClassObject. An exception instance keeps the error it
// was raised as (with its location and traceback) for a re-raise.
class InstanceObject : public ExtensionObject {
 public:
  explicit InstanceObject(Value cls) : cls(std::move(cls)) {}
  std::string typeName() const override;
  std::string repr() const override;
  bool callable() const override;
  Value call(Interpreter& interp, const CallArgs& args) override;
  void gcTraverse(GcVisitor& v) override {
    v.visit(cls);
    v.visit(payload);
    v.visit(attrs.dict_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(cls));
    out.push_back(std::move(payload));
    out.push_back(std::move(attrs.dict_));
  }
  ClassObject* klass() const { return static_cast<ClassObject*>(cls.asObj()); }

  Value cls;
  Value payload;  // the built-in value a subclass of list, int... extends (Note [Subclasses of built-in types])
  InstanceAttrs attrs;
  std::shared_ptr<Error> origin;  // exceptions: the error as raised (Note [Exceptions as errors])
  bool messageIsStr = false;      // an error from tdsl itself: str(e) is its message verbatim
  std::string caughtIn;           // exceptions: the function whose handler caught it (Note [Exception chaining])
};

inline ClassObject* asClass(const Value& v) {
  return v.isObj(ObjKind::Other) ? dynamic_cast<ClassObject*>(v.asObj()) : nullptr;
}
inline InstanceObject* asInstance(const Value& v) {
  return v.isObj(ObjKind::Other) ? dynamic_cast<InstanceObject*>(v.asObj()) : nullptr;
}
// The built-in value an instance of a subclass of a built-in type extends,
// or nullptr (Note [Subclasses of built-in types]).
inline const Value* builtinPayload(const Value& v) {
  InstanceObject* inst = asInstance(v);
  return inst && !inst->payload.isNone() ? &inst->payload : nullptr;
}
// A new instance of `cls` without running __init__: its payload (for a
// subclass of a built-in type) is the type called with `args`.
Value newInstance(Interpreter& interp, const Value& cls, const CallArgs& args);

// The VM's object-model state (VM::objectModel).
struct ObjectModel {
  Value baseException;                    // BaseException
  Value exception;                        // Exception
  Value stopIteration;                    // StopIteration
  std::unordered_map<int, Value> byKind;  // ErrorKind -> the built-in class its errors are
  std::unordered_map<std::string, Value> builtinClasses;
  Value notImplemented;
  // Whether any class has defined __getattribute__, __setattr__ or
  // __delattr__ (Note [Attribute hooks] in classes.cpp).
  bool attributeHooks = false;
  // Set by torch.compile while it traces: called before the object model
  // runs script code on its own (a dunder method, a property, __enter__), so
  // the trace can end there (Note [Script code behind operators] in
  // compile/tracer.cpp). It does not return.
  using TraceHook = void (*)(void* ctx, const std::string& what);
  TraceHook traceHook = nullptr;
  void* traceHookCtx = nullptr;
  // Note [Exceptions as errors]: the exception RAISE threw, until a handler
  // takes it back (matched by kind and message).
  Value inFlight;
  ErrorKind inFlightKind = ErrorKind::Runtime;
  std::string inFlightMessage;
};

// Installs object, the exception classes, super, staticmethod, classmethod,
// property, issubclass and NotImplemented as built-ins.
void installClasses(VM& vm);

// delattr(obj, name), also what `del obj.name` calls (Note [del of an attribute]).
Value builtinDelattr(Interpreter& interp, const CallArgs& a, const void*);

// MAKECLASS: a class from its name, namespace dict and bases.
Value makeClass(Interpreter& interp, const Value& name, const Value& ns, const Value* bases, int nbases);

// Calls `fn` (a class attribute) as a method of `self`.
Value callMethod(Interpreter& interp, const Value& self, const Value& fn, std::vector<Value> args);
// The dunder `name` of v's class, or nullptr (v not an instance, or no such method).
const Value* findDunder(const Value& v, std::string_view name);

// Slow-path hooks called by value_ops / vm for instances; each returns
// false when v (or both operands) is not an instance that handles it.
bool instanceArith(Interpreter& interp, Arith op, const Value& a, const Value& b, bool inPlace, Value& out);
bool instanceCompare(Interpreter& interp, Cmp op, const Value& a, const Value& b, Value& out);
bool instanceUnary(Interpreter& interp, const char* dunder, const Value& v, Value& out);
bool instanceTruth(Interpreter& interp, const Value& v, bool& out);
bool instanceLength(Interpreter& interp, const Value& v, int64_t& out);
bool instanceStr(Interpreter& interp, const Value& v, std::string& out);
bool instanceContains(Interpreter& interp, const Value& container, const Value& item, bool& out);
bool instanceGetItem(Interpreter& interp, const Value& obj, const Value& index, Value& out);
bool instanceSetItem(Interpreter& interp, const Value& obj, const Value& index, const Value& value);
bool instanceIter(Interpreter& interp, const Value& v, Value& out);
bool instanceHash(Interpreter& interp, const Value& v, int64_t& out);
// Advances an iterator of Source::Protocol (an object with __next__).
bool protocolNext(Interpreter& interp, const Value& it, Value& out);
// Attribute access on classes, instances, super objects and wrappers.
bool objectGetAttr(Interpreter& interp, const Value& obj, std::string_view name, Value& out);
bool objectSetAttr(Interpreter& interp, const Value& obj, std::string_view name, const Value& value);
// object.__getattribute__, object.__setattr__, object.__delattr__, object.__new__
// and object.__init__ as attributes of the built-in `object`.
bool objectTypeAttr(const Value& obj, std::string_view name, Value& out);
// dict(m) and d.update(m) for an instance m: a subclass of dict gives its
// payload's items, an object with keys() (collections.defaultdict) the
// items m[k] for k in m.keys(), as CPython's mapping protocol. False when m
// is neither.
bool instanceMappingItems(Interpreter& interp, const Value& m, DictEntries& out);
// isinstance / type() for instances and classes.
bool isInstanceOfClass(const Value& v, const ClassObject& cls);

// Exceptions (src/vm/exceptions.cpp).
// BaseException and the built-in hierarchy under it, as built-ins.
void installExceptionClasses(VM& vm);
// The exception object for a caught error (Note [Exceptions as errors]).
Value exceptionFromError(Interpreter& interp, const Error& e);
// RAISE: throws `exc` (an exception class or instance) as an Error.
// `context`: the exception being handled where the raise stands, or null.
[[noreturn]] void raiseException(Interpreter& interp, const Value& exc, int mode, const Value& cause,
                                 const Value* context = nullptr);
// EXCMATCH: isinstance(exc, classes) for an except clause.
bool exceptionMatches(Interpreter& interp, const Value& exc, const Value& classes);
// WITHENTER / WITHEXIT on R[a], R[a+1], R[a+2].
void withEnter(Interpreter& interp, Value* r);
void withExit(Interpreter& interp, Value* r, const Value* exc);
// False for the errors no handler may catch (Note [Uncatchable errors]).
bool catchable(const Error& e);
// str(e) of an exception instance.
std::string exceptionStr(Interpreter& interp, InstanceObject& e);

}  // namespace tdsl
