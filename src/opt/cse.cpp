// Common subexpression elimination (see cse.h).
#include "opt/cse.h"

#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "ir/alias_analysis.h"
#include "ops/op_table.h"

namespace tdsl::opt {

using namespace tdsl::ir;

namespace {

// Note [Storage epochs]: each storage root counts the writes seen so far in
// node order; a data-reading node's key includes the epoch of every storage
// it reads, so reads separated by a write never share a key.
std::string keyOf(const Node& n, const AliasAnalysis& aa, const std::unordered_map<const IrValue*, int>& epoch,
                  bool withEpochs) {
  std::ostringstream k;
  k << n.op()->id << "(";
  for (const Arg& a : n.args()) {
    k << static_cast<int>(a.kind) << ":";
    switch (a.kind) {
      case Arg::Kind::None: break;
      case Arg::Kind::Tensor: k << a.tensor; break;
      case Arg::Kind::Int: k << a.i.str(); break;
      case Arg::Kind::Float: k << std::hexfloat << a.f << std::defaultfloat; break;
      case Arg::Kind::Bool: k << a.b; break;
      case Arg::Kind::IntList:
        for (auto& s : a.ints) k << s.str() << ",";
        break;
      case Arg::Kind::DType: k << static_cast<int>(a.dtype); break;
      case Arg::Kind::Str: k << a.str.size() << ":" << a.str; break;
      case Arg::Kind::TensorList:
        for (auto* v : a.tensors) k << v << ",";
        break;
    }
    if (withEpochs)
      for (IrValue* v : a.values()) {
        auto it = epoch.find(aa.root(v));
        k << "@" << (it == epoch.end() ? 0 : it->second);
      }
    k << ";";
  }
  return k.str();
}

bool storageIsWritten(const IrValue* root, const AliasAnalysis& aa) {
  for (IrValue* v : aa.aliasesOf(root))
    for (Node* u : v->users())
      if (isMutation(*u))
        for (size_t i : writtenArgIndices(*u))
          if (u->tensorArg(i) == v) return true;
  return false;
}

bool isGraphOutput(const IrValue* v) {
  for (Node* u : v->users())
    if (u->isOutput()) return true;
  return false;
}

// Note [Escaping buffers]: a storage escapes when the graph returns it,
// directly or through a view. Eager hands each returned tensor its own
// identity and, for fresh results, its own buffer; a later in-place update
// of one (after a graph break, or by the caller) must not show through the
// other. So two nodes whose results both escape are never merged: for fresh
// results, their storages both escape; for views, both results are returned
// themselves (distinct tensor objects, though one storage).
bool rootEscapes(const IrValue* root, const AliasAnalysis& aa) {
  for (IrValue* v : aa.aliasesOf(root))
    if (isGraphOutput(v)) return true;
  return false;
}

}  // namespace

int cse(Graph& g, PassInterrupt interrupt) {
  AliasAnalysis aa(g);
  std::unordered_map<const IrValue*, int> epoch;
  std::unordered_map<std::string, Node*> seen;
  // Roots whose storage escapes (Note [Escaping buffers]); a merge makes the
  // survivor's storage escape wherever the removed node's did.
  std::unordered_set<const IrValue*> escaping;
  for (Node* n : g.nodes())
    if (n->isInput() || (n->isOp() && !isViewNode(*n)))
      for (size_t i = 0; i < n->numOutputs(); ++i)
        if (aa.root(n->output(i)) == n->output(i) && rootEscapes(n->output(i), aa)) escaping.insert(n->output(i));
  auto escapes = [&](const Node& m, size_t i, bool view) {
    return view ? isGraphOutput(m.output(i)) : escaping.count(aa.root(m.output(i))) > 0;
  };
  int removed = 0;
  for (Node* n : g.nodes()) {
    interrupt.poll();
    if (!n->isOp()) continue;
    if (isMutation(*n)) {
      for (size_t i : writtenArgIndices(*n))
        if (IrValue* v = n->tensorArg(i)) ++epoch[aa.root(v)];
      continue;
    }
    if (n->op()->has(kTagRandom)) continue;
    bool view = isViewNode(*n);
    if (!view) {
      bool writtenResult = false;
      for (size_t i = 0; i < n->numOutputs(); ++i)
        writtenResult = writtenResult || storageIsWritten(aa.root(n->output(i)), aa);
      if (writtenResult) continue;
    }
    std::string key = keyOf(*n, aa, epoch, !view);
    auto it = seen.find(key);
    if (it == seen.end()) {
      seen.emplace(key, n);
      continue;
    }
    Node* earlier = it->second;
    bool sameMeta = true;
    for (size_t i = 0; i < n->numOutputs(); ++i) sameMeta = sameMeta && n->output(i)->meta() == earlier->output(i)->meta();
    if (!sameMeta) continue;
    bool bothEscape = false;
    for (size_t i = 0; i < n->numOutputs(); ++i)
      bothEscape = bothEscape || (escapes(*n, i, view) && escapes(*earlier, i, view));
    if (bothEscape) continue;
    if (!view)
      for (size_t i = 0; i < n->numOutputs(); ++i)
        if (escapes(*n, i, view)) escaping.insert(aa.root(earlier->output(i)));
    for (size_t i = 0; i < n->numOutputs(); ++i) n->output(i)->replaceAllUsesWith(earlier->output(i));
    g.erase(n);
    ++removed;
  }
  return removed;
}

}  // namespace tdsl::opt
