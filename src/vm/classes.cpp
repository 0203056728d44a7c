// User classes and instances: creation, attribute lookup (Note [Attribute
// lookup on instances] in classes.h), the dunder hooks of value_ops, super(),
// staticmethod / classmethod / property.
#include "vm/classes.h"

#include "vm/py_hash.h"
#include "vm/vm.h"

namespace tdsl {

void checkTracing(Interpreter& interp, const Value& self, const Value& fn);

namespace {

// staticmethod(f), classmethod(f), property(fget, fset).
class WrapperObject : public ExtensionObject {
 public:
  enum class Kind : uint8_t { Static, Class, Property };
  WrapperObject(Kind kind, Value fn, Value setter = Value()) : kind(kind), fn(std::move(fn)), setter(std::move(setter)) {}
  std::string typeName() const override {
    return kind == Kind::Static ? "staticmethod" : kind == Kind::Class ? "classmethod" : "property";
  }
  const Value* getAttr(std::string_view name) const override {
    if (kind == Kind::Property && name == "fget") return &fn;
    if (kind != Kind::Property && name == "__func__") return &fn;
    return nullptr;
  }
  void gcTraverse(GcVisitor& v) override {
    v.visit(fn);
    v.visit(setter);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(fn));
    out.push_back(std::move(setter));
  }
  Kind kind;
  Value fn;
  Value setter;
};
WrapperObject* asWrapper(const Value& v) {
  return v.isObj(ObjKind::Other) ? dynamic_cast<WrapperObject*>(v.asObj()) : nullptr;
}

// super(): attribute lookup that starts above `start`, bound to `self`.
class SuperObject : public ExtensionObject {
 public:
  SuperObject(Value start, Value self) : start(std::move(start)), self(std::move(self)) {}
  std::string typeName() const override { return "super"; }
  void gcTraverse(GcVisitor& v) override {
    v.visit(start);
    v.visit(self);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(start));
    out.push_back(std::move(self));
  }
  Value start;  // the class whose base the lookup starts at
  Value self;   // an instance, or a class (in a classmethod)
};

// NotImplemented.
class NotImplementedObject : public ExtensionObject {
 public:
  std::string typeName() const override { return "NotImplementedType"; }
  std::string repr() const override { return "NotImplemented"; }
};

Value bindMethod(const Value& self, const Value& fn) { return Value(makeRef<BoundMethodObject>(self, fn)); }

// A class attribute as seen through an instance (`self` an instance) or the
// class itself (`owner` the class, self None).
Value bindClassAttr(Interpreter& interp, const Value& attr, const Value& self, const Value& owner) {
  if (attr.isObj(ObjKind::Function) || attr.isObj(ObjKind::Native)) return self.isNone() ? attr : bindMethod(self, attr);
  if (auto* w = asWrapper(attr)) {
    switch (w->kind) {
      case WrapperObject::Kind::Static: return w->fn;
      case WrapperObject::Kind::Class: return bindMethod(owner, w->fn);
      case WrapperObject::Kind::Property:
        if (self.isNone()) return attr;
        checkTracing(interp, self, w->fn);
        return interp.call(w->fn, std::vector<Value>{self});
    }
  }
  return attr;
}

bool isNotImplemented(Interpreter& interp, const Value& v) {
  return v.identical(interp.vm().objectModel->notImplemented);
}

const char* arithDunder(Arith op) {
  static const char* const names[] = {"__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__",
                                      "__pow__", "__matmul__", "__and__", "__or__", "__xor__", "__lshift__",
                                      "__rshift__"};
  return names[static_cast<int>(op)];
}
const char* arithReflected(Arith op) {
  static const char* const names[] = {"__radd__", "__rsub__", "__rmul__", "__rtruediv__", "__rfloordiv__",
                                      "__rmod__", "__rpow__", "__rmatmul__", "__rand__", "__ror__", "__rxor__",
                                      "__rlshift__", "__rrshift__"};
  return names[static_cast<int>(op)];
}
const char* arithInPlace(Arith op) {
  static const char* const names[] = {"__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__",
                                      "__imod__", "__ipow__", "__imatmul__", "__iand__", "__ior__", "__ixor__",
                                      "__ilshift__", "__irshift__"};
  return names[static_cast<int>(op)];
}
const char* cmpDunder(Cmp op) {
  static const char* const names[] = {"__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"};
  return names[static_cast<int>(op)];
}
Cmp cmpSwapped(Cmp op) {
  switch (op) {
    case Cmp::Lt: return Cmp::Gt;
    case Cmp::Le: return Cmp::Ge;
    case Cmp::Gt: return Cmp::Lt;
    case Cmp::Ge: return Cmp::Le;
    default: return op;
  }
}

// Tries R = dunder(a, b) when a's class has it; false when absent or NotImplemented.
bool tryDunder(Interpreter& interp, const Value& a, const char* name, const Value& b, Value& out) {
  const Value* fn = findDunder(a, name);
  if (!fn) return false;
  Value r = callMethod(interp, a, *fn, {b});
  if (isNotImplemented(interp, r)) return false;
  out = std::move(r);
  return true;
}

// Note [Attribute hooks]
bool isAttributeHook(std::string_view name) {
  return name == "__getattribute__" || name == "__setattr__" || name == "__delattr__";
}

