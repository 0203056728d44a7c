// Shape/dtype rules for scans and diff (see op_meta_extra.h).
#include "tensor/kernel_util.h"
#include "tensor/op_meta_extra.h"

namespace tdsl::meta {

const char* cTypeName(DType d) {
  switch (d) {
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Int64: return "long int";
    case DType::Int32: return "int";
    case DType::Bool: return "bool";
  }
  return "float";
}

namespace {
// cumsum/cumprod's result dtype: dtype= if given, else self's, with integral
// (and bool) inputs accumulating in int64.
DType cumulativeDType(const BoundArgs& a) {
  if (auto d = dtypeArg(a, argIndex(a, "dtype"))) return *d;
  DType in = tensorArg(a, 0).dtype();
  return isFloating(in) ? in : DType::Int64;
}
}  // namespace

void cumulative(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  wrapDim(intArg(a, 1), self.dim());
  r.add() = contiguousMeta(cumulativeDType(a), self.sizes());
}

void cumulativeInplace(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  wrapDim(intArg(a, 1), self.dim());
  if (auto d = dtypeArg(a, argIndex(a, "dtype")); d && *d != self.dtype())
    throw Error(ErrorKind::Runtime, std::string("Bad in-place call: input tensor dtype ") + cTypeName(self.dtype()) +
                                        " and output tensor dtype " + cTypeName(*d) + " should match");
  if (self.dtype() == DType::Bool)
    throw Error(ErrorKind::Runtime, "\"" + a.op->baseName + "_out_cpu\" not implemented for 'Bool'");
  r.add() = self.meta;
}

// cummax/cummin: values of self's dtype and int64 indices, both row-major
// (at::empty). A 0-dim self takes dim 0 or -1 only, with the reduction
// ops' message.
void cumulativeExtremum(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const int64_t dim = intArg(a, 1);
  if (self.dim() == 0 && dim != 0 && dim != -1)
    throw Error(ErrorKind::Index, a.op->name() + "(): Expected reduction dim -1 or 0 for scalar but got " +
                                      std::to_string(dim));
  wrapDim(dim, self.dim());
  r.add() = contiguousMeta(self.dtype(), self.sizes());
  r.add() = contiguousMeta(DType::Int64, self.sizes());
}

void diff(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  int64_t n = intArg(a, 1);
  if (self.dim() == 0) throw Error(ErrorKind::Runtime, "diff expects input to be at least one-dimensional");
  if (n < 0) throw Error(ErrorKind::Runtime, "order must be non-negative but got " + std::to_string(n));
  int dim = static_cast<int>(wrapDim(intArg(a, 2), self.dim()));
  int64_t length = self.sizes()[dim];
  for (int i : {3, 4}) {
    if (a.isNone(i)) continue;
    const TensorObject& t = tensorArg(a, i);
    if (t.dim() != self.dim())
      throw Error(ErrorKind::Runtime, std::string("diff expects prepend or append to be the same dimension as input"));
    for (int d = 0; d < self.dim(); ++d)
      if (d != dim && t.sizes()[d] != self.sizes()[d])
        throw Error(ErrorKind::Runtime, "diff expects the shape of tensor to prepend or append to match that of input "
                                        "except along the differencing dimension; input.size(" + std::to_string(d) +
                                        ") = " + std::to_string(self.sizes()[d]) + ", but got tensor.size(" +
                                        std::to_string(d) + ") = " + std::to_string(t.sizes()[d]));
    if (t.dtype() != self.dtype())
      throw Error(ErrorKind::Runtime, std::string("diff expects prepend or append to have the same dtype as input"));
    length += t.sizes()[dim];
  }
  Dims sizes = self.sizes();
  sizes[dim] = std::max<int64_t>(length - n, 0);
  r.add() = contiguousMeta(self.dtype(), sizes);
}

}  // namespace tdsl::meta
