// Shape/dtype rules for reductions and linear algebra (see op_meta.h).
#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/reduce.h"
#include "tensor/tensor_iter.h"

namespace tdsl {

ReduceSpec reduceSpec(const BoundArgs& a, const char* opName) {
  ReduceSpec spec;
  const TensorObject& self = tensorArg(a, 0);
  const int rank = self.dim();
  int dimIdx = argIndex(a, "dim");
  int keepIdx = argIndex(a, "keepdim");
  spec.keepdim = keepIdx >= 0 && boolArg(a, keepIdx);
  bool reduceAll = dimIdx < 0 || a.isNone(dimIdx);
  Dims dims;
  if (!reduceAll) dims = intListArg(a, dimIdx);
  if (!reduceAll && dims.empty() && a.kind(dimIdx) == ArgKind::Dims) reduceAll = true;  // dim=[]
  spec.reduced.resize(rank, reduceAll ? 1 : 0);
  for (int64_t d : dims) {
    int64_t w = wrapDim(d, rank);
    if (rank == 0) continue;
    if (spec.reduced[w])
      throw Error(ErrorKind::Runtime, "dim " + std::to_string(w) + " appears multiple times in the list of dims");
    spec.reduced[w] = 1;
  }
  spec.all = reduceAll;
  for (int d = 0; d < rank; ++d) {
    if (spec.reduced[d]) {
      if (spec.keepdim) spec.outSizes.push_back(1);
    } else {
      spec.outSizes.push_back(self.sizes()[d]);
    }
  }
  return spec;
}

}  // namespace tdsl

namespace tdsl::meta {

namespace {

DType accumulateDType(const BoundArgs& a) {
  if (auto d = dtypeArg(a, argIndex(a, "dtype"))) return *d;
  DType in = tensorArg(a, 0).dtype();
  return isFloating(in) ? in : DType::Int64;
}

void checkNonEmptyForMinMax(const TensorObject& self, const char* name, const ReduceSpec& spec) {
  for (int d = 0; d < self.dim(); ++d) {
    if (spec.reduced[d] && self.sizes()[d] == 0) {
      if (spec.all)
        throw Error(ErrorKind::Index, std::string(name) +
                                          "(): Expected reduction dim to be specified for input.numel() == 0. "
                                          "Specify the reduction dim with the 'dim' argument.");
      throw Error(ErrorKind::Index, std::string(name) + "(): Expected reduction dim " + std::to_string(d) +
                                        " to have non-zero size.");
    }
  }
}

}  // namespace

void sum(const BoundArgs& a, MetaResult& r) {
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  r.add() = contiguousMeta(accumulateDType(a), spec.outSizes);
}

void mean(const BoundArgs& a, MetaResult& r) {
  ReduceSpec spec = reduceSpec(a, "mean");
  auto explicitType = dtypeArg(a, argIndex(a, "dtype"));
  DType d = explicitType ? *explicitType : tensorArg(a, 0).dtype();
  if (!isFloating(d))
    throw Error(ErrorKind::Type,
                "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
                "dtype. Got: " + scalarName(d));
  r.add() = contiguousMeta(d, spec.outSizes);
}

void minmax(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  checkNonEmptyForMinMax(self, a.op->name().c_str(), spec);
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
}

void minmaxDim(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  checkNonEmptyForMinMax(self, a.op->name().c_str(), spec);
  r.add() = contiguousMeta(self.dtype(), spec.outSizes);
  r.add() = contiguousMeta(DType::Int64, spec.outSizes);
}

void argminmax(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  checkNonEmptyForMinMax(self, a.op->name().c_str(), spec);
  r.add() = contiguousMeta(DType::Int64, spec.outSizes);
}

void allAny(const BoundArgs& a, MetaResult& r) {
  ReduceSpec spec = reduceSpec(a, a.op->name().c_str());
  r.add() = contiguousMeta(DType::Bool, spec.outSizes);
}

namespace {
std::string dtypeCName(DType d) {
  switch (d) {
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Int64: return "long int";
    case DType::Int32: return "int";
    case DType::Bool: return "bool";
  }
  return "?";
}
}  // namespace

void mm(const BoundArgs& a, MetaResult& r) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  if (x.dim() != 2) throw Error(ErrorKind::Shape, "self must be a matrix");
  if (y.dim() != 2) throw Error(ErrorKind::Shape, "mat2 must be a matrix");
  if (x.sizes()[1] != y.sizes()[0])
    throw Error(ErrorKind::Shape, "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(x.sizes()[0]) + "x" +
                                      std::to_string(x.sizes()[1]) + " and " + std::to_string(y.sizes()[0]) + "x" +
                                      std::to_string(y.sizes()[1]) + ")");
  if (x.dtype() != y.dtype())
    throw Error(ErrorKind::Type, "expected mat1 and mat2 to have the same dtype, but got: " + dtypeCName(x.dtype()) +
                                     " != " + dtypeCName(y.dtype()));
  r.add() = contiguousMeta(x.dtype(), Dims{x.sizes()[0], y.sizes()[1]});
}