std::string attributeError(const Value& obj, std::string_view name) {
  if (auto* c = asClass(obj)) return "type object '" + c->name + "' has no attribute '" + std::string(name) + "'";
  return "'" + typeName(obj) + "' object has no attribute '" + std::string(name) + "'";
}

// ---------------------------------------------------------------------------
// Note [Subclasses of built-in types] (classes.h)

bool subclassableBuiltin(const Value& type) {
  if (!type.isObj(ObjKind::Native)) return false;
  const std::string& n = type.as<NativeObject>()->name;
  return n == "list" || n == "dict" || n == "set" || n == "frozenset" || n == "tuple" || n == "int" ||
         n == "float" || n == "str";
}
bool mutableBuiltin(const Value& type) {
  const std::string& n = type.as<NativeObject>()->name;
  return n == "list" || n == "dict" || n == "set";
}

// list.__init__(self, iterable) and friends on a payload: list replaces its
// items, dict and set add to theirs; the immutable types were made whole.
Value payloadInit(Interpreter& interp, const CallArgs& a, const void* data) {
  const Value& self = a[0];
  const Value& type = *static_cast<const Value*>(data);
  if (!mutableBuiltin(type)) return Value();
  Value t = type;
  Value fresh = interp.call(t, CallArgs{a.args + 1, a.nargs - 1, a.kwargs, a.nkwargs});
  if (self.isObj(ObjKind::List)) {
    std::vector<Value> doomed = std::move(self.as<ListObject>()->items);
    self.as<ListObject>()->items = std::move(fresh.as<ListObject>()->items);
  } else if (self.isObj(ObjKind::Dict)) {
    for (auto& kv : fresh.as<DictObject>()->entries) self.as<DictObject>()->set(kv.first, kv.second);
  } else {
    interp.call(getAttr(interp, self, "update"), std::vector<Value>{fresh});
  }
  return Value();
}

// The dunder methods of a payload, for super().__getitem__(i) and the like.
template <Cmp op>
Value payloadCompare(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, cmpDunder(op), 2, 2);
  return compare(interp, op, a[0], a[1]);
}
template <Arith op>
Value payloadArith(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, arithDunder(op), 2, 2);
  return arith(interp, op, a[0], a[1], false);
}
Value payloadDunder(std::string_view name) {
  using Fn = Value (*)(Interpreter&, const CallArgs&, const void*);
  static const std::pair<const char*, Fn> table[] = {
      {"__len__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__len__", 1, 1); return Value::integer(length(I, a[0])); }},
      {"__getitem__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__getitem__", 2, 2); return getItem(I, a[0], a[1]); }},
      {"__setitem__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__setitem__", 3, 3); setItem(I, a[0], a[1], a[2]); return Value(); }},
      {"__contains__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__contains__", 2, 2); return Value::boolean(contains(I, a[0], a[1])); }},
      {"__iter__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__iter__", 1, 1); return makeIterator(I, a[0]); }},
      {"__repr__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__repr__", 1, 1); return makeStr(repr(I, a[0])); }},
      {"__str__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__str__", 1, 1); return makeStr(str(I, a[0])); }},
      {"__hash__", [](Interpreter&, const CallArgs& a, const void*) { expectArgs(a, "__hash__", 1, 1); requireHashable(a[0]); return Value::integer(pyHash(a[0])); }},
      {"__bool__", [](Interpreter& I, const CallArgs& a, const void*) { expectArgs(a, "__bool__", 1, 1); return Value::boolean(truthy(I, a[0])); }},
      {"__eq__", payloadCompare<Cmp::Eq>}, {"__ne__", payloadCompare<Cmp::Ne>}, {"__lt__", payloadCompare<Cmp::Lt>},
      {"__le__", payloadCompare<Cmp::Le>}, {"__gt__", payloadCompare<Cmp::Gt>}, {"__ge__", payloadCompare<Cmp::Ge>},
      {"__add__", payloadArith<Arith::Add>}, {"__sub__", payloadArith<Arith::Sub>}, {"__mul__", payloadArith<Arith::Mul>},
      {"__truediv__", payloadArith<Arith::Div>}, {"__floordiv__", payloadArith<Arith::FloorDiv>},
      {"__mod__", payloadArith<Arith::Mod>}, {"__pow__", payloadArith<Arith::Pow>},
  };
  for (const auto& [n, fn] : table)
    if (name == n) return makeNative(n, fn);
  return Value();
}

// x.name found on x's payload: its method bound to the payload, a dunder, or
// another attribute (int.real...). False when the payload has none.
bool payloadAttr(Interpreter& interp, const ClassObject& cls, const Value& payload, std::string_view name, Value& out) {
  if (const NativeObject* m = interp.vm().findMethod(payload, name)) {
    out = bindMethod(payload, Value::object(const_cast<NativeObject*>(m)));
    return true;
  }
  if (name == "__init__") {
    out = bindMethod(payload, makeNative("__init__", payloadInit, &cls.builtinBase));
    return true;
  }
  if (Value d = payloadDunder(name); !d.isNone()) {
    out = bindMethod(payload, d);
    return true;
  }
  try {
    out = getAttr(interp, payload, name);
    return true;
  } catch (const Error& e) {
    if (e.kind != ErrorKind::Attribute) throw;
    return false;
  }
}

