// Note [Random fill order] in iteration_order.h.
#include "tensor/random/iteration_order.h"

#include <utility>

namespace tdsl {

Dims randomFillOrder(const Dims& sizes, const Dims& strides) {
  const int nd = sizes.size();
  Dims perm;
  for (int d = nd - 1; d >= 0; --d) perm.push_back(d);
  // >0: dim0 goes outside dim1 (swap), <0: keep, 0: no preference.
  auto compare = [&](int64_t d0, int64_t d1) {
    const int64_t s0 = strides[static_cast<int>(d0)], s1 = strides[static_cast<int>(d1)];
    if (s0 == 0 || s1 == 0) return 0;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    return sizes[static_cast<int>(d0)] > sizes[static_cast<int>(d1)] ? 1 : 0;
  };
  for (int i = 1; i < nd; ++i) {
    int d1 = i;
    for (int d0 = i - 1; d0 >= 0; --d0) {
      int c = compare(perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  return perm;
}

}  // namespace tdsl
