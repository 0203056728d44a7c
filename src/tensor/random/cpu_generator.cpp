// PyTorch's CPU generator (Note [PyTorch's CPU generator] in cpu_generator.h).
#include "tensor/random/cpu_generator.h"

#include <cmath>
#include <cstring>
#include <sstream>

namespace tdsl {

double CpuGenerator::standardNormal() {
  if (nextNormal_) {
    double cached = *nextNormal_;
    nextNormal_.reset();
    return cached;
  }
  double u1 = uniformDouble();
  double u2 = uniformDouble();
  double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  double theta = 2.0 * M_PI * u1;
  nextNormal_ = r * std::sin(theta);
  return r * std::cos(theta);
}

// The engine's state through its stream operators (the library's textual
// form: the state words, and in libstdc++ the position after them).
std::vector<uint64_t> CpuGenerator::state() const {
  std::ostringstream out;
  out << engine_;
  std::istringstream in(out.str());
  std::vector<uint64_t> words;
  uint64_t w;
  while (in >> w) words.push_back(w);
  words.push_back(seed_);
  words.push_back(nextNormal_ ? 1 : 0);
  uint64_t bits = 0;
  if (nextNormal_) std::memcpy(&bits, &*nextNormal_, sizeof bits);
  words.push_back(bits);
  return words;
}

bool CpuGenerator::setState(const std::vector<uint64_t>& words) {
  if (words.size() < std::mt19937::state_size + 3) return false;
  const size_t kEngineWords = words.size() - 3;
  std::ostringstream out;
  for (size_t i = 0; i < kEngineWords; ++i) {
    if (words[i] > 0xffffffffu) return false;
    out << words[i] << ' ';
  }
  std::istringstream in(out.str());
  std::mt19937 engine;
  if (!(in >> engine)) return false;
  engine_ = engine;
  seed_ = words[kEngineWords];
  if (words[kEngineWords + 1]) {
    double v;
    std::memcpy(&v, &words[kEngineWords + 2], sizeof v);
    nextNormal_ = v;
  } else {
    nextNormal_.reset();
  }
  return true;
}

}  // namespace tdsl
