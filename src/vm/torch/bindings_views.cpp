// Note [Composite view functions] (bindings_views.h): the split family as
// slices and selects of one tensor, as_tensor, resize_/resize_as_, H/mH.
#include "vm/torch/bindings_views.h"

#include <algorithm>
#include <string>

#include "support/diagnostics.h"
#include "tensor/op_kernels_views.h"
#include "tensor/tensor.h"
#include "vm/interpreter.h"
#include "vm/torch/bindings.h"
#include "vm/torch/dispatch.h"
#include "vm/torch/tensor_data.h"
#include "vm/torch/tensor_members.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

// The arguments of one call after the tensor: by position, or by keyword.
class Params {
 public:
  Params(const CallArgs& call, const char* fn) : call_(call), fn_(fn) {}

  // Rejects extra positionals and unknown keywords, in CPython's words.
  void allow(size_t maxPositional, std::initializer_list<std::string_view> names) const {
    if (call_.nargs > maxPositional)
      throw Error(ErrorKind::Type, std::string(fn_) + "() takes at most " + std::to_string(maxPositional + 1) +
                                       " arguments (" + std::to_string(call_.nargs + 1) + " given)");
    for (size_t i = 0; i < call_.nkwargs; ++i) {
      bool ok = false;
      for (auto n : names) ok |= call_.kwargs[i].name == n;
      if (!ok)
        throw Error(ErrorKind::Type, std::string(fn_) + "() got an unexpected keyword argument '" +
                                         std::string(call_.kwargs[i].name) + "'");
    }
  }
  const Value* get(size_t pos, std::initializer_list<std::string_view> names) const {
    if (pos < call_.nargs) return &call_.args[pos];
    for (size_t i = 0; i < call_.nkwargs; ++i)
      for (auto n : names)
        if (call_.kwargs[i].name == n) return &call_.kwargs[i].value;
    return nullptr;
  }
  const Value& required(size_t pos, std::string_view name) const {
    if (const Value* v = get(pos, {name})) return *v;
    throw Error(ErrorKind::Type, std::string(fn_) + "() missing required argument '" + std::string(name) +
                                     "' (pos " + std::to_string(pos + 1) + ")");
  }
  int64_t integer(const Value& v, std::string_view name, size_t pos) const {
    if (v.isInt()) return v.asInt();
    throw Error(ErrorKind::Type, std::string(fn_) + "(): argument '" + std::string(name) + "' (position " +
                                     std::to_string(pos + 1) + ") must be int, not " + typeName(v));
  }
  int64_t dim(size_t pos) const {
    const Value* d = get(pos, {"dim"});
    return d ? integer(*d, "dim", pos) : 0;
  }
  std::vector<int64_t> ints(const Value& v, std::string_view name, size_t pos) const {
    std::vector<int64_t> out;
    if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple)) {
      for (const Value& x : listItems(v)) {
        if (!x.isInt())
          throw Error(ErrorKind::Type, std::string(fn_) + "(): argument '" + std::string(name) + "' (position " +
                                           std::to_string(pos + 1) + ") must be tuple of ints, but found element of type " +
                                           typeName(x) + " at pos " + std::to_string(out.size()));
        out.push_back(x.asInt());
      }
      return out;
    }
    throw Error(ErrorKind::Type, std::string(fn_) + "(): argument '" + std::string(name) + "' (position " +
                                     std::to_string(pos + 1) + ") must be tuple of ints, not " + typeName(v));
  }

 private:
  const CallArgs& call_;
  const char* fn_;
};

bool isIntList(const Value& v) { return v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple); }

const TensorObject& tensorOf(const Value& self) { return *asTensor(self); }

// self.narrow(dim, start, length) as the slice view PyTorch's split pieces are.
Value piece(TensorState& s, const Value& self, int64_t dim, int64_t start, int64_t length) {
  return callOp(s, "slice", {self, Value::integer(dim), Value::integer(start), Value::integer(start + length),
                             Value::integer(1)});
}

Value piecesOfSizes(TensorState& s, const Value& self, int64_t dim, const std::vector<int64_t>& sizes) {
  std::vector<Value> out;
  int64_t start = 0;
  for (int64_t n : sizes) {
    out.push_back(piece(s, self, dim, start, n));
    start += n;
  }
  return makeTuple(std::move(out));
}

[[noreturn]] void needsDims(const char* what) {
  throw Error(ErrorKind::Runtime, std::string(what) + " expects at least a 1-dimensional tensor");
}

