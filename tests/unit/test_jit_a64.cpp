// The NEON tier (issue 12; Note [A64 kernels] in jit/a64_codegen.h).
// On any host: every vector op assembles for AArch64 without the
// instructions Debian's asmjit snapshot gets wrong (vector fmov immediates,
// calls to labels or addresses) and without fused multiply-adds; what the
// lowering does not know is refused. On AArch64 (scripts/cross-aarch64 runs
// this under qemu-aarch64): the cases where the NEON lowering differs from
// the x86 ones equal eager bit for bit — every tail and split point, float64
// pairs, masks of both halves, many values live across SLEEF calls, the
// most operands a kernel takes, and fused reductions.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "ir/graph_executor.h"
#include "ir/ir_parser.h"
#include "jit/a64_codegen.h"
#include "jit/fused_kernel.h"
#include "jit/jit_context.h"
#include "jit/sleef_calls.h"
#include "jit/vector_program.h"
#include "opt/fuse.h"
#include "tensor/tensor.h"
#include "tensor/tensor_state.h"

#if defined(__aarch64__)
#include <arm_neon.h>
#endif

namespace {

using namespace tdsl;
using tdsl::jit::IsaTier;
using tdsl::jit::Layout;

const char* const kBodies[] = {
    "add(%in0, %in1)", "sub(%in0, %in1)", "mul(%in0, %in1)", "div(%in0, %in1)", "maximum(%in0, %in1)",
    "minimum(%in0, %in1)", "neg(%in0)", "abs(%in0)", "relu(%in0)", "sqrt(%in0)", "clamp(%in0, -0.5, 2.0)",
    "add(%in0, 2.5)", "exp(%in0)", "sin(%in0)", "atan2(%in0, %in1)", "pow(%in0, 2.5)", "sigmoid(%in0)",
    "lt(%in0, %in1)", "le(%in0, %in1)", "eq(%in0, %in1)", "ne(%in0, %in1)", "gt(%in0, 0.5)",
};

bool isCompare(const std::string& call) {
  for (const char* c : {"lt(", "le(", "eq(", "ne(", "gt(", "ge("})
    if (call.rfind(c, 0) == 0) return true;
  return false;
}

std::string graphOf(const std::string& call, const char* dt) {
  const std::string t = std::string(dt) + "[5]";
  const bool two = call.find("%in1") != std::string::npos;
  return "graph b(%in0: " + t + (two ? ", %in1: " + t : "") + ") {\n  %0 = " + call + " : " +
         (isCompare(call) ? "b8[5]" : t) + "\n  return (%0)\n}\n";
}

std::optional<jit::VectorProgram> programOf(const std::string& text) {
  std::string why;
  auto p = jit::buildVectorProgram(*ir::parseGraph(text), &why);
  INFO(text << why);
  REQUIRE(p);
  return p;
}

}  // namespace

TEST_CASE("jit a64: every vector op assembles without fmov immediates, direct calls or fused multiply-adds",
          "[jit][a64]") {
  const std::regex fmovImm(R"(fmov v\d+\.\w+, #)"), direct(R"((^|\n)\s*bl\s)"), fused(R"(\bf(madd|msub|nmadd|nmsub|mla|mls)\b)");
  const std::regex blr(R"(\bblr\s)");
  for (const char* call : kBodies)
    for (const char* dt : {"f32", "f64"})
      for (Layout l : {Layout::Contiguous, Layout::Broadcast, Layout::Strided}) {
        auto p = programOf(graphOf(call, dt));
        std::vector<Layout> layouts(static_cast<size_t>(p->numOperands()), l);
        layouts[0] = Layout::Contiguous;
        jit::CodegenResult r = jit::compileA64Kernel(nullptr, *p, layouts, true);
        INFO(call << " " << dt << " " << jit::layoutLetter(l) << ": " << r.error << "\n" << r.assembly);
        CHECK(r.error.empty());
        CHECK(r.fn == nullptr);  // assembled only: this is no AArch64 runtime
        CHECK(!r.assembly.empty());
        CHECK(!std::regex_search(r.assembly, fmovImm));
        CHECK(!std::regex_search(r.assembly, direct));
        CHECK(!std::regex_search(r.assembly, fused));
        const bool calls = std::string(call).find("exp") != std::string::npos || std::string(call).find("sin") != std::string::npos ||
                           std::string(call).find("atan2") != std::string::npos || std::string(call).find("pow") != std::string::npos ||
                           std::string(call).find("sigmoid") != std::string::npos;
        CHECK(std::regex_search(r.assembly, blr) == calls);
      }
}

