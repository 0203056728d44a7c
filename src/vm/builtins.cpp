// The built-in functions (print, len, range, ...) and the type objects
// (int, float, str, ...), bound into every module's globals (Note [Global slots]).
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "frontend/source_text.h"
#include "vm/py_hash.h"
#include "vm/sets.h"
#include "vm/format.h"
#include "vm/number_parse.h"
#include "vm/tensor_bridge.h"
#include "vm/value_ops.h"
#include "vm/vm.h"
#include "vm/classes.h"
#include "vm/generators.h"

namespace tdsl {

void throwArgCount(const CallArgs& args, const char* fname, size_t min, size_t max) {
  if (min == max)
    throw Error(ErrorKind::Type, std::string(fname) + "() takes exactly " + std::to_string(min) + " argument" +
                                     (min == 1 ? "" : "s") + " (" + std::to_string(args.nargs) + " given)");
  if (args.nargs < min)
    throw Error(ErrorKind::Type, std::string(fname) + " expected at least " + std::to_string(min) + " argument" +
                                     (min == 1 ? "" : "s") + ", got " + std::to_string(args.nargs));
  throw Error(ErrorKind::Type, std::string(fname) + " expected at most " + std::to_string(max) + " argument" +
                                   (max == 1 ? "" : "s") + ", got " + std::to_string(args.nargs));
}

const Value* findKwarg(const CallArgs& args, std::string_view name) {
  for (size_t i = 0; i < args.nkwargs; ++i)
    if (args.kwargs[i].name == name) return &args.kwargs[i].value;
  return nullptr;
}

void rejectKwargs(const CallArgs& args, const char* fname) {
  if (args.nkwargs)
    throw Error(ErrorKind::Type, std::string(fname) + "() takes no keyword arguments");
}

namespace {

void onlyKwargs(const CallArgs& args, const char* fname, std::initializer_list<std::string_view> allowed) {
  for (size_t i = 0; i < args.nkwargs; ++i)
    if (std::find(allowed.begin(), allowed.end(), args.kwargs[i].name) == allowed.end())
      throw Error(ErrorKind::Type, "'" + std::string(args.kwargs[i].name) + "' is an invalid keyword argument for " + fname + "()");
}

int64_t asIntArg(const Value& v, const char* what) {
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool();
  throw Error(ErrorKind::Type, std::string(what) + ": '" + typeName(v) + "' object cannot be interpreted as an integer");
}

Value b_print(Interpreter& I, const CallArgs& a, const void*) {
  onlyKwargs(a, "print", {"sep", "end", "file", "flush"});
  std::string sep = " ", end = "\n";
  if (const Value* s = findKwarg(a, "sep"); s && !s->isNone()) {
    if (!s->isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "sep must be None or a string, not " + typeName(*s));
    sep = s->as<StrObject>()->str;
  }
  if (const Value* e = findKwarg(a, "end"); e && !e->isNone()) {
    if (!e->isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "end must be None or a string, not " + typeName(*e));
    end = e->as<StrObject>()->str;
  }
  const Value* file = findKwarg(a, "file");
  bool toStderr = file && file->isObj(ObjKind::Module) && file->as<ModuleObject>()->name == "sys.stderr";
  bool toStdout = !file || file->isNone() || (file->isObj(ObjKind::Module) && file->as<ModuleObject>()->name == "sys.stdout");
  // Any other file is an object with a write method (io.StringIO): as CPython,
  // one write per argument, separator and end.
  Value write = toStderr || toStdout ? Value() : getAttr(I, *file, "write");
  std::string out;
  auto flushPiece = [&]() {
    if (write.isNone()) return;
    I.call(write, std::vector<Value>{makeStr(out)});
    out.clear();
  };
  for (size_t i = 0; i < a.nargs; ++i) {
    if (i) {
      out += sep;
      flushPiece();
    }
    if (a[i].isObj(ObjKind::Str)) out += a[i].as<StrObject>()->str;
    else if (a[i].isObj(ObjKind::Other)) out += str(I, a[i]);  // __str__ of user classes, an extension's own str()
    else appendRepr(I, out, a[i]);
    flushPiece();
  }
  out += end;
  if (!write.isNone()) {
    flushPiece();
    if (const Value* f = findKwarg(a, "flush"); f && truthy(I, *f)) I.call(getAttr(I, *file, "flush"), std::vector<Value>{});
  } else if (toStderr) {
    I.writeStderr(out);
  } else {
    I.writeStdout(out);
    if (const Value* f = findKwarg(a, "flush"); f && truthy(I, *f)) I.flushStdout();
  }
  return Value();
}

Value b_len(Interpreter& I, const CallArgs& a, const void*) {
  rejectKwargs(a, "len");
  expectArgs(a, "len", 1, 1);
  return Value::integer(length(I, a[0]));
}

Value b_range(Interpreter&, const CallArgs& a, const void*) {
  rejectKwargs(a, "range");
  expectArgs(a, "range", 1, 3);
  int64_t start = 0, stop, step = 1;
  if (a.nargs == 1) stop = asIntArg(a[0], "range()");
  else {
    start = asIntArg(a[0], "range()");
    stop = asIntArg(a[1], "range()");
    if (a.nargs == 3) step = asIntArg(a[2], "range()");
  }
  if (step == 0) throw Error(ErrorKind::Value, "range() arg 3 must not be zero");
  return Value(makeRef<RangeObject>(start, stop, step));
}

Value b_abs(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "abs", 1, 1);
  const Value& v = a[0];
  if (v.isInt()) return Value::integer(v.asInt() < 0 ? checkedNeg(v.asInt()) : v.asInt());
  if (v.isBool()) return Value::integer(v.asBool());
  if (v.isFloat()) return Value::number(std::fabs(v.asFloat()));
  if (v.isTensor()) return tensorCallMethod(I, v, "abs", CallArgs{});
  throw Error(ErrorKind::Type, "bad operand type for abs(): '" + typeName(v) + "'");
}

Value minmax(Interpreter& I, const CallArgs& a, bool isMax) {
  const char* name = isMax ? "max" : "min";
  onlyKwargs(a, name, {"key", "default"});
  if (a.nargs == 0) throw Error(ErrorKind::Type, std::string(name) + " expected at least 1 argument, got 0");
  std::vector<Value> items = a.nargs == 1 ? iterateAll(I, a[0]) : std::vector<Value>(a.args, a.args + a.nargs);
  if (items.empty()) {
    if (const Value* d = findKwarg(a, "default")) return *d;
    throw Error(ErrorKind::Value, std::string(name) + "() arg is an empty sequence");
  }
  const Value* key = findKwarg(a, "key");
  if (key && key->isNone()) key = nullptr;
  Value best = items[0];
  Value bestKey = key ? I.call(*key, {best}) : best;
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key ? I.call(*key, {items[i]}) : items[i];
    if (truthy(I, compare(I, isMax ? Cmp::Gt : Cmp::Lt, k, bestKey))) { best = items[i]; bestKey = k; }
  }
  return best;
}
Value b_min(Interpreter& I, const CallArgs& a, const void*) { return minmax(I, a, false); }
Value b_max(Interpreter& I, const CallArgs& a, const void*) { return minmax(I, a, true); }

