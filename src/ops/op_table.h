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
// sizes, strides and offset but no data. dispatchOp() (ops/dispatch.h)
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
#include "tensor/op_abi.h"
#include "tensor/tensor_meta.h"
#include "core/value.h"

namespace tdsl::ir {

struct OpDef;

// The op ABI's types (tensor/op_abi.h), under the names the upper layers use.
using ::tdsl::ArgKind;
using ::tdsl::BoundArgs;
using ::tdsl::EagerFn;
using ::tdsl::kMaxOpArgs;
using ::tdsl::kMaxOpOutputs;
using ::tdsl::MetaFn;
using ::tdsl::MetaResult;
using ::tdsl::OpKernelInfo;
using ::tdsl::OpResults;
using ::tdsl::OpTag;
using ::tdsl::kTagPointwise;
using ::tdsl::kTagReduction;
using ::tdsl::kTagView;
using ::tdsl::kTagInplace;
using ::tdsl::kTagIndexedUpdate;
using ::tdsl::kTagScatter;
using ::tdsl::kTagFactory;
using ::tdsl::kTagRandom;
using ::tdsl::kTagComparison;
using ::tdsl::kTagLinalg;
using ::tdsl::kTagMaybeView;
using ::tdsl::kTagShape;
using ::tdsl::kTagIndexing;
using ::tdsl::kTagNonTensorResult;
using ::tdsl::kTagCopy;
using ::tdsl::kTagNormal;
using ::tdsl::kTagNoPythonSignature;
using ::tdsl::kTagDataDependentShape;

// How the op is exposed to scripts (native_functions.yaml `variants:`).
enum OpVariant : uint8_t { kFunction = 1, kMethod = 2 };

// One row of the table. The OpKernelInfo base (name, tags, meta, eager) is
// what the row's kernels see of it.
struct OpDef : OpKernelInfo {
  Schema schema;
  uint8_t variants = kFunction | kMethod;
  const OpDef* functional = nullptr;  // in-place op -> its functional twin
  const OpDef* inplace = nullptr;     // functional op -> its in-place twin
  const OpDef* inverse = nullptr;     // view -> the scatter that inverts it
  int id = 0;                         // index in opTable().ops()
  int selfArg = -1;                   // index of the argument named `self` (the method receiver), or -1
  // Note [Positional orders]: the schema indices that positional arguments
  // fill, in order: every non-keyword-only argument for a function call, the
  // same without `self` for a method call. Worked out once per row, because
  // binding runs on every eager op call (and twice when the first overload
  // refuses, as add_.Tensor refuses a Python float).
  uint8_t positionalAsFunction[kMaxOpArgs] = {};
  uint8_t positionalAsMethod[kMaxOpArgs] = {};
  uint8_t numPositionalAsFunction = 0;
  uint8_t numPositionalAsMethod = 0;
  // Note [Multi-output results]: an op with several returns (max.dim ->
  // (Tensor values, Tensor indices)) returns them all in OpResults; the VM
  // makes them a named tuple of type torch.return_types.<name> with the
  // schema's return names as fields, as PyTorch does (vm/torch/op_results.h).

  std::string fullName() const { return schema.fullName(); }
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
const std::vector<OpRow>& randomOpRows();
// The families tensor-only scripts meet beyond those (rows/sorting.cpp, scan.cpp,
// reorder.cpp, pointwise_extra.cpp, statistics.cpp, linalg.cpp).
const std::vector<OpRow>& sortingOpRows();
const std::vector<OpRow>& scanOpRows();
const std::vector<OpRow>& reorderOpRows();
const std::vector<OpRow>& pointwiseExtraOpRows();
const std::vector<OpRow>& statisticsOpRows();
const std::vector<OpRow>& linalgOpRows();

}  // namespace tdsl::ir
