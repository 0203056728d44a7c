// Every use of every value of a storage, in node order of the user, for
// passes that ask "who reads this storage between these two nodes?" many
// times (reinplace). Kept exact under the rewrites reinplace makes, together
// with an AliasAnalysis it consults for roots.
//
// Note [Storage use index]: for each storage root r, uses(r) lists one entry
// (user, value) per argument slot of a node reading a value whose root is r,
// sorted by the user's position (ties in any order). It equals, as a
// multiset, the pairs (v, u) for v in aliasesOf(r), u in v->users(), which is
// what the passes used to enumerate; a query for users after a node then
// costs the size of the window, not of the storage. Positions may be
// renumbered (Note [Node positions]) but their order never changes, so the
// lists stay sorted.
#pragma once

#include <set>
#include <unordered_map>

#include "ir/alias_analysis.h"
#include "ir/graph.h"

namespace tdsl::opt {

struct StorageUse {
  ir::Node* user;
  ir::IrValue* value;
};

struct UserOrder {
  bool operator()(const StorageUse& a, const StorageUse& b) const { return a.user->isBefore(b.user); }
};
using StorageUseSet = std::multiset<StorageUse, UserOrder>;

class StorageUses {
 public:
  StorageUses(const ir::Graph& g, const ir::AliasAnalysis& aa);
  // Entries of root's storage whose user comes after `after` (nullptr: all).
  StorageUseSet::const_iterator begin(const ir::IrValue* root, const ir::Node* after) const;
  StorageUseSet::const_iterator end(const ir::IrValue* root) const;

  // Maintenance, in step with the graph and `aa`:
  void addUsesOf(ir::Node* n);     // n was just created (its arguments' roots are known to aa)
  void removeUsesOf(ir::Node* n);  // n is about to be erased
  // Every use of `oldRoot`'s storage now belongs to `newRoot`'s, and uses
  // of `from` itself read `to` (after from->replaceAllUsesWith(to)).
  void moveStorage(const ir::IrValue* oldRoot, const ir::IrValue* newRoot, ir::IrValue* from, ir::IrValue* to);

 private:
  const ir::AliasAnalysis& aa_;
  std::unordered_map<const ir::IrValue*, StorageUseSet> byRoot_;
  static const StorageUseSet kNone;
};

}  // namespace tdsl::opt
