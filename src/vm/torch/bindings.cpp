// The tensor bridge (vm/tensor_bridge.h) for everything but indexing:
// operators, attributes and methods, truth/len/iteration, repr.
//
// Method calls resolve the name once through a constant hash map
// (non-op methods like item/size/tolist, else the op table's method
// overloads) and bind into a fixed BoundArgs array, so `x.add_(1.0)` on a
// one-element tensor allocates nothing (Note [No allocation on the hot path]).
#include "vm/torch/bindings.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>

#include "autograd/batched_dispatch.h"
#include "autograd/batching.h"
#include "autograd/dispatch.h"
#include "support/diagnostics.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "tensor/kernel_util.h"
#include "tensor/tensor.h"
#include "vm/torch/bindings_views.h"
#include "vm/torch/device.h"
#include "vm/torch/autograd_bindings.h"
#include "vm/torch/tensor_data.h"
#include "tensor/tensor_repr.h"
#include "tensor/tensor_state.h"
#include "vm/tensor_bridge.h"
#include "vm/torch/tensor_members.h"
#include "vm/value_ops.h"

namespace tdsl {

TensorState& stateOf(Interpreter& interp) {
  TensorState* s = interp.tensorState();
  TDSL_ASSERT(s != nullptr);
  return *s;
}

Value dispatch(Interpreter& interp, const ir::OpDef& op, ir::BoundArgs& args) {
  return packResults(op, autograd::dispatchWithGrad(stateOf(interp), op, args));
}

namespace {

// ---------------------------------------------------------------------------
// Methods that are not ops (metadata queries and conversions to Python values).

using MethodFn = Value (*)(Interpreter& interp, const Value& self, const CallArgs& call);

const TensorObject& self_(const Value& v) { return *asTensor(v); }

void expectArgs(const CallArgs& call, size_t maxPositional, const char* name) {
  if (call.nargs > maxPositional)
    throw Error(ErrorKind::Type, std::string(name) + "() takes at most " + std::to_string(maxPositional) +
                                     " argument" + (maxPositional == 1 ? "" : "s") + " (" +
                                     std::to_string(call.nargs) + " given)");
  if (call.nkwargs > 0 && !(call.nkwargs == 1 && call.kwargs[0].name == "dim" && maxPositional == 1))
    throw Error(ErrorKind::Type, std::string(name) + "() got an unexpected keyword argument '" +
                                     std::string(call.kwargs[0].name) + "'");
}

const Value* dimArgument(const CallArgs& call) {
  if (call.nargs == 1) return &call.args[0];
  if (call.nkwargs == 1) return &call.kwargs[0].value;
  return nullptr;
}

Value mItem(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "item");
  if (autograd::isBatched(self_(self)) || autograd::hasPhysicalDims(self_(self))) autograd::throwBatchedItem();
  return tensorItem(self_(self));
}
Value mTolist(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "tolist");
  return tensorToList(self_(self));
}
Value mNumel(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "numel");
  return Value::integer(self_(self).numel());
}
Value mDim(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "dim");
  return Value::integer(self_(self).dim());
}
Value sizeOrStride(const Value& self, const CallArgs& call, const char* name, bool strides) {
  expectArgs(call, 1, name);
  const TensorObject& t = self_(self);
  const Dims& d = strides ? t.strides() : t.sizes();
  if (const Value* dim = dimArgument(call)) {
    if (!dim->isInt()) throw Error(ErrorKind::Type, std::string(name) + "(): argument 'dim' must be int, not " + typeName(*dim));
    return Value::integer(d[static_cast<int>(wrapDim(dim->asInt(), t.dim()))]);
  }
  if (strides) {
    std::vector<Value> items;
    for (int64_t x : d) items.push_back(Value::integer(x));
    return makeTuple(std::move(items));
  }
  return makeSize(d.vec());
}
Value mSize(Interpreter&, const Value& self, const CallArgs& call) { return sizeOrStride(self, call, "size", false); }
Value mStride(Interpreter&, const Value& self, const CallArgs& call) { return sizeOrStride(self, call, "stride", true); }
Value mStorageOffset(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "storage_offset");
  return Value::integer(self_(self).meta.offset);
}
Value mIsContiguous(Interpreter&, const Value& self, const CallArgs& call) {
  // is_contiguous(memory_format=torch.contiguous_format)
  const Value* format = call.nargs == 1 ? &call.args[0] : call.nkwargs == 1 && call.kwargs[0].name == "memory_format" ? &call.kwargs[0].value : nullptr;
  if (!format) expectArgs(call, 0, "is_contiguous");
  else if (call.nargs + call.nkwargs > 1) expectArgs(call, 1, "is_contiguous");
  const auto* f = format && format->isObj(ObjKind::Other) ? dynamic_cast<const MemoryFormatObject*>(format->asObj()) : nullptr;
  if (format && !f)
    throw Error(ErrorKind::Type, "is_contiguous(): argument 'memory_format' (position 1) must be torch.memory_format, not " + typeName(*format));
  if (f && f->format == MemoryFormat::ChannelsLast) return Value::boolean(isChannelsLastContiguous(self_(self).meta));
  if (f && f->format == MemoryFormat::Preserve)
    throw Error(ErrorKind::Runtime, "is_contiguous does not support memory format preserve_format");
  return Value::boolean(self_(self).meta.isContiguous());
}
Value mIsFloatingPoint(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "is_floating_point");
  return Value::boolean(isFloating(self_(self).dtype()));
}
Value mDataPtr(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "data_ptr");
  const TensorObject& t = self_(self);
  if (t.isMeta()) return Value::integer(0);
  return Value::integer(static_cast<int64_t>(reinterpret_cast<intptr_t>(t.dataPtr())));
}
Value mElementSize(Interpreter&, const Value& self, const CallArgs& call) {
  expectArgs(call, 0, "element_size");
  return Value::integer(static_cast<int64_t>(itemSize(self_(self).dtype())));
}
Value convertTo(Interpreter& interp, const Value& self, const CallArgs& call, DType d, const char* name) {
  expectArgs(call, 0, name);
  return callMethod(stateOf(interp), self, "to", {Value::dtype(d)});
}
Value mFloat(Interpreter& i, const Value& s, const CallArgs& c) { return convertTo(i, s, c, DType::Float32, "float"); }
Value mDouble(Interpreter& i, const Value& s, const CallArgs& c) { return convertTo(i, s, c, DType::Float64, "double"); }
Value mLong(Interpreter& i, const Value& s, const CallArgs& c) { return convertTo(i, s, c, DType::Int64, "long"); }
Value mInt(Interpreter& i, const Value& s, const CallArgs& c) { return convertTo(i, s, c, DType::Int32, "int"); }
Value mBool(Interpreter& i, const Value& s, const CallArgs& c) { return convertTo(i, s, c, DType::Bool, "bool"); }
// x.new_zeros(size, *, dtype=None, device=None, requires_grad=False) and its
// siblings: the torch factory, with x's dtype unless dtype= names another.
Value newFactory(Interpreter& interp, const Value& self, const CallArgs& call, std::string_view factory) {
  std::vector<KwArg> kws(call.kwargs, call.kwargs + call.nkwargs);
  auto dtype = std::find_if(kws.begin(), kws.end(), [](const KwArg& k) { return k.name == "dtype"; });
  if (dtype == kws.end()) kws.push_back(KwArg{"dtype", Value::dtype(self_(self).dtype())});
  else if (dtype->value.isNone()) dtype->value = Value::dtype(self_(self).dtype());
  return callOverloads(stateOf(interp), *ir::opTable().overloads(factory), CallStyle::Function, nullptr,
                       CallArgs{call.args, call.nargs, kws.data(), kws.size()});
}
Value mNewZeros(Interpreter& interp, const Value& self, const CallArgs& call) { return newFactory(interp, self, call, "zeros"); }
Value mNewOnes(Interpreter& interp, const Value& self, const CallArgs& call) { return newFactory(interp, self, call, "ones"); }
Value mNewEmpty(Interpreter& interp, const Value& self, const CallArgs& call) { return newFactory(interp, self, call, "empty"); }
Value mNewFull(Interpreter& interp, const Value& self, const CallArgs& call) { return newFactory(interp, self, call, "full"); }

