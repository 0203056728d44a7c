// set and frozenset: the table (Note [Set layout]), their operators,
// methods and the set()/frozenset() built-ins. The algorithms follow CPython
// 3.11's Objects/setobject.c function by function so iteration order matches.
#include "vm/sets.h"

#include "vm/py_hash.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

// ---------------------------------------------------------------------------
// The table

void SetObject::reset() {
  std::vector<Slot> fresh(kMinSize);
  table_.swap(fresh);
  charge_.resize(0);
  fill_ = used_ = finger_ = 0;
  ++mutations_;
}

int64_t SetObject::findEntry(const Value& key, int64_t hash) const {
  ValueKeyEq eq;
restart:
  const size_t m = mask();
  const uint64_t seen = mutations_;
  size_t i = static_cast<size_t>(hash) & m;
  size_t perturb = static_cast<size_t>(hash);
  for (;;) {
    int probes = (i + kLinearProbes <= m) ? kLinearProbes : 0;
    size_t j = i;
    do {
      const Slot& s = table_[j];
      if (s.state == kEmpty) return -1;
      if (s.state == kActive && s.hash == hash) {
        bool same = eq(s.key, key);
        if (mutations_ != seen) goto restart;  // a key's __eq__ changed the set
        if (same) return static_cast<int64_t>(j);
      }
      ++j;
    } while (probes--);
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & m;
  }
}

// set_add_entry
bool SetObject::addEntry(const Value& key, int64_t hash) {
  ValueKeyEq eq;
restart:
  const size_t m = mask();
  const uint64_t seen = mutations_;
  size_t i = static_cast<size_t>(hash) & m;
  size_t perturb = static_cast<size_t>(hash);
  Slot* freeSlot = nullptr;
  for (;;) {
    int probes = (i + kLinearProbes <= m) ? kLinearProbes : 0;
    size_t j = i;
    do {
      Slot& s = table_[j];
      if (s.state == kEmpty) {
        ++mutations_;
        if (freeSlot) {
          ++used_;
          freeSlot->key = key;
          freeSlot->hash = hash;
          freeSlot->state = kActive;
          return true;
        }
        ++fill_;
        ++used_;
        s.key = key;
        s.hash = hash;
        s.state = kActive;
        if (fill_ * 5 >= m * 3) resize(used_ > 50000 ? used_ * 2 : used_ * 4);
        return true;
      }
      if (s.state == kActive && s.hash == hash) {
        bool same = eq(s.key, key);
        if (mutations_ != seen) goto restart;  // a key's __eq__ changed the set
        if (same) return false;
      }
      if (s.state == kDummy && !freeSlot) freeSlot = &s;
      ++j;
    } while (probes--);
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & m;
  }
}

