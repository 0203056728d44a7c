// Op table rows: views (results alias self, Note [View inverses] in
// op_table.h), their scatters, and the shape ops that copy.
#include "ops/op_table.h"
#include "tensor/op_kernels.h"
#include "tensor/op_meta.h"
#include "tensor/op_meta_views.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& viewOpRows() {
  constexpr uint32_t V = kTagView;
  constexpr uint32_t MV = kTagView | kTagMaybeView;
  constexpr uint32_t S = kTagScatter;
  constexpr uint32_t SH = kTagShape;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t F = kFunction;
  constexpr uint8_t M = kMethod;
  constexpr const char* AS = "as_strided_scatter";
  static const std::vector<OpRow> rows = {
      // view.dtype first, as PyTorch lists it (Note [Reinterpreting views] in
      // tensor/meta/view_more.cpp; Note [Writes through view(dtype)]).
      {"view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)", V, M, m::viewDtype, k::makeView, AS},
      {"view(Tensor(a) self, SymInt[] size) -> Tensor(a)", V, M, m::view, k::makeView, AS},
      {"reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)", MV, FM, m::reshape, k::reshape, AS},
      {"flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)", MV, FM, m::flatten, k::flatten, AS},
      {"contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)", MV, M, m::contiguous, k::contiguous, AS},
      {"to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False) -> Tensor(a)", MV, M, m::toDtype, k::toDtype, AS},
      {"t(Tensor(a) self) -> Tensor(a)", V, FM, m::t, k::makeView, AS},
      {"transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)", V, FM, m::transpose, k::makeView, AS},
      {"permute(Tensor(a) self, int[] dims) -> Tensor(a)", V, FM, m::permute, k::makeView, AS},
      {"squeeze(Tensor(a) self) -> Tensor(a)", V, FM, m::squeeze, k::makeView, AS},
      {"squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)", V, FM, m::squeeze, k::makeView, AS},
      {"unsqueeze(Tensor(a) self, int dim) -> Tensor(a)", V, FM, m::unsqueeze, k::makeView, AS},
      {"expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)", V, M, m::expand, k::makeView, AS},
      {"expand_as(Tensor(a) self, Tensor other) -> Tensor(a)", V, M, m::expandAs, k::makeView, AS},
      {"slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)", V, F, m::slice, k::makeView, "slice_scatter"},
      {"select.int(Tensor(a) self, int dim, int index) -> Tensor(a)", V, FM, m::select, k::makeView, "select_scatter"},
      {"narrow(Tensor(a) self, int dim, int start, int length) -> Tensor(a)", V, FM, m::narrow, k::makeView, AS},
      {"diagonal(Tensor(a) self, int offset=0, int dim1=0, int dim2=1) -> Tensor(a)", V, FM, m::diagonal, k::makeView, "diagonal_scatter"},
      {"as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)", V, FM, m::asStrided, k::makeView, AS},
      {"alias(Tensor(a) self) -> Tensor(a)", V, F, m::alias, k::makeView, AS},
      {"detach(Tensor(a) self) -> Tensor(a)", V, FM, m::alias, k::makeView, AS},

      {"slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor", S, FM, m::sliceScatter, k::slice_scatter, nullptr},
      {"select_scatter(Tensor self, Tensor src, int dim, int index) -> Tensor", S, FM, m::selectScatter, k::select_scatter, nullptr},
      {"as_strided_scatter(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor", S, FM, m::asStridedScatter, k::as_strided_scatter, nullptr},

      {"clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor", SH, FM, m::clone, k::clone, nullptr},
      {"cat(Tensor[] tensors, int dim=0) -> Tensor", SH, F, m::cat, k::cat, nullptr},
      {"stack(Tensor[] tensors, int dim=0) -> Tensor", SH, F, m::stack, k::stack, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
