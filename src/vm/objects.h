// Heap objects shared by the VM and the native layers (built-ins, torch API).
// The VM owns their behaviour (src/vm/objects.cpp and friends); this header
// holds the layouts and the constructors everyone uses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vm/dict_index.h"
#include "vm/gc.h"
#include "vm/memory_charge.h"
#include "vm/native.h"
#include "vm/value_span.h"
#include "core/value.h"

namespace tdsl {

// Note [Iterative release]
// Freeing a container frees its items, which may free their items, and so on:
// a list nested 10^6 deep would recurse 10^6 times in C++ and overflow the
// stack. Container destructors therefore hand their items to releaseItems(),
// which moves the items of every container it is about to free (refcount 1)
// onto an explicit work list first, so each destructor it triggers finds its
// container already empty. The recursion depth stays constant.
//
// Releasing must not allocate in proportion to what it frees either: it runs
// in destructors and at interpreter teardown, where an allocation that fails
// would abort the host. So the work list takes each container's item vector
// (or a dict's entry vector) whole, by move, rather than copying its items
// (a tuple's inline items stay where they are and are popped from the tuple):
// it holds one vector per container being emptied along the current path,
// and a container that is the last item of its parent replaces the parent's
// entry (a chain 10^6 deep uses one). Whether an item is freed is decided
// when it is released, not before: in `x = (x, x, x)` the third release of x
// frees it. A container with no container among its items is released by
// its plain destructor, without a work list.
class TupleObject;
inline void releaseItems(std::vector<Value>& items);
inline void releaseTupleItems(TupleObject& t);
inline void releaseEntries(DictEntries& entries);

// Strings are immutable once made, so the hash is computed at most once
// (dict keys and `in` tests hash the same word over and over).
class StrObject : public Object {
 public:
  explicit StrObject(std::string s) : Object(ObjKind::Str), str(std::move(s)) {}
  size_t hash() const {
    if (!hashed_) {
      hash_ = std::hash<std::string>()(str);
      hashed_ = true;
    }
    return hash_;
  }
  const std::string str;

