// Op table rows: the random ops beyond rand/randn (issue 15). Each in-place
// sampler has a functional twin that scripts do not see (variants 0): the
// form functionalization writes into graphs. Kernels and shape rules are in
// tensor/random/random_ops.h.
#include "ops/op_table.h"
#include "tensor/random/random_ops.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& randomOpRows() {
  constexpr uint32_t R = kTagRandom;
  constexpr uint32_t RI = kTagRandom | kTagInplace;
  constexpr uint32_t RF = kTagRandom | kTagFactory;
  constexpr uint8_t F = kFunction;
  constexpr uint8_t M = kMethod;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t HIDDEN = 0;
  static const std::vector<OpRow> rows = {
      {"uniform_(Tensor(a!) self, float from=0, float to=1) -> Tensor(a!)", RI, M, m::randomInplace, k::uniform_, nullptr},
      {"uniform(Tensor self, float from=0, float to=1) -> Tensor", R, HIDDEN, m::randomFunctional, k::uniform, nullptr},
      {"normal_(Tensor(a!) self, float mean=0, float std=1) -> Tensor(a!)", RI, M, m::randomInplace, k::normal_, nullptr},
      {"normal(Tensor self, float mean=0, float std=1) -> Tensor", R, HIDDEN, m::randomFunctional, k::normal, nullptr},
      {"normal.Tensor_float(Tensor mean, float std=1) -> Tensor", R, F, m::normalTensors, k::normal_tensors, nullptr},
      {"normal.float_Tensor(float mean, Tensor std) -> Tensor", R, F, m::normalTensors, k::normal_tensors, nullptr},
      {"normal.Tensor_Tensor(Tensor mean, Tensor std) -> Tensor", R, F, m::normalTensors, k::normal_tensors, nullptr},
      {"normal.float_float(float mean, float std, int[] size, *, ScalarType? dtype=None) -> Tensor", RF, F, m::normalSizes, k::normal_sizes, nullptr},
      {"exponential_(Tensor(a!) self, float lambd=1) -> Tensor(a!)", RI, M, m::randomInplace, k::exponential_, nullptr},
      {"exponential(Tensor self, float lambd=1) -> Tensor", R, HIDDEN, m::randomFunctional, k::exponential, nullptr},
      {"cauchy_(Tensor(a!) self, float median=0, float sigma=1) -> Tensor(a!)", RI, M, m::randomInplace, k::cauchy_, nullptr},
      {"cauchy(Tensor self, float median=0, float sigma=1) -> Tensor", R, HIDDEN, m::randomFunctional, k::cauchy, nullptr},
      {"log_normal_(Tensor(a!) self, float mean=1, float std=2) -> Tensor(a!)", RI, M, m::randomInplace, k::log_normal_, nullptr},
      {"log_normal(Tensor self, float mean=1, float std=2) -> Tensor", R, HIDDEN, m::randomFunctional, k::log_normal, nullptr},
      {"geometric_(Tensor(a!) self, float p) -> Tensor(a!)", RI, M, m::randomInplace, k::geometric_, nullptr},
      {"geometric(Tensor self, float p) -> Tensor", R, HIDDEN, m::randomFunctional, k::geometric, nullptr},
      {"random_(Tensor(a!) self) -> Tensor(a!)", RI, M, m::randomInplace, k::random_, nullptr},
      {"random_.to(Tensor(a!) self, int to) -> Tensor(a!)", RI, M, m::randomInplace, k::random_, nullptr},
      {"random_.from(Tensor(a!) self, int from, int? to) -> Tensor(a!)", RI, M, m::randomInplace, k::random_, nullptr},
      {"random(Tensor self) -> Tensor", R, HIDDEN, m::randomFunctional, k::random, nullptr},
      {"random.to(Tensor self, int to) -> Tensor", R, HIDDEN, m::randomFunctional, k::random, nullptr},
      {"random.from(Tensor self, int from, int? to) -> Tensor", R, HIDDEN, m::randomFunctional, k::random, nullptr},
      {"bernoulli(Tensor self) -> Tensor", R, FM, m::bernoulliTensor, k::bernoulli, nullptr},
      {"bernoulli.p(Tensor self, float p) -> Tensor", R, FM, m::randomFunctional, k::bernoulli, nullptr},
      {"bernoulli.Tensor(Tensor self, Tensor p) -> Tensor", R, HIDDEN, m::randomFunctional, k::bernoulli, nullptr},
      {"bernoulli_.p(Tensor(a!) self, float p=0.5) -> Tensor(a!)", RI, M, m::randomInplace, k::bernoulli_, nullptr},
      {"bernoulli_.Tensor(Tensor(a!) self, Tensor p) -> Tensor(a!)", RI, M, m::randomInplace, k::bernoulli_, nullptr},
      {"randint(int high, int[] size, *, ScalarType? dtype=None) -> Tensor", RF, F, m::randint, k::randint, nullptr},
      {"randint.low(int low, int high, int[] size, *, ScalarType? dtype=None) -> Tensor", RF, F, m::randint, k::randint, nullptr},
      {"randint_like(Tensor self, int high, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", RF, F, m::randintLike, k::randint_like, nullptr},
      {"randint_like.low_dtype(Tensor self, int low, int high, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", RF, F, m::randintLike, k::randint_like, nullptr},
      {"randperm(int n, *, ScalarType? dtype=None) -> Tensor", RF, F, m::randperm, k::randperm, nullptr},
      {"multinomial(Tensor self, int num_samples, bool replacement=False) -> Tensor", R, FM, m::multinomial, k::multinomial, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
