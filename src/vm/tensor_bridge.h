// The seam between the VM and the tensor layer. The VM calls these whenever an
// operand is a tensor (or, for indexing and attributes, the receiver is); the
// tensor layer (src/vm/tensor/bindings*.cpp) implements them by dispatching
// through the one op table (src/ops/op_table.h). When the tracer is active the
// same dispatch records graph nodes instead of running kernels, so the VM never
// needs to know whether a tensor is real or a proxy.
#pragma once

#include <string>
#include <string_view>

#include "vm/native.h"
#include "core/value.h"

namespace tdsl {

class Interpreter;

// Python operators, in the order the VM's arithmetic opcodes use them.
// The Python binary operators: value_ops.h's Arith operators in Arith order,
// then its comparisons in Cmp order (value_ops.cpp static_asserts the
// correspondence), so the VM converts by a cast and keeps the one symbol table.
enum class BinaryOp : uint8_t {
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, Shl, Shr,
  Lt, Le, Gt, Ge, Eq, Ne
};
enum class UnaryOp : uint8_t { Neg, Pos, Invert };

// `a OP b` where at least one operand is a tensor. `inPlace` is set for
// augmented assignment (`x += y` on a tensor mutates x, as in PyTorch).
Value tensorBinary(Interpreter& interp, BinaryOp op, const Value& a, const Value& b, bool inPlace);
Value tensorUnary(Interpreter& interp, UnaryOp op, const Value& a);

// `t.name` (properties such as shape, dtype, T; methods as bound callables).
Value tensorGetAttr(Interpreter& interp, const Value& self, std::string_view name);
// `t.name(args)` without materializing a bound method (the VM's fast path).
Value tensorCallMethod(Interpreter& interp, const Value& self, std::string_view name, const CallArgs& call);

Value tensorGetItem(Interpreter& interp, const Value& self, const Value& index);
void tensorSetItem(Interpreter& interp, const Value& self, const Value& index, const Value& value);

// bool(t), len(t), iteration along dim 0, str(t) / repr(t).
bool tensorTruth(Interpreter& interp, const Value& self);
int64_t tensorLength(Interpreter& interp, const Value& self);
Value tensorIterItem(Interpreter& interp, const Value& self, int64_t i);
std::string tensorRepr(const Value& self);

// The `torch` module (also bound by `import tdsl`): constructors, functions,
// dtypes, torch.testing, torch.compile.
Value makeTorchModule(Interpreter& interp);

}  // namespace tdsl
