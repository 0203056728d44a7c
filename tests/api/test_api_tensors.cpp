// Tensors across the host boundary without copies (issue 14).
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <vector>

TEST_CASE("a script's add_ is visible in the host buffer", "[api]") {
  tdsl::Interpreter interp;
  std::vector<float> buf{1, 2, 3, 4, 5, 6};
  tdsl::Tensor t = interp.wrap(buf.data(), tdsl::DType::Float32, {2, 3});
  CHECK(t.data() == buf.data());
  interp.set("x", t);
  interp.exec("import torch\nx.add_(10)\nx[1, 2] = -1.0\n");
  CHECK(buf == std::vector<float>{11, 12, 13, 14, 15, -1});
  CHECK(interp.eval("x.sum().item()").as<double>() == 64.0);
}

TEST_CASE("host strides are kept: a transposed view", "[api]") {
  tdsl::Interpreter interp;
  std::vector<double> buf{0, 1, 2, 3, 4, 5};  // 2x3 row-major, seen as its 3x2 transpose
  tdsl::Tensor t = interp.wrap(buf.data(), tdsl::DType::Float64, {3, 2}, {1, 3});
  CHECK_FALSE(t.isContiguous());
  interp.set("x", t);
  CHECK(interp.eval("x.tolist()").repr() == "[[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]");
  interp.exec("x[0].mul_(2)\n");
  CHECK(buf == std::vector<double>{0, 1, 2, 6, 4, 5});
}

TEST_CASE("a script tensor's data, dtype, sizes and strides", "[api]") {
  tdsl::Interpreter interp;
  interp.exec("import torch\ny = torch.arange(12, dtype=torch.int64).reshape(3, 4)\nz = y[:, 1::2]\n");
  tdsl::Tensor y = interp.get<tdsl::Tensor>("y");
  CHECK(y.dtype() == tdsl::DType::Int64);
  CHECK(y.sizes() == std::vector<int64_t>{3, 4});
  CHECK(y.strides() == std::vector<int64_t>{4, 1});
  CHECK(y.numel() == 12);
  CHECK(y.data<int64_t>()[7] == 7);
  tdsl::Tensor z = interp.get("z").toTensor();
  CHECK(z.sizes() == std::vector<int64_t>{3, 2});
  CHECK(z.strides() == std::vector<int64_t>{4, 2});
  CHECK(z.data<int64_t>() == y.data<int64_t>() + 1);  // a view: same storage, offset applied
  CHECK(z.data<int64_t>()[1 * 4 + 1 * 2] == 7);
  // Writing through the host pointer is seen by the script.
  y.data<int64_t>()[0] = 100;
  CHECK(interp.eval("int(y[0, 0])").as<int64_t>() == 100);
  CHECK_THROWS_WITH(interp.get("y").as<std::string>(), "must be str, not Tensor");
}

TEST_CASE("an owned buffer's deleter runs when the last view dies", "[api]") {
  int deleted = 0;
  {
    tdsl::Interpreter interp;
    auto* mem = static_cast<int32_t*>(std::malloc(4 * sizeof(int32_t)));
    for (int i = 0; i < 4; ++i) mem[i] = i;
    interp.set("x", interp.wrap(mem, tdsl::DType::Int32, {4}, {}, [&deleted](void* p) {
      std::free(p);
      ++deleted;
    }));
    interp.exec("v = x[2:]\nx = None\n");
    CHECK(deleted == 0);  // the view keeps the storage
    CHECK(interp.eval("int(v.sum())").as<int>() == 5);
    interp.exec("v = None\n");
    CHECK(deleted == 1);
  }
  CHECK(deleted == 1);
}

TEST_CASE("wrap rejects impossible layouts", "[api]") {
  tdsl::Interpreter interp;
  float f[4];
  CHECK_THROWS_WITH(interp.wrap(f, tdsl::DType::Float32, {2, -2}), "wrap: negative size -2");
  CHECK_THROWS_WITH(interp.wrap(f, tdsl::DType::Float32, {2, 2}, {1}), "wrap: 2 sizes but 1 strides");
  int deleted = 0;
  CHECK_THROWS(interp.wrap(f, tdsl::DType::Float32, {-1}, {}, [&](void*) { ++deleted; }));
  CHECK(deleted == 1);  // ownership passed even though wrapping failed
}

TEST_CASE("a compiled function runs over a host buffer in place", "[api]") {
  tdsl::Interpreter interp;
  interp.exec(
      "import torch\n"
      "@torch.compile\n"
      "def step(x, d):\n"
      "    x[1:-1].add_(d * 0.5)\n"
      "    return x.sum()\n");
  std::vector<float> buf(8, 1.0f);
  tdsl::Tensor x = interp.wrap(buf.data(), tdsl::DType::Float32, {8});
  for (int i = 0; i < 3; ++i) interp.call("step", x, 2.0);
  CHECK(buf == std::vector<float>{1, 4, 4, 4, 4, 4, 4, 1});
}
