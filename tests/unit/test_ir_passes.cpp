// Alias analysis facts, and the pipeline's RESULTS: graphs run op by op with
// the eager kernels before and after functionalize/reinplace must leave
// bit-identical tensors (DESIGN.md §2.5: results and structure both).
#include <catch2/catch.hpp>

#include <cstring>

#include "ir/alias_analysis.h"
#include "ir/graph_executor.h"
#include "ir/ir_parser.h"
#include "ir/ir_printer.h"
#include "opt/functionalize.h"
#include "support/diagnostics.h"
#include "opt/pipeline.h"
#include "opt/reinplace.h"
#include "tensor/tensor.h"

using namespace tdsl::ir;

namespace {

ValueMeta strided(std::vector<SymInt> sizes, std::vector<SymInt> strides, int64_t offset) {
  ValueMeta m;
  m.sizes = std::move(sizes);
  m.strides = std::move(strides);
  m.offset = offset;
  return m;
}

tdsl::Ref<tdsl::TensorObject> makeF64(tdsl::TensorState& st, int64_t n, double start, double step) {
  auto t = tdsl::allocTensor(st, tdsl::DType::Float64, tdsl::Dims{n});
  for (int64_t i = 0; i < n; ++i) t->data<double>()[i] = start + step * static_cast<double>(i);
  return t;
}

tdsl::Ref<tdsl::TensorObject> cloneOf(tdsl::TensorState& st, const tdsl::TensorObject& t) {
  auto c = tdsl::allocTensor(st, t.dtype(), t.sizes());
  std::memcpy(c->dataPtr(), t.dataPtr(), static_cast<size_t>(t.numel()) * tdsl::itemSize(t.dtype()));
  return c;
}

bool bitIdentical(const tdsl::TensorObject& a, const tdsl::TensorObject& b) {
  return a.dtype() == b.dtype() && a.sizes() == b.sizes() &&
         std::memcmp(a.dataPtr(), b.dataPtr(), static_cast<size_t>(a.numel()) * tdsl::itemSize(a.dtype())) == 0;
}

const char* kComposed =
    "graph composed(%field: f64[51520], %delta: f64[51518], %indices: i64[99], %gain: f64[99]) {\n"
    "  %0 = slice(%field, 0, 1, -1, 1)\n"
    "  %1 = add_(%0, %delta)\n"
    "  %2 = index_select(%field, 0, %indices)\n"
    "  %3 = mul(%2, %gain)\n"
    "  %4 = index_copy_(%field, 0, %indices, %3)\n"
    "  return ()\n"
    "}\n";

}  // namespace

TEST_CASE("alias analysis: strided regions", "[ir][alias]") {
  ValueMeta even = strided({5}, {2}, 0), odd = strided({5}, {2}, 1), third = strided({4}, {3}, 0);
  CHECK(regionOverlap(even, odd) == Overlap::Disjoint);
  CHECK(regionOverlap(third, odd) == Overlap::May);  // element 3 and 9
  CHECK(regionOverlap(even, even) == Overlap::Same);
  // Rows and columns of a 4x3 matrix.
  CHECK(regionOverlap(strided({3}, {1}, 0), strided({3}, {1}, 3)) == Overlap::Disjoint);
  CHECK(regionOverlap(strided({4}, {3}, 0), strided({4}, {3}, 1)) == Overlap::Disjoint);
  CHECK(regionOverlap(strided({4}, {3}, 0), strided({3}, {1}, 3)) == Overlap::May);
  // Symbolic sizes cannot be proven disjoint.
  CHECK(regionOverlap(strided({SymInt::symbol("s0")}, {2}, 0), strided({SymInt::symbol("s0")}, {2}, 1)) == Overlap::May);
  CHECK(hasInternalOverlap(strided({4, 3}, {0, 1}, 0)));
  CHECK_FALSE(hasInternalOverlap(strided({4, 3}, {1, 4}, 0)));
  CHECK(hasInternalOverlap(strided({3, 3}, {1, 1}, 0)));
  CHECK_FALSE(hasInternalOverlap(strided({1, 3}, {0, 1}, 0)));
}

