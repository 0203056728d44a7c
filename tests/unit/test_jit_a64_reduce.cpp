// Fused reductions with indices and with dtype= (Note [Fused reductions])
// run by the JIT's runner against the unfused graph through the eager
// kernels, on every tier this CPU runs. Its name puts it in the AArch64
// cross-build (cmake/jit_only_tests.cmake), so scripts/cross-aarch64 runs it
// on the NEON tier under qemu-aarch64; natively it covers SSE2 and AVX2.
// Inputs mix NaN of both signs, +-inf, -0.0 and 0.0, denormals and
// repeated values (ties), contiguous and transposed, rows of 1 to past a
// chunk; max.dim, min.dim, argmax and argmin over a dim and over every
// element, sum, mean and prod with dtype= (float32 <-> float64, a bool mask).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "ir/graph_executor.h"
#include "ir/ir_parser.h"
#include "jit/fused_kernel.h"
#include "jit/jit_context.h"
#include "opt/fuse.h"
#include "tensor/tensor.h"
#include "tensor/tensor_iter.h"
#include "tensor/tensor_state.h"

namespace {

using namespace tdsl;

template <class T>
std::vector<T> values() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {L::quiet_NaN(), -L::quiet_NaN(), L::infinity(), -L::infinity(), T(0), -T(0),
                      L::denorm_min(), -L::denorm_min(), T(1), T(-1), T(0.5), T(3), T(3), T(-2.25)};
  for (int i = 0; i < 23; ++i) v.push_back(T(std::cos(i * 2.3) * (i + 2)));
  return v;
}

// A rows x n tensor: every value of the pool in a varying order, or (dense)
// only every 61st element special, so that some rows have no NaN.
template <class T>
Ref<TensorObject> makeMatrix(TensorState& st, DType dt, int64_t rows, int64_t n, bool dense) {
  const std::vector<T> v = values<T>();
  Ref<TensorObject> t = allocTensor(st, dt, Dims{rows, n});
  for (int64_t i = 0; i < rows * n; ++i)
    t->data<T>()[i] = dense || i % 61 == 7 ? v[static_cast<size_t>(i * 5 + i / 7) % v.size()] : T(std::sin(i * 0.37) * 4);
  return t;
}

// Every output of `text` (one input %x) through the JIT runner of `ctx`
// equals the unfused graph's through the eager kernels, byte for byte.
void compareGraph(const std::shared_ptr<jit::JitContext>& ctx, const std::string& text, const Value& x) {
  auto fused = ir::parseGraph(text);
  REQUIRE(opt::fuse(*fused) == 1);
  ir::PreparedGraph prepared(std::shared_ptr<const ir::Graph>(std::move(fused)), jit::jitFusedRunners(ctx));
  auto plain = ir::parseGraph(text);
  TensorStatePtr st = makeTensorState();
  std::vector<Value> want = ir::executeGraph(*st, *plain, {x});
  std::vector<Value> got = prepared.run(*st, {x});
  REQUIRE(want.size() == got.size());
  for (size_t k = 0; k < want.size(); ++k) {
    const TensorObject& w = *asTensor(want[k]);
    const TensorObject& g = *asTensor(got[k]);
    INFO(text << "output " << k << " of " << w.numel() << " elements");
    REQUIRE(w.dtype() == g.dtype());
    REQUIRE(w.sizes() == g.sizes());
    const int64_t es = static_cast<int64_t>(itemSize(w.dtype()));
    int64_t bad = 0;
    for (int64_t i = 0; i < w.numel(); ++i)
      bad += std::memcmp(w.dataPtr() + byteOffsetOf(w.meta, i), g.dataPtr() + byteOffsetOf(g.meta, i), es) != 0;
    CHECK(bad == 0);
  }
}

const char* const kBodies[] = {
    "  %0 = mul(%x, 0.75)\n  %1, %2 = max(%0, 1)\n  return (%1, %2)\n",
    "  %0 = neg(%x)\n  %1, %2 = min(%0, 0, true)\n  return (%2, %1)\n",
    "  %0 = sub(%x, 0.5)\n  %1, %2 = max(%0, -1, true)\n  return (%2)\n",
    "  %0 = mul(%x, 2.0)\n  %1 = argmax(%0)\n  return (%1)\n",
    "  %0 = abs(%x)\n  %1 = argmin(%0, 1)\n  return (%1)\n",
    "  %0 = add(%x, 1.0)\n  %1 = argmin(%0, 0, true)\n  return (%1)\n",
    "  %0 = mul(%x, 0.5)\n  %1 = sum(%0, [1], false, dtype=DT2)\n  return (%1)\n",
    "  %0 = mul(%x, 0.5)\n  %1 = sum(%0, dtype=DT2)\n  return (%1)\n",
    "  %0 = mul(%x, 0.125)\n  %1 = mean(%0, [0], true, dtype=DT2)\n  return (%1)\n",
    "  %0 = mul(%x, 0.0625)\n  %1 = add(%0, 1.0)\n  %2 = prod(%1, 1, dtype=DT2)\n  return (%2)\n",
    "  %0 = gt(%x, 0.25)\n  %1 = sum(%0, [1], false, dtype=f32)\n  return (%1)\n",
    "  %0 = lt(%x, 0.25)\n  %1 = mean(%0, dtype=f64)\n  return (%1)\n",
};

template <class T>
void compareAll(const std::shared_ptr<jit::JitContext>& ctx, DType dt, const char* name, const char* other) {
  TensorStatePtr st = makeTensorState();
  for (int64_t n : {1, 3, 8, 9, 16, 17, 127, 128, 129, 1000, 32769, 70001}) {
    const int64_t rows = n > 1000 ? 2 : 5;
    for (bool dense : {true, false}) {
      Ref<TensorObject> m = makeMatrix<T>(*st, dt, rows, n, dense);
      TensorMeta tm = m->meta;  // the transpose, n x rows
      tm.sizes = Dims{n, rows};
      tm.strides = Dims{1, n};
      for (const Value& x : {Value(m), Value(makeViewOf(*m, tm))}) {
        const TensorObject& t = *asTensor(x);
        const std::string type = std::string(name) + "[" + std::to_string(t.sizes()[0]) + ", " +
                                 std::to_string(t.sizes()[1]) + "]";
        for (std::string body : kBodies) {
          for (size_t at; (at = body.find("DT2")) != std::string::npos;) body.replace(at, 3, other);
          compareGraph(ctx, "graph f(%x: " + type + ") {\n" + body + "}\n", x);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("jit reduce kernels: max.dim, min.dim, argmax, argmin and dtype= reductions equal eager on every tier",
          "[jit][reduce][neon]") {
  for (jit::IsaTier tier : {jit::IsaTier::Sse2, jit::IsaTier::Avx2, jit::IsaTier::Neon}) {
    if (!jit::cpuHas(tier)) continue;
    INFO(jit::tierName(tier));
    auto ctx = std::make_shared<jit::JitContext>(tier);
    std::string fallbacks;
    ctx->fallbackLog = [&](const std::string& text) { fallbacks += text + "\n"; };
    for (int threads : {1, 2}) {
      ctx->numThreads = threads;
      compareAll<float>(ctx, DType::Float32, "f32", "f64");
      compareAll<double>(ctx, DType::Float64, "f64", "f32");
    }
    CHECK(fallbacks.empty());
    CHECK(ctx->counters.kernelsCompiled > 0);
  }
}
