// Op table rows: factories (tensors made from sizes and numbers) and random ops.
#include "ops/op_table.h"
#include "tensor/op_kernels.h"
#include "tensor/op_meta.h"

namespace tdsl::ir {

namespace k = ::tdsl::kernels;
namespace m = ::tdsl::meta;

const std::vector<OpRow>& factoryOpRows() {
  constexpr uint32_t FA = kTagFactory;
  constexpr uint32_t RA = kTagFactory | kTagRandom;
  constexpr uint32_t RN = RA | kTagNormal;
  constexpr uint8_t F = kFunction;
  static const std::vector<OpRow> rows = {
      {"zeros(SymInt[] size, *, ScalarType? dtype=None) -> Tensor", FA, F, m::sizeFactory, k::zeros, nullptr},
      {"ones(SymInt[] size, *, ScalarType? dtype=None) -> Tensor", FA, F, m::sizeFactory, k::ones, nullptr},
      {"empty(SymInt[] size, *, ScalarType? dtype=None) -> Tensor", FA, F, m::sizeFactory, k::zeros, nullptr},
      {"full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None) -> Tensor", FA, F, m::full, k::full, nullptr},
      {"zeros_like(Tensor self, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", FA, F, m::likeFactory, k::zeros, nullptr},
      {"ones_like(Tensor self, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", FA, F, m::likeFactory, k::ones, nullptr},
      {"empty_like(Tensor self, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", FA, F, m::likeFactory, k::zeros, nullptr},
      {"full_like(Tensor self, Scalar fill_value, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", FA, F, m::fullLike, k::full, nullptr},
      {"arange(Scalar end, *, ScalarType? dtype=None) -> Tensor", FA, F, m::arange, k::arange, nullptr},
      {"arange.start(Scalar start, Scalar end, *, ScalarType? dtype=None) -> Tensor", FA, F, m::arange, k::arange, nullptr},
      {"arange.start_step(Scalar start, Scalar end, Scalar step=1, *, ScalarType? dtype=None) -> Tensor", FA, F, m::arange, k::arange, nullptr},
      {"linspace(Scalar start, Scalar end, int steps, *, ScalarType? dtype=None) -> Tensor", FA, F, m::linspace, k::linspace, nullptr},
      {"eye(int n, *, ScalarType? dtype=None) -> Tensor", FA, F, m::eye, k::eye, nullptr},
      {"eye.m(int n, int m, *, ScalarType? dtype=None) -> Tensor", FA, F, m::eye, k::eye, nullptr},
      {"rand(int[] size, *, ScalarType? dtype=None) -> Tensor", RA, F, m::sizeFactory, k::rand, nullptr},
      {"randn(int[] size, *, ScalarType? dtype=None) -> Tensor", RN, F, m::sizeFactory, k::randn, nullptr},
      {"rand_like(Tensor self, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", RA, F, m::likeFactory, k::rand, nullptr},
      {"randn_like(Tensor self, *, ScalarType? dtype=None, MemoryFormat? memory_format=None) -> Tensor", RN, F, m::likeFactory, k::randn, nullptr},
  };
  return rows;
}

}  // namespace tdsl::ir
