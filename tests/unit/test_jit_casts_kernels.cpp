// Differential kernel tests of mixed-dtype programs (issue 12, Note [Mixed
// dtypes] in jit/vector_program.h): every cast between float32, float64,
// int64, int32 and bool, and ops reading operands of other dtypes, against
// the eager kernels bit for bit, on every x86 tier; sizes 0, 1, every tail up
// to twice the vector width and a large one; contiguous, stepped + offset and
// broadcast inputs; NaN, +-inf, -0.0, denormals, out-of-range floats and
// int min / max; guard bytes around the output must survive.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <regex>
#include <string>
#include <vector>

#include "ir/graph_executor.h"
#include "ir/ir_parser.h"
#include "jit/jit_context.h"
#include "jit/vector_program.h"
#include "jit/x86_codegen.h"
#include "tensor/tensor.h"
#include "tensor/tensor_iter.h"
#include "tensor/tensor_state.h"

namespace {

using namespace tdsl;
using tdsl::jit::IsaTier;
using tdsl::jit::Layout;

// Every special value of every dtype, as doubles and int64s to write in any dtype.
struct Special {
  double f;
  int64_t i;
};

std::vector<Special> specials() {
  using D = std::numeric_limits<double>;
  using F = std::numeric_limits<float>;
  std::vector<Special> v;
  for (double f : {D::quiet_NaN(), -D::quiet_NaN(), D::infinity(), -D::infinity(), 0.0, -0.0, 5e-324,
                   double(F::denorm_min()), -1e-310, 0.5, -0.5, 0.99999, -0.99999, 1.0, -1.0, 2.5, -2.5, 1e10, -1e10,
                   2147483647.0, 2147483648.0, -2147483648.0, -2147483649.0, 9.2233720368547758e18, -9.2233720368547758e18,
                   1e19, -1e30, 3e38, 1e300, 16777217.0, 9007199254740993.0})
    v.push_back({f, 0});
  for (int64_t i : {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), int64_t(0), int64_t(1),
                    int64_t(-1), int64_t(2), int64_t(16777217), int64_t(-16777217), int64_t(9007199254740993),
                    int64_t(2147483647), int64_t(-2147483648), int64_t(4294967296), int64_t(123456789)})
    v.push_back({0.0, i});
  return v;
}

void write(TensorObject& t, int64_t at, const Special& s, int k) {
  char* p = t.dataPtr() + at * static_cast<int64_t>(itemSize(t.dtype()));
  const bool asInt = s.f == 0.0 && !std::signbit(s.f) && k % 2 == 0;
  switch (t.dtype()) {
    case DType::Float32: *reinterpret_cast<float*>(p) = asInt ? static_cast<float>(s.i) : static_cast<float>(s.f); break;
    case DType::Float64: *reinterpret_cast<double*>(p) = asInt ? static_cast<double>(s.i) : s.f; break;
    case DType::Int64: *reinterpret_cast<int64_t*>(p) = s.i != 0 ? s.i : static_cast<int64_t>(k * 37 - 500); break;
    case DType::Int32: *reinterpret_cast<int32_t*>(p) = static_cast<int32_t>(s.i != 0 ? s.i : k * 37 - 500); break;
    case DType::Bool: *reinterpret_cast<bool*>(p) = (k * 7 + 3) % 3 == 0; break;
  }
}

Ref<TensorObject> makeInput(TensorState& st, DType dt, int64_t n, Layout layout, int salt) {
  const std::vector<Special> pool = specials();
  const int64_t len = layout == Layout::Broadcast ? 1 : layout == Layout::Strided ? 3 * n + 2 : n;
  auto base = allocTensor(st, dt, Dims{len});
  for (int64_t i = 0; i < len; ++i)
    write(*base, i, pool[static_cast<size_t>(i * (salt + 1) + salt * 5) % pool.size()], static_cast<int>(i + salt));
  TensorMeta m;
  m.dtype = dt;
  m.sizes = Dims{n};
  m.strides = Dims{layout == Layout::Broadcast ? 0 : layout == Layout::Strided ? 3 : 1};
  m.offset = layout == Layout::Strided ? 2 : 0;
  return makeViewOf(*base, m);
}

