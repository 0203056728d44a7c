// Note [Normal fill in blocks of 16] in normal_fill.h.
//
// Note [Contracted multiply-adds]
// PyTorch's CPU kernels are built for AVX2 with FMA and GCC's default
// -ffp-contract=fast, so where a product feeds only an addition the compiled
// kernel computes one fused multiply-add (a single rounding); the second
// product of `p*q - r*s` stays rounded on its own. tdsl builds with
// -ffp-contract=off, and the code here writes std::fma exactly where that
// contraction happens and plain operations elsewhere, so the results match
// PyTorch's bit for bit.
#include "tensor/random/normal_fill.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace tdsl {

namespace {

uint32_t bitsOf(float x) {
  uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
float fromBits(uint32_t b) {
  float x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// Cephes' single-precision natural log as avx_mathfun evaluates it: split
// x into mantissa m in [0.5, 1) and exponent e, fold m below sqrt(1/2) into
// [sqrt(1/2), sqrt(2)) - 1, a degree-9 polynomial, and e log 2 added in two
// parts. Inputs here lie in (0, 1].
float cephesLog(float x) {
  const float kMinNormal = fromBits(0x00800000u);
  bool invalid = x <= 0.0f;
  if (x < kMinNormal) x = kMinNormal;  // max_ps(x, min_norm_pos)
  int32_t exponent = static_cast<int32_t>(bitsOf(x) >> 23);
  x = fromBits((bitsOf(x) & ~0x7f800000u) | bitsOf(0.5f));
  float e = static_cast<float>(exponent - 0x7f);
  e = e + 1.0f;
  bool small = x < static_cast<float>(0.707106781186547524);
  float tmp = small ? x : 0.0f;
  x = x - 1.0f;
  e = e - (small ? 1.0f : 0.0f);
  x = x + tmp;
  float z = x * x;
  static const float p[] = {7.0376836292E-2f, -1.1514610310E-1f, 1.1676998740E-1f,
                            -1.2420140846E-1f, 1.4249322787E-1f, -1.6668057665E-1f,
                            2.0000714765E-1f, -2.4999993993E-1f, 3.3333331174E-1f};
  float y = p[0];
  for (int i = 1; i < 9; ++i) y = std::fma(y, x, p[i]);
  y = y * x;
  y = std::fma(y, z, e * -2.12194440e-4f);
  y = std::fma(-z, 0.5f, y);
  x = x + y;
  x = std::fma(e, 0.693359375f, x);
  return invalid ? fromBits(0xffffffffu) : x;  // or_ps with an all-ones mask: NaN
}

// Cephes' single-precision sine and cosine together (sincos256_ps): reduce
// by multiples of pi/4 in three parts, evaluate both polynomials, pick per
// octant and fix the signs.
void cephesSinCos(float xin, float& s, float& c) {
  uint32_t signSin = bitsOf(xin) & 0x80000000u;
  float x = fromBits(bitsOf(xin) & 0x7fffffffu);
  float y = x * static_cast<float>(1.27323954473516);
  int32_t j = static_cast<int32_t>(y);  // cvttps: truncation
  j = (j + 1) & ~1;
  y = static_cast<float>(j);
  uint32_t swapSin = static_cast<uint32_t>(j & 4) << 29;
  bool firstPoly = (j & 2) == 0;  // the polynomial selection mask
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, -2.4187564849853515625e-4f, x);
  x = std::fma(y, static_cast<float>(-3.77489497744594108e-8), x);
  int32_t jc = j - 2;
  uint32_t signCos = static_cast<uint32_t>(~jc & 4) << 29;
  signSin ^= swapSin;
  float z = x * x;
  float yc = std::fma(static_cast<float>(2.443315711809948E-005), z, static_cast<float>(-1.388731625493765E-003));
  yc = std::fma(yc, z, static_cast<float>(4.166664568298827E-002));
  yc = yc * z;
  yc = std::fma(yc, z, -(z * 0.5f));
  yc = yc + 1.0f;
  float ys = std::fma(-1.9515295891E-4f, z, 8.3321608736E-3f);
  ys = std::fma(ys, z, -1.6666654611E-1f);
  ys = ys * z;
  ys = std::fma(ys, x, x);
  float sinPart2 = firstPoly ? ys : 0.0f;
  float sinPart1 = firstPoly ? 0.0f : yc;
  float cosPart2 = ys - sinPart2;
  float cosPart1 = yc - sinPart1;
  s = fromBits(bitsOf(sinPart1 + sinPart2) ^ signSin);
  c = fromBits(bitsOf(cosPart1 + cosPart2) ^ signCos);
}

}  // namespace

void normalFillBlockFloat(float* data, float mean, float stdv) {
  const float twoPi = static_cast<float>(2.0f * M_PI);
  for (int j = 0; j < 8; ++j) {
    float u1 = 1.0f - data[j];
    float u2 = data[j + 8];
    float radius = std::sqrt(-2.0f * cephesLog(u1));
    float theta = twoPi * u2;
    float s, c;
    cephesSinCos(theta, s, c);
    float n1 = radius * c, n2 = radius * s;
    data[j] = std::fma(n1, stdv, mean);
    data[j + 8] = std::fma(n2, stdv, mean);
  }
}

void normalFillBlockDouble(double* data, double mean, double stdv) {
  for (int j = 0; j < 8; ++j) {
    double u1 = 1 - data[j];
    double u2 = data[j + 8];
    double radius = std::sqrt(-2 * std::log(u1));
    double theta = 2.0 * M_PI * u2;
    data[j] = std::fma(radius * std::cos(theta), stdv, mean);
    data[j + 8] = std::fma(radius * std::sin(theta), stdv, mean);
  }
}

}  // namespace tdsl