TEST_CASE("jit a64: a vector op or layout the lowering does not know is refused, never emitted", "[jit][a64]") {
  auto p = programOf(graphOf("add(%in0, %in1)", "f32"));
  std::vector<Layout> layouts(3, Layout::Contiguous);
  jit::VectorProgram unknownOp = *p;
  unknownOp.ops.back().kind = static_cast<jit::VKind>(200);  // an op added after this lowering was written
  jit::CodegenResult r = jit::compileA64Kernel(nullptr, unknownOp, layouts, true);
  CHECK(r.fn == nullptr);
  CHECK(r.error == "the a64 lowering has no vector op 200");
  CHECK(r.assembly.empty());
  std::vector<Layout> odd = layouts;
  odd[2] = static_cast<Layout>(9);
  r = jit::compileA64Kernel(nullptr, *p, odd, true);
  CHECK(r.error.rfind("the a64 lowering has no layout", 0) == 0);
  if (!jit::cpuHas(IsaTier::Neon)) {
    // A NEON context on another CPU compiles nothing it could run.
    jit::JitContext ctx(IsaTier::Neon);
    std::string err;
    CHECK(ctx.kernel(*p, layouts, "", &err) == nullptr);
    CHECK(err == "NEON kernels run only on AArch64");
  }
}

TEST_CASE("jit a64: mixed-dtype programs (casts, int and bool operands) are refused, never emitted", "[jit][a64][casts]") {
  // Note [Mixed dtypes]: the group then runs on the reference path.
  for (const char* text : {
           "graph b(%in0: i64[5]) {\n  %0 = to(%in0, f32) : f32[5]\n  %1 = mul(%0, 2.0) : f32[5]\n  return (%1)\n}\n",
           "graph b(%in0: f32[5], %in1: b8[5]) {\n  %0 = mul(%in0, %in1) : f32[5]\n  return (%0)\n}\n",
           "graph b(%in0: f32[5]) {\n  %0 = mul(%in0, 3.0) : f32[5]\n  %1 = to(%0, i32) : i32[5]\n  return (%1)\n}\n",
           "graph b(%in0: b8[5], %in1: f32[5], %in2: f32[5]) {\n  %0 = where(%in0, %in1, %in2) : f32[5]\n  return (%0)\n}\n",
           "graph b(%in0: f32[5]) {\n  %0 = to(%in0, f64) : f64[5]\n  %1 = add(%0, %0) : f64[5]\n  return (%1)\n}\n"}) {
    auto p = programOf(text);
    CHECK(p->mixed);
    std::vector<Layout> layouts(static_cast<size_t>(p->numOperands()), Layout::Contiguous);
    jit::CodegenResult r = jit::compileA64Kernel(nullptr, *p, layouts, true);
    INFO(text);
    CHECK(r.fn == nullptr);
    CHECK(r.error == "the a64 lowering takes programs of one dtype only");
    CHECK(r.assembly.empty());
  }
  // A comparison's mask stored as bool is not mixed: the a64 lowering takes it.
  auto p = programOf("graph b(%in0: f32[5]) {\n  %0 = gt(%in0, 0.5) : b8[5]\n  return (%0)\n}\n");
  CHECK(!p->mixed);
  jit::CodegenResult r = jit::compileA64Kernel(nullptr, *p, {Layout::Contiguous, Layout::Contiguous}, true);
  CHECK(r.error.empty());
}

