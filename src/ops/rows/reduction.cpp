// Op table rows: reductions and linear algebra.
#include "ops/op_table.h"
#include "tensor/op_kernels.h"
#include "tensor/op_meta.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& reductionOpRows() {
  constexpr uint32_t R = kTagReduction;
  constexpr uint32_t L = kTagLinalg;
  constexpr uint8_t FM = kFunction | kMethod;
  static const std::vector<OpRow> rows = {
      {"sum(Tensor self, *, ScalarType? dtype=None) -> Tensor", R, FM, m::sum, k::sum, nullptr},
      {"sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor", R, FM, m::sum, k::sum, nullptr},
      {"mean(Tensor self, *, ScalarType? dtype=None) -> Tensor", R, FM, m::mean, k::mean, nullptr},
      {"mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor", R, FM, m::mean, k::mean, nullptr},
      {"prod(Tensor self, *, ScalarType? dtype=None) -> Tensor", R, FM, m::sum, k::prod, nullptr},
      {"prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor", R, FM, m::sum, k::prod, nullptr},
      {"max(Tensor self) -> Tensor", R, FM, m::minmax, k::max, nullptr},
      {"max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)", R, FM, m::minmaxDim, k::max, nullptr},
      {"max.other(Tensor self, Tensor other) -> Tensor", kTagPointwise, FM, m::binary, k::maximum, nullptr},
      {"min(Tensor self) -> Tensor", R, FM, m::minmax, k::min, nullptr},
      {"min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)", R, FM, m::minmaxDim, k::min, nullptr},
      {"min.other(Tensor self, Tensor other) -> Tensor", kTagPointwise, FM, m::binary, k::minimum, nullptr},
      {"argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor", R, FM, m::argminmax, k::argmax, nullptr},
      {"argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor", R, FM, m::argminmax, k::argmin, nullptr},
      {"all(Tensor self) -> Tensor", R, FM, m::allAny, k::all, nullptr},
      {"all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor", R, FM, m::allAny, k::all, nullptr},
      {"any(Tensor self) -> Tensor", R, FM, m::allAny, k::any, nullptr},
      {"any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor", R, FM, m::allAny, k::any, nullptr},

      {"mm(Tensor self, Tensor mat2) -> Tensor", L, FM, m::mm, k::mm, nullptr},
      {"matmul(Tensor self, Tensor other) -> Tensor", L, FM, m::matmul, k::matmul, nullptr},
      {"dot(Tensor self, Tensor tensor) -> Tensor", L, FM, m::dot, k::dot, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
