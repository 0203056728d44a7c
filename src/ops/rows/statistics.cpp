// Op table rows: reductions beyond sum/mean/max (amax, amin, logsumexp, std,
// var, norm, count_nonzero) and the softmax normalizations.
#include "ops/op_table.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& statisticsOpRows() {
  constexpr uint32_t R = kTagReduction;
  constexpr uint32_t N = 0;  // no family tag: reads every element, writes a fresh result
  constexpr uint8_t FM = kFunction | kMethod;
  static const std::vector<OpRow> rows = {
      {"amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor", R, FM, m::amaxAmin, k::amax, nullptr},
      {"amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor", R, FM, m::amaxAmin, k::amin, nullptr},
      {"logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor", R, FM, m::logsumexp, k::logsumexp, nullptr},
      {"std(Tensor self, bool unbiased=True) -> Tensor", R, FM, m::stdVar, k::std, nullptr},
      {"std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor", R, FM, m::stdVar, k::std, nullptr},
      {"std.correction(Tensor self, int[1]? dim=None, *, int? correction=None, bool keepdim=False) -> Tensor", R, FM, m::stdVar, k::std, nullptr},
      {"var(Tensor self, bool unbiased=True) -> Tensor", R, FM, m::stdVar, k::var, nullptr},
      {"var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor", R, FM, m::stdVar, k::var, nullptr},
      {"var.correction(Tensor self, int[1]? dim=None, *, int? correction=None, bool keepdim=False) -> Tensor", R, FM, m::stdVar, k::var, nullptr},
      {"norm.Scalar(Tensor self, Scalar p=2) -> Tensor", R, FM, m::norm, k::norm, nullptr},
      {"norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor", R, FM, m::norm, k::norm, nullptr},
      {"count_nonzero.dim_IntList(Tensor self, int[] dim) -> Tensor", R, FM, m::countNonzero, k::count_nonzero, nullptr},
      {"count_nonzero(Tensor self, int? dim=None) -> Tensor", R, FM, m::countNonzero, k::count_nonzero, nullptr},
      {"softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", N, FM, m::softmax, k::softmax, nullptr},
      {"log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", N, FM, m::softmax, k::log_softmax, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