Value b_sum(Interpreter& I, const CallArgs& a, const void*) {
  onlyKwargs(a, "sum", {"start"});
  expectArgs(a, "sum", 1, 2);
  Value acc = a.nargs == 2 ? a[1] : Value::integer(0);
  if (const Value* s = findKwarg(a, "start")) acc = *s;
  if (acc.isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "sum() can't sum strings [use ''.join(seq) instead]");
  if (a[0].isTensor()) return tensorCallMethod(I, a[0], "sum", CallArgs{});
  auto add = [&](const Value& x) {
    if (acc.isInt() && x.isInt()) {
      int64_t r;
      if (!__builtin_add_overflow(acc.asInt(), x.asInt(), &r)) { acc = Value::integer(r); return; }
    }
    acc = arith(I, Arith::Add, acc, x, false);
  };
  if (a[0].isObj(ObjKind::List)) {
    auto& items = a[0].as<ListObject>()->items;
    for (size_t i = 0; i < items.size(); ++i) add(Value(items[i]));
  } else {
    for (const Value& x : iterateAll(I, a[0])) add(x);
  }
  return acc;
}

// CPython's "%.200R": the repr of a literal in an error message, cut to 200
// code points so a huge argument does not make a huge message.
std::string literalRepr(Interpreter& I, const Value& v) {
  std::string r = repr(I, v);
  size_t points = 0;
  for (size_t i = 0; i < r.size(); ++i)
    if ((static_cast<unsigned char>(r[i]) & 0xC0) != 0x80 && ++points > 200) return r.substr(0, i);
  return r;
}

