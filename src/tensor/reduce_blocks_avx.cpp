// The AVX block sums of reduce_blocks_avx.h. This file alone is compiled
// with -mavx and is entered only when the CPU has AVX; it includes nothing
// whose inline functions it would emit, so no AVX code can stand in for a
// baseline copy elsewhere.
//
// One ymm register holds the 8 virtual lanes of a block (two for float64),
// starting from +0 and adding the block's rows of 8 in order, so each lane
// sees exactly the adds of Note [Reduction order] (Note [Vector block
// sums] in reduce.h). The lane tree is taken with horizontal adds that pair
// the same lanes: ((l0 + l1) + (l2 + l3)) + ((l4 + l5) + (l6 + l7)), four
// float32 blocks (two float64) at a time.
//
// Note [Block read order]
// The blocks of a group are read one after another, as one forward stream.
// Left to itself, GCC interleaves the add chains of two blocks, which reads
// two streams 512 bytes apart; the hardware prefetchers follow that poorly,
// and x.sum() of 10^7 float32 ran at 2.4-2.8 ms on an AMD EPYC (Zen 4)
// where one stream took 1.3-1.6 ms (a plain eight-accumulator loop, the same).
// An empty asm statement that claims to change each block's register ends
// the block before the next one starts; out-of-order execution still
// overlaps the chains, so nothing is lost to latency.
#if defined(__x86_64__)  // an empty unit elsewhere
#include "tensor/reduce_blocks_avx.h"

#include <immintrin.h>

namespace tdsl {

namespace {

constexpr int64_t kBlock = 128;  // kReduceBlock (tensor/reduce.h)
static_assert(kBlock % 8 == 0, "a block is whole rows of 8 lanes");

// Ends a block's code here (Note [Block read order]).
template <class V>
inline void endBlock(V& lanes) {
  asm volatile("" : "+x"(lanes));
}

// The 8 lanes of one block, from +0. Unrolled: the loop counter otherwise
// costs a fifth of the time on 10^7 elements.
inline __m256 laneSums(const float* p) {
  __m256 a = _mm256_setzero_ps();
#pragma GCC unroll 16
  for (int64_t i = 0; i < kBlock; i += 8) a = _mm256_add_ps(a, _mm256_loadu_ps(p + i));
  endBlock(a);
  return a;
}

inline void laneSums(const double* p, __m256d& low, __m256d& high) {
  low = _mm256_setzero_pd();
  high = _mm256_setzero_pd();
#pragma GCC unroll 16
  for (int64_t i = 0; i < kBlock; i += 8) {
    low = _mm256_add_pd(low, _mm256_loadu_pd(p + i));
    high = _mm256_add_pd(high, _mm256_loadu_pd(p + i + 4));
  }
  endBlock(low);
  endBlock(high);
}

}  // namespace

void sumFullBlocksAvx(const float* p, int64_t blocks, float* out) {
  int64_t b = 0;
  for (; b + 4 <= blocks; b += 4, p += 4 * kBlock, out += 4) {
    const __m256 a0 = laneSums(p), a1 = laneSums(p + kBlock);
    const __m256 a2 = laneSums(p + 2 * kBlock), a3 = laneSums(p + 3 * kBlock);
    // Per 128-bit half: [x0+x1, x2+x3, y0+y1, y2+y3], then the quads.
    const __m256 h01 = _mm256_hadd_ps(a0, a1), h23 = _mm256_hadd_ps(a2, a3);
    const __m256 quads = _mm256_hadd_ps(h01, h23);  // low: l0123 of a0..a3, high: l4567
    const __m128 sums = _mm_add_ps(_mm256_castps256_ps128(quads), _mm256_extractf128_ps(quads, 1));
    _mm_storeu_ps(out, sums);
  }
  for (; b < blocks; ++b, p += kBlock, ++out) {
    const __m256 a = laneSums(p);
    const __m256 h = _mm256_hadd_ps(a, a);
    const __m256 quads = _mm256_hadd_ps(h, h);
    _mm_store_ss(out, _mm_add_ss(_mm256_castps256_ps128(quads), _mm256_extractf128_ps(quads, 1)));
  }
  _mm256_zeroupper();
}

void sumFullBlocksAvx(const double* p, int64_t blocks, double* out) {
  int64_t b = 0;
  for (; b + 2 <= blocks; b += 2, p += 2 * kBlock, out += 2) {
    __m256d a0, a1, c0, c1;  // block 0: lanes 0-3, 4-7; block 1
    laneSums(p, a0, a1);
    laneSums(p + kBlock, c0, c1);
    // [l0+l1, l4+l5, l2+l3, l6+l7]
    const __m256d ha = _mm256_hadd_pd(a0, a1), hc = _mm256_hadd_pd(c0, c1);
    // [l01+l23, l45+l67]
    const __m128d qa = _mm_add_pd(_mm256_castpd256_pd128(ha), _mm256_extractf128_pd(ha, 1));
    const __m128d qc = _mm_add_pd(_mm256_castpd256_pd128(hc), _mm256_extractf128_pd(hc, 1));
    _mm_storeu_pd(out, _mm_hadd_pd(qa, qc));
  }
  for (; b < blocks; ++b, p += kBlock, ++out) {
    __m256d a0, a1;
    laneSums(p, a0, a1);
    const __m256d h = _mm256_hadd_pd(a0, a1);
    const __m128d q = _mm_add_pd(_mm256_castpd256_pd128(h), _mm256_extractf128_pd(h, 1));
    _mm_store_sd(out, _mm_hadd_pd(q, q));
  }
  _mm256_zeroupper();
}

}  // namespace tdsl

#endif  // __x86_64__
