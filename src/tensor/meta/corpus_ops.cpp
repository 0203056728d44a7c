// Shape/dtype rules of the corpus ops (see op_corpus.h).
#include <algorithm>
#include <string>

#include "tensor/einsum_equation.h"
#include "tensor/kernel_util.h"
#include "tensor/op_corpus.h"
#include "tensor/op_meta.h"
#include "tensor/reduce.h"
#include "tensor/tensor_iter.h"

namespace tdsl::meta {

namespace {

[[noreturn]] void notImplementedFor(const char* kernel, DType d) {
  throw Error(ErrorKind::Runtime, std::string("\"") + kernel + "\" not implemented for '" + scalarName(d) + "'");
}

void checkSameScalarType(DType expected, DType found) {
  if (expected != found)
    throw Error(ErrorKind::Runtime, "expected scalar type " + scalarName(expected) + " but found " + scalarName(found));
}

// `self` expanded to `target`, with expand's message when it cannot be.
void checkExpandsTo(const BoundArgs& a, const Dims& target) {
  BoundArgs e = a;
  e.count = 2;
  *e.setDims(1, target.size()) = target;
  MetaResult ignored;
  expand(e, ignored);
}

// kthvalue/mode: the reduced dim's size must be positive (a 0-dim tensor is one element).
ReduceSpec selectionSpec(const BoundArgs& a, const char* name) {
  const TensorObject& self = tensorArg(a, 0);
  int64_t dim = wrapDim(intArg(a, argIndex(a, "dim")), self.dim());
  if (self.dim() > 0 && self.sizes()[static_cast<int>(dim)] == 0)
    throw Error(ErrorKind::Index, std::string(name) + "(): Expected reduction dim " + std::to_string(dim) +
                                      " to have non-zero size.");
  return reduceSpec(a, name);
}

}  // namespace

void logspace(const BoundArgs& a, MetaResult& r) {
  int64_t steps = intArg(a, 2);
  if (steps < 0) throw Error(ErrorKind::Runtime, "number of steps must be non-negative");
  auto d = dtypeArg(a, argIndex(a, "dtype"));
  DType dtype = d ? *d : DType::Float32;
  if (dtype == DType::Bool) notImplementedFor("logspace_cpu", dtype);
  r.add() = contiguousMeta(dtype, Dims{steps});
}

void addmm(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& m1 = tensorArg(a, 1);
  const TensorObject& m2 = tensorArg(a, 2);
  if (m1.dim() != 2) throw Error(ErrorKind::Runtime, "mat1 must be a matrix, got " + std::to_string(m1.dim()) + "-D tensor");
  if (m2.dim() != 2) throw Error(ErrorKind::Runtime, "mat2 must be a matrix, got " + std::to_string(m2.dim()) + "-D tensor");
  if (m1.sizes()[1] != m2.sizes()[0])
    throw Error(ErrorKind::Runtime, "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(m1.sizes()[0]) + "x" +
                                        std::to_string(m1.sizes()[1]) + " and " + std::to_string(m2.sizes()[0]) + "x" +
                                        std::to_string(m2.sizes()[1]) + ")");
  Dims out{m1.sizes()[0], m2.sizes()[1]};
  checkExpandsTo(a, out);
  if (m1.dtype() != m2.dtype()) throw Error(ErrorKind::Runtime, "mat1 and mat2 must have the same dtype");
  if (self.dtype() != m2.dtype()) throw Error(ErrorKind::Runtime, "self and mat2 must have the same dtype");
  if (self.dtype() == DType::Bool) notImplementedFor("addmm_impl_cpu_", self.dtype());
  r.add() = contiguousMeta(self.dtype(), out);
}

void addmv(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const TensorObject& mat = tensorArg(a, 1);
  const TensorObject& vec = tensorArg(a, 2);
  if (mat.dim() != 2 || vec.dim() != 1 || self.dim() > 1)
    throw Error(ErrorKind::Runtime, "vector + matrix @ vector expected, got " + std::to_string(self.dim()) + ", " +
                                        std::to_string(mat.dim()) + ", " + std::to_string(vec.dim()));
  const int64_t selfSize = self.dim() == 1 ? self.sizes()[0] : 1;
  if (mat.sizes()[1] != vec.sizes()[0] || (selfSize != mat.sizes()[0] && selfSize != 1))
    throw Error(ErrorKind::Runtime, "size mismatch, got " + std::to_string(selfSize) + ", " + std::to_string(mat.sizes()[0]) +
                                        "x" + std::to_string(mat.sizes()[1]) + "," + std::to_string(vec.sizes()[0]));
  checkSameScalarType(mat.dtype(), vec.dtype());
  checkSameScalarType(mat.dtype(), self.dtype());
  if (mat.dtype() == DType::Bool) notImplementedFor("addmv_impl_cpu", mat.dtype());
  r.add() = contiguousMeta(mat.dtype(), Dims{mat.sizes()[0]});
}

int64_t crossDim(const BoundArgs& a) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  auto given = optIntArg(a, 2);
  int64_t dim = -1;
  if (given) {
    dim = wrapDim(*given, x.dim());
  } else {
    // PyTorch 1.13's torch.cross without dim: the first dim of size 3 of self.
    for (int d = 0; d < x.dim() && dim < 0; ++d)
      if (x.sizes()[d] == 3) dim = d;
    if (dim < 0) throw Error(ErrorKind::Runtime, "no dimension of size 3 in input");
  }
  int64_t xs = x.sizes()[static_cast<int>(dim)], ys = y.sizes()[static_cast<int>(dim)];
  if (xs != 3 || ys != 3)
    throw Error(ErrorKind::Runtime, "linalg.cross: inputs dimension " + std::to_string(given ? *given : dim) +
                                        " must have length 3. Got " + std::to_string(xs) + " and " + std::to_string(ys));
  return dim;
}

