// The op ABI: how the op table's shape rules and eager kernels receive their
// arguments and hand back their results.
//
// Note [Op ABI]
// Arguments and results are typed values of the tensor layer, never VM
// objects, so kernels and shape rules (and the JIT after them) run without
// the VM: the Python argument parser (vm/torch/dispatch.cpp) converts a
// script call into BoundArgs once, the graph executor and shape inference
// (ir/meta_inference.cpp) convert a node's constants, and the VM packs
// OpResults into its tuples (vm/torch/op_results.h). Per schema type:
//   Tensor                        a TensorObject Value (None: absent optional)
//   int, SymInt, float, bool,
//   Scalar, ScalarType            an immediate Value (a Scalar keeps its Python
//                                 type: it matters for type promotion)
//   int[], int[N], SymInt[]       Dims; a single int given for int[N] stays an
//                                 int Value (so the graph records it as given)
//   Tensor[], Tensor?[]           a vector of Values (tensors; None for a hole)
//   str, MemoryFormat             a string (a memory format by its name, as in
//                                 the graph IR)
// and None for any absent optional. Note [No allocation on the hot path]:
// BoundArgs is a fixed array, so binding a call to a one-element in-place op
// allocates nothing; only tensor lists and strings own heap memory.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/value.h"
#include "tensor/tensor_meta.h"

namespace tdsl {

struct TensorState;
struct BoundArgs;
struct OpResults;

enum OpTag : uint32_t {
  kTagPointwise = 1u << 0,      // elementwise with broadcasting (unary or binary)
  kTagReduction = 1u << 1,      // reduces over dims
  kTagView = 1u << 2,           // result aliases self (schema Tensor(a) -> Tensor(a))
  kTagInplace = 1u << 3,        // writes self and returns it (Tensor(a!) -> Tensor(a!))
  kTagIndexedUpdate = 1u << 4,  // writes selected positions: index_copy, index_put, index_add, masked_fill
  kTagScatter = 1u << 5,        // functional inverse of a view (slice_scatter, ...)
  kTagFactory = 1u << 6,        // makes a tensor from no tensor data (zeros, arange, ...)
  kTagRandom = 1u << 7,         // reads the generator
  kTagComparison = 1u << 8,     // result dtype is bool
  kTagLinalg = 1u << 9,         // mm / matmul / dot (OpenBLAS)
  kTagMaybeView = 1u << 10,     // Note [MaybeView ops] in ops/op_table.h
  kTagShape = 1u << 11,         // cat/stack/clone: moves data without arithmetic
  kTagIndexing = 1u << 12,      // reads gathered positions: index, index_select, gather
  kTagNonTensorResult = 1u << 13,  // returns a Python value (equal, allclose)
  kTagCopy = 1u << 14,          // copy/copy_: the result (written region) is another tensor's values
  kTagNormal = 1u << 15,        // with kTagRandom: samples the normal distribution (randn, randn_like)
  // Not one of PyTorch's Python signatures (its SKIP_PYTHON_BINDINGS_SIGNATURES:
  // add/sub/mul/div.Scalar and their in-place twins, whose numbers Python
  // passes to the Tensor overload). Overload resolution still tries the row;
  // argument errors neither count nor list it (Note [Argument errors] in
  // vm/torch/dispatch.cpp).
  kTagNoPythonSignature = 1u << 16,
  // The result's sizes depend on tensor data (nonzero): the meta rule cannot
  // size it, so the tracer breaks the graph there, as torch.compile does.
  kTagDataDependentShape = 1u << 17,
};

// The metadata of an op's tensor results (at most two: max.dim's values and indices).
constexpr int kMaxOpOutputs = 2;
struct MetaResult {
  TensorMeta out[kMaxOpOutputs];
  int count = 0;
  // View ops: true. MaybeView ops: whether this call returns a view of self
  // (else out[0] describes a fresh contiguous copy). Other ops: false.
  bool aliasesSelf = false;
  TensorMeta& add() { return out[count++]; }
};

// What an eager kernel returns: the result tensor (self for in-place ops), a
// Python value (equal, allclose), or several tensors (max.dim's values and
// indices; the VM makes them a torch.return_types named tuple).
struct OpResults {
  Value v[kMaxOpOutputs];
  int count = 0;