 private:
  mutable size_t hash_ = 0;
  mutable bool hashed_ = false;
};

class ListObject : public GcObject {
 public:
  ListObject() : GcObject(ObjKind::List) {}
  explicit ListObject(std::vector<Value> v) : GcObject(ObjKind::List), items(std::move(v)) {
    if (items.capacity()) chargeItems();
  }
  ~ListObject() override { releaseItems(items); }
  void gcTraverse(GcVisitor& v) override { v.visit(items); }
  void gcClear(std::vector<Value>& out) override { gcMoveOut(items, out); }
  // Appends, growing (and charging) first when full (Note [Container memory]).
  void append(const Value& v) {
    if (__builtin_expect(items.size() == items.capacity(), 0)) reserveFor(items.size() + 1);
    items.push_back(v);
  }
  // Appends `extra` (a copy: it may alias items), growing as append does.
  void extend(const std::vector<Value>& extra);
  // Capacity for `n` items (at least doubling), charged before it is allocated.
  void reserveFor(size_t n);
  // Brings the charge to the capacity `items` has now (after a bulk change).
  void chargeItems() { charge.resize(items.capacity() * sizeof(Value)); }
  std::vector<Value> items;
  MemoryCharge charge;
};

// Note [Named tuples]
// A named tuple type (Python's structseq / collections.namedtuple): a type
// name and one field name per item. A tuple with a type is still a tuple for
// everything (indexing, unpacking, len, iteration, ==, hashing, isinstance
// of tuple); the type adds attribute access by field name (r.values), its
// own repr and type name. Slicing, `+` and tuple(r) give plain tuples, as in
// Python. Types are immutable and must outlive every tuple that points at
// them (static data, or owned by the immutable op table), so tuples hold a
// plain pointer. PyTorch's torch.return_types.* print one field per line:
//   torch.return_types.max(
//   values=tensor([5., 3.]),
//   indices=tensor([1, 0]))
// while a namedtuple prints Point(x=1, y=2).
struct NamedTupleType {
  std::string name;                 // "torch.return_types.max": type name in repr and errors
  std::vector<std::string> fields;  // "values", "indices"
  bool fieldPerLine = false;        // torch.return_types repr: a newline before each field
  int fieldIndex(std::string_view field) const {
    for (size_t i = 0; i < fields.size(); ++i)
      if (fields[i] == field) return static_cast<int>(i);
    return -1;
  }
};

// Note [Inline tuple items]
// A tuple is one allocation: its 32-byte header (TupleObject: the object
// header and the collector's link, nothing else) and then its items, so a
// 2-tuple takes 64 bytes (one jemalloc size class; CPython's takes 56).
// The header has no fields of its own: the item count lives in the object
// header's spare bytes (Note [Object header spare bits] in core/value.h),
// 16 bits, and so do the torch.Size and named-tuple flags. A tuple of 65535
// items or more, and a named tuple, have a 16-byte prefix *before* the
// header in the same allocation (TuplePrefix: the full count, the named
// tuple's type), so the items always start at sizeof(TupleObject) and the
// hot paths (indexing, unpacking) never test for it; only size() compares
// the 16-bit count with its escape value. `items` is an empty member at
// offset 0 (no_unique_address), whose methods find their tuple at their own
// address. TupleObject::make allocates prefix, header and n Values and
// constructs them in place; deleting a tuple frees from the prefix when
// there is one (operator delete: the destructor leaves the offset in
// tPrefixBytes as its last act, and no other tuple can be deleted between it
// and operator delete). The size is fixed by make(). Items are written only
// by code filling a tuple it just made, and by release (Note [Iterative
// release]), which empties a dying tuple from the back (popBack).
class TupleObject;

class TupleItems {
 public:
  inline size_t size() const;
  bool empty() const { return size() == 0; }
  inline Value* data();
  inline const Value* data() const;
  Value* begin() { return data(); }
  Value* end() { return data() + size(); }
  const Value* begin() const { return data(); }
  const Value* end() const { return data() + size(); }
  Value& operator[](size_t i) { return data()[i]; }
  const Value& operator[](size_t i) const { return data()[i]; }
  const Value& front() const { return data()[0]; }
  const Value& back() const { return data()[size() - 1]; }
  operator ValueSpan() const { return ValueSpan(data(), size()); }  // NOLINT: implicit by design
  // A copy of the items (each one a new reference).
  std::vector<Value> toVector() const { return std::vector<Value>(begin(), end()); }
  // Takes the last item out; the tuple is one shorter (release only).
  inline Value popBack();

 private:
  inline TupleObject* owner();
  inline const TupleObject* owner() const;
};

// The prefix of a big or named tuple (Note [Inline tuple items]).
struct TuplePrefix {
  const NamedTupleType* named;
  uint64_t count;
};

// A tuple; `isSize` makes it print as torch.Size([...]) (PyTorch's Size is a
// tuple subclass); `named` makes it a named tuple (Note [Named tuples]).
class TupleObject final : public GcObject {
 public:
  // A tuple of `n` items, all None, for the caller to fill before anyone
  // else sees it.
  static Ref<TupleObject> make(size_t n, bool isSize = false, const NamedTupleType* named = nullptr);
  // A tuple of copies of items[0..n).
  static Ref<TupleObject> make(const Value* items, size_t n, bool isSize = false,
                               const NamedTupleType* named = nullptr);
  // A tuple of `items`, moved out of the vector.
  static Ref<TupleObject> make(std::vector<Value>&& items, bool isSize = false,
                               const NamedTupleType* named = nullptr);
  ~TupleObject() override;
  static void operator delete(void* p);
  void gcTraverse(GcVisitor& v) override {
    for (const Value& x : items) v.visit(x);
  }
  // Drops the items in place (release, Note [Iterative release]): nothing
  // is moved into `out`, so clearing a tuple allocates nothing.
  void gcClear(std::vector<Value>& out) override;
  bool isSize() const { return spareBits() & kIsSize; }
  const NamedTupleType* named() const { return (spareBits() & kPrefixed) ? prefix()->named : nullptr; }
  // A plain tuple: neither a torch.Size nor a named tuple.
  bool isPlain() const { return !isSize() && !named(); }
  size_t count() const {
    const uint16_t n = spareHalf();
    return n != kBigCount ? n : static_cast<size_t>(prefix()->count);
  }
  [[no_unique_address]] TupleItems items;  // empty, at offset 0: the Values follow the header

