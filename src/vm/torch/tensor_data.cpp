#include "vm/torch/tensor_data.h"

#include <vector>

#include "autograd/batching.h"
#include "support/diagnostics.h"
#include "vm/objects.h"
#include "vm/value_ops.h"
#include "tensor/kernel_util.h"
#include "vm/torch/dispatch.h"
#include "tensor/scalar_convert.h"
#include "tensor/tensor_iter.h"

namespace tdsl {

namespace {

bool isSeq(const Value& v) { return v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple); }

// Nesting depth of a value (recursion bounded by kMaxDims).
void inferShape(const Value& v, int depth, Dims& shape) {
  if (!isSeq(v)) return;
  if (depth >= kMaxDims) checkRank(static_cast<size_t>(depth) + 1);
  const auto& items = listItems(v);
  shape.push_back(static_cast<int64_t>(items.size()));
  if (!items.empty()) inferShape(items[0], depth + 1, shape);
}

struct Flattener {
  const Dims& shape;
  std::vector<Value> flat;
  bool anyFloat = false, anyInt = false, allBool = true;

  void walk(const Value& v, int depth) {
    if (depth == shape.size()) {
      if (isSeq(v))
        throw Error(ErrorKind::Value, "expected a number at dim " + std::to_string(depth) + " but got a sequence");
      if (v.isTensor()) {
        const TensorObject& t = *asTensor(v);
        if (autograd::hasPhysicalDims(t)) autograd::throwBatchedItem();  // one value per sample
        if (t.numel() != 1)
          throw Error(ErrorKind::Value, "only one element tensors can be converted to Python scalars");
        Value e = elementValue(t, 0);
        note(e);
        flat.push_back(e);
        return;
      }
      if (!(v.isBool() || v.isInt() || v.isFloat()))
        throw Error(ErrorKind::Type, "new(): invalid data type '" + typeName(v) + "'");
      note(v);
      flat.push_back(v);
      return;
    }
    if (!isSeq(v))
      throw Error(ErrorKind::Value, "expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                                        std::to_string(depth) + " (got a number)");
    const auto& items = listItems(v);
    if (static_cast<int64_t>(items.size()) != shape[depth])
      throw Error(ErrorKind::Value, "expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                                        std::to_string(depth) + " (got " + std::to_string(items.size()) + ")");
    for (const Value& item : items) walk(item, depth + 1);
  }
  void note(const Value& v) {
    if (v.isFloat()) { anyFloat = true; allBool = false; }
    else if (v.isInt()) { anyInt = true; allBool = false; }
  }
};

}  // namespace

// torch.tensor(range(n)): a range is a sequence of ints, read as their list.
static Value rangeAsList(const Value& data) {
  const auto& r = *data.as<RangeObject>();
  const int64_t n = r.length();
  if (n > (int64_t(1) << 40)) throw Error(ErrorKind::Resource, "out of memory: range too long for a tensor");
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) items.push_back(Value::integer(r.start + i * r.step));
  return makeList(std::move(items));
}

Ref<TensorObject> tensorFromData(TensorState& state, const Value& data, std::optional<DType> dtype) {
  if (data.isObj(ObjKind::Range)) return tensorFromData(state, rangeAsList(data), dtype);
  if (data.isTensor()) {
    const TensorObject& src = *asTensor(data);
    if (autograd::hasPhysicalDims(src))  // Note [Batched tensors]: every sample's data
      throw Error(ErrorKind::Runtime, "Cannot access data pointer of Tensor that doesn't have storage");
    auto out = allocTensor(state, dtype.value_or(src.dtype()), src.sizes());
    copyInto(*out, src);
    return out;
  }
  Dims shape;
  inferShape(data, 0, shape);
  Flattener f{shape, {}};
  f.walk(data, 0);
  DType inferred = f.anyFloat ? state.defaultFloat : (f.flat.empty() ? state.defaultFloat : f.allBool ? DType::Bool : DType::Int64);
  DType d = dtype.value_or(inferred);
  auto out = allocTensor(state, d, shape);
  withDType(d, [&](auto tag) {
    using T = decltype(tag);
    T* p = out->data<T>();
    for (size_t i = 0; i < f.flat.size(); ++i) {
      const Value& v = f.flat[i];
      if constexpr (!std::is_floating_point<T>::value && !std::is_same<T, bool>::value) {
        if (v.isFloat() && !(v.asFloat() == v.asFloat()))
          throw Error(ErrorKind::Value, "cannot convert float NaN to integer");
        if (scalarOverflows<T>(v))  // Note [Checked scalar conversion]
          throw Error(ErrorKind::Runtime, std::string("value cannot be converted to type ") + dtypeName(d) +
                                              " without overflow");
      }
      p[i] = scalarAs<T>(v);
    }
  });
  return out;
}

Value elementValue(const TensorObject& t, int64_t flat) {
  const char* p = t.dataPtr() + byteOffsetOf(t.meta, flat);
  switch (t.dtype()) {
    case DType::Bool: return Value::boolean(*reinterpret_cast<const bool*>(p));
    case DType::Int32: return Value::integer(*reinterpret_cast<const int32_t*>(p));
    case DType::Int64: return Value::integer(*reinterpret_cast<const int64_t*>(p));
    case DType::Float32: return Value::number(*reinterpret_cast<const float*>(p));
    case DType::Float64: return Value::number(*reinterpret_cast<const double*>(p));
  }
  return Value();
}

namespace {
Value toListRec(const TensorObject& t, int dim, int64_t& flat) {
  if (dim == t.dim()) return elementValue(t, flat++);
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(t.sizes()[dim]));
  for (int64_t i = 0; i < t.sizes()[dim]; ++i) items.push_back(toListRec(t, dim + 1, flat));
  return makeList(std::move(items));
}
}  // namespace

Value tensorToList(const TensorObject& t) {
  if (t.isMeta()) throw Error(ErrorKind::Runtime, "tolist() cannot be called on a meta tensor");
  // Note [Container size limits]: every element becomes a list item, so an
  // expanded or as_strided view of 2**32 elements fails here, not in swap.
  checkSeqSize(static_cast<uint64_t>(t.numel()));
  int64_t flat = 0;
  return toListRec(t, 0, flat);
}

Value tensorItem(const TensorObject& t) {
  if (t.isMeta()) throw Error(ErrorKind::Runtime, "item() cannot be called on a meta tensor");
  if (t.numel() != 1)
    throw Error(ErrorKind::Runtime, "a Tensor with " + std::to_string(t.numel()) +
                                        " elements cannot be converted to Scalar");
  return elementValue(t, 0);
}

}  // namespace tdsl