TEST_CASE("alias analysis: overlap decided from metadata, exactly", "[ir][alias]") {
  // 1-D progressions need more than bounds and gcd: {0, 4} and {2, 8, 14, ...}
  // share the lattice 8 + 12k, whose first point lies past {0, 4}.
  CHECK(regionOverlap(strided({2}, {4}, 0), strided({3}, {6}, 2)) == Overlap::Disjoint);
  CHECK(regionOverlap(strided({3}, {4}, 0), strided({3}, {6}, 2)) == Overlap::May);  // both hold 8
  // Negative strides cover the same set as the flipped view.
  CHECK(regionOverlap(strided({5}, {-2}, 8), strided({5}, {2}, 1)) == Overlap::Disjoint);
  CHECK(regionOverlap(strided({5}, {-2}, 8), strided({2}, {1}, 4)) == Overlap::May);
  // Stride-0 (expanded) dims add no addresses.
  CHECK(regionOverlap(strided({3, 4}, {0, 2}, 0), strided({4}, {2}, 1)) == Overlap::Disjoint);
  // 4x5 matrix: column blocks, row blocks, transposes.
  ValueMeta cols01 = strided({4, 2}, {5, 1}, 0), cols23 = strided({4, 2}, {5, 1}, 2), cols13 = strided({4, 3}, {5, 1}, 1);
  ValueMeta rows12 = strided({2, 5}, {5, 1}, 5);
  CHECK(regionOverlap(cols01, cols23) == Overlap::Disjoint);
  CHECK(regionOverlap(cols01, cols13) == Overlap::May);
  CHECK(regionOverlap(cols23, cols13) == Overlap::May);
  CHECK(regionOverlap(cols01, rows12) == Overlap::May);
  CHECK(regionOverlap(strided({2, 2}, {15, 1}, 3), rows12) == Overlap::Disjoint);  // x[::3, 3:5] misses rows 1-2
  CHECK(regionOverlap(strided({2, 4}, {1, 5}, 0), cols23) == Overlap::Disjoint);    // x.T[0:2] is x[:, 0:2]
  CHECK(regionOverlap(strided({5, 4}, {1, 5}, 0), strided({5}, {1}, 5)) == Overlap::May);
  CHECK(regionOverlap(strided({4, 2}, {5, 2}, 0), strided({4, 2}, {5, 2}, 1)) == Overlap::Disjoint);  // x[:, 0::2] vs x[:, 1::2]
  // Regions that do not share a row structure are compared row by row.
  ValueMeta block = strided({3, 3}, {4, 1}, 0);  // {0,1,2, 4,5,6, 8,9,10}
  CHECK(regionOverlap(block, strided({4}, {3}, 3)) == Overlap::May);  // 6
  CHECK(regionOverlap(block, strided({3}, {4}, 3)) == Overlap::Disjoint);
  CHECK(regionOverlap(block, strided({2, 2}, {7, 4}, 3)) == Overlap::May);       // {3, 7, 10, 14}: 10
  CHECK(regionOverlap(block, strided({2, 2}, {7, 4}, 7)) == Overlap::Disjoint);  // {7, 11, 14, 18}
}

TEST_CASE("alias analysis: huge regions are decided without enumerating them", "[ir][alias]") {
  // 2^40-element regions: enumerating them could not finish.
  const int64_t big = int64_t(1) << 20;
  ValueMeta left = strided({big, big}, {2 * big, 1}, 0), right = strided({big, big}, {2 * big, 1}, big);
  CHECK(regionOverlap(left, right) == Overlap::Disjoint);
  CHECK(regionOverlap(left, strided({big, big}, {2 * big, 1}, big - 1)) == Overlap::May);
  CHECK(regionOverlap(strided({big * big}, {3}, 0), strided({big * big}, {3}, 2)) == Overlap::Disjoint);
  CHECK(regionOverlap(strided({2}, {4}, 0), strided({big * big}, {6}, 2)) == Overlap::Disjoint);
  CHECK(regionOverlap(strided({big * big}, {7}, 0), strided({big * big}, {5}, 1)) == Overlap::May);
  // The seed's field and its interior slice: one dense interval inside another.
  CHECK(regionOverlap(strided({51520}, {1}, 0), strided({51518}, {1}, 1)) == Overlap::May);
  CHECK(regionOverlap(strided({51520}, {1}, 0), strided({51518}, {1}, 60000)) == Overlap::Disjoint);
}

