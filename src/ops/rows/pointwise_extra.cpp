// Op table rows: pointwise ops beyond the core arithmetic — value tests
// (isnan, isinf, ...), more unary math, clamp_min/clamp_max, fmod, atan2 and
// lerp, nan_to_num, with their in-place twins.
#include "ops/op_table.h"
#include "tensor/op_kernels_extra.h"
#include "tensor/op_meta.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& pointwiseExtraOpRows() {
  constexpr uint32_t P = kTagPointwise;
  constexpr uint32_t PI = kTagPointwise | kTagInplace;
  constexpr uint32_t C = kTagPointwise | kTagComparison;
  constexpr uint8_t FM = kFunction | kMethod;
  constexpr uint8_t M = kMethod;
  static const std::vector<OpRow> rows = {
      {"isnan(Tensor self) -> Tensor", C, FM, m::classify, k::isnan, nullptr},
      {"isinf(Tensor self) -> Tensor", C, FM, m::classify, k::isinf, nullptr},
      {"isposinf(Tensor self) -> Tensor", C, FM, m::classify, k::isposinf, nullptr},
      {"isneginf(Tensor self) -> Tensor", C, FM, m::classify, k::isneginf, nullptr},
      {"isfinite(Tensor self) -> Tensor", C, FM, m::classify, k::isfinite, nullptr},

      {"sign(Tensor self) -> Tensor", P, FM, m::unaryNoBool, k::sign, nullptr},
      {"sign_(Tensor(a!) self) -> Tensor(a!)", PI, M, m::inplaceSelf, k::sign_, nullptr},
      {"trunc(Tensor self) -> Tensor", P, FM, m::unaryNoBool, k::trunc, nullptr},
      {"trunc_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::trunc_, nullptr},
      {"frac(Tensor self) -> Tensor", P, FM, m::unaryFloatingOnly, k::frac, nullptr},
      {"frac_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatingOnlyInplace, k::frac_, nullptr},
      {"square(Tensor self) -> Tensor", P, FM, m::unaryNoBool, k::square, nullptr},
      {"square_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::square_, nullptr},
      {"rsqrt(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::rsqrt, nullptr},
      {"rsqrt_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::rsqrt_, nullptr},
      {"exp2(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::exp2, nullptr},
      {"exp2_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::exp2_, nullptr},
      {"expm1(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::expm1, nullptr},
      {"expm1_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::expm1_, nullptr},
      {"log1p(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::log1p, nullptr},
      {"log1p_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::log1p_, nullptr},
      {"log2(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::log2, nullptr},
      {"log2_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::log2_, nullptr},
      {"log10(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::log10, nullptr},
      {"log10_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::log10_, nullptr},
      {"tan(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::tan, nullptr},
      {"tan_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::tan_, nullptr},
      {"asin(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::asin, nullptr},
      {"asin_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::asin_, nullptr},
      {"acos(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::acos, nullptr},
      {"acos_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::acos_, nullptr},
      {"atan(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::atan, nullptr},
      {"atan_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::atan_, nullptr},
      {"sinh(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::sinh, nullptr},
      {"sinh_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::sinh_, nullptr},
      {"erf(Tensor self) -> Tensor", P, FM, m::unaryFloat, k::erf, nullptr},
      {"erf_(Tensor(a!) self) -> Tensor(a!)", PI, FM, m::unaryFloatInplace, k::erf_, nullptr},

      {"nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor", P, FM, m::nanToNum, k::nan_to_num, nullptr},
      {"nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)", PI, FM, m::inplaceSelf, k::nan_to_num_, nullptr},

      {"clamp_min(Tensor self, Scalar min) -> Tensor", P, FM, m::clampBound, k::clamp_min, nullptr},
      {"clamp_min_(Tensor(a!) self, Scalar min) -> Tensor(a!)", PI, FM, m::clampBoundInplace, k::clamp_min_, nullptr},
      {"clamp_max(Tensor self, Scalar max) -> Tensor", P, FM, m::clampBound, k::clamp_max, nullptr},
      {"clamp_max_(Tensor(a!) self, Scalar max) -> Tensor(a!)", PI, FM, m::clampBoundInplace, k::clamp_max_, nullptr},
      {"fmod.Tensor(Tensor self, Tensor other) -> Tensor", P, FM, m::fmod, k::fmod, nullptr},
      {"fmod.Scalar(Tensor self, Scalar other) -> Tensor", P, FM, m::fmod, k::fmod, nullptr},
      {"fmod_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)", PI, M, m::fmodInplace, k::fmod_, nullptr},
      {"fmod_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)", PI, M, m::fmodInplace, k::fmod_, nullptr},
      {"atan2(Tensor self, Tensor other) -> Tensor", P, FM, m::atan2, k::atan2, nullptr},
      {"lerp.Scalar(Tensor self, Tensor end, Scalar weight) -> Tensor", P, FM, m::lerp, k::lerp, nullptr},
      {"lerp.Tensor(Tensor self, Tensor end, Tensor weight) -> Tensor", P, FM, m::lerp, k::lerp, nullptr},
      {"lerp_.Scalar(Tensor(a!) self, Tensor end, Scalar weight) -> Tensor(a!)", PI, M, m::lerpInplace, k::lerp_, nullptr},
      {"lerp_.Tensor(Tensor(a!) self, Tensor end, Tensor weight) -> Tensor(a!)", PI, M, m::lerpInplace, k::lerp_, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
