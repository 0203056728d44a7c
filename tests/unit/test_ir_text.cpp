// Graph IR text form: SymInt arithmetic, print -> parse -> print fixpoint on
// every .tir file in tests/ir, parse errors with their line and column,
// the verifier's diagnostics; Graph::clone against the text form.
#include <catch2/catch.hpp>

#include <dirent.h>

#include <fstream>
#include <sstream>

#include "support/diagnostics.h"
#include "ir/ir_parser.h"
#include "ir/ir_printer.h"
#include "ir/meta_inference.h"
#include "ops/op_table.h"
#include "ir/verifier.h"
#include "opt/pipeline.h"

using namespace tdsl::ir;

namespace {

std::vector<std::string> tirFiles() {
  std::vector<std::string> out;
  std::string root = std::string(TDSL_SOURCE_DIR) + "/tests/ir";
  DIR* top = opendir(root.c_str());
  if (!top) return out;
  while (dirent* d = readdir(top)) {
    std::string sub = d->d_name;
    if (sub == "." || sub == "..") continue;
    DIR* inner = opendir((root + "/" + sub).c_str());
    if (!inner) continue;
    while (dirent* f = readdir(inner)) {
      std::string name = f->d_name;
      if (name.size() > 4 && name.substr(name.size() - 4) == ".tir") out.push_back(root + "/" + sub + "/" + name);
    }
    closedir(inner);
  }
  closedir(top);
  return out;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string parseError(const std::string& text) {
  try {
    parseGraph(text);
  } catch (const tdsl::Error& e) {
    return e.message;
  }
  return "";
}

}  // namespace

TEST_CASE("symint: canonical arithmetic and text", "[ir]") {
  SymInt s0 = SymInt::symbol("s0");
  CHECK((s0 - 2).str() == "s0 - 2");
  CHECK((s0 + s0).str() == "2*s0");
  CHECK((s0 - s0).str() == "0");
  CHECK(((s0 + 1) * (s0 - 1)).str() == "s0*s0 - 1");
  CHECK(SymInt::floordiv(SymInt(-7), SymInt(2)).constant() == -4);
  CHECK(SymInt::floordiv(s0 * 4, 2).str() == "2*s0");
  SymInt q = SymInt::floordiv(s0 + 1, 2);
  CHECK(q.str() == "((s0 + 1) // 2)");
  for (const SymInt& v : {s0 - 2, s0 * SymInt::symbol("s1") + 3, q, q * 2 - s0, SymInt(-5)}) {
    auto parsed = parseSymInt(v.str());
    REQUIRE(parsed);
    CHECK(*parsed == v);
  }
  CHECK_FALSE(parseSymInt("s0 +"));
}

TEST_CASE("ir text: every .tir file round-trips", "[ir]") {
  auto files = tirFiles();
  REQUIRE(files.size() >= 25);
  for (const std::string& path : files) {
    INFO(path);
    std::string first = printGraph(*parseGraph(slurp(path)));
    std::string second = printGraph(*parseGraph(first));
    CHECK(first == second);
  }
}

TEST_CASE("ir text: parse errors point at the line and column", "[ir]") {
  CHECK(parseError("graph f(%x: f32[4]) {\n  %0 = mul(%x, 2)\n  %1 = add(%q, 1)\n  return (%1)\n}\n") ==
        "3:12: use of undefined value %q");
  CHECK(parseError("graph f(%x: f33[4]) {\n  return ()\n}\n") == "1:16: unknown dtype 'f33' (expected f32, f64, i32, i64 or b8)");
  CHECK(parseError("graph f(%x: f32[4]) {\n  %0 = frobnicate(%x)\n  return ()\n}\n") == "2:8: unknown op 'frobnicate'");
  CHECK(parseError("graph f(%x: f32[4]) {\n  %0 = mul(%x, %x, %x)\n  return ()\n}\n") ==
        "2:8: no overload of 'mul' accepts these arguments");
  std::string shape = parseError("graph f(%x: f32[4], %y: f32[3]) {\n  %0 = add(%x, %y)\n  return ()\n}\n");
  CHECK(shape.rfind("2:8: cannot infer the result type of add: The size of tensor a (4) must match", 0) == 0);
}

TEST_CASE("ir text: omitted types come from the shape rule", "[ir]") {
  auto g = parseGraph("graph f(%x: f32[4, 6]) {\n  %0 = transpose(%x, 0, 1)\n  %1 = slice(%0, 0, 2)\n  return (%1)\n}\n");
  CHECK(printGraph(*g) ==
        "graph f(%x: f32[4, 6]) {\n"
        "  %0 = transpose(%x, 0, 1) : f32[6, 4]{strides=[1, 6]}\n"
        "  %1 = slice(%0, 0, 2) : f32[4, 4]{strides=[1, 6], offset=2}\n"
        "  return (%1)\n"
        "}\n");
}

TEST_CASE("verifier: metadata must agree with the shape rule", "[ir]") {
  auto g = parseGraph("graph f(%x: f32[4]) {\n  %0 = mul(%x, 2) : f32[5]\n  return (%0)\n}\n");
  auto problems = verifyGraph(*g);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "%0 = mul: result type f32[5] differs from the shape rule's f32[4]");
}