TEST_CASE("alias analysis: roots follow schema annotations", "[ir][alias]") {
  auto g = parseGraph(
      "graph f(%x: f32[4, 3]) {\n  %0 = transpose(%x, 0, 1)\n  %1 = select(%0, 0, 1)\n  %2 = add_(%1, 1)\n"
      "  %3 = mul(%2, 2)\n  %4 = reshape(%3, [2, 2])\n  return (%4)\n}\n");
  AliasAnalysis aa(*g);
  auto ops = g->opNodes();
  IrValue* x = g->inputs()[0];
  CHECK(aa.root(ops[1]->output()) == x);
  CHECK(aa.root(ops[2]->output()) == x);            // in-place result is its written argument
  CHECK(aa.root(ops[3]->output()) == ops[3]->output());  // fresh
  CHECK(aa.root(ops[4]->output()) == ops[3]->output());  // reshape of a contiguous tensor is a view
  CHECK(aa.aliasesOf(x).size() == 4);
}

TEST_CASE("composed: pipeline results are bit-identical to eager", "[ir][reinplace]") {
  auto state = tdsl::makeTensorState();
  tdsl::TensorState& st = *state;
  auto field = makeF64(st, 51520, 0.25, 1.0 / 51519.0);
  auto delta = makeF64(st, 51518, -0.01, 0.02 / 51517.0);
  auto gain = makeF64(st, 99, 0.99, 0.02 / 98.0);
  auto indices = tdsl::allocTensor(st, tdsl::DType::Int64, tdsl::Dims{99});
  for (int64_t i = 0; i < 99; ++i) indices->data<int64_t>()[i] = 2 * i;

  // Plain C++ statement of the function, as PyTorch eager runs it.
  auto expected = cloneOf(st, *field);
  double* e = expected->data<double>();
  for (int64_t i = 0; i < 51518; ++i) e[i + 1] = e[i + 1] + delta->data<double>()[i];
  std::vector<double> values(99);
  for (int64_t k = 0; k < 99; ++k) values[k] = e[2 * k] * gain->data<double>()[k];
  for (int64_t k = 0; k < 99; ++k) e[2 * k] = values[k];

  auto run = [&](const Graph& g) {
    auto f = cloneOf(st, *field);
    executeGraph(st, g, {tdsl::Value(f), tdsl::Value(delta), tdsl::Value(indices), tdsl::Value(gain)});
    return f;
  };
  auto traced = parseGraph(kComposed);
  auto functional = parseGraph(kComposed);
  tdsl::opt::functionalize(*functional);
  auto optimized = parseGraph(kComposed);
  tdsl::opt::PipelineOptions verified;
  verified.verify = true;
  auto result = tdsl::opt::runPipeline(*optimized, verified);

  for (int call = 0; call < 3; ++call) {
    CHECK(bitIdentical(*run(*traced), *expected));
    CHECK(bitIdentical(*run(*functional), *expected));
    CHECK(bitIdentical(*run(*optimized), *expected));
  }
  // Structure: no scatter, no clone, no full-size copy_ left.
  std::string text = printGraph(*optimized);
  INFO(text + result.reinplace.str());
  CHECK(text.find("slice_scatter") == std::string::npos);
  CHECK(text.find("clone") == std::string::npos);
  CHECK(text.find("= copy_(") == std::string::npos);
  REQUIRE(result.reinplace.decisions.size() == 4);
  for (auto& d : result.reinplace.decisions) CHECK(d.reinplaced);
}

