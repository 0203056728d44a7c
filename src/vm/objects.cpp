// Dict key hashing and equality (Note [Dict key validity] in objects.h).
// Equal numbers hash alike (hash(1) == hash(1.0) == hash(True)); strings and
// tuples by content; every other object by identity.
#include <cmath>
#include <functional>

#include "vm/objects.h"

namespace tdsl {

bool isHashable(const Value& v) {
  if (!v.isObj()) return true;
  switch (v.asObj()->kind()) {
    case ObjKind::List:
    case ObjKind::Dict: return false;
    case ObjKind::Tuple:
      for (const Value& x : v.as<TupleObject>()->items)
        if (!isHashable(x)) return false;
      return true;
    default: return true;
  }
}

size_t ValueKeyHash::operator()(const Value& v) const {
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
  if (v.isObj(ObjKind::Tuple)) {
    size_t h = 0x345678u;
    for (const Value& x : v.as<TupleObject>()->items) h = (h ^ (*this)(x)) * 1000003u;
    return h;
  }
  return std::hash<const void*>()(v.asObj());
}

bool ValueKeyEq::operator()(const Value& a, const Value& b) const {
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
  if (a.tag() != b.tag()) return false;
  if (!a.isObj()) return a.identical(b);
  if (a.asObj() == b.asObj()) return true;
  if (a.isObj(ObjKind::Tuple) && b.isObj(ObjKind::Tuple)) {
    const auto& x = a.as<TupleObject>()->items;
    const auto& y = b.as<TupleObject>()->items;
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!(*this)(x[i], y[i])) return false;
    return true;
  }
  return false;
}

}  // namespace tdsl
