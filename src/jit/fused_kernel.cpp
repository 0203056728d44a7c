// JIT runner of fused nodes (fused_kernel.h).
#include "jit/fused_kernel.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <map>
#include <optional>

#include "support/diagnostics.h"
#include "support/parallel.h"
#include "ir/ir_printer.h"
#include "ir/meta_inference.h"
#include "jit/fused_reduction.h"
#include "ops/op_table.h"
#include "tensor/scalar_convert.h"
#include "tensor/tensor.h"
#include "tensor/tensor_iter.h"

namespace tdsl::jit {

namespace {

Value numberOf(const ir::Arg& a) {
  if (a.kind == ir::Arg::Kind::Bool) return Value::boolean(a.b);
  if (a.kind == ir::Arg::Kind::Int) return Value::integer(a.i.constant());
  return Value::number(a.f);
}

bool sameLayout(const TensorMeta& a, const TensorMeta& b) { return a.sizes == b.sizes && a.strides == b.strides; }

class JitFusedRunner : public ir::FusedRunner {
 public:
  JitFusedRunner(std::shared_ptr<JitContext> ctx, const ir::Node& fused)
      : ctx_(std::move(ctx)), body_(fused.body()), reference_(ir::referenceFusedRunner(fused)) {
    std::string why;
    reduction_ = planReduction(*body_);
    program_ = buildVectorProgram(reduction_ ? *reduction_->pointwise : *body_, &why);
    if (!program_) fallBack(why);
    else if (program_->hasIndexedAccess()) planIndexChecks();
  }

  std::vector<Value> run(TensorState& state, const std::vector<Value>& inputs) override {
    if (!program_) return reference_->run(state, inputs);
    const std::vector<TensorMeta>& metas = outputMetas(inputs);
    std::vector<Value> outs;
    outs.reserve(metas.size());
    for (size_t k = 0; k < metas.size(); ++k) {
      // Note [Fused stores]: the written input itself. A group that ends in
      // a reduction has no store (each closes its group), and its results
      // outnumber the program's outputs for max.dim (values and indices).
      const int stored = reduction_ ? -1 : program_->storedInput[k];
      outs.push_back(stored >= 0 ? inputs[static_cast<size_t>(stored)] : Value(allocLike(state, metas[k])));
    }
    if (program_->hasIndexedAccess() && !indicesValid(inputs)) return reference_->run(state, inputs);
    const bool ran = reduction_ ? runReduction(state, inputs, outs) : runPointwise(state, inputs, outs);
    if (!ran) return reference_->run(state, inputs);
    return outs;
  }

 private:
  struct Operand {
    const TensorMeta* meta;
    char* data;  // null: the chunk's scratch buffer (contiguous over the chunk)
  };
  using ChunkDone = std::function<void(int64_t first, int64_t last, const char* scratch)>;

  void fallBack(const std::string& why) {
    program_.reset();
    if (ctx_->fallbackLog) ctx_->fallbackLog("fused group " + body_->name() + " runs on the reference path: " + why);
  }