// x.new_tensor(data, *, dtype=None, device=None, requires_grad=False):
// torch.tensor(data) with x's dtype unless dtype= names another (a copy).
Value mNewTensor(Interpreter& interp, const Value& self, const CallArgs& call) {
  if (call.nargs != 1)
    throw Error(ErrorKind::Type, "new_tensor() takes 1 positional argument but " + std::to_string(call.nargs) + " were given");
  DType dtype = self_(self).dtype();
  const Value* requiresGrad = nullptr;
  for (size_t i = 0; i < call.nkwargs; ++i) {
    const KwArg& k = call.kwargs[i];
    if (k.name == "dtype") {
      if (k.value.isDType()) dtype = k.value.asDType();
      else if (!k.value.isNone())
        throw Error(ErrorKind::Type, "new_tensor(): argument 'dtype' must be torch.dtype, not " + typeName(k.value));
    } else if (k.name == "device") {
      checkCpuDevice(k.value, "new_tensor");
    } else if (k.name == "requires_grad") {
      requiresGrad = &k.value;
    } else {
      throw Error(ErrorKind::Type, "new_tensor() got an unexpected keyword argument '" + std::string(k.name) + "'");
    }
  }
  TensorState& s = stateOf(interp);
  Value t(tensorFromData(s, call.args[0], dtype));
  if (requiresGrad) setFactoryRequiresGrad(s, t, *requiresGrad);
  return t;
}

