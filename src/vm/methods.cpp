// Methods of the built-in containers: list, tuple, dict (str's are in
// str_methods.cpp). Each native receives the receiver as args[0] (CALLMETHOD
// passes it without allocating a bound method).
#include <algorithm>

#include "vm/classes.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

using Table = std::unordered_map<std::string_view, NativeFn>;

std::vector<Value>& L(const CallArgs& a) { return a[0].as<ListObject>()->items; }
DictObject& D(const CallArgs& a) { return *a[0].as<DictObject>(); }

[[noreturn]] void throwArity(const CallArgs& a, const char* name, size_t min, size_t max) {
  size_t n = a.nargs - 1;
  std::string m = std::string(name) + "() takes ";
  if (min == max) m += (min == 0 ? std::string("no arguments") : "exactly " + std::to_string(min) + " argument" + (min == 1 ? "" : "s"));
  else m += "at most " + std::to_string(max) + " arguments";
  throw Error(ErrorKind::Type, m + " (" + std::to_string(n) + " given)");
}
inline void arity(const CallArgs& a, const char* name, size_t min, size_t max) {
  if (a.nargs - 1 < min || a.nargs - 1 > max) throwArity(a, name, min, max);
}
int64_t intArg(const Value& v) {
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool();
  throw Error(ErrorKind::Type, "'" + typeName(v) + "' object cannot be interpreted as an integer");
}

// ---- list

Value l_append(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "append", 1, 1);
  a[0].as<ListObject>()->append(a[1]);
  return Value();
}
Value l_pop(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "pop", 0, 1);
  auto& v = L(a);
  if (v.empty()) throw Error(ErrorKind::Index, "pop from empty list");
  int64_t n = static_cast<int64_t>(v.size());
  int64_t i = a.nargs > 1 ? intArg(a[1]) : n - 1;
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw Error(ErrorKind::Index, "pop index out of range");
  Value r = v[static_cast<size_t>(i)];
  v.erase(v.begin() + i);
  return r;
}
Value l_clear(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "clear", 0, 0);
  std::vector<Value> old;
  old.swap(L(a));
  a[0].as<ListObject>()->charge.resize(0);
  return Value();
}
Value l_extend(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "extend", 1, 1);
  std::vector<Value> extra = iterateAll(I, a[1]);
  auto* l = a[0].as<ListObject>();
  checkSeqSize(l->items.size() + extra.size());
  l->extend(extra);
  return Value();
}
Value l_index(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "index", 1, 3);
  auto& v = L(a);
  int64_t n = static_cast<int64_t>(v.size());
  int64_t start = a.nargs > 2 ? intArg(a[2]) : 0, stop = a.nargs > 3 ? intArg(a[3]) : n;
  if (start < 0) start = std::max<int64_t>(0, start + n);
  if (stop < 0) stop += n;
  for (int64_t i = start; i < std::min(stop, static_cast<int64_t>(v.size())); ++i)
    if (valuesEqual(I, v[static_cast<size_t>(i)], a[1])) return Value::integer(i);
  throw Error(ErrorKind::Value, repr(I, a[1]) + " is not in list");
}
// ---- tuple (and torch.Size)

const TupleItems& T(const CallArgs& a) { return a[0].as<TupleObject>()->items; }
Value t_index(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "index", 1, 1);
  const TupleItems& v = T(a);  // the caller holds the tuple, whose items never change
  for (size_t i = 0; i < v.size(); ++i)
    if (valuesEqual(I, v[i], a[1])) return Value::integer(static_cast<int64_t>(i));
  throw Error(ErrorKind::Value, "tuple.index(x): x not in tuple");
}
Value t_count(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "count", 1, 1);
  int64_t n = 0;
  const TupleItems& v = T(a);
  for (auto& x : v) n += valuesEqual(I, x, a[1]);
  return Value::integer(n);
}

Value l_insert(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "insert", 2, 2);
  auto& v = L(a);
  int64_t n = static_cast<int64_t>(v.size());
  int64_t i = intArg(a[1]);
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  a[0].as<ListObject>()->reserveFor(v.size() + 1);
  v.insert(v.begin() + i, a[2]);
  return Value();
}
Value l_remove(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "remove", 1, 1);
  auto& v = L(a);
  for (size_t i = 0; i < v.size(); ++i)
    if (valuesEqual(I, v[i], a[1])) { v.erase(v.begin() + static_cast<std::ptrdiff_t>(i)); return Value(); }
  throw Error(ErrorKind::Value, "list.remove(x): x not in list");
}
Value l_reverse(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "reverse", 0, 0);
  std::reverse(L(a).begin(), L(a).end());
  return Value();
}
Value l_count(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "count", 1, 1);
  int64_t n = 0;
  std::vector<Value> v = L(a);
  for (auto& x : v) n += valuesEqual(I, x, a[1]);
  return Value::integer(n);
}
Value l_copy(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "copy", 0, 0);
  return makeList(L(a));
}
Value l_sort(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "sort", 0, 0);
  for (size_t i = 0; i < a.nkwargs; ++i)
    if (a.kwargs[i].name != "key" && a.kwargs[i].name != "reverse")
      throw Error(ErrorKind::Type, "'" + std::string(a.kwargs[i].name) + "' is an invalid keyword argument for sort()");
  const Value* key = findKwarg(a, "key");
  if (key && key->isNone()) key = nullptr;
  const Value* rev = findKwarg(a, "reverse");
  bool reverse = rev && truthy(I, *rev);
  std::vector<Value> items = L(a);  // sort a copy: callbacks may touch the list
  std::vector<Value> keys;
  keys.reserve(items.size());
  for (auto& x : items) keys.push_back(key ? I.call(*key, {x}) : x);
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto less = [&](size_t x, size_t y) {
    const Value& kx = keys[x];
    const Value& ky = keys[y];
    if (kx.isInt() && ky.isInt()) return kx.asInt() < ky.asInt();
    return truthy(I, compare(I, Cmp::Lt, kx, ky));
  };
  // Stable; reverse keeps equal elements in their original order, as Python does.
  if (reverse) std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return less(y, x); });
  else std::stable_sort(order.begin(), order.end(), less);
  std::vector<Value> sorted;
  sorted.reserve(items.size());
  for (size_t i : order) sorted.push_back(items[i]);
  L(a) = std::move(sorted);
  return Value();
}

