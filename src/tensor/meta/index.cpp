// Shape rules for indexing ops and factories (see op_meta.h).
#include <cmath>

#include "tensor/index_util.h"
#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/tensor_iter.h"
#include "tensor/write_overlap.h"

namespace tdsl {

void checkIndexDType(const TensorObject& index, const char* op, bool allowInt32) {
  if (index.dtype() == DType::Int64 || (allowInt32 && index.dtype() == DType::Int32)) return;
  throw Error(ErrorKind::Type, std::string(op) + "(): Expected dtype int" + (allowInt32 ? "32/int" : "") +
                                   "64 for index" + (allowInt32 ? "" : ", but got " + scalarName(index.dtype())));
}

AdvancedIndexShape advancedIndexShape(const TensorMeta& self, const std::vector<const TensorMeta*>& indices) {
  AdvancedIndexShape s;
  if (static_cast<int>(indices.size()) > self.dim())
    throw Error(ErrorKind::Index, "too many indices for tensor of dimension " + std::to_string(self.dim()) +
                                      " (got " + std::to_string(indices.size()) + ")");
  int first = -1, last = -1;
  bool adjacent = true;
  for (int i = 0; i < static_cast<int>(indices.size()); ++i) {
    if (!indices[i]) continue;
    const TensorMeta& ix = *indices[i];
    if (ix.dtype != DType::Int64 && ix.dtype != DType::Int32)
      throw Error(ErrorKind::Index, "tensors used as indices must be long, int, byte or bool tensors");
    s.broadcast = first < 0 ? ix.sizes : broadcastShapes(s.broadcast, ix.sizes);
    if (first >= 0 && last != i - 1) adjacent = false;
    if (first < 0) first = i;
    last = i;
  }
  s.firstIndexed = first;
  s.adjacent = adjacent;
  // Result: [before] + broadcast + [after] when adjacent, else broadcast + [non-indexed dims].
  Dims rest;
  for (int d = 0; d < self.dim(); ++d) {
    bool indexed = d < static_cast<int>(indices.size()) && indices[d];
    if (!indexed) rest.push_back(self.sizes[d]);
  }
  if (first < 0) { s.outSizes = self.sizes; return s; }
  if (adjacent) {
    for (int d = 0; d < first; ++d) s.outSizes.push_back(self.sizes[d]);
    for (int64_t x : s.broadcast) s.outSizes.push_back(x);
    for (int d = last + 1; d < self.dim(); ++d) s.outSizes.push_back(self.sizes[d]);
    s.insertAt = first;
  } else {
    s.outSizes = s.broadcast;
    for (int64_t x : rest) s.outSizes.push_back(x);
    s.insertAt = 0;
  }
  return s;
}

namespace {
std::vector<const TensorMeta*> indexMetas(const std::vector<Value>& list) {
  std::vector<const TensorMeta*> out;
  for (const Value& v : list) {
    if (v.isNone()) { out.push_back(nullptr); continue; }
    const TensorObject* t = asTensor(v);
    if (t->dtype() == DType::Bool)
      throw Error(ErrorKind::Index, "boolean mask indices must be expanded to integer indices before shape inference");
    out.push_back(&t->meta);
  }
  return out;
}
}  // namespace

}  // namespace tdsl

