// The Python argument parser: torch.X(...), t.X(...), Python operators and
// indexing all bind their arguments from the op's schema, converting VM
// values to the typed op ABI once (Note [Op ABI] in tensor/op_abi.h), call
// dispatchOp() (ops/dispatch.h, where the tracer intercepts) and turn its
// OpResults back into a script value (op_results.h).
//
// Argument binding follows PyTorch's Python arg parser: positional then
// keyword arguments, defaults, keyword-only args after `*`, `input` as the
// keyword name of `self` for function calls, int -> float for float/Scalar,
// a single int for int[N], varargs sizes (`x.view(2, 3)`, `torch.zeros(2, 3)`)
// when an int[] is the last positional parameter, lists/tuples/torch.Size for
// int[], dtypes for ScalarType. Overloads are tried in table order; when none
// binds, the error is the one PyTorch's argument parser gives (Note
// [Argument errors] in dispatch.cpp): one signature's specific reason
// ("clone(): argument 'memory_format' must be torch.memory_format, not int")
// or "pow() received an invalid combination of arguments - got (str), but
// expected one of: ...".
#pragma once

#include <string>

#include <vector>

#include "ops/dispatch.h"
#include "ops/op_table.h"
#include "vm/native.h"
#include "vm/objects.h"
#include "tensor/tensor.h"
#include "vm/torch/op_results.h"

namespace tdsl {

// The value of keyword argument `name`, or null when the call has none.
inline const Value* kwarg(const CallArgs& call, std::string_view name) {
  for (size_t i = 0; i < call.nkwargs; ++i)
    if (call.kwargs[i].name == name) return &call.kwargs[i].value;
  return nullptr;
}

// The items of a list or tuple.
inline ValueSpan listItems(const Value& v) { return seqItems(v); }

enum class CallStyle : uint8_t { Function, Method };

// Binds `call` (with `self` as the receiver for methods) to `op`'s schema.
// Returns false when it does not fit; `why` (if non-null) receives PyTorch's
// message for this one signature.
bool bindArgs(const ir::OpDef& op, CallStyle style, const Value* self, const CallArgs& call, ir::BoundArgs& out,
              std::string* why);

// Overload resolution + dispatch. Throws Error(Type) when no overload binds.
Value callOverloads(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                    const CallArgs& call);
// Convenience for C++ callers and tests: torch.<name>(args...) / self.<name>(args...).
Value callOp(TensorState& state, std::string_view name, std::initializer_list<Value> args,
             std::initializer_list<KwArg> kwargs = {});
Value callMethod(TensorState& state, const Value& self, std::string_view name, std::initializer_list<Value> args,
                 std::initializer_list<KwArg> kwargs = {});

// torch.preserve_format / torch.contiguous_format (Note [Preserved layout]).
// A MemoryFormat schema argument binds as the format's name (a str), which
// is also its form in the graph IR.
class MemoryFormatObject : public ExtensionObject {
 public:
  explicit MemoryFormatObject(MemoryFormat f) : format(f) {}
  std::string typeName() const override { return "torch.memory_format"; }
  std::string repr() const override { return std::string("torch.") + memoryFormatName(format); }
  const MemoryFormat format;
};

}  // namespace tdsl