// set_insert_clean: into a table without dummies, known not to hold key.
void SetObject::insertClean(std::vector<Slot>& table, const Value& key, int64_t hash) {
  const size_t m = table.size() - 1;
  size_t perturb = static_cast<size_t>(hash);
  size_t i = static_cast<size_t>(hash) & m;
  for (;;) {
    if (table[i].state == kEmpty) { table[i] = Slot{hash, key, kActive}; return; }
    if (i + kLinearProbes <= m) {
      for (size_t j = 1; j <= static_cast<size_t>(kLinearProbes); ++j)
        if (table[i + j].state == kEmpty) { table[i + j] = Slot{hash, key, kActive}; return; }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & m;
  }
}

// set_table_resize
void SetObject::resize(size_t minUsed) {
  size_t newSize = kMinSize;
  while (newSize <= minUsed) newSize <<= 1;
  charge_.resize(newSize * sizeof(Slot));
  ++mutations_;
  std::vector<Slot> old(newSize);
  old.swap(table_);
  for (Slot& s : old)
    if (s.state == kActive) insertClean(table_, s.key, s.hash);
  fill_ = used_;
}

bool SetObject::discardEntry(const Value& key, int64_t hash) {
  int64_t i = findEntry(key, hash);
  if (i < 0) return false;
  Slot& s = table_[static_cast<size_t>(i)];
  Value doomed = std::move(s.key);  // released after the slot is consistent
  s.key = Value();
  s.hash = -1;
  s.state = kDummy;
  --used_;
  ++mutations_;
  return true;
}

bool SetObject::add(const Value& key) {
  requireHashable(key);
  return addEntry(key, pyHash(key));
}
bool SetObject::discard(const Value& key) { return discardEntry(key, pyHash(key)); }
bool SetObject::contains(const Value& key) const { return findEntry(key, pyHash(key)) >= 0; }

Value SetObject::pop() {
  if (used_ == 0) throw Error(ErrorKind::Key, "KeyError: 'pop from an empty set'");
  size_t i = finger_ & mask();
  while (table_[i].state != kActive) i = (i + 1) & mask();
  Value key = std::move(table_[i].key);
  table_[i].key = Value();
  table_[i].hash = -1;
  table_[i].state = kDummy;
  --used_;
  ++mutations_;
  finger_ = i + 1;
  return key;
}

std::vector<Value> SetObject::keys() const {
  std::vector<Value> out;
  out.reserve(used_);
  for (const Slot& s : table_)
    if (s.state == kActive) out.push_back(s.key);
  return out;
}

// set_merge
void SetObject::merge(const SetObject& other) {
  if (&other == this || other.used_ == 0) return;
  if ((fill_ + other.used_) * 5 >= mask() * 3) resize((used_ + other.used_) * 2);
  if (fill_ == 0 && mask() == other.mask() && other.fill_ == other.used_) {
    for (size_t i = 0; i < other.table_.size(); ++i)
      if (other.table_[i].state == kActive) table_[i] = other.table_[i];
    fill_ = other.fill_;
    used_ = other.used_;
    ++mutations_;
    return;
  }
  if (fill_ == 0) {
    fill_ = used_ = other.used_;
    ++mutations_;
    for (const Slot& s : other.table_)
      if (s.state == kActive) insertClean(table_, s.key, s.hash);
    return;
  }
  eachActive(other.table_, [&](const Value& key, int64_t hash) { return addEntry(key, hash), true; });
}

// set_update_internal
void SetObject::update(Interpreter& interp, const Value& iterable) {
  if (SetObject* other = asSet(iterable)) {
    Ref<SetObject> keep(other);
    return merge(*other);
  }
  if (iterable.isObj(ObjKind::Dict)) {
    auto* d = iterable.as<DictObject>();
    if ((fill_ + d->size()) * 5 >= mask() * 3) resize((used_ + d->size()) * 2);
    DictEntries entries = d->entries;
    for (const auto& kv : entries) addEntry(kv.first, pyHash(kv.first));
    return;
  }
  for (const Value& v : iterateAll(interp, iterable)) add(v);
}

Ref<SetObject> SetObject::copy(bool asFrozen) const {
  auto out = makeRef<SetObject>(asFrozen);
  out->merge(*this);
  return out;
}

int64_t SetObject::frozenHash() const {
  auto shuffle = [](uint64_t h) { return ((h ^ 89869747ull) ^ (h << 16)) * 3644798167ull; };
  uint64_t hash = 0;
  for (const Slot& s : table_) hash ^= shuffle(static_cast<uint64_t>(s.state == kEmpty ? 0 : s.hash));
  if ((table_.size() - fill_) & 1) hash ^= shuffle(0);
  if ((fill_ - used_) & 1) hash ^= shuffle(static_cast<uint64_t>(-1));
  hash ^= (static_cast<uint64_t>(used_) + 1) * 1927868237ull;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069u + 907133923ull;
  if (hash == static_cast<uint64_t>(-1)) hash = 590923713ull;
  return static_cast<int64_t>(hash);
}

// ---------------------------------------------------------------------------
// Bulk operations

Ref<SetObject> SetObject::unionWith(Interpreter& interp, const Value& other) const {
  Ref<SetObject> out = copy(frozen);
  out->update(interp, other);
  return out;
}

// set_intersection
Ref<SetObject> SetObject::intersection(Interpreter& interp, const Value& other) const {
  auto out = makeRef<SetObject>(frozen);
  if (SetObject* o = asSet(other)) {
    // CPython swaps so that it walks the smaller table (`other` when equal).
    const SetObject* iterOver = o->size() > size() ? this : o;
    const SetObject* probe = iterOver == this ? o : this;
    Ref<SetObject> keepA(const_cast<SetObject*>(iterOver)), keepB(const_cast<SetObject*>(probe));
    eachActive(iterOver->table_, [&](const Value& key, int64_t hash) {
      if (probe->findEntry(key, hash) >= 0) out->addEntry(key, hash);
      return true;
    });
    return out;
  }
  for (const Value& v : iterateAll(interp, other)) {
    requireHashable(v);
    int64_t h = pyHash(v);
    if (findEntry(v, h) >= 0) out->addEntry(v, h);
  }
  return out;
}

// set_difference
Ref<SetObject> SetObject::difference(Interpreter& interp, const Value& other) const {
  SetObject* o = asSet(other);
  if (!o && !other.isObj(ObjKind::Dict)) {
    Ref<SetObject> out = copy(frozen);
    out->differenceUpdate(interp, other);
    return out;
  }
  size_t otherSize = o ? o->size() : other.as<DictObject>()->size();
  if ((size() >> 2) > otherSize) {
    Ref<SetObject> out = copy(frozen);
    out->differenceUpdate(interp, other);
    return out;
  }
  auto out = makeRef<SetObject>(frozen);
  Value keep = other;
  eachActive(table_, [&](const Value& key, int64_t hash) {
    bool inOther = o ? o->findEntry(key, hash) >= 0 : other.as<DictObject>()->find(key) != nullptr;
    if (!inOther) out->addEntry(key, hash);
    return true;
  });
  return out;
}

// set_difference_update_internal
void SetObject::differenceUpdate(Interpreter& interp, const Value& other) {
  if (other.asObj() == this) return clear();
  if (SetObject* o = asSet(other)) {
    Ref<SetObject> keep(o);
    eachActive(o->table_, [&](const Value& key, int64_t hash) { return discardEntry(key, hash), true; });
    return;
  }
  for (const Value& v : iterateAll(interp, other)) {
    requireHashable(v);
    discard(v);
  }
}

// set_symmetric_difference: a copy of other, updated with this.
Ref<SetObject> SetObject::symmetricDifference(Interpreter& interp, const Value& other) const {
  auto out = makeRef<SetObject>(frozen);
  out->update(interp, other);
  Value self = Value::object(const_cast<SetObject*>(this));
  out->symmetricDifferenceUpdate(interp, self);
  return out;
}

// set_symmetric_difference_update
void SetObject::symmetricDifferenceUpdate(Interpreter& interp, const Value& other) {
  if (other.asObj() == this) return clear();
  Ref<SetObject> o;
  if (SetObject* s = asSet(other)) o = Ref<SetObject>(s);
  else {
    o = makeRef<SetObject>(false);
    o->update(interp, other);
  }
  eachActive(o->table_, [&](const Value& key, int64_t hash) {
    if (!discardEntry(key, hash)) addEntry(key, hash);
    return true;
  });
}

bool SetObject::isSubsetOf(const SetObject& other) const {
  if (size() > other.size()) return false;
  bool subset = true;
  eachActive(table_, [&](const Value& key, int64_t hash) { return subset = other.findEntry(key, hash) >= 0; });
  return subset;
}

Value makeSetValue(bool frozen) { return Value(makeRef<SetObject>(frozen)); }

// ---------------------------------------------------------------------------
// value_ops hooks

void appendSetRepr(Interpreter& interp, std::string& out, const SetObject& s, int depth) {
  std::vector<Value> keys = s.keys();
  if (keys.empty()) { out += s.frozen ? "frozenset()" : "set()"; return; }
  if (s.frozen) out += "frozenset(";
  out += "{";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i) out += ", ";
    appendRepr(interp, out, keys[i], depth + 1);
  }
  out += "}";
  if (s.frozen) out += ")";
}

