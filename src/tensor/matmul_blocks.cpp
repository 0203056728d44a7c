// BLAS thread count per interpreter (Note [BLAS threads] in matmul_blocks.h).
#include "tensor/matmul_blocks.h"

#include <cblas.h>

#include "support/parallel.h"

namespace tdsl {

void useBlasThreads(const TensorState& state) {
  static const int machineDefault = defaultThreadCount();  // a fact of the machine, read once
  const int threads = state.numThreads > 0 ? state.numThreads : machineDefault;
  if (openblas_get_num_threads() != threads) openblas_set_num_threads(threads);
}

}  // namespace tdsl
