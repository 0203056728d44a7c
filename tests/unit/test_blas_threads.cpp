// Note [BLAS threads] (tensor/matmul_blocks.h): torch.set_num_threads sets
// the thread count of matmul's OpenBLAS calls per interpreter, and each BLAS
// call restores its own interpreter's count, so two interpreters in one
// process never run on each other's.
#include <catch2/catch.hpp>

#include <cblas.h>

#include "api/standard.h"
#include "support/parallel.h"
#include "vm/interpreter.h"

using namespace tdsl;

namespace {

constexpr const char* kMatmul = "import torch\n_ = torch.ones(64, 64) @ torch.ones(64, 64)\n";

}  // namespace

TEST_CASE("blas threads: set_num_threads sets the threads of the next matmul", "[threads]") {
  StandardInterpreter interp;
  interp.runSource("a.td", "import torch\ntorch.set_num_threads(1)\n");
  interp.runSource("b.td", kMatmul);
  CHECK(openblas_get_num_threads() == 1);
  interp.runSource("c.td", "import torch\ntorch.set_num_threads(3)\n");
  interp.runSource("d.td", "import torch\n_ = torch.dot(torch.ones(5), torch.ones(5))\n");
  CHECK(openblas_get_num_threads() == 3);  // dot is a BLAS call too
}

TEST_CASE("blas threads: each interpreter's calls run on its own count", "[threads]") {
  StandardInterpreter one, unset;
  one.runSource("a.td", "import torch\ntorch.set_num_threads(1)\n");
  one.runSource("b.td", kMatmul);
  CHECK(openblas_get_num_threads() == 1);
  unset.runSource("c.td", kMatmul);  // never set: the machine's default (physical cores)
  CHECK(openblas_get_num_threads() == defaultThreadCount());
  one.runSource("d.td", "import torch\n_ = torch.addmm(torch.zeros(8, 8), torch.ones(8, 8), torch.ones(8, 8))\n");
  CHECK(openblas_get_num_threads() == 1);
}
