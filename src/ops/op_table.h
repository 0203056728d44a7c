// The one op table (DESIGN.md §2.1, STYLE.md practice 1). Every tensor op is
// declared once, ATen-style, as a schema string with alias annotations plus
// tags, a shape/dtype rule that needs no data, and an eager kernel. The VM's
// torch.X(...) / t.X(...) / Python operators, the tracer, functionalization,
// alias analysis, reinplacing and the JIT all read this table; nobody keeps a
// private list of op names.
//
// Links between rows are derived, not hand-kept:
//   - functional/in-place: `foo_.ovl` <-> `foo.ovl` by PyTorch's naming rule;
//   - view inverse: each View row names its scatter (see Note [View inverses]).
// tests/unit/test_op_table.cpp checks the table's consistency.
//
// Note [View inverses]
// A view's inverse is the functional op that writes a new value for the view
// back into its base, returning the updated base:
//   slice.Tensor   <-> slice_scatter(base, src, dim, start, end, step)
//   select.int     <-> select_scatter(base, src, dim, index)
//   (these two return a clone of base with src written in: base's layout
//   is kept as clone keeps it, Note [Preserved layout] in tensor_meta.h)
//   every other view (view, reshape-as-view, transpose, t, permute, expand,
//   unsqueeze, squeeze, alias/detach, as_strided, narrow, diagonal, flatten,
//   contiguous-as-view) <-> as_strided_scatter(base, src, size, stride,
//   storage_offset): the generalized scatter, taking the view's exact sizes,
//   strides and storage offset (from the view's TensorMeta) relative to the
//   base's storage. Writing through an expanded (stride-0) view is an error in
//   eager mode, so as_strided_scatter never needs to pick among duplicates.
//   Precisely: as_strided_scatter(self, src, size, stride, off) returns a
//   contiguous copy of self (offset 0) whose elements at the as_strided
//   (size, stride, off) positions of that copy's storage are replaced by src;
//   callers describe the view relative to a contiguous, offset-0 base.
//
// Note [MaybeView ops]
// reshape, flatten and contiguous are "composite" in PyTorch: they return a
// view (or self) when the strides allow and a fresh copy otherwise. They carry
// the MaybeView tag (plus View, since the schema says Tensor(a)); whether a
// given call aliased is decided by metadata alone: the meta rule sets
// MetaResult::aliasesSelf, which the tracer can evaluate on proxies.
//
// Note [Dispatch and meta tensors]
// A TensorObject without storage is a meta ("proxy") tensor: it has dtype,
// sizes, strides and offset but no data. dispatchOp() (vm/torch/dispatch.h)
// first offers every call to the TensorState's interceptor (the tracer); with
// no interceptor, a call with any meta tensor argument runs only the op's
// `meta` rule and returns meta tensors; otherwise it runs the eager kernel.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ops/schema.h"
#include "tensor/tensor_meta.h"
#include "core/value.h"

namespace tdsl {
struct TensorState;
struct NamedTupleType;
}

namespace tdsl::ir {

struct OpDef;

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
  kTagMaybeView = 1u << 10,     // Note [MaybeView ops]
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
};

// How the op is exposed to scripts (native_functions.yaml `variants:`).
enum OpVariant : uint8_t { kFunction = 1, kMethod = 2 };

