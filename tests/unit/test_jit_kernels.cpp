// Differential tests of the JIT's kernels (issue 12): every lowered op, both
// float dtypes, sizes 0, 1, every tail up to twice the unrolled width and a
// large one, contiguous / stepped / offset / broadcast operands, values from
// NaN, +-inf, -0.0 and denormals — the kernel's output must equal the eager
// kernel's bit for bit, and guard values around the output must survive. On
// every tier this CPU runs (AVX2 machines run the SSE2 tier natively).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "ir/graph_executor.h"
#include "ir/ir_parser.h"
#include "jit/jit_context.h"
#include "jit/vector_program.h"
#include "tensor/tensor.h"
#include "tensor/tensor_state.h"

namespace {

using namespace tdsl;
using tdsl::jit::IsaTier;
using tdsl::jit::Layout;

std::vector<IsaTier> tiers() {
  std::vector<IsaTier> t;
  for (IsaTier x : {IsaTier::Sse2, IsaTier::Avx2, IsaTier::Neon})
    if (jit::cpuHas(x)) t.push_back(x);
  return t;
}

// Special values first, then ordinary ones; input k starts at a different
// place so pairs of specials meet.
template <class T>
std::vector<T> valuePool() {
  using L = std::numeric_limits<T>;
  std::vector<T> v = {L::quiet_NaN(), -L::quiet_NaN(), L::infinity(), -L::infinity(), T(0), -T(0),
                      L::denorm_min(), -L::denorm_min(), L::min(), -L::min(), L::max(), -L::max(),
                      T(1), T(-1), T(0.5), T(-0.5), T(3), T(-2.25), T(1e-3), T(7e5)};
  for (int i = 0; i < 23; ++i) v.push_back(T(std::sin(i * 1.7) * (i + 1)));
  return v;
}

// One operand's storage and how the kernel sees it.
struct Operand {
  Ref<TensorObject> base;  // the storage (contiguous)
  Ref<TensorObject> view;  // the tensor handed to eager
  Layout layout = Layout::Contiguous;
};

template <class T>
Operand makeOperand(TensorState& st, DType dt, int64_t n, Layout layout, int salt) {
  const std::vector<T> pool = valuePool<T>();
  const int64_t len = layout == Layout::Broadcast ? 1 : layout == Layout::Strided ? 3 * n + 2 : n;
  Operand o;
  o.layout = layout;
  o.base = allocTensor(st, dt, Dims{len});
  for (int64_t i = 0; i < len; ++i) o.base->data<T>()[i] = pool[static_cast<size_t>(i * (salt + 1) + salt * 7) % pool.size()];
  TensorMeta m;
  m.dtype = dt;
  m.sizes = Dims{n};
  m.strides = Dims{layout == Layout::Broadcast ? 0 : layout == Layout::Strided ? 3 : 1};
  m.offset = layout == Layout::Strided ? 2 : 0;  // stepped and offset
  o.view = makeViewOf(*o.base, m);
  return o;
}

template <class T>
bool sameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

struct OpCase {
  const char* name;
  int tensorArgs;            // 1 or 2
  const char* call;          // body call with %in0 / %in1
  std::vector<double> scalars;  // constants in order, converted like eager
  std::vector<bool> checked;
  const char* pre = nullptr;    // a node before the call (%m), for where
  bool boolResult = false;
};

const OpCase kCases[] = {
    {"add", 2, "add(%in0, %in1)", {}, {}},
    {"sub", 2, "sub(%in0, %in1)", {}, {}},
    {"mul", 2, "mul(%in0, %in1)", {}, {}},
    {"div", 2, "div(%in0, %in1)", {}, {}},
    {"maximum", 2, "maximum(%in0, %in1)", {}, {}},
    {"minimum", 2, "minimum(%in0, %in1)", {}, {}},
    {"neg", 1, "neg(%in0)", {}, {}},
    {"abs", 1, "abs(%in0)", {}, {}},
    {"relu", 1, "relu(%in0)", {}, {}},
    {"add scalar", 1, "add(%in0, 2.5)", {2.5}, {false}},
    {"sub scalar -0.0", 1, "sub(%in0, -0.0)", {-0.0}, {false}},
    {"mul scalar 0.1", 1, "mul(%in0, 0.1)", {0.1}, {false}},
    {"div scalar 3", 1, "div(%in0, 3.0)", {3.0}, {false}},
    {"div scalar inf", 1, "div(%in0, inf)", {INFINITY}, {false}},
    {"clamp both", 1, "clamp(%in0, -0.5, 2.0)", {-0.5, 2.0}, {true, true}},
    {"clamp min", 1, "clamp(%in0, 0.0)", {0.0}, {true}},
    {"clamp max", 1, "clamp(%in0, None, -0.0)", {-0.0}, {true}},
    {"pow 2", 1, "pow(%in0, 2)", {}, {}},
    {"pow 3.0", 1, "pow(%in0, 3.0)", {}, {}},
    {"pow 0.5 (sqrt)", 1, "pow(%in0, 0.5)", {}, {}},
    {"pow -1", 1, "pow(%in0, -1)", {1.0}, {false}},
    // Transcendentals: SLEEF calls (Note [SLEEF calls] in jit/sleef_calls.h).
    {"exp", 1, "exp(%in0)", {}, {}},
    {"expm1", 1, "expm1(%in0)", {}, {}},   {"log", 1, "log(%in0)", {}, {}},
    {"log2", 1, "log2(%in0)", {}, {}},     {"log10", 1, "log10(%in0)", {}, {}},
    {"log1p", 1, "log1p(%in0)", {}, {}},   {"sin", 1, "sin(%in0)", {}, {}},
    {"cos", 1, "cos(%in0)", {}, {}},       {"tan", 1, "tan(%in0)", {}, {}},
    {"asin", 1, "asin(%in0)", {}, {}},     {"acos", 1, "acos(%in0)", {}, {}},
    {"atan", 1, "atan(%in0)", {}, {}},     {"sinh", 1, "sinh(%in0)", {}, {}},
    {"cosh", 1, "cosh(%in0)", {}, {}},     {"tanh", 1, "tanh(%in0)", {}, {}},
    {"erf", 1, "erf(%in0)", {}, {}},
    {"sqrt", 1, "sqrt(%in0)", {}, {}},     {"sigmoid", 1, "sigmoid(%in0)", {1.0}, {false}},
    {"atan2", 2, "atan2(%in0, %in1)", {}, {}},
    {"pow tensor", 2, "pow(%in0, %in1)", {}, {}},
    {"pow 2.5", 1, "pow(%in0, 2.5)", {2.5}, {true}},
    {"pow -0.75", 1, "pow(%in0, -0.75)", {-0.75}, {true}},
};

const OpCase kMaskCases[] = {
    {"eq", 2, "eq(%in0, %in1)", {}, {}, nullptr, true},
    {"ne", 2, "ne(%in0, %in1)", {}, {}, nullptr, true},
    {"lt", 2, "lt(%in0, %in1)", {}, {}, nullptr, true},
    {"le", 2, "le(%in0, %in1)", {}, {}, nullptr, true},
    {"gt", 2, "gt(%in0, %in1)", {}, {}, nullptr, true},
    {"ge", 2, "ge(%in0, %in1)", {}, {}, nullptr, true},
    {"ge scalar", 1, "ge(%in0, 0.5)", {0.5}, {false}, nullptr, true},
    {"ne scalar nan", 1, "ne(%in0, nan)", {NAN}, {false}, nullptr, true},
    {"where", 2, "where(%m, %in0, %in1)", {}, {}, "lt(%in0, %in1)", false},
};

std::string bodyText(const OpCase& c, const char* dt) {
  std::string t = std::string(dt) + "[5]";
  std::string ins = "%in0: " + t + (c.tensorArgs == 2 ? ", %in1: " + t : "");
  std::string pre = c.pre ? std::string("  %m = ") + c.pre + " : b8[5]\n" : "";
  return "graph b(" + ins + ") {\n" + pre + "  %0 = " + c.call + " : " + (c.boolResult ? "b8[5]" : t) +
         "\n  return (%0)\n}\n";
}

template <class T, class R = T>
void checkCase(const OpCase& c, DType dt, IsaTier tier) {
  auto body = ir::parseGraph(bodyText(c, dt == DType::Float64 ? "f64" : "f32"));
  std::string why;
  auto program = jit::buildVectorProgram(*body, &why);
  INFO(c.name << ": " << why);
  REQUIRE(program);
  REQUIRE(program->scalars.size() == c.scalars.size());
  jit::JitContext ctx(tier);
  TensorStatePtr st = makeTensorState();
  const std::vector<Layout> layoutChoices = {Layout::Contiguous, Layout::Strided, Layout::Broadcast};
  std::vector<int64_t> sizes = {0, 1};
  for (int64_t n = 2; n <= 33; ++n) sizes.push_back(n);  // every tail of the x86 vector loop unrolled twice
  sizes.push_back(1000);
  for (Layout la : layoutChoices)
    for (Layout lb : layoutChoices) {
      if (c.tensorArgs == 1 && lb != Layout::Contiguous) continue;
      std::vector<Layout> layouts = {Layout::Contiguous, la};
      if (c.tensorArgs == 2) layouts.push_back(lb);
      std::string err;
      jit::KernelFn fn = ctx.kernel(*program, layouts, "", &err);
      INFO(tierName(tier) << " " << c.name << " layouts " << jit::layoutLetter(la) << jit::layoutLetter(lb) << ": " << err);
      REQUIRE(fn);
      for (int64_t n : sizes) {
        INFO("n = " << n);
        std::vector<Operand> in;
        for (int k = 0; k < c.tensorArgs; ++k) in.push_back(makeOperand<T>(*st, dt, n, layouts[1 + k], k + 1));
        std::vector<Value> args;
        for (auto& o : in) args.push_back(Value(o.view));
        std::vector<Value> eager = ir::executeGraph(*st, *body, args);
        const TensorObject& want = *asTensor(eager[0]);
        constexpr int kGuard = 16;
        const R guard = std::is_same<R, bool>::value ? R(0) : R(-12345.25);
        const size_t total = static_cast<size_t>(n + 2 * kGuard);
        std::unique_ptr<R[]> outStore(new R[total]);
        R* out = outStore.get();
        if constexpr (std::is_same<R, bool>::value) std::memset(static_cast<void*>(out), 0x5a, total);  // no bool value
        else std::fill(out, out + total, guard);
        // Guards compared as bytes: 0x5a is no bool value, so never load it as one.
        std::vector<unsigned char> guardBytes(sizeof(R) * kGuard);
        std::memcpy(guardBytes.data(), static_cast<const void*>(out), guardBytes.size());
        jit::KernelArgs ka;
        std::memset(&ka, 0, sizeof ka);
        ka.ptr[0] = reinterpret_cast<char*>(out + kGuard);
        ka.stride[0] = sizeof(R);
        for (int k = 0; k < c.tensorArgs; ++k) {
          ka.ptr[1 + k] = in[k].view->dataPtr();
          ka.stride[1 + k] = in[k].view->meta.strides[0] * static_cast<int64_t>(sizeof(T));
        }
        for (size_t j = 0; j < c.scalars.size(); ++j) {
          T x = static_cast<T>(c.scalars[j]);
          std::memcpy(ka.scalars + 8 * j, &x, sizeof x);
        }
        // Two calls over [0, k) and [k, n): begin offsets the pointers.
        const int64_t split = n / 3;
        fn(&ka, 0, split);
        fn(&ka, split, n);
        for (int64_t i = 0; i < n; ++i) {
          R w = want.data<R>()[i * want.meta.strides[0]];
          if (std::memcmp(&w, static_cast<const void*>(out + kGuard + i), sizeof(R)) != 0) {
            unsigned char got[sizeof(R)];
            std::memcpy(got, static_cast<const void*>(out + kGuard + i), sizeof(R));
            FAIL_CHECK("element " << i << ": eager " << w << " jit bytes differ (first " << int(got[0]) << ")");
            break;
          }
        }
        CHECK(std::memcmp(static_cast<const void*>(out), guardBytes.data(), guardBytes.size()) == 0);
        CHECK(std::memcmp(static_cast<const void*>(out + kGuard + n), guardBytes.data(), guardBytes.size()) == 0);
      }
    }
}

}  // namespace

