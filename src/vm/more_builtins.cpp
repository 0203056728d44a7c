// Issue 15 additions (lang2): id(), sys.getrecursionlimit(), the attributes
// of ints, floats, sets and generators (moreAttr, consulted by getAttr when
// nothing else matched).
#include <cmath>
#include <cstdio>
#include <cstring>

#include "vm/classes.h"
#include "vm/format.h"
#include "vm/generators.h"
#include "vm/sets.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

// slice(stop), slice(start, stop[, step]): CPython's constructor; the
// parts are any values (they are checked where the slice is used).
Value b_slice(Interpreter&, const CallArgs& a, const void*) {
  rejectKwargs(a, "slice");
  if (a.nargs == 0) throw Error(ErrorKind::Type, "slice expected at least 1 argument, got 0");
  if (a.nargs > 3) throw Error(ErrorKind::Type, "slice expected at most 3 arguments, got " + std::to_string(a.nargs));
  if (a.nargs == 1) return makeSlice(Value(), a[0], Value());
  return makeSlice(a[0], a[1], a.nargs == 3 ? a[2] : Value());
}

// Note [globals() is a snapshot]
// A module's globals live in slots (Note [Global slots]), not in a dict, so
// globals() returns a new dict of the calling function's module globals as
// they are at the call: reading it is CPython's, but assigning into it does
// not bind a global. Pre-bound built-ins the module has not rebound are left
// out, as CPython keeps them in __builtins__.
Value b_globals(Interpreter& I, const CallArgs& a, const void*) {
  if (a.nargs || a.nkwargs) throw Error(ErrorKind::Type, "globals() takes no arguments (" + std::to_string(a.nargs + a.nkwargs) + " given)");
  CallerFrame f = I.vm().callerFrame();
  Value out = makeDict();
  if (!f.fn || !f.fn->globals) return out;
  const GlobalsTable& g = *f.fn->globals;
  const auto& builtins = I.vm().builtins();  // VM::newGlobals binds them to the first slots, in order
  for (size_t i = 0; i < g.slots.size(); ++i) {
    const GlobalSlot& s = g.slots[i];
    if (!s.bound) continue;
    if (i < builtins.size() && builtins[i].first == g.names[i] && builtins[i].second.identical(s.value)) continue;
    setItem(I, out, makeStr(g.names[i]), s.value);
  }
  return out;
}

Value b_id(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "id", 1, 1);
  const Value& v = a[0];
  if (v.isObj()) return Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(v.asObj())));
  // Immediates have no address; CPython's small ints and floats are objects
  // whose ids differ by value, which this keeps (equal values, equal ids).
  uint64_t bits = static_cast<uint64_t>(v.tag()) << 56;
  if (v.isInt()) bits ^= static_cast<uint64_t>(v.asInt()) * 0x9E3779B97F4A7C15ull;
  if (v.isFloat()) {
    double d = v.asFloat();
    uint64_t raw;
    std::memcpy(&raw, &d, sizeof raw);
    bits ^= raw;
  }
  if (v.isBool()) bits ^= v.asBool() ? 1 : 2;
  return Value::integer(static_cast<int64_t>(bits >> 1));
}

Value sys_getrecursionlimit(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "getrecursionlimit", 0, 0);
  return Value::integer(static_cast<int64_t>(I.vm().maxCallDepth));
}
Value sys_setrecursionlimit(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "setrecursionlimit", 1, 1);
  if (!a[0].isInt()) throw Error(ErrorKind::Type, "'" + typeName(a[0]) + "' object cannot be interpreted as an integer");
  if (a[0].asInt() < 1) throw Error(ErrorKind::Value, "recursion limit must be greater or equal than 1");
  return Value();  // the host sets the limit (at most kMaxCallDepth); accepted so scripts that raise it run
}

// --- methods of numbers, bound by moreAttr ---------------------------------

int64_t intOfValue(const Value& v) { return v.isBool() ? (v.asBool() ? 1 : 0) : v.asInt(); }

