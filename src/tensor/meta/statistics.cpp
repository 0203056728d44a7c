// Shape/dtype rules for amax/amin, logsumexp, softmax, std/var, norm and
// count_nonzero (see op_meta_extra.h). Reductions give row-major results.
#include "tensor/kernel_util.h"
#include "tensor/op_meta_extra.h"
#include "tensor/reduce.h"

namespace tdsl::meta {

namespace {
void checkReducedNonEmpty(const TensorObject& self, const std::string& name, const ReduceSpec& spec) {
  for (int d = 0; d < self.dim(); ++d) {
    if (!spec.reduced[d] || self.sizes()[d] != 0) continue;
    if (spec.all)
      throw Error(ErrorKind::Index, name + "(): Expected reduction dim to be specified for input.numel() == 0. "
                                           "Specify the reduction dim with the 'dim' argument.");
    throw Error(ErrorKind::Index, name + "(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
  }
}
}  // namespace

void amaxAmin(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  checkReducedNonEmpty(self, a.op->name(), spec);
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
}

void logsumexp(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = reduceSpec(a, "logsumexp");
  r.add() = contiguousMeta(isFloating(self.dtype()) ? self.dtype() : DType::Float32, spec.outSizes);
}

void softmax(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  int64_t dim = wrapDim(intArg(a, 1), self.dim());
  DType d = dtypeArg(a, 2).value_or(self.dtype());
  if (!isFloating(d)) {
    bool last = self.dim() == 0 || dim == self.dim() - 1;
    throw Error(ErrorKind::Runtime, "\"" + a.op->baseName + (last ? "_lastdim" : "") + "_kernel_impl\" not implemented for '" +
                                        scalarName(d) + "'");
  }
  r.add() = contiguousMeta(d, self.sizes());
}

void stdVar(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (!isFloating(self.dtype()))
    throw Error(ErrorKind::Runtime, "std and var only support floating point and complex dtypes");
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
}

void norm(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (!isFloating(self.dtype()))
    throw Error(ErrorKind::Runtime, "norm(): input dtype should be either floating point or complex. Got " +
                                        scalarName(self.dtype()) + " instead.");
  ReduceSpec spec = reduceSpec(a, "norm");
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
}

void countNonzero(const BoundArgs& a, MetaResult& r) {
  ReduceSpec spec = reduceSpec(a, "count_nonzero");
  r.add() = contiguousMeta(DType::Int64, spec.outSizes);
}

}  // namespace tdsl::meta