int intBase(const Value& b) {
  if (!b.isInt() && !b.isBool())
    throw Error(ErrorKind::Type, "'" + typeName(b) + "' object cannot be interpreted as an integer");
  int64_t base = b.isBool() ? b.asBool() : b.asInt();
  if (base != 0 && (base < 2 || base > 36)) throw Error(ErrorKind::Value, "int() base must be >= 2 and <= 36, or 0");
  return static_cast<int>(base);
}

Value b_int(Interpreter& I, const CallArgs& a, const void*) {
  onlyKwargs(a, "int", {"base"});
  expectArgs(a, "int", 0, 2);
  const Value* baseArg = a.nargs == 2 ? &a[1] : nullptr;
  if (const Value* b = findKwarg(a, "base")) {
    if (baseArg) throw Error(ErrorKind::Type, "argument for int() given by name ('base') and position (2)");
    baseArg = b;
  }
  if (a.nargs == 0) {
    if (baseArg) throw Error(ErrorKind::Type, "int() missing string argument");
    return Value::integer(0);
  }
  const Value& v = a[0];
  if (v.isObj(ObjKind::Str)) {
    int base = baseArg ? intBase(*baseArg) : 10;
    int64_t r = 0;
    switch (parseIntLiteral(v.as<StrObject>()->str, base, r)) {
      case ParseStatus::Ok: return Value::integer(r);
      case ParseStatus::Invalid:
        throw Error(ErrorKind::Value, "invalid literal for int() with base " + std::to_string(base) + ": " + literalRepr(I, v));
      case ParseStatus::Overflow:
        throw Error(ErrorKind::Overflow, "int too large: " + literalRepr(I, v) + " does not fit in 64 bits");
    }
  }
  if (const Value* payload = builtinPayload(v)) {  // Note [Subclasses of built-in types]
    Value inner[2] = {*payload, baseArg ? *baseArg : Value()};
    return b_int(I, CallArgs{inner, baseArg ? 2u : 1u}, nullptr);
  }
  if (baseArg) throw Error(ErrorKind::Type, "int() can't convert non-string with explicit base");
  if (v.isInt()) return v;
  if (v.isBool()) return Value::integer(v.asBool());
  if (v.isFloat()) return Value::integer(floatToInt(v.asFloat()));
  if (v.isTensor()) {
    Value item = tensorCallMethod(I, v, "item", CallArgs{});
    return b_int(I, CallArgs{&item, 1}, nullptr);
  }
  throw Error(ErrorKind::Type, "int() argument must be a string, a bytes-like object or a real number, not '" + typeName(v) + "'");
}

