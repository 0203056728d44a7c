// StorageUses (see storage_uses.h).
#include "opt/storage_uses.h"

#include <algorithm>
#include <iterator>

#include "support/diagnostics.h"

namespace tdsl::opt {

using namespace tdsl::ir;

const StorageUseSet StorageUses::kNone;

StorageUses::StorageUses(const Graph& g, const AliasAnalysis& aa) : aa_(aa) {
  for (Node* n : g.nodes())
    for (IrValue* v : n->inputValues()) {
      StorageUseSet& uses = byRoot_[aa.root(v)];
      uses.insert(uses.end(), {n, v});  // nodes come in order: a hint at the end
    }
}

StorageUseSet::const_iterator StorageUses::begin(const IrValue* root, const Node* after) const {
  auto it = byRoot_.find(root);
  const StorageUseSet& uses = it == byRoot_.end() ? kNone : it->second;
  if (!after) return uses.begin();
  return uses.upper_bound(StorageUse{const_cast<Node*>(after), nullptr});
}

StorageUseSet::const_iterator StorageUses::end(const IrValue* root) const {
  auto it = byRoot_.find(root);
  return it == byRoot_.end() ? kNone.end() : it->second.end();
}

void StorageUses::addUsesOf(Node* n) {
  for (IrValue* v : n->inputValues()) byRoot_[aa_.root(v)].insert({n, v});
}

void StorageUses::removeUsesOf(Node* n) {
  for (IrValue* v : n->inputValues()) {
    StorageUseSet& uses = byRoot_[aa_.root(v)];
    auto range = uses.equal_range(StorageUse{n, v});
    auto it = std::find_if(range.first, range.second, [&](const StorageUse& u) { return u.value == v; });
    TDSL_ASSERT(it != range.second);
    uses.erase(it);
  }
}

void StorageUses::moveStorage(const IrValue* oldRoot, const IrValue* newRoot, IrValue* from, IrValue* to) {
  auto it = byRoot_.find(oldRoot);
  if (it == byRoot_.end()) return;
  StorageUseSet moved = std::move(it->second);
  byRoot_.erase(it);
  // Uses of `from` itself now read `to` (the value is not part of the order).
  for (const StorageUse& u : moved)
    if (u.value == from) const_cast<StorageUse&>(u).value = to;
  StorageUseSet& dst = byRoot_[newRoot];
  if (dst.size() < moved.size()) std::swap(dst, moved);  // insert the smaller set into the larger
  for (const StorageUse& u : moved) dst.insert(u);
}

}  // namespace tdsl::opt
