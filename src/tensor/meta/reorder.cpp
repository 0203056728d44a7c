// Shape/dtype rules for roll, flip, repeat, triu and tril (see op_meta_extra.h).
#include "tensor/checked_math.h"
#include "tensor/kernel_util.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::meta {

void roll(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  Dims shifts = intListArg(a, 1), dims = intListArg(a, 2);
  if (shifts.empty()) throw Error(ErrorKind::Runtime, "`shifts` required");
  if (!dims.empty() && shifts.size() != dims.size())
    throw Error(ErrorKind::Runtime, "shifts and dimensions must align. shifts: " + std::to_string(shifts.size()) +
                                        ", dims:" + std::to_string(dims.size()));
  if (dims.empty() && shifts.size() != 1)
    throw Error(ErrorKind::Runtime, "shifts and dimensions must align. shifts: " + std::to_string(shifts.size()) +
                                        ", dims:0");
  for (int64_t d : dims) wrapDim(d, self.dim());
  r.add() = contiguousMeta(self.dtype(), self.sizes());
}

void flip(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  Dims seen;
  seen.resize(std::max(self.dim(), 1), 0);
  for (int64_t d : intListArg(a, 1)) {
    int64_t w = wrapDim(d, self.dim());
    if (seen[static_cast<int>(w)]++)
      throw Error(ErrorKind::Runtime, "dim " + std::to_string(w) + " appears multiple times in the list of dims");
  }
  r.add() = contiguousMeta(self.dtype(), self.sizes());
}

void flipMatrix(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  bool lr = a.op->name() == "fliplr";
  if (self.dim() < (lr ? 2 : 1))
    throw Error(ErrorKind::Runtime, std::string("Input must be >= ") + (lr ? "2" : "1") + "-d.");
  r.add() = contiguousMeta(self.dtype(), self.sizes());
}

void repeat(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  Dims reps = intListArg(a, 1);
  if (reps.size() < self.dim())
    throw Error(ErrorKind::Runtime,
                "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  Dims sizes;
  const int lead = reps.size() - self.dim();
  for (int i = 0; i < reps.size(); ++i) {
    if (reps[i] < 0)
      throw Error(ErrorKind::Runtime, "Trying to create tensor with negative dimension " + std::to_string(reps[i]) +
                                          ": " + formatDims(reps));
    int64_t base = i < lead ? 1 : self.sizes()[i - lead];
    sizes.push_back(checkedMul(base, reps[i], "numel"));
  }
  r.add() = contiguousMeta(self.dtype(), sizes);
}

void triangle(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() < 2)
    throw Error(ErrorKind::Runtime, a.op->baseName + ": input tensor must have at least 2 dimensions");
  r.add() = contiguousMeta(self.dtype(), self.sizes());
}

void triangleInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() < 2)
    throw Error(ErrorKind::Runtime, a.op->baseName + ": input tensor must have at least 2 dimensions");
  r.add() = self.meta;
}

}  // namespace tdsl::meta