struct Case {
  std::vector<DType> inputs;
  std::string call;  // of %in0, %in1, %in2; or statements defining %0, %1, ... (the last is the result)
  DType result;
};

std::vector<Case> cases() {
  const DType all[] = {DType::Float32, DType::Float64, DType::Int64, DType::Int32, DType::Bool};
  std::vector<Case> c;
  for (DType from : all)
    for (DType to : all)
      if (from != to) c.push_back({{from}, std::string("to(%in0, ") + ir::dtypeShortName(to) + ")", to});
  c.push_back({{DType::Float32, DType::Bool}, "mul(%in0, %in1)", DType::Float32});
  c.push_back({{DType::Float64, DType::Int32}, "add(%in0, %in1)", DType::Float64});
  c.push_back({{DType::Int64, DType::Float32}, "div(%in0, %in1)", DType::Float32});
  c.push_back({{DType::Float32, DType::Float64}, "sub(%in0, %in1)", DType::Float64});
  c.push_back({{DType::Float32, DType::Int64}, "maximum(%in0, %in1)", DType::Float32});
  c.push_back({{DType::Float32, DType::Int64}, "lt(%in0, %in1)", DType::Bool});
  c.push_back({{DType::Float64, DType::Bool}, "ne(%in0, %in1)", DType::Bool});
  c.push_back({{DType::Bool, DType::Float32, DType::Float64}, "where(%in0, %in1, %in2)", DType::Float64});
  c.push_back({{DType::Bool, DType::Int32, DType::Float32}, "where(%in0, %in1, %in2)", DType::Float32});
  // Width changes inside one program (Note [Mixed vectors] in jit/x86_codegen.cpp): masks made at one
  // width read at another, conversions between the widths in the middle, math calls at both widths.
  c.push_back({{DType::Float32, DType::Float64},
               "%0 = to(%in0, f64) : f64[5]\n  %1 = lt(%in0, 0.5) : b8[5]\n  %2 = where(%1, %0, %in1) : f64[5]",
               DType::Float64});
  c.push_back({{DType::Float64, DType::Float32, DType::Float32},
               "%0 = gt(%in0, 0.0) : b8[5]\n  %1 = where(%0, %in1, %in2) : f32[5]", DType::Float32});
  c.push_back({{DType::Float64, DType::Float32},
               "%0 = to(%in0, i32) : i32[5]\n  %1 = to(%0, f32) : f32[5]\n  %2 = mul(%1, %in1) : f32[5]", DType::Float32});
  c.push_back({{DType::Int64, DType::Float64}, "%0 = mul(%in0, %in1) : f64[5]\n  %1 = to(%0, f32) : f32[5]", DType::Float32});
  c.push_back({{DType::Bool, DType::Float32}, "%0 = to(%in0, f64) : f64[5]\n  %1 = add(%0, %in1) : f64[5]", DType::Float64});
  c.push_back({{DType::Bool, DType::Float32}, "%0 = to(%in0, i64) : i64[5]\n  %1 = mul(%0, %in1) : f32[5]", DType::Float32});
  c.push_back({{DType::Int32, DType::Float32}, "%0 = mul(%in1, %in0) : f32[5]\n  %1 = to(%0, i64) : i64[5]", DType::Int64});
  c.push_back({{DType::Float32, DType::Float64}, "%0 = add(%in0, %in1) : f64[5]\n  %1 = to(%0, i64) : i64[5]", DType::Int64});
  c.push_back({{DType::Int64, DType::Int32}, "%0 = to(%in0, i32) : i32[5]\n  %1 = to(%in1, f32) : f32[5]\n  %2 = mul(%0, %1) : f32[5]",
               DType::Float32});
  c.push_back({{DType::Float32},
               "%0 = neg(%in0) : f32[5]\n  %1 = to(%0, f64) : f64[5]\n  %2 = neg(%1) : f64[5]\n  %3 = sqrt(%2) : f64[5]",
               DType::Float64});
  c.push_back({{DType::Float32}, "%0 = exp(%in0) : f32[5]\n  %1 = to(%0, f64) : f64[5]\n  %2 = sin(%1) : f64[5]", DType::Float64});
  c.push_back({{DType::Float64, DType::Float32}, "%0 = to(%in0, b8) : b8[5]\n  %1 = mul(%in1, %0) : f32[5]", DType::Float32});
  c.push_back({{DType::Int64, DType::Float32}, "%0 = to(%in0, b8) : b8[5]\n  %1 = mul(%in1, %0) : f32[5]", DType::Float32});
  c.push_back({{DType::Float32, DType::Float64}, "%0 = to(%in1, f32) : f32[5]\n  %1 = lt(%in0, %0) : b8[5]", DType::Bool});
  c.push_back({{DType::Float64, DType::Int32}, "%0 = maximum(%in0, %in1) : f64[5]\n  %1 = to(%0, i32) : i32[5]", DType::Int32});
  return c;
}