bool setsEqual(const SetObject& a, const SetObject& b) { return a.size() == b.size() && a.isSubsetOf(b); }

Value setArith(Interpreter& interp, char op, const Value& a, const Value& b, bool inPlace) {
  SetObject* x = asSet(a);
  SetObject* y = asSet(b);
  if (!x || !y) return Value();
  if (inPlace && !x->frozen) {
    switch (op) {
      case '|': x->update(interp, b); break;
      case '&': {
        Ref<SetObject> r = x->intersection(interp, b);
        x->clear();
        x->update(interp, Value(r));
        break;
      }
      case '-': x->differenceUpdate(interp, b); break;
      case '^': x->symmetricDifferenceUpdate(interp, b); break;
    }
    return a;
  }
  switch (op) {
    case '|': return Value(x->unionWith(interp, b));
    case '&': return Value(x->intersection(interp, b));
    case '-': return Value(x->difference(interp, b));
    case '^': return Value(x->symmetricDifference(interp, b));
  }
  return Value();
}

bool setCompare(const Value& a, const Value& b, const char* op, bool& handled) {
  SetObject* x = asSet(a);
  SetObject* y = asSet(b);
  handled = x && y;
  if (!handled) return false;
  std::string o(op);
  if (o == "<=") return x->isSubsetOf(*y);
  if (o == "<") return x->size() < y->size() && x->isSubsetOf(*y);
  if (o == ">=") return y->isSubsetOf(*x);
  if (o == ">") return y->size() < x->size() && y->isSubsetOf(*x);
  handled = false;
  return false;
}

