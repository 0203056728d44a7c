// Op table rows: copies that move elements (roll, flip, repeat) or keep a
// triangle of them (triu, tril and their in-place twins).
#include "ops/op_table.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& reorderOpRows() {
  constexpr uint32_t SH = kTagShape;
  constexpr uint32_t I = kTagInplace;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t M = kMethod;
  static const std::vector<OpRow> rows = {
      {"roll(Tensor self, int[1] shifts, int[1] dims=[]) -> Tensor", SH, FM, m::roll, k::roll, nullptr},
      {"flip(Tensor self, int[] dims) -> Tensor", SH, FM, m::flip, k::flip, nullptr},
      {"fliplr(Tensor self) -> Tensor", SH, FM, m::flipMatrix, k::fliplr, nullptr},
      {"flipud(Tensor self) -> Tensor", SH, FM, m::flipMatrix, k::flipud, nullptr},
      {"repeat(Tensor self, SymInt[] repeats) -> Tensor", SH, M, m::repeat, k::repeat, nullptr},
      {"triu(Tensor self, int diagonal=0) -> Tensor", SH, FM, m::triangle, k::triu, nullptr},
      {"triu_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", I, M, m::triangleInplace, k::triu_, nullptr},
      {"tril(Tensor self, int diagonal=0) -> Tensor", SH, FM, m::triangle, k::tril, nullptr},
      {"tril_(Tensor(a!) self, int diagonal=0) -> Tensor(a!)", I, M, m::triangleInplace, k::tril_, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
