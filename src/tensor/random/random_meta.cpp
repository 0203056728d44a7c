// Shape rules of the random ops (random_ops.h), with PyTorch's checks in
// PyTorch's order, so eager and traced calls raise the same errors.
#include <sstream>

#include "tensor/kernel_util.h"
#include "tensor/op_meta.h"
#include "tensor/op_meta_extra.h"
#include "tensor/promotion.h"
#include "tensor/random/random_ops.h"
#include "tensor/tensor_iter.h"

namespace tdsl::meta {

namespace {

// A double as PyTorch's messages print it (C++ stream formatting).
std::string num(double x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

[[noreturn]] void notImplemented(const char* kernel, DType d) {
  throw Error(ErrorKind::Runtime, std::string("\"") + kernel + "\" not implemented for '" + scalarName(d) + "'");
}

void checkSizes(const Dims& sizes) {
  for (int64_t s : sizes)
    if (s < 0)
      throw Error(ErrorKind::Runtime, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " +
                                        formatDims(sizes));
}

DType dtypeOr(const BoundArgs& a, DType fallback) {
  auto d = dtypeArg(a, argIndex(a, "dtype"));
  return d ? *d : fallback;
}

void checkRandomBounds(const BoundArgs& a);

// The sampler's own checks, by op (uniform_, normal_, exponential_, cauchy_, log_normal_, geometric_,
// random_, bernoulli_ and their functional twins).
void checkSampler(const BoundArgs& a) {
  const TensorObject& self = tensorArg(a, 0);
  const std::string& base = a.op->baseName;
  const DType d = self.dtype();
  if (base == "uniform") {
    if (!isFloating(d)) notImplemented("check_uniform_bounds", d);
    double from = floatArg(a, 1), to = floatArg(a, 2);
    if (!(from <= to))
      throw Error(ErrorKind::Runtime,
                  "uniform_ expects to return a [from, to) range, but found from=" + num(from) + " > to=" + num(to));
  } else if (base == "normal") {
    double stdv = floatArg(a, 2);
    if (!(stdv >= 0.0)) throw Error(ErrorKind::Runtime, "normal expects std >= 0.0, but found std " + num(stdv));
    if (!isFloating(d)) notImplemented("normal_kernel_cpu", d);
  } else if (base == "exponential") {
    double lambda = floatArg(a, 1);
    if (!(lambda > 0.0))
      throw Error(ErrorKind::Runtime, "exponential_ expects lambda > 0.0, but found lambda=" + num(lambda));
    if (!isFloating(d))
      throw Error(ErrorKind::Runtime,
                  "Exponential distribution is a continuous probability distribution. dtype must be a floating point "
                  "but you specified " + scalarName(d));
  } else if (base == "cauchy") {
    double sigma = floatArg(a, 2);
    if (!(sigma > 0.0)) throw Error(ErrorKind::Runtime, "cauchy_ expects sigma > 0.0, but found sigma=" + num(sigma));
    if (!isFloating(d))
      throw Error(ErrorKind::Runtime,
                  "Cauchy distribution is a continuous probability distribution. dtype must be a floating point but "
                  "you specified " + std::string(cTypeName(d)));
  } else if (base == "log_normal") {
    double stdv = floatArg(a, 2);
    if (!(stdv > 0.0)) throw Error(ErrorKind::Runtime, "log_normal_ expects std > 0.0, but found std=" + num(stdv));
    if (!isFloating(d)) notImplemented("log_normal_cpu", d);
  } else if (base == "geometric") {
    double p = floatArg(a, 1);
    if (!(p > 0 && p < 1)) throw Error(ErrorKind::Runtime, "geometric_ expects p to be in (0, 1), but got p=" + num(p));
    if (d == DType::Bool) notImplemented("geometric_cpu", d);
  } else if (base == "random") {
    checkRandomBounds(a);
  } else if (base == "bernoulli") {
    if (a[1].isTensor()) {
      const TensorObject& p = tensorArg(a, 1);
      checkBroadcastTo(p.sizes(), self.sizes());
      if (!isFloating(p.dtype()) ) notImplemented("bernoulli_tensor_cpu_p_", p.dtype());
    } else {
      double p = floatArg(a, 1);
      if (!(p >= 0 && p <= 1)) throw Error(ErrorKind::Runtime, "bernoulli_ expects p to be in [0, 1], but got p=" + num(p));
    }
  }
}

// random_'s bounds for dtype d: `from` and `toInc` (the largest value drawn).
void checkInBounds(int64_t from, int64_t toInc, DType d) {
  if (d == DType::Bool) {
    if (from < 0 || from > 1) throw Error(ErrorKind::Runtime, "from is out of bounds for bool");
    if (toInc < 0 || toInc > 1) throw Error(ErrorKind::Runtime, "to - 1 is out of bounds for bool");
  } else if (d == DType::Int32) {
    if (from < INT32_MIN || from > INT32_MAX) throw Error(ErrorKind::Runtime, "from is out of bounds for int");
    if (toInc < INT32_MIN || toInc > INT32_MAX) throw Error(ErrorKind::Runtime, "to - 1 is out of bounds for int");
  }
}

// random_(from, to)'s checks (randint's too): a non-empty range within the dtype's bounds.
void checkRange(int64_t from, int64_t to, DType d) {
  if (from >= to)
    throw Error(ErrorKind::Runtime, "random_ expects 'from' to be less than 'to', but got from=" + std::to_string(from) +
                                        " >= to=" + std::to_string(to));
  checkInBounds(from, to - 1, d);
}

// random_() / random_(to) / random_(from, to): PyTorch's bounds checks; a
// None `to` means up to randomUpperInclusive, or every int64 when `from` is
// the smallest one.
void checkRandomBounds(const BoundArgs& a) {
  const DType d = tensorArg(a, 0).dtype();
  const int fromAt = argIndex(a, "from"), toAt = argIndex(a, "to");
  if (toAt < 0) return;
  const int64_t from = fromAt < 0 ? 0 : intArg(a, fromAt);
  if (!a.isNone(toAt)) {
    checkRange(from, intArg(a, toAt), d);
    return;
  }
  if (from == INT64_MIN) {
    if (d != DType::Int64 && !isFloating(d))
      throw Error(ErrorKind::Runtime, "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
    return;
  }
  const int64_t toInc = randomUpperInclusive(d);
  checkInBounds(from, toInc, d);
  if (from > toInc)
    throw Error(ErrorKind::Runtime, "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted "
                                    "to dtype, but got from=" + std::to_string(from) + " > to_inc=" + std::to_string(toInc));
}

}  // namespace

void randomInplace(const BoundArgs& a, MetaResult& r) {
  checkSampler(a);
  r.add() = tensorArg(a, 0).meta;
}

void randomFunctional(const BoundArgs& a, MetaResult& r) {
  checkSampler(a);
  const TensorObject& self = tensorArg(a, 0);
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);
}

// randint(high, size) / randint.low(low, high, size): int64 unless dtype= says otherwise.
void randint(const BoundArgs& a, MetaResult& r) {
  const bool low = argIndex(a, "low") >= 0;
  Dims sizes = intListArg(a, low ? 2 : 1);
  checkSizes(sizes);
  DType d = dtypeOr(a, DType::Int64);
  checkRange(low ? intArg(a, 0) : 0, intArg(a, low ? 1 : 0), d);
  r.add() = contiguousMeta(d, sizes);
}

void randintLike(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  const bool low = argIndex(a, "low") >= 0;
  DType d = dtypeOr(a, self.dtype());
  checkRange(low ? intArg(a, 1) : 0, intArg(a, low ? 2 : 1), d);
  r.add() = layoutLike(self.meta, d, memoryFormatArg(a));
}

void randperm(const BoundArgs& a, MetaResult& r) {
  int64_t n = intArg(a, 0);
  checkSizes(Dims{n});
  r.add() = contiguousMeta(dtypeOr(a, DType::Int64), Dims{n});
}

void normalSizes(const BoundArgs& a, MetaResult& r) {
  double stdv = floatArg(a, 1);
  if (!(stdv >= 0.0)) throw Error(ErrorKind::Runtime, "normal expects std >= 0.0, but found std " + num(stdv));
  Dims sizes = intListArg(a, 2);
  checkSizes(sizes);
  DType d = dtypeOr(a, DType::Float32);
  if (!isFloating(d)) notImplemented("normal_kernel_cpu", d);
  r.add() = contiguousMeta(d, sizes);
}

// normal(mean, std) with a tensor for either: the broadcast shape, mean's or std's dtype.
void normalTensors(const BoundArgs& a, MetaResult& r) {
  const bool meanT = a[0].isTensor(), stdT = a[1].isTensor();
  if (!stdT) {
    double stdv = floatArg(a, 1);
    if (!(stdv >= 0.0)) throw Error(ErrorKind::Runtime, "normal expects std >= 0.0, but found std " + num(stdv));
  }
  Dims sizes = meanT && stdT ? broadcastShapes(tensorArg(a, 0).sizes(), tensorArg(a, 1).sizes())
                             : tensorArg(a, meanT ? 0 : 1).sizes();
  DType d = tensorArg(a, meanT ? 0 : 1).dtype();
  if (!isFloating(d)) notImplemented("normal_kernel_cpu", d);
  r.add() = contiguousMeta(d, sizes);
}

// bernoulli(self) / bernoulli.p(self, p): self's dtype and layout.
void bernoulliTensor(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  if (a.count < 2 && !isFloating(self.dtype())) notImplemented("bernoulli_tensor_cpu_p_", self.dtype());
  if (a.count >= 2) checkSampler(a);
  r.add() = layoutLike(self.meta, self.dtype(), MemoryFormat::Preserve);
}

void multinomial(const BoundArgs& a, MetaResult& r) {
  const TensorObject& self = tensorArg(a, 0);
  int64_t n = intArg(a, 1);
  bool replacement = boolArg(a, 2);
  if (self.dim() < 1 || self.dim() > 2) throw Error(ErrorKind::Runtime, "prob_dist must be 1 or 2 dim");
  if (!isFloating(self.dtype()))
    throw Error(ErrorKind::Runtime,
                "multinomial only supports floating-point dtypes for input, got: " + scalarName(self.dtype()));
  if (n <= 0) throw Error(ErrorKind::Runtime, "cannot sample n_sample <= 0 samples");
  int64_t categories = self.sizes()[self.dim() - 1];
  if (!replacement && n > categories)
    throw Error(ErrorKind::Runtime, "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  if (categories > (int64_t(1) << 24)) throw Error(ErrorKind::Runtime, "number of categories cannot exceed 2^24");
  r.add() = contiguousMeta(DType::Int64, self.dim() == 1 ? Dims{n} : Dims{self.sizes()[0], n});
}

}  // namespace tdsl::meta
