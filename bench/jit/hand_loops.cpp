// Hand-written reference loops for bench/jit (compiled -O3 -march=native by
// run_jit.py): the triad a + b * c and the pointwise chain of chain.td on
// 10^7 float32, into a preallocated output (STREAM style) and into a fresh
// one per call (what a functional op must do), and the seed's `composed`
// (DESIGN.md §2.5) on 51,520 float64, and a 512 x 512 float32 product by
// calling OpenBLAS's cblas_sgemm directly on one and two threads (linked
// with -lopenblas). Prints median milliseconds.
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr size_t kN = 10'000'000;

template <class F>
double medianMs(F&& f) {
  std::vector<double> t;
  for (int i = 0; i < 11; ++i) {
    auto s = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void triad(float* __restrict o, const float* __restrict a, const float* __restrict b, const float* __restrict c) {
  for (size_t i = 0; i < kN; ++i) o[i] = a[i] + b[i] * c[i];
}

// clamp((x - y) * 0.5 + y, -1, 1), then abs, as eager computes each step.
// `threads` OpenMP threads, each on one contiguous half (schedule(static)):
// what the machine gives two threads on this loop (the 2-thread chain row).
void chain(float* __restrict o, const float* __restrict x, const float* __restrict y, int threads = 1) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < kN; ++i) {
    float t = (x[i] - y[i]) * 0.5f + y[i];
    t = t < -1.0f ? -1.0f : t;
    t = t > 1.0f ? 1.0f : t;
    o[i] = t < 0 ? -t : t;
  }
}

// (sin(x)**2 + cos(x)**2) * 2 with libm's sinf / cosf, one pass.
void sincos(float* __restrict o, const float* __restrict x) {
  for (size_t i = 0; i < kN; ++i) {
    float s = std::sin(x[i]), c = std::cos(x[i]);
    o[i] = (s * s + c * c) * 2.0f;
  }
}

// x.sum() as a hand loop: eight float32 accumulators (vectorizable without
// reassociation), added pairwise at the end. A sum has no output array, so
// the runner's "fresh output" line times the same loop.
float sum8(const float* __restrict x) {
  float lane[8] = {};
  size_t i = 0;
  for (; i + 8 <= kN; i += 8)
    for (int j = 0; j < 8; ++j) lane[j] += x[i + j];
  for (int j = 0; i < kN; ++i, ++j) lane[j & 7] += x[i];
  return ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
}

// x.sum(dim=1) of a 1000 x 10^4 matrix: sum8's loop over each row.
constexpr size_t kRows = 1000, kCols = kN / kRows;
void rowSums(float* out, const float* __restrict x) {
  for (size_t r = 0; r < kRows; ++r) {
    const float* row = x + r * kCols;
    float lane[8] = {};
    size_t i = 0;
    for (; i + 8 <= kCols; i += 8)
      for (int j = 0; j < 8; ++j) lane[j] += row[i + j];
    for (int j = 0; i < kCols; ++i, ++j) lane[j] += row[i];
    out[r] = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
  }
}

// The seed's composed: field[1:-1] += delta; values = field[indices] * gain
// (gathered fully before the scatter, as eager); field[indices] = values.
constexpr size_t kField = 51'520, kIndices = 99;
void composed(double* field, const double* __restrict delta, const int64_t* __restrict indices,
              const double* __restrict gain) {
  for (size_t i = 0; i < kField - 2; ++i) field[i + 1] += delta[i];
  double values[kIndices];
  for (size_t j = 0; j < kIndices; ++j) values[j] = field[indices[j]] * gain[j];
  for (size_t j = 0; j < kIndices; ++j) field[indices[j]] = values[j];
}

// Median per-call milliseconds of 15 rounds of 200 calls (one call is ~10 us).
template <class F>
double medianCallMs(F&& f) {
  std::vector<double> t;
  for (int r = 0; r < 15; ++r) {
    auto s = std::chrono::steady_clock::now();
    for (int i = 0; i < 200; ++i) f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s).count() / 200);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void composedLoop(volatile float& sink) {
  std::vector<double> field(kField), delta(kField - 2), gain(kIndices);
  std::vector<int64_t> indices(kIndices);
  for (size_t i = 0; i < kField; ++i) field[i] = 0.25 + double(i) / (kField - 1);
  for (size_t i = 0; i < kField - 2; ++i) delta[i] = -0.01 + 0.02 * double(i) / (kField - 3);
  for (size_t j = 0; j < kIndices; ++j) {
    indices[j] = int64_t(2 * j);
    gain[j] = 0.99 + 0.02 * double(j) / (kIndices - 1);
  }
  const double composedMs =
      medianCallMs([&] { composed(field.data(), delta.data(), indices.data(), gain.data()); });
  sink = sink + float(field[kField / 2]);
  std::printf("hand composed preallocated: %.5f ms\n", composedMs);
  std::printf("hand composed fresh output: %.5f ms\n", composedMs);
}

