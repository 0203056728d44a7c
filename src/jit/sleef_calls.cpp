// SLEEF entry points for JIT kernels (sleef_calls.h).
#include "jit/sleef_calls.h"

// The entry points are declared here only to take their addresses: sleef.h
// declares its AVX variants only when the file is compiled with -mavx, and
// kernels call them with their real signatures (x86_codegen.cpp,
// a64_codegen.cpp).
#if defined(__x86_64__)
extern "C" {
void Sleef_cinz_expf1_u10purec();
void Sleef_cinz_expf4_u10sse2();
void Sleef_cinz_expf8_u10avx();
void Sleef_cinz_expd1_u10purec();
void Sleef_cinz_expd2_u10sse2();
void Sleef_cinz_expd4_u10avx();
void Sleef_cinz_expm1f1_u10purec();
void Sleef_cinz_expm1f4_u10sse2();
void Sleef_cinz_expm1f8_u10avx();
void Sleef_cinz_expm1d1_u10purec();
void Sleef_cinz_expm1d2_u10sse2();
void Sleef_cinz_expm1d4_u10avx();
void Sleef_cinz_logf1_u10purec();
void Sleef_cinz_logf4_u10sse2();
void Sleef_cinz_logf8_u10avx();
void Sleef_cinz_logd1_u10purec();
void Sleef_cinz_logd2_u10sse2();
void Sleef_cinz_logd4_u10avx();
void Sleef_cinz_log2f1_u10purec();
void Sleef_cinz_log2f4_u10sse2();
void Sleef_cinz_log2f8_u10avx();
void Sleef_cinz_log2d1_u10purec();
void Sleef_cinz_log2d2_u10sse2();
void Sleef_cinz_log2d4_u10avx();
void Sleef_cinz_log10f1_u10purec();
void Sleef_cinz_log10f4_u10sse2();
void Sleef_cinz_log10f8_u10avx();
void Sleef_cinz_log10d1_u10purec();
void Sleef_cinz_log10d2_u10sse2();
void Sleef_cinz_log10d4_u10avx();
void Sleef_cinz_log1pf1_u10purec();
void Sleef_cinz_log1pf4_u10sse2();
void Sleef_cinz_log1pf8_u10avx();
void Sleef_cinz_log1pd1_u10purec();
void Sleef_cinz_log1pd2_u10sse2();
void Sleef_cinz_log1pd4_u10avx();
void Sleef_cinz_sinf1_u10purec();
void Sleef_cinz_sinf4_u10sse2();
void Sleef_cinz_sinf8_u10avx();
void Sleef_cinz_sind1_u10purec();
void Sleef_cinz_sind2_u10sse2();
void Sleef_cinz_sind4_u10avx();
void Sleef_cinz_cosf1_u10purec();
void Sleef_cinz_cosf4_u10sse2();
void Sleef_cinz_cosf8_u10avx();
void Sleef_cinz_cosd1_u10purec();
void Sleef_cinz_cosd2_u10sse2();
void Sleef_cinz_cosd4_u10avx();
void Sleef_cinz_tanf1_u10purec();
void Sleef_cinz_tanf4_u10sse2();
void Sleef_cinz_tanf8_u10avx();
void Sleef_cinz_tand1_u10purec();
void Sleef_cinz_tand2_u10sse2();
void Sleef_cinz_tand4_u10avx();
void Sleef_cinz_asinf1_u10purec();
void Sleef_cinz_asinf4_u10sse2();
void Sleef_cinz_asinf8_u10avx();
void Sleef_cinz_asind1_u10purec();
void Sleef_cinz_asind2_u10sse2();
void Sleef_cinz_asind4_u10avx();
void Sleef_cinz_acosf1_u10purec();
void Sleef_cinz_acosf4_u10sse2();
void Sleef_cinz_acosf8_u10avx();
void Sleef_cinz_acosd1_u10purec();
void Sleef_cinz_acosd2_u10sse2();
void Sleef_cinz_acosd4_u10avx();
void Sleef_cinz_atanf1_u10purec();
void Sleef_cinz_atanf4_u10sse2();
void Sleef_cinz_atanf8_u10avx();
void Sleef_cinz_atand1_u10purec();
void Sleef_cinz_atand2_u10sse2();
void Sleef_cinz_atand4_u10avx();
void Sleef_cinz_sinhf1_u10purec();
void Sleef_cinz_sinhf4_u10sse2();
void Sleef_cinz_sinhf8_u10avx();
void Sleef_cinz_sinhd1_u10purec();
void Sleef_cinz_sinhd2_u10sse2();
void Sleef_cinz_sinhd4_u10avx();
void Sleef_cinz_coshf1_u10purec();
void Sleef_cinz_coshf4_u10sse2();
void Sleef_cinz_coshf8_u10avx();
void Sleef_cinz_coshd1_u10purec();
void Sleef_cinz_coshd2_u10sse2();
void Sleef_cinz_coshd4_u10avx();
void Sleef_cinz_tanhf1_u10purec();
void Sleef_cinz_tanhf4_u10sse2();
void Sleef_cinz_tanhf8_u10avx();
void Sleef_cinz_tanhd1_u10purec();
void Sleef_cinz_tanhd2_u10sse2();
void Sleef_cinz_tanhd4_u10avx();
void Sleef_cinz_erff1_u10purec();
void Sleef_cinz_erff4_u10sse2();
void Sleef_cinz_erff8_u10avx();
void Sleef_cinz_erfd1_u10purec();
void Sleef_cinz_erfd2_u10sse2();
void Sleef_cinz_erfd4_u10avx();
void Sleef_cinz_powf1_u10purec();
void Sleef_cinz_powf4_u10sse2();
void Sleef_cinz_powf8_u10avx();
void Sleef_cinz_powd1_u10purec();
void Sleef_cinz_powd2_u10sse2();
void Sleef_cinz_powd4_u10avx();
void Sleef_cinz_atan2f1_u10purec();
void Sleef_cinz_atan2f4_u10sse2();
void Sleef_cinz_atan2f8_u10avx();
void Sleef_cinz_atan2d1_u10purec();
void Sleef_cinz_atan2d2_u10sse2();
void Sleef_cinz_atan2d4_u10avx();
}
#elif defined(__aarch64__)
// AArch64: the purec lane functions and the AdvSIMD no-FMA vectors (4 x f32 / 2 x f64).
#define TDSL_SLEEF_ENTRIES(X) \
  X(exp) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) \
  X(sinh) X(cosh) X(tanh) X(erf) X(pow) X(atan2)