 private:
  friend class TupleItems;
  static constexpr uint8_t kIsSize = 1, kPrefixed = 2;
  static constexpr uint16_t kBigCount = 0xFFFF;  // the count is in the prefix
  TupleObject(size_t n, bool isSize, bool prefixed);
  static TupleObject* allocate(size_t n, bool isSize, const NamedTupleType* named);
  TuplePrefix* prefix() { return reinterpret_cast<TuplePrefix*>(this) - 1; }
  const TuplePrefix* prefix() const { return reinterpret_cast<const TuplePrefix*>(this) - 1; }
  void setCount(size_t n) {
    if (spareHalf() == kBigCount) prefix()->count = n;
    else setSpareHalf(static_cast<uint16_t>(n));
  }
};
static_assert(sizeof(void*) != 8 || sizeof(TupleObject) == 32, "a tuple's header is 32 bytes (Note [Inline tuple items])");
static_assert(sizeof(TupleObject) % alignof(Value) == 0, "a tuple's items follow its header, aligned");
static_assert(sizeof(TuplePrefix) % alignof(Value) == 0, "the prefix keeps the header aligned");

inline TupleObject* TupleItems::owner() { return reinterpret_cast<TupleObject*>(this); }
inline const TupleObject* TupleItems::owner() const { return reinterpret_cast<const TupleObject*>(this); }
inline size_t TupleItems::size() const { return owner()->count(); }
inline Value* TupleItems::data() { return reinterpret_cast<Value*>(owner() + 1); }
inline const Value* TupleItems::data() const { return reinterpret_cast<const Value*>(owner() + 1); }
inline Value TupleItems::popBack() {
  const size_t n = size() - 1;
  Value* last = data() + n;
  Value v = std::move(*last);
  last->~Value();
  owner()->setCount(n);
  return v;
}

// A C++ function callable from scripts. `data` is passed back on every call.
class NativeObject : public Object {
 public:
  NativeObject(std::string name, NativeFn fn, const void* data = nullptr)
      : Object(ObjKind::Native), name(std::move(name)), fn(fn), data(data) {}
  std::string name;
  NativeFn fn;
  const void* data;
};

// `receiver.method` captured as a value: calling it prepends the receiver.
class BoundMethodObject : public GcObject {
 public:
  BoundMethodObject(Value self, Value function)
      : GcObject(ObjKind::BoundMethod), self(std::move(self)), function(std::move(function)) {}
  ~BoundMethodObject() override {
    std::vector<Value> parts{std::move(self), std::move(function)};
    releaseItems(parts);
  }
  void gcTraverse(GcVisitor& v) override {
    v.visit(self);
    v.visit(function);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(self));
    out.push_back(std::move(function));
  }
  Value self;
  Value function;
};

// A module: a named bag of attributes in insertion order.
class ModuleObject : public GcObject {
 public:
  explicit ModuleObject(std::string name) : GcObject(ObjKind::Module), name(std::move(name)) {}
  void gcTraverse(GcVisitor& v) override {
    for (auto& kv : attrs) v.visit(kv.second);
  }
  void gcClear(std::vector<Value>& out) override {
    for (auto& kv : attrs) out.push_back(std::move(kv.second));
    attrs.clear();
    index_.clear();
  }
  void set(const std::string& key, Value v) {
    auto it = index_.find(key);
    if (it != index_.end()) { attrs[it->second].second = std::move(v); return; }
    index_.emplace(key, attrs.size());
    attrs.emplace_back(key, std::move(v));
  }
  const Value* get(std::string_view key) const {
    auto it = index_.find(std::string(key));
    return it == index_.end() ? nullptr : &attrs[it->second].second;
  }
  std::string name;
  std::vector<std::pair<std::string, Value>> attrs;

