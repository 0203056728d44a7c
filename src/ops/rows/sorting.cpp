// Op table rows: sorting and selection (sort, argsort, topk, median) and
// nonzero and masked_select, whose result sizes depend on the data
// (kTagDataDependentShape).
#include "ops/op_table.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& sortingOpRows() {
  constexpr uint32_t N = 0;  // no family tag: reads every element, writes a fresh result
  constexpr uint32_t R = kTagReduction;
  constexpr uint8_t FM = kFunction | kMethod;
  static const std::vector<OpRow> rows = {
      {"sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)", N, FM, m::sort, k::sort, nullptr},
      {"sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)", N, FM, m::sort, k::sort, nullptr},
      {"argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor", N, FM, m::argsort, k::argsort, nullptr},
      {"argsort.stable(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor", N, FM, m::argsort, k::argsort, nullptr},
      {"topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> (Tensor values, Tensor indices)", N, FM, m::topk, k::topk, nullptr},
      {"median(Tensor self) -> Tensor", R, FM, m::median, k::median, nullptr},
      {"median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)", R, FM, m::median, k::median, nullptr},
      {"nonzero(Tensor self) -> Tensor", kTagDataDependentShape, FM, m::nonzero, k::nonzero, nullptr},
      {"masked_select(Tensor self, Tensor mask) -> Tensor", kTagDataDependentShape, FM, m::maskedSelect, k::masked_select, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
