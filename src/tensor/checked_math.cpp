// Note [Checked geometry] (checked_math.h) and Note [Checked scalar conversion] (scalar_convert.h).
#include "tensor/checked_math.h"

#include <string>

#include "support/diagnostics.h"
#include "tensor/scalar_convert.h"

namespace tdsl {

void throwMulOverflow(const char* what) {
  throw Error(ErrorKind::Runtime, std::string(what) + ": integer multiplication overflow");
}

void throwAddOverflow(const char* what) {
  throw Error(ErrorKind::Runtime, std::string(what) + ": integer addition overflow");
}

int64_t checkedNumel(const Dims& sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) {
    if (s < 0) throwMulOverflow("numel");  // c10 multiplies as uint64: a negative size overflows
    n = checkedMul(n, s, "numel");
  }
  return n;
}

int64_t storageExtent(const TensorMeta& m) {
  for (int64_t s : m.sizes)
    if (s == 0) return 0;
  // computeStorageNbytes: offset + 1 + sum((size - 1) * stride), then x itemsize.
  int64_t extent = 0;
  bool overflow = __builtin_add_overflow(m.offset, int64_t(1), &extent);
  for (int i = 0; i < m.sizes.size() && !overflow; ++i) {
    int64_t span;
    overflow = __builtin_mul_overflow(m.sizes[i] - 1, m.strides[i], &span) ||
               __builtin_add_overflow(extent, span, &extent);
  }
  int64_t bytes;
  overflow = overflow || __builtin_mul_overflow(extent, static_cast<int64_t>(itemSize(m.dtype)), &bytes);
  if (overflow)
    throw Error(ErrorKind::Runtime, "Storage size calculation overflowed with sizes=" + formatDims(m.sizes) +
                                        " and strides=" + formatDims(m.strides));
  return extent;
}

void checkViewGeometry(const TensorMeta& m) {
  checkedNumel(m.sizes);
  storageExtent(m);
}

int64_t contiguousNbytes(const Dims& sizes, int64_t item) {
  int64_t n = item;
  for (int64_t s : sizes)
    if (__builtin_mul_overflow(n, s, &n))
      throw Error(ErrorKind::Runtime, "Storage size calculation overflowed with sizes=" + formatDims(sizes));
  return n;
}

void throwScalarOverflow(const char* typeName) {
  throw Error(ErrorKind::Runtime, std::string("value cannot be converted to type ") + typeName + " without overflow");
}

void checkScalarFits(const Value& v, DType dtype) {
  bool overflow = false;
  switch (dtype) {
    case DType::Bool: break;
    case DType::Int32: overflow = scalarOverflows<int32_t>(v); break;
    case DType::Int64: overflow = scalarOverflows<int64_t>(v); break;
    case DType::Float32: overflow = scalarOverflows<float>(v); break;
    case DType::Float64: break;
  }
  if (overflow) throwScalarOverflow(dtype == DType::Int32 ? "int" : dtype == DType::Int64 ? "int64_t" : "float");
}

}  // namespace tdsl
