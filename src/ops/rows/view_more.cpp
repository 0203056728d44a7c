// Op table rows: the in-place view ops (Note [In-place view ops] in
// tensor/kernels/view_more.cpp), the views of docs/views.md and their
// scatters (Note [View inverses] in op_table.h).
#include "ops/rows/rows_more.h"
#include "tensor/op_kernels.h"
#include "tensor/op_kernels_views.h"
#include "tensor/op_meta.h"
#include "tensor/op_meta_views.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& viewMoreOpRows() {
  constexpr uint32_t V = kTagView;
  constexpr uint32_t I = kTagInplace;
  constexpr uint32_t S = kTagScatter;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t M = kMethod;
  constexpr const char* AS = "as_strided_scatter";
  static const std::vector<OpRow> rows = {
      // Note [In-place view ops]: self takes the metadata of the view twin
      // (its functional row); the tracer records that view and rebinds the
      // tensor to it (Note [Tracing in-place views] in compile/tracer.cpp).
      {"t_(Tensor(a!) self) -> Tensor(a!)", I, M, m::tInplace, k::inplaceView, nullptr},
      {"transpose_.int(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", I, M, m::transpose, k::inplaceView, nullptr},
      {"swapdims_(Tensor(a!) self, int dim0, int dim1) -> Tensor(a!)", I, M, m::transpose, k::inplaceView, nullptr},
      {"swapaxes_(Tensor(a!) self, int axis0, int axis1) -> Tensor(a!)", I, M, m::transpose, k::inplaceView, nullptr},
      {"squeeze_(Tensor(a!) self) -> Tensor(a!)", I, M, m::squeeze, k::inplaceView, nullptr},
      {"squeeze_.dim(Tensor(a!) self, int dim) -> Tensor(a!)", I, M, m::squeeze, k::inplaceView, nullptr},
      {"unsqueeze_(Tensor(a!) self, int dim) -> Tensor(a!)", I, M, m::unsqueeze, k::inplaceView, nullptr},
      {"as_strided_(Tensor(a!) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a!)", I, M, m::asStrided, k::inplaceView, nullptr},

      {"swapdims(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", V, FM, m::transpose, k::makeView, AS},
      {"swapaxes(Tensor(a) self, int axis0, int axis1) -> Tensor(a)", V, FM, m::transpose, k::makeView, AS},
      {"movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)", V, FM, m::movedim, k::makeView, AS},
      {"movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)", V, FM, m::movedim, k::makeView, AS},
      {"moveaxis.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)", V, FM, m::movedim, k::makeView, AS},
      {"moveaxis.int(Tensor(a) self, int source, int destination) -> Tensor(a)", V, FM, m::movedim, k::makeView, AS},
      {"unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)", V, M, m::unfold, k::makeView, AS},

      {"diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1) -> Tensor", S, FM, m::diagonalScatter, k::diagonal_scatter, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