TEST_CASE("negative cases keep eager results", "[ir][reinplace]") {
  // A read of the old value, a shift and a result escaping: whatever the pass
  // decides, the values must equal the functional graph's.
  const char* graphs[] = {
      "graph f(%x: f64[10], %i: i64[3], %v: f64[3]) {\n  %0 = index_copy(%x, 0, %i, %v)\n  %1 = sum(%x)\n"
      "  %2 = copy_(%x, %0)\n  return (%1)\n}\n",
      "graph f(%x: f64[10], %i: i64[3], %v: f64[3]) {\n  %0 = slice(%x, 0, 0, -1)\n  %1 = clone(%0)\n"
      "  %2 = slice(%x, 0, 1)\n  %3 = copy_(%2, %1)\n  %4 = index_add_(%x, 0, %i, %v)\n  return (%4)\n}\n",
      "graph f(%x: f64[10], %i: i64[3], %v: f64[3]) {\n  %0 = slice(%x, 0, 0, None, 2)\n  %1 = mul_(%0, 3)\n"
      "  %2 = slice(%x, 0, 1, None, 2)\n  %3 = add_(%2, %1)\n  %4 = index_copy(%x, 0, %i, %v)\n  return (%4, %3)\n}\n",
      "graph f(%x: f64[10], %i: i64[3], %v: f64[3]) {\n  %0 = slice(%x, 0, 0, None, 2)\n  %1 = mul_(%0, 3)\n"
      "  %2 = slice(%x, 0, 1, None, 2)\n  %3 = slice(%x, 0, 0, None, 2)\n  %4 = add_(%2, %3)\n  return ()\n}\n",
      "graph f(%x: f64[10], %i: i64[3], %v: f64[3]) {\n  %0 = slice(%x, 0, 2, 5)\n  %1 = index_put_(%x, [%i], %v, true)\n"
      "  %2 = mul(%0, 2)\n  %3 = slice(%x, 0, 7, 10)\n  %4 = copy_(%3, %2)\n  return (%0)\n}\n",
  };
  auto state = tdsl::makeTensorState();
  tdsl::TensorState& st = *state;
  auto v = makeF64(st, 3, 0.5, 0.25);
  auto idx = tdsl::allocTensor(st, tdsl::DType::Int64, tdsl::Dims{3});
  idx->data<int64_t>()[0] = 7;
  idx->data<int64_t>()[1] = 1;
  idx->data<int64_t>()[2] = 4;
  for (const char* text : graphs) {
    INFO(text);
    auto x0 = makeF64(st, 10, 1.0, 0.375);
    auto eagerX = cloneOf(st, *x0);
    auto eagerOut = executeGraph(st, *parseGraph(text), {tdsl::Value(eagerX), tdsl::Value(idx), tdsl::Value(v)});
    auto g = parseGraph(text);
    tdsl::opt::PipelineOptions verified;
    verified.verify = true;
    tdsl::opt::runPipeline(*g, verified);
    auto optX = cloneOf(st, *x0);
    auto optOut = executeGraph(st, *g, {tdsl::Value(optX), tdsl::Value(idx), tdsl::Value(v)});
    CHECK(bitIdentical(*eagerX, *optX));
    REQUIRE(eagerOut.size() == optOut.size());
    for (size_t i = 0; i < eagerOut.size(); ++i) CHECK(bitIdentical(*tdsl::asTensor(eagerOut[i]), *tdsl::asTensor(optOut[i])));
  }
}

TEST_CASE("functionalize: swapping two inputs keeps eager results", "[ir][functionalize]") {
  const char* text =
      "graph f(%x: f64[4], %y: f64[4]) {\n  %0 = clone(%x)\n  %1 = copy_(%x, %y)\n  %2 = copy_(%y, %0)\n  return ()\n}\n";
  auto state = tdsl::makeTensorState();
  tdsl::TensorState& st = *state;
  auto x = makeF64(st, 4, 1.0, 1.0), y = makeF64(st, 4, -1.0, -1.0);
  auto x0 = cloneOf(st, *x), y0 = cloneOf(st, *y);
  for (bool optimize : {false, true}) {
    auto g = parseGraph(text);
    if (optimize) tdsl::opt::runPipeline(*g);
    auto xs = cloneOf(st, *x0), ys = cloneOf(st, *y0);
    executeGraph(st, *g, {tdsl::Value(xs), tdsl::Value(ys)});
    CHECK(bitIdentical(*xs, *y0));
    CHECK(bitIdentical(*ys, *x0));
  }
}

TEST_CASE("reinplace checks its precondition", "[ir][reinplace]") {
  auto g = parseGraph("graph f(%x: f32[4]) {\n  %0 = add_(%x, 1)\n  %1 = mul(%x, 2)\n  return (%1)\n}\n");
  try {
    tdsl::opt::reinplace(*g);
    FAIL("reinplace accepted a graph with mutation");
  } catch (const tdsl::Error& e) {
    CHECK(e.message ==
          "reinplace requires a functional graph (run functionalize first): %0 = add_: mutation in a functional graph "
          "(only copy_ into graph inputs is allowed)");
  }
}