namespace tdsl::meta {

void index(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  AdvancedIndexShape s = advancedIndexShape(self.meta, indexMetas(tensorListArg(a, 1)));
  r.add() = contiguousMeta(self.dtype(), s.outSizes);
}

void indexSelect(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& index = tensorArg(a, 2);
  int64_t d = wrapDim(intArg(a, 1), self.dim());
  checkIndexDType(index, "index_select", true);
  if (index.dim() > 1) throw Error(ErrorKind::Index, "index_select(): Index is supposed to be a vector");
  Dims out = self.sizes();
  if (self.dim() > 0) out[d] = index.numel();
  r.add() = contiguousMeta(self.dtype(), out);
}

void gather(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& index = tensorArg(a, 2);
  int64_t d = wrapDim(intArg(a, 1), self.dim());
  checkIndexDType(index, "gather", false);
  if (index.dim() != self.dim() && !(index.dim() <= 1 && self.dim() <= 1))
    throw Error(ErrorKind::Index, "Index tensor must have the same number of dimensions as input tensor");
  for (int k = 0; k < index.dim() && k < self.dim(); ++k) {
    if (k != d && index.sizes()[k] > self.sizes()[k])
      throw Error(ErrorKind::Index, "Size does not match at dimension " + std::to_string(k) +
                                        " expected index " + formatDims(index.sizes()) +
                                        " to be smaller than self " + formatDims(self.sizes()) +
                                        " apart from dimension " + std::to_string(d));
  }
  r.add() = contiguousMeta(self.dtype(), index.sizes());
}

namespace {
// In place: self. Functional: a copy of self with the layout PyTorch gives
// it (index_put and index_fill clone with preserve_format; index_copy,
// index_add and scatter allocate row-major).
void updateResult(const BoundArgs& a, MetaResult& r, MemoryFormat copyFormat = MemoryFormat::Contiguous) {
  const TensorObject& self = tensorArg(a, 0);
  if (a.op->has(kTagInplace)) r.add() = self.meta;
  else r.add() = layoutLike(self.meta, self.dtype(), copyFormat);
}
}  // namespace

void indexPut(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  bool hasBool = false;
  int tensorIndices = 0;
  for (const Value& v : tensorListArg(a, 1)) {
    if (!v.isTensor()) continue;
    ++tensorIndices;
    if (asTensor(v)->dtype() == DType::Bool) hasBool = true;
  }
  // x.index_put_(i, x): PyTorch's assert_no_overlap, here too so that the
  // tracer, whose proxies have no storage, sees it (the eager kernel also
  // rejects other views of self's memory). One value under a single bool
  // mask takes PyTorch's masked_fill path, which does not check.
  bool maskedFill = !boolArg(a, 3) && tensorArg(a, 2).numel() == 1 && tensorIndices == 1 && hasBool;
  if (a.op->has(kTagInplace) && a[0].identical(a[2]) && !maskedFill) throwInputOverlapsOutput();
  if (!hasBool) {
    AdvancedIndexShape s = advancedIndexShape(self.meta, indexMetas(tensorListArg(a, 1)));
    checkBroadcastTo(tensorArg(a, 2).sizes(), s.outSizes);
  }
  updateResult(a, r, MemoryFormat::Preserve);
}

void indexCopy(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& index = tensorArg(a, 2);
  const TensorObject& source = tensorArg(a, 3);
  const std::string name = a.op->name();
  int64_t d = wrapDim(intArg(a, 1), self.dim());
  if (index.dtype() != DType::Int64)
    throw Error(ErrorKind::Type, name + "(): Expected a long tensor for index, but got " + scalarName(index.dtype()));
  if (index.dim() > 1) throw Error(ErrorKind::Index, name + "(): Index should have dimension 1 or 0 (got " +
                                                         std::to_string(index.dim()) + ")");
  if (source.dtype() != self.dtype())
    throw Error(ErrorKind::Type, name + "(): self and source expected to have the same dtype, but got (self) " +
                                     scalarName(self.dtype()) + " and (source) " + scalarName(source.dtype()));
  int64_t srcSize = source.dim() == 0 ? 1 : source.sizes()[source.dim() > d ? d : 0];
  if (index.numel() != srcSize)
    throw Error(ErrorKind::Index, name + "(): Number of indices (" + std::to_string(index.numel()) +
                                      ") should be equal to source.size(dim) (" + std::to_string(srcSize) + ")");
  if (source.dim() != self.dim() && !(source.dim() <= 1 && self.dim() <= 1))
    throw Error(ErrorKind::Index, name + "(): When source and destination are not scalars, their dimensionality must match. Source dimensionality (" +
                                      std::to_string(source.dim()) + "), destination dimensionality (" +
                                      std::to_string(self.dim()) + ")");
  for (int k = 0; k < self.dim() && k < source.dim(); ++k) {
    if (k != d && source.sizes()[k] != self.sizes()[k])
      throw Error(ErrorKind::Shape, name + "(): Source/destination tensor must have same slice shapes. Destination slice shape: " +
                                        std::to_string(self.sizes()[k]) + " at dimension " + std::to_string(k) +
                                        " and source slice shape: " + std::to_string(source.sizes()[k]) +
                                        " at dimension " + std::to_string(k) + ".");
  }
  updateResult(a, r);
}

// index_fill(self, dim, index, value), both overloads and the in-place
// twins, with PyTorch's checks in its order (index_fill_ in
// TensorAdvancedIndexing.cpp): a tensor value must be 0-dim, the index int64,
// dim within self's dims (a 0-dim self counts as 1-dim), the index 0- or
// 1-dim. The functional result is self.clone(preserve_format).
void indexFill(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& index = tensorArg(a, 2);
  if (a[3].isTensor() && asTensor(a[3])->dim() != 0)
    throw Error(ErrorKind::Runtime, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                                      std::to_string(asTensor(a[3])->dim()) + " dimension(s).");
  if (index.dtype() != DType::Int64) throw Error(ErrorKind::Index, "index_fill_(): Expected dtype int64 for index.");
  wrapDim(intArg(a, 1), self.dim());
  if (index.dim() > 1) throw Error(ErrorKind::Runtime, "Index has to be a vector/scalar");
  updateResult(a, r, MemoryFormat::Preserve);
}

void scatter(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& index = tensorArg(a, 2);
  wrapDim(intArg(a, 1), self.dim());
  checkIndexDType(index, a.op->name().c_str(), false);
  if (index.dim() != self.dim() && !(index.dim() <= 1 && self.dim() <= 1))
    throw Error(ErrorKind::Index, "Index tensor must have the same number of dimensions as self tensor");
  if (a[3].isTensor()) {
    const TensorObject& src = tensorArg(a, 3);
    if (src.dtype() != self.dtype())
      throw Error(ErrorKind::Type, a.op->name() + "(): Expected self.dtype to be equal to src.dtype");
    for (int k = 0; k < index.dim() && k < src.dim(); ++k)
      if (index.sizes()[k] > src.sizes()[k])
        throw Error(ErrorKind::Index, "Expected index " + formatDims(index.sizes()) +
                                          " to be smaller than src " + formatDims(src.sizes()) +
                                          " apart from dimension " + std::to_string(intArg(a, 1)));
  }
  updateResult(a, r);
}

void maskedFill(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& mask = tensorArg(a, 1);
  if (mask.dtype() != DType::Bool)
    throw Error(ErrorKind::Type, "masked_fill_ only supports boolean masks, but got mask with dtype " +
                                     std::string(dtypeName(mask.dtype())));
  if (a[2].isTensor() && asTensor(a[2])->dim() != 0)
    throw Error(ErrorKind::Runtime, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                                      std::to_string(asTensor(a[2])->dim()) + " dimension(s).");
  if (a.op->has(kTagInplace)) {
    checkBroadcastTo(mask.sizes(), self.sizes());
    r.add() = self.meta;
  } else {
    r.add() = contiguousMeta(self.dtype(), broadcastShapes(self.sizes(), mask.sizes()));
  }
}

// Factories.

namespace {
DType factoryDType(const BoundArgs& a, DType fallback) {
  auto d = dtypeArg(a, argIndex(a, "dtype"));
  return d ? *d : fallback;
}
void checkSizes(const Dims& sizes) {
  for (int64_t s : sizes)
    if (s < 0)
      throw Error(ErrorKind::Runtime, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " +
                                        formatDims(sizes));
}
// Random factories sample floats only; PyTorch names the kernel that refuses
// the dtype: the normal sampler for randn/randn_like, else the uniform one.
void checkRandomDType(const BoundArgs& a, DType d) {
  if (!a.op->has(kTagRandom) || isFloating(d)) return;
  const char* kernel = a.op->has(kTagNormal) ? "normal_kernel_cpu" : "check_uniform_bounds";
  throw Error(ErrorKind::Type, std::string("\"") + kernel + "\" not implemented for '" + scalarName(d) + "'");
}
}  // namespace

void sizeFactory(const BoundArgs& a, MetaResult& r) {
  Dims sizes = intListArg(a, 0);
  checkSizes(sizes);
  DType d = factoryDType(a, DType::Float32);
  checkRandomDType(a, d);
  r.add() = contiguousMeta(d, sizes);
}

void full(const BoundArgs& a, MetaResult& r) {
  Dims sizes = intListArg(a, 0);
  checkSizes(sizes);
  const Value& fill = a[1];
  DType inferred = fill.isBool() ? DType::Bool : fill.isInt() ? DType::Int64 : DType::Float32;
  r.add() = contiguousMeta(factoryDType(a, inferred), sizes);
}

void likeFactory(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  DType d = factoryDType(a, self.dtype());
  checkRandomDType(a, d);
  r.add() = layoutLike(self.meta, d, memoryFormatArg(a));
}

void fullLike(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  r.add() = layoutLike(self.meta, factoryDType(a, self.dtype()), memoryFormatArg(a));
}

void clone(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  r.add() = layoutLike(self.meta, self.dtype(), memoryFormatArg(a));
}

void arange(const BoundArgs& a, MetaResult& r) {
  ArangeSpec s = arangeSpec(a);
  r.add() = contiguousMeta(s.dtype, Dims{s.length});
}

void linspace(const BoundArgs& a, MetaResult& r) {
  int64_t steps = intArg(a, 2);
  if (steps < 0) throw Error(ErrorKind::Runtime, "number of steps must be non-negative");
  r.add() = contiguousMeta(factoryDType(a, DType::Float32), Dims{steps});
}

void eye(const BoundArgs& a, MetaResult& r) {
  int64_t n = intArg(a, 0);
  int64_t m = argIndex(a, "m") >= 0 ? intArg(a, 1) : n;
  if (n < 0) throw Error(ErrorKind::Runtime, "n must be greater or equal to 0, got " + std::to_string(n));
  if (m < 0) throw Error(ErrorKind::Runtime, "m must be greater or equal to 0, got " + std::to_string(m));
  r.add() = contiguousMeta(factoryDType(a, DType::Float32), Dims{n, m});
}

}  // namespace tdsl::meta