// ---- dict

Value d_get(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "get", 1, 2);
  requireHashable(a[1]);
  const Value* v = D(a).find(a[1]);
  return v ? *v : (a.nargs > 2 ? a[2] : Value());
}
Value d_keys(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "keys", 0, 0);
  return Value(makeRef<DictViewObject>(a[0], DictViewObject::Part::Keys));
}
Value d_values(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "values", 0, 0);
  return Value(makeRef<DictViewObject>(a[0], DictViewObject::Part::Values));
}
Value d_items(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "items", 0, 0);
  return Value(makeRef<DictViewObject>(a[0], DictViewObject::Part::Items));
}
Value d_pop(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "pop", 1, 2);
  requireHashable(a[1]);
  const Value* v = D(a).find(a[1]);
  if (!v) {
    if (a.nargs > 2) return a[2];
    throw Error(ErrorKind::Key, "KeyError: " + repr(I, a[1]));
  }
  Value r = *v;
  D(a).erase(a[1]);
  return r;
}
Value d_update(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "update", 0, 1);
  if (a.nargs > 1) {
    DictEntries mapping;
    if (a[1].isObj(ObjKind::Dict)) {
      auto entries = a[1].as<DictObject>()->entries;
      for (auto& kv : entries) D(a).set(kv.first, kv.second);
    } else if (instanceMappingItems(I, a[1], mapping)) {  // vm/classes.h
      for (auto& kv : mapping) {
        requireHashable(kv.first);
        D(a).set(kv.first, kv.second);
      }
    } else {
      for (const Value& item : iterateAll(I, a[1])) {
        std::vector<Value> kv = iterateAll(I, item);
        if (kv.size() != 2) throw Error(ErrorKind::Value, "dictionary update sequence element has length " + std::to_string(kv.size()) + "; 2 is required");
        requireHashable(kv[0]);
        D(a).set(kv[0], kv[1]);
      }
    }
  }
  for (size_t i = 0; i < a.nkwargs; ++i) D(a).set(makeStr(std::string(a.kwargs[i].name)), a.kwargs[i].value);
  return Value();
}
Value d_setdefault(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "setdefault", 1, 2);
  requireHashable(a[1]);
  if (const Value* v = D(a).find(a[1])) return *v;
  Value dflt = a.nargs > 2 ? a[2] : Value();
  D(a).set(a[1], dflt);
  return dflt;
}
Value d_clear(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "clear", 0, 0);
  D(a).clear();
  return Value();
}
Value d_popitem(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "popitem", 0, 0);
  if (D(a).size() == 0) throw Error(ErrorKind::Key, "KeyError: 'popitem(): dictionary is empty'");
  auto last = D(a).entries.back();  // LIFO order, as CPython
  D(a).erase(last.first);
  return makeTuple({last.first, last.second});
}
Value d_copy(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "copy", 0, 0);
  Value d = makeDict();
  for (auto& kv : D(a).entries) d.as<DictObject>()->set(kv.first, kv.second);
  return d;
}

}  // namespace

const Table& listMethods() {
  static const Table t = {
      {"append", l_append}, {"pop", l_pop}, {"clear", l_clear}, {"extend", l_extend},
      {"index", l_index}, {"insert", l_insert}, {"remove", l_remove}, {"reverse", l_reverse},
      {"sort", l_sort}, {"count", l_count}, {"copy", l_copy},
  };
  return t;
}
const Table& tupleMethods() {
  static const Table t = {{"index", t_index}, {"count", t_count}};
  return t;
}
const Table& dictMethods() {
  static const Table t = {
      {"get", d_get}, {"keys", d_keys}, {"values", d_values}, {"items", d_items},
      {"pop", d_pop}, {"update", d_update}, {"setdefault", d_setdefault}, {"clear", d_clear},
      {"copy", d_copy}, {"popitem", d_popitem},
  };
  return t;
}

}  // namespace tdsl
