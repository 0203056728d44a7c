// The one alias analysis (STYLE.md practice 12): every alias question a pass
// asks is answered here, from the op table's schema annotations and the
// values' metadata — never from op names.
//
// Note [Alias sets]
// A result annotated Tensor(a) shares storage with the argument annotated
// with the same letter (a view; for in-place ops, Tensor(a!), the written
// argument itself). Unannotated results are fresh storage. Every value thus
// has a storage root: a graph input or a fresh op result. Two values with
// different roots never share memory (graph inputs are assumed not to alias
// each other: the compile cache guards on that). MaybeView ops (reshape,
// flatten, contiguous, to) alias only when their metadata says they did; see
// maybeViewAliases().
//
// Note [Regions]
// Within one storage a value covers the element set
// {offset + sum_i k_i * stride_i : 0 <= k_i < size_i}. regionOverlap decides
// from static metadata in time independent of the number of elements (Note
// [Deciding overlap] in alias_analysis.cpp): interval bounds, a gcd argument
// (x[0::2] and x[1::2] never meet), exact answers for 1-D progressions, dense
// intervals and row-aligned multi-dim regions (x[:, 0:2] vs x[:, 2:4]), and a
// bounded row-by-row search otherwise. What it cannot prove disjoint within
// that bound (symbolic sizes, irregular as_strided sets) is "may overlap"; it
// never enumerates elements.
#pragma once

#include <unordered_map>
#include <vector>

#include "ir/graph.h"

namespace tdsl::ir {

// Index of the argument whose storage result `outputIndex` of `n` shares, or
// -1 when the result is fresh.
int aliasedArgIndex(const Node& n, size_t outputIndex = 0);
// Arguments the op writes (Tensor(x!) annotations).
std::vector<size_t> writtenArgIndices(const Node& n);
bool isMutation(const Node& n);
// A node whose first result aliases an argument and that writes nothing.
bool isViewNode(const Node& n);
// Note [Alias sets]: does this MaybeView call return an alias of self?
bool maybeViewAliases(const Node& n);

// Does `scatter` take exactly `view`'s arguments after (self, src)? Then
// scatter(base, src, a...) writes src into view(base, a...) — Note [View
// inverses] in op_table.h. Matched by argument names and types.
bool scatterMirrorsView(const OpDef& view, const OpDef& scatter);

enum class Overlap { Disjoint, Same, May };
Overlap regionOverlap(const ValueMeta& a, const ValueMeta& b);
inline bool mayOverlap(const ValueMeta& a, const ValueMeta& b) { return regionOverlap(a, b) != Overlap::Disjoint; }

// Note [Overlapping sources]
// An in-place op whose other tensor argument shares storage with the tensor
// it writes reads, in eager mode, what the storage holds WHILE it writes:
// `y[1:].sub_(y[:-1])` on a stepped (non-dense) y, whose overlap eager allows
// (Note [Write overlap checks]), subtracts values it has just updated, as
// PyTorch does; index_copy_/scatter_ with a source that is a view of self
// read rows they already replaced. A functional graph reads every operand
// before it writes (the op's functional twin), so it computes something else.
// True unless the two regions are provably disjoint, or identical and the op
// is elementwise (element i is read, then written, by iteration i alone).
// The tracer breaks the graph before such an op so it runs eagerly.
bool readsItsOwnWrites(const OpDef& op, const ValueMeta& written, const ValueMeta& source);
// True unless the metadata provably maps distinct indices to distinct elements
// (an expanded, stride-0 view overlaps itself).
bool hasInternalOverlap(const ValueMeta& m);

class AliasAnalysis {
 public:
  explicit AliasAnalysis(const Graph& g);
  // The graph input or fresh result whose storage `v` uses.
  IrValue* root(const IrValue* v) const;
  bool sameStorage(const IrValue* a, const IrValue* b) const { return root(a) == root(b); }
  bool rootIsInput(const IrValue* v) const { return root(v)->node()->isInput(); }
  // Every value using `root`'s storage, in node order (root first).
  const std::vector<IrValue*>& aliasesOf(const IrValue* root) const;

  // Note [Incremental alias sets]: a pass that rewrites a few nodes at a time
  // (reinplace) keeps the analysis exact without rebuilding it, which would
  // cost O(graph) per rewrite. After each call the maps equal what the
  // constructor computes on the current graph, member order included.
  // A node just inserted: its results join their roots' sets, in node order.
  void addNode(const Node& n);
  // A node about to be erased (its results have no users left).
  void removeNode(const Node& n);
  // `oldRoot`'s uses were just redirected to a value of another storage: the
  // values that aliased it (its views) now alias that value's storage.
  void rerootAliasesOf(const IrValue* oldRoot);

 private:
  void insertMember(IrValue* root, IrValue* v);
  std::unordered_map<const IrValue*, IrValue*> root_;
  std::unordered_map<const IrValue*, std::vector<IrValue*>> members_;
};

}  // namespace tdsl::ir
