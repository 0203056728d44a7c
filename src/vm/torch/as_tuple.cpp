// nonzero(as_tuple=True) and torch.where(condition) (Note [nonzero as_tuple] in as_tuple.h).
#include "vm/torch/as_tuple.h"

#include <string_view>
#include <vector>

#include "support/diagnostics.h"
#include "vm/objects.h"
#include "vm/value_ops.h"

namespace tdsl {

bool isNonzeroTupleForm(const ir::OverloadSet& set, const CallArgs& call) {
  // string_view: compares sizes first, so the ops of every other call pay
  // almost nothing here.
  const std::string_view name = set.name;
  if (name == "where") return call.nargs == 1 && call.nkwargs == 0;
  if (call.nkwargs == 0 || name != "nonzero") return false;
  for (size_t k = 0; k < call.nkwargs; ++k)
    if (call.kwargs[k].name == "as_tuple") return true;
  return false;
}

Value callNonzeroTuple(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                       const CallArgs& call) {
  std::vector<KwArg> kept;
  bool asTuple = set.name == "where";
  for (size_t k = 0; k < call.nkwargs; ++k) {
    const KwArg& kw = call.kwargs[k];
    if (kw.name != "as_tuple") {
      kept.push_back(kw);
    } else if (!kw.value.isBool()) {
      throw Error(ErrorKind::Type, "nonzero(): argument 'as_tuple' must be bool, not " + typeName(kw.value));
    } else {
      asTuple = kw.value.asBool();
    }
  }
  const ir::OverloadSet& nonzero = *ir::opTable().overloads("nonzero");
  CallArgs rest{call.args, call.nargs, kept.data(), kept.size()};
  if (!asTuple) return callOverloads(state, nonzero, style, self, rest);
  const Value* input = style == CallStyle::Method ? self : call.nargs > 0 ? &call.args[0] : nullptr;
  if (!input || !input->isTensor() || call.nargs > (style == CallStyle::Method ? 0u : 1u) || !kept.empty())
    return callOverloads(state, nonzero, style, self, rest);  // its own argument error
  Value x = *input;
  if (asTensor(x)->dim() == 0) x = callOp(state, "unsqueeze", {x, Value::integer(0)});
  Value indices = callOp(state, "nonzero", {x});
  std::vector<Value> columns;
  for (int64_t d = 0; d < asTensor(x)->dim(); ++d)
    columns.push_back(callOp(state, "select", {indices, Value::integer(1), Value::integer(d)}));
  return makeTuple(std::move(columns));
}

}  // namespace tdsl