Value b_float(Interpreter& I, const CallArgs& a, const void*) {
  rejectKwargs(a, "float");
  expectArgs(a, "float", 0, 1);
  if (a.nargs == 0) return Value::number(0.0);
  const Value& v = a[0];
  if (v.isFloat()) return v;
  if (v.isInt()) return Value::number(static_cast<double>(v.asInt()));
  if (v.isBool()) return Value::number(v.asBool() ? 1.0 : 0.0);
  if (v.isObj(ObjKind::Str)) {
    double d = 0;
    if (parseFloatLiteral(v.as<StrObject>()->str, d) != ParseStatus::Ok)
      throw Error(ErrorKind::Value, "could not convert string to float: " + repr(I, v));
    return Value::number(d);
  }
  if (v.isTensor()) {
    Value item = tensorCallMethod(I, v, "item", CallArgs{});
    return b_float(I, CallArgs{&item, 1}, nullptr);
  }
  if (const Value* payload = builtinPayload(v)) {  // Note [Subclasses of built-in types]
    Value inner = *payload;
    return b_float(I, CallArgs{&inner, 1}, nullptr);
  }
  throw Error(ErrorKind::Type, "float() argument must be a string or a real number, not '" + typeName(v) + "'");
}

Value b_bool(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "bool", 0, 1);
  return Value::boolean(a.nargs && truthy(I, a[0]));
}
Value b_str(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "str", 0, 1);
  return a.nargs ? (a[0].isObj(ObjKind::Str) ? a[0] : makeStr(str(I, a[0]))) : makeStr("");
}
Value b_repr(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "repr", 1, 1);
  return makeStr(repr(I, a[0]));
}

Value b_round(Interpreter& I, const CallArgs& a, const void*) {
  onlyKwargs(a, "round", {"ndigits"});
  expectArgs(a, "round", 1, 2);
  Value nd = a.nargs == 2 ? a[1] : Value();
  if (const Value* k = findKwarg(a, "ndigits")) nd = *k;
  const Value& x = a[0];
  if (x.isInt() || x.isBool()) {
    int64_t v = x.isBool() ? x.asBool() : x.asInt();
    if (nd.isNone()) return Value::integer(v);
    int64_t n = asIntArg(nd, "round()");
    if (n >= 0) return Value::integer(v);
    if (n < -18) return Value::integer(0);
    int64_t p = 1;
    for (int64_t i = 0; i < -n; ++i) p *= 10;
    int64_t q = floorDivInt(v, p), r = v - q * p;
    // round half to even
    if (2 * r > p || (2 * r == p && (q & 1))) q += 1;
    return Value::integer(checkedMul(q, p));
  }
  if (x.isFloat()) {
    if (nd.isNone()) return Value::integer(pyRoundToInt(x.asFloat()));
    return Value::number(pyRound(x.asFloat(), asIntArg(nd, "round()")));
  }
  if (x.isTensor()) return tensorCallMethod(I, x, "round", CallArgs{});
  throw Error(ErrorKind::Type, "type " + typeName(x) + " doesn't define __round__ method");
}

Value b_enumerate(Interpreter& I, const CallArgs& a, const void*) {
  onlyKwargs(a, "enumerate", {"start"});
  expectArgs(a, "enumerate", 1, 2);
  int64_t start = a.nargs == 2 ? asIntArg(a[1], "enumerate()") : 0;
  if (const Value* s = findKwarg(a, "start")) start = asIntArg(*s, "enumerate()");
  return makeEnumerate(I, a[0], start);
}

Value b_zip(Interpreter& I, const CallArgs& a, const void*) {
  rejectKwargs(a, "zip");
  return makeZip(I, a);
}