Value int_bit_length(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "bit_length", 1, 1);
  int64_t x = intOfValue(a[0]);
  uint64_t m = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  return Value::integer(m == 0 ? 0 : 64 - __builtin_clzll(m));
}
Value int_bit_count(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "bit_count", 1, 1);
  int64_t x = intOfValue(a[0]);
  uint64_t m = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  return Value::integer(__builtin_popcountll(m));
}
Value int_conjugate(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "conjugate", 1, 1);
  return Value::integer(intOfValue(a[0]));
}
Value int_as_integer_ratio(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "as_integer_ratio", 1, 1);
  return makeTuple({Value::integer(intOfValue(a[0])), Value::integer(1)});
}
Value float_is_integer(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "is_integer", 1, 1);
  double d = a[0].asFloat();
  return Value::boolean(std::isfinite(d) && std::floor(d) == d);
}
Value float_conjugate(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "conjugate", 1, 1);
  return a[0];
}
Value float_as_integer_ratio(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "as_integer_ratio", 1, 1);
  double d = a[0].asFloat();
  if (std::isinf(d)) throw Error(ErrorKind::Overflow, "cannot convert Infinity to integer ratio");
  if (std::isnan(d)) throw Error(ErrorKind::Value, "cannot convert NaN to integer ratio");
  int e;
  double m = std::frexp(d, &e);
  for (int i = 0; i < 300 && m != std::floor(m); ++i) { m *= 2.0; --e; }
  // d == m * 2**e with m an integer; the ratio must fit int64.
  if (std::fabs(m) >= 9.2e18) throw Error(ErrorKind::Overflow, "integer ratio of this float does not fit in 64 bits");
  auto num = static_cast<int64_t>(m);
  int64_t den = 1;
  if (e >= 0) {
    for (int i = 0; i < e; ++i) num = checkedMul(num, 2);
  } else {
    if (-e > 62) throw Error(ErrorKind::Overflow, "integer ratio of this float does not fit in 64 bits");
    den = int64_t(1) << -e;
    while (den > 1 && num % 2 == 0) { num /= 2; den /= 2; }
  }
  return makeTuple({Value::integer(num), Value::integer(den)});
}
Value float_hex(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "hex", 1, 1);
  double d = a[0].asFloat();
  if (std::isnan(d)) return makeStr("nan");
  if (std::isinf(d)) return makeStr(d > 0 ? "inf" : "-inf");
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", d);
  std::string s = buf;  // C: 0x1.8p+1; CPython: 0x1.8000000000000p+1
  size_t p = s.find('p');
  size_t dot = s.find('.');
  std::string mant = s.substr(0, p), exp = s.substr(p);
  if (dot == std::string::npos) mant += ".";
  size_t digits = mant.size() - mant.find('.') - 1;
  mant += std::string(13 - std::min<size_t>(13, digits), '0');
  if (d == 0) return makeStr(std::signbit(d) ? "-0x0.0p+0" : "0x0.0p+0");
  return makeStr(mant + exp);
}

Value gen_send(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "send", 2, 2);
  GeneratorState* g = generatorOf(a[0]);
  Value keep = a[0];
  if (g->pc == 0 && g->status == GeneratorState::Status::Suspended && !a[1].isNone())
    throw Error(ErrorKind::Type, "can't send non-None value to a just-started generator");
  Value out;
  if (I.vm().resumeGenerator(*g, a[1], out)) return out;
  raiseStopIteration(I, takeReturnValue(*g));
}
Value gen_next(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "__next__", 1, 1);
  Value keep = a[0];
  Value out;
  if (iteratorNext(I, *keep.as<IteratorObject>(), out)) return out;
  raiseStopIteration(I, takeReturnValue(*generatorOf(keep)));
}
Value gen_iter(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "__iter__", 1, 1);
  return a[0];
}
Value gen_throw(Interpreter& I, const CallArgs& a, const void*) {  // Note [Generator methods]
  expectArgs(a, "throw", 2, 4);
  GeneratorState* g = generatorOf(a[0]);
  Value keep = a[0];
  Value exc = a[1];
  if (a.nargs > 2 && !a[2].isNone()) {  // throw(type, value): value is the instance or the argument
    ClassObject* cls = asClass(exc);
    if (!cls) throw Error(ErrorKind::Type, "instance exception may not have a separate value");
    InstanceObject* inst = asInstance(a[2]);
    if (!(inst && isInstanceOfClass(a[2], *cls))) {
      Value arg = a[2];
      exc = cls->call(I, CallArgs{&arg, 1, nullptr, 0});
    } else {
      exc = a[2];
    }
  }
  Value out;
  if (generatorThrow(I, *g, errorForRaise(I, exc), out)) return out;
  raiseStopIteration(I, takeReturnValue(*g));
}
Value gen_close(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "close", 1, 1);
  Value keep = a[0];
  generatorClose(I, *generatorOf(a[0]));
  return Value();
}