#define TDSL_SLEEF_DECLARE(name)                    \
  void Sleef_cinz_##name##f1_u10purec();            \
  void Sleef_cinz_##name##f4_u10advsimdnofma();     \
  void Sleef_cinz_##name##d1_u10purec();            \
  void Sleef_cinz_##name##d2_u10advsimdnofma();
extern "C" {
TDSL_SLEEF_ENTRIES(TDSL_SLEEF_DECLARE)
}
#endif

namespace tdsl::jit {

namespace {

const void* fn(void (*f)()) { return reinterpret_cast<const void*>(f); }

}  // namespace

#if defined(__x86_64__)
const void* sleefFunction(MathFn f, bool f64, SleefWidth w) {
  if (w == SleefWidth::AdvSimd) return nullptr;
  // Per MathFn (math_fn.h's order): float32 lane, sse2, avx; float64 lane, sse2, avx.
  static const void* const kTable[kMathFnCount][6] = {
      {fn(Sleef_cinz_expf1_u10purec), fn(Sleef_cinz_expf4_u10sse2), fn(Sleef_cinz_expf8_u10avx), fn(Sleef_cinz_expd1_u10purec), fn(Sleef_cinz_expd2_u10sse2), fn(Sleef_cinz_expd4_u10avx)},  // exp
      {fn(Sleef_cinz_expm1f1_u10purec), fn(Sleef_cinz_expm1f4_u10sse2), fn(Sleef_cinz_expm1f8_u10avx), fn(Sleef_cinz_expm1d1_u10purec), fn(Sleef_cinz_expm1d2_u10sse2), fn(Sleef_cinz_expm1d4_u10avx)},  // expm1
      {fn(Sleef_cinz_logf1_u10purec), fn(Sleef_cinz_logf4_u10sse2), fn(Sleef_cinz_logf8_u10avx), fn(Sleef_cinz_logd1_u10purec), fn(Sleef_cinz_logd2_u10sse2), fn(Sleef_cinz_logd4_u10avx)},  // log
      {fn(Sleef_cinz_log2f1_u10purec), fn(Sleef_cinz_log2f4_u10sse2), fn(Sleef_cinz_log2f8_u10avx), fn(Sleef_cinz_log2d1_u10purec), fn(Sleef_cinz_log2d2_u10sse2), fn(Sleef_cinz_log2d4_u10avx)},  // log2
      {fn(Sleef_cinz_log10f1_u10purec), fn(Sleef_cinz_log10f4_u10sse2), fn(Sleef_cinz_log10f8_u10avx), fn(Sleef_cinz_log10d1_u10purec), fn(Sleef_cinz_log10d2_u10sse2), fn(Sleef_cinz_log10d4_u10avx)},  // log10
      {fn(Sleef_cinz_log1pf1_u10purec), fn(Sleef_cinz_log1pf4_u10sse2), fn(Sleef_cinz_log1pf8_u10avx), fn(Sleef_cinz_log1pd1_u10purec), fn(Sleef_cinz_log1pd2_u10sse2), fn(Sleef_cinz_log1pd4_u10avx)},  // log1p
      {fn(Sleef_cinz_sinf1_u10purec), fn(Sleef_cinz_sinf4_u10sse2), fn(Sleef_cinz_sinf8_u10avx), fn(Sleef_cinz_sind1_u10purec), fn(Sleef_cinz_sind2_u10sse2), fn(Sleef_cinz_sind4_u10avx)},  // sin
      {fn(Sleef_cinz_cosf1_u10purec), fn(Sleef_cinz_cosf4_u10sse2), fn(Sleef_cinz_cosf8_u10avx), fn(Sleef_cinz_cosd1_u10purec), fn(Sleef_cinz_cosd2_u10sse2), fn(Sleef_cinz_cosd4_u10avx)},  // cos
      {fn(Sleef_cinz_tanf1_u10purec), fn(Sleef_cinz_tanf4_u10sse2), fn(Sleef_cinz_tanf8_u10avx), fn(Sleef_cinz_tand1_u10purec), fn(Sleef_cinz_tand2_u10sse2), fn(Sleef_cinz_tand4_u10avx)},  // tan
      {fn(Sleef_cinz_asinf1_u10purec), fn(Sleef_cinz_asinf4_u10sse2), fn(Sleef_cinz_asinf8_u10avx), fn(Sleef_cinz_asind1_u10purec), fn(Sleef_cinz_asind2_u10sse2), fn(Sleef_cinz_asind4_u10avx)},  // asin
      {fn(Sleef_cinz_acosf1_u10purec), fn(Sleef_cinz_acosf4_u10sse2), fn(Sleef_cinz_acosf8_u10avx), fn(Sleef_cinz_acosd1_u10purec), fn(Sleef_cinz_acosd2_u10sse2), fn(Sleef_cinz_acosd4_u10avx)},  // acos
      {fn(Sleef_cinz_atanf1_u10purec), fn(Sleef_cinz_atanf4_u10sse2), fn(Sleef_cinz_atanf8_u10avx), fn(Sleef_cinz_atand1_u10purec), fn(Sleef_cinz_atand2_u10sse2), fn(Sleef_cinz_atand4_u10avx)},  // atan
      {fn(Sleef_cinz_sinhf1_u10purec), fn(Sleef_cinz_sinhf4_u10sse2), fn(Sleef_cinz_sinhf8_u10avx), fn(Sleef_cinz_sinhd1_u10purec), fn(Sleef_cinz_sinhd2_u10sse2), fn(Sleef_cinz_sinhd4_u10avx)},  // sinh
      {fn(Sleef_cinz_coshf1_u10purec), fn(Sleef_cinz_coshf4_u10sse2), fn(Sleef_cinz_coshf8_u10avx), fn(Sleef_cinz_coshd1_u10purec), fn(Sleef_cinz_coshd2_u10sse2), fn(Sleef_cinz_coshd4_u10avx)},  // cosh
      {fn(Sleef_cinz_tanhf1_u10purec), fn(Sleef_cinz_tanhf4_u10sse2), fn(Sleef_cinz_tanhf8_u10avx), fn(Sleef_cinz_tanhd1_u10purec), fn(Sleef_cinz_tanhd2_u10sse2), fn(Sleef_cinz_tanhd4_u10avx)},  // tanh
      {fn(Sleef_cinz_erff1_u10purec), fn(Sleef_cinz_erff4_u10sse2), fn(Sleef_cinz_erff8_u10avx), fn(Sleef_cinz_erfd1_u10purec), fn(Sleef_cinz_erfd2_u10sse2), fn(Sleef_cinz_erfd4_u10avx)},  // erf
      {fn(Sleef_cinz_powf1_u10purec), fn(Sleef_cinz_powf4_u10sse2), fn(Sleef_cinz_powf8_u10avx), fn(Sleef_cinz_powd1_u10purec), fn(Sleef_cinz_powd2_u10sse2), fn(Sleef_cinz_powd4_u10avx)},  // pow
      {fn(Sleef_cinz_atan2f1_u10purec), fn(Sleef_cinz_atan2f4_u10sse2), fn(Sleef_cinz_atan2f8_u10avx), fn(Sleef_cinz_atan2d1_u10purec), fn(Sleef_cinz_atan2d2_u10sse2), fn(Sleef_cinz_atan2d4_u10avx)},  // atan2
  };
  return kTable[static_cast<int>(f)][(f64 ? 3 : 0) + static_cast<int>(w)];
}
#elif defined(__aarch64__)
const void* sleefFunction(MathFn f, bool f64, SleefWidth w) {
  if (w != SleefWidth::Lane && w != SleefWidth::AdvSimd) return nullptr;
  // Per MathFn (math_fn.h's order, which TDSL_SLEEF_ENTRIES keeps): float32 lane, advsimd; float64 lane, advsimd.
#define TDSL_SLEEF_ROW(name)                                                                   \
  {fn(Sleef_cinz_##name##f1_u10purec), fn(Sleef_cinz_##name##f4_u10advsimdnofma),              \
   fn(Sleef_cinz_##name##d1_u10purec), fn(Sleef_cinz_##name##d2_u10advsimdnofma)},
  static const void* const kTable[kMathFnCount][4] = {TDSL_SLEEF_ENTRIES(TDSL_SLEEF_ROW)};
  return kTable[static_cast<int>(f)][(f64 ? 2 : 0) + (w == SleefWidth::Lane ? 0 : 1)];
}
#else
const void* sleefFunction(MathFn, bool, SleefWidth) { return nullptr; }
#endif

}  // namespace tdsl::jit
