#include "vm/torch/op_results.h"

#include <memory>
#include <vector>

namespace tdsl {

namespace {

std::vector<std::unique_ptr<const NamedTupleType>> buildResultTuples() {
  std::vector<std::unique_ptr<const NamedTupleType>> types;
  for (const ir::OpDef& op : ir::opTable().ops()) {
    types.emplace_back();
    if (op.schema.returns.size() < 2) continue;
    bool named = true;
    for (const ir::SchemaArg& ret : op.schema.returns) named = named && !ret.name.empty();
    if (!named) continue;
    auto type = std::make_unique<NamedTupleType>();
    type->name = "torch.return_types." + op.schema.name;
    for (const ir::SchemaArg& ret : op.schema.returns) type->fields.push_back(ret.name);
    type->fieldPerLine = true;
    types.back() = std::move(type);
  }
  return types;
}

}  // namespace

const NamedTupleType* resultTupleType(const ir::OpDef& op) {
  static const std::vector<std::unique_ptr<const NamedTupleType>> types = buildResultTuples();
  return types[static_cast<size_t>(op.id)].get();
}

Value packTupleResults(const ir::OpDef& op, OpResults&& results) {
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(results.count));
  for (int i = 0; i < results.count; ++i) items.push_back(std::move(results[i]));
  if (const NamedTupleType* type = resultTupleType(op)) return makeNamedTuple(*type, std::move(items));
  return makeTuple(std::move(items));
}

}  // namespace tdsl
