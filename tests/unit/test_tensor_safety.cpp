// Memory safety and PyTorch's checks in the tensor runtime: geometry
// arithmetic that cannot wrap (Note [Checked geometry]), index ranges (Note
// [Index ranges]), checked scalar conversion (Note [Checked scalar
// conversion]), flatten's identity, and blocked, interruptible matmul (Note
// [Blocked matmul]).
#include <catch2/catch.hpp>

#include <cblas.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "support/diagnostics.h"
#include "vm/objects.h"
#include "tensor/checked_math.h"
#include "vm/torch/dispatch.h"
#include "tensor/matmul_blocks.h"
#include "tensor/scalar_convert.h"
#include "tensor/tensor.h"
#include "vm/torch/tensor_data.h"
#include "test_support.h"

using namespace tdsl;

namespace {

Value I(int64_t x) { return Value::integer(x); }
Value ints(std::initializer_list<int64_t> xs) {
  std::vector<Value> v;
  for (int64_t x : xs) v.push_back(Value::integer(x));
  return makeList(std::move(v));
}
Value tensorOf(TensorState& s, const Value& data, std::optional<DType> d = std::nullopt) {
  return Value(tensorFromData(s, data, d));
}
std::vector<double> values(const Value& v) {
  const TensorObject& t = *asTensor(v);
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) {
    Value e = elementValue(t, i);
    out.push_back(e.isFloat() ? e.asFloat() : e.isInt() ? static_cast<double>(e.asInt()) : e.asBool());
  }
  return out;
}

constexpr int64_t k2p62 = int64_t(1) << 62;
constexpr int64_t kWork = int64_t(1) << 26;  // small blocks, for the tiling tests

}  // namespace

TEST_CASE("safety: as_strided whose storage extent overflows int64 is rejected", "[tensor][safety]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value a = callOp(s, "zeros", {I(4)});
  Value b = callOp(s, "full", {ints({4}), Value::number(42.0)});
  // (2 - 1) * (2**62 + 4) + (2 - 1) * 2**62 + 1 wraps to 5 <= 4 + 1: the old check let it write past `a`.
  CHECK(errorOf([&] {
          Value v = callMethod(s, a, "as_strided", {ints({2, 2}), ints({k2p62 + 4, k2p62})});
          callMethod(s, v, "fill_", {Value::number(-1.0)});
        }) == "Storage size calculation overflowed with sizes=[2, 2] and strides=[4611686018427387908, "
              "4611686018427387904]");
  CHECK(values(b) == std::vector<double>{42, 42, 42, 42});
  CHECK(values(a) == std::vector<double>{0, 0, 0, 0});
  CHECK(errorOf([&] { callMethod(s, a, "as_strided", {ints({2}), ints({1}), I(std::numeric_limits<int64_t>::max())}); })
            .find("Storage size calculation overflowed") == 0);
}

TEST_CASE("safety: numel, extents and slice lengths never wrap", "[tensor][safety]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value one = callOp(s, "ones", {ints({1})});
  // 2**32 * 2**32 wrapped to 0: sum() returned 0.
  CHECK(errorOf([&] { callOp(s, "sum", {callMethod(s, one, "expand", {ints({int64_t(1) << 32, int64_t(1) << 32})})}); }) ==
        "numel: integer multiplication overflow");
  CHECK(errorOf([&] { callMethod(s, one, "expand", {ints({-2})}); }) == "numel: integer multiplication overflow");
  Value wide = callMethod(s, one, "expand", {ints({k2p62})});
  CHECK(errorOf([&] { callOp(s, "cat", {makeList({wide, wide})}); }) == "cat(): result size: integer addition overflow");
  // [::2**63 - 1] had length (3 + 2**63 - 2) / (2**63 - 1), which overflows: shape [-1].
  Value x = tensorOf(s, ints({1, 2, 3}));
  Value sliced = callOp(s, "slice", {x, I(0), Value(), Value(), I(std::numeric_limits<int64_t>::max())});
  CHECK(asTensor(sliced)->sizes() == Dims{1});
  CHECK(values(sliced) == std::vector<double>{1});
  Value tail = callOp(s, "slice", {x, I(0), I(std::numeric_limits<int64_t>::max()), Value(), I(1)});
  CHECK(asTensor(tail)->sizes() == Dims{0});
}

TEST_CASE("safety: the checked geometry helpers", "[tensor][safety]") {
  CHECK(checkedNumel(Dims{0, int64_t(1) << 40, int64_t(1) << 40}) == 0);
  CHECK(errorOf([] { checkedNumel(Dims{int64_t(1) << 40, int64_t(1) << 40, 0}); }) ==
        "numel: integer multiplication overflow");
  TensorMeta m;
  m.dtype = DType::Float32;
  m.sizes = Dims{2, 3};
  m.strides = Dims{3, 1};
  m.offset = 4;
  CHECK(storageExtent(m) == 10);
  m.sizes = Dims{0, 3};
  CHECK(storageExtent(m) == 0);
  m.sizes = Dims{2, 2};
  m.strides = Dims{int64_t(1) << 61, 1};  // 2**61 + 6 elements fit int64, but not their bytes
  m.offset = 4;
  CHECK(errorOf([&] { storageExtent(m); }).find("Storage size calculation overflowed with sizes=[2, 2]") == 0);
  CHECK(errorOf([] { checkedAdd(std::numeric_limits<int64_t>::max(), 1, "storage offset"); }) ==
        "storage offset: integer addition overflow");
  CHECK(errorOf([] { contiguousNbytes(Dims{k2p62, 4}, 4); }) ==
        "Storage size calculation overflowed with sizes=[4611686018427387904, 4]");
}