 private:
  std::unordered_map<std::string, size_t> index_;
};

// A string of kChargedStrBytes or more takes its characters from the
// memory account (Note [Container memory]).
class ChargedStrObject : public StrObject {
 public:
  using StrObject::StrObject;
  MemoryCharge charge;
};
constexpr size_t kChargedStrBytes = 256;
Value makeChargedStr(std::string s);
inline Value makeStr(std::string s) {
  if (s.size() >= kChargedStrBytes) return makeChargedStr(std::move(s));
  return Value(makeRef<StrObject>(std::move(s)));
}
inline Value makeList(std::vector<Value> v) { return Value(makeRef<ListObject>(std::move(v))); }
inline Value makeTuple(std::vector<Value> v) { return Value(TupleObject::make(std::move(v))); }
inline Value makeTuple(const Value* items, size_t n) { return Value(TupleObject::make(items, n)); }
// A named tuple of `type` (Note [Named tuples]); one item per field.
inline Value makeNamedTuple(const NamedTupleType& type, std::vector<Value> v) {
  return Value(TupleObject::make(std::move(v), false, &type));
}
inline Value makeSize(const std::vector<int64_t>& sizes) {
  Ref<TupleObject> t = TupleObject::make(sizes.size(), /*isSize=*/true);
  for (size_t i = 0; i < sizes.size(); ++i) t->items[i] = Value::integer(sizes[i]);
  return Value(t);
}
// The items of `v`, a list or a tuple. A list's span is only good until the
// list changes: code that runs script callbacks between reads (which may
// append) takes seqItems again each time.
inline ValueSpan seqItems(const Value& v) {
  if (v.isObj(ObjKind::List)) return v.as<ListObject>()->items;
  return v.as<TupleObject>()->items;
}
inline Value makeNative(std::string name, NativeFn fn, const void* data = nullptr) {
  return Value(makeRef<NativeObject>(std::move(name), fn, data));
}

// ---------------------------------------------------------------------------
// Added by the VM (additive; everything above is unchanged).

// Python dict: insertion-ordered, keys are hashable values (None, bool, int,
// float, str, tuples of these, dtypes, and any object by identity). Equal
// numbers are the same key (1 == 1.0 == True), as in Python.
// Note [Dict key validity]: callers check keys with isHashable() before
// inserting; DictObject itself throws only Error(Resource), when growing
// past the memory limit (Note [Container memory]).
struct ValueKeyHash { size_t operator()(const Value& v) const; };
struct ValueKeyEq { bool operator()(const Value& a, const Value& b) const; };
bool isHashable(const Value& v);

