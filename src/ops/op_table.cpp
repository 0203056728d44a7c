// Builds the op table from the row groups: parses every schema, derives the
// functional/in-place links by name and resolves the view inverses.
#include "ops/op_table.h"

#include "ops/rows/rows_more.h"
#include "support/diagnostics.h"

namespace tdsl::ir {

namespace {

// Note [Positional orders] in op_table.h.
void setPositionalOrders(OpDef& def) {
  const auto& args = def.schema.args;
  TDSL_ASSERT(args.size() <= static_cast<size_t>(kMaxOpArgs));
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kwOnly) continue;
    def.positionalAsFunction[def.numPositionalAsFunction++] = static_cast<uint8_t>(i);
    if (static_cast<int>(i) != def.selfArg) def.positionalAsMethod[def.numPositionalAsMethod++] = static_cast<uint8_t>(i);
  }
}

}  // namespace

OpTable::OpTable(const std::vector<const std::vector<OpRow>*>& rowGroups) {
  size_t total = 0;
  for (const auto* group : rowGroups) total += group->size();
  ops_.reserve(total);  // OpDef pointers stay valid: no reallocation below
  for (const auto* group : rowGroups) {
    for (const OpRow& row : *group) {
      OpDef def;
      def.schema = parseSchema(row.schema);
      def.tags = row.tags;
      def.variants = row.variants;
      def.meta = row.meta;
      def.eager = row.eager;
      def.id = static_cast<int>(ops_.size());
      def.selfArg = def.schema.argIndex("self");
      def.opName = def.schema.name;
      def.baseName = def.schema.baseName();
      for (const SchemaArg& arg : def.schema.args) def.paramNames.push_back(arg.name);
      setPositionalOrders(def);
      ops_.push_back(std::move(def));
    }
  }
  fullNames_.reserve(ops_.size());
  for (const OpDef& op : ops_) fullNames_.push_back(op.fullName());
  for (size_t i = 0; i < ops_.size(); ++i) {
    // A duplicate full name keeps the first row; test_op_table reports it.
    byFullName_.emplace(fullNames_[i], &ops_[i]);
  }

  // Overload sets in declaration order.
  std::unordered_map<std::string, size_t> setIndex;
  for (const OpDef& op : ops_) {
    auto it = setIndex.find(op.name());
    if (it == setIndex.end()) {
      it = setIndex.emplace(op.name(), sets_.size()).first;
      sets_.push_back(OverloadSet{op.name(), {}, false, false});
    }
    OverloadSet& set = sets_[it->second];
    set.ops.push_back(&op);
    if (op.variants & kMethod) set.anyMethod = true;
    if (op.variants & kFunction) set.anyFunction = true;
  }
  for (const OverloadSet& set : sets_) byName_.emplace(set.name, &set);

  // Links.
  size_t rowIndex = 0;
  for (const auto* group : rowGroups) {
    for (const OpRow& row : *group) {
      OpDef& op = ops_[rowIndex++];
      if (op.schema.isInplaceName()) {
        std::string functional = op.schema.baseName();
        if (!op.schema.overload.empty()) functional += "." + op.schema.overload;
        auto it = byFullName_.find(functional);
        if (it != byFullName_.end()) {
          op.functional = it->second;
          op.functionalKernel = it->second;
          const_cast<OpDef*>(it->second)->inplace = &op;
        }
      }
      if (row.inverse) {
        auto it = byFullName_.find(row.inverse);
        if (it != byFullName_.end()) op.inverse = it->second;
      }
    }
  }
}

const OpDef* OpTable::find(std::string_view fullName) const {
  auto it = byFullName_.find(fullName);
  return it == byFullName_.end() ? nullptr : it->second;
}

const OverloadSet* OpTable::overloads(std::string_view name) const {
  auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : it->second;
}

const OpTable& opTable() {
  static const OpTable table({&pointwiseOpRows(), &reductionOpRows(), &viewOpRows(), &indexingOpRows(),
                              &factoryOpRows(), &viewMoreOpRows(), &mathMoreOpRows(), &randomOpRows(),
                              &sortingOpRows(), &scanOpRows(), &reorderOpRows(),
                              &pointwiseExtraOpRows(), &statisticsOpRows(), &linalgOpRows(),
                              &corpusOpRows()});
  return table;
}

}  // namespace tdsl::ir