std::string bodyOf(const Case& c) {
  std::string ins;
  for (size_t k = 0; k < c.inputs.size(); ++k)
    ins += (k ? ", %in" : "%in") + std::to_string(k) + ": " + ir::dtypeShortName(c.inputs[k]) + "[5]";
  if (c.call.rfind("%0 = ", 0) == 0) {
    const std::string last = c.call.substr(c.call.rfind("\n  %") + 3);
    return "graph b(" + ins + ") {\n  " + c.call + "\n  return (" + last.substr(0, last.find(' ')) + ")\n}\n";
  }
  return "graph b(" + ins + ") {\n  %0 = " + c.call + " : " + ir::dtypeShortName(c.result) + "[5]\n  return (%0)\n}\n";
}

std::string hexOf(const void* p, int64_t n) {
  std::string s;
  for (int64_t i = n - 1; i >= 0; --i) {
    char b[3];
    std::snprintf(b, sizeof b, "%02x", static_cast<const unsigned char*>(p)[i]);
    s += b;
  }
  return s;
}

}  // namespace

TEST_CASE("jit casts kernels: every cast and mixed operand equals eager bit for bit, guards intact", "[jit][casts]") {
  std::vector<IsaTier> tiers;
  for (IsaTier t : {IsaTier::Sse2, IsaTier::Avx2})
    if (jit::cpuHas(t)) tiers.push_back(t);
  REQUIRE(!tiers.empty());
  std::vector<int64_t> sizes = {0, 1};
  for (int64_t n = 2; n <= 33; ++n) sizes.push_back(n);  // every tail of the x86 vector loop unrolled twice
  sizes.push_back(1001);
  TensorStatePtr st = makeTensorState();
  for (const Case& c : cases()) {
    auto body = ir::parseGraph(bodyOf(c));
    std::string why;
    auto program = jit::buildVectorProgram(*body, &why);
    INFO(c.call << " " << why);
    REQUIRE(program);
    CHECK(program->mixed);
    const int64_t es = static_cast<int64_t>(itemSize(c.result));
    for (IsaTier tier : tiers) {
      jit::JitContext ctx(tier);
      for (Layout layout : {Layout::Contiguous, Layout::Strided, Layout::Broadcast}) {
        std::vector<Layout> layouts(1 + c.inputs.size(), layout);
        layouts[0] = Layout::Contiguous;
        std::string err;
        jit::KernelFn fn = ctx.kernel(*program, layouts, "", &err);
        INFO(jit::tierName(tier) << " " << jit::layoutLetter(layout) << ": " << err);
        REQUIRE(fn);
        for (int64_t n : sizes) {
          INFO("n = " << n);
          std::vector<Value> args;
          for (size_t k = 0; k < c.inputs.size(); ++k)
            args.push_back(Value(makeInput(*st, c.inputs[k], n, layouts[k + 1], static_cast<int>(k) + 1)));
          std::vector<Value> eager = ir::executeGraph(*st, *body, args);
          const TensorObject& want = *asTensor(eager[0]);
          constexpr int64_t kGuard = 32;
          std::vector<unsigned char> out(static_cast<size_t>((n + 2 * kGuard) * es), 0x5a);
          jit::KernelArgs ka;
          std::memset(&ka, 0, sizeof ka);
          ka.ptr[0] = reinterpret_cast<char*>(out.data() + kGuard * es);
          ka.stride[0] = es;
          for (size_t k = 0; k < c.inputs.size(); ++k) {
            const TensorObject& in = *asTensor(args[k]);
            ka.ptr[1 + k] = in.dataPtr();
            ka.stride[1 + k] = in.meta.strides[0] * static_cast<int64_t>(itemSize(in.dtype()));
          }
          for (size_t j = 0; j < program->scalars.size(); ++j) {  // float constants, in their op's dtype
            const jit::ScalarSource& sc = program->scalars[j];
            REQUIRE(sc.arg.kind == ir::Arg::Kind::Float);
            const float f = static_cast<float>(sc.arg.f);
            if (sc.dtype == DType::Float64) std::memcpy(ka.scalars + 8 * j, &sc.arg.f, 8);
            else std::memcpy(ka.scalars + 8 * j, &f, 4);
          }
          const int64_t split = n / 3;  // two calls: begin offsets the pointers
          fn(&ka, 0, split);
          fn(&ka, split, n);
          for (int64_t i = 0; i < n; ++i)
            if (std::memcmp(want.dataPtr() + byteOffsetOf(want.meta, i), out.data() + (kGuard + i) * es,
                            static_cast<size_t>(es)) != 0) {
              FAIL_CHECK("element " << i << " differs from eager: " << hexOf(out.data() + (kGuard + i) * es, es) << " != "
                                    << hexOf(want.dataPtr() + byteOffsetOf(want.meta, i), es));
              break;
            }
          bool guards = true;
          for (int64_t b = 0; b < kGuard * es; ++b)
            guards = guards && out[static_cast<size_t>(b)] == 0x5a && out[static_cast<size_t>((kGuard + n) * es + b)] == 0x5a;
          CHECK(guards);
        }
      }
    }
  }
}