Value mViewAs(Interpreter& interp, const Value& self, const CallArgs& call) {
  if (call.nargs != 1 || !call.args[0].isTensor()) throw Error(ErrorKind::Type, "view_as(): argument 'other' must be Tensor");
  return callMethod(stateOf(interp), self, "view", {makeSize(asTensor(call.args[0])->sizes().vec())});
}
Value mReshapeAs(Interpreter& interp, const Value& self, const CallArgs& call) {
  if (call.nargs != 1 || !call.args[0].isTensor()) throw Error(ErrorKind::Type, "reshape_as(): argument 'other' must be Tensor");
  return callMethod(stateOf(interp), self, "reshape", {makeSize(asTensor(call.args[0])->sizes().vec())});
}
Value mTypeAs(Interpreter& interp, const Value& self, const CallArgs& call) {
  if (call.nargs != 1 || !call.args[0].isTensor()) throw Error(ErrorKind::Type, "type_as(): argument 'other' must be Tensor");
  return callMethod(stateOf(interp), self, "to", {Value::dtype(asTensor(call.args[0])->dtype())});
}

struct MethodEntry {
  MethodFn fn = nullptr;                    // a non-op method, or
  const ir::OverloadSet* ops = nullptr;     // the op table's overloads
  uint8_t reads = kReadsNothing;            // Note [Tensor member reads]
};

// FNV-1a: method names are short; cheaper than the default string hash.
struct NameHash {
  size_t operator()(std::string_view s) const {
    uint64_t h = 1469598103934665603ull;
    for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return static_cast<size_t>(h);
  }
};
using MethodMap = std::unordered_map<std::string_view, MethodEntry, NameHash>;

