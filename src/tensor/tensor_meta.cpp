#include "tensor/tensor_meta.h"

#include <algorithm>

#include "support/diagnostics.h"
#include "tensor/checked_math.h"

namespace tdsl {

void checkRank(size_t rank) {
  if (rank > static_cast<size_t>(kMaxDims))
    throw Error(ErrorKind::Runtime, "tensors with more than " + std::to_string(kMaxDims) +
                                      " dimensions are not supported (got " + std::to_string(rank) + ")");
}

Dims::Dims(std::initializer_list<int64_t> init) {
  checkRank(init.size());
  for (int64_t x : init) v_[n_++] = x;
}

Dims::Dims(const std::vector<int64_t>& v) {
  checkRank(v.size());
  for (int64_t x : v) v_[n_++] = x;
}

void Dims::push_back(int64_t x) {
  checkRank(static_cast<size_t>(n_) + 1);
  v_[n_++] = x;
}

void Dims::resize(int n, int64_t fill) {
  checkRank(static_cast<size_t>(n));
  for (int i = n_; i < n; ++i) v_[i] = fill;
  n_ = n;
}

void Dims::insert(int pos, int64_t x) {
  checkRank(static_cast<size_t>(n_) + 1);
  for (int i = n_; i > pos; --i) v_[i] = v_[i - 1];
  v_[pos] = x;
  ++n_;
}

void Dims::erase(int pos) {
  for (int i = pos; i + 1 < n_; ++i) v_[i] = v_[i + 1];
  --n_;
}

bool Dims::operator==(const Dims& o) const {
  if (n_ != o.n_) return false;
  for (int i = 0; i < n_; ++i)
    if (v_[i] != o.v_[i]) return false;
  return true;
}

namespace {
[[noreturn]] void tooManyElements(const Dims& sizes) {
  throw Error(ErrorKind::Runtime, "Storage size calculation overflowed with sizes=" + formatDims(sizes));
}
}  // namespace

int64_t TensorMeta::numel() const { return checkedNumel(sizes); }

int64_t loopByteStride(const TensorMeta& m, int d) {
  return m.sizes[d] <= 1 ? 0 : m.strides[d] * static_cast<int64_t>(itemSize(m.dtype));
}

namespace {
bool rowMajor(const Dims& sizes, const Dims& strides) {
  for (int64_t s : sizes)
    if (s == 0) return true;  // c10: an empty tensor is contiguous, whatever its strides
  int64_t expected = 1;
  for (int i = sizes.size() - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != expected) return false;
    expected = checkedMul(expected, sizes[i], "numel");
  }
  return true;
}
}  // namespace

bool TensorMeta::isContiguous() const { return rowMajor(sizes, strides); }

Dims contiguousStrides(const Dims& sizes) {
  Dims strides;
  strides.resize(sizes.size());
  bool empty = false;
  for (int64_t n : sizes) empty = empty || n == 0;
  int64_t s = 1;
  for (int i = sizes.size() - 1; i >= 0; --i) {
    strides[i] = s;
    const int64_t n = sizes[i] > 1 ? sizes[i] : 1;
    if (__builtin_mul_overflow(s, n, &s)) {
      // An empty tensor's strides address nothing: they wrap, as in PyTorch.
      if (!empty) tooManyElements(sizes);
      s = static_cast<int64_t>(static_cast<uint64_t>(strides[i]) * static_cast<uint64_t>(n));
    }
  }
  return strides;
}

TensorMeta contiguousMeta(DType dtype, const Dims& sizes) {
  TensorMeta m;
  m.dtype = dtype;
  m.sizes = sizes;
  m.strides = contiguousStrides(sizes);
  return m;
}

const char* memoryFormatName(MemoryFormat f) {
  switch (f) {
    case MemoryFormat::Preserve: return "preserve_format";
    case MemoryFormat::Contiguous: return "contiguous_format";
    case MemoryFormat::ChannelsLast: return "channels_last";
  }
  return "preserve_format";
}

bool parseMemoryFormat(std::string_view name, MemoryFormat& out) {
  for (MemoryFormat f : {MemoryFormat::Preserve, MemoryFormat::Contiguous, MemoryFormat::ChannelsLast})
    if (name == memoryFormatName(f)) {
      out = f;
      return true;
    }
  return false;
}

