// Op table rows: the pointwise, reduction and shape ops of docs/views.md
// (in-place comparisons, addcmul/addcdiv, hyperbolic functions, aminmax,
// block_diag, addr, empty_strided).
#include "ops/rows/rows_more.h"
#include "tensor/op_kernels.h"
#include "tensor/op_kernels_views.h"
#include "tensor/op_meta.h"
#include "tensor/op_meta_views.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& mathMoreOpRows() {
  constexpr uint32_t P = kTagPointwise;
  constexpr uint32_t PI = kTagPointwise | kTagInplace;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t F = kFunction;
  constexpr uint8_t M = kMethod;
  static const std::vector<OpRow> rows = {
      // In-place comparisons: the bool result written into self's dtype.
      {"eq_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"eq_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"ne_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"ne_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"lt_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"lt_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"le_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"le_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"gt_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"gt_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"ge_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},
      {"ge_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::comparisonInplace, k::comparisonInplace, nullptr},

      {"addcmul(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor", P, FM, m::addcop, k::addcmul, nullptr},
      {"addcmul_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)", PI, M, m::addcopInplace, k::addcmul_, nullptr},
      {"addcdiv(Tensor self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor", P, FM, m::addcop, k::addcdiv, nullptr},
      {"addcdiv_(Tensor(a!) self, Tensor tensor1, Tensor tensor2, *, Scalar value=1) -> Tensor(a!)", PI, M, m::addcopInplace, k::addcdiv_, nullptr},

      {"cosh(Tensor self) -> Tensor", P, FM, m::unaryFloatMath, k::cosh, nullptr},
      {"cosh_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::cosh_, nullptr},
      {"acosh(Tensor self) -> Tensor", P, FM, m::unaryFloatMath, k::acosh, nullptr},
      {"acosh_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::acosh_, nullptr},
      {"asinh(Tensor self) -> Tensor", P, FM, m::unaryFloatMath, k::asinh, nullptr},
      {"asinh_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::asinh_, nullptr},
      {"atanh(Tensor self) -> Tensor", P, FM, m::unaryFloatMath, k::atanh, nullptr},
      {"atanh_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::atanh_, nullptr},

      {"aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> (Tensor min, Tensor max)", kTagReduction, FM, m::aminmax, k::aminmax, nullptr},
      {"block_diag(Tensor[] tensors) -> Tensor", kTagShape, F, m::blockDiag, k::block_diag, nullptr},
      {"addr(Tensor self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> Tensor", kTagLinalg, FM, m::addr, k::addr, nullptr},
      {"empty_strided(SymInt[] size, SymInt[] stride, *, ScalarType? dtype=None) -> Tensor", kTagFactory, F, m::emptyStrided, k::empty_strided, nullptr},
      // torch.empty(..., memory_format=): tried after the plain empty row (zero-filled, as empty is here).
      {"empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", kTagFactory, F, m::emptyWithFormat, k::zeros, nullptr},
  };
  (void)M;
  return rows;
}

}  // namespace tdsl::ir