  // The results' metadata from the body's shape rules (Note [Fused kernel calls]).
  const std::vector<TensorMeta>& outputMetas(const std::vector<Value>& inputs) {
    bool same = haveMetas_ && inputs.size() == lastInputs_.size();
    for (size_t i = 0; same && i < inputs.size(); ++i) same = sameLayout(asTensor(inputs[i])->meta, lastInputs_[i]);
    if (same) return lastOutputs_;
    std::map<const ir::IrValue*, Value> env;
    auto bodyInputs = body_->inputs();
    for (size_t i = 0; i < inputs.size(); ++i) env[bodyInputs[i]] = Value(makeMetaTensor(asTensor(inputs[i])->meta));
    for (const ir::Node* n : body_->nodes()) {
      if (!n->isOp()) continue;
      ir::BoundArgs args = ir::bindNodeArgs(*n->op(), n->args(), [&](const ir::IrValue* v) { return env.at(v); });
      ir::MetaResult r;
      n->op()->meta(args, r);
      TDSL_ASSERT(r.count == static_cast<int>(n->numOutputs()));  // two for max.dim (Note [Fused reductions])
      for (int k = 0; k < r.count; ++k) env[n->output(static_cast<size_t>(k))] = Value(makeMetaTensor(r.out[k]));
    }
    lastInputs_.clear();
    for (const Value& v : inputs) lastInputs_.push_back(asTensor(v)->meta);
    if (reduction_) {
      // The kernel writes the reduced values in row-major order: the scratch is contiguous.
      const TensorMeta& m = asTensor(env.at(reducedValue()))->meta;
      reducedMeta_ = contiguousMeta(m.dtype, m.sizes);
    }
    lastOutputs_.clear();
    for (const ir::IrValue* v : body_->outputs()) {
      TensorMeta m = asTensor(env.at(v))->meta;
      m.offset = 0;
      lastOutputs_.push_back(m);
    }
    haveMetas_ = true;
    return lastOutputs_;
  }

  // Note [Indexed access]: every index in range of the tensor it addresses
  // (and distinct where a store needs it). False sends the call to the
  // reference path, which raises eager's error or keeps eager's order. A
  // gather and a store through the same indices into the same tensor (the
  // seed's composed) are checked in one pass. The pairs are the program's,
  // by input slot, so they are found once (planIndexChecks); the same tensor
  // in two slots is then checked once per slot, which asks no less.
  struct IndexCheck {
    size_t data, index;  // input slots
    bool distinct;
  };
  void planIndexChecks() {
    const VectorProgram& p = *program_;
    auto slot = [&](int k) { return static_cast<size_t>(k < p.numOutputs ? p.storedInput[k] : k - p.numOutputs); };
    auto add = [&](int data, int index, bool distinct) {
      const IndexCheck c{slot(data), slot(index), distinct};
      for (IndexCheck& d : indexChecks_)
        if (d.data == c.data && d.index == c.index) {
          d.distinct = d.distinct || distinct;
          return;
        }
      indexChecks_.push_back(c);
    };
    for (const VOp& o : p.ops)
      if (o.kind == VKind::Gather) add(o.index, o.indexOperand, false);
    for (int k = 0; k < p.numOutputs; ++k)
      if (p.scatterIndex[k] >= 0) add(k, p.scatterIndex[k], p.distinctIndices[k]);
  }
  bool indicesValid(const std::vector<Value>& inputs) const {
    for (const IndexCheck& c : indexChecks_)
      if (!indicesInRange(*asTensor(inputs[c.data]), *asTensor(inputs[c.index]), c.distinct)) return false;
    return true;
  }
  static bool indicesInRange(const TensorObject& t, const TensorObject& ix, bool distinct) {
    const uint64_t bound = static_cast<uint64_t>(t.sizes()[0]);
    const int64_t n = ix.numel(), step = ix.meta.strides[0];
    const int64_t* at = reinterpret_cast<const int64_t*>(ix.dataPtr());
    bool outside = false, increasing = true;  // increasing: distinct without sorting (arange and the like)
    int64_t previous = -1;                    // below every index in range
    for (int64_t i = 0; i < n; ++i) {
      const int64_t v = at[i * step];
      outside = outside || static_cast<uint64_t>(v) >= bound;  // negative ones too
      increasing = increasing && v > previous;
      previous = v;
    }
    if (outside) return false;
    if (!distinct || increasing) return true;
    std::vector<int64_t> seen(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) seen[static_cast<size_t>(i)] = at[i * step];
    std::sort(seen.begin(), seen.end());
    return std::adjacent_find(seen.begin(), seen.end()) == seen.end();
  }