Value bind(const Value& self, const char* name, NativeFn fn) {
  return Value(makeRef<BoundMethodObject>(self, makeNative(name, fn)));
}

}  // namespace

bool moreAttr(Interpreter&, const Value& obj, std::string_view name, Value& out) {
  // g.__next__ and g.__iter__ as bound methods (`step = gen.__next__`), as next(g) and iter(g).
  if (name == "__next__" && generatorOf(obj)) { out = bind(obj, "__next__", gen_next); return true; }
  if (name == "__iter__" && generatorOf(obj)) { out = bind(obj, "__iter__", gen_iter); return true; }
  if (obj.isInt() || obj.isBool()) {
    int64_t x = intOfValue(obj);
    if (name == "real" || name == "numerator") { out = Value::integer(x); return true; }
    if (name == "imag") { out = Value::integer(0); return true; }
    if (name == "denominator") { out = Value::integer(1); return true; }
    if (name == "bit_length") { out = bind(obj, "bit_length", int_bit_length); return true; }
    if (name == "bit_count") { out = bind(obj, "bit_count", int_bit_count); return true; }
    if (name == "conjugate") { out = bind(obj, "conjugate", int_conjugate); return true; }
    if (name == "as_integer_ratio") { out = bind(obj, "as_integer_ratio", int_as_integer_ratio); return true; }
    return false;
  }
  if (obj.isFloat()) {
    if (name == "real") { out = obj; return true; }
    if (name == "imag") { out = Value::number(0.0); return true; }
    if (name == "is_integer") { out = bind(obj, "is_integer", float_is_integer); return true; }
    if (name == "conjugate") { out = bind(obj, "conjugate", float_conjugate); return true; }
    if (name == "as_integer_ratio") { out = bind(obj, "as_integer_ratio", float_as_integer_ratio); return true; }
    if (name == "hex") { out = bind(obj, "hex", float_hex); return true; }
    return false;
  }
  if (asSet(obj)) {
    out = setMethod(obj, std::string(name));
    return !out.isNone();
  }
  if (generatorOf(obj)) {
    if (name == "send") { out = bind(obj, "send", gen_send); return true; }
    if (name == "close") { out = bind(obj, "close", gen_close); return true; }
    if (name == "throw") { out = bind(obj, "throw", gen_throw); return true; }
    if (name == "__name__" || name == "__qualname__") { out = makeStr(generatorOf(obj)->fn->name()); return true; }
  }
  return false;
}

void installMoreBuiltins(VM& vm) {
  vm.addBuiltin("id", makeNative("id", b_id));
  vm.addBuiltin("globals", makeNative("globals", b_globals));
  Value slice = makeNative("slice", b_slice);
  vm.addBuiltin("slice", slice);
  vm.typeObjects["slice"] = slice;
}

void addSysLimits(ModuleObject& sys) {
  sys.set("getrecursionlimit", makeNative("getrecursionlimit", sys_getrecursionlimit));
  sys.set("setrecursionlimit", makeNative("setrecursionlimit", sys_setrecursionlimit));
}

}  // namespace tdsl
