// Alias analysis from schema annotations and region metadata (see header).
#include "ir/alias_analysis.h"

#include <algorithm>
#include <iterator>
#include <numeric>

#include "support/diagnostics.h"
#include "ops/op_table.h"

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

bool isMutation(const Node& n) {
  if (!n.isOp()) return false;
  for (const SchemaArg& a : n.op()->schema.args)
    if (a.alias.isWrite) return true;
  return false;
}

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

// Only hasInternalOverlap's last resort enumerates, and only this many
// elements: regionOverlap never does (Note [Deciding overlap]).
constexpr int64_t kEnumerationLimit = int64_t(1) << 12;

int64_t floorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }
int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

// Note [Deciding overlap]
// A region is compared as the SET of addresses it covers, in a canonical form:
// size-1 and stride-0 dims dropped (a stride-0 dim repeats addresses, it adds
// none), negative strides flipped (offset moved to the lowest address), dims
// sorted by stride and merged where the set is a single progression (a dim of
// stride k*s, k <= size, on top of a dim of stride s). A contiguous tensor or
// a step-1 slice thus becomes one dim of stride 1, whatever its size.
// Then, in time independent of the number of elements:
//   - bounding intervals apart, or offsets differing modulo the gcd of all
//     strides (x[0::2] vs x[1::2]): disjoint;
//   - two 1-D progressions: exact, by the Chinese remainder theorem (the
//     common addresses form a progression with step lcm; is its first one past
//     both starts still below both ends?);
//   - a dense interval (one stride-1 dim) against anything: does the other
//     region hit the interval? Exact, row by row from the outermost dim, where
//     rows lying wholly inside the interval answer at once and only rows
//     straddling an end are examined further;
//   - two regions that split into rows of the same outer stride S with every
//     row's inner part inside [0, S) (x[:, 0:2] vs x[:, 2:4]): each is a
//     product rows x columns, so they meet iff their row ranges and their
//     column regions both meet (recursively);
//   - otherwise rows of one region are compared with the other one by one,
//     skipping rows outside its bounds.
// Every step that visits rows spends from a fixed budget; when it runs out the
// answer is "may overlap", never an enumeration.
struct Region {
  int64_t offset = 0;
  std::vector<Dim> dims;  // positive strides, ascending, sizes >= 2
  int64_t lo() const { return offset; }
  int64_t hi() const {
    int64_t h = offset;
    for (const Dim& d : dims) h += (d.size - 1) * d.stride;
    return h;
  }
  bool dense() const { return dims.size() == 1 && dims[0].stride == 1; }
};

Region canonical(const std::vector<Dim>& dims, int64_t offset) {
  Region r;
  r.offset = offset;
  for (Dim d : dims) {
    if (d.size <= 1 || d.stride == 0) continue;
    if (d.stride < 0) {
      r.offset += (d.size - 1) * d.stride;
      d.stride = -d.stride;
    }
    r.dims.push_back(d);
  }
  std::sort(r.dims.begin(), r.dims.end(), [](const Dim& x, const Dim& y) { return x.stride < y.stride; });
  std::vector<Dim> merged;
  for (const Dim& d : r.dims) {
    if (!merged.empty()) {
      Dim& prev = merged.back();
      int64_t k = d.stride / prev.stride;
      if (d.stride % prev.stride == 0 && k <= prev.size) {
        // {i*s + j*k*s} = {0 .. (size-1) + (d.size-1)*k} * s
        prev.size = (prev.size - 1) + (d.size - 1) * k + 1;
        continue;
      }
    }
    merged.push_back(d);
  }
  r.dims = std::move(merged);
  return r;
}

enum class Tri { No, Yes, Unknown };

// The region without its outermost dim, shifted to row `row` of it.
Region rowOf(const Region& r, int64_t row) {
  Region inner;
  inner.offset = r.offset + row * r.dims.back().stride;
  inner.dims.assign(r.dims.begin(), r.dims.end() - 1);
  return inner;
}