TEST_CASE("jit kernels: every lowered op equals eager bit for bit on every tier", "[jit]") {
  REQUIRE(!tiers().empty());
  for (IsaTier tier : tiers())
    for (const OpCase& c : kCases) {
      checkCase<float>(c, DType::Float32, tier);
      checkCase<double>(c, DType::Float64, tier);
    }
}

TEST_CASE("jit kernels: comparisons store bool bytes and masks feed where, bit for bit", "[jit]") {
  for (IsaTier tier : tiers())
    for (const OpCase& c : kMaskCases) {
      if (c.boolResult) {
        checkCase<float, bool>(c, DType::Float32, tier);
        checkCase<double, bool>(c, DType::Float64, tier);
      } else {
        checkCase<float>(c, DType::Float32, tier);
        checkCase<double>(c, DType::Float64, tier);
      }
    }
}

TEST_CASE("jit kernels: a chain with several outputs and reused values", "[jit]") {
  const char* text = R"(graph b(%in0: f32[5], %in1: f32[5], %in2: f32[5]) {
  %0 = mul(%in1, %in2) : f32[5]
  %1 = add(%in0, %0) : f32[5]
  %2 = maximum(%1, %in0) : f32[5]
  %3 = clamp(%2, -1.0, 1.0) : f32[5]
  %4 = sub(%3, %0) : f32[5]
  %5 = abs(%4) : f32[5]
  %6 = div(%5, %1) : f32[5]
  %7 = neg(%6) : f32[5]
  return (%1, %7, %3)
})";
  auto body = ir::parseGraph(text);
  std::string why;
  auto program = jit::buildVectorProgram(*body, &why);
  REQUIRE(program);
  for (IsaTier tier : tiers()) {
    jit::JitContext ctx(tier);
    TensorStatePtr st = makeTensorState();
    std::vector<Layout> layouts = {Layout::Contiguous, Layout::Contiguous, Layout::Contiguous,
                                   Layout::Contiguous, Layout::Strided, Layout::Broadcast};
    std::string err;
    jit::KernelFn fn = ctx.kernel(*program, layouts, "", &err);
    INFO(err);
    REQUIRE(fn);
    for (int64_t n : {0, 3, 8, 15, 16, 17, 31, 257}) {
      std::vector<Operand> in = {makeOperand<float>(*st, DType::Float32, n, Layout::Contiguous, 1),
                                 makeOperand<float>(*st, DType::Float32, n, Layout::Strided, 2),
                                 makeOperand<float>(*st, DType::Float32, n, Layout::Broadcast, 3)};
      std::vector<Value> args;
      for (auto& o : in) args.push_back(Value(o.view));
      std::vector<Value> eager = ir::executeGraph(*st, *body, args);
      std::vector<std::vector<float>> outs(3, std::vector<float>(static_cast<size_t>(n + 8), 777.0f));
      jit::KernelArgs ka;
      std::memset(&ka, 0, sizeof ka);
      for (int k = 0; k < 3; ++k) {
        ka.ptr[k] = reinterpret_cast<char*>(outs[k].data());
        ka.stride[k] = 4;
        ka.ptr[3 + k] = in[k].view->dataPtr();
        ka.stride[3 + k] = in[k].view->meta.strides[0] * 4;
      }
      float lo = -1.0f, hi = 1.0f;
      std::memcpy(ka.scalars, &lo, 4);
      std::memcpy(ka.scalars + 8, &hi, 4);
      fn(&ka, 0, n);
      for (int k = 0; k < 3; ++k) {
        const TensorObject& want = *asTensor(eager[k]);
        for (int64_t i = 0; i < n; ++i) CHECK(sameBits(want.data<float>()[i], outs[k][static_cast<size_t>(i)]));
        for (int g = 0; g < 8; ++g) CHECK(outs[k][static_cast<size_t>(n + g)] == 777.0f);
      }
    }
    CHECK(ctx.counters.kernelsCompiled == 1);
  }
}