void dot(const BoundArgs& a, MetaResult& r) {
  const TensorObject& x = tensorArg(a, 0);
  const TensorObject& y = tensorArg(a, 1);
  if (x.dim() != 1 || y.dim() != 1)
    throw Error(ErrorKind::Shape, "1D tensors expected, but got " + std::to_string(x.dim()) + "D and " +
                                      std::to_string(y.dim()) + "D tensors");
  if (x.dtype() != y.dtype())
    throw Error(ErrorKind::Type, "dot : expected both vectors to have same dtype, but found " + scalarName(x.dtype()) +
                                     " and " + scalarName(y.dtype()));
  if (x.sizes()[0] != y.sizes()[0])
    throw Error(ErrorKind::Shape, "inconsistent tensor size, expected tensor [" + std::to_string(x.sizes()[0]) +
                                      "] and src [" + std::to_string(y.sizes()[0]) +
                                      "] to have the same number of elements, but got " +
                                      std::to_string(x.sizes()[0]) + " and " + std::to_string(y.sizes()[0]) +
                                      " elements respectively");
  r.add() = contiguousMeta(x.dtype(), Dims{});
}

MatmulShape matmulShape(const TensorObject& x, const TensorObject& y) {
  MatmulShape s;
  if (x.dim() == 0 || y.dim() == 0)
    throw Error(ErrorKind::Shape, "both arguments to matmul need to be at least 1D, but they are " +
                                      std::to_string(x.dim()) + "D and " + std::to_string(y.dim()) + "D");
  if (x.dtype() != y.dtype())
    throw Error(ErrorKind::Type, "expected m1 and m2 to have the same dtype, but got: " + dtypeCName(x.dtype()) +
                                     " != " + dtypeCName(y.dtype()));
  // Treat x as [batch..., m, k] and y as [batch..., k, n]; 1-D operands get a unit dim.
  Dims xs = x.sizes(), ys = y.sizes();
  s.xVector = xs.size() == 1;
  s.yVector = ys.size() == 1;
  if (s.xVector) xs.insert(0, 1);
  if (s.yVector) ys.push_back(1);
  s.m = xs[xs.size() - 2];
  s.k = xs[xs.size() - 1];
  s.n = ys[ys.size() - 1];
  int64_t k2 = ys[ys.size() - 2];
  if (s.k != k2) {
    if (x.dim() == 1 && y.dim() == 1)
      throw Error(ErrorKind::Shape, "inconsistent tensor size, expected tensor [" + std::to_string(s.k) +
                                        "] and src [" + std::to_string(k2) +
                                        "] to have the same number of elements, but got " + std::to_string(s.k) +
                                        " and " + std::to_string(k2) + " elements respectively");
    if (y.dim() == 1)
      throw Error(ErrorKind::Shape, "size mismatch, got input (" + std::to_string(s.m) + "), mat (" +
                                        std::to_string(s.m) + "x" + std::to_string(s.k) + "), vec (" +
                                        std::to_string(k2) + ")");
    throw Error(ErrorKind::Shape, "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(s.m) + "x" +
                                      std::to_string(s.k) + " and " + std::to_string(k2) + "x" + std::to_string(s.n) +
                                      ")");
  }
  Dims xb, yb;
  for (int i = 0; i + 2 < xs.size(); ++i) xb.push_back(xs[i]);
  for (int i = 0; i + 2 < ys.size(); ++i) yb.push_back(ys[i]);
  s.batch = broadcastShapesForMatmul(xb, yb);
  s.outSizes = s.batch;
  if (!s.xVector) s.outSizes.push_back(s.m);
  if (!s.yVector) s.outSizes.push_back(s.n);
  return s;
}

void matmul(const BoundArgs& a, MetaResult& r) {
  const TensorObject& x = tensorArg(a, 0);
  MatmulShape s = matmulShape(x, tensorArg(a, 1));
  r.add() = contiguousMeta(x.dtype(), s.outSizes);
}

}  // namespace tdsl::meta

namespace tdsl {
Dims broadcastShapesForMatmul(const Dims& a, const Dims& b) { return broadcastShapes(a, b); }
}  // namespace tdsl
