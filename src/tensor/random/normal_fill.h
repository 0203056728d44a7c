// PyTorch's fast normal fill for contiguous tensors of 16 or more elements.
//
// Note [Normal fill in blocks of 16]
// randn / normal_ on a contiguous tensor with numel >= 16 does not draw pairs
// per element (that path, normal_distribution<double>, serves smaller or
// non-contiguous tensors). It first fills the whole tensor with uniforms of
// its own dtype, then turns each block of 16 into normals with Box-Muller:
// element j < 8 of a block and element j + 8 form a pair, u1 = 1 - x[j],
// u2 = x[j + 8], radius = sqrt(-2 log u1), theta = 2 pi u2, and the block
// becomes radius cos(theta) (first 8) and radius sin(theta) (last 8),
// times std plus mean. When numel is not a multiple of 16, the last 16
// elements (overlapping the previous block) are drawn afresh as uniforms and
// transformed again. float32 on a CPU with AVX2 (the capability PyTorch
// picks here and on every x86-64 machine since 2013) computes log, sin and
// cos with avx_mathfun's Cephes polynomials in single precision and the
// final step as one fused multiply-add; normalFillBlockFloat does those
// very float operations one lane at a time. float64 uses libm's log, cos
// and sin in double.
#pragma once

namespace tdsl {

void normalFillBlockFloat(float* data, float mean, float stdv);
void normalFillBlockDouble(double* data, double mean, double stdv);

}  // namespace tdsl