const MethodMap& methodTable() {
  static const MethodMap table = [] {
    MethodMap t;
    for (const ir::OverloadSet& set : ir::opTable().overloadSets())
      if (set.anyMethod) t[set.name].ops = &set;
    constexpr uint8_t kSizes = kReadsSizes, kOffset = kReadsSizes | kReadsOffset;
    const struct {
      const char* name;
      MethodFn fn;
      uint8_t reads;
    } plain[] = {
        {"item", mItem, kReadsData}, {"tolist", mTolist, kReadsData}, {"numel", mNumel, kSizes},
        {"nelement", mNumel, kSizes}, {"dim", mDim, kReadsRank}, {"ndimension", mDim, kReadsRank},
        {"size", mSize, kSizes}, {"stride", mStride, kSizes}, {"storage_offset", mStorageOffset, kOffset},
        {"is_contiguous", mIsContiguous, kSizes}, {"is_floating_point", mIsFloatingPoint, kReadsDType},
        {"data_ptr", mDataPtr, kReadsData}, {"element_size", mElementSize, kReadsDType},
        {"float", mFloat, kReadsNothing}, {"double", mDouble, kReadsNothing}, {"long", mLong, kReadsNothing},
        {"int", mInt, kReadsNothing}, {"bool", mBool, kReadsNothing}, {"view_as", mViewAs, kReadsNothing},
        {"reshape_as", mReshapeAs, kReadsNothing}, {"type_as", mTypeAs, kReadsNothing},
        {"backward", tensorBackward, kReadsAutograd}, {"requires_grad_", tensorRequiresGrad_, kReadsAutograd},
        {"retain_grad", tensorRetainGrad, kReadsAutograd}, {"detach_", tensorDetach_, kReadsAutograd},
        {"register_hook", tensorRegisterHook, kReadsAutograd},
        {"new_zeros", mNewZeros, kReadsDType}, {"new_ones", mNewOnes, kReadsDType},
        {"new_empty", mNewEmpty, kReadsDType}, {"new_full", mNewFull, kReadsDType},
        {"new_tensor", mNewTensor, kReadsDType},
    };
    for (const auto& m : plain) {
      t[m.name].fn = m.fn;
      t[m.name].reads = m.reads;
    }
    for (const TensorMethodDef& m : viewCompositeMethods()) {  // Note [Composite view functions]
      t[m.name].fn = m.fn;
      t[m.name].reads = m.reads;
    }
    for (const DeviceMethod& m : deviceMethods()) {  // cpu, to, type, numpy ... (device.h)
      t[m.name].fn = m.fn;
      t[m.name].reads = m.reads;
    }
    return t;
  }();
  return table;
}

Value callEntry(Interpreter& interp, const MethodEntry& e, const Value& self, const CallArgs& call) {
  // A batched tensor's data is every sample's (Note [Batched tensors]): as
  // functorch's wrappers, it has no data of its own to read.
  if ((e.reads & kReadsData) && e.fn != mItem && autograd::hasPhysicalDims(self_(self)))
    throw Error(ErrorKind::Runtime, "Cannot access data pointer of Tensor that doesn't have storage");
  if (e.fn) return e.fn(interp, self, call);
  return callOverloads(stateOf(interp), *e.ops, CallStyle::Method, &self, call);
}

// A bound method value: BoundMethodObject(self, native) where the native gets the receiver first.
Value methodTrampoline(Interpreter& interp, const CallArgs& call, const void* data) {
  const MethodEntry& e = *static_cast<const MethodEntry*>(data);
  TDSL_ASSERT(call.nargs >= 1 && call.args[0].isTensor());
  CallArgs rest{call.args + 1, call.nargs - 1, call.kwargs, call.nkwargs};
  return callEntry(interp, e, call.args[0], rest);
}

[[noreturn]] void noAttribute(std::string_view name) {
  throw Error(ErrorKind::Attribute, "'Tensor' object has no attribute '" + std::string(name) + "'");
}

