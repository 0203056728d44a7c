// DLPack import and export keep the memory shared (issue 14).
#include <tdsl/tdsl.h>

#include <dlpack/dlpack.h>

#include <catch2/catch.hpp>

#include <vector>

namespace {

// A host-side DLManagedTensor over `buf` (2x3 float64, row-major) that
// counts its deleter's calls.
struct HostTensor {
  std::vector<double> buf{1, 2, 3, 4, 5, 6};
  int64_t shape[2] = {2, 3};
  int deleted = 0;
  DLManagedTensor managed{};
  DLManagedTensor* make() {
    managed.dl_tensor.data = buf.data();
    managed.dl_tensor.device = DLDevice{kDLCPU, 0};
    managed.dl_tensor.ndim = 2;
    managed.dl_tensor.dtype = DLDataType{kDLFloat, 64, 1};
    managed.dl_tensor.shape = shape;
    managed.dl_tensor.strides = nullptr;
    managed.dl_tensor.byte_offset = 0;
    managed.manager_ctx = this;
    managed.deleter = [](DLManagedTensor* self) { ++static_cast<HostTensor*>(self->manager_ctx)->deleted; };
    return &managed;
  }
};

}  // namespace

TEST_CASE("a DLPack tensor imported without a copy", "[api]") {
  HostTensor host;
  {
    tdsl::Interpreter interp;
    tdsl::Tensor t = interp.fromDLPack(host.make());
    CHECK(t.data() == host.buf.data());
    CHECK(t.dtype() == tdsl::DType::Float64);
    CHECK(t.sizes() == std::vector<int64_t>{2, 3});
    interp.set("x", t);
    interp.exec("x.add_(1)\ncol = x[:, 1]\n");
    CHECK(host.buf == std::vector<double>{2, 3, 4, 5, 6, 7});
    t = tdsl::Tensor();
    interp.exec("x = None\n");
    CHECK(host.deleted == 0);  // the view `col` still holds the memory
    interp.exec("col = None\n");
    CHECK(host.deleted == 1);
  }
  CHECK(host.deleted == 1);
}

TEST_CASE("DLPack export keeps the pointer and the tensor alive", "[api]") {
  tdsl::Interpreter interp;
  interp.exec("import torch\ny = torch.arange(12, dtype=torch.float32).reshape(3, 4).t()\n");
  tdsl::Tensor y = interp.get<tdsl::Tensor>("y");
  DLManagedTensor* m = y.toDLPack();
  CHECK(m->dl_tensor.data == y.data());
  CHECK(m->dl_tensor.ndim == 2);
  CHECK(m->dl_tensor.shape[0] == 4);
  CHECK(m->dl_tensor.strides[0] == 1);
  CHECK(m->dl_tensor.strides[1] == 4);
  CHECK(m->dl_tensor.dtype.code == kDLFloat);
  CHECK(m->dl_tensor.dtype.bits == 32);
  interp.exec("y = None\n");
  y = tdsl::Tensor();
  // The export still holds the storage: a round trip back sees the same memory.
  tdsl::Tensor back = interp.fromDLPack(m);
  interp.set("z", back);
  CHECK(interp.eval("z[1, 2].item()").as<double>() == 9.0);
  CHECK(static_cast<float*>(back.data())[4 * 1 + 1] == 5.0f);
}

TEST_CASE("DLPack tensors tdsl cannot hold are rejected and released", "[api]") {
  tdsl::Interpreter interp;
  HostTensor host;
  DLManagedTensor* m = host.make();
  m->dl_tensor.dtype = DLDataType{kDLUInt, 8, 1};
  CHECK_THROWS_WITH(interp.fromDLPack(m), "fromDLPack: no tdsl dtype for DLPack type code 1 with 8 bits");
  CHECK(host.deleted == 1);
  m = host.make();
  m->dl_tensor.device = DLDevice{kDLCUDA, 0};
  CHECK_THROWS_WITH(interp.fromDLPack(m), "fromDLPack: only CPU tensors can be shared (device type 2)");
  CHECK(host.deleted == 2);
  interp.exec("import torch\nb = torch.ones(2) > 0\n");
  CHECK_THROWS_WITH(interp.get<tdsl::Tensor>("b").toDLPack(), "DLPack 0.6 has no type for torch.bool");
}
