// Value: the 16-byte tagged value every layer passes around (VM registers,
// native call arguments, op-table kernel arguments, graph constants).
//
// Note [Value ownership]
// Immediates (None, bool, int, float, dtype) live in the payload. Everything
// else is an Object with an intrusive, non-atomic reference count (one
// interpreter is single-threaded; hosts run several interpreters on several
// threads, but never share objects between them). Copying a Value increments
// the count, destroying it decrements and frees at zero. Ref<T> is the typed
// owning handle for C++ code. Cycles of containers, which counting alone
// never frees, are the cycle collector's (Note [Cycle collector] in vm/gc.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "core/dtype.h"

namespace tdsl {

enum class ObjKind : uint8_t {
  Str,
  List,
  Tuple,        // also torch.Size (TupleObject::isSize)
  Dict,
  Function,     // a script function (code + defaults + globals)
  Native,       // a C++ function exposed to scripts
  BoundMethod,  // receiver + function/native
  Module,
  Tensor,
  Range,
  Iterator,
  Cell,
  Other,        // an OtherObject (vm/objects.h): slices, extensions (compiled callables, ...)
  Storage,      // a tensor's storage (tensor/tensor.h), never a script value
};

// An object with an intrusive reference count. Subclasses are defined by the
// layer that owns them (strings and containers in src/vm/objects.h, tensors in
// src/tensor/tensor.h).
class Object {
 public:
  explicit Object(ObjKind kind) : kind_(kind) {}
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object() = default;

  ObjKind kind() const { return kind_; }
  void incRef() { ++refs_; }
  void decRef() {
    if (--refs_ == 0) delete this;
  }
  uint32_t refCount() const { return refs_; }
  // A GcObject (src/vm/gc.h): may hold references, may be tracked by the
  // cycle collector.
  bool isGc() const { return bits_ & 1; }

 protected:
  Object(ObjKind kind, bool gc) : kind_(kind), bits_(gc ? 1 : 0) {}
  // Note [Object header spare bits]: the header's last three bytes, free for
  // a subclass (a tuple keeps its size and flags there: Note [Inline tuple
  // items] in vm/objects.h), so they cost no memory.
  uint8_t spareBits() const { return static_cast<uint8_t>(bits_ >> 1); }
  void setSpareBits(uint8_t b) { bits_ = static_cast<uint8_t>((bits_ & 1) | (b << 1)); }
  uint16_t spareHalf() const { return spare_; }
  void setSpareHalf(uint16_t v) { spare_ = v; }

 private:
  uint32_t refs_ = 0;
  ObjKind kind_;
  uint8_t bits_ = 0;    // bit 0: a GcObject; bits 1-7: spareBits()
  uint16_t spare_ = 0;  // spareHalf()
};
static_assert(sizeof(void*) != 8 || sizeof(Object) == 16, "the object header is 16 bytes (Note [Object header spare bits])");

// Owning typed handle to an Object subclass.
template <class T>
class Ref {
 public:
  Ref() = default;
  Ref(T* p) : p_(p) { if (p_) p_->incRef(); }  // NOLINT: implicit by design
  Ref(const Ref& o) : p_(o.p_) { if (p_) p_->incRef(); }
  Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  template <class U, class = std::enable_if_t<std::is_convertible<U*, T*>::value>>
  Ref(const Ref<U>& o) : Ref(o.get()) {}
  ~Ref() { if (p_) p_->decRef(); }
  Ref& operator=(Ref o) noexcept { std::swap(p_, o.p_); return *this; }

  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  bool operator==(const Ref& o) const { return p_ == o.p_; }
  bool operator!=(const Ref& o) const { return p_ != o.p_; }

 private:
  T* p_ = nullptr;
};

template <class T, class... Args>
Ref<T> makeRef(Args&&... args) {
  return Ref<T>(new T(std::forward<Args>(args)...));
}

enum class Tag : uint8_t { None, Bool, Int, Float, DType, Obj };

class Value {
 public:
  Value() : tag_(Tag::None) { u_.i = 0; }
  static Value none() { return Value(); }
  static Value boolean(bool b) { Value v; v.tag_ = Tag::Bool; v.u_.i = b; return v; }  // Note [Whole-word payloads]
  static Value integer(int64_t i) { Value v; v.tag_ = Tag::Int; v.u_.i = i; return v; }
  static Value number(double f) { Value v; v.tag_ = Tag::Float; v.u_.f = f; return v; }
  static Value dtype(DType d) { Value v; v.tag_ = Tag::DType; v.u_.i = static_cast<int64_t>(d); return v; }
  static Value object(Object* o) {  // takes a new reference
    Value v;
    if (o) { v.tag_ = Tag::Obj; v.u_.o = o; o->incRef(); }
    return v;
  }
  template <class T>
  Value(const Ref<T>& r) : Value(object(r.get())) {}  // NOLINT: implicit by design

  Value(const Value& o) : tag_(o.tag_), u_(o.u_) { if (tag_ == Tag::Obj) u_.o->incRef(); }
  Value(Value&& o) noexcept : tag_(o.tag_), u_(o.u_) { o.tag_ = Tag::None; }
  Value& operator=(const Value& o) {
    if (o.tag_ == Tag::Obj) o.u_.o->incRef();
    release();
    tag_ = o.tag_;
    u_ = o.u_;
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    if (this != &o) { release(); tag_ = o.tag_; u_ = o.u_; o.tag_ = Tag::None; }
    return *this;
  }
  ~Value() { release(); }

  Tag tag() const { return tag_; }
  bool isNone() const { return tag_ == Tag::None; }
  bool isBool() const { return tag_ == Tag::Bool; }
  bool isInt() const { return tag_ == Tag::Int; }
  bool isFloat() const { return tag_ == Tag::Float; }
  bool isDType() const { return tag_ == Tag::DType; }
  bool isObj() const { return tag_ == Tag::Obj; }
  bool isObj(ObjKind k) const { return tag_ == Tag::Obj && u_.o->kind() == k; }
  bool isTensor() const { return isObj(ObjKind::Tensor); }

  bool asBool() const { return u_.i != 0; }
  int64_t asInt() const { return u_.i; }
  double asFloat() const { return u_.f; }
  DType asDType() const { return static_cast<DType>(u_.i); }
  Object* asObj() const { return u_.o; }
  template <class T>
  T* as() const { return static_cast<T*>(u_.o); }

  // Identity (Python `is`): same immediate or same object.
  bool identical(const Value& o) const {
    if (tag_ != o.tag_) return false;
    if (tag_ == Tag::None) return true;
    return u_.i == o.u_.i;  // covers the bool, the object pointer, the int and the float bits
  }

 private:
  void release() {
    if (tag_ == Tag::Obj) u_.o->decRef();
  }
  // Note [Whole-word payloads]
  // A bool is stored as the int64 0 or 1, never as a byte inside the word.
  // Values are copied as whole 8-byte words; a payload written as one byte
  // and then read back as a word (the copy into a register) misses the CPU's
  // store forwarding and stalls for about a dozen cycles, which made every
  // comparison in the dispatch loop (`is None`, `==`) pay it.
  Tag tag_;
  union {
    int64_t i;
    double f;
    Object* o;
  } u_;
};

static_assert(sizeof(Value) == 16, "Value must stay two words");

}  // namespace tdsl
