// The one implementation of each transcendental and rounding function used
// by eager kernels (and, later, called by JIT kernels), so both paths compute
// the same bits. float32 inputs compute in float32 (std::exp(float)), like
// PyTorch's CPU kernels.
#pragma once

#include <cmath>

namespace tdsl::scalar_math {

inline float exp(float x) { return std::exp(x); }
inline double exp(double x) { return std::exp(x); }
inline float log(float x) { return std::log(x); }
inline double log(double x) { return std::log(x); }
inline float sin(float x) { return std::sin(x); }
inline double sin(double x) { return std::sin(x); }
inline float cos(float x) { return std::cos(x); }
inline double cos(double x) { return std::cos(x); }
inline float tanh(float x) { return std::tanh(x); }
inline double tanh(double x) { return std::tanh(x); }
inline float sqrt(float x) { return std::sqrt(x); }
inline double sqrt(double x) { return std::sqrt(x); }
inline float pow(float x, float y) { return std::pow(x, y); }
inline double pow(double x, double y) { return std::pow(x, y); }
template <class T>
T sigmoid(T x) { return T(1) / (T(1) + std::exp(-x)); }

}  // namespace tdsl::scalar_math
