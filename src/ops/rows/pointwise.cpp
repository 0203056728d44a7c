// Op table rows: pointwise (elementwise, broadcasting) ops and their in-place
// twins. Tensor/Scalar overloads follow ATen; resolution tries them in order.
#include "ops/op_table.h"
#include "tensor/op_kernels.h"
#include "tensor/op_meta.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& pointwiseOpRows() {
  constexpr uint32_t P = kTagPointwise;
  constexpr uint32_t PI = kTagPointwise | kTagInplace;
  constexpr uint32_t C = kTagPointwise | kTagComparison;
  constexpr uint32_t H = kTagNoPythonSignature;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t F = kFunction;
  constexpr uint8_t M = kMethod;
  static const std::vector<OpRow> rows = {
      // Binary arithmetic.
      {"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", P, FM, m::binary, k::add, nullptr},
      {"add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", P | H, FM, m::binary, k::add, nullptr},
      {"add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", PI, M, m::binaryInplace, k::add_, nullptr},
      {"add_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", PI | H, M, m::binaryInplace, k::add_, nullptr},
      {"sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", P, FM, m::binary, k::sub, nullptr},
      {"sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", P | H, FM, m::binary, k::sub, nullptr},
      {"sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", PI, M, m::binaryInplace, k::sub_, nullptr},
      {"sub_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", PI | H, M, m::binaryInplace, k::sub_, nullptr},
      {"rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", P, F, m::rsub, k::rsub, nullptr},
      {"rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", P, F, m::rsub, k::rsub, nullptr},
      {"mul.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::binary, k::mul, nullptr},
      {"mul.Scalar(Tensor self, Scalar other) -> Tensor", P | H, FM, m::binary, k::mul, nullptr},
      {"mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::binaryInplace, k::mul_, nullptr},
      {"mul_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI | H, M, m::binaryInplace, k::mul_, nullptr},
      {"div.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::trueDivide, k::div, nullptr},
      {"div.Scalar(Tensor self, Scalar other) -> Tensor", P | H, FM, m::trueDivide, k::div, nullptr},
      {"div_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::trueDivideInplace, k::div_, nullptr},
      {"div_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI | H, M, m::trueDivideInplace, k::div_, nullptr},
      {"remainder.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::binary, k::remainder, nullptr},
      {"remainder.Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::binary, k::remainder, nullptr},
      {"remainder.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", P, F, m::binary, k::remainder, nullptr},
      {"remainder_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::binaryInplace, k::remainder_, nullptr},
      {"remainder_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::binaryInplace, k::remainder_, nullptr},
      {"floor_divide.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::binary, k::floor_divide, nullptr},
      {"floor_divide.Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::binary, k::floor_divide, nullptr},
      {"floor_divide_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::binaryInplace, k::floor_divide_, nullptr},
      {"floor_divide_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::binaryInplace, k::floor_divide_, nullptr},
      {"pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor", P, FM, m::binary, k::pow, nullptr},
      {"pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor", P, FM, m::powTensorScalar, k::pow, nullptr},
      {"pow.Scalar(Scalar self, Tensor exponent) -> Tensor", P, F, m::powScalarBase, k::pow, nullptr},
      {"pow_.Tensor_Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)", PI, M, m::binaryInplace, k::pow_, nullptr},
      {"pow_.Tensor_Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)", PI, M, m::binaryInplace, k::pow_, nullptr},
      {"maximum(Tensor self, Tensor other) -> Tensor", P, FM, m::binary, k::maximum, nullptr},
      {"minimum(Tensor self, Tensor other) -> Tensor", P, FM, m::binary, k::minimum, nullptr},
      {"logical_and(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::logical_and, nullptr},
      {"logical_and_(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::logicalInplace, k::logical_and_, nullptr},
      {"logical_or(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::logical_or, nullptr},
      {"logical_or_(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::logicalInplace, k::logical_or_, nullptr},
      {"logical_xor(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::logical_xor, nullptr},
      {"logical_xor_(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::logicalInplace, k::logical_xor_, nullptr},

      // Bitwise (bool and integer dtypes; the Python operators & | ^ and &= |= ^=).
      {"bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::bitwise, k::bitwise_and, nullptr},
      {"bitwise_and.Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::bitwise, k::bitwise_and, nullptr},
      {"bitwise_and.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", P, F, m::bitwise, k::bitwise_and, nullptr},
      {"bitwise_and_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::bitwiseInplace, k::bitwise_and_, nullptr},
      {"bitwise_and_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::bitwiseInplace, k::bitwise_and_, nullptr},
      {"bitwise_or.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::bitwise, k::bitwise_or, nullptr},
      {"bitwise_or.Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::bitwise, k::bitwise_or, nullptr},
      {"bitwise_or.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", P, F, m::bitwise, k::bitwise_or, nullptr},
      {"bitwise_or_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::bitwiseInplace, k::bitwise_or_, nullptr},
      {"bitwise_or_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::bitwiseInplace, k::bitwise_or_, nullptr},
      {"bitwise_xor.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::bitwise, k::bitwise_xor, nullptr},
      {"bitwise_xor.Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::bitwise, k::bitwise_xor, nullptr},
      {"bitwise_xor.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", P, F, m::bitwise, k::bitwise_xor, nullptr},
      {"bitwise_xor_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::bitwiseInplace, k::bitwise_xor_, nullptr},
      {"bitwise_xor_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::bitwiseInplace, k::bitwise_xor_, nullptr},

      // Shifts (integer dtypes; the Python operators << >> and <<= >>=). A
      // count is taken modulo the bit width, as PyTorch 1.13's CPU kernels do.
      {"bitwise_left_shift.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::leftShift, k::bitwise_left_shift, nullptr},
      {"bitwise_left_shift.Tensor_Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::leftShift, k::bitwise_left_shift, nullptr},
      {"bitwise_left_shift.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", P, F, m::leftShift, k::bitwise_left_shift, nullptr},
      {"bitwise_left_shift_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::leftShiftInplace, k::bitwise_left_shift_, nullptr},
      {"bitwise_left_shift_.Tensor_Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::leftShiftInplace, k::bitwise_left_shift_, nullptr},
      {"bitwise_right_shift.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::rightShift, k::bitwise_right_shift, nullptr},
      {"bitwise_right_shift.Tensor_Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::rightShift, k::bitwise_right_shift, nullptr},
      {"bitwise_right_shift.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", P, F, m::rightShift, k::bitwise_right_shift, nullptr},
      {"bitwise_right_shift_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::rightShiftInplace, k::bitwise_right_shift_, nullptr},
      {"bitwise_right_shift_.Tensor_Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::rightShiftInplace, k::bitwise_right_shift_, nullptr},

      // Comparisons (result dtype bool).
      {"eq.Tensor(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::eq, nullptr},
      {"eq.Scalar(Tensor self, Scalar other) -> Tensor", C, FM, m::comparison, k::eq, nullptr},
      {"ne.Tensor(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::ne, nullptr},
      {"ne.Scalar(Tensor self, Scalar other) -> Tensor", C, FM, m::comparison, k::ne, nullptr},
      {"lt.Tensor(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::lt, nullptr},
      {"lt.Scalar(Tensor self, Scalar other) -> Tensor", C, FM, m::comparison, k::lt, nullptr},
      {"le.Tensor(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::le, nullptr},
      {"le.Scalar(Tensor self, Scalar other) -> Tensor", C, FM, m::comparison, k::le, nullptr},
      {"gt.Tensor(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::gt, nullptr},
      {"gt.Scalar(Tensor self, Scalar other) -> Tensor", C, FM, m::comparison, k::gt, nullptr},
      {"ge.Tensor(Tensor self, Tensor other) -> Tensor", C, FM, m::comparison, k::ge, nullptr},
      {"ge.Scalar(Tensor self, Scalar other) -> Tensor", C, FM, m::comparison, k::ge, nullptr},

      // Unary.
      {"neg(Tensor self) -> Tensor", P, FM, m::unary, k::neg, nullptr},
      {"neg_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::neg_, nullptr},
      {"abs(Tensor self) -> Tensor", P, FM, m::unary, k::abs, nullptr},
      {"abs_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::abs_, nullptr},
      {"exp(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::exp, nullptr},
      {"exp_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::exp_, nullptr},
      {"log(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::log, nullptr},
      {"log_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::log_, nullptr},
      {"sin(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::sin, nullptr},
      {"sin_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::sin_, nullptr},
      {"cos(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::cos, nullptr},
      {"cos_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::cos_, nullptr},
      {"tanh(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::tanh, nullptr},
      {"tanh_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::tanh_, nullptr},
      {"sqrt(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::sqrt, nullptr},
      {"sqrt_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::sqrt_, nullptr},
      {"sigmoid(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::sigmoid, nullptr},
      {"sigmoid_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::sigmoid_, nullptr},
      {"reciprocal(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::reciprocal, nullptr},
      {"reciprocal_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::reciprocal_, nullptr},
      {"relu(Tensor self) -> Tensor", P, FM, m::unary, k::relu, nullptr},
      {"relu_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::relu_, nullptr},
      {"floor(Tensor self) -> Tensor", P, FM, m::unary, k::floor, nullptr},
      {"floor_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::floor_, nullptr},
      {"ceil(Tensor self) -> Tensor", P, FM, m::unary, k::ceil, nullptr},
      {"ceil_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::ceil_, nullptr},
      {"round(Tensor self) -> Tensor", P, FM, m::unary, k::round, nullptr},
      {"round_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::round_, nullptr},
      {"logical_not(Tensor self) -> Tensor", C, FM, m::logicalUnary, k::logical_not, nullptr},
      {"logical_not_(Tensor(a!) self) -> Tensor(a!)", PI, M, m::inplaceSelf, k::logical_not_, nullptr},
      {"bitwise_not(Tensor self) -> Tensor", P, FM, m::bitwiseNot, k::bitwise_not, nullptr},
      {"bitwise_not_(Tensor(a!) self) -> Tensor(a!)", PI, M, m::bitwiseNotInplace, k::bitwise_not_, nullptr},

      // Clamp, where, fill, copy.
      {"clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor", P, FM, m::clamp, k::clamp, nullptr},
      {"clamp_(Tensor(a!) self, Scalar? min=None, Scalar? max=None) -> Tensor(a!)", PI, FM, m::clampInplace, k::clamp_, nullptr},
      {"where.self(Tensor condition, Tensor self, Tensor other) -> Tensor", P, FM, m::where, k::where, nullptr},
      {"where.ScalarOther(Tensor condition, Tensor self, Scalar other) -> Tensor", P, FM, m::where, k::where, nullptr},
      {"where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor", P, F, m::where, k::where, nullptr},
      {"where.Scalar(Tensor condition, Scalar self, Scalar other) -> Tensor", P, F, m::where, k::where, nullptr},
      {"fill.Scalar(Tensor self, Scalar value) -> Tensor", P, F, m::likeSelf, k::fill, nullptr},
      {"fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::fill_, nullptr},
      {"zero(Tensor self) -> Tensor", P, F, m::likeSelf, k::zero, nullptr},
      {"zero_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::zero_, nullptr},
      {"copy(Tensor self, Tensor src, bool non_blocking=False) -> Tensor", P | kTagCopy, F, m::copy, k::copy, nullptr},
      {"copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)", PI | kTagCopy, M, m::copyInplace, k::copy_, nullptr},
      {"isclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> Tensor", C, FM, m::comparison, k::isclose, nullptr},
      {"equal(Tensor self, Tensor other) -> bool", kTagNonTensorResult, FM, m::noTensorResult, k::equal, nullptr},
      {"allclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False) -> bool", kTagNonTensorResult, FM, m::allclose, k::allclose, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
