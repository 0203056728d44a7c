// Op table rows: scans along one dim (cumsum, cumprod and their in-place
// twins; cummax, cummin with their indices) and diff.
#include "ops/op_table.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& scanOpRows() {
  constexpr uint32_t N = 0;  // no family tag: reads every element, writes a fresh result
  constexpr uint32_t I = kTagInplace;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t M = kMethod;
  static const std::vector<OpRow> rows = {
      {"cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", N, FM, m::cumulative, k::cumsum, nullptr},
      {"cumsum_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", I, M, m::cumulativeInplace, k::cumsum_, nullptr},
      {"cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", N, FM, m::cumulative, k::cumprod, nullptr},
      {"cumprod_(Tensor(a!) self, int dim, *, ScalarType? dtype=None) -> Tensor(a!)", I, M, m::cumulativeInplace, k::cumprod_, nullptr},
      {"cummax(Tensor self, int dim) -> (Tensor values, Tensor indices)", N, FM, m::cumulativeExtremum, k::cummax, nullptr},
      {"cummin(Tensor self, int dim) -> (Tensor values, Tensor indices)", N, FM, m::cumulativeExtremum, k::cummin, nullptr},
      {"diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None) -> Tensor", N, FM, m::diff, k::diff, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
