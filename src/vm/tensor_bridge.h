// Note [Tensor bridge]
// The seam between the VM and the tensor layer. The VM calls these whenever
// an operand is a tensor (or, for indexing and attributes, the receiver is),
// through the table of entry points its Interpreter holds. The VM owns the
// table's shape; src/vm/torch fills it in when it is installed
// (vm/torch/install.h) and implements it by dispatching through the one op
// table (src/ops/op_table.h). An interpreter without it has no torch module,
// so no tensor ever reaches the VM. When the tracer is active the same
// dispatch records graph nodes instead of running kernels, so the VM never
// needs to know whether a tensor is real or a proxy.
#pragma once

#include <string>
#include <string_view>

#include "core/value.h"
#include "vm/interpreter.h"
#include "vm/native.h"

namespace tdsl {

// Python operators, in the order the VM's arithmetic opcodes use them.
// The Python binary operators: value_ops.h's Arith operators in Arith order,
// then its comparisons in Cmp order (value_ops.cpp static_asserts the
// correspondence), so the VM converts by a cast and keeps the one symbol table.
enum class BinaryOp : uint8_t {
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, Shl, Shr,
  Lt, Le, Gt, Ge, Eq, Ne
};
enum class UnaryOp : uint8_t { Neg, Pos, Invert };

struct TensorBridge {
  // `a OP b` where at least one operand is a tensor. `inPlace` is set for
  // augmented assignment (`x += y` on a tensor mutates x, as in PyTorch).
  Value (*binary)(Interpreter& interp, BinaryOp op, const Value& a, const Value& b, bool inPlace);
  Value (*unary)(Interpreter& interp, UnaryOp op, const Value& a);
  // `t.name` (properties such as shape, dtype, T; methods as bound callables).
  Value (*getAttr)(Interpreter& interp, const Value& self, std::string_view name);
  // `t.name(args)` without materializing a bound method (the VM's fast path).
  Value (*callMethod)(Interpreter& interp, const Value& self, std::string_view name, const CallArgs& call);
  Value (*getItem)(Interpreter& interp, const Value& self, const Value& index);
  void (*setItem)(Interpreter& interp, const Value& self, const Value& index, const Value& value);
  // bool(t), len(t), iteration along dim 0, str(t) / repr(t).
  bool (*truth)(Interpreter& interp, const Value& self);
  int64_t (*length)(Interpreter& interp, const Value& self);
  Value (*iterItem)(Interpreter& interp, const Value& self, int64_t i);
  std::string (*repr)(Interpreter& interp, const Value& self);
  // `t.name = value` (autograd's requires_grad and grad).
  void (*setAttr)(Interpreter& interp, const Value& self, std::string_view name, const Value& value);
  // The method table's entry for `name` (null when tensors have no such
  // method), and a call through it: the VM caches the entry per call site
  // (Note [Method inline cache]) so a hot `x.add_(1.0)` skips the lookup.
  // Entries live as long as the process.
  const void* (*resolveMethod)(std::string_view name);
  Value (*callResolvedMethod)(Interpreter& interp, const void* entry, const Value& self, const CallArgs& call);
};

// The VM's calls, one per entry point.
inline Value tensorBinary(Interpreter& interp, BinaryOp op, const Value& a, const Value& b, bool inPlace) {
  return interp.tensorBridge().binary(interp, op, a, b, inPlace);
}
inline Value tensorUnary(Interpreter& interp, UnaryOp op, const Value& a) {
  return interp.tensorBridge().unary(interp, op, a);
}
inline Value tensorGetAttr(Interpreter& interp, const Value& self, std::string_view name) {
  return interp.tensorBridge().getAttr(interp, self, name);
}
inline Value tensorCallMethod(Interpreter& interp, const Value& self, std::string_view name, const CallArgs& call) {
  return interp.tensorBridge().callMethod(interp, self, name, call);
}
inline const void* tensorResolveMethod(Interpreter& interp, std::string_view name) {
  return interp.tensorBridge().resolveMethod(name);
}
inline Value tensorCallResolvedMethod(Interpreter& interp, const void* entry, const Value& self, const CallArgs& call) {
  return interp.tensorBridge().callResolvedMethod(interp, entry, self, call);
}
inline Value tensorGetItem(Interpreter& interp, const Value& self, const Value& index) {
  return interp.tensorBridge().getItem(interp, self, index);
}
inline void tensorSetItem(Interpreter& interp, const Value& self, const Value& index, const Value& value) {
  interp.tensorBridge().setItem(interp, self, index, value);
}
inline bool tensorTruth(Interpreter& interp, const Value& self) { return interp.tensorBridge().truth(interp, self); }
inline int64_t tensorLength(Interpreter& interp, const Value& self) {
  return interp.tensorBridge().length(interp, self);
}
inline Value tensorIterItem(Interpreter& interp, const Value& self, int64_t i) {
  return interp.tensorBridge().iterItem(interp, self, i);
}
inline std::string tensorRepr(Interpreter& interp, const Value& self) {
  return interp.tensorBridge().repr(interp, self);
}
inline void tensorSetAttr(Interpreter& interp, const Value& self, std::string_view name, const Value& value) {
  interp.tensorBridge().setAttr(interp, self, name, value);
}

}  // namespace tdsl