// The op implementing each Python operator on tensors (the functional name;
// `_` is appended for augmented assignment); nullptr when tensors do not
// support the operator. The one operator -> op name mapping.
const char* operatorOp(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "add";
    case BinaryOp::Sub: return "sub";
    case BinaryOp::Mul: return "mul";
    case BinaryOp::Div: return "div";
    case BinaryOp::FloorDiv: return "floor_divide";
    case BinaryOp::Mod: return "remainder";
    case BinaryOp::Pow: return "pow";
    case BinaryOp::MatMul: return "matmul";
    case BinaryOp::BitAnd: return "bitwise_and";
    case BinaryOp::BitOr: return "bitwise_or";
    case BinaryOp::BitXor: return "bitwise_xor";
    case BinaryOp::Shl: return "bitwise_left_shift";
    case BinaryOp::Shr: return "bitwise_right_shift";
    case BinaryOp::Lt: return "lt";
    case BinaryOp::Le: return "le";
    case BinaryOp::Gt: return "gt";
    case BinaryOp::Ge: return "ge";
    case BinaryOp::Eq: return "eq";
    case BinaryOp::Ne: return "ne";
  }
  return nullptr;
}

// `a OP b` == `b OP' a` for the reflected comparison.
BinaryOp mirrored(BinaryOp op) {
  switch (op) {
    case BinaryOp::Lt: return BinaryOp::Gt;
    case BinaryOp::Le: return BinaryOp::Ge;
    case BinaryOp::Gt: return BinaryOp::Lt;
    case BinaryOp::Ge: return BinaryOp::Le;
    default: return op;
  }
}

bool isNumberValue(const Value& v) { return v.isBool() || v.isInt() || v.isFloat(); }

[[noreturn]] void unsupportedOperands(BinaryOp op, const Value& a, const Value& b) {
  throw Error(ErrorKind::Type, std::string("unsupported operand type(s) for ") + binaryOpSymbol(op) + ": '" +
                                   typeName(a) + "' and '" + typeName(b) + "'");
}

}  // namespace

Value bridge::binary(Interpreter& interp, BinaryOp op, const Value& a, const Value& b, bool inPlace) {
  TensorState& state = stateOf(interp);
  const bool aT = a.isTensor(), bT = b.isTensor();
  if ((!aT && !isNumberValue(a)) || (!bT && !isNumberValue(b)) || !operatorOp(op)) unsupportedOperands(op, a, b);
  const ir::OpTable& table = ir::opTable();
  if (aT) {
    const bool comparison = op >= BinaryOp::Lt;
    if (inPlace && !comparison && op != BinaryOp::MatMul) {
      std::string name = std::string(operatorOp(op)) + "_";
      const ir::OverloadSet* set = table.overloads(name);
      TDSL_ASSERT(set != nullptr);
      CallArgs call{&b, 1, nullptr, 0};
      return callOverloads(state, *set, CallStyle::Method, &a, call);
    }
    Value args[2] = {a, b};
    return callOverloads(state, *table.overloads(operatorOp(op)), CallStyle::Function, nullptr, CallArgs{args, 2});
  }
  // Reflected: `number OP tensor`.
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Mul:
    case BinaryOp::BitAnd:  // __rand__, __ror__, __rxor__: the operation commutes
    case BinaryOp::BitOr:
    case BinaryOp::BitXor:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge: {
      Value args[2] = {b, a};
      return callOverloads(state, *table.overloads(operatorOp(mirrored(op))), CallStyle::Function, nullptr, CallArgs{args, 2});
    }
    case BinaryOp::Sub: return callOp(state, "rsub", {b, a});
    case BinaryOp::Div:  // PyTorch's __rtruediv__: reciprocal(b) * a
      return callOp(state, "mul", {callOp(state, "reciprocal", {b}), a});
    case BinaryOp::Mod:  // __rmod__, __rlshift__, __rrshift__: torch.<op>(number, tensor)
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
      Value args[2] = {a, b};
      return callOverloads(state, *table.overloads(operatorOp(op)), CallStyle::Function, nullptr, CallArgs{args, 2});
    }
    case BinaryOp::Pow:
      // __rpow__ is tensor(number) ** t, laid out like t (Note [Elementwise
      // output layout]); torch.pow(number, t) would be row-major.
      return callOp(state, "pow", {Value(wrappedNumberTensor(state, a)), b});
    case BinaryOp::FloorDiv:
      return callOp(state, "floor_divide", {Value(wrappedNumberTensor(state, a)), b});
    case BinaryOp::MatMul: break;
  }
  unsupportedOperands(op, a, b);
}

