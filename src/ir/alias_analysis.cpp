// Alias analysis from schema annotations and region metadata (see header).
#include "ir/alias_analysis.h"

#include <algorithm>
#include <numeric>

#include "frontend/diagnostics.h"
#include "ir/op_table.h"

namespace tdsl::ir {

bool maybeViewAliases(const Node& n) {
  // Decided from metadata alone (Note [MaybeView ops] in op_table.h): a
  // dtype change is a copy; a contiguous input is always viewed; otherwise a
  // result laid out as a fresh contiguous buffer at offset 0 was copied.
  const IrValue* self = n.tensorArg(0);
  if (!self || n.numOutputs() == 0) return false;
  const ValueMeta& in = self->meta();
  const ValueMeta& out = n.output()->meta();
  if (in.dtype != out.dtype) return false;
  if (in.isContiguous()) return true;
  return !(out.isContiguous() && out.offset == SymInt(0));
}

int aliasedArgIndex(const Node& n, size_t outputIndex) {
  if (!n.isOp()) return -1;
  const Schema& s = n.op()->schema;
  if (outputIndex >= s.returns.size()) return -1;
  const AliasInfo& ret = s.returns[outputIndex].alias;
  if (!ret.annotated()) return -1;
  if (n.op()->has(kTagMaybeView) && !maybeViewAliases(n)) return -1;
  for (size_t i = 0; i < s.args.size(); ++i)
    if (s.args[i].alias.set == ret.set) return n.tensorArg(i) ? static_cast<int>(i) : -1;
  return -1;
}

std::vector<size_t> writtenArgIndices(const Node& n) {
  std::vector<size_t> out;
  if (!n.isOp()) return out;
  const Schema& s = n.op()->schema;
  for (size_t i = 0; i < s.args.size(); ++i)
    if (s.args[i].alias.isWrite) out.push_back(i);
  return out;
}

bool isMutation(const Node& n) { return !writtenArgIndices(n).empty(); }

bool isViewNode(const Node& n) { return n.isOp() && n.numOutputs() > 0 && !isMutation(n) && aliasedArgIndex(n, 0) >= 0; }

bool scatterMirrorsView(const OpDef& view, const OpDef& scatter) {
  const auto& va = view.schema.args;
  const auto& sa = scatter.schema.args;
  if (va.empty() || sa.size() != va.size() + 1) return false;
  for (size_t k = 1; k < va.size(); ++k)
    if (va[k].name != sa[k + 1].name || va[k].type != sa[k + 1].type) return false;
  return true;
}

// --- regions ----------------------------------------------------------------

namespace {

struct Dim {
  int64_t size, stride;
};

bool concreteDims(const ValueMeta& m, std::vector<Dim>* dims, int64_t* offset, int64_t* numel) {
  if (!isConcrete(m)) return false;
  *numel = 1;
  for (size_t i = 0; i < m.sizes.size(); ++i) {
    int64_t size = m.sizes[i].constant();
    *numel *= size;
    if (size != 1) dims->push_back({size, m.strides[i].constant()});
  }
  *offset = m.offset.constant();
  return true;
}

void bounds(const std::vector<Dim>& dims, int64_t offset, int64_t* lo, int64_t* hi) {
  *lo = *hi = offset;
  for (auto& d : dims) {
    int64_t span = (d.size - 1) * d.stride;
    if (span < 0) *lo += span;
    else *hi += span;
  }
}

void enumerate(const std::vector<Dim>& dims, int64_t offset, std::vector<int64_t>* out) {
  std::vector<int64_t> idx(dims.size(), 0);
  while (true) {
    int64_t addr = offset;
    for (size_t i = 0; i < dims.size(); ++i) addr += idx[i] * dims[i].stride;
    out->push_back(addr);
    size_t k = dims.size();
    while (k > 0) {
      --k;
      if (++idx[k] < dims[k].size) break;
      idx[k] = 0;
      if (k == 0) return;
    }
    if (dims.empty()) return;
  }
}

constexpr int64_t kEnumerationLimit = int64_t(1) << 20;

}  // namespace

Overlap regionOverlap(const ValueMeta& a, const ValueMeta& b) {
  if (a.sizes == b.sizes && a.strides == b.strides && a.offset == b.offset) return Overlap::Same;
  std::vector<Dim> da, db;
  int64_t oa, ob, na, nb;
  if (!concreteDims(a, &da, &oa, &na) || !concreteDims(b, &db, &ob, &nb)) return Overlap::May;
  if (na == 0 || nb == 0) return Overlap::Disjoint;
  int64_t loA, hiA, loB, hiB;
  bounds(da, oa, &loA, &hiA);
  bounds(db, ob, &loB, &hiB);
  if (hiA < loB || hiB < loA) return Overlap::Disjoint;
  int64_t g = 0;
  for (auto& d : da) g = std::gcd(g, d.stride < 0 ? -d.stride : d.stride);
  for (auto& d : db) g = std::gcd(g, d.stride < 0 ? -d.stride : d.stride);
  if (g > 1 && ((oa - ob) % g) != 0) return Overlap::Disjoint;
  if (na + nb > kEnumerationLimit) return Overlap::May;
  std::vector<int64_t> ea, eb;
  enumerate(da, oa, &ea);
  enumerate(db, ob, &eb);
  std::sort(ea.begin(), ea.end());
  for (int64_t x : eb)
    if (std::binary_search(ea.begin(), ea.end(), x)) return Overlap::May;
  return Overlap::Disjoint;
}

bool hasInternalOverlap(const ValueMeta& m) {
  if (m.isContiguous()) return false;  // also decides symbolic sizes
  std::vector<Dim> dims;
  int64_t offset, numel;
  if (!concreteDims(m, &dims, &offset, &numel)) return true;
  if (numel <= 1) return false;
  for (auto& d : dims) {
    if (d.stride == 0) return true;
    if (d.stride < 0) d.stride = -d.stride;
  }
  std::sort(dims.begin(), dims.end(), [](const Dim& x, const Dim& y) { return x.stride < y.stride; });
  int64_t extent = 0;  // highest address reachable with the smaller-stride dims
  bool provablyInjective = true;
  for (auto& d : dims) {
    if (d.stride <= extent) {
      provablyInjective = false;
      break;
    }
    extent += (d.size - 1) * d.stride;
  }
  if (provablyInjective) return false;
  if (numel > kEnumerationLimit) return true;
  std::vector<int64_t> addrs;
  enumerate(dims, 0, &addrs);
  std::sort(addrs.begin(), addrs.end());
  return std::adjacent_find(addrs.begin(), addrs.end()) != addrs.end();
}

// --- AliasAnalysis ----------------------------------------------------------

AliasAnalysis::AliasAnalysis(const Graph& g) {
  for (Node* n : g.nodes()) {
    for (size_t i = 0; i < n->numOutputs(); ++i) {
      IrValue* out = n->output(i);
      int src = aliasedArgIndex(*n, i);
      IrValue* r = src >= 0 ? root(n->tensorArg(static_cast<size_t>(src))) : out;
      root_[out] = r;
      members_[r].push_back(out);
    }
  }
}

IrValue* AliasAnalysis::root(const IrValue* v) const {
  auto it = root_.find(v);
  TDSL_ASSERT(it != root_.end());
  return it->second;
}

const std::vector<IrValue*>& AliasAnalysis::aliasesOf(const IrValue* r) const {
  static const std::vector<IrValue*> kEmpty;
  auto it = members_.find(r);
  return it == members_.end() ? kEmpty : it->second;
}

}  // namespace tdsl::ir
