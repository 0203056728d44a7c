// Eager kernels for gathers and indexed updates. Every index is range-checked
// before anything is written ("index 5 is out of bounds for dimension 0 with
// size 5"), so a failing call leaves its tensors untouched.
//
// Note [Index ranges]
// As in PyTorch, only advanced indexing (x[idx], index_put_) and index_fill_
// wrap negative indices; index_select, index_copy_, index_add_, gather and
// scatter_ take indices in [0, size) and raise PyTorch's error for the op
// otherwise.
#include <cstring>

#include "tensor/checked_math.h"
#include "tensor/index_util.h"
#include "tensor/kernel_util.h"
#include "tensor/op_kernels.h"
#include "tensor/promotion.h"
#include "tensor/scalar_convert.h"
#include "tensor/tensor_iter.h"

namespace tdsl::kernels {

namespace {

[[noreturn]] void outOfBounds(int64_t index, int64_t dim, int64_t size) {
  throw Error(ErrorKind::Index, "index " + std::to_string(index) + " is out of bounds for dimension " +
                                    std::to_string(dim) + " with size " + std::to_string(size));
}

// How an op reports an index outside [0, size) (Note [Index ranges]).
enum class RangeError {
  IndexCopy,  // IndexError: index_copy_(): index -1 is out of bounds for dimension 0 with size 3
  InSelf,     // IndexError: index out of range in self
};

// Reads a 0/1-dim integer index tensor into a list checked against [0, size).
std::vector<int64_t> checkedIndices(const TensorState& s, const TensorObject& index, int64_t dim, int64_t size,
                                    RangeError style) {
  checkedBytes(s, index.numel(), DType::Int64);  // an expanded index may be huge: fail before allocating
  std::vector<int64_t> out(static_cast<size_t>(index.numel()));
  for (int64_t i = 0; i < index.numel(); ++i) {
    int64_t v = readAsInt(index, i);
    if (v < 0 || v >= size) {
      if (style == RangeError::InSelf) throw Error(ErrorKind::Index, "index out of range in self");
      throw Error(ErrorKind::Index, "index_copy_(): index " + std::to_string(v) + " is out of bounds for dimension " +
                                        std::to_string(dim) + " with size " + std::to_string(size));
    }
    out[static_cast<size_t>(i)] = v;
  }
  return out;
}

// The sub-tensor self.select(dim, i) (or self itself for 0-dim tensors).
TensorMeta selectMeta(const TensorMeta& m, int64_t dim, int64_t i) {
  if (m.sizes.size() == 0) return m;
  TensorMeta out = m;
  out.offset += i * m.strides[dim];
  out.sizes.erase(static_cast<int>(dim));
  out.strides.erase(static_cast<int>(dim));
  return out;
}

// Note [Row-wise index kernels]
// index_select, index_copy_ and index_add_ move whole rows: the row of the
// destination at position i along `dim` takes the source's row at another
// position. Both tensors have the same dtype (the meta rules check it). One
// iteration plan is built for the row shape and rebased for every row, so a
// row costs a few pointer additions and its elements, not two view objects
// and a new plan (1-D tensors, whose rows are single elements, were 1000
// instructions per index that way).
class RowMover {
 public:
  // Rows of `dst` along `dim` receive rows of `src` along the same dim; a
  // 0-dim `src` is broadcast to every row.
  RowMover(const TensorObject& dst, const TensorObject& src, int64_t dim) : item_(itemSize(dst.dtype())) {
    TensorMeta dstRow = selectMeta(dst.meta, dim, 0);
    TensorMeta srcRow = src.dim() == 0 ? src.meta : selectMeta(src.meta, dim, 0);
    plan_.addOperand(dst.dataPtr(), dstRow, dstRow.sizes);
    plan_.addOperand(src.dataPtr(), srcRow, dstRow.sizes);
    plan_.coalesce();
    dstStep_ = dst.dim() == 0 ? 0 : loopByteStride(dst.meta, static_cast<int>(dim));
    srcStep_ = src.dim() == 0 ? 0 : loopByteStride(src.meta, static_cast<int>(dim));
    dstBase_ = plan_.base[0];
    srcBase_ = plan_.base[1];
  }
  // dst row `to` = src row `from`.
  void copy(int64_t to, int64_t from) {
    rebase(to, from);
    plan_.forEachRow([&](char** p, const int64_t* st, int64_t n) {
      if (st[0] == static_cast<int64_t>(item_) && st[1] == static_cast<int64_t>(item_)) {
        std::memmove(p[0], p[1], static_cast<size_t>(n) * item_);
        return;
      }
      for (int64_t i = 0; i < n; ++i) std::memmove(p[0] + i * st[0], p[1] + i * st[1], item_);
    });
  }
  // dst row `to` += alpha * src row `from`.
  template <class T>
  void add(int64_t to, int64_t from, T alpha) {
    rebase(to, from);
    plan_.forEachRow([&](char** p, const int64_t* st, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        T* d = reinterpret_cast<T*>(p[0] + i * st[0]);
        T v = *reinterpret_cast<const T*>(p[1] + i * st[1]);
        if constexpr (std::is_same<T, bool>::value) *d = *d || (alpha && v);
        else *d = static_cast<T>(*d + alpha * v);
      }
    });
  }