// The class whose body defined the caller's code (zero-argument super()).
ClassObject* definingClass(ClassObject* from, const CodeObject& code) {
  auto sameCode = [&](const Value& v) {
    const Value* f = &v;
    if (auto* w = asWrapper(v)) f = &w->fn;
    if (!f->isObj(ObjKind::Function)) return false;
    const CodeObject& c = *f->as<FunctionObject>()->code;
    return &c == &code || (c.name == code.name && c.file == code.file && c.defLoc.line == code.defLoc.line &&
                           c.defLoc.col == code.defLoc.col);
  };
  for (ClassObject* c = from; c; c = c->baseClass())
    for (auto& kv : c->attrs)
      if (sameCode(kv.second)) return c;
  return nullptr;
}

Value b_super(Interpreter& interp, const CallArgs& a, const void*) {
  if (a.nargs == 2) {
    ClassObject* start = asClass(a[0]);
    if (!start) throw Error(ErrorKind::Type, "super() argument 1 must be a type, not " + typeName(a[0]));
    return Value(makeRef<SuperObject>(a[0], a[1]));
  }
  if (a.nargs != 0) throw Error(ErrorKind::Type, "super() takes 0 or 2 arguments");
  CallerFrame f = interp.vm().callerFrame();
  if (!f.code || f.code->nparams == 0) throw Error(ErrorKind::Runtime, "super(): no arguments");
  const Value& self = f.registers[0];
  ClassObject* from = asClass(self);
  if (!from) {
    InstanceObject* inst = asInstance(self);
    if (!inst) throw Error(ErrorKind::Runtime, "super(): __class__ cell not found");
    from = inst->klass();
  }
  ClassObject* owner = definingClass(from, *f.code);
  if (!owner) throw Error(ErrorKind::Runtime, "super(): __class__ cell not found");
  return Value(makeRef<SuperObject>(Value::object(owner), self));
}

Value b_staticmethod(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "staticmethod", 1, 1);
  return Value(makeRef<WrapperObject>(WrapperObject::Kind::Static, a[0]));
}
Value b_classmethod(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "classmethod", 1, 1);
  return Value(makeRef<WrapperObject>(WrapperObject::Kind::Class, a[0]));
}
Value b_property(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "property", 1, 2);
  return Value(makeRef<WrapperObject>(WrapperObject::Kind::Property, a[0], a.nargs > 1 ? a[1] : Value()));
}
// prop.setter(fn), bound to prop: a new property with fn as its setter.
Value propertySetter(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "setter", 2, 2);
  auto* w = asWrapper(a[0]);
  return Value(makeRef<WrapperObject>(WrapperObject::Kind::Property, w->fn, a[1]));
}

Value b_issubclass(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "issubclass", 2, 2);
  ClassObject* c = asClass(a[0]);
  if (!c) throw Error(ErrorKind::Type, "issubclass() arg 1 must be a class");
  auto test = [&](const Value& t) {
    ClassObject* other = asClass(t);
    if (!other && subclassableBuiltin(t)) return c->builtinBase.identical(t);
    if (!other) throw Error(ErrorKind::Type, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return c->isSubclassOf(other);
  };
  if (a[1].isObj(ObjKind::Tuple)) {
    for (const Value& t : a[1].as<TupleObject>()->items)
      if (test(t)) return Value::boolean(true);
    return Value::boolean(false);
  }
  return Value::boolean(test(a[1]));
}

}  // namespace

// ---------------------------------------------------------------------------
// Classes and instances

const Value* ClassObject::lookup(std::string_view key) const {
  std::string k(key);
  for (const ClassObject* c = this; c; c = c->baseClass()) {
    auto it = c->attrs.find(k);
    if (it != c->attrs.end()) return &it->second;
  }
  return nullptr;
}

ClassObject* ClassObject::baseClass() const { return base.isNone() ? nullptr : static_cast<ClassObject*>(base.asObj()); }

bool ClassObject::isSubclassOf(const ClassObject* other) const {
  for (const ClassObject* c = this; c; c = c->baseClass())
    if (c == other) return true;
  return false;
}

bool instanceMappingItems(Interpreter& interp, const Value& m, DictEntries& out) {
  InstanceObject* inst = asInstance(m);
  if (!inst) return false;
  if (inst->payload.isObj(ObjKind::Dict) && !inst->klass()->lookup("keys")) {
    out = inst->payload.as<DictObject>()->entries;
    return true;
  }
  Value keys;
  try {
    keys = getAttr(interp, m, "keys");
  } catch (const Error& e) {
    if (e.kind != ErrorKind::Attribute) throw;
    exceptionFromError(interp, e);
    return false;
  }
  for (const Value& k : iterateAll(interp, interp.call(keys, std::vector<Value>{}))) out.emplace_back(k, getItem(interp, m, k));
  return true;
}

bool isInstanceOfClass(const Value& v, const ClassObject& cls) {
  InstanceObject* inst = asInstance(v);
  return inst && inst->klass()->isSubclassOf(&cls);
}

Value newInstance(Interpreter& interp, const Value& cls, const CallArgs& args) {
  Value self(makeRef<InstanceObject>(cls));
  Value type = asClass(cls)->builtinBase;
  if (!type.isNone()) asInstance(self)->payload = interp.call(type, args);
  return self;
}