// Bound arguments of one call, in schema order, defaults filled in. Values
// are converted to the schema's types: Tensor args hold TensorObjects (None
// for an absent optional), int/SymInt hold Value::integer, float holds
// Value::number, Scalar holds a bool/int/float immediate (its Python type
// matters for type promotion), ScalarType holds Value::dtype, int[] holds a
// ListObject/TupleObject of ints or (for int[N] given one int) Value::integer,
// Tensor[] / Tensor?[] hold a ListObject/TupleObject.
// Note [No allocation on the hot path]: a fixed array, so binding a call to
// a one-element in-place op allocates nothing.
constexpr int kMaxOpArgs = 10;
struct BoundArgs {
  const OpDef* op = nullptr;
  Value v[kMaxOpArgs];
  int count = 0;
  const Value& operator[](int i) const { return v[i]; }
  Value& operator[](int i) { return v[i]; }
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

// Shape/dtype rule: fills `result` from argument metadata only (tensors may be
// meta tensors). Throws tdsl::Error with PyTorch's message for bad shapes,
// dims or dtypes. For view ops the result reproduces eager strides and offset
// exactly (eager views are built from it). For ops with a non-tensor result
// (equal, allclose) it validates and leaves count == 0.
using MetaFn = void (*)(const BoundArgs& args, MetaResult& result);

// Eager kernel: computes the result(s) on real tensors. Returns the tensor
// (self for in-place ops), OpDef::packResults of the outputs for
// multi-output ops, or a Python value.
using EagerFn = Value (*)(TensorState& state, const BoundArgs& args);

struct OpDef {
  Schema schema;
  uint32_t tags = 0;
  uint8_t variants = kFunction | kMethod;
  MetaFn meta = nullptr;
  EagerFn eager = nullptr;
  const OpDef* functional = nullptr;  // in-place op -> its functional twin
  const OpDef* inplace = nullptr;     // functional op -> its in-place twin
  const OpDef* inverse = nullptr;     // view -> the scatter that inverts it
  int id = 0;                         // index in opTable().ops()
  int selfArg = -1;                   // index of the argument named `self` (the method receiver), or -1
  // Note [Multi-output results]: an op with several named returns
  // (max.dim -> (Tensor values, Tensor indices)) returns a named tuple of
  // type torch.return_types.<name> with the schema's return names as
  // fields, as PyTorch does; null for single-result ops.
  std::shared_ptr<const NamedTupleType> resultTuple;

  const std::string& name() const { return schema.name; }
  // The script value of an op's outputs: the one output itself, or a tuple
  // of them (named when resultTuple is set). Eager kernels, meta-only
  // dispatch and the tracer all build multi-output results here.
  Value packResults(std::vector<Value> outs) const;
  std::string fullName() const { return schema.fullName(); }
  bool has(uint32_t tag) const { return (tags & tag) != 0; }
};

// The rows as written in src/ir/ops_*.cpp (static constant data).
struct OpRow {
  const char* schema;
  uint32_t tags;
  uint8_t variants;
  MetaFn meta;
  EagerFn eager;
  const char* inverse;  // full name of the inverse scatter for View rows, else nullptr
};

// All overloads of one name, in declaration order (the order overload
// resolution tries them, as PyTorch's arg parser does).
struct OverloadSet {
  std::string name;
  std::vector<const OpDef*> ops;
  bool anyMethod = false;
  bool anyFunction = false;
};

class OpTable {
 public:
  explicit OpTable(const std::vector<const std::vector<OpRow>*>& rowGroups);
  OpTable(const OpTable&) = delete;
  OpTable& operator=(const OpTable&) = delete;

  const std::vector<OpDef>& ops() const { return ops_; }
  // By full name: "add.Tensor", "sum" (no overload), "max.dim". nullptr when absent.
  const OpDef* find(std::string_view fullName) const;
  // By base name: "add" -> {add.Tensor, add.Scalar}. nullptr when absent.
  const OverloadSet* overloads(std::string_view name) const;
  const std::vector<OverloadSet>& overloadSets() const { return sets_; }

 private:
  std::vector<OpDef> ops_;
  std::vector<OverloadSet> sets_;
  std::unordered_map<std::string_view, const OpDef*> byFullName_;
  std::vector<std::string> fullNames_;  // owns the keys of byFullName_
  std::unordered_map<std::string_view, const OverloadSet*> byName_;
};

// The table, built once on first use (thread-safe) and immutable afterwards.
const OpTable& opTable();

// The row groups, one per ops_*.cpp file.
const std::vector<OpRow>& pointwiseOpRows();
const std::vector<OpRow>& reductionOpRows();
const std::vector<OpRow>& viewOpRows();
const std::vector<OpRow>& indexingOpRows();
const std::vector<OpRow>& factoryOpRows();

}  // namespace tdsl::ir