TEST_CASE("jit casts kernels: mixed programs run the vector loop, except with strided operands or a broadcast bool",
          "[jit][casts]") {
  // Note [Mixed vectors] in jit/x86_codegen.cpp. The vector loops step the element index by whole vectors
  // (`add i, 4 / 8 / 16`; the one-lane loop increments it, a strided pointer moves by a register); on
  // AVX2 they alone use YMM registers.
  asmjit::JitRuntime rt;
  for (IsaTier tier : {IsaTier::Sse2, IsaTier::Avx2}) {
    const std::regex vectorLoop(tier == IsaTier::Avx2 ? R"(\bymm\d[^]*\badd \w+, (4|8|16)\n)" : R"(\badd \w+, (4|8|16)\n)");
    for (const Case& c : cases()) {
      auto body = ir::parseGraph(bodyOf(c));
      std::string why;
      auto program = jit::buildVectorProgram(*body, &why);
      REQUIRE(program);
      for (Layout layout : {Layout::Contiguous, Layout::Broadcast, Layout::Strided}) {
        std::vector<Layout> layouts(1 + c.inputs.size(), Layout::Contiguous);
        layouts[1] = layout;  // the first input
        jit::CodegenResult r = jit::compileX86Kernel(rt, *program, layouts, tier, true);
        INFO(c.call << " " << jit::tierName(tier) << " " << jit::layoutLetter(layout) << ": " << r.error << "\n" << r.assembly);
        REQUIRE(r.fn);
        const bool vectorized = layout == Layout::Contiguous || (layout == Layout::Broadcast && c.inputs[0] != DType::Bool);
        CHECK(std::regex_search(r.assembly, vectorLoop) == vectorized);
      }
    }
  }
}