// Does the region have an address in [L, H]?
Tri hitsInterval(const Region& r, int64_t L, int64_t H, int* budget) {
  int64_t lo = r.lo(), hi = r.hi();
  if (hi < L || lo > H) return Tri::No;
  if ((L <= lo && lo <= H) || (L <= hi && hi <= H)) return Tri::Yes;  // both ends are addresses
  if (r.dims.empty()) return Tri::No;
  if (r.dims.size() == 1) {
    const Dim& d = r.dims[0];
    int64_t first = lo + ceilDiv(L - lo, d.stride) * d.stride;  // L > lo here
    return first <= H && first <= hi ? Tri::Yes : Tri::No;
  }
  const Dim& outer = r.dims.back();
  int64_t S = outer.stride;
  int64_t innerSpan = hi - lo - (outer.size - 1) * S;
  // Rows wholly inside [L, H] answer at once.
  int64_t fullFirst = std::max<int64_t>(0, ceilDiv(L - lo, S));
  int64_t fullLast = std::min<int64_t>(outer.size - 1, floorDiv(H - lo - innerSpan, S));
  if (fullFirst <= fullLast) return Tri::Yes;
  int64_t first = std::max<int64_t>(0, ceilDiv(L - lo - innerSpan, S));
  int64_t last = std::min<int64_t>(outer.size - 1, floorDiv(H - lo, S));
  bool unknown = false;
  for (int64_t k = first; k <= last; ++k) {
    if (--*budget < 0) return Tri::Unknown;
    Tri t = hitsInterval(rowOf(r, k), L, H, budget);
    if (t == Tri::Yes) return t;
    unknown = unknown || t == Tri::Unknown;
  }
  return unknown ? Tri::Unknown : Tri::No;
}

// Two 1-D progressions {oa + i*sa : i < na} and {ob + j*sb : j < nb}.
Tri progressionsMeet(const Region& a, const Region& b) {
  using Wide = __int128;
  int64_t sa = a.dims[0].stride, sb = b.dims[0].stride;
  int64_t g = std::gcd(sa, sb);
  int64_t diff = b.offset - a.offset;
  if (diff % g != 0) return Tri::No;
  // i * (sa/g) == diff/g  (mod sb/g): i = (diff/g) * inverse(sa/g) mod m.
  int64_t m = sb / g;
  Wide inv = 1;
  if (m > 1) {
    Wide r0 = m, r1 = (sa / g) % m, t0 = 0, t1 = 1;
    while (r1 != 0) {
      Wide q = r0 / r1;
      Wide r2 = r0 - q * r1, t2 = t0 - q * t1;
      r0 = r1, r1 = r2, t0 = t1, t1 = t2;
    }
    inv = ((t0 % m) + m) % m;
  }
  Wide i0 = m > 1 ? ((((Wide(diff / g) % m) + m) % m) * inv) % m : 0;
  Wide x0 = Wide(a.offset) + i0 * sa;       // an address of both progressions' lattices
  Wide step = Wide(m) * sa;                 // lcm(sa, sb)
  Wide lo = std::max(a.lo(), b.lo()), hi = std::min(a.hi(), b.hi());
  Wide x = x0;
  if (x < lo) x += ((lo - x + step - 1) / step) * step;
  return x <= hi ? Tri::Yes : Tri::No;
}

// Split into rows of stride S with every row's inner part inside [0, S);
// false when the region does not split that way.
bool splitRows(const Region& r, int64_t S, int64_t* firstRow, int64_t* rows, Region* inner) {
  *inner = Region{};
  *rows = 1;
  inner->dims = r.dims;
  if (!r.dims.empty() && r.dims.back().stride == S) {
    *rows = r.dims.back().size;
    inner->dims.pop_back();
  }
  *firstRow = floorDiv(r.offset, S);
  inner->offset = floorMod(r.offset, S);
  return inner->hi() < S;
}