void matmulLoop(volatile float& sink) {
  constexpr int kMat = 512;
  std::vector<float> ma(size_t(kMat) * kMat), mb(size_t(kMat) * kMat), mc(size_t(kMat) * kMat);
  for (size_t i = 0; i < ma.size(); ++i) {
    ma[i] = float(rand()) / RAND_MAX;
    mb[i] = float(rand()) / RAND_MAX;
  }
  auto sgemm = [&](float* c) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kMat, kMat, kMat, 1.0f, ma.data(), kMat, mb.data(), kMat,
                0.0f, c, kMat);
  };
  for (int threads : {1, 2}) {
    openblas_set_num_threads(threads);
    const char* suffix = threads == 1 ? "" : " 2 threads";
    sgemm(mc.data());  // warm-up: OpenBLAS starts its threads on first use
    std::printf("hand matmul%s preallocated: %.3f ms\n", suffix, medianMs([&] { sgemm(mc.data()); }));
    std::printf("hand matmul%s fresh output: %.3f ms\n", suffix, medianMs([&] {
                  std::unique_ptr<float[]> o(new float[size_t(kMat) * kMat]);
                  sgemm(o.get());
                  sink = sink + o[kMat];
                }));
  }
}

}  // namespace

// With an argument (triad, chain, sincos, sum, sum_dim, composed, matmul),
// only that loop runs: run_jit.py interleaves it with the other programs of
// its row, so that all of them see the same machine load.
int main(int argc, char** argv) {
  const std::string only = argc > 1 ? argv[1] : "";
  auto wanted = [&](const char* name) { return only.empty() || only == name; };
  std::vector<float> a(kN), b(kN), c(kN), out(kN);
  for (size_t i = 0; i < kN; ++i) {
    a[i] = float(rand()) / RAND_MAX;
    b[i] = float(rand()) / RAND_MAX;
    c[i] = float(rand()) / RAND_MAX;
  }
  volatile float sink = 0;
  auto fresh = [&](auto body) {
    std::unique_ptr<float[]> o(new float[kN]);
    body(o.get());
    sink = sink + o[kN / 2];
  };
  if (wanted("triad")) {
    std::printf("hand triad preallocated: %.3f ms\n", medianMs([&] { triad(out.data(), a.data(), b.data(), c.data()); }));
    std::printf("hand triad fresh output: %.3f ms\n",
                medianMs([&] { fresh([&](float* o) { triad(o, a.data(), b.data(), c.data()); }); }));
  }
  if (wanted("chain")) {
    std::printf("hand chain preallocated: %.3f ms\n", medianMs([&] { chain(out.data(), a.data(), b.data()); }));
    std::printf("hand chain fresh output: %.3f ms\n",
                medianMs([&] { fresh([&](float* o) { chain(o, a.data(), b.data()); }); }));
    std::printf("hand chain 2 threads preallocated: %.3f ms\n",
                medianMs([&] { chain(out.data(), a.data(), b.data(), 2); }));
  }
  if (wanted("sincos")) {
    std::printf("hand sincos preallocated: %.3f ms\n", medianMs([&] { sincos(out.data(), a.data()); }));
    std::printf("hand sincos fresh output: %.3f ms\n",
                medianMs([&] { fresh([&](float* o) { sincos(o, a.data()); }); }));
  }
  if (wanted("sum")) {
    const double sumMs = medianMs([&] { sink = sink + sum8(a.data()); });
    std::printf("hand sum preallocated: %.3f ms\n", sumMs);
    std::printf("hand sum fresh output: %.3f ms\n", sumMs);
  }
  if (wanted("sum_dim")) {
    std::vector<float> rows(kRows);
    std::printf("hand sum_dim preallocated: %.3f ms\n", medianMs([&] { rowSums(rows.data(), a.data()); }));
    std::printf("hand sum_dim fresh output: %.3f ms\n", medianMs([&] {
                  std::vector<float> o(kRows);
                  rowSums(o.data(), a.data());
                }));
  }
  if (wanted("composed")) composedLoop(sink);
  if (wanted("matmul")) matmulLoop(sink);
  return 0;
}