TEST_CASE("jit kernels: the cache key holds structure, not constants", "[jit]") {
  jit::JitContext ctx(jit::bestHostTier());
  std::string why, err;
  auto p1 = jit::buildVectorProgram(*ir::parseGraph("graph b(%in0: f32[5]) {\n  %0 = mul(%in0, 2.0) : f32[5]\n  %1 = add(%0, 1) : f32[5]\n  return (%1)\n}\n"), &why);
  auto p2 = jit::buildVectorProgram(*ir::parseGraph("graph b(%in0: f32[9]) {\n  %0 = mul(%in0, -7.5) : f32[9]\n  %1 = add(%0, 3) : f32[9]\n  return (%1)\n}\n"), &why);
  REQUIRE(p1);
  REQUIRE(p2);
  std::vector<Layout> c2 = {Layout::Contiguous, Layout::Contiguous};
  REQUIRE(ctx.kernel(*p1, c2, "", &err));
  REQUIRE(ctx.kernel(*p2, c2, "", &err));
  CHECK(ctx.counters.kernelsCompiled == 1);
  CHECK(ctx.counters.cacheHits == 1);
  REQUIRE(ctx.kernel(*p2, {Layout::Contiguous, Layout::Strided}, "", &err));
  CHECK(ctx.counters.kernelsCompiled == 2);
}