Value bridge::unary(Interpreter& interp, UnaryOp op, const Value& a) {
  TensorState& state = stateOf(interp);
  switch (op) {
    case UnaryOp::Neg: return callOp(state, "neg", {a});
    case UnaryOp::Pos: return a;
    case UnaryOp::Invert:
      // Tensor.__invert__ checks the dtype itself, with its own message.
      if (isFloating(self_(a).dtype()))
        throw Error(ErrorKind::Type, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
      return callOp(state, "bitwise_not", {a});
  }
  return a;
}

namespace {

// The attributes bridge::getAttr answers itself, with Note [Tensor member reads].
constexpr std::pair<std::string_view, uint8_t> kAttributeReads[] = {
    {"shape", kReadsSizes},   {"dtype", kReadsDType},           {"ndim", kReadsRank},
    {"is_meta", kReadsNothing}, {"requires_grad", kReadsAutograd}, {"grad", kReadsAutograd},
    {"data", kReadsNothing},  {"T", kReadsNothing},             {"mT", kReadsNothing},
    {"H", kReadsNothing},     {"mH", kReadsNothing},
    {"is_leaf", kReadsAutograd}, {"grad_fn", kReadsAutograd},   {"_version", kReadsAutograd},
    {"retains_grad", kReadsAutograd},
};

}  // namespace

uint8_t tensorMemberReads(std::string_view name) {
  for (const auto& [attr, reads] : kAttributeReads)
    if (attr == name) return reads;
  const auto& table = methodTable();
  auto it = table.find(name);
  return it == table.end() ? static_cast<uint8_t>(kReadsNothing) : it->second.reads;
}

Value bridge::getAttr(Interpreter& interp, const Value& self, std::string_view name) {
  const TensorObject& t = self_(self);
  if (name == "shape") return makeSize(t.sizes().vec());
  if (name == "dtype") return Value::dtype(t.dtype());
  if (name == "ndim") return Value::integer(t.dim());
  if (name == "is_meta") return Value::boolean(t.isMeta());
  if (std::optional<Value> v = autogradGetAttr(interp, self, name)) return *v;
  if (name == "data") return callMethod(stateOf(interp), self, "detach", {});
  if (name == "H" || name == "mH") return conjugateTranspose(interp, self, name == "H");
  if (name == "T" || name == "mT") {
    if (name == "mT" && t.dim() < 2) throw Error(ErrorKind::Runtime, "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.");
    std::vector<Value> dims;
    int n = t.dim();
    for (int i = 0; i < n; ++i) dims.push_back(Value::integer(name == "T" ? n - 1 - i : i));
    if (name == "mT") std::swap(dims[n - 1], dims[n - 2]);
    return callMethod(stateOf(interp), self, "permute", {makeList(std::move(dims))});
  }
  if (Value v; deviceAttribute(self, name, v)) return v;
  const auto& table = methodTable();
  auto it = table.find(name);
  if (it == table.end()) noAttribute(name);
  return Value(makeRef<BoundMethodObject>(self, makeNative(std::string(name), methodTrampoline, &it->second)));
}

Value bridge::callMethod(Interpreter& interp, const Value& self, std::string_view name, const CallArgs& call) {
  const auto& table = methodTable();
  auto it = table.find(name);
  if (it != table.end()) return callEntry(interp, it->second, self, call);
  // A property holding a callable would land here; tensors have none.
  noAttribute(name);
}

const void* bridge::resolveMethod(std::string_view name) {
  const auto& table = methodTable();
  auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

Value bridge::callResolvedMethod(Interpreter& interp, const void* entry, const Value& self, const CallArgs& call) {
  return callEntry(interp, *static_cast<const MethodEntry*>(entry), self, call);
}

bool bridge::truth(Interpreter& interp, const Value& self) {
  const TensorObject& t = self_(self);
  if (autograd::isBatched(t)) autograd::throwBatchedControlFlow();
  int64_t n = t.numel();
  if (n == 0) throw Error(ErrorKind::Runtime, "Boolean value of Tensor with no values is ambiguous");
  if (n > 1) throw Error(ErrorKind::Runtime, "Boolean value of Tensor with more than one value is ambiguous");
  Value v = tensorItem(t);
  return v.isBool() ? v.asBool() : v.isInt() ? v.asInt() != 0 : v.asFloat() != 0.0;
}

int64_t bridge::length(Interpreter& interp, const Value& self) {
  const TensorObject& t = self_(self);
  if (t.dim() == 0) throw Error(ErrorKind::Type, "len() of a 0-d tensor");
  return t.sizes()[0];
}

Value bridge::iterItem(Interpreter& interp, const Value& self, int64_t i) {
  const TensorObject& t = self_(self);
  if (t.dim() == 0) throw Error(ErrorKind::Type, "iteration over a 0-d tensor");
  return callOp(stateOf(interp), "select", {self, Value::integer(0), Value::integer(i)});
}

namespace {

// PyTorch's repr of a batched tensor: one BatchedTensor(lvl=, bdim=0,
// value=...) per level around the tensor of every sample, the innermost
// level outside (Note [Batched tensors] in autograd/batched_dispatch.h).
// lvl counts the batched vmap calls under way from the outermost (a level
// whose call has returned counts among the tensor's own levels).
std::string batchedRepr(Interpreter& interp, const TensorObject& t) {
  std::vector<std::shared_ptr<BatchLevel>> levels;
  const Value physical = autograd::physicalViewOf(t, &levels);
  std::string text = bridge::repr(interp, physical);
  const auto& open = stateOf(interp).vmapLevels;
  for (size_t i = 0; i < levels.size(); ++i) {
    const auto& level = levels[i];
    const auto at = std::find(open.begin(), open.end(), level);
    const size_t depth = 1 + (at != open.end() ? static_cast<size_t>(at - open.begin()) : i);
    std::string indented = "    ";
    for (char c : text) {
      indented += c;
      if (c == '\n') indented += "    ";
    }
    text = "BatchedTensor(lvl=" + std::to_string(depth) + ", bdim=0, value=\n" + indented + "\n)";
  }
  return text;
}

}  // namespace

std::string bridge::repr(Interpreter& interp, const Value& self) {
  const TensorObject& t = self_(self);
  if (autograd::hasPhysicalDims(t)) return batchedRepr(interp, t);
  if (t.isMeta()) {
    std::string s = "tensor(..., device='meta', size=(";
    for (int i = 0; i < t.dim(); ++i) s += (i ? ", " : "") + std::to_string(t.sizes()[i]) + (t.dim() == 1 ? "," : "");
    s += ")";
    if (t.dtype() != DType::Float32) s += std::string(", dtype=torch.") + dtypeName(t.dtype());
    return s + ")";
  }
  TensorReprInput in;
  in.dtype = t.dtype();
  in.sizes = t.sizes().vec();
  in.strides = t.strides().vec();
  in.data = t.numel() ? t.dataPtr() : nullptr;
  std::string text = formatTensorRepr(in);
  if (std::string suffix = autogradReprSuffix(t); !suffix.empty()) text.insert(text.size() - 1, suffix);
  return text;
}

void bridge::setAttr(Interpreter& interp, const Value& self, std::string_view name, const Value& value) {
  if (autogradSetAttr(interp, self, name, value)) return;
  throw Error(ErrorKind::Attribute, "'Tensor' object has no attribute '" + std::string(name) + "'");
}

}  // namespace tdsl
