// Transcendentals through SLEEF's deterministic scalar build (scalar_math.h,
// Note [SLEEF numerics]).
#include "tensor/scalar_math.h"

#include <cmath>

#include <sleef.h>

namespace tdsl::scalar_math {

float exp(float x) { return Sleef_cinz_expf1_u10purec(x); }
double exp(double x) { return Sleef_cinz_expd1_u10purec(x); }
float expm1(float x) { return Sleef_cinz_expm1f1_u10purec(x); }
double expm1(double x) { return Sleef_cinz_expm1d1_u10purec(x); }
float log(float x) { return Sleef_cinz_logf1_u10purec(x); }
double log(double x) { return Sleef_cinz_logd1_u10purec(x); }
float log2(float x) { return Sleef_cinz_log2f1_u10purec(x); }
double log2(double x) { return Sleef_cinz_log2d1_u10purec(x); }
float log10(float x) { return Sleef_cinz_log10f1_u10purec(x); }
double log10(double x) { return Sleef_cinz_log10d1_u10purec(x); }
float log1p(float x) { return Sleef_cinz_log1pf1_u10purec(x); }
double log1p(double x) { return Sleef_cinz_log1pd1_u10purec(x); }
float sin(float x) { return Sleef_cinz_sinf1_u10purec(x); }
double sin(double x) { return Sleef_cinz_sind1_u10purec(x); }
float cos(float x) { return Sleef_cinz_cosf1_u10purec(x); }
double cos(double x) { return Sleef_cinz_cosd1_u10purec(x); }
float tan(float x) { return Sleef_cinz_tanf1_u10purec(x); }
double tan(double x) { return Sleef_cinz_tand1_u10purec(x); }
float asin(float x) { return Sleef_cinz_asinf1_u10purec(x); }
double asin(double x) { return Sleef_cinz_asind1_u10purec(x); }
float acos(float x) { return Sleef_cinz_acosf1_u10purec(x); }
double acos(double x) { return Sleef_cinz_acosd1_u10purec(x); }
float atan(float x) { return Sleef_cinz_atanf1_u10purec(x); }
double atan(double x) { return Sleef_cinz_atand1_u10purec(x); }
float sinh(float x) { return Sleef_cinz_sinhf1_u10purec(x); }
double sinh(double x) { return Sleef_cinz_sinhd1_u10purec(x); }
float cosh(float x) { return Sleef_cinz_coshf1_u10purec(x); }
double cosh(double x) { return Sleef_cinz_coshd1_u10purec(x); }
float tanh(float x) { return Sleef_cinz_tanhf1_u10purec(x); }
double tanh(double x) { return Sleef_cinz_tanhd1_u10purec(x); }
float erf(float x) { return Sleef_cinz_erff1_u10purec(x); }
double erf(double x) { return Sleef_cinz_erfd1_u10purec(x); }
float pow(float x, float y) { return Sleef_cinz_powf1_u10purec(x, y); }
double pow(double x, double y) { return Sleef_cinz_powd1_u10purec(x, y); }
float atan2(float y, float x) { return Sleef_cinz_atan2f1_u10purec(y, x); }
double atan2(double y, double x) { return Sleef_cinz_atan2d1_u10purec(y, x); }

// libm's, as PyTorch 1.13's CPU kernels (scalar_math.h).
float exp2(float x) { return static_cast<float>(std::exp2(static_cast<double>(x))); }
double exp2(double x) { return std::exp2(x); }
float asinh(float x) { return std::asinh(x); }
double asinh(double x) { return std::asinh(x); }
float acosh(float x) { return std::acosh(x); }
double acosh(double x) { return std::acosh(x); }
float atanh(float x) { return std::atanh(x); }
double atanh(double x) { return std::atanh(x); }

}  // namespace tdsl::scalar_math