// Random graphs of views, in-place updates and reads (fixed seed): the
// pipeline must never change a value, whatever it decides to reinplace.
TEST_CASE("pipeline on random mutation graphs keeps eager results", "[ir][reinplace]") {
  auto state = tdsl::makeTensorState();
  tdsl::TensorState& st = *state;
  auto idx = tdsl::allocTensor(st, tdsl::DType::Int64, tdsl::Dims{3});
  idx->data<int64_t>()[0] = 5;
  idx->data<int64_t>()[1] = 0;
  idx->data<int64_t>()[2] = 9;
  uint64_t seed = 12345;
  auto rnd = [&](int n) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((seed >> 33) % static_cast<uint64_t>(n));
  };
  int reinplaced = 0, kept = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::string body;
    int next = 0;
    std::vector<std::string> fresh;  // names of fresh f64[12] intermediates
    auto name = [&]() { return "%" + std::to_string(next++); };
    auto base = [&]() { return fresh.empty() || rnd(2) ? std::string("%x") : fresh[rnd(static_cast<int>(fresh.size()))]; };
    for (int k = 0; k < 6; ++k) {
      std::string b = base();
      switch (rnd(7)) {
        case 0: {  // strided slice updated in place
          int start = rnd(4), step = 1 + rnd(3);
          std::string v = name();
          body += "  " + v + " = slice(" + b + ", 0, " + std::to_string(start) + ", None, " + std::to_string(step) + ")\n";
          body += "  " + name() + " = mul_(" + v + ", 1.5)\n";
          break;
        }
        case 1: {  // select + fill
          std::string v = name();
          body += "  " + v + " = select(" + b + ", 0, " + std::to_string(rnd(12)) + ")\n";
          body += "  " + name() + " = fill_(" + v + ", " + std::to_string(rnd(9)) + ".25)\n";
          break;
        }
        case 2: {  // indexed update from a read of the same base
          std::string r = name();
          body += "  " + r + " = index_select(" + b + ", 0, %i)\n";
          std::string m = name();
          body += "  " + m + " = mul(" + r + ", %v)\n";
          body += "  " + name() + " = index_copy_(" + b + ", 0, %i, " + m + ")\n";
          break;
        }
        case 3: {  // fresh intermediate
          std::string f = name();
          body += "  " + f + " = add(" + b + ", 0.5)\n";
          fresh.push_back(f);
          break;
        }
        case 4: {  // shift within the base through a clone
          std::string a = name(), c = name(), d = name();
          body += "  " + a + " = slice(" + b + ", 0, 0, -1)\n  " + c + " = clone(" + a + ")\n";
          body += "  " + d + " = slice(" + b + ", 0, 1)\n  " + name() + " = copy_(" + d + ", " + c + ")\n";
          break;
        }
        case 5: {  // accumulate into a transposed-free view from another base
          std::string v = name(), w = name();
          body += "  " + v + " = slice(" + b + ", 0, 2, 6)\n  " + w + " = slice(" + base() + ", 0, 6, 10)\n";
          body += "  " + name() + " = add_(" + v + ", " + w + ")\n";
          break;
        }
        default: {  // a read kept as an output
          std::string s = name();
          body += "  " + s + " = mul(" + b + ", 3)\n";
          fresh.push_back(s);
          break;
        }
      }
    }
    std::string outs = "%x";
    for (auto& f : fresh) outs += ", " + f;
    std::string text = "graph r(%x: f64[12], %i: i64[3], %v: f64[3]) {\n" + body + "  return (" + outs + ")\n}\n";
    INFO(text);
    auto x0 = makeF64(st, 12, 0.125, 0.75);
    auto v = makeF64(st, 3, 2.0, -0.5);
    auto eagerX = cloneOf(st, *x0);
    auto eagerOut = executeGraph(st, *parseGraph(text), {tdsl::Value(eagerX), tdsl::Value(idx), tdsl::Value(v)});
    auto g = parseGraph(text);
    tdsl::opt::PipelineOptions verified;
    verified.verify = true;
    auto result = tdsl::opt::runPipeline(*g, verified);
    for (auto& d : result.reinplace.decisions) (d.reinplaced ? reinplaced : kept) += 1;
    INFO(printGraph(*g));
    auto optX = cloneOf(st, *x0);
    auto optOut = executeGraph(st, *g, {tdsl::Value(optX), tdsl::Value(idx), tdsl::Value(v)});
    CHECK(bitIdentical(*eagerX, *optX));
    REQUIRE(eagerOut.size() == optOut.size());
    for (size_t k = 0; k < eagerOut.size(); ++k) {
      INFO("output " << k);
      CHECK(bitIdentical(*tdsl::asTensor(eagerOut[k]), *tdsl::asTensor(optOut[k])));
    }
  }
  // The corpus must exercise both outcomes, or it proves nothing.
  CHECK(reinplaced > 200);
  CHECK(kept > 50);
}