TEST_CASE("safety: negative indices are out of range for index_select, index_copy_, scatter_ and gather",
          "[tensor][safety][index]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = callOp(s, "zeros", {ints({3})});
  Value idx = tensorOf(s, ints({0, -1}));
  Value src = callOp(s, "ones", {ints({2})});
  CHECK(errorOf([&] { callMethod(s, x, "index_copy_", {I(0), idx, src}); }) ==
        "index_copy_(): index -1 is out of bounds for dimension 0 with size 3");
  CHECK(errorOf([&] { callMethod(s, x, "index_add_", {I(0), idx, src}); }) == "index out of range in self");
  CHECK(errorOf([&] { callMethod(s, x, "scatter_", {I(0), idx, src}); }) ==
        "index -1 is out of bounds for dimension 0 with size 3");
  CHECK(errorOf([&] { callMethod(s, x, "gather", {I(0), idx}); }) == "index -1 is out of bounds for dimension 0 with size 3");
  CHECK(errorOf([&] { callMethod(s, x, "index_select", {I(0), idx}); }) == "index out of range in self");
  CHECK(values(x) == std::vector<double>{0, 0, 0});  // index 0 was not written either
  // Advanced indexing still wraps negative indices.
  callMethod(s, x, "index_put_", {makeList({idx}), src});
  CHECK(values(x) == std::vector<double>{1, 0, 1});
}

TEST_CASE("safety: Python numbers convert to a dtype only when it can hold them", "[tensor][safety][scalar]") {
  CHECK(checkedScalarAs<int32_t>(Value::integer(-2147483648LL)) == std::numeric_limits<int32_t>::min());
  CHECK(errorOf([] { checkedScalarAs<int32_t>(Value::integer(1LL << 40)); }) ==
        "value cannot be converted to type int without overflow");
  CHECK(errorOf([] { checkedScalarAs<int32_t>(Value::number(2147483647.5)); }) ==
        "value cannot be converted to type int without overflow");
  CHECK(errorOf([] { checkedScalarAs<int64_t>(Value::number(NAN)); }) ==
        "value cannot be converted to type int64_t without overflow");
  CHECK(errorOf([] { checkedScalarAs<float>(Value::number(1e300)); }) ==
        "value cannot be converted to type float without overflow");
  CHECK(std::isinf(checkedScalarAs<float>(Value::number(INFINITY))));
  CHECK(checkedScalarAs<int64_t>(Value::number(9223372036854775808.0)) == std::numeric_limits<int64_t>::min());
  CHECK(checkedScalarAs<bool>(Value::integer(1LL << 40)));
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value x = callOp(s, "zeros", {ints({2})}, {{"dtype", Value::dtype(DType::Int32)}});
  CHECK(errorOf([&] { callMethod(s, x, "fill_", {I(1LL << 40)}); }) == "value cannot be converted to type int without overflow");
  CHECK(errorOf([&] { callMethod(s, x, "clamp", {Value(), I(1LL << 40)}); }) ==
        "value cannot be converted to type int without overflow");
  CHECK(values(callMethod(s, x, "add", {I(1LL << 40)})) == std::vector<double>{0, 0});  // arithmetic wraps
}

TEST_CASE("safety: flatten with nothing to flatten returns self", "[tensor][safety]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  Value t = callOp(s, "zeros", {ints({2, 3, 4})});
  CHECK(callMethod(s, t, "flatten", {I(1), I(1)}).identical(t));
  CHECK(callMethod(s, t, "flatten", {I(-1), I(2)}).identical(t));
  CHECK_FALSE(callMethod(s, t, "flatten", {I(0), I(1)}).identical(t));
  Value v = callOp(s, "zeros", {ints({5})});
  CHECK(callMethod(s, v, "flatten", {}).identical(v));
  Value scalar = tensorOf(s, Value::number(5.0));
  Value flat = callMethod(s, scalar, "flatten", {});
  CHECK_FALSE(flat.identical(scalar));
  CHECK(asTensor(flat)->sizes() == Dims{1});
}