TEST_CASE("verifier: functional graphs allow only trailing write-backs", "[ir]") {
  auto g = parseGraph("graph f(%x: f32[4]) {\n  %0 = add_(%x, 1)\n  %1 = mul(%x, 2)\n  return (%1)\n}\n");
  CHECK(verifyGraph(*g).empty());
  auto problems = verifyGraph(*g, VerifyOptions{true, true});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "%0 = add_: mutation in a functional graph (only copy_ into graph inputs is allowed)");

  auto late = parseGraph(
      "graph f(%x: f32[4], %y: f32[4]) {\n  %0 = add(%y, 1)\n  %1 = copy_(%x, %0)\n  %2 = mul(%0, 2)\n  return (%2)\n}\n");
  problems = verifyGraph(*late, VerifyOptions{true, true});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "%2 = mul: only write-back copy_ nodes and views of inputs may follow the first write-back");
}

TEST_CASE("verifier: use lists and argument order", "[ir]") {
  auto g = parseGraph("graph f(%x: f32[4]) {\n  %0 = mul(%x, 2)\n  %1 = add(%0, 1)\n  return (%1)\n}\n");
  auto ops = g->opNodes();
  // Moving the add before the mul breaks the topological invariant.
  g->moveBefore(ops[1], ops[0]);
  auto problems = verifyGraph(*g);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0] == "%0 = add: uses a value that is not defined before it");
}

TEST_CASE("graph clone: the same text and diagnostics, its own nodes, shared fused bodies", "[ir]") {
  auto files = tirFiles();
  REQUIRE(files.size() >= 25);
  for (const std::string& path : files) {
    INFO(path);
    auto g = parseGraph(slurp(path));
    auto copy = g->clone();
    CHECK(printGraph(*copy) == printGraph(*g));
    CHECK(verifyGraph(*copy) == verifyGraph(*g));
    for (Node* n : copy->nodes()) {
      CHECK(n->graph() == copy.get());
      for (IrValue* v : n->inputValues()) CHECK(v->node()->graph() == copy.get());
    }
  }
  auto g = parseGraph(slurp(std::string(TDSL_SOURCE_DIR) + "/tests/ir/fuse/compare_where.tir"));
  tdsl::opt::runPasses(*g, {"fuse"}, {});
  auto copy = g->clone();
  const std::string text = printGraph(*g);
  CHECK(printGraph(*copy) == text);
  const Node* fused = nullptr;
  const Node* fusedCopy = nullptr;
  for (Node* n : g->nodes())
    if (n->isFused()) fused = n;
  for (Node* n : copy->nodes())
    if (n->isFused()) fusedCopy = n;
  REQUIRE(fused);
  REQUIRE(fusedCopy);
  CHECK(fusedCopy->body() == fused->body());
  // Rewiring the copy leaves the original as it was.
  copy->setOutputs({copy->inputs().at(0)});
  std::vector<Node*> ops = copy->opNodes();
  for (auto it = ops.rbegin(); it != ops.rend(); ++it) copy->erase(*it);
  CHECK(printGraph(*g) == text);
  CHECK(copy->opNodes().empty());
}