  template <class T>
  static void fillScalar(KernelArgs& a, size_t j, const ScalarSource& s) {
    Value v = numberOf(s.arg);
    T x = s.checked ? checkedScalarAs<T>(v) : scalarAs<T>(v);
    std::memcpy(a.scalars + 8 * j, &x, sizeof x);
  }
  // Each constant in its op's computation dtype (Note [Mixed dtypes]).
  void fillScalars(KernelArgs& a) const {
    for (size_t j = 0; j < program_->scalars.size(); ++j) {
      const ScalarSource& s = program_->scalars[j];
      if (s.dtype == DType::Float64) fillScalar<double>(a, j, s);
      else fillScalar<float>(a, j, s);
    }
  }

  // The body's reduced value (the input of its last op).
  const ir::IrValue* reducedValue() const {
    const ir::Node* last = nullptr;
    for (const ir::Node* n : body_->nodes())
      if (n->isOp()) last = n;
    return last->tensorArg(0);
  }

  bool runPointwise(TensorState& state, const std::vector<Value>& inputs, const std::vector<Value>& outs) {
    std::vector<Operand> ops;
    ops.reserve(outs.size() + inputs.size());
    for (const Value& v : outs) ops.push_back(Operand{&asTensor(v)->meta, asTensor(v)->dataPtr()});
    for (const Value& v : inputs) ops.push_back(Operand{&asTensor(v)->meta, asTensor(v)->dataPtr()});
    // The iteration space: the results' shape, or the indices' for an
    // indexed store (its result is the whole written tensor).
    const VectorProgram& p = *program_;
    const TensorObject* space = asTensor(outs[0]);
    if (p.scatterIndex[0] >= 0) space = asTensor(inputs[static_cast<size_t>(p.scatterIndex[0] - p.numOutputs)]);
    // Stores of repeated indices keep eager's order: one thread.
    bool scatters = false;
    for (int k = 0; k < p.numOutputs; ++k) scatters = scatters || p.scatterIndex[k] >= 0;
    return runKernel(state, ops, space->sizes(), scatters ? 1 : ctx_->numThreads, 0, space->numel(), -1, {});
  }

  // Note [JIT reductions].
  bool runReduction(TensorState& state, const std::vector<Value>& inputs, const std::vector<Value>& outs) {
    return reduction_->accumulate == DType::Float64 ? reduce<double>(state, inputs, outs)
                                                    : reduce<float>(state, inputs, outs);
  }

  // The reduction's results: values (of T) and indices, either may be absent.
  template <class T>
  struct Results {
    TensorObject* values = nullptr;
    TensorObject* indices = nullptr;
    void set(int64_t j, T value, int64_t index) const {
      if (values) values->template data<T>()[j] = value;
      if (indices) indices->template data<int64_t>()[j] = index;
    }
  };
  template <class T>
  Results<T> resultsOf(const std::vector<Value>& outs) const {
    Results<T> r;
    if (reduction_->resultIndex >= 0) r.values = asTensor(outs[static_cast<size_t>(reduction_->resultIndex)]);
    if (reduction_->indicesIndex >= 0) r.indices = asTensor(outs[static_cast<size_t>(reduction_->indicesIndex)]);
    return r;
  }
  bool isResult(size_t k) const {
    return static_cast<int>(k) == reduction_->resultIndex || static_cast<int>(k) == reduction_->indicesIndex;
  }

  template <class T>
  bool reduce(TensorState& state, const std::vector<Value>& inputs, const std::vector<Value>& outs) {
    const ReductionPlan& plan = *reduction_;
    const int64_t total = reducedMeta_.numel();
    const bool extreme = plan.kind == opt::ReductionKind::Max || plan.kind == opt::ReductionKind::Min;
    if (total == 0 && extreme) return false;  // eager's error (its shape rule raises it first)
    if (plan.overDims) return reduceDims<T>(state, inputs, outs);
    std::vector<Operand> ops;
    for (size_t k = 0; k < outs.size(); ++k)
      if (!isResult(k)) ops.push_back(Operand{&asTensor(outs[k])->meta, asTensor(outs[k])->dataPtr()});
    const int scratch = static_cast<int>(ops.size());
    ops.push_back(Operand{&reducedMeta_, nullptr});
    for (const Value& v : inputs) ops.push_back(Operand{&asTensor(v)->meta, asTensor(v)->dataPtr()});
    const TensorObject* only = inputs.size() == 1 ? asTensor(inputs[0]) : nullptr;
    const bool inPlace = program_->ops.size() == 1 && ops.size() == 2 && only && only->meta.isContiguous();
    std::optional<Reduced<T>> r =
        reduceRange<T>(state, ops, reducedMeta_.sizes, scratch, 0, total, inPlace ? only : nullptr);
    if (!r) return false;
    resultsOf<T>(outs).set(0, r->value, r->index);
    return true;
  }