Tri overlaps(const Region& a, const Region& b, int* budget) {
  if (a.hi() < b.lo() || b.hi() < a.lo()) return Tri::No;
  int64_t g = 0;
  for (const Dim& d : a.dims) g = std::gcd(g, d.stride);
  for (const Dim& d : b.dims) g = std::gcd(g, d.stride);
  if (g > 1 && (a.offset - b.offset) % g != 0) return Tri::No;
  if (a.dims.empty()) return hitsInterval(b, a.offset, a.offset, budget);
  if (b.dims.empty()) return hitsInterval(a, b.offset, b.offset, budget);
  if (a.dense()) return hitsInterval(b, a.lo(), a.hi(), budget);
  if (b.dense()) return hitsInterval(a, b.lo(), b.hi(), budget);
  if (a.dims.size() == 1 && b.dims.size() == 1) return progressionsMeet(a, b);
  if (--*budget < 0) return Tri::Unknown;
  int64_t S = std::max(a.dims.back().stride, b.dims.back().stride);
  int64_t rowA, rowsA, rowB, rowsB;
  Region innerA, innerB;
  if (splitRows(a, S, &rowA, &rowsA, &innerA) && splitRows(b, S, &rowB, &rowsB, &innerB)) {
    if (rowA + rowsA - 1 < rowB || rowB + rowsB - 1 < rowA) return Tri::No;
    return overlaps(innerA, innerB, budget);
  }
  // Rows of the region with the larger outer stride, one by one.
  const Region& outer = a.dims.back().stride >= b.dims.back().stride ? a : b;
  const Region& other = &outer == &a ? b : a;
  int64_t S2 = outer.dims.back().stride;
  int64_t innerSpan = outer.hi() - outer.lo() - (outer.dims.back().size - 1) * S2;
  int64_t first = std::max<int64_t>(0, ceilDiv(other.lo() - outer.lo() - innerSpan, S2));
  int64_t last = std::min<int64_t>(outer.dims.back().size - 1, floorDiv(other.hi() - outer.lo(), S2));
  bool unknown = false;
  for (int64_t k = first; k <= last; ++k) {
    if (--*budget < 0) return Tri::Unknown;
    Tri t = overlaps(rowOf(outer, k), other, budget);
    if (t == Tri::Yes) return t;
    unknown = unknown || t == Tri::Unknown;
  }
  return unknown ? Tri::Unknown : Tri::No;
}

constexpr int kOverlapBudget = 256;

}  // namespace

namespace {

// The lowest and highest address of a concrete, non-empty region; false
// otherwise. Allocation-free: passes ask regionOverlap about many pairs.
bool addressBounds(const ValueMeta& m, int64_t* lo, int64_t* hi) {
  auto offset = m.offset.maybeConstant();
  if (!offset || m.sizes.size() != m.strides.size()) return false;
  *lo = *hi = *offset;
  for (size_t i = 0; i < m.sizes.size(); ++i) {
    auto size = m.sizes[i].maybeConstant();
    auto stride = m.strides[i].maybeConstant();
    if (!size || !stride || *size <= 0) return false;
    int64_t span;
    if (__builtin_mul_overflow(*size - 1, *stride, &span)) return false;
    int64_t& end = span < 0 ? *lo : *hi;
    if (__builtin_add_overflow(end, span, &end)) return false;
  }
  return true;
}

}  // namespace

Overlap regionOverlap(const ValueMeta& a, const ValueMeta& b) {
  // Regions whose bounding intervals are apart are disjoint (and not Same:
  // equal metadata has equal bounds); the full analysis would say so too.
  int64_t aLo, aHi, bLo, bHi;
  if (itemSize(a.dtype) != itemSize(b.dtype)) {
    // Note [Reinterpreting views]: a view(dtype) counts elements of another
    // size; only byte bounds compare.
    using Wide = __int128;
    const Wide sa = static_cast<Wide>(itemSize(a.dtype)), sb = static_cast<Wide>(itemSize(b.dtype));
    if (addressBounds(a, &aLo, &aHi) && addressBounds(b, &bLo, &bHi) &&
        ((Wide(aHi) + 1) * sa <= Wide(bLo) * sb || (Wide(bHi) + 1) * sb <= Wide(aLo) * sa))
      return Overlap::Disjoint;
    return Overlap::May;
  }
  if (addressBounds(a, &aLo, &aHi) && addressBounds(b, &bLo, &bHi) && (aHi < bLo || bHi < aLo)) return Overlap::Disjoint;
  if (a.sizes == b.sizes && a.strides == b.strides && a.offset == b.offset) return Overlap::Same;
  std::vector<Dim> da, db;
  int64_t oa, ob, na, nb;
  if (!concreteDims(a, &da, &oa, &na) || !concreteDims(b, &db, &ob, &nb)) return Overlap::May;
  if (na == 0 || nb == 0) return Overlap::Disjoint;
  int budget = kOverlapBudget;
  return overlaps(canonical(da, oa), canonical(db, ob), &budget) == Tri::No ? Overlap::Disjoint : Overlap::May;
}