Value b_list(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "list", 0, 1);
  return makeList(a.nargs ? iterateAll(I, a[0]) : std::vector<Value>{});
}
Value b_tuple(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "tuple", 0, 1);
  if (a.nargs && a[0].isObj(ObjKind::Tuple) && a[0].as<TupleObject>()->isPlain()) return a[0];
  return makeTuple(a.nargs ? iterateAll(I, a[0]) : std::vector<Value>{});
}
Value b_dict(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "dict", 0, 1);
  Value d = makeDict();
  auto* dict = d.as<DictObject>();
  DictEntries mapping;
  if (a.nargs) {
    if (a[0].isObj(ObjKind::Dict)) {
      for (auto& kv : a[0].as<DictObject>()->entries) dict->set(kv.first, kv.second);
    } else if (instanceMappingItems(I, a[0], mapping)) {
      for (auto& kv : mapping) {
        requireHashable(kv.first);
        dict->set(kv.first, kv.second);
      }
    } else {
      for (const Value& item : iterateAll(I, a[0])) {
        std::vector<Value> kv = iterateAll(I, item);
        if (kv.size() != 2)
          throw Error(ErrorKind::Value, "dictionary update sequence element has length " + std::to_string(kv.size()) + "; 2 is required");
        requireHashable(kv[0]);
        dict->set(kv[0], kv[1]);
      }
    }
  }
  for (size_t i = 0; i < a.nkwargs; ++i) dict->set(makeStr(std::string(a.kwargs[i].name)), a.kwargs[i].value);
  return d;
}

bool isInstanceOf(Interpreter& I, const Value& v, const Value& cls, int depth = 0) {
  if (ClassObject* c = asClass(cls)) {  // user classes (vm/classes.h)
    if (isInstanceOfClass(v, *c)) return true;
    // Note [Abstract base classes]: stdlib/_collections_abc.td's classes
    // answer isinstance by the methods a value has, as CPython's ABCMeta does
    // through __subclasshook__; tdsl has no metaclasses, so the class itself
    // carries the hook (a classmethod taking the value).
    if (const Value* hook = c->lookup("__abc_instancecheck__")) {
      Value r = callMethod(I, cls, *hook, {v});
      return r.isBool() && r.asBool();
    }
    return false;
  }
  if (cls.isObj(ObjKind::Tuple)) {
    if (depth >= kMaxContainerDepth) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded in __instancecheck__");
    for (const Value& c : cls.as<TupleObject>()->items)
      if (isInstanceOf(I, v, c, depth + 1)) return true;
    return false;
  }
  if (!cls.isObj(ObjKind::Native) && !cls.isObj(ObjKind::Other))
    throw Error(ErrorKind::Type, "isinstance() arg 2 must be a type, a tuple of types, or a union");
  std::string name = cls.isObj(ObjKind::Native) ? cls.as<NativeObject>()->name : typeName(cls);
  std::string t = typeName(v);
  if (name == "object") return true;
  if (const Value* payload = builtinPayload(v)) return isInstanceOf(I, *payload, cls, depth + 1);  // Note [Subclasses of built-in types]
  if (name == "int") return v.isInt() || v.isBool();
  if (name == "tuple") return v.isObj(ObjKind::Tuple);
  if (asInstance(v)) return false;
  if (name == "Tensor") return v.isTensor();
  return t == name;
}

Value b_isinstance(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "isinstance", 2, 2);
  return Value::boolean(isInstanceOf(I, a[0], a[1]));
}

Value b_sorted(Interpreter& I, const CallArgs& a, const void*) {
  onlyKwargs(a, "sorted", {"key", "reverse"});
  expectArgs(a, "sorted", 1, 1);
  Value list = makeList(iterateAll(I, a[0]));
  std::vector<Value> margs{list};
  std::vector<KwArg> kws(a.kwargs, a.kwargs + a.nkwargs);
  const NativeObject* sortFn = I.vm().findMethod(list, "sort");
  sortFn->fn(I, CallArgs{margs.data(), 1, kws.data(), kws.size()}, nullptr);
  return list;
}

Value b_reversed(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "reversed", 1, 1);
  return makeReversed(I, a[0]);
}

Value b_any(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "any", 1, 1);
  for (const Value& x : iterateAll(I, a[0])) if (truthy(I, x)) return Value::boolean(true);
  return Value::boolean(false);
}
Value b_all(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "all", 1, 1);
  for (const Value& x : iterateAll(I, a[0])) if (!truthy(I, x)) return Value::boolean(false);
  return Value::boolean(true);
}