Value splitBySize(TensorState& s, const Value& self, int64_t splitSize, int64_t dimArg) {
  const TensorObject& t = tensorOf(self);
  if (t.dim() == 0) needsDims("split");
  const int64_t dim = wrapDim(dimArg, t.dim());
  const int64_t size = t.sizes()[static_cast<int>(dim)];
  if (splitSize < 0)
    throw Error(ErrorKind::Runtime, "split expects split_size be non-negative, but got split_size=" + std::to_string(splitSize));
  if (splitSize == 0 && size != 0)
    throw Error(ErrorKind::Runtime, "split_size can only be 0 if dimension size is 0, but got dimension size of " +
                                        std::to_string(size));
  const int64_t count = splitSize == 0 ? 1 : std::max<int64_t>((size + splitSize - 1) / splitSize, 1);
  std::vector<int64_t> sizes;
  for (int64_t i = 0; i < count; ++i) sizes.push_back(std::max<int64_t>(std::min(splitSize, size - i * splitSize), 0));
  return piecesOfSizes(s, self, dim, sizes);
}

std::string listText(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

Value splitWithSizes(TensorState& s, const Value& self, const std::vector<int64_t>& sizes, int64_t dimArg) {
  const TensorObject& t = tensorOf(self);
  if (t.dim() == 0) needsDims("split");
  const int64_t dim = wrapDim(dimArg, t.dim());
  const int64_t size = t.sizes()[static_cast<int>(dim)];
  int64_t total = 0;
  for (int64_t n : sizes) {
    if (n < 0)
      throw Error(ErrorKind::Runtime, "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=" +
                                          listText(sizes));
    total += n;
  }
  if (total != size)
    throw Error(ErrorKind::Runtime, "split_with_sizes expects split_sizes to sum exactly to " + std::to_string(size) +
                                        " (input tensor's size at dimension " + std::to_string(dim) +
                                        "), but got split_sizes=" + listText(sizes));
  return piecesOfSizes(s, self, dim, sizes);
}

// tensor_split: `sections` pieces (the first size % sections one longer), or
// the pieces between `indices` (clamped to the dim; a later index below an
// earlier one gives an empty piece).
Value tensorSplitSections(TensorState& s, const Value& self, int64_t sections, int64_t dimArg) {
  const TensorObject& t = tensorOf(self);
  if (t.dim() == 0)
    throw Error(ErrorKind::Runtime, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  if (sections <= 0) throw Error(ErrorKind::Runtime, "number of sections must be larger than 0, got " + std::to_string(sections));
  const int64_t dim = wrapDim(dimArg, t.dim());
  const int64_t size = t.sizes()[static_cast<int>(dim)];
  std::vector<int64_t> sizes;
  for (int64_t i = 0; i < sections; ++i) sizes.push_back(size / sections + (i < size % sections ? 1 : 0));
  return piecesOfSizes(s, self, dim, sizes);
}

Value tensorSplitIndices(TensorState& s, const Value& self, const std::vector<int64_t>& indices, int64_t dimArg) {
  const TensorObject& t = tensorOf(self);
  if (t.dim() == 0)
    throw Error(ErrorKind::Runtime, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  const int64_t dim = wrapDim(dimArg, t.dim());
  const int64_t size = t.sizes()[static_cast<int>(dim)];
  std::vector<Value> out;
  int64_t start = 0;
  auto clampIndex = [&](int64_t i) {
    if (i < 0) i += size;
    return std::clamp<int64_t>(i, 0, size);
  };
  for (int64_t index : indices) {
    int64_t end = clampIndex(index);
    out.push_back(piece(s, self, dim, start, std::max<int64_t>(end - start, 0)));
    start = end;  // x[a:b] with Python's slicing: b < a is empty, the next piece starts at b
  }
  out.push_back(piece(s, self, dim, start, size - start));
  return makeTuple(std::move(out));
}

// ---------------------------------------------------------------------------
// The methods (self first); torch.X(input, ...) forwards to them.

Value mSplit(Interpreter& interp, const Value& self, const CallArgs& call) {
  Params p(call, "split");
  p.allow(2, {"split_size", "split_size_or_sections", "dim"});
  const Value& size = p.get(0, {"split_size", "split_size_or_sections"}) ? *p.get(0, {"split_size", "split_size_or_sections"})
                                                                       : p.required(0, "split_size");
  if (isIntList(size)) return splitWithSizes(stateOf(interp), self, p.ints(size, "split_sizes", 1), p.dim(1));
  if (!size.isInt())
    throw Error(ErrorKind::Type, "split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not " +
                                     typeName(size));
  return splitBySize(stateOf(interp), self, size.asInt(), p.dim(1));
}

Value mSplitWithSizes(Interpreter& interp, const Value& self, const CallArgs& call) {
  Params p(call, "split_with_sizes");
  p.allow(2, {"split_sizes", "dim"});
  return splitWithSizes(stateOf(interp), self, p.ints(p.required(0, "split_sizes"), "split_sizes", 1), p.dim(1));
}

Value mUnbind(Interpreter& interp, const Value& self, const CallArgs& call) {
  Params p(call, "unbind");
  p.allow(1, {"dim"});
  const TensorObject& t = tensorOf(self);
  if (t.dim() == 0) throw Error(ErrorKind::Index, "Dimension specified as 0 but tensor has no dimensions");
  const int64_t dim = wrapDim(p.dim(0), t.dim());
  std::vector<Value> out;
  for (int64_t i = 0; i < t.sizes()[static_cast<int>(dim)]; ++i)
    out.push_back(callOp(stateOf(interp), "select", {self, Value::integer(dim), Value::integer(i)}));
  return makeTuple(std::move(out));
}

Value mChunk(Interpreter& interp, const Value& self, const CallArgs& call) {
  Params p(call, "chunk");
  p.allow(2, {"chunks", "dim"});
  const int64_t chunks = p.integer(p.required(0, "chunks"), "chunks", 0);
  const TensorObject& t = tensorOf(self);
  if (t.dim() == 0) needsDims("chunk");
  if (chunks <= 0) throw Error(ErrorKind::Runtime, "chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
  const int64_t dim = wrapDim(p.dim(1), t.dim());
  const int64_t size = t.sizes()[static_cast<int>(dim)];
  const int64_t splitSize = (size + chunks - 1) / chunks;
  // PyTorch: an empty dim gives `chunks` empty pieces.
  if (splitSize == 0 && size == 0)
    return piecesOfSizes(stateOf(interp), self, dim, std::vector<int64_t>(static_cast<size_t>(chunks), 0));
  return splitBySize(stateOf(interp), self, splitSize, dim);
}

Value mTensorSplit(Interpreter& interp, const Value& self, const CallArgs& call) {
  Params p(call, "tensor_split");
  p.allow(2, {"indices_or_sections", "sections", "indices", "dim"});
  const Value* arg = p.get(0, {"indices_or_sections", "sections", "indices"});
  if (!arg) p.required(0, "indices_or_sections");
  if (isIntList(*arg)) return tensorSplitIndices(stateOf(interp), self, p.ints(*arg, "indices", 1), p.dim(1));
  return tensorSplitSections(stateOf(interp), self, p.integer(*arg, "sections", 1), p.dim(1));
}

// hsplit / vsplit / dsplit: tensor_split along dim 1 (0 for 1-d), 0 or 2,
// where a number of sections must divide the dim.
Value directionalSplit(Interpreter& interp, const Value& self, const CallArgs& call, const char* name, int minDims) {
  Params p(call, name);
  p.allow(1, {"indices_or_sections", "sections", "indices"});
  const TensorObject& t = tensorOf(self);
  const std::string fn = std::string("torch.") + name;
  if (t.dim() < minDims)
    throw Error(ErrorKind::Runtime, fn + " requires a tensor with at least " + std::to_string(minDims) + " dimension" +
                                        (minDims == 1 ? "" : "") + ", but got a tensor with " + std::to_string(t.dim()) +
                                        " dimensions!");
  const int64_t dim = name[0] == 'h' ? (t.dim() == 1 ? 0 : 1) : name[0] == 'v' ? 0 : 2;
  const Value* arg = p.get(0, {"indices_or_sections", "sections", "indices"});
  if (!arg) p.required(0, "indices_or_sections");
  if (isIntList(*arg)) return tensorSplitIndices(stateOf(interp), self, p.ints(*arg, "indices", 1), dim);
  const int64_t sections = p.integer(*arg, "sections", 1);
  const int64_t size = t.sizes()[static_cast<int>(dim)];
  if (sections == 0 || size % sections != 0)
    throw Error(ErrorKind::Runtime, fn + " attempted to split along dimension " + std::to_string(dim) +
                                        ", but the size of the dimension " + std::to_string(size) +
                                        " is not divisible by the split_size " + std::to_string(sections) + "!");
  return tensorSplitSections(stateOf(interp), self, sections, dim);
}
Value mHsplit(Interpreter& i, const Value& s, const CallArgs& c) { return directionalSplit(i, s, c, "hsplit", 1); }
Value mVsplit(Interpreter& i, const Value& s, const CallArgs& c) { return directionalSplit(i, s, c, "vsplit", 2); }
Value mDsplit(Interpreter& i, const Value& s, const CallArgs& c) { return directionalSplit(i, s, c, "dsplit", 3); }

// resize_(*sizes, memory_format=None) and resize_as_(the_template).
Value mResize(Interpreter& interp, const Value& self, const CallArgs& call) {
  Params p(call, "resize_");
  for (size_t i = 0; i < call.nkwargs; ++i)
    if (call.kwargs[i].name != "memory_format")
      throw Error(ErrorKind::Type, "resize_() got an unexpected keyword argument '" + std::string(call.kwargs[i].name) + "'");
  Dims sizes;
  std::vector<int64_t> given;
  if (call.nargs == 1 && isIntList(call.args[0])) given = p.ints(call.args[0], "size", 0);
  else
    for (size_t i = 0; i < call.nargs; ++i) given.push_back(p.integer(call.args[i], "size", i));
  checkRank(given.size());
  for (int64_t n : given) sizes.push_back(n);
  kernels::resizeTensor(stateOf(interp), *asTensor(self), sizes);
  return self;
}

Value mResizeAs(Interpreter& interp, const Value& self, const CallArgs& call) {
  Params p(call, "resize_as_");
  p.allow(1, {"the_template", "memory_format"});
  const Value& other = p.required(0, "the_template");
  if (!other.isTensor())
    throw Error(ErrorKind::Type, "resize_as_(): argument 'the_template' (position 1) must be Tensor, not " + typeName(other));
  kernels::resizeTensor(stateOf(interp), *asTensor(self), asTensor(other)->sizes());
  return self;
}

// torch.X(input, ...): the method with the tensor taken from the call.
struct FunctionDef {
  const char* name;
  TensorMethodFn method;
  const char* inputName;  // keyword name of the tensor argument
};

const FunctionDef kFunctions[] = {
    {"split", mSplit, "tensor"},        {"split_with_sizes", mSplitWithSizes, "input"},
    {"unbind", mUnbind, "input"},       {"chunk", mChunk, "input"},
    {"tensor_split", mTensorSplit, "input"}, {"hsplit", mHsplit, "input"},
    {"vsplit", mVsplit, "input"},       {"dsplit", mDsplit, "input"},
};

Value compositeFunction(Interpreter& interp, const CallArgs& call, const void* data) {
  const auto& def = *static_cast<const FunctionDef*>(data);
  if (call.nargs > 0) {
    if (!call.args[0].isTensor())
      throw Error(ErrorKind::Type, std::string(def.name) + "(): argument '" + def.inputName +
                                       "' (position 1) must be Tensor, not " + typeName(call.args[0]));
    return def.method(interp, call.args[0], CallArgs{call.args + 1, call.nargs - 1, call.kwargs, call.nkwargs});
  }
  std::vector<KwArg> rest;
  const Value* input = nullptr;
  for (size_t i = 0; i < call.nkwargs; ++i) {
    if (call.kwargs[i].name == def.inputName) input = &call.kwargs[i].value;
    else rest.push_back(call.kwargs[i]);
  }
  if (!input || !input->isTensor())
    throw Error(ErrorKind::Type, std::string(def.name) + "() missing required argument '" + def.inputName + "' (pos 1)");
  return def.method(interp, *input, CallArgs{nullptr, 0, rest.data(), rest.size()});
}

// torch.block_diag(*tensors): PyTorch's Python wrapper packs its arguments
// into the op's Tensor[] (the op row, ops/rows/math_more.cpp).
Value torchBlockDiag(Interpreter& interp, const CallArgs& call, const void*) {
  if (call.nkwargs)
    throw Error(ErrorKind::Type, "block_diag() got an unexpected keyword argument '" + std::string(call.kwargs[0].name) + "'");
  std::vector<Value> items(call.args, call.args + call.nargs);
  return callOp(stateOf(interp), "block_diag", {makeList(std::move(items))});
}

// torch.einsum(equation, *operands) or einsum(equation, [operands]): as
// PyTorch's Python wrapper, packs the operands into the op's Tensor[] (the
// op row, ops/rows/corpus_ops.cpp).
Value torchEinsum(Interpreter& interp, const CallArgs& call, const void*) {
  if (call.nkwargs)
    throw Error(ErrorKind::Type, "einsum() got an unexpected keyword argument '" + std::string(call.kwargs[0].name) + "'");
  if (call.nargs == 0) throw Error(ErrorKind::Runtime, "einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list");
  if (call.nargs == 2 && !call.args[1].isTensor()) return callOp(stateOf(interp), "einsum", {call.args[0], call.args[1]});
  std::vector<Value> items(call.args + 1, call.args + call.nargs);
  return callOp(stateOf(interp), "einsum", {call.args[0], makeList(std::move(items))});
}

// torch.as_tensor(data, dtype=None, device=None): a tensor itself (or its
// .to(dtype)), else torch.tensor(data, dtype=dtype).
Value torchAsTensor(Interpreter& interp, const CallArgs& call, const void*) {
  Params p(call, "as_tensor");
  p.allow(3, {"data", "dtype", "device"});
  const Value* data = p.get(0, {"data"});
  if (!data) p.required(0, "data");
  const Value* dtypeV = p.get(1, {"dtype"});
  std::optional<DType> dtype;
  if (dtypeV && !dtypeV->isNone()) {
    if (!dtypeV->isDType())
      throw Error(ErrorKind::Type, "as_tensor(): argument 'dtype' must be torch.dtype, not " + typeName(*dtypeV));
    dtype = dtypeV->asDType();
  }
  if (data->isTensor()) {
    if (!dtype || *dtype == asTensor(*data)->dtype()) return *data;
    return callMethod(stateOf(interp), *data, "to", {Value::dtype(*dtype)});
  }
  return Value(tensorFromData(stateOf(interp), *data, dtype));
}

}  // namespace

const std::vector<TensorMethodDef>& viewCompositeMethods() {
  static const std::vector<TensorMethodDef> methods = {
      {"split", mSplit, kReadsSizes},       {"split_with_sizes", mSplitWithSizes, kReadsSizes},
      {"unbind", mUnbind, kReadsSizes},     {"chunk", mChunk, kReadsSizes},
      {"tensor_split", mTensorSplit, kReadsSizes}, {"hsplit", mHsplit, kReadsSizes},
      {"vsplit", mVsplit, kReadsSizes},     {"dsplit", mDsplit, kReadsSizes},
      {"resize_", mResize, kMutatesMetadata}, {"resize_as_", mResizeAs, kMutatesMetadata},
  };
  return methods;
}

void addViewCompositeFunctions(ModuleObject& torch) {
  for (const FunctionDef& f : kFunctions) torch.set(f.name, makeNative(f.name, compositeFunction, &f));
  torch.set("as_tensor", makeNative("as_tensor", torchAsTensor));
  torch.set("block_diag", makeNative("block_diag", torchBlockDiag));  // replaces the op's own binding
  torch.set("einsum", makeNative("einsum", torchEinsum));              // likewise
}

bool isTracedComposite(const NativeObject& native, const CallArgs& call) {
  if (native.fn == compositeFunction || native.fn == torchBlockDiag || native.fn == torchEinsum) return true;
  // as_tensor of a tensor is that tensor or a .to(dtype) (traced); of
  // Python data it builds a constant from values the graph cannot name.
  return native.fn == torchAsTensor && call.nargs > 1 && call.args[1].isTensor();
}

Value conjugateTranspose(Interpreter& interp, const Value& self, bool matricesOnly) {
  const TensorObject& t = tensorOf(self);
  if (matricesOnly && t.dim() != 2)
    throw Error(ErrorKind::Runtime, "tensor.H is only supported on matrices (2-D tensors). Got " + std::to_string(t.dim()) +
                                        "-D tensor.");
  if (!matricesOnly && t.dim() < 2)
    throw Error(ErrorKind::Runtime, "tensor.mH is only supported on matrices or batches of matrices. Got " +
                                        std::to_string(t.dim()) + "-D tensor.");
  return callMethod(stateOf(interp), self, "transpose", {Value::integer(-2), Value::integer(-1)});
}

}  // namespace tdsl
