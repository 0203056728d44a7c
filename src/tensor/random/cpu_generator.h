// PyTorch's CPU random generator, reproduced bit for bit (issue 15): seeded
// scripts print the numbers PyTorch prints.
//
// Note [PyTorch's CPU generator]
// PyTorch's CPUGeneratorImpl is a 32-bit Mersenne Twister (the standard
// mt19937: seeding from the low 32 bits of the seed with the Knuth
// multiplier 1812433253, tempering as in the reference code), so
// std::mt19937 produces the same words. Its draws:
//   random()    one 32-bit word;
//   random64()  two words, the first one the high half;
// and the samplers built on them (kernels/random.cpp):
//   uniform float   (word & (2^24 - 1)) * 2^-24, then * (to - from) + from;
//   uniform double  (random64() & (2^53 - 1)) * 2^-53, likewise;
//   normal double   Box-Muller on two uniform doubles u1, u2:
//                   r = sqrt(-2 log(1 - u2)), theta = 2 pi u1; it returns
//                   r cos(theta) and keeps r sin(theta) for the next draw
//                   (the cache below, dropped by every reseed).
// The generator starts from PyTorch's default seed 67280421310721, so even
// unseeded scripts draw PyTorch's numbers. One generator per interpreter
// (TensorState::defaultGenerator) plus those scripts make with
// torch.Generator(); no globals.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace tdsl {

constexpr uint64_t kDefaultRandomSeed = 67280421310721ull;  // PyTorch's default_rng_seed_val

class CpuGenerator {
 public:
  explicit CpuGenerator(uint64_t seed = kDefaultRandomSeed) { manualSeed(seed); }

  void manualSeed(uint64_t seed) {
    seed_ = seed;
    engine_.seed(static_cast<uint32_t>(seed));
    nextNormal_.reset();
  }
  uint64_t initialSeed() const { return seed_; }

  uint32_t random() { return static_cast<uint32_t>(engine_()); }
  uint64_t random64() {
    uint64_t hi = random();
    uint64_t lo = random();
    return (hi << 32) | lo;
  }

  // Uniform in [0, 1) with float's / double's mantissa (Note [PyTorch's CPU generator]).
  float uniformFloat() { return static_cast<float>(random() & ((1u << 24) - 1)) * (1.0f / 16777216.0f); }
  double uniformDouble() {
    return static_cast<double>(random64() & ((uint64_t(1) << 53) - 1)) * (1.0 / 9007199254740992.0);
  }
  // A standard normal sample (PyTorch's normal_distribution<double>, with its cache).
  double standardNormal();

  // The whole state, as words: the 624 state words, the position, the seed,
  // the cached normal (flag and bits). For torch.get_rng_state / set_rng_state.
  std::vector<uint64_t> state() const;
  // False when `words` is not a state this class produced.
  bool setState(const std::vector<uint64_t>& words);

 private:
  std::mt19937 engine_;
  uint64_t seed_ = kDefaultRandomSeed;
  std::optional<double> nextNormal_;
};

}  // namespace tdsl