Value b_hash(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "hash", 1, 1);
  if (int64_t h; instanceHash(I, a[0], h)) return Value::integer(h);
  requireHashable(a[0]);
  return Value::integer(pyHash(a[0]));  // CPython's values (py_hash.h)
}

// Calling the type object of a type scripts cannot construct (function,
// ellipsis, NoneType...): CPython's answers.
Value constructUnconstructible(Interpreter&, const CallArgs& a, const void* data) {
  const std::string& name = *static_cast<const std::string*>(data);
  if (name == "NoneType" && a.nargs == 0 && a.nkwargs == 0) return Value();
  throw Error(ErrorKind::Type, "cannot create '" + name + "' instances");
}

Value b_type(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "type", 1, 1);
  if (InstanceObject* inst = asInstance(a[0])) return inst->cls;  // user classes (vm/classes.h)
  std::string t = typeName(a[0]);
  auto& types = I.vm().typeObjects;
  auto it = types.find(t);
  if (it != types.end()) return it->second;
  // A type with no constructor among the builtins gets its type object on
  // first use, kept so that type(None) is type(None). The map's key lives as
  // long as the object (the VM owns both), so the native points at it.
  it = types.emplace(t, Value()).first;
  it->second = makeNative(t, constructUnconstructible, &it->first);
  return it->second;
}

Value b_map(Interpreter& I, const CallArgs& a, const void*) {
  if (a.nargs < 2) throw Error(ErrorKind::Type, "map() must have at least two arguments.");
  rejectKwargs(a, "map");
  return makeMap(I, a[0], CallArgs{a.args + 1, a.nargs - 1, nullptr, 0});
}

Value b_filter(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "filter", 2, 2);
  rejectKwargs(a, "filter");
  return makeFilter(I, a[0], a[1]);
}

Value b_divmod(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "divmod", 2, 2);
  return makeTuple({arith(I, Arith::FloorDiv, a[0], a[1], false), arith(I, Arith::Mod, a[0], a[1], false)});
}

Value b_pow(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "pow", 2, 2);
  return arith(I, Arith::Pow, a[0], a[1], false);
}

Value b_chr(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "chr", 1, 1);
  int64_t c = asIntArg(a[0], "chr()");
  if (c < 0 || c > 0x10FFFF) throw Error(ErrorKind::Value, "chr() arg not in range(0x110000)");
  std::string s;
  frontend::appendUtf8(s, static_cast<uint32_t>(c));
  return makeStr(s);
}

Value b_ord(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "ord", 1, 1);
  if (!a[0].isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "ord() expected string of length 1, but " + typeName(a[0]) + " found");
  const std::string& s = a[0].as<StrObject>()->str;
  if (length(I, a[0]) != 1)
    throw Error(ErrorKind::Type, "ord() expected a character, but string of length " + std::to_string(length(I, a[0])) + " found");
  auto u = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  int64_t c = u(0);
  if (c >= 0xF0) c = ((c & 0x07) << 18) | ((u(1) & 0x3F) << 12) | ((u(2) & 0x3F) << 6) | (u(3) & 0x3F);
  else if (c >= 0xE0) c = ((c & 0x0F) << 12) | ((u(1) & 0x3F) << 6) | (u(2) & 0x3F);
  else if (c >= 0xC0) c = ((c & 0x1F) << 6) | (u(1) & 0x3F);
  return Value::integer(c);
}

Value b_iter(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "iter", 1, 1);
  if (const Value* fn = findDunder(a[0], "__iter__"); fn && !fn->isNone()) {
    // What __iter__ returns, itself: `iter(x) is x` for an iterator returning self.
    Value it = callMethod(I, a[0], *fn, {});
    if (it.isObj(ObjKind::Iterator) || findDunder(it, "__next__") || generatorOf(it)) return it;
    throw Error(ErrorKind::Type, "iter() returned non-iterator of type '" + typeName(it) + "'");
  }
  return makeIterator(I, a[0]);
}

