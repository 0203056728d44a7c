// Op table rows: the ops the public corpus programs needed (tests/corpus,
// issue 15): logspace, addmm, addmv, cross, kthvalue, mode, einsum.
#include "ops/rows/rows_more.h"
#include "tensor/op_corpus.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& corpusOpRows() {
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t F = kFunction;
  static const std::vector<OpRow> rows = {
      {"logspace(Scalar start, Scalar end, int steps, float base=10.0, *, ScalarType? dtype=None) -> Tensor", kTagFactory, F, m::logspace, k::logspace, nullptr},
      {"addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor", kTagLinalg, FM, m::addmm, k::addmm, nullptr},
      {"addmv(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor", kTagLinalg, FM, m::addmv, k::addmv, nullptr},
      {"cross(Tensor self, Tensor other, int? dim=None) -> Tensor", 0, FM, m::cross, k::cross, nullptr},
      {"kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)", kTagReduction, FM, m::kthvalue, k::kthvalue, nullptr},
      {"mode(Tensor self, int dim=-1, bool keepdim=False) -> (Tensor values, Tensor indices)", kTagReduction, FM, m::mode, k::mode, nullptr},
      {"einsum(str equation, Tensor[] tensors) -> Tensor", 0, F, m::einsum, k::einsum, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