namespace {

template <class T>
std::vector<T> pool() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {L::quiet_NaN(), -L::quiet_NaN(), L::infinity(), -L::infinity(), T(0), -T(0),
                      L::denorm_min(), -L::denorm_min(), L::max(), T(1), T(-1), T(0.5), T(3), T(-2.25)};
  for (int i = 0; i < 29; ++i) v.push_back(T(std::cos(i * 2.3) * (i + 2)));
  return v;
}

struct Input {
  Ref<TensorObject> base, view;
};

template <class T>
Input makeInput(TensorState& st, DType dt, int64_t n, Layout l, int salt) {
  const std::vector<T> v = pool<T>();
  const int64_t step = l == Layout::Strided ? 2 : 1;
  const int64_t len = l == Layout::Broadcast ? 1 : step * n + 1;
  Input in;
  in.base = allocTensor(st, dt, Dims{len});
  for (int64_t i = 0; i < len; ++i) in.base->data<T>()[i] = v[static_cast<size_t>(i * (salt + 2) + salt * 5) % v.size()];
  TensorMeta m;
  m.dtype = dt;
  m.sizes = Dims{n};
  m.strides = Dims{l == Layout::Broadcast ? 0 : step};
  m.offset = l == Layout::Broadcast ? 0 : 1;
  in.view = makeViewOf(*in.base, m);
  return in;
}

// Runs the kernel of `text` (one float output per body output, inputs laid
// out as `inLayouts`) over [0, split) and [split, n) and compares each
// output with eager's bits and its guard values.
template <class T>
void compareWithEager(jit::JitContext& ctx, const std::string& text, DType dt, const std::vector<Layout>& inLayouts,
                      int64_t n, int64_t split) {
  auto body = ir::parseGraph(text);
  std::string why;
  auto p = jit::buildVectorProgram(*body, &why);
  REQUIRE(p);
  std::vector<Layout> layouts(static_cast<size_t>(p->numOutputs), Layout::Contiguous);
  layouts.insert(layouts.end(), inLayouts.begin(), inLayouts.end());
  std::string err;
  jit::KernelFn fn = ctx.kernel(*p, layouts, "", &err);
  INFO(err);
  REQUIRE(fn);
  TensorStatePtr st = makeTensorState();
  std::vector<Input> ins;
  std::vector<Value> args;
  for (size_t k = 0; k < inLayouts.size(); ++k) {
    ins.push_back(makeInput<T>(*st, dt, n, inLayouts[k], static_cast<int>(k)));
    args.push_back(Value(ins.back().view));
  }
  std::vector<Value> eager = ir::executeGraph(*st, *body, args);
  constexpr int kGuard = 8;
  const T guard = T(-4321.5);
  std::vector<std::vector<T>> outs(static_cast<size_t>(p->numOutputs), std::vector<T>(static_cast<size_t>(n + 2 * kGuard), guard));
  jit::KernelArgs ka;
  std::memset(&ka, 0, sizeof ka);
  for (int k = 0; k < p->numOutputs; ++k) {
    ka.ptr[k] = reinterpret_cast<char*>(outs[static_cast<size_t>(k)].data() + kGuard);
    ka.stride[k] = sizeof(T);
  }
  for (size_t k = 0; k < ins.size(); ++k) {
    ka.ptr[p->numOutputs + k] = ins[k].view->dataPtr();
    ka.stride[p->numOutputs + k] = ins[k].view->meta.strides[0] * static_cast<int64_t>(sizeof(T));
  }
  for (size_t j = 0; j < p->scalars.size(); ++j) {
    const ir::Arg& a = p->scalars[j].arg;
    T x = static_cast<T>(a.kind == ir::Arg::Kind::Int ? static_cast<double>(a.i.constant()) : a.f);
    std::memcpy(ka.scalars + 8 * j, &x, sizeof x);
  }
  fn(&ka, 0, split);
  fn(&ka, split, n);
  for (int k = 0; k < p->numOutputs; ++k) {
    const TensorObject& want = *asTensor(eager[static_cast<size_t>(k)]);
    const std::vector<T>& got = outs[static_cast<size_t>(k)];
    int bad = 0;
    for (int64_t i = 0; i < n; ++i) {
      T w = want.data<T>()[i * want.meta.strides[0]];
      if (std::memcmp(&w, &got[static_cast<size_t>(kGuard + i)], sizeof(T)) != 0 && bad++ == 0)
        FAIL_CHECK("output " << k << " element " << i << " of " << n << " (split " << split << "): eager " << w << ", kernel "
                             << got[static_cast<size_t>(kGuard + i)]);
    }
    for (int g = 0; g < kGuard; ++g) {
      CHECK(std::memcmp(&got[static_cast<size_t>(g)], &guard, sizeof(T)) == 0);
      CHECK(std::memcmp(&got[static_cast<size_t>(kGuard + n + g)], &guard, sizeof(T)) == 0);
    }
  }
}