 private:
  void rebase(int64_t to, int64_t from) {
    plan_.base[0] = dstBase_ + to * dstStep_;
    plan_.base[1] = srcBase_ + from * srcStep_;
  }
  ElementwisePlan plan_;
  size_t item_;
  int64_t dstStep_ = 0, srcStep_ = 0;
  char* dstBase_ = nullptr;
  char* srcBase_ = nullptr;
};

Ref<TensorObject> cloneOf(TensorState& s, const TensorObject& t) {
  auto out = allocTensor(s, t.dtype(), t.sizes());
  copyInto(*out, t);
  return out;
}

// index_copy_ / index_add_ into `self` (already checked by the meta rule).
void indexUpdate(TensorState& s, TensorObject& self, const BoundArgs& a, bool add) {
  checkNoInternalOverlap(self);
  int64_t dim = wrapDim(intArg(a, 1), self.dim());
  const TensorObject& index = tensorArg(a, 2);
  const TensorObject& source = tensorArg(a, 3);
  checkNoOverlap(self, index);  // PyTorch's assert_no_overlap: the very view is rejected too
  checkNoOverlap(self, source);
  int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  std::vector<int64_t> idx = checkedIndices(s, index, dim, size, add ? RangeError::InSelf : RangeError::IndexCopy);
  RowMover rows(self, source, dim);
  if (!add) {
    for (size_t i = 0; i < idx.size(); ++i) rows.copy(idx[i], static_cast<int64_t>(i));
    return;
  }
  const Value& alpha = a[argIndex(a, "alpha")];
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T al = checkedScalarAs<T>(alpha);  // Note [Checked scalar conversion]
    for (size_t i = 0; i < idx.size(); ++i) rows.add<T>(idx[i], static_cast<int64_t>(i), al);
  });
}

// gather/scatter walk: for every element position `pos` of `index`, calls
// f(selfByteOffset, indexFlat) with self's coordinate along `dim` replaced by index[pos].
template <class F>
void forEachScatterPosition(const TensorState& s, const TensorObject& self, const TensorObject& index, int64_t dim,
                            F f) {
  const int64_t item = static_cast<int64_t>(itemSize(self.dtype()));
  int64_t n = index.numel();
  int rank = index.dim();
  int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  // Pass 1: range check (RuntimeError in PyTorch, Note [Index ranges]).
  for (int64_t flat = 0; flat < n; ++flat) {
    if ((flat & (kInterruptGrain - 1)) == 0 && flat) pollInterrupt(s);  // an expanded index may be huge
    int64_t v = readAsInt(index, flat);
    if (v < 0 || v >= size)
      throw Error(ErrorKind::Runtime, "index " + std::to_string(v) + " is out of bounds for dimension " +
                                          std::to_string(dim) + " with size " + std::to_string(size));
  }
  for (int64_t flat = 0; flat < n; ++flat) {
    if ((flat & (kInterruptGrain - 1)) == 0 && flat) pollInterrupt(s);
    int64_t rem = flat, off = 0;
    for (int d = rank - 1; d >= 0; --d) {
      int64_t c = rem % index.sizes()[d];
      rem /= index.sizes()[d];
      if (d != dim) off += c * self.strides()[d];
    }
    int64_t v = readAsInt(index, flat);
    if (self.dim() > 0) off += v * self.strides()[dim];
    f(off * item, flat);
  }
}

