// Op table rows: the linear algebra beyond mm/matmul/dot (mv, bmm run the
// matmul kernel after their own shape checks), outer and trace.
#include "ops/op_table.h"
#include "tensor/op_kernels.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& linalgOpRows() {
  constexpr uint32_t L = kTagLinalg;
  constexpr uint32_t R = kTagReduction;
  constexpr uint8_t FM = kFunction | kMethod;
  static const std::vector<OpRow> rows = {
      {"mv(Tensor self, Tensor vec) -> Tensor", L, FM, m::mv, k::matmul, nullptr},
      {"bmm(Tensor self, Tensor mat2) -> Tensor", L, FM, m::bmm, k::matmul, nullptr},
      {"outer(Tensor self, Tensor vec2) -> Tensor", 0, FM, m::outer, k::outer, nullptr},
      {"trace(Tensor self) -> Tensor", R, FM, m::trace, k::trace, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
