// Dict key hashing and equality (Note [Dict key validity] in objects.h).
// Equal numbers hash alike (hash(1) == hash(1.0) == hash(True)); strings and
// tuples by content; every other object by identity.
#include <cmath>
#include <functional>

#include "vm/objects.h"
#include "vm/sets.h"
#include "vm/classes.h"

#include "support/diagnostics.h"
#include "vm/value_ops.h"

namespace tdsl {

// Note [Nested keys]
// A tuple key can nest arbitrarily deep (`t = (t,)` in a loop), and hashing
// or comparing it recurses. isHashable, which guards every key before it
// reaches a dict (Note [Dict key validity]), refuses tuples nested deeper
// than kMaxContainerDepth with a RecursionError, as repr and == do. Hash and
// equality of built-in keys never throw (only script code can, Note [Keys
// with script hashing]): the hash stops descending at
// that depth (equal keys still hash alike) and equality walks an explicit
// stack, so neither recurses past it whatever it is given.
//
// Note [Keys with script hashing]
// An instance of a class that defines __hash__ hashes by calling it, and one
// whose class defines __eq__ (or extends a built-in type, Note [Subclasses of
// built-in types]) compares with ==, as CPython's dict and set do: identity
// first, then the stored key's __eq__ with the looked-up key. Both run
// script code, which may raise (the error propagates; the dict or set is
// unchanged, as the hash is computed before anything is stored) or mutate
// the very table being probed: DictIndex and SetObject count their
// mutations and restart a probe that a comparison changed the table under,
// as CPython's lookdict does, and equality holds its own references to both
// keys while script code runs.
namespace {
constexpr int kMaxKeyDepth = kMaxContainerDepth;

bool isHashableAt(const Value& v, int depth) {
  if (!v.isObj()) return true;
  switch (v.asObj()->kind()) {
    case ObjKind::List:
    case ObjKind::Dict: return false;
    case ObjKind::Tuple:
      if (depth >= kMaxKeyDepth)
        throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded while calling a Python object");
      for (const Value& x : v.as<TupleObject>()->items)
        if (!isHashableAt(x, depth + 1)) return false;
      return true;
    case ObjKind::Other:
      if (SetObject* s = asSet(v)) return s->frozen;
      if (InstanceObject* inst = asInstance(v)) {
        // As CPython: a class that defines __eq__ and no __hash__ (or sets
        // __hash__ = None) makes unhashable instances; others hash by identity.
        const Value* hash = inst->klass()->lookup("__hash__");
        if (hash) return !hash->isNone();
        if (inst->klass()->lookup("__eq__")) return false;
        return inst->payload.isNone() || isHashableAt(inst->payload, depth + 1);  // Note [Subclasses of built-in types]
      }
      return true;
    default: return true;
  }
}

size_t hashAt(const Value& v, int depth);

size_t tupleHash(const TupleObject& t, int depth) {
  size_t h = 0x345678u;
  if (depth >= kMaxKeyDepth) return h ^ t.items.size();
  for (const Value& x : t.items) h = (h ^ hashAt(x, depth + 1)) * 1000003u;
  return h;
}

size_t hashAt(const Value& v, int depth) {
  switch (v.tag()) {
    case Tag::None: return 0x9e3779b9u;
    case Tag::Bool: return v.asBool() ? 1 : 0;
    case Tag::Int: return std::hash<int64_t>()(v.asInt());
    case Tag::Float: {
      double d = v.asFloat();
      if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.2e18)
        return std::hash<int64_t>()(static_cast<int64_t>(d));
      return std::hash<double>()(d);
    }
    case Tag::DType: return 0x51ed27u + static_cast<size_t>(v.asDType());
    case Tag::Obj: break;
  }
  if (v.isObj(ObjKind::Str)) return v.as<StrObject>()->hash();
  if (v.isObj(ObjKind::Tuple)) return tupleHash(*v.as<TupleObject>(), depth);
  if (SetObject* s = asSet(v)) return static_cast<size_t>(s->frozenHash());  // only frozensets are keys
  if (InstanceObject* inst = asInstance(v)) {  // Note [Keys with script hashing]
    if (const Value* fn = inst->klass()->lookup("__hash__"); fn && !fn->isNone()) {
      int64_t h = 0;
      instanceHash(inst->klass()->interp, v, h);
      return std::hash<int64_t>()(h);
    }
    if (!inst->payload.isNone()) return hashAt(inst->payload, depth + 1);
  }
  return std::hash<const void*>()(v.asObj());
}

// Equality of two keys that are not both tuples.
bool scalarKeyEq(const Value& a, const Value& b) {
  // Strings first: the common dict key.
  if (a.isObj(ObjKind::Str) && b.isObj(ObjKind::Str))
    return a.asObj() == b.asObj() || a.as<StrObject>()->str == b.as<StrObject>()->str;
  auto num = [](const Value& v) { return v.isInt() || v.isBool() || v.isFloat(); };
  if (num(a) && num(b)) {
    if (a.isFloat() || b.isFloat()) {
      double x = a.isFloat() ? a.asFloat() : static_cast<double>(a.isBool() ? a.asBool() : a.asInt());
      double y = b.isFloat() ? b.asFloat() : static_cast<double>(b.isBool() ? b.asBool() : b.asInt());
      return x == y;
    }
    int64_t x = a.isBool() ? a.asBool() : a.asInt();
    int64_t y = b.isBool() ? b.asBool() : b.asInt();
    return x == y;
  }
  if (a.isObj(ObjKind::Other) || b.isObj(ObjKind::Other)) {  // Note [Keys with script hashing]
    if (a.identical(b)) return true;
    auto rich = [](InstanceObject* i) { return i && (i->klass()->lookup("__eq__") || !i->payload.isNone()); };
    InstanceObject* x = asInstance(a);
    InstanceObject* y = asInstance(b);
    if (rich(x) || rich(y)) {
      Interpreter& interp = (rich(x) ? x : y)->klass()->interp;
      Value l = a, r = b;  // the lookup may drop the entry holding a key
      return truthy(interp, compare(interp, Cmp::Eq, l, r));
    }
  }
  if (a.tag() != b.tag()) return false;
  if (!a.isObj()) return a.identical(b);
  if (a.asObj() == b.asObj()) return true;
  SetObject* x = asSet(a);
  SetObject* y = asSet(b);
  return x && y && setsEqual(*x, *y);
}
}  // namespace