// ---------------------------------------------------------------------------
// Methods and built-ins

namespace {

SetObject& self(const CallArgs& a) { return *asSet(a[0]); }

void requireMutable(const CallArgs& a, const char* name) {
  if (self(a).frozen) throw Error(ErrorKind::Attribute, std::string("'frozenset' object has no attribute '") + name + "'");
}

// A set of the items of every argument (for the n-ary methods).
Value m_add(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "add", 2, 2);
  self(a).add(a[1]);
  return Value();
}
Value m_remove(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "remove", 2, 2);
  requireHashable(a[1]);
  if (!self(a).discard(a[1])) throw Error(ErrorKind::Key, "KeyError: " + repr(I, a[1]));
  return Value();
}
Value m_discard(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "discard", 2, 2);
  requireHashable(a[1]);
  self(a).discard(a[1]);
  return Value();
}
Value m_pop(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "pop", 1, 1);
  return self(a).pop();
}
Value m_clear(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "clear", 1, 1);
  self(a).clear();
  return Value();
}
Value m_copy(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "copy", 1, 1);
  if (self(a).frozen) return a[0];
  return Value(self(a).copy(false));
}
Value m_union(Interpreter& I, const CallArgs& a, const void*) {
  rejectKwargs(a, "union");
  Ref<SetObject> r = self(a).copy(self(a).frozen);
  for (size_t i = 1; i < a.nargs; ++i) r->update(I, a[i]);
  return Value(r);
}
Value m_intersection(Interpreter& I, const CallArgs& a, const void*) {
  rejectKwargs(a, "intersection");
  Ref<SetObject> r = self(a).copy(self(a).frozen);
  for (size_t i = 1; i < a.nargs; ++i) r = r->intersection(I, a[i]);
  return Value(r);
}
Value m_difference(Interpreter& I, const CallArgs& a, const void*) {
  rejectKwargs(a, "difference");
  if (a.nargs == 1) return Value(self(a).copy(self(a).frozen));
  Ref<SetObject> r = self(a).difference(I, a[1]);
  for (size_t i = 2; i < a.nargs; ++i) r->differenceUpdate(I, a[i]);
  return Value(r);
}
Value m_symmetric_difference(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "symmetric_difference", 2, 2);
  return Value(self(a).symmetricDifference(I, a[1]));
}
Ref<SetObject> asSetArg(Interpreter& I, const Value& v) {
  if (SetObject* s = asSet(v)) return Ref<SetObject>(s);
  auto r = makeRef<SetObject>(false);
  r->update(I, v);
  return r;
}
Value m_issubset(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "issubset", 2, 2);
  return Value::boolean(self(a).isSubsetOf(*asSetArg(I, a[1])));
}
Value m_issuperset(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "issuperset", 2, 2);
  return Value::boolean(asSetArg(I, a[1])->isSubsetOf(self(a)));
}
Value m_isdisjoint(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "isdisjoint", 2, 2);
  return Value::boolean(self(a).intersection(I, a[1])->size() == 0);
}
Value m_update(Interpreter& I, const CallArgs& a, const void*) {
  requireMutable(a, "update");
  for (size_t i = 1; i < a.nargs; ++i) self(a).update(I, a[i]);
  return Value();
}
Value m_intersection_update(Interpreter& I, const CallArgs& a, const void*) {
  requireMutable(a, "intersection_update");
  Ref<SetObject> r = self(a).copy(false);
  for (size_t i = 1; i < a.nargs; ++i) r = r->intersection(I, a[i]);
  self(a).clear();
  self(a).update(I, Value(r));
  return Value();
}
Value m_difference_update(Interpreter& I, const CallArgs& a, const void*) {
  requireMutable(a, "difference_update");
  for (size_t i = 1; i < a.nargs; ++i) self(a).differenceUpdate(I, a[i]);
  return Value();
}
Value m_symmetric_difference_update(Interpreter& I, const CallArgs& a, const void*) {
  requireMutable(a, "symmetric_difference_update");
  expectArgs(a, "symmetric_difference_update", 2, 2);
  self(a).symmetricDifferenceUpdate(I, a[1]);
  return Value();
}