void scatterInto(const TensorState& s, TensorObject& self, const BoundArgs& a, bool add) {
  checkNoInternalOverlap(self);
  int64_t dim = wrapDim(intArg(a, 1), self.dim());
  const TensorObject& index = tensorArg(a, 2);
  const Value& src = a[3];
  checkNoOverlap(self, index);  // PyTorch's assert_no_overlap: the very view is rejected too
  if (src.isTensor()) checkNoOverlap(self, *asTensor(src));
  char* base = self.dataPtr();
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if (src.isTensor()) {
      const TensorObject& st = *asTensor(src);
      // src is read at the index's positions (src may be larger than index).
      forEachScatterPosition(s, self, index, dim, [&](int64_t byteOff, int64_t flat) {
        int64_t rem = flat, soff = 0;
        for (int d = index.dim() - 1; d >= 0; --d) {
          soff += (rem % index.sizes()[d]) * st.strides()[d];
          rem /= index.sizes()[d];
        }
        T v = *reinterpret_cast<const T*>(st.dataPtr() + soff * static_cast<int64_t>(sizeof(T)));
        T* d = reinterpret_cast<T*>(base + byteOff);
        if (add) {
          if constexpr (std::is_same<T, bool>::value) *d = *d || v;
          else *d = static_cast<T>(*d + v);
        } else {
          *d = v;
        }
      });
    } else {
      T v = checkedScalarAs<T>(src);
      forEachScatterPosition(s, self, index, dim, [&](int64_t byteOff, int64_t) { *reinterpret_cast<T*>(base + byteOff) = v; });
    }
  });
}

// Advanced indexing ------------------------------------------------------------

// Bool masks become int64 index tensors (one per mask dim), as nonzero() would.
std::vector<Value> expandBoolIndices(TensorState& s, const TensorObject& self, const std::vector<Value>& indices) {
  std::vector<Value> out;
  int selfDim = 0;
  for (const Value& v : indices) {
    if (!v.isTensor()) { out.push_back(v); ++selfDim; continue; }
    const TensorObject& t = *asTensor(v);
    if (t.dtype() != DType::Bool) { out.push_back(v); ++selfDim; continue; }
    for (int k = 0; k < t.dim(); ++k) {
      int sd = selfDim + k;
      if (sd >= self.dim() || t.sizes()[k] != self.sizes()[sd])
        throw Error(ErrorKind::Index, "The shape of the mask " + formatDims(t.sizes()) + " at index " +
                                          std::to_string(k) + " does not match the shape of the indexed tensor " +
                                          formatDims(self.sizes()) + " at index " + std::to_string(sd));
    }
    int64_t count = 0, n = t.numel();
    const TensorObject* mask = &t;
    Ref<TensorObject> contig = contiguousAs(s, t, DType::Bool);
    mask = contig.get();
    const bool* m = mask->data<bool>();
    for (int64_t i = 0; i < n; ++i) count += m[i] ? 1 : 0;
    if (t.dim() == 0) {
      // x[True] adds a dim of size 1, x[False] of size 0: index a new unit dim.
      throw Error(ErrorKind::Index, "indexing with a 0-dim boolean tensor is not supported");
    }
    std::vector<Ref<TensorObject>> cols;
    for (int k = 0; k < t.dim(); ++k) cols.push_back(allocTensor(s, DType::Int64, Dims{count}));
    int64_t row = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (!m[i]) continue;
      int64_t rem = i;
      for (int k = t.dim() - 1; k >= 0; --k) {
        cols[k]->data<int64_t>()[row] = rem % t.sizes()[k];
        rem /= t.sizes()[k];
      }
      ++row;
    }
    for (auto& c : cols) out.push_back(Value(c));
    selfDim += t.dim();
  }
  return out;
}

