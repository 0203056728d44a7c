// `:alias A B ...` (repl.h): which tensors share memory, and where.
//
// Note [Alias report]
// For each tensor: its storage (numbered #1, #2 ... in order of appearance,
// with the buffer address and size), offset, sizes, strides, and the range
// of storage elements it spans. For each pair on one storage, the storage
// elements both reach, as ranges, and the same elements as flat (row-major)
// index ranges of each tensor, so `:alias x x[1:-1]` reads "x[1:-1] flat
// [0, 5) is x flat [1, 6)". Exact sets come from enumerating each tensor's
// element offsets, up to kMaxEnumerated elements; past that only the spans
// are compared. Offsets are in elements of the tensors' dtype when both have
// the same item size, else in bytes.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "tensor/tensor.h"
#include "tools/repl.h"

namespace tdsl::repl {

namespace {

constexpr int64_t kMaxEnumerated = int64_t(1) << 22;
constexpr size_t kMaxRangesShown = 6;

struct Entry {
  std::string text;
  Value value;
  const TensorObject* tensor = nullptr;
  int storageNumber = 0;
  bool enumerated = false;
  // (storage offset in elements, flat index), sorted by offset.
  std::vector<std::pair<int64_t, int64_t>> elements;
  int64_t lo = 0, hi = 0;  // span [lo, hi) in elements; lo == hi: empty
};

// Splits "a b[1, 2] c" at spaces and commas outside brackets and quotes.
std::vector<std::string> splitExpressions(const std::string& args) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  char quote = 0;
  for (char c : args) {
    if (quote) {
      cur += c;
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && (c == ' ' || c == '\t' || c == ',')) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

void describeElements(Entry& e) {
  const TensorMeta& m = e.tensor->meta;
  int64_t n = m.numel();
  if (n == 0) return;
  e.lo = e.hi = m.offset;
  int64_t hiIncl = m.offset;
  for (int d = 0; d < m.dim(); ++d) {
    int64_t reach = (m.sizes[d] - 1) * m.strides[d];
    if (reach < 0) e.lo += reach;
    else hiIncl += reach;
  }
  e.hi = hiIncl + 1;
  if (n > kMaxEnumerated) return;
  e.enumerated = true;
  e.elements.reserve(static_cast<size_t>(n));
  std::vector<int64_t> idx(m.dim(), 0);
  int64_t off = m.offset;
  for (int64_t flat = 0; flat < n; ++flat) {
    e.elements.emplace_back(off, flat);
    for (int d = m.dim() - 1; d >= 0; --d) {
      if (++idx[d] < m.sizes[d]) {
        off += m.strides[d];
        break;
      }
      off -= (m.sizes[d] - 1) * m.strides[d];
      idx[d] = 0;
    }
  }
  std::sort(e.elements.begin(), e.elements.end());
}

// "[a, b)" ranges of sorted, unique integers.
std::string ranges(const std::vector<int64_t>& xs) {
  std::vector<std::pair<int64_t, int64_t>> rs;
  for (int64_t x : xs) {
    if (!rs.empty() && rs.back().second == x) ++rs.back().second;
    else rs.emplace_back(x, x + 1);
  }
  std::string out;
  for (size_t i = 0; i < rs.size() && i < kMaxRangesShown; ++i)
    out += fmt::format("{}[{}, {})", i ? " " : "", rs[i].first, rs[i].second);
  if (rs.size() > kMaxRangesShown) out += fmt::format(" ... ({} ranges)", rs.size());
  return out;
}

std::string dimsText(const Dims& d) {
  std::string out = "[";
  for (int i = 0; i < d.size(); ++i) out += (i ? ", " : "") + std::to_string(d[i]);
  return out + "]";
}

std::string overlapText(const Entry& a, const Entry& b) {
  size_t ia = itemSize(a.tensor->dtype()), ib = itemSize(b.tensor->dtype());
  if (a.lo == a.hi || b.lo == b.hi) return "no overlap (an empty tensor)";
  if (ia != ib || !a.enumerated || !b.enumerated) {
    // Spans only: in bytes of the shared storage.
    int64_t alo = a.lo * ia, ahi = a.hi * ia, blo = b.lo * ib, bhi = b.hi * ib;
    int64_t lo = std::max(alo, blo), hi = std::min(ahi, bhi);
    if (lo >= hi) return "no overlap: their spans are disjoint";
    return fmt::format("spans overlap at storage bytes [{}, {}) (elements not enumerated{})", lo, hi,
                       ia != ib ? ": dtypes of different sizes" : ": more than 4194304 elements");
  }
  std::vector<int64_t> shared, flatA, flatB;
  size_t i = 0, j = 0;
  while (i < a.elements.size() && j < b.elements.size()) {
    int64_t x = a.elements[i].first, y = b.elements[j].first;
    if (x < y) { ++i; continue; }
    if (y < x) { ++j; continue; }
    shared.push_back(x);
    for (; i < a.elements.size() && a.elements[i].first == x; ++i) flatA.push_back(a.elements[i].second);
    for (; j < b.elements.size() && b.elements[j].first == x; ++j) flatB.push_back(b.elements[j].second);
  }
  if (shared.empty()) return "no element in common (same storage, disjoint or interleaved elements)";
  std::sort(flatA.begin(), flatA.end());
  std::sort(flatB.begin(), flatB.end());
  return fmt::format("OVERLAP at storage elements {} ({} element{}): {} flat {} is {} flat {}", ranges(shared),
                     shared.size(), shared.size() == 1 ? "" : "s", a.text, ranges(flatA), b.text, ranges(flatB));
}

}  // namespace

void aliasCommand(Session& s, const std::string& args) {
  std::vector<Entry> entries;
  for (const std::string& text : splitExpressions(args)) {
    Entry e;
    e.text = text;
    e.value = s.evaluate(text);
    if (!e.value.isObj(ObjKind::Tensor))
      throw Error(ErrorKind::Type, fmt::format("{} is not a tensor (its type is {})", text, s.interp().typeName(e.value)));
    e.tensor = e.value.as<TensorObject>();
    if (e.tensor->isMeta()) throw Error(ErrorKind::Type, text + " is a meta tensor (no storage)");
    entries.push_back(std::move(e));
  }
  if (entries.empty()) throw Error(ErrorKind::Value, "usage: :alias A B ... (tensor expressions)");
  std::map<const Storage*, int> numbers;
  size_t width = 0;
  for (Entry& e : entries) {
    auto [it, added] = numbers.emplace(e.tensor->storage.get(), static_cast<int>(numbers.size()) + 1);
    e.storageNumber = it->second;
    describeElements(e);
    width = std::max(width, e.text.size());
  }
  std::string out;
  std::map<int, bool> shown;
  for (const Entry& e : entries) {
    const TensorMeta& m = e.tensor->meta;
    const Storage& st = *e.tensor->storage;
    std::string storage = fmt::format("storage #{}", e.storageNumber);
    if (!shown[e.storageNumber]) {
      storage += fmt::format(" ({} bytes at {})", st.nbytes(), static_cast<const void*>(st.data()));
      shown[e.storageNumber] = true;
    }
    std::string span = e.lo == e.hi ? "no elements" : fmt::format("spans storage elements [{}, {})", e.lo, e.hi);
    out += fmt::format("{:<{}}  {}  {}  offset {}  sizes {}  strides {}  {}\n", e.text, width, dtypeName(m.dtype),
                       storage, m.offset, dimsText(m.sizes), dimsText(m.strides), span);
    if (e.enumerated) {
      bool self = false;
      for (size_t i = 1; i < e.elements.size() && !self; ++i) self = e.elements[i].first == e.elements[i - 1].first;
      if (self) out += fmt::format("{:<{}}  (self-overlapping: several indices reach one element)\n", "", width);
    }
  }
  s.print(out);
  std::string pairs;
  for (size_t i = 0; i < entries.size(); ++i)
    for (size_t j = i + 1; j < entries.size(); ++j) {
      const Entry& a = entries[i];
      const Entry& b = entries[j];
      if (a.storageNumber != b.storageNumber) {
        pairs += fmt::format("{} / {}: separate storages\n", a.text, b.text);
        continue;
      }
      pairs += fmt::format("{} / {}: {}\n", a.text, b.text, overlapText(a, b));
    }
  if (!pairs.empty()) s.print(pairs);
}

}  // namespace tdsl::repl
