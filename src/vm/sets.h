// set and frozenset.
//
// Note [Set layout]
// A set is CPython 3.11's open-addressing table (Objects/setobject.c):
// slots of (hash, key), linear probes of 9 then perturbed jumps, dummies
// left by deletions, a resize to 4x the used count when 3/5 full, and the
// bulk operations (copy, union, intersection, difference, symmetric
// difference) walking the tables in CPython's order. With CPython's hash
// (py_hash.h) this gives CPython's iteration order for ints, floats, bools
// and tuples of them, so `print({3, 1, 2})` prints {1, 2, 3} as CPython
// does. Keys compare with dict-key equality (1 == 1.0 == True; other
// objects by identity, as in dicts, unless their class defines __eq__: Note
// [Keys with script hashing] in objects.cpp). A probe restarts when a key's
// __eq__ changed the table (`mutations_`), and the bulk operations walk
// tables by position on copies of the slots (eachActive), so script code
// run by a comparison cannot leave them holding a freed slot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vm/objects.h"

namespace tdsl {

class Interpreter;

class SetObject : public ExtensionObject {
 public:
  explicit SetObject(bool frozen) : frozen(frozen), table_(kMinSize) {}
  std::string typeName() const override { return frozen ? "frozenset" : "set"; }
  void gcTraverse(GcVisitor& v) override {
    for (const Slot& s : table_)
      if (s.state == kActive) v.visit(s.key);
  }
  void gcClear(std::vector<Value>& out) override {
    for (Slot& s : table_)
      if (s.state == kActive) out.push_back(std::move(s.key));
    reset();
  }

  const bool frozen;
  size_t size() const { return used_; }
  // Each returns false when the key was (add) / was not (discard) present.
  bool add(const Value& key);           // key must be hashable (checked)
  bool discard(const Value& key);
  bool contains(const Value& key) const;
  Value pop();                          // KeyError "pop from an empty set"
  void clear() { reset(); }
  // Active keys in table order (iteration order).
  std::vector<Value> keys() const;
  // CPython's set_update_internal: a set merges its table, a dict its keys,
  // anything else is iterated.
  void update(Interpreter& interp, const Value& iterable);
  // A copy with the same iteration order (set_copy).
  Ref<SetObject> copy(bool asFrozen) const;
  int64_t frozenHash() const;           // frozenset_hash

  // CPython's bulk algorithms; `other` is a SetObject or any iterable.
  Ref<SetObject> unionWith(Interpreter& interp, const Value& other) const;
  Ref<SetObject> intersection(Interpreter& interp, const Value& other) const;
  Ref<SetObject> difference(Interpreter& interp, const Value& other) const;
  Ref<SetObject> symmetricDifference(Interpreter& interp, const Value& other) const;
  void differenceUpdate(Interpreter& interp, const Value& other);
  void symmetricDifferenceUpdate(Interpreter& interp, const Value& other);
  bool isSubsetOf(const SetObject& other) const;
  void merge(const SetObject& other);   // set_merge

 private:
  static constexpr size_t kMinSize = 8;
  static constexpr int kLinearProbes = 9;
  static constexpr int kPerturbShift = 5;
  enum State : uint8_t { kEmpty, kDummy, kActive };
  struct Slot {
    int64_t hash = 0;
    Value key;
    State state = kEmpty;
  };
  std::vector<Slot> table_;
  MemoryCharge charge_;  // table_ once resized (Note [Container memory])
  size_t fill_ = 0, used_ = 0, finger_ = 0;
  uint64_t mutations_ = 0;  // every change to table_ (Note [Set layout])

  size_t mask() const { return table_.size() - 1; }
  void reset();
  bool addEntry(const Value& key, int64_t hash);
  bool discardEntry(const Value& key, int64_t hash);
  int64_t findEntry(const Value& key, int64_t hash) const;  // slot index or -1
  static void insertClean(std::vector<Slot>& table, const Value& key, int64_t hash);
  void resize(size_t minUsed);
  // f(key, hash) for each active slot of t, by position, on copies; stops
  // when f returns false.
  template <class F>
  static void eachActive(const std::vector<Slot>& t, F f) {
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i].state != kActive) continue;
      Value key = t[i].key;
      int64_t hash = t[i].hash;
      if (!f(key, hash)) return;
    }
  }
};

inline SetObject* asSet(const Value& v) {
  return v.isObj(ObjKind::Other) ? dynamic_cast<SetObject*>(v.asObj()) : nullptr;
}
Value makeSetValue(bool frozen);

// Hooks for value_ops.cpp: each handles a set operand (or returns false /
// None when the operation does not apply to sets).
void appendSetRepr(Interpreter& interp, std::string& out, const SetObject& s, int depth);
bool setsEqual(const SetObject& a, const SetObject& b);
// `a op b` for op in | & - ^ (inPlace: |= &= -= ^= on a set); None when
// either operand is not a set.
Value setArith(Interpreter& interp, char op, const Value& a, const Value& b, bool inPlace);
// <, <=, >, >= as subset tests; `handled` false when either is not a set.
bool setCompare(const Value& a, const Value& b, const char* op, bool& handled);
// A bound method of a set (add, union, ...) or None.
Value setMethod(const Value& self, const std::string& name);
// set() and frozenset() as built-ins (type objects).
void installSetBuiltins(class VM& vm);

}  // namespace tdsl