void cross(const BoundArgs& a, MetaResult& r) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  if (x.dim() != y.dim()) throw Error(ErrorKind::Runtime, "linalg.cross: inputs must have the same number of dimensions.");
  crossDim(a);
  Dims shape = broadcastShapes(x.sizes(), y.sizes());
  checkSameScalarType(x.dtype(), y.dtype());
  r.add() = contiguousMeta(x.dtype(), shape);
}

void kthvalue(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = selectionSpec(a, "kthvalue");
  int64_t dim = wrapDim(intArg(a, 2), self.dim());
  int64_t n = self.dim() == 0 ? 1 : self.sizes()[static_cast<int>(dim)];
  int64_t k = intArg(a, 1);
  if (k < 1 || k > n)
    throw Error(ErrorKind::Runtime, "kthvalue(): selected number k out of range for dimension " + std::to_string(dim));
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
  r.add() = contiguousMeta(DType::Int64, spec.outSizes);
}

void mode(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = selectionSpec(a, "mode");
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
  r.add() = contiguousMeta(DType::Int64, spec.outSizes);
}

void einsum(const BoundArgs& a, MetaResult& r) {
  const std::vector<Value>& operands = tensorListArg(a, 1);
  if (operands.empty()) throw Error(ErrorKind::Runtime, "einsum(): must provide at least one operand");
  std::vector<Dims> shapes;
  for (const Value& v : operands) shapes.push_back(asTensor(v)->sizes());
  EinsumPlan plan = planEinsum(a.strAt(0), shapes);
  for (size_t i = 1; i < operands.size(); ++i) checkSameScalarType(asTensor(operands[0])->dtype(), asTensor(operands[i])->dtype());
  Dims out;
  for (int label : plan.output) out.push_back(plan.sizes[static_cast<size_t>(label)]);
  r.add() = contiguousMeta(asTensor(operands[0])->dtype(), out);
}

}  // namespace tdsl::meta
