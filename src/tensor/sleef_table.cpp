// The SLEEF entry table of sleef_table.h (Note [SLEEF families]).
#include "tensor/sleef_table.h"

namespace tdsl {

// MathFn's order (math_fn.h).
#define TDSL_SLEEF_FUNCTIONS(X) \
  X(exp) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) \
  X(sinh) X(cosh) X(tanh) X(erf) X(pow) X(atan2)

// Declared with a placeholder type, only to take their addresses: sleef.h
// declares the vector variants only under the matching -m flags, and callers
// cast each entry to its real signature.
#if defined(__x86_64__)
#define TDSL_SLEEF_DECLARE(name)                                                                       \
  void Sleef_cinz_##name##f1_u10purec(); void Sleef_cinz_##name##f4_u10sse2();                          \
  void Sleef_cinz_##name##f8_u10avx(); void Sleef_cinz_##name##d1_u10purec();                           \
  void Sleef_cinz_##name##d2_u10sse2(); void Sleef_cinz_##name##d4_u10avx();                            \
  void Sleef_finz_##name##f1_u10purecfma(); void Sleef_finz_##name##f4_u10avx2128();                    \
  void Sleef_finz_##name##f8_u10avx2(); void Sleef_finz_##name##d1_u10purecfma();                       \
  void Sleef_finz_##name##d2_u10avx2128(); void Sleef_finz_##name##d4_u10avx2();
#define TDSL_SLEEF_ROW(name)                                                                           \
  {{{fn(Sleef_cinz_##name##f1_u10purec), fn(Sleef_cinz_##name##f4_u10sse2), fn(Sleef_cinz_##name##f8_u10avx)},  \
    {fn(Sleef_cinz_##name##d1_u10purec), fn(Sleef_cinz_##name##d2_u10sse2), fn(Sleef_cinz_##name##d4_u10avx)}}, \
   {{fn(Sleef_finz_##name##f1_u10purecfma), fn(Sleef_finz_##name##f4_u10avx2128),                      \
     fn(Sleef_finz_##name##f8_u10avx2)},                                                               \
    {fn(Sleef_finz_##name##d1_u10purecfma), fn(Sleef_finz_##name##d2_u10avx2128),                      \
     fn(Sleef_finz_##name##d4_u10avx2)}}},
#elif defined(__aarch64__)
#define TDSL_SLEEF_DECLARE(name)                                                                       \
  void Sleef_cinz_##name##f1_u10purec(); void Sleef_cinz_##name##f4_u10advsimdnofma();                  \
  void Sleef_cinz_##name##d1_u10purec(); void Sleef_cinz_##name##d2_u10advsimdnofma();
#define TDSL_SLEEF_ROW(name)                                                                           \
  {{{fn(Sleef_cinz_##name##f1_u10purec), fn(Sleef_cinz_##name##f4_u10advsimdnofma), nullptr},           \
    {fn(Sleef_cinz_##name##d1_u10purec), fn(Sleef_cinz_##name##d2_u10advsimdnofma), nullptr}},          \
   {{nullptr, nullptr, nullptr}, {nullptr, nullptr, nullptr}}},
#endif

#if defined(TDSL_SLEEF_DECLARE)
extern "C" {
TDSL_SLEEF_FUNCTIONS(TDSL_SLEEF_DECLARE)
}
#endif

namespace {

const void* fn(void (*f)()) { return reinterpret_cast<const void*>(f); }

bool cpuHasAvx2AndFma() {
#if defined(__x86_64__)
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
  return false;
#endif
}

}  // namespace

bool sleefFamilyRuns(SleefFamily family) {
  static const bool fma = cpuHasAvx2AndFma();
  return family == SleefFamily::NoFma || fma;
}

SleefFamily hostSleefFamily() {
  static const SleefFamily family = sleefFamilyRuns(SleefFamily::Fma) ? SleefFamily::Fma : SleefFamily::NoFma;
  return family;
}

const void* sleefEntry(SleefFamily family, MathFn f, bool f64, SleefWidth w) {
#if defined(TDSL_SLEEF_DECLARE)
  // [MathFn][family][f64][width]
  static const void* const kTable[kMathFnCount][2][2][3] = {TDSL_SLEEF_FUNCTIONS(TDSL_SLEEF_ROW)};
  if (!sleefFamilyRuns(family)) return nullptr;
  return kTable[static_cast<int>(f)][static_cast<int>(family)][f64 ? 1 : 0][static_cast<int>(w)];
#else
  (void)family, (void)f, (void)f64, (void)w;
  return nullptr;
#endif
}

}  // namespace tdsl