  template <class T>
  struct Reduced {
    T value;
    int64_t index;  // max, min: of the value among the range's elements
  };

  // The reduction of elements [base, base + total) of the iteration space
  // `shape` (Note [JIT reductions]); `inPlace`: the one contiguous input to
  // read instead of running the kernel. Nullopt when no kernel can be had.
  template <class T>
  std::optional<Reduced<T>> reduceRange(TensorState& state, const std::vector<Operand>& ops, const Dims& shape,
                                        int scratch, int64_t base, int64_t total, const TensorObject* inPlace) {
    const ReductionPlan& plan = *reduction_;
    const bool prod = plan.kind == opt::ReductionKind::Prod;
    const int threads = prod ? 1 : ctx_->numThreads;  // prod multiplies left to right
    const DType from = reducedMeta_.dtype;
    const int64_t itemBytes = static_cast<int64_t>(itemSize(from));
    ReductionAccumulator<T> acc(plan.kind);
    T product = T(1);
    std::vector<ChunkReduction<T>> chunks;
    const bool needIndex = plan.indicesIndex >= 0;
    const int64_t wave = kReductionWave * kParallelGrain;
    for (int64_t from0 = base; from0 < base + total; from0 += wave) {
      const int64_t to = std::min(base + total, from0 + wave);
      chunks.assign(static_cast<size_t>((to - from0 - 1) / kParallelGrain + 1), ChunkReduction<T>());
      auto reduceOne = [&](int64_t first, int64_t last, const char* values) {
        std::vector<T> converted;  // dtype= (Note [JIT reductions])
        const T* p = convertedChunk<T>(from, values, last - first, converted);
        if (prod) product = prodChunk(product, p, last - first);
        else reduceChunk(plan.kind, p, last - first, needIndex, chunks[static_cast<size_t>((first - from0) / kParallelGrain)]);
      };
      if (inPlace) {
        // A reduction alone of one contiguous tensor reads it in place.
        const char* data = inPlace->dataPtr();
        std::atomic<bool>* interrupt = state.interrupt;
        parallelChunks(threads, to - from0, kParallelGrain, [&](int64_t first, int64_t last) {
          pollInterrupt(interrupt);  // from any thread: parallelChunks rethrows it here
          reduceOne(from0 + first, from0 + last, data + (from0 + first) * itemBytes);
        });
      } else if (!runKernel(state, ops, shape, threads, from0, to, scratch, reduceOne)) {
        return std::nullopt;
      }
      if (!prod)
        for (size_t c = 0; c < chunks.size(); ++c)
          acc.add(chunks[c], from0 - base + static_cast<int64_t>(c) * kParallelGrain);
    }
    if (prod) return Reduced<T>{product, 0};
    return Reduced<T>{acc.result(total), acc.index()};
  }

