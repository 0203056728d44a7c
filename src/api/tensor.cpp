// Tensors across the boundary without copies: host memory wrapped as a
// script tensor (Note [Storage and views] in tensor/tensor.h), and a script
// tensor's data, dtype, sizes and strides read back.
#include <limits>

#include "api/core.h"
#include "tensor/tensor.h"
#include "vm/gc.h"
#include "vm/vm.h"

namespace tdsl::api {

namespace {

using detail::Core;

const TensorObject& tensorOf(const Tensor& t) {
  const tdsl::Value& v = Core::raw(t.value());
  if (!v.isTensor()) throw Error(ErrorKind::RuntimeError, "an empty tdsl::Tensor handle");
  return *v.as<TensorObject>();
}

tdsl::DType toVm(DType d) {
  switch (d) {
    case DType::Bool: return tdsl::DType::Bool;
    case DType::Int32: return tdsl::DType::Int32;
    case DType::Int64: return tdsl::DType::Int64;
    case DType::Float32: return tdsl::DType::Float32;
    case DType::Float64: return tdsl::DType::Float64;
  }
  throw Error(ErrorKind::ValueError, "unknown dtype");
}

DType fromVm(tdsl::DType d) {
  switch (d) {
    case tdsl::DType::Bool: return DType::Bool;
    case tdsl::DType::Int32: return DType::Int32;
    case tdsl::DType::Int64: return DType::Int64;
    case tdsl::DType::Float32: return DType::Float32;
    case tdsl::DType::Float64: return DType::Float64;
  }
  return DType::Float32;
}

std::vector<int64_t> dimsToVector(const Dims& d) { return std::vector<int64_t>(d.begin(), d.end()); }

}  // namespace

size_t itemSize(DType dtype) { return tdsl::itemSize(toVm(dtype)); }

const char* dtypeName(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "torch.bool";
    case DType::Int32: return "torch.int32";
    case DType::Int64: return "torch.int64";
    case DType::Float32: return "torch.float32";
    case DType::Float64: return "torch.float64";
  }
  return "?";
}

DType Tensor::dtype() const { return fromVm(tensorOf(*this).dtype()); }
int64_t Tensor::dim() const { return tensorOf(*this).dim(); }
std::vector<int64_t> Tensor::sizes() const { return dimsToVector(tensorOf(*this).sizes()); }
std::vector<int64_t> Tensor::strides() const { return dimsToVector(tensorOf(*this).strides()); }
int64_t Tensor::numel() const { return tensorOf(*this).numel(); }

bool Tensor::isContiguous() const {
  const TensorObject& t = tensorOf(*this);
  int64_t expected = 1;
  for (int i = t.dim(); i-- > 0;) {
    if (t.sizes()[i] == 1) continue;
    if (t.strides()[i] != expected) return false;
    expected *= t.sizes()[i];
  }
  return true;
}

void* Tensor::data() const {
  const TensorObject& t = tensorOf(*this);
  if (t.isMeta()) throw Error(ErrorKind::RuntimeError, "a meta tensor has no data");
  return t.dataPtr();
}

Tensor Interpreter::wrap(void* data, DType dtype, std::vector<int64_t> sizes, std::vector<int64_t> strides,
                         std::function<void(void*)> deleter) {
  // A deleter runs even when wrapping fails: the tensor owns the memory from here on.
  struct Owner {
    void* data;
    std::function<void(void*)>& deleter;
    bool handedOver = false;
    ~Owner() {
      if (!handedOver && deleter) deleter(data);
    }
  } owner{data, deleter};
  if (!data && !sizes.empty()) throw Error(ErrorKind::ValueError, "wrap: null data pointer");
  if (sizes.size() > static_cast<size_t>(tdsl::kMaxDims))
    throw Error(ErrorKind::ValueError, "wrap: " + std::to_string(sizes.size()) + " dimensions, at most " + std::to_string(tdsl::kMaxDims));
  for (int64_t s : sizes)
    if (s < 0) throw Error(ErrorKind::ValueError, "wrap: negative size " + std::to_string(s));
  if (!strides.empty() && strides.size() != sizes.size())
    throw Error(ErrorKind::ValueError, "wrap: " + std::to_string(sizes.size()) + " sizes but " + std::to_string(strides.size()) + " strides");
  for (int64_t s : strides)
    if (s < 0) throw Error(ErrorKind::ValueError, "wrap: negative stride " + std::to_string(s));
  tdsl::Value t = core_->enter([&] {
    Dims dsizes(sizes);
    Dims dstrides = strides.empty() ? contiguousStrides(dsizes) : Dims(strides);
    owner.handedOver = true;
    return tdsl::Value(tdsl::wrapHostMemory(data, toVm(dtype), dsizes, dstrides, std::move(deleter)));
  });
  return Tensor(core_->box(std::move(t)));
}

}  // namespace tdsl::api