Value ClassObject::call(Interpreter& interp, const CallArgs& args) {
  const Value* init = lookup("__init__");
  // A mutable payload starts empty and __init__ fills it; an immutable one
  // is made from the arguments, as CPython's __new__ makes it.
  bool payloadFromArgs = !builtinBase.isNone() && (!init || !mutableBuiltin(builtinBase));
  Value self = newInstance(interp, Value::object(this), payloadFromArgs ? args : CallArgs{});
  if (!builtinBase.isNone() && !init) return self;
  if (isException) asInstance(self)->attrs["args"] = makeTuple(std::vector<Value>(args.args, args.args + args.nargs));
  init = lookup("__init__");  // the payload's construction may have run script code
  if (!init) {
    if (args.nargs || args.nkwargs) throw Error(ErrorKind::Type, name + "() takes no arguments");
    return self;
  }
  std::vector<Value> all;
  all.reserve(args.nargs + 1);
  all.push_back(self);
  all.insert(all.end(), args.args, args.args + args.nargs);
  Value fn = *init;  // __init__ may rebind the class attribute
  Value r = interp.call(fn, CallArgs{all.data(), all.size(), args.kwargs, args.nkwargs});
  if (!r.isNone()) throw Error(ErrorKind::Type, "__init__() should return None, not '" + tdsl::typeName(r) + "'");
  return self;
}

std::string InstanceObject::typeName() const { return klass()->name; }

std::string InstanceObject::repr() const {
  ClassObject* c = klass();
  Interpreter& interp = c->interp;
  Value self = Value::object(const_cast<InstanceObject*>(this));
  if (const Value* fn = c->lookup("__repr__")) {
    Value r = callMethod(interp, self, *fn, {});
    if (!r.isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "__repr__ returned non-string (type " + tdsl::typeName(r) + ")");
    return r.as<StrObject>()->str;
  }
  if (!payload.isNone()) return tdsl::repr(interp, payload);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", static_cast<const void*>(this));
  return "<__main__." + c->name + " object at " + buf + ">";
}

bool InstanceObject::callable() const { return klass()->lookup("__call__") != nullptr; }

Value InstanceObject::call(Interpreter& interp, const CallArgs& args) {
  const Value* fn = klass()->lookup("__call__");
  if (!fn) throw Error(ErrorKind::Type, "'" + typeName() + "' object is not callable");
  std::vector<Value> all;
  all.push_back(Value::object(this));
  all.insert(all.end(), args.args, args.args + args.nargs);
  Value f = *fn;
  return interp.call(f, CallArgs{all.data(), all.size(), args.kwargs, args.nkwargs});
}

void checkTracing(Interpreter& interp, const Value& self, const Value& fn) {
  ObjectModel& om = *interp.vm().objectModel;
  if (!om.traceHook) return;
  std::string name = fn.isObj(ObjKind::Function) ? fn.as<FunctionObject>()->name() : "method";
  om.traceHook(om.traceHookCtx, name + "() of user class '" + typeName(self) + "'");
}

Value callMethod(Interpreter& interp, const Value& self, const Value& fn, std::vector<Value> args) {
  checkTracing(interp, self, fn);
  // A staticmethod or classmethod comes out of bindClassAttr ready to call;
  // a plain function takes self first.
  Value f = bindClassAttr(interp, fn, Value(), asInstance(self) ? asInstance(self)->cls : self);
  if (!asWrapper(fn)) args.insert(args.begin(), self);
  return interp.call(f, std::move(args));
}

const Value* findDunder(const Value& v, std::string_view name) {
  InstanceObject* inst = asInstance(v);
  if (!inst) return nullptr;
  return inst->klass()->lookup(name);
}

Value makeClass(Interpreter& interp, const Value& name, const Value& ns, const Value* bases, int nbases) {
  if (nbases > 1) throw Error(ErrorKind::Type, "multiple inheritance is not supported by tdsl");
  Value base;
  ErrorKind kind = ErrorKind::Runtime;
  bool isException = false;
  if (nbases == 1) {
    ClassObject* b = asClass(bases[0]);
    if (!b) {
      if (bases[0].isObj(ObjKind::Native) && bases[0].as<NativeObject>()->name == "object") {
        // class C(object): a root class
      } else if (subclassableBuiltin(bases[0])) {
        // class L(list): Note [Subclasses of built-in types]
      } else {
        std::string what = bases[0].isObj(ObjKind::Native) ? bases[0].as<NativeObject>()->name : typeName(bases[0]);
        throw Error(ErrorKind::Type, "subclassing '" + what + "' is not supported by tdsl");
      }
    } else {
      base = bases[0];
      kind = b->kind;
      isException = b->isException;
    }
  }
  auto cls = makeRef<ClassObject>(interp, name.as<StrObject>()->str, base, kind, isException);
  if (nbases == 1 && subclassableBuiltin(bases[0])) cls->builtinBase = bases[0];
  for (auto& kv : ns.as<DictObject>()->entries) {
    const std::string& key = kv.first.as<StrObject>()->str;
    if (isAttributeHook(key)) interp.vm().objectModel->attributeHooks = true;  // Note [Attribute hooks]
    cls->attrs[key] = kv.second;
  }
  return Value(cls);
}

// ---------------------------------------------------------------------------
// Attributes