bool isNonOverlappingAndDense(const TensorMeta& m) {
  if (m.isContiguous()) return true;  // c10 asks is_contiguous first: so is every empty tensor
  const int n = m.dim();
  // The dims that span more than one element, by increasing stride; each
  // must start where the previous ones end.
  int order[kMaxDims];
  int count = 0;
  for (int d = 0; d < n; ++d)
    if (m.sizes[d] >= 2) order[count++] = d;
  std::sort(order, order + count, [&](int a, int b) { return m.strides[a] < m.strides[b]; });
  int64_t expected = 1;
  for (int i = 0; i < count; ++i) {
    int d = order[i];
    if (m.strides[d] != expected) return false;
    expected = checkedMul(expected, m.sizes[d], "numel");
  }
  return true;
}

namespace {

// Orders n dims innermost first (rank[0] is the innermost), as ATen's
// TensorIterator ranks them: start from the last dim innermost, then move
// each dim inwards past every dim that outward(a, b) places outside it
// (1: a belongs outside b; -1: inside; 0: no preference), stopping at the
// first dim it belongs outside of.
template <class Outward>
void rankInnermostFirst(int n, int* rank, Outward outward) {
  for (int i = 0; i < n; ++i) rank[i] = n - 1 - i;
  for (int i = 1; i < n; ++i) {
    int moving = i;
    for (int j = i - 1; j >= 0; --j) {
      int c = outward(rank[j], rank[moving]);
      if (c > 0) {
        std::swap(rank[j], rank[moving]);
        moving = j;
      } else if (c < 0) {
        break;
      }
    }
  }
}

}  // namespace

Dims denseStridesLike(const Dims& sizes, const Dims& strides) {
  const int n = sizes.size();
  Dims out;
  out.resize(n);
  if (n == 0) return out;
  if (n == 1) { out[0] = 1; return out; }
  // A dim with a larger stride (or an equal stride and a larger size) goes
  // outside; a stride-0 dim on either side has no preference.
  int rank[kMaxDims];
  rankInnermostFirst(n, rank, [&](int a, int b) {
    if (strides[a] == 0 || strides[b] == 0) return 0;
    if (strides[a] != strides[b]) return strides[a] < strides[b] ? -1 : 1;
    return sizes[a] > sizes[b] ? 1 : 0;
  });
  int64_t next = 1;
  for (int i = 0; i < n; ++i) {
    int d = rank[i];
    out[d] = next;
    if (sizes[d] > 1) next = checkedMul(next, sizes[d], "numel");
  }
  return out;
}

TensorMeta layoutLike(const TensorMeta& self, DType dtype, MemoryFormat format) {
  if (format == MemoryFormat::Contiguous) return contiguousMeta(dtype, self.sizes);
  if (format == MemoryFormat::ChannelsLast) {
    if (self.dim() != 4) throw Error(ErrorKind::Runtime, "required rank 4 tensor to use channels_last format");
    TensorMeta m = contiguousMeta(dtype, self.sizes);
    m.strides = channelsLastStrides(self.sizes);
    return m;
  }
  TensorMeta m;
  m.dtype = dtype;
  m.sizes = self.sizes;
  m.strides = isNonOverlappingAndDense(self) ? self.strides : denseStridesLike(self.sizes, self.strides);
  return m;
}

void ElementwiseOperands::add(const TensorMeta& m, DType compute) {
  TDSL_ASSERT(count < kCapacity);
  if (m.dim() == 0) anyScalar = true;
  sizes[count] = &m.sizes;
  strides[count] = &m.strides;
  // .to(compute) keeps a dense operand's strides (layoutLike).
  if (m.dtype != compute && !isNonOverlappingAndDense(m)) {
    TDSL_ASSERT(numConverted_ < 2);
    converted_[numConverted_] = denseStridesLike(m.sizes, m.strides);
    strides[count] = &converted_[numConverted_++];
  }
  ++count;
}

bool isChannelsLastContiguous(const TensorMeta& m) {
  if (m.dim() != 4) return false;
  int64_t expected = 1;
  for (int d : {1, 3, 2, 0}) {
    if (m.sizes[d] == 1) continue;
    if (m.strides[d] != expected) return false;
    expected = checkedMul(expected, m.sizes[d], "numel");
  }
  return true;
}

