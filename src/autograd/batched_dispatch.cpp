#include "autograd/batched_dispatch.h"

#include <algorithm>
#include <optional>
#include <string>

#include "autograd/autograd_meta.h"
#include "ops/dispatch.h"
#include "support/diagnostics.h"
#include "tensor/checked_math.h"
#include "tensor/storage_bounds.h"

namespace tdsl::autograd {

namespace {

using Levels = std::vector<std::shared_ptr<BatchLevel>>;

const BatchDim* findDim(const BatchMarks& dims, const BatchLevel* level) {
  for (const BatchDim& d : dims)
    if (d.level.get() == level) return &d;
  return nullptr;
}

void addLevel(Levels& levels, const std::shared_ptr<BatchLevel>& l) {
  if (std::find(levels.begin(), levels.end(), l) == levels.end()) levels.push_back(l);
}

void sortLevels(Levels& levels) {
  std::sort(levels.begin(), levels.end(), [](const auto& a, const auto& b) { return a->openedAt < b->openedAt; });
}

// The union of the arguments' physical levels, outermost first.
Levels levelsOf(const BoundArgs& args) {
  Levels levels;
  forEachTensorArg(args, [&](const TensorObject& t) {
    if (const AutogradMeta* m = metaOf(t))
      for (const BatchDim& d : m->batch)
        if (d.level->physical) addLevel(levels, d.level);
  });
  sortLevels(levels);
  return levels;
}

template <size_t N>
bool baseNamed(const ir::OpDef& op, const char* const (&names)[N]) {
  return isNamed(op.baseName, names);
}

int64_t sampleCount(const Levels& levels) {
  int64_t n = 1;
  for (const auto& l : levels) n *= l->size;
  return n;
}

// The physical view of `t` whose per-sample part is `logical` (t's meta, or
// an alias of it with unit dims inserted): the levels' dims first, then
// size-1 dims up to `rank`, then `logical`. A level t is not batched at gets
// size 1 (it broadcasts) or, with `expandMissing`, the level's size at stride 0.
TensorMeta physicalMeta(const BatchMarks& own, const TensorMeta& logical, const Levels& levels, int rank,
                        bool expandMissing) {
  TensorMeta m;
  m.dtype = logical.dtype;
  m.offset = logical.offset;
  for (const auto& l : levels) {
    const BatchDim* d = findDim(own, l.get());
    m.sizes.push_back(d || expandMissing ? l->size : 1);
    m.strides.push_back(d ? d->stride : 0);
  }
  for (int i = logical.dim(); i < rank; ++i) {
    m.sizes.push_back(1);
    m.strides.push_back(0);
  }
  for (int i = 0; i < logical.dim(); ++i) {
    m.sizes.push_back(logical.sizes[i]);
    m.strides.push_back(logical.strides[i]);
  }
  return m;
}

Value physicalOf(const TensorObject& t, const TensorMeta& logical, const Levels& levels, int rank, bool expandMissing) {
  return Value(makeViewOf(t, physicalMeta(physicalDims(t), logical, levels, rank, expandMissing)));
}

Value physicalOf(const TensorObject& t, const Levels& levels, int rank, bool expandMissing = false) {
  return physicalOf(t, t.meta, levels, rank, expandMissing);
}

// The logical tensor of physical result `p`, whose leading dims are `levels`'
// samples.
Value logicalOf(const TensorObject& p, const Levels& levels) {
  const int k = static_cast<int>(levels.size());
  TensorMeta m;
  m.dtype = p.dtype();
  m.offset = p.meta.offset;
  for (int i = k; i < p.dim(); ++i) {
    m.sizes.push_back(p.meta.sizes[i]);
    m.strides.push_back(p.meta.strides[i]);
  }
  Ref<TensorObject> out = makeViewOf(p, m);
  BatchMarks dims;
  for (int i = 0; i < k; ++i) dims.push_back(BatchDim{levels[static_cast<size_t>(i)], p.meta.strides[i]});
  setPhysicalDims(*out, dims);
  return Value(out);
}

// Whether physical result `p` holds the levels' samples of a logical result
// shaped as `expected` (the op's shape rule on the logical arguments).
bool holdsSamples(const Value& p, const Levels& levels, const TensorMeta& expected) {
  if (!p.isTensor()) return false;
  const TensorObject& t = *asTensor(p);
  const int k = static_cast<int>(levels.size());
  if (t.dtype() != expected.dtype || t.dim() != k + expected.dim()) return false;
  for (int i = 0; i < k; ++i)
    if (t.meta.sizes[i] != levels[static_cast<size_t>(i)]->size) return false;
  for (int i = 0; i < expected.dim(); ++i)
    if (t.meta.sizes[k + i] != expected.sizes[i]) return false;
  return true;
}

// The results of a rule, checked against the shape rule; nullopt: fall back.
std::optional<OpResults> logicalResults(const OpResults& physical, const Levels& levels, const MetaResult& expected) {
  if (physical.count != expected.count) return std::nullopt;
  OpResults out;
  out.count = physical.count;
  for (int i = 0; i < physical.count; ++i) {
    if (!holdsSamples(physical[i], levels, expected.out[i])) return std::nullopt;
    out[i] = logicalOf(*asTensor(physical[i]), levels);
  }
  return out;
}

// The view of sample `index` (one index per level) of `v`; v itself when it
// is not batched.
Value sampleOf(const Value& v, const Levels& levels, const std::vector<int64_t>& index) {
  if (!v.isTensor() || !hasPhysicalDims(*asTensor(v))) return v;
  const TensorObject& t = *asTensor(v);
  const BatchMarks own = physicalDims(t);
  TensorMeta m = t.meta;
  for (size_t i = 0; i < levels.size(); ++i)
    if (const BatchDim* d = findDim(own, levels[i].get())) m.offset += index[i] * d->stride;
  return Value(makeViewOf(t, m));
}

[[noreturn]] void throwNoFallback(const ir::OpDef& op) {
  if (op.schema.name == "allclose")
    throw Error(ErrorKind::Runtime, "vmap over torch.allclose isn't supported yet. Please file an issue at "
                                    "https://github.com/pytorch/pytorch/issues if you need this feature.");
  throw Error(ErrorKind::Runtime,
              "Batching rule not implemented for aten::" + op.schema.name + ". We could not generate a fallback.");
}

// The fallback: the op once per sample (in the levels' row-major order), each
// result stacked. `beforeSample` runs before each call (randomness='same').
template <class BeforeSample>
OpResults perSample(TensorState& s, const ir::OpDef& op, const BoundArgs& args, const Levels& levels,
                    BeforeSample&& beforeSample) {
  const int64_t n = sampleCount(levels);
  const bool writes = writesSelf(op, args);
  std::vector<int64_t> index(levels.size(), 0);
  std::vector<Value> columns[kMaxOpOutputs];
  int count = 0;
  for (int64_t b = 0; b < n; ++b) {
    BoundArgs sample = args;
    for (int i = 0; i < sample.count; ++i) {
      if (sample.kind(i) == ArgKind::Tensors) {
        for (Value& v : sample.tensors) v = sampleOf(v, levels, index);
      } else if (sample.kind(i) == ArgKind::Value) {
        sample[i] = sampleOf(sample[i], levels, index);
      }
    }
    beforeSample(b);
    OpResults r = dispatchOp(s, op, sample);
    if (!writes) {
      count = r.count;
      for (int j = 0; j < r.count; ++j) {
        if (!r[j].isTensor()) throwNoFallback(op);
        columns[j].push_back(r[j]);
      }
    }
    for (int i = static_cast<int>(levels.size()) - 1; i >= 0; --i) {
      if (++index[static_cast<size_t>(i)] < levels[static_cast<size_t>(i)]->size) break;
      index[static_cast<size_t>(i)] = 0;
    }
  }
  if (writes) return OpResults(args[0]);
  static const ir::OpDef* const stack = ir::opTable().find("stack");
  OpResults out;
  out.count = count;
  for (int j = 0; j < count; ++j) {
    BoundArgs st;
    st.reset(stack, 2);
    st.setTensors(0) = std::move(columns[j]);
    st.setValue(1, Value::integer(0));
    Value stacked = dispatchOp(s, *stack, st)[0];
    const TensorObject& t = *asTensor(stacked);
    Dims sizes;
    for (const auto& l : levels) sizes.push_back(l->size);
    for (int d = 1; d < t.dim(); ++d) sizes.push_back(t.meta.sizes[d]);
    TensorMeta m = contiguousMeta(t.dtype(), sizes);
    out[j] = logicalOf(*makeViewOf(t, m), levels);
  }
  return out;
}

OpResults perSample(TensorState& s, const ir::OpDef& op, const BoundArgs& args, const Levels& levels) {
  return perSample(s, op, args, levels, [](int64_t) {});
}

// Replaces each batched tensor argument by its physical view (rank `rank`);
// false when the op takes a tensor list.
bool physicalArgs(BoundArgs& args, const Levels& levels, int rank) {
  for (int i = 0; i < args.count; ++i) {
    if (args.kind(i) == ArgKind::Tensors) return false;
    if (args.kind(i) == ArgKind::Value && args[i].isTensor() && hasPhysicalDims(*asTensor(args[i])))
      args[i] = physicalOf(*asTensor(args[i]), levels, rank);
  }
  return true;
}

int maxRank(const BoundArgs& args) {
  int rank = 0;
  forEachTensorArg(args, [&](const TensorObject& t) { rank = std::max(rank, t.dim()); });
  return rank;
}

// Type promotion reads a 0-dim tensor as a scalar; its physical view has a
// dim, so a batched 0-dim argument of another dtype than the others would
// promote differently (the rules then fall back).
bool promotesLikeSamples(const BoundArgs& args) {
  bool ok = true;
  forEachTensorArg(args, [&](const TensorObject& t) {
    if (t.dim() != 0 || !hasPhysicalDims(t)) return;
    forEachTensorArg(args, [&](const TensorObject& u) { ok &= u.dtype() == t.dtype(); });
  });
  return ok;
}

bool isPointwiseLike(const ir::OpDef& op) {
  if (op.has(kTagPointwise) || op.has(kTagCopy)) return true;
  static const char* const names[] = {"clone", "masked_fill", "where", "zeros_like", "ones_like", "full_like",
                                      "empty_like", "fill", "zero", "triu", "tril", "to"};
  return baseNamed(op, names);
}

std::optional<OpResults> pointwise(TensorState& s, const ir::OpDef& op, const BoundArgs& args, const Levels& levels,
                                   const MetaResult& expected) {
  if (!promotesLikeSamples(args)) return std::nullopt;
  BoundArgs p = args;
  if (!physicalArgs(p, levels, maxRank(args))) return std::nullopt;
  OpResults r = dispatchOp(s, op, p);
  if (writesSelf(op, args)) return OpResults(args[0]);
  return logicalResults(r, levels, expected);
}

// Ops along dims: the "dim"/"dims" argument moves past the batch dims. A
// missing or empty dim list of a reduction means every dim of the sample.
// index_select and index_fill take their (unbatched) index along that dim
// in every sample alike.
bool isDimOp(const ir::OpDef& op) {
  static const char* const names[] = {"sum", "mean", "prod", "max", "min", "amax", "amin", "argmax", "argmin",
                                      "all", "any", "logsumexp", "std", "var", "norm", "softmax", "log_softmax",
                                      "cumsum", "cumprod", "cummax", "cummin", "sort", "argsort", "topk", "flip",
                                      "aminmax", "count_nonzero", "index_select", "index_fill", "nansum", "roll"};
  return baseNamed(op, names);
}

// Reductions whose empty dim list means every dim (sum(x, dim=[])).
bool emptyMeansEveryDim(const ir::OpDef& op) {
  static const char* const names[] = {"sum", "mean", "amax", "amin", "nansum", "std", "var", "norm"};
  return baseNamed(op, names);
}

// A full reduction (sum(x)) as its dim overload over every dim of a sample.
const ir::OpDef* dimOverload(const ir::OpDef& op) {
  static const std::pair<const char*, const char*> overloads[] = {
      {"sum", "sum.dim_IntList"}, {"mean", "mean.dim"}, {"max", "amax"}, {"min", "amin"},
      {"std", "std.dim"},         {"var", "var.dim"},   {"norm.Scalar", "norm.ScalarOpt_dim"}};
  const std::string name = op.fullName();
  for (const auto& [from, to] : overloads)
    if (name == from) return ir::opTable().find(to);
  return nullptr;
}

// Binds the dim overload's arguments: self, every dim of the sample past
// the `k` batch dims, then the full reduction's other arguments by name
// (keepdim false).
BoundArgs bindDimOverload(const ir::OpDef& full, const ir::OpDef& dimOp, const BoundArgs& args, int rank, int k) {
  BoundArgs b;
  b.reset(&dimOp, static_cast<int>(dimOp.schema.args.size()));
  for (int i = 0; i < b.count; ++i) {
    const ir::SchemaArg& a = dimOp.schema.args[static_cast<size_t>(i)];
    if (a.name == "dim") {
      Dims* dims = b.setDims(i, static_cast<size_t>(rank));
      for (int d = 0; d < rank; ++d) dims->push_back(d + k);
    } else if (a.name == "keepdim") {
      b.setValue(i, Value::boolean(false));
    } else if (int from = full.argIndex(a.name); from >= 0) {
      b.copySlot(i, args, from);
    } else {
      b.setValue(i, Value());  // p=None: the 2-norm, as norm.Scalar's default
    }
  }
  return b;
}

// Every dim of a sample, past the batch dims, in slot `i`.
void setAllDims(BoundArgs& p, int i, int rank, int k) {
  if (p.kind(i) == ArgKind::Dims) {
    Dims& dims = p.dims[p.dimsSlot[i]];
    dims.clear();
    for (int d = 0; d < rank; ++d) dims.push_back(d + k);
    return;
  }
  Dims* dims = p.setDims(i, static_cast<size_t>(rank));
  for (int d = 0; d < rank; ++d) dims->push_back(d + k);
}

std::optional<OpResults> alongDims(TensorState& s, const ir::OpDef& op, const BoundArgs& args, const Levels& levels,
                                   const MetaResult& expected) {
  if (!args[0].isTensor()) return std::nullopt;
  const TensorObject& self = *asTensor(args[0]);
  const int rank = self.dim();
  const int k = static_cast<int>(levels.size());
  // Only self may be batched (index_select's index must not be); a sample
  // of rank 0 has no dim to move.
  for (int i = 1; i < args.count; ++i)
    if (args.kind(i) == ArgKind::Tensors ||
        (args.kind(i) == ArgKind::Value && args[i].isTensor() && hasPhysicalDims(*asTensor(args[i]))))
      return std::nullopt;
  if (rank == 0) return std::nullopt;
  BoundArgs p;
  const ir::OpDef* run = &op;
  const int dimSlot = std::max(op.argIndex("dim"), op.argIndex("dims"));
  if (dimSlot < 0) {
    run = dimOverload(op);
    if (!run) return std::nullopt;
    p = bindDimOverload(op, *run, args, rank, k);
  } else {
    p = args;
    const bool list = op.schema.args[static_cast<size_t>(dimSlot)].type == ir::ArgType::IntList;
    if (p.kind(dimSlot) == ArgKind::Dims) {
      Dims& dims = p.dims[p.dimsSlot[dimSlot]];
      if (dims.empty()) {
        if (!emptyMeansEveryDim(op)) return std::nullopt;  // roll and flip: the flattened sample or nothing
        setAllDims(p, dimSlot, rank, k);
      } else {
        for (int64_t& d : dims) d = (d < 0 ? d + rank : d) + k;
      }
    } else if (p[dimSlot].isInt()) {
      const int64_t d = p[dimSlot].asInt();
      p.setValue(dimSlot, Value::integer((d < 0 ? d + rank : d) + k));
    } else if (p[dimSlot].isNone() && list && emptyMeansEveryDim(op)) {
      setAllDims(p, dimSlot, rank, k);
    } else {
      return std::nullopt;  // argmax(dim=None) and friends: over the flattened sample
    }
  }
  p[0] = physicalOf(self, levels, rank);
  OpResults r = dispatchOp(s, *run, p);
  if (writesSelf(op, args)) return OpResults(args[0]);
  return logicalResults(r, levels, expected);
}

// matmul and its fixed-rank forms: a 1-D operand becomes a matrix (a row on
// the left, a column on the right) whose unit dim the result drops; the
// batch dims broadcast as matmul's own batch dims.
std::optional<OpResults> matmulBatched(TensorState& s, const BoundArgs& args, const Levels& levels,
                                       const MetaResult& expected) {
  if (args.count < 2 || !args[0].isTensor() || !args[1].isTensor()) return std::nullopt;
  const TensorObject& a = *asTensor(args[0]);
  const TensorObject& b = *asTensor(args[1]);
  if (a.dim() == 0 || b.dim() == 0 || a.dtype() != b.dtype()) return std::nullopt;
  auto asMatrix = [](const TensorObject& t, bool row) {
    TensorMeta m = t.meta;
    if (t.dim() == 1) {
      m.sizes.insert(row ? 0 : 1, 1);
      m.strides.insert(row ? 0 : 1, row ? t.meta.sizes[0] * t.meta.strides[0] : 1);
    }
    return m;
  };
  const TensorMeta am = asMatrix(a, true), bm = asMatrix(b, false);
  const int rank = std::max(am.dim(), bm.dim());
  static const ir::OpDef* const matmul = ir::opTable().find("matmul");
  BoundArgs p;
  p.reset(matmul, 2);
  p.setValue(0, physicalOf(a, am, levels, rank, false));
  p.setValue(1, physicalOf(b, bm, levels, rank, false));
  const Value r = dispatchOp(s, *matmul, p)[0];
  // The unit dims of 1-D operands: both -> [.., 1, 1]; a -> [.., 1, p]; b -> [.., n, 1].
  TensorObject& t = *asTensor(r);
  TensorMeta m = t.meta;
  if (b.dim() == 1) {
    m.sizes.erase(m.dim() - 1);
    m.strides.erase(m.strides.size() - 1);
  }
  if (a.dim() == 1) {
    m.sizes.erase(m.dim() - (b.dim() == 1 ? 1 : 2));
    m.strides.erase(m.strides.size() - (b.dim() == 1 ? 1 : 2));
  }
  Ref<TensorObject> squeezed = makeViewOf(t, m);
  const OpResults out{Value(squeezed)};
  return logicalResults(out, levels, expected);
}

// cat/stack: every tensor physical (levels it lacks expanded), the dim past the batch dims.
std::optional<OpResults> catBatched(TensorState& s, const ir::OpDef& op, const BoundArgs& args, const Levels& levels,
                                    const MetaResult& expected) {
  if (args.kind(0) != ArgKind::Tensors || !args[1].isInt()) return std::nullopt;
  const std::vector<Value>& items = args.tensorsAt(0);
  if (items.empty() || !items[0].isTensor()) return std::nullopt;
  const int rank = asTensor(items[0])->dim();
  for (const Value& v : items)
    if (!v.isTensor() || asTensor(v)->dim() != rank) return std::nullopt;  // cat's legacy 1-D empties
  const int wrapRank = op.baseName == "stack" ? rank + 1 : rank;
  if (wrapRank == 0) return std::nullopt;
  BoundArgs p = args;
  for (Value& v : p.setTensors(0) = items) v = physicalOf(*asTensor(v), levels, rank, true);
  const int64_t d = args[1].asInt();
  p.setValue(1, Value::integer((d < 0 ? d + wrapRank : d) + static_cast<int64_t>(levels.size())));
  return logicalResults(dispatchOp(s, op, p), levels, expected);
}

// x[i, j] with unbatched integer indices next to each other: the batch dims
// go first as full slices.
std::optional<OpResults> indexBatched(TensorState& s, const ir::OpDef& op, const BoundArgs& args,
                                      const Levels& levels, const MetaResult& expected) {
  if (!args[0].isTensor() || args.kind(1) != ArgKind::Tensors) return std::nullopt;
  const std::vector<Value>& indices = args.tensorsAt(1);
  int first = -1, last = -1;
  for (int i = 0; i < static_cast<int>(indices.size()); ++i) {
    const Value& v = indices[static_cast<size_t>(i)];
    if (v.isNone()) continue;
    if (!v.isTensor() || hasPhysicalDims(*asTensor(v)) || !isIntegral(asTensor(v)->dtype(), false))
      return std::nullopt;
    if (first < 0) first = i;
    last = i;
  }
  for (int i = first; i <= last && first >= 0; ++i)
    if (indices[static_cast<size_t>(i)].isNone()) return std::nullopt;  // apart: advanced dims would go first
  BoundArgs p = args;
  std::vector<Value>& list = p.setTensors(1) = indices;
  list.insert(list.begin(), levels.size(), Value());
  p[0] = physicalOf(*asTensor(args[0]), levels, asTensor(args[0])->dim());
  return logicalResults(dispatchOp(s, op, p), levels, expected);
}

bool isMatmulLike(const ir::OpDef& op) {
  static const char* const names[] = {"matmul", "mm", "bmm", "mv", "dot"};
  return baseNamed(op, names);
}

// functorch's as_strided rule: each sample's view must stay within that
// sample's elements (the offset counts from the storage, as for the first
// sample, so the other samples' views follow their own).
void checkAsStridedInSample(const TensorObject& self, const TensorObject& out) {
  if (self.numel() == 0 || out.numel() == 0) return;
  const int64_t lo = self.meta.offset, hi = storageExtent(self.meta);
  const int64_t outLo = out.meta.offset, outHi = storageExtent(out.meta);
  if (outLo >= lo && outHi <= hi) return;
  throw Error(ErrorKind::Runtime,
              "result = tensor.as_strided(" + formatDims(out.meta.sizes) + ", " + formatDims(out.meta.strides) + ", " +
                  std::to_string(out.meta.offset) + ") can access memory outside of `tensor`. `result` can access some "
                  "memory in range [" + std::to_string(outLo) + ", " + std::to_string(outHi) + "], but `tensor` can only "
                  "access some memory in range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]. This is not "
                  "supported inside of vmap, please try to rewrite the `as_strided` call as a sequence of PyTorch view "
                  "operations");
}

// A view's result keeps self's batch strides (rescaled when the view
// reinterprets the dtype); nullopt when a result does not alias self.
std::optional<OpResults> viewBatched(TensorState& s, const ir::OpDef& op, BoundArgs& args) {
  if (!args[0].isTensor()) return std::nullopt;
  const TensorObject& self = *asTensor(args[0]);
  const BatchMarks dims = physicalDims(self);
  OpResults r = dispatchOp(s, op, args);
  for (int i = 0; i < r.count; ++i) {
    if (!r[i].isTensor()) return std::nullopt;
    TensorObject& out = *asTensor(r[i]);
    if (&out == &self) continue;
    if (!out.storage || out.storage != self.storage) return std::nullopt;
    if (op.baseName == "as_strided") checkAsStridedInSample(self, out);
    BatchMarks own = dims;
    const size_t from = itemSize(self.dtype()), to = itemSize(out.dtype());
    Levels levels;
    for (BatchDim& d : own) {
      if ((d.stride * static_cast<int64_t>(from)) % static_cast<int64_t>(to) != 0) return std::nullopt;
      d.stride = d.stride * static_cast<int64_t>(from) / static_cast<int64_t>(to);
      levels.push_back(d.level);
    }
    // The view was checked for the first sample only (as_strided can reach
    // past it): every sample's must stay in the storage too.
    sortLevels(levels);
    checkStorageBounds(out, physicalMeta(own, out.meta, levels, out.dim(), false));
    setPhysicalDims(out, own);
  }
  return r;
}

// The physical reshape of a MaybeView op that copies (reshape, flatten,
// contiguous of a sample that is not laid out for a view).
std::optional<OpResults> reshapeCopy(TensorState& s, const BoundArgs& args, const Levels& levels,
                                     const MetaResult& expected) {
  if (!args[0].isTensor() || expected.count != 1) return std::nullopt;
  const TensorObject& self = *asTensor(args[0]);
  if (expected.out[0].dtype != self.dtype() || expected.out[0].numel() != self.numel()) return std::nullopt;
  for (int i = 1; i < args.count; ++i)
    if (args.kind(i) == ArgKind::Value && args[i].isTensor() && hasPhysicalDims(*asTensor(args[i]))) return std::nullopt;
  static const ir::OpDef* const reshape = ir::opTable().find("reshape");
  BoundArgs p;
  p.reset(reshape, 2);
  p.setValue(0, physicalOf(self, levels, self.dim()));
  Dims* sizes = p.setDims(1, levels.size() + static_cast<size_t>(expected.out[0].dim()));
  if (!sizes) return std::nullopt;
  for (const auto& l : levels) sizes->push_back(l->size);
  for (int64_t x : expected.out[0].sizes) sizes->push_back(x);
  return logicalResults(dispatchOp(s, *reshape, p), levels, expected);
}

[[noreturn]] void throwRandomnessError() {
  throw Error(ErrorKind::Runtime,
              "vmap: called random operation while in randomness error mode. Please either use the 'same' or "
              "'different' randomness flags on vmap or perform the randomness operation out of vmap");
}

// Note [Randomness under vmap]
// functorch's randomness= modes, for the levels of the vmap calls under way:
// 'error' refuses any random op; 'same' draws once for the whole batch (an
// op on unbatched arguments runs as it is; one on batched arguments draws
// each sample from the same generator state, so the samples get equal
// numbers); 'different' draws the whole batch at once, as functorch does:
// a factory gets the batch sizes in front of its size (rand(3) under a
// batch of 4 draws rand(4, 3)), an op on tensors draws for the physical
// views with the levels their arguments lack expanded, and an in-place op
// on a self that is not batched at every level refuses (PyTorch's error).
// Nested calls must agree on 'same' or 'different'.
OpResults randomBatched(TensorState& s, const ir::OpDef& op, BoundArgs& args, const MetaResult& expected) {
  bool same = false, different = false;
  for (const auto& l : s.vmapLevels) {
    if (!l->physical) continue;  // a call by samples checks its own randomness
    if (l->randomness == VmapRandomness::Error) throwRandomnessError();
    (l->randomness == VmapRandomness::Same ? same : different) = true;
  }
  if (same && different)
    throw Error(ErrorKind::Runtime,
                "vmap: nested vmaps with randomness='same' and randomness='different' together are not supported");
  Levels levels = levelsOf(args);
  if (same) {
    if (levels.empty()) return dispatchOp(s, op, args);
    CpuGenerator& gen = s.generator();
    const std::vector<uint64_t> start = gen.state();
    return perSample(s, op, args, levels, [&](int64_t b) {
      if (b > 0) gen.setState(start);
    });
  }
  for (const auto& l : s.vmapLevels)
    if (l->physical) addLevel(levels, l);
  sortLevels(levels);
  if (writesSelf(op, args)) {
    const BatchMarks own = physicalDims(*asTensor(args[0]));
    for (const auto& l : levels)
      if (!findDim(own, l.get()))
        throw Error(ErrorKind::Runtime,
                    "vmap: Cannot ask for different inplace randomness on an unbatched tensor. This will appear like "
                    "same randomness. If this is necessary for your usage, please file an issue with functorch.");
  }
  bool anyTensor = false;
  forEachTensorArg(args, [&](const TensorObject&) { anyTensor = true; });
  BoundArgs p = args;
  if (anyTensor) {
    const int rank = maxRank(args);
    if (!promotesLikeSamples(args)) return perSample(s, op, args, levels);
    for (int i = 0; i < p.count; ++i) {
      if (p.kind(i) == ArgKind::Tensors) return perSample(s, op, args, levels);
      if (p.kind(i) == ArgKind::Value && p[i].isTensor()) p[i] = physicalOf(*asTensor(p[i]), levels, rank, true);
    }
  } else {
    const int sizeSlot = op.argIndex("size");
    if (sizeSlot < 0 || p.kind(sizeSlot) != ArgKind::Dims) return perSample(s, op, args, levels);
    Dims& sizes = p.dims[p.dimsSlot[sizeSlot]];
    if (sizes.size() + levels.size() > static_cast<size_t>(kMaxDims)) return perSample(s, op, args, levels);
    for (size_t i = 0; i < levels.size(); ++i) sizes.insert(static_cast<int>(i), levels[i]->size);
  }
  OpResults r = dispatchOp(s, op, p);
  if (writesSelf(op, args)) return OpResults(args[0]);
  if (std::optional<OpResults> out = logicalResults(r, levels, expected)) return *out;
  throw Error(ErrorKind::Runtime, "vmap: the batched draw of " + op.fullName() + " has an unexpected shape");
}

}  // namespace

bool batchedCallUnderWay(const TensorState& s) {
  return std::any_of(s.vmapLevels.begin(), s.vmapLevels.end(), [](const auto& l) { return l->physical; });
}

bool needsBatching(const TensorState& s, const ir::OpDef& op, const BoundArgs& args) {
  if (op.has(kTagRandom) && batchedCallUnderWay(s)) return true;
  bool batched = false;
  forEachTensorArg(args, [&](const TensorObject& t) { batched |= hasPhysicalDims(t); });
  return batched;
}

OpResults dispatchBatched(TensorState& s, const ir::OpDef& op, BoundArgs& args) {
  if (s.interceptor)
    throw Error(ErrorKind::Runtime,
                "a batched tensor of a vmap call reached a compiled function: tdsl does not trace batched tensors");
  const Levels levels = levelsOf(args);
  if (!levels.empty() && op.has(kTagDataDependentShape))
    throw Error(ErrorKind::Runtime, "vmap: We do not support batching operators that can output dynamic shape. Attempted "
                                    "to vmap over aten::" + op.schema.name + ". Please file an issue at "
                                    "https://github.com/pytorch/pytorch/issues if you need this feature.");
  MetaResult expected;
  op.meta(args, expected);  // the op's own errors for one sample's shapes
  if (op.has(kTagRandom) && batchedCallUnderWay(s)) return randomBatched(s, op, args, expected);
  if (levels.empty()) return dispatchOp(s, op, args);
  if (writesSelf(op, args)) {
    const BatchMarks own = physicalDims(*asTensor(args[0]));
    for (const auto& l : levels)
      if (!findDim(own, l.get())) throwInplaceIntoUnbatched(s, op.schema.name, args);
  }
  if (op.has(kTagNonTensorResult)) throwNoFallback(op);
  if (sampleCount(levels) == 0) return perSample(s, op, args, levels);

  std::optional<OpResults> out;
  const bool inplaceView = op.has(kTagInplace) && op.functional && op.functional->has(kTagView);
  if (inplaceView || (op.has(kTagView) && (!op.has(kTagMaybeView) || expected.aliasesSelf))) {
    out = viewBatched(s, op, args);
  } else if (op.has(kTagMaybeView) && !isPointwiseLike(op)) {
    out = reshapeCopy(s, args, levels, expected);
  } else if (isPointwiseLike(op)) {
    out = pointwise(s, op, args, levels, expected);
  } else if (isMatmulLike(op)) {
    out = matmulBatched(s, args, levels, expected);
  } else if (op.baseName == "cat" || op.baseName == "stack") {
    out = catBatched(s, op, args, levels, expected);
  } else if (op.schema.name == "index") {
    out = indexBatched(s, op, args, levels, expected);
  } else if (isDimOp(op)) {
    out = alongDims(s, op, args, levels, expected);
  }
  if (out) return *out;
  return perSample(s, op, args, levels);
}

Value addBatchDim(const TensorObject& t, int64_t dim, const std::shared_ptr<BatchLevel>& level) {
  TensorMeta m = t.meta;
  const int64_t stride = m.strides[static_cast<int>(dim)];
  m.sizes.erase(static_cast<int>(dim));
  m.strides.erase(static_cast<int>(dim));
  Ref<TensorObject> view = makeViewOf(t, m);
  BatchMarks dims = physicalDims(t);
  dims.push_back(BatchDim{level, stride});
  setPhysicalDims(*view, dims);
  return Value(view);
}

Value removeBatchDim(const TensorObject& t, const std::shared_ptr<BatchLevel>& level, int64_t outDim) {
  BatchMarks dims = physicalDims(t);
  int64_t stride = 0;
  auto it = std::find_if(dims.begin(), dims.end(), [&](const BatchDim& d) { return d.level == level; });
  if (it != dims.end()) {
    stride = it->stride;
    dims.erase(it);
  }
  TensorMeta m = t.meta;
  m.sizes.insert(static_cast<int>(outDim), level->size);
  m.strides.insert(static_cast<int>(outDim), stride);
  Ref<TensorObject> out = makeViewOf(t, m);
  setPhysicalDims(*out, dims);
  return Value(out);
}

Value sumLevelsLeft(TensorState& s, const Value& g, uint64_t since) {
  if (!g.isTensor() || !hasPhysicalDims(*asTensor(g))) return g;
  const TensorObject& t = *asTensor(g);
  Levels levels, kept;
  for (const BatchDim& d : physicalDims(t)) levels.push_back(d.level);
  sortLevels(levels);
  static const ir::OpDef* const sum = ir::opTable().find("sum.dim_IntList");
  BoundArgs b;
  b.reset(sum, 4);
  b.setValue(0, physicalOf(t, levels, t.dim()));
  Dims* dims = b.setDims(1, levels.size());
  for (size_t i = 0; i < levels.size(); ++i) {
    if (!levels[i]->live && levels[i]->openedAt > since) dims->push_back(static_cast<int64_t>(i));
    else kept.push_back(levels[i]);
  }
  if (dims->empty()) return g;
  b.setValue(2, Value::boolean(false));
  b.setValue(3, Value());
  const Value summed = dispatchOp(s, *sum, b)[0];
  if (kept.empty()) return summed;
  return logicalOf(*asTensor(summed), kept);
}

Value physicalViewOf(const TensorObject& t, Levels* levelsOut) {
  Levels levels;
  for (const BatchDim& d : physicalDims(t)) levels.push_back(d.level);
  sortLevels(levels);
  Value p = physicalOf(t, levels, t.dim());
  if (levelsOut) *levelsOut = std::move(levels);
  return p;
}

Value zerosBatchedLike(TensorState& s, const Value& like, const Dims& sizes, DType dtype) {
  Levels levels;
  if (like.isTensor())
    for (const BatchDim& d : physicalDims(*asTensor(like))) levels.push_back(d.level);
  sortLevels(levels);
  static const ir::OpDef* const zeros = ir::opTable().find("zeros");
  BoundArgs b;
  b.reset(zeros, static_cast<int>(zeros->schema.args.size()));
  for (int i = 0; i < b.count; ++i) b.setValue(i, Value());
  Dims* all = b.setDims(0, levels.size() + sizes.size());
  if (!all) throw Error(ErrorKind::Value, "vmap: too many dimensions in a batched gradient");
  for (const auto& l : levels) all->push_back(l->size);
  for (int64_t x : sizes) all->push_back(x);
  b.setValue(1, Value::dtype(dtype));
  const Value z = dispatchOp(s, *zeros, b)[0];
  return levels.empty() ? z : logicalOf(*asTensor(z), levels);
}

}  // namespace tdsl::autograd