// Note [Attribute hooks]
// A class's __getattribute__, __setattr__ and __delattr__ replace the
// default attribute access of its instances (a __getattribute__ that raises
// AttributeError hands over to __getattr__, as in CPython); object's methods
// of those names, also reached through super(), are that default. Looking
// the hooks up at every access would add a class-chain search to every
// attribute of every script, so ObjectModel::attributeHooks records whether
// any class has defined one (in its body or by a later assignment) and the
// lookups are skipped until then.
namespace {

const Value* attributeHook(Interpreter& interp, InstanceObject& inst, std::string_view hook) {
  if (!interp.vm().objectModel->attributeHooks) return nullptr;
  return inst.klass()->lookup(hook);
}

// object.__getattribute__ on an instance: its own attributes, then its
// class's, then its payload's. False when none has `name`.
bool genericGetAttr(Interpreter& interp, const Value& obj, InstanceObject* inst, std::string_view name, Value& out) {
  if (const Value* v = inst->attrs.find(name)) { out = *v; return true; }
  if (const Value* attr = inst->klass()->lookup(name)) {
    Value a = *attr;
    out = bindClassAttr(interp, a, obj, inst->cls);
    return true;
  }
  if (name == "__class__") { out = inst->cls; return true; }
  if (name == "__dict__") {  // Note [Instance dictionaries]
    out = inst->attrs.dict();
    return true;
  }
  if (!inst->payload.isNone() && payloadAttr(interp, *inst->klass(), inst->payload, name, out)) return true;
  return false;
}

// object.__setattr__ on an instance: a property's setter, else its own attribute.
void genericSetAttr(Interpreter& interp, const Value& obj, InstanceObject* inst, std::string_view name, const Value& value) {
  if (const Value* attr = inst->klass()->lookup(name)) {
    if (auto* w = asWrapper(*attr); w && w->kind == WrapperObject::Kind::Property) {
      if (w->setter.isNone()) throw Error(ErrorKind::Attribute, "can't set attribute '" + std::string(name) + "'");
      Value setter = w->setter;
      checkTracing(interp, obj, setter);
      interp.call(setter, std::vector<Value>{obj, value});
      return;
    }
  }
  if (name == "__dict__") {  // Note [Instance dictionaries]
    if (!value.isObj(ObjKind::Dict))
      throw Error(ErrorKind::Type, "__dict__ must be set to a dictionary, not a '" + typeName(value) + "'");
    inst->attrs.replace(value);
    return;
  }
  inst->attrs[name] = value;
}

// object.__delattr__ on an instance.
void genericDelAttr(const Value& obj, InstanceObject* inst, const std::string& name) {
  if (const Value* attr = inst->klass()->lookup(name))
    if (auto* w = asWrapper(*attr); w && w->kind == WrapperObject::Kind::Property)
      throw Error(ErrorKind::Attribute, "can't delete attribute '" + name + "'");
  if (!inst->attrs.erase(name)) throw Error(ErrorKind::Attribute, attributeError(obj, name));
}

const std::string& attrName(const Value& v) {
  if (!v.isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "attribute name must be string, not '" + typeName(v) + "'");
  return v.as<StrObject>()->str;
}

Value object_getattribute(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "__getattribute__", 2, 2);
  const std::string& name = attrName(a[1]);
  InstanceObject* inst = asInstance(a[0]);
  if (!inst) return getAttr(interp, a[0], name);
  Value out;
  if (genericGetAttr(interp, a[0], inst, name, out)) return out;
  throw Error(ErrorKind::Attribute, attributeError(a[0], name));
}
Value object_setattr(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "__setattr__", 3, 3);
  const std::string& name = attrName(a[1]);
  if (InstanceObject* inst = asInstance(a[0])) genericSetAttr(interp, a[0], inst, name, a[2]);
  else setAttr(interp, a[0], name, a[2]);
  return Value();
}
Value object_delattr(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "__delattr__", 2, 2);
  const std::string& name = attrName(a[1]);
  if (InstanceObject* inst = asInstance(a[0])) genericDelAttr(a[0], inst, name);
  else builtinDelattr(interp, a, nullptr);
  return Value();
}
Value object_new(Interpreter& interp, const CallArgs& a, const void*) {
  if (a.nargs < 1 || !asClass(a[0]))
    throw Error(ErrorKind::Type, "object.__new__(X): X is not a type object (" + (a.nargs ? typeName(a[0]) : std::string("nothing")) + ")");
  return newInstance(interp, a[0], CallArgs{});
}
Value object_init(Interpreter&, const CallArgs&, const void*) { return Value(); }

Value objectMethod(std::string_view name) {
  if (name == "__getattribute__") return makeNative("__getattribute__", object_getattribute);
  if (name == "__setattr__") return makeNative("__setattr__", object_setattr);
  if (name == "__delattr__") return makeNative("__delattr__", object_delattr);
  if (name == "__init__") return makeNative("__init__", object_init);
  return Value();
}

}  // namespace

bool objectTypeAttr(const Value& obj, std::string_view name, Value& out) {
  if (!obj.isObj(ObjKind::Native) || obj.as<NativeObject>()->name != "object") return false;
  if (name == "__new__") {
    out = makeNative("__new__", object_new);
    return true;
  }
  out = objectMethod(name);
  return !out.isNone();
}