  // Note [JIT reductions over dims].
  template <class T>
  bool reduceDims(TensorState& state, const std::vector<Value>& inputs, const std::vector<Value>& outs) {
    const ReductionPlan& plan = *reduction_;
    const Dims& full = reducedMeta_.sizes;
    const int nd = full.size();
    TDSL_ASSERT(static_cast<int>(plan.reduced.size()) == nd);
    std::vector<int> perm;
    for (int pass = 0; pass < 2; ++pass)
      for (int d = 0; d < nd; ++d)
        if (plan.reduced[static_cast<size_t>(d)] == (pass == 1)) perm.push_back(d);
    int64_t rows = 1, rowLength = 1;
    std::vector<int64_t> permuted;
    for (int d : perm) {
      permuted.push_back(full[d]);
      (plan.reduced[static_cast<size_t>(d)] ? rowLength : rows) *= full[d];
    }
    const Dims shape(permuted);
    const Results<T> result = resultsOf<T>(outs);
    for (const TensorObject* t : {result.values, result.indices})
      if (t && (!t->meta.isContiguous() || t->numel() != rows)) return false;  // the reference path's layout
    const bool prod = plan.kind == opt::ReductionKind::Prod;
    if (rowLength == 0) {  // eager's sum of nothing (0), mean (0 / 0), prod (1)
      for (int64_t j = 0; j < rows; ++j) result.set(j, prod ? T(1) : ReductionAccumulator<T>(plan.kind).result(0), 0);
      return true;
    }
    // Every operand over the full shape, then permuted (kept dims first).
    std::vector<TensorMeta> metas;
    auto permute = [&](const TensorMeta& m) {
      TensorMeta p = m;
      const int lead = nd - m.dim();
      std::vector<int64_t> sizes, strides;
      for (int d : perm) {
        const int src = d - lead;
        sizes.push_back(full[d]);
        strides.push_back(src < 0 || (m.sizes[src] == 1 && full[d] != 1) ? 0 : m.strides[src]);
      }
      p.sizes = Dims(sizes);
      p.strides = Dims(strides);
      return p;
    };
    for (size_t k = 0; k < outs.size(); ++k)
      if (!isResult(k)) metas.push_back(permute(asTensor(outs[k])->meta));
    const int scratch = static_cast<int>(metas.size());
    metas.push_back(contiguousMeta(reducedMeta_.dtype, shape));
    for (const Value& v : inputs) metas.push_back(permute(asTensor(v)->meta));
    std::vector<Operand> ops;
    for (size_t k = 0; k < outs.size(); ++k)
      if (!isResult(k)) ops.push_back(Operand{nullptr, asTensor(outs[k])->dataPtr()});
    ops.push_back(Operand{nullptr, nullptr});
    for (const Value& v : inputs) ops.push_back(Operand{nullptr, asTensor(v)->dataPtr()});
    for (size_t k = 0; k < ops.size(); ++k) ops[k].meta = &metas[k];
    if (rowLength > kParallelGrain) {
      for (int64_t j = 0; j < rows; ++j) {
        std::optional<Reduced<T>> r = reduceRange<T>(state, ops, shape, scratch, j * rowLength, rowLength, nullptr);
        if (!r) return false;
        result.set(j, r->value, r->index);
      }
      return true;
    }
    // Chunks of whole rows, each reduced from its start.
    const int64_t rowsPerChunk = std::max<int64_t>(1, kParallelGrain / rowLength);
    const DType from = reducedMeta_.dtype;
    auto reduceRows = [&](int64_t first, int64_t last, const char* values) {
      std::vector<T> converted;  // dtype= (Note [JIT reductions])
      const T* p = convertedChunk<T>(from, values, last - first, converted);
      for (int64_t at = first; at < last; at += rowLength, p += rowLength) {
        const int64_t j = at / rowLength;
        if (prod) {
          result.set(j, prodChunk(T(1), p, rowLength), 0);
          continue;
        }
        ChunkReduction<T> c;
        reduceChunk(plan.kind, p, rowLength, plan.indicesIndex >= 0, c);
        ReductionAccumulator<T> acc(plan.kind);
        acc.add(c);
        result.set(j, acc.result(rowLength), acc.index());
      }
    };
    return runKernel(state, ops, shape, ctx_->numThreads, 0, rows * rowLength, scratch, reduceRows,
                     rowsPerChunk * rowLength);
  }