  OpResults() = default;
  OpResults(Value one) : count(1) { v[0] = std::move(one); }  // NOLINT: implicit by design
  template <class T>
  OpResults(const Ref<T>& one) : OpResults(Value(one)) {}  // NOLINT: implicit by design
  OpResults(Value first, Value second) : count(2) {
    v[0] = std::move(first);
    v[1] = std::move(second);
  }
  const Value& operator[](int i) const { return v[i]; }
  Value& operator[](int i) { return v[i]; }
};

// Shape/dtype rule: fills `result` from argument metadata only (tensors may be
// meta tensors). Throws tdsl::Error with PyTorch's message for bad shapes,
// dims or dtypes. For view ops the result reproduces eager strides and offset
// exactly (eager views are built from it). For ops with a non-tensor result
// (equal, allclose) it validates and leaves count == 0.
using MetaFn = void (*)(const BoundArgs& args, MetaResult& result);

// Eager kernel: computes the result(s) on real tensors.
using EagerFn = OpResults (*)(TensorState& state, const BoundArgs& args);

// What a shape rule or kernel knows of the op it serves; the op table's OpDef
// (ops/op_table.h) extends it with the schema and the links between rows.
struct OpKernelInfo {
  std::string opName;    // the schema's name: "add_", "max"
  std::string baseName;  // without the in-place '_': "add"
  std::vector<std::string> paramNames;  // in schema order
  uint32_t tags = 0;
  MetaFn meta = nullptr;
  EagerFn eager = nullptr;
  const OpKernelInfo* functionalKernel = nullptr;  // in-place op -> its functional twin

  const std::string& name() const { return opName; }
  bool has(uint32_t tag) const { return (tags & tag) != 0; }
  int argIndex(std::string_view paramName) const {  // -1 when absent
    for (size_t i = 0; i < paramNames.size(); ++i)
      if (paramNames[i] == paramName) return static_cast<int>(i);
    return -1;
  }
};

// How a BoundArgs slot holds its argument (Note [Op ABI]).
enum class ArgKind : uint8_t { Value, Dims, Tensors, Str };

constexpr int kMaxOpArgs = 10;
constexpr int kMaxDimsArgs = 2;  // as_strided's size and stride

// Bound arguments of one call, in schema order, defaults filled in.
struct BoundArgs {
  const OpKernelInfo* op = nullptr;
  int count = 0;
  Value v[kMaxOpArgs];  // the Value slots; None in the other slots
  ArgKind kinds[kMaxOpArgs] = {};
  // Set by setDims, read only for its slots: not initialized, so that binding
  // a call costs what its arguments need.
  uint8_t dimsSlot[kMaxOpArgs];
  Dims dims[kMaxDimsArgs];
  // Lists longer than kMaxDims: the length, reported when a rule reads the list.
  int dimsLength[kMaxDimsArgs];
  int numDims = 0;
  std::vector<Value> tensors;  // the one Tensor[] / Tensor?[] argument's items
  std::string str;             // the one str / MemoryFormat argument

  // Starts binding a call with `n` arguments: every slot a Value slot.
  void reset(const OpKernelInfo* info, int n) {
    op = info;
    count = n;
    numDims = 0;
    // Every slot, not just the first n: a fixed-size fill is two stores,
    // where a loop over n became a call to memset.
    std::fill(std::begin(kinds), std::end(kinds), ArgKind::Value);
  }

  // A Value slot (a tensor, an immediate, or None).
  const Value& operator[](int i) const { return v[i]; }
  Value& operator[](int i) { return v[i]; }
  ArgKind kind(int i) const { return kinds[i]; }
  bool isNone(int i) const { return kinds[i] == ArgKind::Value && v[i].isNone(); }

  // Setters for the other kinds; each replaces slot i.
  // The Dims to fill with `length` ints; null when the list is longer than
  // kMaxDims (dimsAt reports it).
  Dims* setDims(int i, size_t length);
  std::vector<Value>& setTensors(int i);
  void setStr(int i, std::string s);
  void setValue(int i, Value x) {
    kinds[i] = ArgKind::Value;
    v[i] = std::move(x);
  }
  // Copies slot `from` of `other` into slot i.
  void copySlot(int i, const BoundArgs& other, int from);

  // Throws Error(Value) "tensors with more than 16 dimensions ..." for a list
  // longer than kMaxDims, as building the Dims would.
  const Dims& dimsAt(int i) const;
  const std::vector<Value>& tensorsAt(int i) const { return tensors; }
  const std::string& strAt(int i) const { return str; }
};

}  // namespace tdsl