std::string retype(std::string text, const char* dt) {
  for (size_t at = text.find("f32"); at != std::string::npos; at = text.find("f32", at + 3)) text.replace(at, 3, dt);
  return text;
}

}  // namespace

TEST_CASE("jit a64: every tail and split point, float32 quads and float64 pairs", "[jit][a64][neon]") {
  if (!jit::cpuHas(IsaTier::Neon)) return;  // runs under qemu-aarch64 (scripts/cross-aarch64)
  const std::string text = R"(graph b(%in0: f32[5], %in1: f32[5]) {
  %0 = mul(%in0, %in1) : f32[5]
  %1 = sub(%0, %in0) : f32[5]
  %2 = maximum(%1, %in1) : f32[5]
  %3 = exp(%2) : f32[5]
  return (%2, %3)
})";
  jit::JitContext ctx(IsaTier::Neon);
  for (int64_t n = 0; n <= 19; ++n)
    for (int64_t split = 0; split <= n; ++split) {
      compareWithEager<float>(ctx, text, DType::Float32, {Layout::Contiguous, Layout::Contiguous}, n, split);
      compareWithEager<double>(ctx, retype(text, "f64"), DType::Float64, {Layout::Contiguous, Layout::Broadcast}, n, split);
    }
  CHECK(ctx.counters.kernelsCompiled == 2);
}

TEST_CASE("jit a64: values live across SLEEF calls keep their bits (x30 and v8-v15)", "[jit][a64][neon]") {
  if (!jit::cpuHas(IsaTier::Neon)) return;
  // Eleven vector values computed before the calls and used after them.
  const std::string text = R"(graph b(%in0: f32[5], %in1: f32[5], %in2: f32[5]) {
  %0 = mul(%in0, %in1) : f32[5]
  %1 = add(%in0, %in2) : f32[5]
  %2 = sub(%in1, %in2) : f32[5]
  %3 = div(%in0, %in2) : f32[5]
  %4 = maximum(%in1, %in0) : f32[5]
  %5 = minimum(%in2, %in1) : f32[5]
  %6 = mul(%1, %2) : f32[5]
  %7 = add(%3, %4) : f32[5]
  %8 = sub(%5, %0) : f32[5]
  %9 = sin(%in0) : f32[5]
  %10 = atan2(%in1, %in2) : f32[5]
  %11 = add(%0, %1) : f32[5]
  %12 = add(%11, %2) : f32[5]
  %13 = add(%12, %3) : f32[5]
  %14 = add(%13, %4) : f32[5]
  %15 = add(%14, %5) : f32[5]
  %16 = add(%15, %6) : f32[5]
  %17 = add(%16, %7) : f32[5]
  %18 = add(%17, %8) : f32[5]
  %19 = add(%18, %9) : f32[5]
  %20 = add(%19, %10) : f32[5]
  return (%20, %9, %8)
})";
  jit::JitContext ctx(IsaTier::Neon);
  for (const char* dt : {"f32", "f64"})
    for (int64_t n : {1, 7, 8, 9, 33, 100}) {
      const std::vector<Layout> ls = {Layout::Contiguous, Layout::Strided, Layout::Contiguous};
      if (dt[1] == '3') compareWithEager<float>(ctx, text, DType::Float32, ls, n, n / 2);
      else compareWithEager<double>(ctx, retype(text, dt), DType::Float64, ls, n, n / 2);
    }
}

