// The generators' raw streams (issue 15): PyTorch's CPU generator word for
// word, its samplers' first values, the fill order of non-contiguous
// tensors, and CPython's random stream through a script.
#include <catch2/catch.hpp>

#include "tensor/random/cpu_generator.h"
#include "tensor/random/iteration_order.h"
#include "tensor/random/normal_fill.h"
#include "api/standard.h"
#include "vm/interpreter.h"

using namespace tdsl;

TEST_CASE("random: CpuGenerator is mt19937 seeded from the low 32 bits", "[random]") {
  CpuGenerator g(0);
  CHECK(g.random() == 2357136044u);  // std::mt19937(0)'s first words
  CHECK(g.random() == 2546248239u);
  CpuGenerator h(0);
  CHECK(h.random64() == ((uint64_t(2357136044u) << 32) | 2546248239u));  // first word is the high half
  CpuGenerator wide(uint64_t(7) + (uint64_t(1) << 32));
  CpuGenerator narrow(7);
  CHECK(wide.random() == narrow.random());
  CHECK(wide.initialSeed() == (uint64_t(7) + (uint64_t(1) << 32)));
  CHECK(CpuGenerator().initialSeed() == 67280421310721ull);
}

TEST_CASE("random: PyTorch's uniform and normal samplers", "[random]") {
  CpuGenerator g(0);
  CHECK(g.uniformFloat() == 0.49625658988952637f);  // torch.manual_seed(0); torch.rand(1)
  CpuGenerator d(0);
  CHECK(d.uniformDouble() == 0.9700530018065531);   // torch.rand(1, dtype=torch.float64)
  CpuGenerator n(0);
  CHECK(n.standardNormal() == 1.5409961082440433);  // torch.randn(2, dtype=torch.float64)
  CHECK(n.standardNormal() == -0.2934289057609464);  // the cached twin
  n.manualSeed(0);                                   // reseeding drops the cache
  CHECK(n.standardNormal() == 1.5409961082440433);
}

TEST_CASE("random: state round-trips", "[random]") {
  CpuGenerator g(3);
  g.standardNormal();
  std::vector<uint64_t> s = g.state();
  double next = g.standardNormal();
  uint32_t word = g.random();
  CpuGenerator h(99);
  REQUIRE(h.setState(s));
  CHECK(h.standardNormal() == next);
  CHECK(h.random() == word);
  CHECK_FALSE(h.setState({1, 2, 3}));
}

TEST_CASE("random: fill order follows memory order", "[random]") {
  // x.t() of a contiguous 2x3: dims (3, 2) with strides (1, 3): dim 0 innermost.
  Dims order = randomFillOrder(Dims{3, 2}, Dims{1, 3});
  CHECK(order[0] == 0);
  CHECK(order[1] == 1);
  // Row-major stays row-major.
  Dims rm = randomFillOrder(Dims{2, 3}, Dims{3, 1});
  CHECK(rm[0] == 1);
  std::vector<int64_t> seen;
  walkInOrder(Dims{3, 2}, order, Dims{1, 3}, Dims{1, 3}, [&](int64_t a, int64_t) { seen.push_back(a); });
  CHECK(seen == std::vector<int64_t>{0, 1, 2, 3, 4, 5});
}

TEST_CASE("random: float normal block emulates PyTorch's AVX2 kernel", "[random]") {
  CpuGenerator g(0);
  float block[16];
  for (float& x : block) x = g.uniformFloat();
  normalFillBlockFloat(block, 0.0f, 1.0f);
  CHECK(block[0] == -1.1258398294448853f);  // torch.manual_seed(0); torch.randn(16)[0]
}

TEST_CASE("random: CPython's random stream", "[random]") {
  StandardInterpreter I;
  auto value = [&](const char* src) { return I.repr(I.runSource("test.td", src)); };
  value("import random");
  value("random.seed(0)");
  // python3: random.seed(0); random.random(), random.getrandbits(32), random.randrange(10)
  CHECK(value("(random.random(), random.getrandbits(32), random.randrange(10))") == "(0.8444218515250481, 3255389356, 6)");
  value("random.seed(2**40 + 3)");
  CHECK(value("random.random()") == "0.21978710637116716");
}