class DictObject : public GcObject {
 public:
  DictObject() : GcObject(ObjKind::Dict) {}
  ~DictObject() override { releaseEntries(entries); }
  // Each key and value is held once, by its entry: the index holds
  // positions, not Values (Note [Dict layout]).
  void gcTraverse(GcVisitor& v) override {
    for (auto& kv : entries) {
      v.visit(kv.first);
      v.visit(kv.second);
    }
  }
  // Drops every key and value in place (Note [Iterative release]).
  void gcClear(std::vector<Value>&) override {
    DictEntries doomed = std::move(entries);
    clear();
    releaseEntries(doomed);
  }
  const Value* find(const Value& key) const {
    int64_t i = index_.find(entries, key, ValueKeyHash()(key));
    return i < 0 ? nullptr : &entries[static_cast<size_t>(i)].second;
  }
  void set(const Value& key, Value value) {
    size_t hash = ValueKeyHash()(key);
    int64_t i = index_.find(entries, key, hash);
    if (i >= 0) { entries[static_cast<size_t>(i)].second = std::move(value); return; }
    if (entries.size() == entries.capacity()) growEntries();
    index_.reserveOne();
    entries.emplace_back(key, std::move(value));
    index_.insert(entries.size() - 1, hash);
  }
  // Lookups by a str key's text, without making a str (instance attributes,
  // Note [Instance dictionaries] in vm/classes.h). A str hashes as its text:
  // std::hash<std::string_view> equals std::hash<std::string>.
  Value* findStr(std::string_view name) {
    int64_t i = index_.findStr(entries, name, std::hash<std::string_view>()(name));
    return i < 0 ? nullptr : &entries[static_cast<size_t>(i)].second;
  }
  bool erase(const Value& key) {
    int64_t i = index_.erase(entries, key, ValueKeyHash()(key));
    if (i < 0) return false;
    entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(i));
    return true;
  }
  void clear() { index_.clear(); entries.clear(); }
  size_t size() const { return entries.size(); }
  // Read-only outside the class: mutate through set/erase/clear only
  // (Note [Dict layout]).
  DictEntries entries;
  MemoryCharge charge;

 private:
  // Doubles the entries' capacity, charged first (Note [Container memory]).
  void growEntries();
  DictIndex index_;
};

// range(start, stop, step); step != 0.
class RangeObject : public Object {
 public:
  RangeObject(int64_t start, int64_t stop, int64_t step)
      : Object(ObjKind::Range), start(start), stop(stop), step(step) {}
  int64_t length() const {
    if (step > 0) return start < stop ? static_cast<int64_t>((static_cast<uint64_t>(stop) - static_cast<uint64_t>(start) - 1) / static_cast<uint64_t>(step) + 1) : 0;
    return start > stop ? static_cast<int64_t>((static_cast<uint64_t>(start) - static_cast<uint64_t>(stop) - 1) / (0 - static_cast<uint64_t>(step)) + 1) : 0;
  }
  int64_t start, stop, step;
};

// Objects of kind Other carry a sub-kind so layers can recognise each other's
// values without RTTI. New Other objects derive from OtherObject; they are
// GcObjects, and one that holds references must traverse and clear them
// (Note [Cycle collector]).
enum class OtherKind : uint8_t { Slice, Ellipsis, Extension };
class OtherObject : public GcObject {
 public:
  explicit OtherObject(OtherKind sub) : GcObject(ObjKind::Other), sub(sub) {}
  const OtherKind sub;
};

// A slice `lower:upper:step` as a subscript index; each part is None when
// omitted (Python's slice object). Tensor indexing receives these as they are;
// tuples of them for `x[1:2, ::2]`.
class SliceObject : public OtherObject {
 public:
  SliceObject(Value lower, Value upper, Value step)
      : OtherObject(OtherKind::Slice), lower(std::move(lower)), upper(std::move(upper)), step(std::move(step)) {
    // Slices are immutable: one of ints and None can never be in a cycle.
    if (!holdsGc(this->lower) && !holdsGc(this->upper) && !holdsGc(this->step)) gcUntrack();
  }
  void gcTraverse(GcVisitor& v) override {
    v.visit(lower);
    v.visit(upper);
    v.visit(step);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(lower));
    out.push_back(std::move(upper));
    out.push_back(std::move(step));
  }
  Value lower, upper, step;

 private:
  static bool holdsGc(const Value& v) { return v.isObj() && v.asObj()->isGc(); }
};

// The `...` literal (Ellipsis) as a subscript index.
class EllipsisObject : public OtherObject {
 public:
  EllipsisObject() : OtherObject(OtherKind::Ellipsis) { gcUntrack(); }
  void gcTraverse(GcVisitor&) override {}
  void gcClear(std::vector<Value>&) override {}
};