namespace tdsl {

ArangeSpec arangeSpec(const BoundArgs& a) {
  int startIdx = argIndex(a, "start"), stepIdx = argIndex(a, "step");
  int endIdx = argIndex(a, "end");
  Value start = startIdx >= 0 ? a[startIdx] : Value::integer(0);
  Value step = stepIdx >= 0 ? a[stepIdx] : Value::integer(1);
  const Value& end = a[endIdx];
  ArangeSpec s;
  bool anyFloat = start.isFloat() || end.isFloat() || step.isFloat();
  auto explicitType = dtypeArg(a, argIndex(a, "dtype"));
  s.dtype = explicitType ? *explicitType : anyFloat ? DType::Float32 : DType::Int64;
  auto num = [](const Value& v) { return v.isFloat() ? v.asFloat() : v.isInt() ? static_cast<double>(v.asInt()) : v.asBool(); };
  s.start = num(start);
  s.step = num(step);
  double e = num(end);
  if (s.step == 0) throw Error(ErrorKind::Runtime, "step must be nonzero");
  if (!std::isfinite(s.start) || !std::isfinite(e))
    throw Error(ErrorKind::Runtime, "unsupported range: " + std::to_string(s.start) + " -> " + std::to_string(e));
  if ((s.step > 0 && e < s.start) || (s.step < 0 && e > s.start))
    throw Error(ErrorKind::Runtime, "upper bound and larger bound inconsistent with step sign");
  double len = std::ceil((e - s.start) / s.step);
  if (!(len <= 9.0e18)) throw Error(ErrorKind::Runtime, "invalid size, possible overflow?");  // PyTorch's text
  s.length = static_cast<int64_t>(len);
  s.integral = !anyFloat;
  s.istart = start.isInt() ? start.asInt() : static_cast<int64_t>(s.start);
  s.istep = step.isInt() ? step.asInt() : static_cast<int64_t>(s.step);
  return s;
}

}  // namespace tdsl
