// Heap objects shared by the VM and the native layers (built-ins, torch API).
// The VM owns their behaviour (src/vm/objects.cpp and friends); this header
// holds the layouts and the constructors everyone uses.
#pragma once

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

}  // namespace tdsl