// Objects defined outside the VM core (compiled callables, graph modules, ...)
// that scripts can call, print and query attributes of. The VM calls these
// virtuals; the defaults report "not callable" / "no attribute".
class ExtensionObject : public OtherObject {
 public:
  ExtensionObject() : OtherObject(OtherKind::Extension) {}
  virtual std::string typeName() const = 0;             // type(x).__name__
  virtual std::string repr() const { return "<" + typeName() + " object>"; }
  virtual std::string str() const { return repr(); }  // str(x), print(x), f"{x}"
  // `x == y` for two extension objects (the default: identity).
  virtual bool equals(const ExtensionObject& other) const { return this == &other; }
  virtual bool callable() const { return false; }
  virtual Value call(Interpreter& interp, const CallArgs& args);  // default: TypeError
  virtual const Value* getAttr(std::string_view name) const { return nullptr; }
  // An extension that holds Values overrides both (Note [Cycle collector]);
  // the defaults hold nothing.
  void gcTraverse(GcVisitor&) override {}
  void gcClear(std::vector<Value>&) override {}
};

namespace release_detail {

// A container whose release could recurse: its last reference frees it. A
// lazy iterator (map, zip, filter, enumerate) counts: map(f, map(f, ...))
// nests as deep as kMaxIteratorDepth, and freeing that chain recursively
// overflowed a 256 KiB host thread's stack under AddressSanitizer.
inline bool isContainer(const Value& v) {
  if (!v.isObj()) return false;
  ObjKind k = v.asObj()->kind();
  return k == ObjKind::List || k == ObjKind::Tuple || k == ObjKind::Dict || k == ObjKind::BoundMethod ||
         k == ObjKind::Iterator;
}
// Moves a dying lazy iterator's inputs into `out` (vm/iterator_release.cpp);
// any other iterator keeps its state, so a generator's own release (Note
// [Finalizers] in gc.h) still runs.
void takeLazyIteratorInputs(Object& iterator, std::vector<Value>& out);
inline bool ownsContainer(const Value& v) { return isContainer(v) && v.asObj()->refCount() == 1; }

// The items of one container being emptied: a vector of Values or of
// dict entries taken whole, or a tuple's inline items, popped from the tuple
// itself (`tuple`; `holder` keeps it alive unless it is the tuple whose
// destructor is running).
struct Pending {
  std::vector<Value> values;
  DictEntries pairs;
  TupleObject* tuple = nullptr;
  Value holder;
  bool empty() const { return values.empty() && pairs.empty() && (!tuple || tuple->items.empty()); }
};

// Moves the items of `o` (a container about to be freed, held by `v`) into `p`.
inline void takeItems(Value& v, Pending& p) {
  Object* o = v.asObj();
  switch (o->kind()) {
    case ObjKind::List: p.values.swap(static_cast<ListObject*>(o)->items); break;
    case ObjKind::Tuple:
      p.tuple = static_cast<TupleObject*>(o);
      p.holder = std::move(v);
      break;
    case ObjKind::Dict: {
      auto* d = static_cast<DictObject*>(o);
      DictEntries taken = std::move(d->entries);
      d->clear();
      p.pairs = std::move(taken);
      break;
    }
    case ObjKind::BoundMethod: {
      auto* m = static_cast<BoundMethodObject*>(o);
      p.values.push_back(std::move(m->self));
      p.values.push_back(std::move(m->function));
      break;
    }
    case ObjKind::Iterator: takeLazyIteratorInputs(*o, p.values); break;
    default: break;
  }
}

// Releases `root`'s items one at a time. An item whose reference is the
// last one (counted when it is released: `(x, x, x)` frees x at the third)
// has its items taken first, so its destructor finds it empty.
inline void releaseAll(Pending& root) {
  std::vector<Pending> path;  // containers being emptied below root; none for a chain
  for (;;) {
    Pending& top = path.empty() ? root : path.back();
    Value v;
    if (!top.values.empty()) {
      v = std::move(top.values.back());
      top.values.pop_back();
    } else if (!top.pairs.empty()) {
      auto& kv = top.pairs.back();
      v = std::move(kv.second);
      top.values.push_back(std::move(kv.first));  // into the (empty) vector: handled next
      top.pairs.pop_back();
    } else if (top.tuple && !top.tuple->items.empty()) {
      v = top.tuple->items.popBack();
    } else if (path.empty()) {
      return;
    } else {
      path.pop_back();
      continue;
    }
    if (!ownsContainer(v)) continue;  // dropping v here frees no container
    Pending next;
    takeItems(v, next);
    if (next.empty()) continue;
    if (!top.empty()) path.push_back(std::move(next));
    else if (path.empty()) root = std::move(next);  // v was the last item: it takes the parent's place
    else path.back() = std::move(next);
    // v is freed here, already empty (a tuple: when its Pending is done).
  }
}

}  // namespace release_detail

