// JIT runner of fused nodes (fused_kernel.h).
#include "jit/fused_kernel.h"

#include <atomic>
#include <cstring>
#include <map>
#include <optional>

#include "support/diagnostics.h"
#include "support/parallel.h"
#include "ir/ir_printer.h"
#include "ir/meta_inference.h"
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
    program_ = buildVectorProgram(*body_, &why);
    if (!program_) fallBack(why);
  }

  std::vector<Value> run(TensorState& state, const std::vector<Value>& inputs) override {
    if (!program_) return reference_->run(state, inputs);
    const std::vector<TensorMeta>& metas = outputMetas(inputs);
    std::vector<Value> outs;
    outs.reserve(metas.size());
    for (const TensorMeta& m : metas) outs.push_back(Value(allocLike(state, m)));
    if (!runKernel(state, inputs, outs)) return reference_->run(state, inputs);
    return outs;
  }

 private:
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
      TDSL_ASSERT(r.count == 1);
      env[n->output()] = Value(makeMetaTensor(r.out[0]));
    }
    lastInputs_.clear();
    for (const Value& v : inputs) lastInputs_.push_back(asTensor(v)->meta);
    lastOutputs_.clear();
    for (const ir::IrValue* v : body_->outputs()) {
      TensorMeta m = asTensor(env.at(v))->meta;
      m.offset = 0;
      lastOutputs_.push_back(m);
    }
    haveMetas_ = true;
    return lastOutputs_;
  }

  template <class T>
  void fillScalars(KernelArgs& a) const {
    for (size_t j = 0; j < program_->scalars.size(); ++j) {
      const ScalarSource& s = program_->scalars[j];
      Value v = numberOf(s.arg);
      T x = s.checked ? checkedScalarAs<T>(v) : scalarAs<T>(v);
      std::memcpy(a.scalars + 8 * j, &x, sizeof x);
    }
  }

  // False when no kernel can be had (the caller takes the reference path).
  bool runKernel(TensorState& state, const std::vector<Value>& inputs, const std::vector<Value>& outs) {
    const VectorProgram& p = *program_;
    const int nops = p.numOperands();
    std::vector<const TensorObject*> t;
    for (const Value& v : outs) t.push_back(asTensor(v));
    for (const Value& v : inputs) t.push_back(asTensor(v));
    const Dims& shape = t[0]->sizes();
    const int nd = shape.size();
    for (int d = 0; d < nd; ++d)
      if (shape[d] == 0) return true;
    // Byte strides of every operand over the result shape (0: broadcast).
    std::vector<std::vector<int64_t>> st(nops, std::vector<int64_t>(nd, 0));
    std::vector<int64_t> es(nops);
    for (int k = 0; k < nops; ++k) es[k] = static_cast<int64_t>(itemSize(t[k]->dtype()));
    for (int k = 0; k < nops; ++k) {
      const TensorMeta& m = t[k]->meta;
      const int lead = nd - m.dim();
      for (int d = 0; d < nd; ++d) {
        int src = d - lead;
        st[k][d] = (src < 0 || (m.sizes[src] == 1 && shape[d] != 1)) ? 0 : m.strides[src] * es[k];
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
    KernelArgs args;
    std::memset(&args, 0, sizeof args);
    if (p.dtype == DType::Float64) fillScalars<double>(args);
    else fillScalars<float>(args);
    for (int k = 0; k < nops; ++k) args.stride[k] = strides[k][0];
    const int64_t n = sizes[0];
    const int outer = static_cast<int>(sizes.size()) - 1;
    int64_t rows = 1;
    for (int d = 0; d < outer; ++d) rows *= sizes[d + 1];
    // Fixed chunks of the row-major iteration space (Note [Parallel chunks]);
    // each element is computed once whatever the thread count.
    std::atomic<bool>* interrupt = state.interrupt;
    parallelChunks(ctx_->numThreads, rows * n, kParallelGrain, [&](int64_t first, int64_t last) {
      if (interrupt && interrupt->load(std::memory_order_relaxed)) return;
      KernelArgs chunk = args;
      for (int64_t row = first / n, col = first % n; first < last; ++row, col = 0) {
        for (int k = 0; k < nops; ++k) {
          char* ptr = t[k]->dataPtr();
          int64_t r = row;
          for (int d = 0; d < outer; ++d) {
            ptr += (r % sizes[d + 1]) * strides[k][d + 1];
            r /= sizes[d + 1];
          }
          chunk.ptr[k] = ptr;
        }
        const int64_t end = std::min(n, col + (last - first));
        fn(&chunk, col, end);
        first += end - col;
      }
    });
    pollInterrupt(state);
    return true;
  }

  std::shared_ptr<JitContext> ctx_;
  std::shared_ptr<const ir::Graph> body_;
  std::unique_ptr<ir::FusedRunner> reference_;
  std::optional<VectorProgram> program_;
  std::map<std::string, KernelFn> kernels_;  // by layout signature
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