bool readsItsOwnWrites(const OpDef& op, const ValueMeta& written, const ValueMeta& source) {
  Overlap o = regionOverlap(written, source);
  if (o == Overlap::Disjoint) return false;
  return !(o == Overlap::Same && written.dtype == source.dtype && op.has(kTagPointwise));
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

namespace {

// Node order of values: their nodes' order, then the result index.
bool valueBefore(const IrValue* a, const IrValue* b) {
  if (a->node() != b->node()) return a->node()->isBefore(b->node());
  return a->outputIndex() < b->outputIndex();
}

}  // namespace

void AliasAnalysis::insertMember(IrValue* r, IrValue* v) {
  std::vector<IrValue*>& m = members_[r];
  m.insert(std::upper_bound(m.begin(), m.end(), v, valueBefore), v);
}

void AliasAnalysis::addNode(const Node& n) {
  for (size_t i = 0; i < n.numOutputs(); ++i) {
    IrValue* out = n.output(i);
    int src = aliasedArgIndex(n, i);
    IrValue* r = src >= 0 ? root(n.tensorArg(static_cast<size_t>(src))) : out;
    root_[out] = r;
    insertMember(r, out);
  }
}

void AliasAnalysis::removeNode(const Node& n) {
  for (size_t i = 0; i < n.numOutputs(); ++i) {
    IrValue* out = n.output(i);
    auto it = root_.find(out);
    TDSL_ASSERT(it != root_.end());
    IrValue* r = it->second;
    root_.erase(it);
    std::vector<IrValue*>& m = members_[r];
    m.erase(std::find(m.begin(), m.end(), out));
    if (r == out) {
      TDSL_ASSERT(m.empty());
      members_.erase(r);
    }
  }
}

void AliasAnalysis::rerootAliasesOf(const IrValue* oldRoot) {
  auto it = members_.find(oldRoot);
  if (it == members_.end()) return;
  std::vector<IrValue*> moved(it->second.begin(), it->second.end());
  IrValue* self = const_cast<IrValue*>(oldRoot);
  it->second = {self};
  // In node order, so every value's aliased argument is rerooted before it.
  std::vector<std::pair<IrValue*, IrValue*>> byRoot;  // (new root, value)
  for (IrValue* v : moved) {
    if (v == oldRoot) continue;
    const Node& n = *v->node();
    int src = aliasedArgIndex(n, static_cast<size_t>(v->outputIndex()));
    TDSL_ASSERT(src >= 0);
    IrValue* r = root(n.tensorArg(static_cast<size_t>(src)));
    root_[v] = r;
    byRoot.emplace_back(r, v);
  }
  // Usually all move to one storage: merge each run of equal roots at once.
  size_t i = 0;
  while (i < byRoot.size()) {
    IrValue* r = byRoot[i].first;
    std::vector<IrValue*> add;
    size_t j = i;
    while (j < byRoot.size() && byRoot[j].first == r) add.push_back(byRoot[j++].second);
    std::vector<IrValue*>& m = members_[r];
    if (add.size() * 8 < m.size()) {
      for (IrValue* v : add) m.insert(std::upper_bound(m.begin(), m.end(), v, valueBefore), v);
    } else {
      std::vector<IrValue*> merged;
      merged.reserve(m.size() + add.size());
      std::merge(m.begin(), m.end(), add.begin(), add.end(), std::back_inserter(merged), valueBefore);
      m = std::move(merged);
    }
    i = j;
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