inline void releaseItems(std::vector<Value>& items) {
  using namespace release_detail;
  bool nested = false;
  for (const Value& v : items) nested = nested || isContainer(v);
  if (!nested) return;  // the plain destructor frees no container
  Pending p;
  p.values.swap(items);
  releaseAll(p);
}

// Note [Releasing tuple trees]
// Trees of tuples (binary-trees' `(left, right)`) are the common nesting, and
// releaseAll's work list of Pendings costs more than the tuples themselves.
// So a dying tuple is first emptied depth first through a fixed array of the
// tuples below it, each emptied in place from the back. A container that is
// not a tuple, or a tuple past the array's depth, goes to releaseAll, which
// never recurses; so the depth stays constant, and a tree of tuples
// allocates nothing.
inline void releaseTupleItems(TupleObject& t) {
  using namespace release_detail;
  bool nested = false;
  for (const Value& v : t.items) nested = nested || isContainer(v);
  if (!nested) return;  // destroying the items frees no container
  constexpr int kDepth = 24;
  Value below[kDepth];  // owned tuples being emptied; below[depth - 1] is the innermost
  int depth = 0;
  TupleObject* top = &t;
  for (;;) {
    if (top->items.empty()) {
      if (depth == 0) return;
      below[--depth] = Value();  // frees it: it is empty
      top = depth ? below[depth - 1].as<TupleObject>() : &t;
      continue;
    }
    Value v = top->items.popBack();
    if (!ownsContainer(v)) continue;  // dropping v frees no container
    if (depth < kDepth && v.isObj(ObjKind::Tuple)) {
      below[depth++] = std::move(v);
      top = below[depth - 1].as<TupleObject>();
      continue;
    }
    Pending p;
    takeItems(v, p);
    releaseAll(p);
  }
}

inline void releaseEntries(DictEntries& entries) {
  using namespace release_detail;
  bool nested = false;
  for (const auto& kv : entries) nested = nested || isContainer(kv.first) || isContainer(kv.second);
  if (!nested) return;
  Pending p;
  p.pairs.swap(entries);
  releaseAll(p);
}

// Every ObjKind::Other object is an OtherObject, so its sub-kind is a field
// read, not a dynamic_cast (the VM calls extensions on hot paths).
inline bool isOther(const Value& v, OtherKind sub) {
  return v.isObj(ObjKind::Other) && static_cast<OtherObject*>(v.asObj())->sub == sub;
}
inline ExtensionObject* asExtension(const Value& v) {
  return isOther(v, OtherKind::Extension) ? static_cast<ExtensionObject*>(v.asObj()) : nullptr;
}
inline bool isSlice(const Value& v) { return isOther(v, OtherKind::Slice); }
inline bool isEllipsis(const Value& v) { return isOther(v, OtherKind::Ellipsis); }
inline Value makeDict() { return Value(makeRef<DictObject>()); }
inline Value makeSlice(Value lower, Value upper, Value step) {
  return Value(makeRef<SliceObject>(std::move(lower), std::move(upper), std::move(step)));
}
inline Value makeEllipsis() { return Value(makeRef<EllipsisObject>()); }

}  // namespace tdsl