struct IndexWalk {
  AdvancedIndexShape shape;
  std::vector<const TensorObject*> idx;  // per self dim (nullptr: not indexed)
};

IndexWalk prepareWalk(const TensorState& s, const TensorObject& self, const std::vector<Value>& indices) {
  IndexWalk w;
  std::vector<const TensorMeta*> metas;
  for (const Value& v : indices) {
    metas.push_back(v.isTensor() ? &asTensor(v)->meta : nullptr);
    w.idx.push_back(v.isTensor() ? asTensor(v) : nullptr);
  }
  w.shape = advancedIndexShape(self.meta, metas);
  w.idx.resize(static_cast<size_t>(self.dim()), nullptr);
  // The result (or the values it takes) is allocated next; fail now, not
  // after range-checking a huge expanded index.
  checkedBytes(s, checkedNumel(w.shape.outSizes), self.dtype());
  // Range check every index value before any write.
  for (int d = 0; d < self.dim(); ++d) {
    if (!w.idx[d]) continue;
    const TensorObject& t = *w.idx[d];
    for (int64_t i = 0; i < t.numel(); ++i) {
      int64_t v = readAsInt(t, i);
      if (v < -self.sizes()[d] || v >= self.sizes()[d]) outOfBounds(v, d, self.sizes()[d]);
    }
  }
  return w;
}

// Calls f(selfByteOffset, resultFlat) for each element of the indexing result.
template <class F>
void walkIndexed(const TensorObject& self, const IndexWalk& w, F f) {
  const AdvancedIndexShape& sh = w.shape;
  const Dims& out = sh.outSizes;
  const int64_t total = checkedNumel(out);
  const int nb = sh.broadcast.size();
  const int64_t item = static_cast<int64_t>(itemSize(self.dtype()));
  int64_t coords[kMaxDims];
  for (int64_t flat = 0; flat < total; ++flat) {
    int64_t rem = flat;
    for (int d = out.size() - 1; d >= 0; --d) {
      coords[d] = rem % out[d];
      rem /= out[d];
    }
    // Broadcast coordinates live at [insertAt, insertAt + nb); the others map to non-indexed dims in order.
    int64_t off = 0;
    int nonIndexedPos = 0;
    for (int d = 0; d < self.dim(); ++d) {
      if (w.idx[d]) {
        const TensorObject& t = *w.idx[d];
        int64_t tflat = 0;
        int lead = nb - t.dim();
        for (int k = 0; k < t.dim(); ++k) {
          int64_t c = t.sizes()[k] == 1 ? 0 : coords[sh.insertAt + lead + k];
          tflat = tflat * t.sizes()[k] + c;
        }
        int64_t v = readAsInt(t, tflat);
        if (v < 0) v += self.sizes()[d];
        off += v * self.strides()[d];
      } else {
        int pos = nonIndexedPos < sh.insertAt || !sh.adjacent ? nonIndexedPos : nonIndexedPos + nb;
        if (!sh.adjacent) pos = nb + nonIndexedPos;
        off += coords[pos] * self.strides()[d];
        ++nonIndexedPos;
      }
    }
    f(off * item, flat);
  }
}

void indexPutInto(TensorState& s, TensorObject& self, const BoundArgs& a) {
  checkNoInternalOverlap(self);
  std::vector<Value> indices = expandBoolIndices(s, self, tensorListArg(a, 1));
  IndexWalk w = prepareWalk(s, self, indices);
  const TensorObject& values = tensorArg(a, 2);
  checkBroadcastTo(values.sizes(), w.shape.outSizes);
  bool accumulate = boolArg(a, 3);
  // Values converted to self's dtype and broadcast to the result shape.
  auto vals = allocTensor(s, self.dtype(), w.shape.outSizes);
  copyInto(*vals, values);
  char* base = self.dataPtr();
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* v = vals->data<T>();
    walkIndexed(self, w, [&](int64_t off, int64_t flat) {
      T* d = reinterpret_cast<T*>(base + off);
      if (accumulate) {
        if constexpr (std::is_same<T, bool>::value) *d = *d || v[flat];
        else *d = static_cast<T>(*d + v[flat]);
      } else {
        *d = v[flat];
      }
    });
  });
}