bool objectGetAttr(Interpreter& interp, const Value& obj, std::string_view name, Value& out) {
  if (InstanceObject* inst = asInstance(obj)) {
    if (const Value* hook = attributeHook(interp, *inst, "__getattribute__")) {
      Value fn = *hook;
      try {
        out = callMethod(interp, obj, fn, {makeStr(std::string(name))});
        return true;
      } catch (const Error& e) {
        const Value* ga = inst->klass()->lookup("__getattr__");
        if (e.kind != ErrorKind::Attribute || !ga) throw;
        Value fallback = *ga;
        exceptionFromError(interp, e);  // handled: __getattr__ answers instead
        out = callMethod(interp, obj, fallback, {makeStr(std::string(name))});
        return true;
      }
    }
    if (genericGetAttr(interp, obj, inst, name, out)) return true;
    if (const Value* ga = inst->klass()->lookup("__getattr__")) {
      out = callMethod(interp, obj, *ga, {makeStr(std::string(name))});
      return true;
    }
    throw Error(ErrorKind::Attribute, attributeError(obj, name));
  }
  if (ClassObject* cls = asClass(obj)) {
    if (const Value* attr = cls->lookup(name)) {
      Value a = *attr;
      out = bindClassAttr(interp, a, Value(), obj);
      return true;
    }
    if (name == "__name__" || name == "__qualname__") { out = makeStr(cls->name); return true; }
    if (name == "__base__") { out = cls->base; return true; }
    if (name == "__bases__") {
      out = cls->base.isNone() ? makeTuple({}) : makeTuple({cls->base});
      return true;
    }
    if (name == "__mro__") {
      std::vector<Value> chain;
      for (ClassObject* c = cls; c; c = c->baseClass()) chain.push_back(Value::object(c));
      out = makeTuple(std::move(chain));
      return true;
    }
    throw Error(ErrorKind::Attribute, attributeError(obj, name));
  }
  if (auto* s = obj.isObj(ObjKind::Other) ? dynamic_cast<SuperObject*>(obj.asObj()) : nullptr) {
    ClassObject* start = asClass(s->start)->baseClass();
    const Value* attr = start ? start->lookup(name) : nullptr;
    if (const Value* payload = builtinPayload(s->self); !attr && payload)
      if (payloadAttr(interp, *asClass(s->start), *payload, name, out)) return true;
    if (!attr) {
      // object.__init__ and friends: a root class's super() has no methods but these.
      if (name == "__init__") { out = makeNative("__init__", object_init); return true; }
      if (isAttributeHook(name) && asInstance(s->self)) { out = bindMethod(s->self, objectMethod(name)); return true; }
      throw Error(ErrorKind::Attribute, "'super' object has no attribute '" + std::string(name) + "'");
    }
    Value a = *attr;
    bool selfIsClass = asClass(s->self) != nullptr;
    out = bindClassAttr(interp, a, selfIsClass ? Value() : s->self, selfIsClass ? s->self : asInstance(s->self)->cls);
    return true;
  }
  if (auto* w = asWrapper(obj); w && w->kind == WrapperObject::Kind::Property && name == "setter") {
    out = bindMethod(obj, makeNative("setter", propertySetter));
    return true;
  }
  return false;
}

bool objectSetAttr(Interpreter& interp, const Value& obj, std::string_view name, const Value& value) {
  if (InstanceObject* inst = asInstance(obj)) {
    if (const Value* hook = attributeHook(interp, *inst, "__setattr__")) {
      Value fn = *hook;
      callMethod(interp, obj, fn, {makeStr(std::string(name)), value});
      return true;
    }
    genericSetAttr(interp, obj, inst, name, value);
    return true;
  }
  if (ClassObject* cls = asClass(obj)) {
    if (isAttributeHook(name)) interp.vm().objectModel->attributeHooks = true;
    if (name == "__name__" || name == "__qualname__") {
      // A class made inside a factory (collections.namedtuple) is renamed this way.
      if (!value.isObj(ObjKind::Str))
        throw Error(ErrorKind::Type, "can only assign string to " + cls->name + "." + std::string(name) + ", not '" + typeName(value) + "'");
      cls->name = value.as<StrObject>()->str;
      return true;
    }
    cls->attrs[std::string(name)] = value;
    return true;
  }
  return false;
}

// Note [del of an attribute]
// `del obj.name` compiles to a call of the native delattr held as a constant
// (Compiler::del), so the statement needs no opcode and a compiled function
// breaks its graph there like at any untraceable call.
Value builtinDelattr(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "delattr", 2, 2);
  if (!a[1].isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "attribute name must be string, not '" + typeName(a[1]) + "'");
  const std::string& name = a[1].as<StrObject>()->str;
  if (InstanceObject* inst = asInstance(a[0])) {
    if (const Value* hook = attributeHook(interp, *inst, "__delattr__")) {
      Value fn = *hook;
      callMethod(interp, a[0], fn, {a[1]});
      return Value();
    }
    genericDelAttr(a[0], inst, name);
    return Value();
  } else if (ClassObject* cls = asClass(a[0])) {
    auto it = cls->attrs.find(name);
    if (it != cls->attrs.end()) {
      Value doomed = std::move(it->second);
      cls->attrs.erase(it);
      return Value();
    }
    throw Error(ErrorKind::Attribute, "type object '" + cls->name + "' has no attribute '" + name + "'");
  }
  throw Error(ErrorKind::Attribute, attributeError(a[0], name));
}