struct MethodEntry { const char* name; NativeFn fn; bool mutates; };
const MethodEntry kMethods[] = {
    {"add", m_add, true},
    {"remove", m_remove, true},
    {"discard", m_discard, true},
    {"pop", m_pop, true},
    {"clear", m_clear, true},
    {"copy", m_copy, false},
    {"union", m_union, false},
    {"intersection", m_intersection, false},
    {"difference", m_difference, false},
    {"symmetric_difference", m_symmetric_difference, false},
    {"issubset", m_issubset, false},
    {"issuperset", m_issuperset, false},
    {"isdisjoint", m_isdisjoint, false},
    {"update", m_update, true},
    {"intersection_update", m_intersection_update, true},
    {"difference_update", m_difference_update, true},
    {"symmetric_difference_update", m_symmetric_difference_update, true},
};

Value b_set(Interpreter& I, const CallArgs& a, const void* data) {
  bool frozen = data != nullptr;
  const char* name = frozen ? "frozenset" : "set";
  rejectKwargs(a, name);
  expectArgs(a, name, 0, 1);
  if (frozen && a.nargs == 1) {
    if (SetObject* s = asSet(a[0]); s && s->frozen) return a[0];
  }
  auto s = makeRef<SetObject>(frozen);
  if (a.nargs == 1) s->update(I, a[0]);
  return Value(s);
}

const char kFrozenTag = 0;

}  // namespace

Value setMethod(const Value& selfValue, const std::string& name) {
  SetObject* s = asSet(selfValue);
  for (const MethodEntry& m : kMethods) {
    if (name != m.name) continue;
    if (m.mutates && s->frozen) return Value();
    return Value(makeRef<BoundMethodObject>(selfValue, makeNative(m.name, m.fn)));
  }
  return Value();
}

void installSetBuiltins(VM& vm) {
  Value set = makeNative("set", b_set);
  Value frozen = makeNative("frozenset", b_set, &kFrozenTag);
  vm.addBuiltin("set", set);
  vm.addBuiltin("frozenset", frozen);
  vm.typeObjects["set"] = set;
  vm.typeObjects["frozenset"] = frozen;
}

}  // namespace tdsl
