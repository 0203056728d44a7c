// The ISA-neutral vector-op layer (DESIGN.md §2.6): a fused body becomes an
// SSA list of lane-wise ops over a fixed virtual width (8 float32 / 4
// float64 lanes), which the ISA lowerings (x86_codegen.h) turn into code.
//
// Note [Lane semantics]: every op is defined per lane exactly as the eager
// kernel computes it (vm/tensor/kernels_pointwise.cpp), so a lowering that
// implements each op with one IEEE instruction (no contraction, no
// reassociation) is bit-identical to eager:
//   Add Sub Mul Div  IEEE a op b
//   Neg              sign bit flipped (C's -x)
//   Sqrt             IEEE square root (std::sqrt, correctly rounded)
//   Max / Min        a is NaN ? a : b is NaN ? b : a > b ? a : b (a < b for Min)
//   CmpLt CmpLe CmpEq  all-ones mask when a < b, a <= b, a == b (false on NaN)
//   CmpNe            all-ones mask when a != b (true on NaN)
//   Select           mask ? a : b, bit for bit
//   Call1 / Call2    scalar_math's function `index` (a MathFn) of a (and b):
//                    SLEEF's variant of the tier in the host's family,
//                    which equals the lane one eager calls (Note [SLEEF
//                    families])
// Higher ops are spelled with these: abs(x) = x < 0 ? -x : x,
// relu(x) = 0 < x ? x : 0, sigmoid(x) = 1 / (1 + exp(-x)) (scalar_math.h), clamp(x, l, h) = (x' = x < l ? l : x) > h ? h : x',
// a > b = b < a, a >= b = b <= a, where(c, a, b) = Select(c, a, b). A mask
// stored to a bool output becomes 1 / 0 bytes.
//
// Note [Mixed dtypes]
// A program whose values are not all of one float dtype is *mixed*
// (VectorProgram::mixed): its operands may be float32, float64, int64,
// int32 or bool, and Cvt ops convert between them in the middle. Every op
// carries the dtype of the value it defines (VOp::dtype); a comparison's
// value, a bool load and a Cvt to bool are masks (dtype Bool). Per lane,
// exactly as eager's static_cast (copyInto, and the conversion of every
// operand to the computation dtype in the pointwise kernels):
//   float -> float        IEEE conversion (cvtss2sd / cvtsd2ss)
//   int -> float          correctly rounded (cvtsi2ss / cvtsi2sd)
//   float -> int32/int64  truncation toward zero; NaN and values out of
//                         range give the type's minimum (cvttss2si and
//                         cvttsd2si: what GCC emits for eager's cast on
//                         x86-64, scalar or vectorized)
//   int64 -> int32        the low 32 bits; int32 -> int64 sign extension
//   x -> bool             x != 0 (NaN is true); bool -> x  0 or 1
// A bool operand is read as a byte (non-zero is true) and a bool output
// written as 1 / 0. x86 lowers mixed programs in its one-lane loop, and in
// its vector loop too unless they read a broadcast bool (Note [Mixed
// vectors] in x86_codegen.cpp: values of 4- and 8-byte lanes side by side,
// int64 <-> float lane by lane with the one-lane loop's instructions); the
// a64 lowering refuses them (the reference path runs the group).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace tdsl::jit {

enum class VKind : uint8_t {
  Load, Scalar, Zero, Add, Sub, Mul, Div, Neg, Sqrt, Max, Min, CmpLt, CmpLe, CmpEq, CmpNe, Select, Call1, Call2,
  Gather,  // Note [Indexed access]
  Cvt      // Note [Mixed dtypes]: a (of dtype ops[a].dtype) converted to dtype
};

// Op i defines value i. Load reads operand `index` (outputs first, then
// inputs: KernelArgs); Scalar reads constant `index`; Call1 / Call2 apply
// MathFn `index`; Gather reads operand `index` at the element operand
// `indexOperand` holds for the lane. `dtype` is the dtype of the value
// (Note [Mixed dtypes]): the computation's for arithmetic, the operand's for
// a Load, Bool for a mask, the target's for a Cvt.
struct VOp {
  VKind kind = VKind::Zero;
  int a = -1, b = -1, c = -1;
  int index = -1;
  int indexOperand = -1;
  DType dtype = DType::Float32;
};

// Note [Indexed access]
// Gathers and indexed stores (Note [Fused gathers], [Fused stores] in
// opt/fuse_indexed.cpp) address a 1-D data operand through an int64 index
// operand: lane i reads or writes data + index[i] * stride (bytes), where
// index[i] sits at the index operand's ptr + i * stride like any operand's
// element, in its own dtype (int64), whatever the lanes' dtype. The data
// operand's pointer does not move along the row (Layout::Indexed). The
// runner checks every index against the data operand's size (and, where
// `distinctIndices` says so, that no index repeats) before the kernel runs,
// so kernels never check bounds. A lowering without an address path (or
// without a one-lane loop) must refuse programs with hasIndexedAccess(); the
// group then runs on the reference path. x86: lane mode only (Note [Kernel
// loops]).

// A Python number of the body, converted to `dtype` (its op's computation
// dtype) at each call as eager converts it (scalarAs, or checkedScalarAs
// for clamp's bounds).
struct ScalarSource {
  ir::Arg arg;
  bool checked = false;
  DType dtype = DType::Float32;
};

struct VectorProgram {
  DType dtype = DType::Float32;  // of the lanes (of every input unless mixed)
  bool mixed = false;            // Note [Mixed dtypes]
  std::vector<DType> operandDType;  // per operand (outputs, then inputs)
  std::vector<bool> boolOutput;  // per output: a mask stored as bool bytes
  int numOutputs = 0;
  int numInputs = 0;
  std::vector<VOp> ops;
  std::vector<int> outputs;  // value stored to output k
  std::vector<ScalarSource> scalars;
  // Note [Indexed access]. Per output: the input (0-based among the inputs)
  // whose buffer it writes in place, or -1 for a fresh result; the operand
  // holding its store's indices, or -1 (lane i writes element i); whether
  // those indices must be distinct (the group also gathers from it).
  std::vector<int> storedInput;
  std::vector<int> scatterIndex;
  std::vector<bool> distinctIndices;
  // Per operand: int64 indices / a data operand addressed through indices.
  std::vector<bool> indexOperand;
  std::vector<bool> indexedOperand;
  bool hasIndexedAccess() const;
  int numOperands() const { return numOutputs + numInputs; }
  // The op DAG and dtype, without constants or sizes (part of the cache key).
  std::string structure() const;
};

// The program of a fused body, or nullopt with the reason in `why` when a
// node is not one the JIT lowers (the group then runs on the reference path).
std::optional<VectorProgram> buildVectorProgram(const ir::Graph& body, std::string* why);

}  // namespace tdsl::jit