Value b_setattr(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "setattr", 3, 3);
  if (!a[1].isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "attribute name must be string, not '" + typeName(a[1]) + "'");
  setAttr(interp, a[0], a[1].as<StrObject>()->str, a[2]);
  return Value();
}

// ---------------------------------------------------------------------------
// Operators

bool instanceArith(Interpreter& interp, Arith op, const Value& a, const Value& b, bool inPlace, Value& out) {
  if (!asInstance(a) && !asInstance(b)) return false;
  if (inPlace && tryDunder(interp, a, arithInPlace(op), b, out)) return true;
  if (tryDunder(interp, a, arithDunder(op), b, out)) return true;
  if (tryDunder(interp, b, arithReflected(op), a, out)) return true;
  const Value* pa = builtinPayload(a);
  const Value* pb = builtinPayload(b);
  if (!pa && !pb) return false;
  out = arith(interp, op, pa ? *pa : a, pb ? *pb : b, inPlace);
  if (inPlace && pa && out.identical(*pa)) out = a;  // list.__iadd__ returns self
  return true;
}

bool instanceCompare(Interpreter& interp, Cmp op, const Value& a, const Value& b, Value& out) {
  if (!asInstance(a) && !asInstance(b)) return false;
  if (tryDunder(interp, a, cmpDunder(op), b, out)) return true;
  if (tryDunder(interp, b, cmpDunder(cmpSwapped(op)), a, out)) return true;
  if (op == Cmp::Ne) {
    Value eq;
    if (tryDunder(interp, a, "__eq__", b, eq) || tryDunder(interp, b, "__eq__", a, eq)) {
      out = Value::boolean(!truthy(interp, eq));
      return true;
    }
  }
  const Value* pa = builtinPayload(a);
  const Value* pb = builtinPayload(b);
  if (pa || pb) {
    out = compare(interp, op, pa ? *pa : a, pb ? *pb : b);
    return true;
  }
  if (op == Cmp::Eq || op == Cmp::Ne) {
    out = Value::boolean(a.identical(b) == (op == Cmp::Eq));
    return true;
  }
  return false;
}

bool instanceUnary(Interpreter& interp, const char* dunder, const Value& v, Value& out) {
  const Value* fn = findDunder(v, dunder);
  if (const Value* p = builtinPayload(v); !fn && p) {
    std::string_view d = dunder;
    out = d == "__neg__" ? negate(interp, *p) : d == "__pos__" ? unaryPlus(interp, *p) : invert(interp, *p);
    return true;
  }
  if (!fn) return false;
  out = callMethod(interp, v, *fn, {});
  return true;
}

bool instanceTruth(Interpreter& interp, const Value& v, bool& out) {
  if (!asInstance(v)) return false;
  if (const Value* fn = findDunder(v, "__bool__")) {
    Value r = callMethod(interp, v, *fn, {});
    if (!r.isBool()) throw Error(ErrorKind::Type, "__bool__ should return bool, returned " + typeName(r));
    out = r.asBool();
    return true;
  }
  int64_t n;
  if (findDunder(v, "__len__") && instanceLength(interp, v, n)) { out = n != 0; return true; }
  if (const Value* p = builtinPayload(v)) { out = truthy(interp, *p); return true; }
  out = true;
  return true;
}

bool instanceLength(Interpreter& interp, const Value& v, int64_t& out) {
  const Value* fn = findDunder(v, "__len__");
  if (const Value* p = builtinPayload(v); !fn && p) {
    out = length(interp, *p);
    return true;
  }
  if (!fn) return false;
  Value r = callMethod(interp, v, *fn, {});
  if (!r.isInt() && !r.isBool()) throw Error(ErrorKind::Type, "'" + typeName(r) + "' object cannot be interpreted as an integer");
  out = r.isBool() ? r.asBool() : r.asInt();
  if (out < 0) throw Error(ErrorKind::Value, "__len__() should return >= 0");
  return true;
}

bool instanceStr(Interpreter& interp, const Value& v, std::string& out) {
  InstanceObject* inst = asInstance(v);
  if (!inst) return false;
  if (const Value* fn = inst->klass()->lookup("__str__")) {
    Value r = callMethod(interp, v, *fn, {});
    if (!r.isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "__str__ returned non-string (type " + typeName(r) + ")");
    out = r.as<StrObject>()->str;
    return true;
  }
  if (inst->klass()->isException && !inst->klass()->lookup("__repr__")) return false;
  if (inst->payload.isObj(ObjKind::Str)) { out = inst->payload.as<StrObject>()->str; return true; }  // str.__str__
  out = inst->repr();
  return true;
}

bool instanceContains(Interpreter& interp, const Value& container, const Value& item, bool& out) {
  if (!asInstance(container)) return false;
  if (const Value* fn = findDunder(container, "__contains__")) {
    out = truthy(interp, callMethod(interp, container, *fn, {item}));
    return true;
  }
  if (const Value* p = builtinPayload(container); p && !findDunder(container, "__iter__")) {
    out = contains(interp, *p, item);
    return true;
  }
  if (findDunder(container, "__iter__") || findDunder(container, "__getitem__")) {
    for (const Value& x : iterateAll(interp, container))
      if (x.identical(item) || valuesEqual(interp, x, item)) { out = true; return true; }
    out = false;
    return true;
  }
  return false;
}