void maskedFillInto(TensorObject& self, const TensorObject& mask, const Value& value) {
  checkNoInternalOverlap(self);
  Value v = value;
  if (value.isTensor()) {
    const TensorObject& t = *asTensor(value);
    v = isFloating(t.dtype()) ? Value::number(readAsDouble(t, 0)) : Value::integer(readAsInt(t, 0));
  }
  ElementwisePlan plan;
  plan.addOperand(self.dataPtr(), self.meta, self.sizes());
  plan.addOperand(mask.dataPtr(), mask.meta, self.sizes());
  plan.coalesce();
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    T x = checkedScalarAs<T>(v);
    plan.forEachRow([&](char** p, const int64_t* st, int64_t n) {
      for (int64_t i = 0; i < n; ++i)
        if (*reinterpret_cast<const bool*>(p[1] + i * st[1])) *reinterpret_cast<T*>(p[0] + i * st[0]) = x;
    });
  });
}

// A 0-dim value tensor as the Python number its item() is.
Value itemOf(const Value& value) {
  if (!value.isTensor()) return value;
  const TensorObject& t = *asTensor(value);
  return isFloating(t.dtype()) ? Value::number(readAsDouble(t, 0)) : Value::integer(readAsInt(t, 0));
}

// index_fill_ into `self` (the meta rule has checked the arguments), in
// PyTorch's order: the value converted to self's dtype (Note [Checked scalar
// conversion]), the indices range-checked (in [-size, size): negative ones
// count from the end), then the rows self.select(dim, i) filled. One
// iteration plan is built for the row shape and rebased for every index.
void indexFillInto(TensorState& s, TensorObject& self, const BoundArgs& a) {
  checkNoInternalOverlap(self);
  const TensorObject& index = tensorArg(a, 2);
  checkNoOverlap(self, index);  // PyTorch's assert_no_overlap
  const int64_t dim = wrapDim(intArg(a, 1), self.dim());
  const Value value = itemOf(a[3]);
  const int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  withDType(self.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T x = checkedScalarAs<T>(value);
    checkedBytes(s, index.numel(), DType::Int64);  // an expanded index may be huge: fail before allocating
    std::vector<int64_t> rows(static_cast<size_t>(index.numel()));
    for (int64_t i = 0; i < index.numel(); ++i) {
      const int64_t k = readAsInt(index, i);
      if (k < -size || k >= size) outOfBounds(k, dim, size);
      rows[static_cast<size_t>(i)] = k < 0 ? k + size : k;
    }
    const TensorMeta row = selectMeta(self.meta, dim, 0);
    ElementwisePlan plan;
    plan.addOperand(self.dataPtr(), row, row.sizes);
    plan.coalesce();
    char* const first = plan.base[0];
    const int64_t step = self.dim() == 0 ? 0 : loopByteStride(self.meta, static_cast<int>(dim));
    for (size_t i = 0; i < rows.size(); ++i) {
      if ((i & 255) == 0 && i) pollInterrupt(s);
      plan.base[0] = first + rows[i] * step;
      plan.forEachRow([&](char** p, const int64_t* st, int64_t n) {
        for (int64_t j = 0; j < n; ++j) *reinterpret_cast<T*>(p[0] + j * st[0]) = x;
      });
    }
  });
}

}  // namespace

OpResults index(TensorState& s, const BoundArgs& a) {
  const TensorObject& self = tensorArg(a, 0);
  std::vector<Value> indices = expandBoolIndices(s, self, tensorListArg(a, 1));
  IndexWalk w = prepareWalk(s, self, indices);
  auto out = allocTensor(s, self.dtype(), w.shape.outSizes);
  char* dst = out->dataPtr();
  const char* src = self.dataPtr();
  const size_t item = itemSize(self.dtype());
  walkIndexed(self, w, [&](int64_t off, int64_t flat) {
    std::memcpy(dst + flat * static_cast<int64_t>(item), src + off, item);
  });
  return Value(out);
}