TEST_CASE("jit a64: the most operands a kernel takes, strided, across calls", "[jit][a64][neon]") {
  if (!jit::cpuHas(IsaTier::Neon)) return;
  // 2 outputs + 14 strided inputs: 16 pointers and 14 strides live across every call.
  std::string text = "graph b(";
  for (int k = 0; k < 14; ++k) text += (k ? ", " : "") + std::string("%in") + std::to_string(k) + ": f32[5]";
  text += ") {\n  %0 = cos(%in0) : f32[5]\n";
  for (int k = 1; k < 14; ++k)
    text += "  %" + std::to_string(k) + " = add(%" + std::to_string(k - 1) + ", %in" + std::to_string(k) + ") : f32[5]\n";
  text += "  %14 = exp(%13) : f32[5]\n  %15 = mul(%14, %in7) : f32[5]\n  return (%15, %6)\n}\n";
  jit::JitContext ctx(IsaTier::Neon);
  const std::vector<Layout> ls(14, Layout::Strided);
  for (int64_t n : {1, 5, 17})
    compareWithEager<float>(ctx, text, DType::Float32, ls, n, 1);
}

namespace {

// A body ending in a reduction, fused (opt::fuse) and run by the JIT's
// runner against the unfused graph through the eager kernels.
template <class T>
void compareReduction(const std::shared_ptr<jit::JitContext>& ctx, const std::string& op, const char* dt, int64_t n) {
  const std::string text = "graph f(%x: " + std::string(dt) + "[" + std::to_string(n) + "]) {\n  %0 = mul(%x, 0.75)\n  %1 = " +
                           op + "(%0)\n  return (%1)\n}\n";
  auto fused = ir::parseGraph(text);
  REQUIRE(opt::fuse(*fused) == 1);
  ir::PreparedGraph prepared(std::shared_ptr<const ir::Graph>(std::move(fused)), jit::jitFusedRunners(ctx));
  auto plain = ir::parseGraph(text);
  TensorStatePtr st = makeTensorState();
  const DType d = dt[1] == '3' ? DType::Float32 : DType::Float64;
  Input in = makeInput<T>(*st, d, n, Layout::Contiguous, 3);
  std::vector<Value> args = {Value(in.view)};
  std::vector<Value> want = ir::executeGraph(*st, *plain, args);
  std::vector<Value> got = prepared.run(*st, args);
  T w = asTensor(want[0])->template data<T>()[0], g = asTensor(got[0])->template data<T>()[0];
  INFO(op << " " << dt << " n = " << n << ": eager " << w << ", jit " << g);
  CHECK(std::memcmp(&w, &g, sizeof(T)) == 0);
}

}  // namespace

TEST_CASE("jit a64: fused reductions equal eager bit for bit on NEON, one and two threads", "[jit][a64][neon]") {
  if (!jit::cpuHas(IsaTier::Neon)) return;
  auto ctx = std::make_shared<jit::JitContext>(IsaTier::Neon);
  for (int threads : {1, 2}) {
    ctx->numThreads = threads;
    for (const char* op : {"sum", "mean", "amax", "amin", "max", "min", "prod"})
      for (int64_t n : {1, 3, 8, 9, 127, 128, 129, 1000, 32769, 70001}) {
        compareReduction<float>(ctx, op, "f32", n);
        compareReduction<double>(ctx, op, "f64", n);
      }
  }
  CHECK(ctx->counters.kernelsCompiled > 0);
}