  // Plans the loop over `shape` for these operands (coalesced dims, byte
  // strides, layout classes) and finds its kernel; false when codegen fails.
  bool makePlan(const std::vector<Operand>& operands, const Dims& shape) {
    const VectorProgram& p = *program_;
    const int nops = p.numOperands();
    const int nd = shape.size();
    plan_ = Plan();
    // Byte strides of every operand over the result shape (0: broadcast).
    std::vector<std::vector<int64_t>> st(nops, std::vector<int64_t>(nd, 0));
    std::vector<int64_t> es(nops);
    for (int k = 0; k < nops; ++k) es[k] = static_cast<int64_t>(itemSize(operands[k].meta->dtype));
    for (int k = 0; k < nops; ++k) {
      const TensorMeta& m = *operands[k].meta;
      if (p.indexedOperand[k]) continue;  // fixed base (Note [Indexed access])
      const int lead = nd - m.dim();
      for (int d = 0; d < nd; ++d) {
        int src = d - lead;
        st[k][d] = src < 0 ? 0 : loopByteStride(m, src);
      }
    }
    // Coalesce, innermost first, dropping size-1 dims.
    std::vector<int64_t> sizes;
    std::vector<std::vector<int64_t>> strides(nops);
    for (int d = nd - 1; d >= 0; --d) {
      if (shape[d] == 1) continue;
      bool merge = !sizes.empty();
      for (int k = 0; merge && k < nops; ++k) merge = st[k][d] == strides[k].back() * sizes.back();
      if (merge) {
        sizes.back() *= shape[d];
      } else {
        sizes.push_back(shape[d]);
        for (int k = 0; k < nops; ++k) strides[k].push_back(st[k][d]);
      }
    }
    if (sizes.empty()) {
      sizes.push_back(1);
      for (int k = 0; k < nops; ++k) strides[k].push_back(es[k]);
    }
    std::vector<Layout> layouts(nops);
    std::string signature;
    for (int k = 0; k < nops; ++k) {
      int64_t s = strides[k][0];
      layouts[k] = sizes[0] == 1 || s == es[k] ? Layout::Contiguous : s == 0 ? Layout::Broadcast : Layout::Strided;
      if (p.indexedOperand[k]) {
        layouts[k] = Layout::Indexed;
        strides[k][0] = loopByteStride(*operands[k].meta, 0);
      }
      signature += layoutLetter(layouts[k]);
    }
    KernelFn fn = nullptr;
    auto known = kernels_.find(signature);
    if (known != kernels_.end()) {
      fn = known->second;
    } else {
      std::string error;
      fn = ctx_->kernel(p, layouts, ir::printGraph(*body_), &error);
      if (!fn) {
        fallBack(error);
        return false;
      }
      kernels_[signature] = fn;
    }
    plan_.shape = shape;
    for (const Operand& o : operands) plan_.metas.push_back(*o.meta);
    plan_.sizes = std::move(sizes);
    plan_.strides = std::move(strides);
    plan_.itemSizes = std::move(es);
    plan_.layouts = std::move(layouts);
    plan_.fn = fn;
    return true;
  }

