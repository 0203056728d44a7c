// Op table rows: gathers (index, index_select, gather) and indexed updates
// (index_put, index_copy, index_add, index_fill, scatter, masked_fill) with
// their in-place twins.
#include "ops/op_table.h"
#include "tensor/op_kernels.h"
#include "tensor/op_meta.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& indexingOpRows() {
  constexpr uint32_t G = kTagIndexing;
  constexpr uint32_t U = kTagIndexedUpdate;
  constexpr uint32_t UI = kTagIndexedUpdate | kTagInplace;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t M = kMethod;
  static const std::vector<OpRow> rows = {
      {"index.Tensor(Tensor self, Tensor?[] indices) -> Tensor", G, FM, m::index, k::index, nullptr},
      {"index_select(Tensor self, int dim, Tensor index) -> Tensor", G, FM, m::indexSelect, k::index_select, nullptr},
      {"gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor", G, FM, m::gather, k::gather, nullptr},

      {"index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor", U, FM, m::indexPut, k::index_put, nullptr},
      {"index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)", UI, FM, m::indexPut, k::index_put_, nullptr},
      {"index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor", U, FM, m::indexCopy, k::index_copy, nullptr},
      {"index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)", UI, M, m::indexCopy, k::index_copy_, nullptr},
      {"index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor", U, FM, m::indexCopy, k::index_add, nullptr},
      {"index_add_(Tensor(a!) self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor(a!)", UI, M, m::indexCopy, k::index_add_, nullptr},
      {"index_fill.int_Tensor(Tensor self, int dim, Tensor index, Tensor value) -> Tensor", U, FM, m::indexFill, k::index_fill, nullptr},
      {"index_fill.int_Scalar(Tensor self, int dim, Tensor index, Scalar value) -> Tensor", U, FM, m::indexFill, k::index_fill, nullptr},
      {"index_fill_.int_Tensor(Tensor(a!) self, int dim, Tensor index, Tensor value) -> Tensor(a!)", UI, M, m::indexFill, k::index_fill_, nullptr},
      {"index_fill_.int_Scalar(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)", UI, M, m::indexFill, k::index_fill_, nullptr},
      {"scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", U, FM, m::scatter, k::scatter, nullptr},
      {"scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor", U, FM, m::scatter, k::scatter, nullptr},
      {"scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)", UI, M, m::scatter, k::scatter_, nullptr},
      {"scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)", UI, M, m::scatter, k::scatter_, nullptr},
      {"scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", U, FM, m::scatter, k::scatter_add, nullptr},
      {"scatter_add_(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)", UI, M, m::scatter, k::scatter_add_, nullptr},
      {"masked_fill.Scalar(Tensor self, Tensor mask, Scalar value) -> Tensor", U, FM, m::maskedFill, k::masked_fill, nullptr},
      {"masked_fill.Tensor(Tensor self, Tensor mask, Tensor value) -> Tensor", U, FM, m::maskedFill, k::masked_fill, nullptr},
      {"masked_fill_.Scalar(Tensor(a!) self, Tensor mask, Scalar value) -> Tensor(a!)", UI, M, m::maskedFill, k::masked_fill_, nullptr},
      {"masked_fill_.Tensor(Tensor(a!) self, Tensor mask, Tensor value) -> Tensor(a!)", UI, M, m::maskedFill, k::masked_fill_, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