Dims channelsLastStrides(const Dims& sizes) {
  TDSL_ASSERT(sizes.size() == 4);
  Dims s;
  s.resize(4);
  s[1] = 1;
  s[3] = sizes[1];
  s[2] = checkedMul(s[3], sizes[3], "stride");
  s[0] = checkedMul(s[2], sizes[2], "stride");
  return s;
}

Dims elementwiseStrides(const Dims& shape, const ElementwiseOperands& ops) {
  const int n = shape.size();
  // 2. The fast cases: every operand has exactly the result's sizes.
  bool sameShape = !ops.anyScalar || n == 0;
  for (int k = 0; k < ops.count && sameShape; ++k) sameShape = *ops.sizes[k] == shape;
  if (sameShape && ops.count > 0) {
    bool contiguous = true;
    for (int k = 0; k < ops.count && contiguous; ++k) contiguous = rowMajor(shape, *ops.strides[k]);
    if (contiguous) return contiguousStrides(shape);
    bool channelsLast = true, dense = true, sameStrides = true;
    for (int k = 0; k < ops.count; ++k) {
      TensorMeta m;
      m.sizes = shape;
      m.strides = *ops.strides[k];
      channelsLast = channelsLast && isChannelsLastContiguous(m);
      dense = dense && isNonOverlappingAndDense(m);
      sameStrides = sameStrides && m.strides == *ops.strides[0];
    }
    if (channelsLast) return channelsLastStrides(shape);
    if (dense && sameStrides) return *ops.strides[0];
  }
  if (n <= 1) return contiguousStrides(shape);
  // 3. Each operand's strides against the result shape (0: broadcast).
  int64_t strides[ElementwiseOperands::kCapacity][kMaxDims];
  for (int k = 0; k < ops.count; ++k) {
    const Dims& sz = *ops.sizes[k];
    const Dims& st = *ops.strides[k];
    const int lead = n - sz.size();
    for (int d = 0; d < n; ++d) {
      int src = d - lead;
      strides[k][d] = (src < 0 || (sz[src] == 1 && shape[d] != 1)) ? 0 : st[src];
    }
  }
  // 1: dim a belongs outside dim b; -1: inside; 0: no operand prefers.
  auto outward = [&](int a, int b) {
    for (int k = 0; k < ops.count; ++k) {
      int64_t sa = strides[k][a], sb = strides[k][b];
      if (sa == 0 || sb == 0) continue;
      if (sa != sb) return sa < sb ? -1 : 1;
      if (shape[a] > shape[b]) return 1;
    }
    return 0;
  };
  int rank[kMaxDims];  // rank[0]: the innermost dim
  rankInnermostFirst(n, rank, outward);
  // 4. Lay the dims out in that order.
  bool rowMajor = true;
  for (int i = 0; i < n; ++i) rowMajor = rowMajor && rank[i] == n - 1 - i;
  if (rowMajor) return contiguousStrides(shape);
  Dims out;
  out.resize(n);
  int64_t next = 1;
  for (int i = 0; i < n; ++i) {
    out[rank[i]] = next;
    if (__builtin_mul_overflow(next, shape[rank[i]], &next)) tooManyElements(shape);
  }
  return out;
}

size_t itemSize(DType d) {
  switch (d) {
    case DType::Bool: return 1;
    case DType::Int32: return 4;
    case DType::Int64: return 8;
    case DType::Float32: return 4;
    case DType::Float64: return 8;
  }
  return 1;
}

const char* dtypeName(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
  }
  return "?";
}

const char* dtypeScalarName(DType d) {
  switch (d) {
    case DType::Bool: return "Bool";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
  }
  return "?";
}


int64_t wrapDim(int64_t dim, int64_t rank) {
  int64_t r = rank > 0 ? rank : 1;  // a 0-dim tensor accepts dims -1 and 0
  if (dim < -r || dim >= r)
    throw Error(ErrorKind::Index, "Dimension out of range (expected to be in range of [" + std::to_string(-r) +
                                      ", " + std::to_string(r - 1) + "], but got " + std::to_string(dim) + ")");
  return dim < 0 ? dim + r : dim;
}

std::string formatDims(const Dims& d) {
  std::string s = "[";
  for (int i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
  return s + "]";
}

}  // namespace tdsl
