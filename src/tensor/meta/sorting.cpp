// Shape/dtype rules for sorting, selection and nonzero (see op_meta_extra.h).
#include "tensor/kernel_util.h"
#include "tensor/op_meta_extra.h"
#include "tensor/reduce.h"
#include "tensor/tensor_iter.h"

namespace tdsl::meta {

void sort(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  wrapDim(intArg(a, argIndex(a, "dim")), self.dim());
  r.add() = contiguousMeta(self.dtype(), self.sizes());
  r.add() = contiguousMeta(DType::Int64, self.sizes());
}

void argsort(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  wrapDim(intArg(a, argIndex(a, "dim")), self.dim());
  r.add() = contiguousMeta(DType::Int64, self.sizes());
}

void topk(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  int64_t dim = wrapDim(intArg(a, 2), self.dim());
  int64_t k = intArg(a, 1);
  int64_t n = self.dim() == 0 ? 1 : self.sizes()[static_cast<int>(dim)];
  if (k < 0 || k > n) throw Error(ErrorKind::Runtime, "selected index k out of range");
  Dims sizes = self.sizes();
  if (self.dim() > 0) sizes[static_cast<int>(dim)] = k;
  r.add() = contiguousMeta(self.dtype(), sizes);
  r.add() = contiguousMeta(DType::Int64, sizes);
}

void median(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (a.count == 1) {  // median(): the lower median of every element
    r.add() = contiguousMeta(self.dtype(), Dims{});
    return;
  }
  int64_t dim = wrapDim(intArg(a, 1), self.dim());
  if (self.dim() > 0 && self.sizes()[static_cast<int>(dim)] == 0)
    throw Error(ErrorKind::Index, "median(): Expected reduction dim " + std::to_string(dim) + " to have non-zero size.");
  ReduceSpec spec = reduceSpec(a, "median");
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
  r.add() = contiguousMeta(DType::Int64, spec.outSizes);
}

void nonzero(const BoundArgs& a, MetaResult&) {
  // The row count is the number of nonzero elements: no rule can give it
  // without the data (the tracer breaks the graph before asking).
  throw Error(ErrorKind::Runtime,
              "nonzero(): the result's size depends on tensor data, which a meta tensor does not have");
}

void maskedSelectChecks(const BoundArgs& a) {
  if (tensorArg(a, 1).dtype() != DType::Bool)
    throw Error(ErrorKind::Runtime, "masked_select: expected BoolTensor or ByteTensor for mask");
  broadcastShapes(tensorArg(a, 0).sizes(), tensorArg(a, 1).sizes());
}

void maskedSelect(const BoundArgs& a, MetaResult&) {
  maskedSelectChecks(a);
  throw Error(ErrorKind::Runtime,
              "masked_select(): the result's size depends on tensor data, which a meta tensor does not have");
}

}  // namespace tdsl::meta
