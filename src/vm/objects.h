// Heap objects shared by the VM and the native layers (built-ins, torch API).
// The VM owns their behaviour (src/vm/objects.cpp and friends); this header
// holds the layouts and the constructors everyone uses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "vm/native.h"
#include "vm/value.h"

namespace tdsl {

class StrObject : public Object {
 public:
  explicit StrObject(std::string s) : Object(ObjKind::Str), str(std::move(s)) {}
  std::string str;
};

class ListObject : public Object {
 public:
  ListObject() : Object(ObjKind::List) {}
  explicit ListObject(std::vector<Value> v) : Object(ObjKind::List), items(std::move(v)) {}
  std::vector<Value> items;
};

// A tuple; `isSize` makes it print as torch.Size([...]) (PyTorch's Size is a tuple subclass).
class TupleObject : public Object {
 public:
  explicit TupleObject(std::vector<Value> v, bool isSize = false)
      : Object(ObjKind::Tuple), items(std::move(v)), isSize(isSize) {}
  std::vector<Value> items;
  bool isSize;
};

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
class BoundMethodObject : public Object {
 public:
  BoundMethodObject(Value self, Value function)
      : Object(ObjKind::BoundMethod), self(std::move(self)), function(std::move(function)) {}
  Value self;
  Value function;
};

// A module: a named bag of attributes in insertion order.
class ModuleObject : public Object {
 public:
  explicit ModuleObject(std::string name) : Object(ObjKind::Module), name(std::move(name)) {}
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

inline Value makeStr(std::string s) { return Value(makeRef<StrObject>(std::move(s))); }
inline Value makeList(std::vector<Value> v) { return Value(makeRef<ListObject>(std::move(v))); }
inline Value makeTuple(std::vector<Value> v) { return Value(makeRef<TupleObject>(std::move(v))); }
inline Value makeSize(const std::vector<int64_t>& sizes) {
  std::vector<Value> v;
  v.reserve(sizes.size());
  for (int64_t s : sizes) v.push_back(Value::integer(s));
  return Value(makeRef<TupleObject>(std::move(v), /*isSize=*/true));
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
// inserting; DictObject itself never throws.
struct ValueKeyHash { size_t operator()(const Value& v) const; };
struct ValueKeyEq { bool operator()(const Value& a, const Value& b) const; };
bool isHashable(const Value& v);

class DictObject : public Object {
 public:
  DictObject() : Object(ObjKind::Dict) {}
  const Value* find(const Value& key) const {
    auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries[it->second].second;
  }
  void set(const Value& key, Value value) {
    auto it = index_.find(key);
    if (it != index_.end()) { entries[it->second].second = std::move(value); return; }
    index_.emplace(key, entries.size());
    entries.emplace_back(key, std::move(value));
  }
  bool erase(const Value& key) {
    auto it = index_.find(key);
    if (it == index_.end()) return false;
    size_t pos = it->second;
    index_.erase(it);
    entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(pos));
    for (auto& kv : index_) if (kv.second > pos) --kv.second;
    return true;
  }
  void clear() { index_.clear(); entries.clear(); }
  size_t size() const { return entries.size(); }
  // Read-only outside the class: mutate through set/erase/clear only.
  std::vector<std::pair<Value, Value>> entries;

 private:
  std::unordered_map<Value, size_t, ValueKeyHash, ValueKeyEq> index_;
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
// values without RTTI. New Other objects derive from OtherObject.
enum class OtherKind : uint8_t { Slice, Ellipsis, Extension };
class OtherObject : public Object {
 public:
  explicit OtherObject(OtherKind sub) : Object(ObjKind::Other), sub(sub) {}
  const OtherKind sub;
};

// A slice `lower:upper:step` as a subscript index; each part is None when
// omitted (Python's slice object). Tensor indexing receives these as they are;
// tuples of them for `x[1:2, ::2]`.
class SliceObject : public OtherObject {
 public:
  SliceObject(Value lower, Value upper, Value step)
      : OtherObject(OtherKind::Slice), lower(std::move(lower)), upper(std::move(upper)), step(std::move(step)) {}
  Value lower, upper, step;
};

// The `...` literal (Ellipsis) as a subscript index.
class EllipsisObject : public OtherObject {
 public:
  EllipsisObject() : OtherObject(OtherKind::Ellipsis) {}
};

// Objects defined outside the VM core (compiled callables, graph modules, ...)
// that scripts can call, print and query attributes of. The VM calls these
// virtuals; the defaults report "not callable" / "no attribute".
class ExtensionObject : public OtherObject {
 public:
  ExtensionObject() : OtherObject(OtherKind::Extension) {}
  virtual std::string typeName() const = 0;             // type(x).__name__
  virtual std::string repr() const { return "<" + typeName() + " object>"; }
  virtual bool callable() const { return false; }
  virtual Value call(Interpreter& interp, const CallArgs& args);  // default: TypeError
  virtual const Value* getAttr(std::string_view name) const { return nullptr; }
};

inline bool isOther(const Value& v, OtherKind sub) {
  return v.isObj(ObjKind::Other) && v.as<Object>()->kind() == ObjKind::Other &&
         dynamic_cast<OtherObject*>(v.asObj()) && static_cast<OtherObject*>(v.asObj())->sub == sub;
}
inline bool isSlice(const Value& v) { return isOther(v, OtherKind::Slice); }
inline bool isEllipsis(const Value& v) { return isOther(v, OtherKind::Ellipsis); }
inline Value makeDict() { return Value(makeRef<DictObject>()); }
inline Value makeSlice(Value lower, Value upper, Value step) {
  return Value(makeRef<SliceObject>(std::move(lower), std::move(upper), std::move(step)));
}
inline Value makeEllipsis() { return Value(makeRef<EllipsisObject>()); }

}  // namespace tdsl