Value b_next(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "next", 1, 2);
  if (const Value* fn = findDunder(a[0], "__next__")) {  // user iterators (vm/classes.h)
    if (a.nargs == 1) return callMethod(I, a[0], *fn, {});
    Value it = makeRef<IteratorObject>(IteratorObject::Source::Protocol, a[0]);
    Value out;
    return protocolNext(I, it, out) ? out : a[1];
  }
  if (!a[0].isObj(ObjKind::Iterator)) throw Error(ErrorKind::Type, "'" + typeName(a[0]) + "' object is not an iterator");
  Value out;
  if (iteratorNext(I, *a[0].as<IteratorObject>(), out)) return out;
  if (a.nargs == 2) return a[1];
  if (GeneratorState* g = generatorOf(a[0])) raiseStopIteration(I, takeReturnValue(*g));  // Note [Generator methods]
  raiseException(I, I.vm().objectModel->stopIteration, 0, Value());
}

Value b_hasattr(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "hasattr", 2, 2);
  if (!a[1].isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "hasattr(): attribute name must be string");
  try {
    getAttr(I, a[0], a[1].as<StrObject>()->str);
  } catch (const Error& e) {
    if (e.kind == ErrorKind::Attribute) return Value::boolean(false);
    throw;
  }
  return Value::boolean(true);
}

Value b_getattr(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "getattr", 2, 3);
  if (!a[1].isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "getattr(): attribute name must be string");
  try {
    return getAttr(I, a[0], a[1].as<StrObject>()->str);
  } catch (const Error& e) {
    if (e.kind == ErrorKind::Attribute && a.nargs == 3) return a[2];
    throw;
  }
}

Value b_callable(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "callable", 1, 1);
  const Value& v = a[0];
  bool c = v.isObj(ObjKind::Function) || v.isObj(ObjKind::Native) || v.isObj(ObjKind::BoundMethod);
  if (auto* ext = asExtension(v)) c = ext->callable();
  return Value::boolean(c);
}

}  // namespace

void installBuiltins(VM& vm) {
  struct Entry { const char* name; NativeFn fn; bool isType; };
  static const Entry entries[] = {
      {"print", b_print, false},   {"len", b_len, false},         {"range", b_range, true},
      {"abs", b_abs, false},       {"min", b_min, false},         {"max", b_max, false},
      {"sum", b_sum, false},       {"int", b_int, true},          {"float", b_float, true},
      {"bool", b_bool, true},      {"str", b_str, true},          {"repr", b_repr, false},
      {"round", b_round, false},   {"enumerate", b_enumerate, false}, {"zip", b_zip, false},
      {"list", b_list, true},      {"tuple", b_tuple, true},      {"dict", b_dict, true},
      {"isinstance", b_isinstance, false}, {"sorted", b_sorted, false}, {"reversed", b_reversed, false},
      {"any", b_any, false},       {"all", b_all, false},         {"hash", b_hash, false},
      {"type", b_type, false},     {"map", b_map, false},         {"filter", b_filter, false},
      {"divmod", b_divmod, false}, {"pow", b_pow, false},         {"chr", b_chr, false},
      {"ord", b_ord, false},       {"iter", b_iter, false},       {"next", b_next, false},
      {"callable", b_callable, false}, {"hasattr", b_hasattr, false}, {"getattr", b_getattr, false},
  };
  for (const Entry& e : entries) {
    Value fn = makeNative(e.name, e.fn);
    vm.addBuiltin(e.name, fn);
    if (e.isType) vm.typeObjects[e.name] = fn;
  }
  installSetBuiltins(vm);
  installMoreBuiltins(vm);
  vm.addBuiltin("None", Value());
  vm.addBuiltin("True", Value::boolean(true));
  vm.addBuiltin("False", Value::boolean(false));
}

}  // namespace tdsl
