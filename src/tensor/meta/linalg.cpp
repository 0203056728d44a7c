// Shape/dtype rules for mv, bmm, outer and trace (see op_meta_extra.h); mv
// and bmm check their operands as PyTorch does, then size the result as
// matmul does (their rows run the matmul kernel).
#include "tensor/kernel_util.h"
#include "tensor/op_meta_extra.h"
#include "tensor/promotion.h"

namespace tdsl::meta {

namespace {
void sameDType(const TensorObject& x, const TensorObject& y) {
  if (x.dtype() != y.dtype())
    throw Error(ErrorKind::Runtime, "expected scalar type " + scalarName(x.dtype()) + " but found " + scalarName(y.dtype()));
}
}  // namespace

void mv(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& vec = tensorArg(a, 1);
  if (self.dim() != 2 || vec.dim() != 1)
    throw Error(ErrorKind::Runtime, "vector + matrix @ vector expected, got 1, " + std::to_string(self.dim()) + ", " +
                                        std::to_string(vec.dim()));
  if (self.sizes()[1] != vec.sizes()[0])
    throw Error(ErrorKind::Runtime, "size mismatch, got " + std::to_string(self.sizes()[0]) + ", " +
                                        std::to_string(self.sizes()[0]) + "x" + std::to_string(self.sizes()[1]) + "," +
                                        std::to_string(vec.sizes()[0]));
  sameDType(self, vec);
  r.add() = contiguousMeta(self.dtype(), Dims{self.sizes()[0]});
}

void bmm(const BoundArgs& a, MetaResult& r) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  if (x.dim() != 3) throw Error(ErrorKind::Runtime, "batch1 must be a 3D tensor");
  if (y.dim() != 3) throw Error(ErrorKind::Runtime, "batch2 must be a 3D tensor");
  if (y.sizes()[0] != x.sizes()[0] || y.sizes()[1] != x.sizes()[2])
    throw Error(ErrorKind::Runtime, "Expected size for first two dimensions of batch2 tensor to be: [" +
                                        std::to_string(x.sizes()[0]) + ", " + std::to_string(x.sizes()[2]) +
                                        "] but got: [" + std::to_string(y.sizes()[0]) + ", " +
                                        std::to_string(y.sizes()[1]) + "].");
  sameDType(x, y);
  r.add() = contiguousMeta(x.dtype(), Dims{x.sizes()[0], x.sizes()[1], y.sizes()[2]});
}

void outer(const BoundArgs& a, MetaResult& r) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  if (x.dim() != 1) throw Error(ErrorKind::Runtime, "outer: Expected 1-D argument self, but got " + std::to_string(x.dim()) + "-D");
  if (y.dim() != 1) throw Error(ErrorKind::Runtime, "outer: Expected 1-D argument vec2, but got " + std::to_string(y.dim()) + "-D");
  ResultTypeBuilder b;
  b.add(a[0]);
  b.add(a[1]);
  r.add() = contiguousMeta(b.result(), Dims{x.sizes()[0], y.sizes()[0]});
}

void trace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (self.dim() != 2)
    throw Error(ErrorKind::Runtime, "trace: expected a matrix, but got tensor with dim " + std::to_string(self.dim()));
  r.add() = contiguousMeta(isFloating(self.dtype()) ? self.dtype() : DType::Int64, Dims{});
}

}  // namespace tdsl::meta