bool instanceGetItem(Interpreter& interp, const Value& obj, const Value& index, Value& out) {
  if (const Value* fn = findDunder(obj, "__getitem__")) {
    out = callMethod(interp, obj, *fn, {index});
    return true;
  }
  if (const Value* p = builtinPayload(obj)) {
    Value payload = *p;
    if (const Value* missing = findDunder(obj, "__missing__"); missing && payload.isObj(ObjKind::Dict)) {
      requireHashable(index);
      if (const Value* v = payload.as<DictObject>()->find(index)) { out = *v; return true; }
      out = callMethod(interp, obj, *missing, {index});
      return true;
    }
    out = getItem(interp, payload, index);
    return true;
  }
  return false;
}

bool instanceSetItem(Interpreter& interp, const Value& obj, const Value& index, const Value& value) {
  const Value* fn = findDunder(obj, "__setitem__");
  if (const Value* p = builtinPayload(obj); !fn && p) {
    Value payload = *p;
    setItem(interp, payload, index, value);
    return true;
  }
  if (!fn) return false;
  callMethod(interp, obj, *fn, {index, value});
  return true;
}

bool instanceIter(Interpreter& interp, const Value& v, Value& out) {
  if (!asInstance(v)) return false;
  if (const Value* fn = findDunder(v, "__iter__")) {
    Value it = callMethod(interp, v, *fn, {});
    if (it.isObj(ObjKind::Iterator)) { out = it; return true; }
    if (!findDunder(it, "__next__"))
      throw Error(ErrorKind::Type, "iter() returned non-iterator of type '" + typeName(it) + "'");
    out = Value(makeRef<IteratorObject>(IteratorObject::Source::Protocol, it));
    return true;
  }
  if (const Value* p = builtinPayload(v)) {
    out = makeIterator(interp, *p);
    return true;
  }
  if (findDunder(v, "__getitem__")) {  // the old sequence protocol: v[0], v[1], ... until IndexError
    auto it = makeRef<IteratorObject>(IteratorObject::Source::Protocol, v);
    it->step = 0;  // pos counts the index
    out = Value(it);
    return true;
  }
  return false;
}

bool protocolNext(Interpreter& interp, const Value& itv, Value& out) {
  auto* it = itv.as<IteratorObject>();
  if (it->end < 0) return false;
  Value obj = it->seq;
  try {
    if (it->step == 0) {
      out = callMethod(interp, obj, *findDunder(obj, "__getitem__"), {Value::integer(it->pos)});
      ++it->pos;
    } else {
      const Value* fn = findDunder(obj, "__next__");
      if (!fn) throw Error(ErrorKind::Type, "'" + typeName(obj) + "' object is not an iterator");
      out = callMethod(interp, obj, *fn, {});
    }
  } catch (const Error& e) {
    Value exc = exceptionFromError(interp, e);
    ObjectModel& om = *interp.vm().objectModel;
    ClassObject* stop = asClass(it->step == 0 ? om.byKind.at(static_cast<int>(ErrorKind::Index)) : om.stopIteration);
    if (!isInstanceOfClass(exc, *stop)) {
      // not the end: put the exception back in flight
      om.inFlight = exc;
      om.inFlightKind = e.kind;
      om.inFlightMessage = e.message;
      throw;
    }
    it->end = -1;
    return false;
  }
  return true;
}

bool instanceHash(Interpreter& interp, const Value& v, int64_t& out) {
  const Value* fn = findDunder(v, "__hash__");
  if (const Value* p = builtinPayload(v); !fn && p && !findDunder(v, "__eq__")) {
    requireHashable(*p);
    out = pyHash(*p);
    return true;
  }
  if (!fn || fn->isNone()) return false;  // None: unhashable (isHashable says so)
  Value r = callMethod(interp, v, *fn, {});
  if (!r.isInt() && !r.isBool()) throw Error(ErrorKind::Type, "__hash__ method should return an integer");
  out = r.isBool() ? r.asBool() : r.asInt();
  if (out == -1) out = -2;  // -1 is CPython's error value
  return true;
}

// ---------------------------------------------------------------------------
// Installation

void installClasses(VM& vm) {
  vm.objectModel = std::make_unique<ObjectModel>();
  ObjectModel& om = *vm.objectModel;
  om.notImplemented = Value(makeRef<NotImplementedObject>());
  vm.addBuiltin("NotImplemented", om.notImplemented);
  vm.addBuiltin("super", makeNative("super", b_super));
  vm.addBuiltin("staticmethod", makeNative("staticmethod", b_staticmethod));
  vm.addBuiltin("classmethod", makeNative("classmethod", b_classmethod));
  vm.addBuiltin("property", makeNative("property", b_property));
  vm.addBuiltin("issubclass", makeNative("issubclass", b_issubclass));
  vm.addBuiltin("delattr", makeNative("delattr", builtinDelattr));
  vm.addBuiltin("setattr", makeNative("setattr", b_setattr));
  vm.addBuiltin("object", makeNative("object", [](Interpreter&, const CallArgs& a, const void*) -> Value {
    expectArgs(a, "object", 0, 0);
    throw Error(ErrorKind::Type, "object() instances are not supported by tdsl; define a class");
  }));
  installExceptionClasses(vm);
}

}  // namespace tdsl
