// Values crossing the host boundary: tdsl::Value, a handle on a script value
// that keeps it alive, and tdsl::Tensor, a handle on a script tensor. Part of
// the public API: include <tdsl/tdsl.h>.
//
// Note [Value handles]
// A Value belongs to the interpreter that made it (None, bools and numbers
// belong to none and go anywhere). It keeps its script object alive, also
// past the interpreter's end, but using it then (calling it, converting a
// container) is an Error: the handle knows its interpreter only weakly.
// Copying, destroying and reading a handle touches its object's reference
// count, so a handle follows the threading rule of its interpreter: one
// thread at a time, the thread running that interpreter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tdsl/export.h"

struct DLManagedTensor;  // <dlpack/dlpack.h>

namespace tdsl::api {

class Interpreter;
class Tensor;
namespace detail { struct Box; struct Core; }

// Tensor element types (torch.bool, torch.int32, torch.int64, torch.float32, torch.float64).
enum class DType { Bool, Int32, Int64, Float32, Float64 };
TDSL_EXPORT size_t itemSize(DType dtype);
TDSL_EXPORT const char* dtypeName(DType dtype);  // "torch.float32", ...

class TDSL_EXPORT Value {
 public:
  enum class Kind { None, Bool, Int, Float, Str, List, Tuple, Dict, Tensor, Callable, Other };

  Value() = default;  // None

  Kind kind() const;
  bool isNone() const { return kind() == Kind::None; }
  bool isCallable() const { return kind() == Kind::Callable; }
  // Python's type name: "int", "list", "Tensor", "function", ...
  std::string typeName() const;
  std::string repr() const;  // repr(v)
  std::string str() const;   // str(v)

  // Python's argument conversions; a wrong type is Error(TypeError, "must be
  // float, not str"). toDouble accepts int and bool, toInt bool, as Python's
  // float() and int() parameters do.
  bool toBool() const;
  int64_t toInt() const;
  double toDouble() const;
  std::string toString() const;
  std::vector<Value> items() const;                     // list or tuple
  std::vector<std::pair<Value, Value>> dictItems() const;  // dict, in order
  Tensor toTensor() const;
  // Any type with a tdsl::Convert<T> (the ones above, vectors and string
  // maps of them, std::optional, Value, Tensor).
  template <class T>
  T as() const;

  // Calls a script callable (function, host function, compiled function).
  template <class... A>
  Value operator()(A&&... args) const;

  // The owning interpreter (Error when it is gone or the value is immediate).
  Interpreter interpreter() const;

 private:
  friend struct detail::Core;
  friend struct ValueAccess;
  std::shared_ptr<detail::Box> box_;
};

// A script tensor. data() points at the first element (offset applied);
// element (i0, ..., ik) is at data() + sum(ij * strides()[j]) * itemSize(dtype()).
class TDSL_EXPORT Tensor {
 public:
  Tensor() = default;  // no tensor: valid() is false
  bool valid() const { return !value_.isNone(); }
  DType dtype() const;
  int64_t dim() const;
  std::vector<int64_t> sizes() const;
  std::vector<int64_t> strides() const;  // in elements
  int64_t numel() const;
  bool isContiguous() const;
  void* data() const;
  template <class T>
  T* data() const { return static_cast<T*>(data()); }
  const Value& value() const { return value_; }
  // A DLPack view of this tensor (no copy; CPU; int32/int64/float32/float64,
  // as DLPack 0.6 has no bool). The consumer calls its deleter when done,
  // on the thread that may use this tensor's interpreter (Note [Value handles]).
  DLManagedTensor* toDLPack() const;

 private:
  friend class Value;
  friend class Interpreter;
  explicit Tensor(Value v) : value_(std::move(v)) {}
  Value value_;
};

}  // namespace tdsl::api