bool isHashable(const Value& v) { return isHashableAt(v, 0); }

size_t ValueKeyHash::operator()(const Value& v) const { return hashAt(v, 0); }

bool ValueKeyEq::operator()(const Value& a, const Value& b) const {
  if (!a.isObj(ObjKind::Tuple) || !b.isObj(ObjKind::Tuple)) return scalarKeyEq(a, b);
  if (a.asObj() == b.asObj()) return true;
  Value keepA = a, keepB = b;  // an item's __eq__ may drop the entry holding a key
  // Pairs of tuples still to compare item by item (Note [Nested keys]).
  std::vector<std::pair<const TupleObject*, const TupleObject*>> pending{{a.as<TupleObject>(), b.as<TupleObject>()}};
  while (!pending.empty()) {
    auto [x, y] = pending.back();
    pending.pop_back();
    if (x->items.size() != y->items.size()) return false;
    for (size_t i = 0; i < x->items.size(); ++i) {
      const Value& p = x->items[i];
      const Value& q = y->items[i];
      if (p.isObj(ObjKind::Tuple) && q.isObj(ObjKind::Tuple)) {
        if (p.asObj() != q.asObj()) pending.emplace_back(p.as<TupleObject>(), q.as<TupleObject>());
      } else if (!scalarKeyEq(p, q)) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace tdsl