  // Runs the kernel over elements [from, to) of `shape` (row-major) in
  // chunks of `grain` elements from `from`; operand `scratch` (or -1) is each chunk's
  // scratch buffer, handed to `done` after the chunk. False when no kernel
  // can be had (the caller takes the reference path).
  bool runKernel(TensorState& state, const std::vector<Operand>& operands, const Dims& shape, int threads,
                 int64_t from, int64_t to, int scratch, const ChunkDone& done, int64_t grain = kParallelGrain) {
    const VectorProgram& p = *program_;
    const int nops = p.numOperands();
    TDSL_ASSERT(static_cast<int>(operands.size()) == nops);
    const int nd = shape.size();
    for (int d = 0; d < nd; ++d)
      if (shape[d] == 0) return true;
    // The coalesced loop and kernel of the last call, while the operands'
    // layouts repeat (Note [Fused kernel calls]).
    bool samePlan = plan_.fn && plan_.shape == shape && static_cast<int>(plan_.layouts.size()) == nops;
    for (int k = 0; samePlan && k < nops; ++k)
      samePlan = plan_.metas[k].dtype == operands[k].meta->dtype && sameLayout(plan_.metas[k], *operands[k].meta);
    if (!samePlan && !makePlan(operands, shape)) return false;
    const std::vector<int64_t>& sizes = plan_.sizes;
    const std::vector<std::vector<int64_t>>& strides = plan_.strides;
    const std::vector<int64_t>& es = plan_.itemSizes;
    const KernelFn fn = plan_.fn;
    KernelArgs args;
    std::memset(&args, 0, sizeof args);
    fillScalars(args);
    for (int k = 0; k < nops; ++k) args.stride[k] = strides[k][0];
    const int64_t n = sizes[0];
    const int outer = static_cast<int>(sizes.size()) - 1;
    int64_t rows = 1;
    for (int d = 0; d < outer; ++d) rows *= sizes[d + 1];
    // Fixed chunks of the row-major iteration space (Note [Parallel chunks]);
    // each element is computed once whatever the thread count.
    std::atomic<bool>* interrupt = state.interrupt;
    TDSL_ASSERT(to <= rows * n);
    auto chunkBody = [&](int64_t chunkBegin, int64_t chunkEnd) {
      const int64_t chunkFirst = from + chunkBegin, chunkLast = from + chunkEnd;
      pollInterrupt(interrupt);  // from any thread: parallelChunks rethrows it here
      std::unique_ptr<char[]> buffer(scratch >= 0 ? new char[(chunkLast - chunkFirst) * es[scratch]] : nullptr);
      KernelArgs chunk = args;
      int64_t first = chunkFirst;
      for (int64_t row = first / n, col = first % n; first < chunkLast; ++row, col = 0) {
        for (int k = 0; k < nops; ++k) {
          if (k == scratch) {
            // Element `col` of this row segment lands at flat position `first`.
            chunk.ptr[k] = buffer.get() + (first - chunkFirst - col) * es[k];
            continue;
          }
          char* ptr = operands[k].data;
          int64_t r = row;
          for (int d = 0; d < outer; ++d) {
            ptr += (r % sizes[d + 1]) * strides[k][d + 1];
            r /= sizes[d + 1];
          }
          chunk.ptr[k] = ptr;
        }
        const int64_t end = std::min(n, col + (chunkLast - first));
        fn(&chunk, col, end);
        first += end - col;
      }
      if (done) done(chunkFirst, chunkLast, buffer.get());
    };
    // By reference: a std::function holds a reference_wrapper without allocating.
    parallelChunks(threads, to - from, grain, std::ref(chunkBody));
    return true;
  }

  std::shared_ptr<JitContext> ctx_;
  std::shared_ptr<const ir::Graph> body_;
  std::unique_ptr<ir::FusedRunner> reference_;
  std::optional<VectorProgram> program_;
  std::optional<ReductionPlan> reduction_;
  std::vector<IndexCheck> indexChecks_;  // Note [Indexed access]
  TensorMeta reducedMeta_;  // contiguous, of the reduced value (Note [JIT reductions])
  std::map<std::string, KernelFn> kernels_;  // by layout signature
  struct Plan {
    Dims shape;
    std::vector<TensorMeta> metas;  // of the operands planned for
    std::vector<int64_t> sizes, itemSizes;
    std::vector<std::vector<int64_t>> strides;
    std::vector<Layout> layouts;
    KernelFn fn = nullptr;
  } plan_;
  bool haveMetas_ = false;
  std::vector<TensorMeta> lastInputs_, lastOutputs_;
};

}  // namespace

ir::FusedRunnerFactory jitFusedRunners(std::shared_ptr<JitContext> context) {
  return [context](const ir::Node& fused) -> std::unique_ptr<ir::FusedRunner> {
    return std::make_unique<JitFusedRunner>(context, fused);
  };
}

}  // namespace tdsl::jit
