// CPython's hash() (py_hash.h).
#include "vm/py_hash.h"

#include <cmath>
#include <functional>

#include "vm/classes.h"
#include "vm/objects.h"
#include "vm/sets.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

constexpr int kHashBits = 61;
constexpr uint64_t kModulus = (uint64_t(1) << kHashBits) - 1;
constexpr int64_t kHashInf = 314159;

int64_t fixMinusOne(int64_t h) { return h == -1 ? -2 : h; }

int64_t intHash(int64_t v) {
  uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  uint64_t x = mag % kModulus;
  int64_t h = v < 0 ? -static_cast<int64_t>(x) : static_cast<int64_t>(x);
  return fixMinusOne(h);
}

int64_t pointerHash(const void* p) {
  // _Py_HashPointer: rotate by 4 bits (objects are aligned).
  uint64_t y = reinterpret_cast<uintptr_t>(p);
  y = (y >> 4) | (y << 60);
  return fixMinusOne(static_cast<int64_t>(y));
}

int64_t floatHash(double v, const void* identity) {
  if (!std::isfinite(v)) {
    if (std::isinf(v)) return v > 0 ? kHashInf : -kHashInf;
    return pointerHash(identity);
  }
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) { sign = -1; m = -m; }
  uint64_t x = 0;
  while (m != 0) {
    x = ((x << 28) & kModulus) | x >> (kHashBits - 28);
    m *= 268435456.0;  // 2**28
    e -= 28;
    auto y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kModulus) x -= kModulus;
  }
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & kModulus) | x >> (kHashBits - e);
  x = x * static_cast<uint64_t>(static_cast<int64_t>(sign));
  return fixMinusOne(static_cast<int64_t>(x));
}

int64_t hashAt(const Value& v, int depth) {
  switch (v.tag()) {
    case Tag::None: return 0x5f3759df;  // CPython 3.11 hashes None by address; any constant will do
    case Tag::Bool: return v.asBool() ? 1 : 0;
    case Tag::Int: return intHash(v.asInt());
    case Tag::Float: return floatHash(v.asFloat(), nullptr);
    case Tag::DType: return intHash(static_cast<int64_t>(v.asDType()) + 1000003);
    case Tag::Obj: break;
  }
  if (v.isObj(ObjKind::Str)) return fixMinusOne(static_cast<int64_t>(v.as<StrObject>()->hash() & 0x7fffffffffffffffull));
  if (v.isObj(ObjKind::Tuple)) {
    if (depth > kMaxContainerDepth) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded while calling a Python object");
    constexpr uint64_t kPrime1 = 11400714785074694791ull, kPrime2 = 14029467366897019727ull, kPrime5 = 2870177450012600261ull;
    const auto& items = v.as<TupleObject>()->items;
    uint64_t acc = kPrime5;
    for (const Value& x : items) {
      auto lane = static_cast<uint64_t>(hashAt(x, depth + 1));
      acc += lane * kPrime2;
      acc = (acc << 31) | (acc >> 33);
      acc *= kPrime1;
    }
    acc += static_cast<uint64_t>(items.size()) ^ (kPrime5 ^ 3527539ull);
    if (acc == static_cast<uint64_t>(-1)) return 1546275796;
    return static_cast<int64_t>(acc);
  }
  if (SetObject* s = asSet(v)) {
    if (!s->frozen) throwUnhashable(v);
    return s->frozenHash();
  }
  if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Dict)) throwUnhashable(v);
  if (InstanceObject* inst = asInstance(v)) {  // Note [Keys with script hashing] in objects.cpp
    int64_t h = 0;
    if (instanceHash(inst->klass()->interp, v, h)) return h;
    if (!isHashable(v)) throwUnhashable(v);
  }
  return pointerHash(v.asObj());
}

}  // namespace

int64_t pyHash(const Value& v) { return hashAt(v, 0); }

}  // namespace tdsl
