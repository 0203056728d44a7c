// Value handles (Note [Value handles] in include/tdsl/value.h): kinds and
// Python's argument conversions.
#include "api/core.h"
#include "tensor/tensor.h"
#include "vm/objects.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl::api {

struct ValueAccess {
  static const tdsl::Value& raw(const Value& v) { return detail::Core::raw(v); }
};

namespace {

using detail::Core;

[[noreturn]] void wrongType(const char* expected, const Value& v) {
  throw Error(ErrorKind::TypeError, std::string("must be ") + expected + ", not " + v.typeName());
}

}  // namespace

Value::Kind Value::kind() const {
  const tdsl::Value& v = Core::raw(*this);
  switch (v.tag()) {
    case tdsl::Tag::None: return Kind::None;
    case tdsl::Tag::Bool: return Kind::Bool;
    case tdsl::Tag::Int: return Kind::Int;
    case tdsl::Tag::Float: return Kind::Float;
    case tdsl::Tag::DType: return Kind::Other;
    case tdsl::Tag::Obj: break;
  }
  switch (v.asObj()->kind()) {
    case ObjKind::Str: return Kind::Str;
    case ObjKind::List: return Kind::List;
    case ObjKind::Tuple: return Kind::Tuple;
    case ObjKind::Dict: return Kind::Dict;
    case ObjKind::Tensor: return Kind::Tensor;
    case ObjKind::Function:
    case ObjKind::Native:
    case ObjKind::BoundMethod: return Kind::Callable;
    default: break;
  }
  if (dynamic_cast<const tdsl::ExtensionObject*>(v.asObj())) return Kind::Callable;  // compiled functions and the like
  return Kind::Other;
}

std::string Value::typeName() const { return tdsl::typeName(Core::raw(*this)); }

std::string Value::repr() const {
  if (!box_) return "None";
  auto core = Core::ownerOf(*this);
  return core->enter([&] { return core->vm->repr(Core::raw(*this)); });
}

std::string Value::str() const {
  if (!box_) return "None";
  auto core = Core::ownerOf(*this);
  return core->enter([&] { return core->vm->str(Core::raw(*this)); });
}

bool Value::toBool() const {
  const tdsl::Value& v = Core::raw(*this);
  if (!v.isBool()) wrongType("bool", *this);
  return v.asBool();
}

int64_t Value::toInt() const {
  const tdsl::Value& v = Core::raw(*this);
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool();
  wrongType("int", *this);
}

double Value::toDouble() const {
  const tdsl::Value& v = Core::raw(*this);
  if (v.isFloat()) return v.asFloat();
  if (v.isInt()) return static_cast<double>(v.asInt());
  if (v.isBool()) return v.asBool();
  wrongType("float", *this);
}

std::string Value::toString() const {
  const tdsl::Value& v = Core::raw(*this);
  if (!v.isObj(ObjKind::Str)) wrongType("str", *this);
  return v.as<StrObject>()->str;
}

std::vector<Value> Value::items() const {
  const tdsl::Value& v = Core::raw(*this);
  if (!v.isObj(ObjKind::List) && !v.isObj(ObjKind::Tuple)) wrongType("list or tuple", *this);
  tdsl::ValueSpan items = seqItems(v);
  auto core = Core::ownerOf(*this);
  std::vector<Value> out;
  out.reserve(items.size());
  for (const tdsl::Value& item : items) out.push_back(core->box(item));
  return out;
}

std::vector<std::pair<Value, Value>> Value::dictItems() const {
  const tdsl::Value& v = Core::raw(*this);
  if (!v.isObj(ObjKind::Dict)) wrongType("dict", *this);
  auto core = Core::ownerOf(*this);
  std::vector<std::pair<Value, Value>> out;
  for (const auto& kv : v.as<DictObject>()->entries) out.emplace_back(core->box(kv.first), core->box(kv.second));
  return out;
}

Tensor Value::toTensor() const {
  if (!Core::raw(*this).isTensor()) wrongType("Tensor", *this);
  return Tensor(*this);
}

Interpreter Value::interpreter() const { return Interpreter(Core::ownerOf(*this)); }

}  // namespace tdsl::api
