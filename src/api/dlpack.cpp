// DLPack import and export (<dlpack/dlpack.h>, Debian's libdlpack-dev 0.6):
// tensors shared with PyTorch's C++ API, TVM and other DLPack speakers
// without copying.
#include <dlpack/dlpack.h>

#include <vector>

#include "api/core.h"

namespace tdsl::api {

namespace {

struct DType2DL {
  DType dtype;
  uint8_t code;
  uint8_t bits;
};
constexpr DType2DL kDTypes[] = {
    {DType::Int32, kDLInt, 32},
    {DType::Int64, kDLInt, 64},
    {DType::Float32, kDLFloat, 32},
    {DType::Float64, kDLFloat, 64},
};

// What an exported DLManagedTensor owns: a reference to the tensor (so its
// storage lives) and the shape and strides arrays it points at.
struct Exported {
  DLManagedTensor managed{};
  Value keep;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
};

}  // namespace

DLManagedTensor* Tensor::toDLPack() const {
  DType d = dtype();
  const DType2DL* entry = nullptr;
  for (const DType2DL& e : kDTypes)
    if (e.dtype == d) entry = &e;
  if (!entry) throw Error(ErrorKind::TypeError, std::string("DLPack 0.6 has no type for ") + dtypeName(d));
  auto out = std::make_unique<Exported>();
  out->keep = value_;
  out->shape = sizes();
  out->strides = strides();
  DLTensor& t = out->managed.dl_tensor;
  t.data = data();
  t.device = DLDevice{kDLCPU, 0};
  t.ndim = static_cast<int>(out->shape.size());
  t.dtype = DLDataType{entry->code, entry->bits, 1};
  t.shape = out->shape.data();
  t.strides = out->strides.data();
  t.byte_offset = 0;
  out->managed.manager_ctx = out.get();
  out->managed.deleter = [](DLManagedTensor* self) { delete static_cast<Exported*>(self->manager_ctx); };
  return &out.release()->managed;
}

Tensor Interpreter::fromDLPack(DLManagedTensor* managed) {
  if (!managed) throw Error(ErrorKind::ValueError, "fromDLPack: null DLManagedTensor");
  auto release = [managed](void*) {
    if (managed->deleter) managed->deleter(managed);
  };
  const DLTensor& t = managed->dl_tensor;
  auto fail = [&](const std::string& why) -> Tensor {
    release(nullptr);
    throw Error(ErrorKind::ValueError, "fromDLPack: " + why);
  };
  if (t.device.device_type != kDLCPU) return fail("only CPU tensors can be shared (device type " + std::to_string(t.device.device_type) + ")");
  if (t.dtype.lanes != 1) return fail("vector types (lanes > 1) are not supported");
  const DType2DL* entry = nullptr;
  for (const DType2DL& e : kDTypes)
    if (e.code == t.dtype.code && e.bits == t.dtype.bits) entry = &e;
  if (!entry) return fail("no tdsl dtype for DLPack type code " + std::to_string(t.dtype.code) + " with " + std::to_string(t.dtype.bits) + " bits");
  if (t.ndim < 0) return fail("negative ndim");
  std::vector<int64_t> sizes(t.shape, t.shape + t.ndim);
  std::vector<int64_t> strides;
  if (t.strides) strides.assign(t.strides, t.strides + t.ndim);
  void* data = static_cast<char*>(t.data) + t.byte_offset;
  return wrap(data, entry->dtype, std::move(sizes), std::move(strides), release);
}

}  // namespace tdsl::api