TEST_CASE("safety: matmul blocks tile the rows of the product on quantum boundaries", "[tensor][safety][matmul]") {
  struct Shape { int64_t m, k, n; };
  for (Shape sh : {Shape{700, 300, 900}, Shape{3001, 700, 1001}, Shape{5000, 1, 7}, Shape{3, 0, 4}, Shape{0, 9, 9},
                   Shape{100, 100000, 2000}}) {
    INFO(sh.m << "x" << sh.k << "x" << sh.n);
    int64_t next = 0;
    int blocks = 0;
    forEachMatmulBlock(
        sh.m, sh.k, sh.n, nullptr,
        [&](const MatmulBlock& b) {
          ++blocks;
          CHECK(b.row0 == next);
          CHECK(b.row0 % kMatmulRowQuantum == 0);
          CHECK((b.rows >= kMatmulMinRows || blocks == 1));
          next = b.row0 + b.rows;
        },
        kWork);
    CHECK(blocks >= 1);
    CHECK(next == sh.m);
  }
  int blocks = 0;
  forEachMatmulBlock(
      1000, 300, 900, nullptr,
      [&](const MatmulBlock& b) {
        ++blocks;
        CHECK(b.rows >= kMatmulMinRows);  // more than 2**26 / (300 * 900) = 248 rows
      },
      kWork);
  CHECK(blocks == 2);  // 2.7e8 multiply-adds: more than one block of 2**26
}

TEST_CASE("safety: matmul blocks poll the interrupt between blocks", "[tensor][safety][matmul][interrupt]") {
  std::atomic<bool> flag{false};
  int ran = 0;
  std::string message = errorOf([&] {
    forEachMatmulBlock(
        1000, 300, 900, &flag,
        [&](const MatmulBlock&) {
          ++ran;
          flag.store(true);  // a Ctrl-C while the first block runs
        },
        kWork);
  });
  CHECK(message == "KeyboardInterrupt");
  CHECK(ran == 1);
  CHECK_FALSE(flag.load());
}

TEST_CASE("safety: a blocked matmul equals one unblocked BLAS call bit for bit", "[tensor][safety][matmul]") {
  // On several threads OpenBLAS's own results depend on how it splits the
  // rows between them (Note [Blocked matmul]); on one they are a function of
  // the data alone. The state's thread count is what its matmuls run on
  // (Note [BLAS threads]); the direct calls below run on the same one.
  const int threads = openblas_get_num_threads();
  openblas_set_num_threads(1);
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  s.numThreads = 1;
  struct Shape { int64_t m, k, n; };
  for (Shape sh : {Shape{2000, 300, 1000}, Shape{5000, 64, 2000}}) {
    INFO(sh.m << "x" << sh.k << "x" << sh.n);
    int blocks = 0;
    forEachMatmulBlock(sh.m, sh.k, sh.n, nullptr, [&](const MatmulBlock&) { ++blocks; });
    CHECK(blocks > 1);
    Value x = callOp(s, "randn", {ints({sh.m, sh.k})});
    Value y = callOp(s, "randn", {ints({sh.k, sh.n})});
    Value blocked = callOp(s, "mm", {x, y});
    std::vector<float> direct(static_cast<size_t>(sh.m * sh.n));
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(sh.m), static_cast<int>(sh.n),
                static_cast<int>(sh.k), 1.0f, asTensor(x)->data<float>(), static_cast<int>(sh.k),
                asTensor(y)->data<float>(), static_cast<int>(sh.n), 0.0f, direct.data(), static_cast<int>(sh.n));
    CHECK(std::memcmp(asTensor(blocked)->data<float>(), direct.data(), direct.size() * sizeof(float)) == 0);
    Value xd = callMethod(s, x, "to", {Value::dtype(DType::Float64)});
    Value yd = callMethod(s, y, "to", {Value::dtype(DType::Float64)});
    Value blockedD = callOp(s, "matmul", {xd, yd});
    std::vector<double> directD(static_cast<size_t>(sh.m * sh.n));
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(sh.m), static_cast<int>(sh.n),
                static_cast<int>(sh.k), 1.0, asTensor(xd)->data<double>(), static_cast<int>(sh.k),
                asTensor(yd)->data<double>(), static_cast<int>(sh.n), 0.0, directD.data(), static_cast<int>(sh.n));
    CHECK(std::memcmp(asTensor(blockedD)->data<double>(), directD.data(), directD.size() * sizeof(double)) == 0);
  }
  openblas_set_num_threads(threads);
}

TEST_CASE("safety: a set interrupt flag stops a large matmul", "[tensor][safety][matmul][interrupt]") {
  TensorStatePtr sp = makeTensorState();
  TensorState& s = *sp;
  std::atomic<bool> flag{false};
  attachInterruptFlag(s, flag);
  Value x = callOp(s, "ones", {ints({512, 512})});
  flag.store(true);
  CHECK(errorOf([&] { callOp(s, "mm", {x, x}); }) == "KeyboardInterrupt");
  CHECK(errorOf([&] { callOp(s, "matmul", {x, x}); }).find("<no error>") == 0);  // the flag was consumed
  flag.store(true);
  Value xi = callMethod(s, x, "to", {Value::dtype(DType::Int64)});
  CHECK(errorOf([&] { callOp(s, "matmul", {xi, xi}); }) == "KeyboardInterrupt");
  CHECK(values(callOp(s, "sum", {callOp(s, "mm", {x, x})})) == std::vector<double>{512.0 * 512 * 512});
}