OpResults index_select(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  int64_t dim = wrapDim(intArg(a, 1), self.dim());
  int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  auto out = allocLike(s, r.out[0]);
  std::vector<int64_t> idx = checkedIndices(s, tensorArg(a, 2), dim, size, RangeError::InSelf);
  RowMover rows(*out, self, dim);
  for (size_t i = 0; i < idx.size(); ++i) rows.copy(static_cast<int64_t>(i), idx[i]);
  return Value(out);
}

OpResults gather(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& index = tensorArg(a, 2);
  int64_t dim = wrapDim(intArg(a, 1), self.dim());
  auto out = allocLike(s, r.out[0]);
  const char* src = self.dataPtr();
  char* dst = out->dataPtr();
  const size_t item = itemSize(self.dtype());
  forEachScatterPosition(s, self, index, dim, [&](int64_t byteOff, int64_t flat) {
    std::memcpy(dst + flat * static_cast<int64_t>(item), src + byteOff, item);
  });
  return Value(out);
}

OpResults index_put(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);  // self.clone(preserve_format)
  copyInto(*out, tensorArg(a, 0));
  indexPutInto(s, *out, a);
  return Value(out);
}

OpResults index_put_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  // PyTorch rejects values and indices that share memory with self
  // (assert_no_overlap), except on its masked_fill path: one value and a
  // single bool mask.
  const TensorObject& values = tensorArg(a, 2);
  int tensorIndices = 0, boolIndices = 0;
  for (const Value& v : tensorListArg(a, 1)) {
    if (!v.isTensor()) continue;
    ++tensorIndices;
    if (asTensor(v)->dtype() == DType::Bool) ++boolIndices;
  }
  bool maskedFill = !boolArg(a, 3) && values.numel() == 1 && tensorIndices == 1 && boolIndices == 1;
  if (!maskedFill) {
    checkNoOverlap(*asTensor(a[0]), values);
    for (const Value& v : tensorListArg(a, 1))
      if (v.isTensor()) checkNoOverlap(*asTensor(a[0]), *asTensor(v));
  }
  indexPutInto(s, *asTensor(a[0]), a);
  return a[0];
}

OpResults index_copy(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  auto out = cloneOf(s, tensorArg(a, 0));
  indexUpdate(s, *out, a, false);
  return Value(out);
}

OpResults index_copy_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  indexUpdate(s, *asTensor(a[0]), a, false);
  return a[0];
}

OpResults index_add(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  auto out = cloneOf(s, tensorArg(a, 0));
  indexUpdate(s, *out, a, true);
  return Value(out);
}

OpResults index_add_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  indexUpdate(s, *asTensor(a[0]), a, true);
  return a[0];
}

OpResults index_fill(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);  // self.clone(preserve_format)
  copyInto(*out, tensorArg(a, 0));
  indexFillInto(s, *out, a);
  return Value(out);
}

OpResults index_fill_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  indexFillInto(s, *asTensor(a[0]), a);
  return a[0];
}

OpResults scatter(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  auto out = cloneOf(s, tensorArg(a, 0));
  scatterInto(s, *out, a, false);
  return Value(out);
}

OpResults scatter_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  scatterInto(s, *asTensor(a[0]), a, false);
  return a[0];
}

OpResults scatter_add(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  auto out = cloneOf(s, tensorArg(a, 0));
  scatterInto(s, *out, a, true);
  return Value(out);
}

OpResults scatter_add_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  scatterInto(s, *asTensor(a[0]), a, true);
  return a[0];
}

OpResults masked_fill(TensorState& s, const BoundArgs& a) {
  MetaResult r = runMeta(a);
  auto out = allocLike(s, r.out[0]);
  copyInto(*out, tensorArg(a, 0));
  maskedFillInto(*out, tensorArg(a, 1), a[2]);
  return Value(out);
}

OpResults masked_fill_(TensorState& s, const BoundArgs& a) {
  runMeta(a);
  maskedFillInto(*asTensor(a[0]), tensorArg(a, 1), a[2]);
  return a[0];
}

}  // namespace tdsl::kernels