#if defined(__aarch64__)
// Note [SLEEF numerics] on AArch64: the advsimdnofma functions NEON kernels
// and eager's four-lane blocks call equal the purec ones the lane loops call.
TEST_CASE("jit a64: SLEEF's AdvSIMD cinz functions equal the purec ones lane for lane", "[jit][a64][neon]") {
  std::mt19937_64 rng(12);
  for (int i = 0; i < kMathFnCount; ++i) {
    const MathFn f = static_cast<MathFn>(i);
    const bool two = mathFnArity(f) == 2;
    INFO(mathFnName(f));
    using F1 = float (*)(float);
    using F2 = float (*)(float, float);
    using V1 = float32x4_t (*)(float32x4_t);
    using V2 = float32x4_t (*)(float32x4_t, float32x4_t);
    using D1 = double (*)(double);
    using D2 = double (*)(double, double);
    using W1 = float64x2_t (*)(float64x2_t);
    using W2 = float64x2_t (*)(float64x2_t, float64x2_t);
    const void* lf = sleefEntry(f, false, SleefWidth::Lane);
    const void* vf = sleefEntry(f, false, SleefWidth::Vec128);
    const void* ld = sleefEntry(f, true, SleefWidth::Lane);
    const void* vd = sleefEntry(f, true, SleefWidth::Vec128);
    REQUIRE(lf);
    REQUIRE(vf);
    REQUIRE(ld);
    REQUIRE(vd);
    const std::vector<float> sf = pool<float>();
    const std::vector<double> sd = pool<double>();
    int badF = 0, badD = 0;
    for (int k = 0; k < 1000; ++k) {
      float x[4], y[4], got[4];
      double u[2], v[2], gotD[2];
      for (int j = 0; j < 4; ++j) {
        uint32_t b = static_cast<uint32_t>(rng());
        std::memcpy(&x[j], &b, 4);
        y[j] = k < 200 ? sf[static_cast<size_t>(k + j) % sf.size()] : float(std::ldexp(double(rng() % 2001) - 1000, int(rng() % 40) - 20));
        if (k < 200) x[j] = sf[static_cast<size_t>(k * 3 + j) % sf.size()];
      }
      for (int j = 0; j < 2; ++j) {
        uint64_t b = rng();
        std::memcpy(&u[j], &b, 8);
        v[j] = k < 200 ? sd[static_cast<size_t>(k + j) % sd.size()] : std::ldexp(double(rng() % 2001) - 1000, int(rng() % 60) - 30);
        if (k < 200) u[j] = sd[static_cast<size_t>(k * 3 + j) % sd.size()];
      }
      if (two) vst1q_f32(got, reinterpret_cast<V2>(vf)(vld1q_f32(x), vld1q_f32(y)));
      else vst1q_f32(got, reinterpret_cast<V1>(vf)(vld1q_f32(x)));
      if (two) vst1q_f64(gotD, reinterpret_cast<W2>(vd)(vld1q_f64(u), vld1q_f64(v)));
      else vst1q_f64(gotD, reinterpret_cast<W1>(vd)(vld1q_f64(u)));
      for (int j = 0; j < 4; ++j) {
        float w = two ? reinterpret_cast<F2>(lf)(x[j], y[j]) : reinterpret_cast<F1>(lf)(x[j]);
        if (std::memcmp(&w, &got[j], 4) != 0 && badF++ < 3) FAIL_CHECK("f32 at " << x[j] << ", " << y[j] << ": purec " << w << ", advsimd " << got[j]);
      }
      for (int j = 0; j < 2; ++j) {
        double w = two ? reinterpret_cast<D2>(ld)(u[j], v[j]) : reinterpret_cast<D1>(ld)(u[j]);
        if (std::memcmp(&w, &gotD[j], 8) != 0 && badD++ < 3) FAIL_CHECK("f64 at " << u[j] << ", " << v[j] << ": purec " << w << ", advsimd " << gotD[j]);
      }
    }
    CHECK(badF == 0);
    CHECK(badD == 0);
  }
}
#endif
