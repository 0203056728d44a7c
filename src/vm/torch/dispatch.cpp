// Schema-driven argument binding, overload resolution and dispatch.
#include "vm/torch/dispatch.h"
#include "vm/torch/generator.h"

#include <vector>

#include "autograd/dispatch.h"
#include "vm/torch/autograd_bindings.h"
#include "support/diagnostics.h"
#include "vm/objects.h"
#include "vm/torch/as_tuple.h"
#include "vm/torch/device.h"
#include "vm/torch/out_arg.h"
#include "vm/value_ops.h"
#include "tensor/kernel_util.h"

namespace tdsl {

using ir::ArgType;
using ir::BoundArgs;
using ir::OpDef;
using ir::SchemaArg;

namespace {

bool isIntLike(const Value& v) { return v.isInt() || v.isBool(); }
bool isSequence(const Value& v) { return v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple); }

// BoundArgs::setValue without its by-value parameter: the hot path copies
// each argument once, as before the typed ABI (bench/tensor/eager_add.td).
inline void putValue(BoundArgs& out, int i, const Value& v) {
  out.kinds[i] = ArgKind::Value;
  out.v[i] = v;
}

// Converts `v` for `arg` into slot i of `out`; false when the type does not fit.
bool convertArg(const SchemaArg& arg, const Value& v, BoundArgs& out, int i) {
  if (v.isNone()) {
    if (!arg.optional) return false;
    putValue(out, i, v);
    return true;
  }
  switch (arg.type) {
    case ArgType::Tensor:
      if (!v.isTensor()) return false;
      putValue(out, i, v);
      return true;
    case ArgType::TensorList:
    case ArgType::OptTensorList: {
      if (!isSequence(v)) return false;
      for (const Value& item : listItems(v)) {
        if (item.isTensor()) continue;
        if (arg.type == ArgType::OptTensorList && item.isNone()) continue;
        return false;
      }
      out.setTensors(i) = listItems(v).toVector();
      return true;
    }
    case ArgType::Int:
      if (!isIntLike(v)) return false;
      putValue(out, i, v.isBool() ? Value::integer(v.asBool()) : v);
      return true;
    case ArgType::IntList: {
      if (isIntLike(v) && arg.listSize > 0) { putValue(out, i, v.isBool() ? Value::integer(v.asBool()) : v); return true; }
      if (!isSequence(v)) return false;
      const auto& items = listItems(v);
      for (const Value& item : items)
        if (!isIntLike(item)) return false;
      if (Dims* dims = out.setDims(i, items.size()))
        for (const Value& item : items) dims->push_back(item.isBool() ? item.asBool() : item.asInt());
      return true;
    }
    case ArgType::Float:
      if (v.isFloat()) { putValue(out, i, v); return true; }
      if (isIntLike(v)) { putValue(out, i, Value::number(static_cast<double>(v.isBool() ? v.asBool() : v.asInt()))); return true; }
      return false;
    case ArgType::Bool:
      if (!v.isBool()) return false;
      putValue(out, i, v);
      return true;
    case ArgType::Scalar:
      if (!(v.isBool() || v.isInt() || v.isFloat())) return false;
      putValue(out, i, v);
      return true;
    case ArgType::ScalarType:
      if (!v.isDType()) return false;
      putValue(out, i, v);
      return true;
    case ArgType::Str:
      if (!v.isObj(ObjKind::Str)) return false;
      out.setStr(i, v.as<StrObject>()->str);
      return true;
    case ArgType::MemoryFormat:
      if (auto* f = dynamic_cast<const MemoryFormatObject*>(v.isObj(ObjKind::Other) ? v.asObj() : nullptr)) {
        out.setStr(i, memoryFormatName(f->format));
        return true;
      }
      return false;
  }
  return false;
}

// Whether `v` converts for `arg` (the error path's question).
bool converts(const SchemaArg& arg, const Value& v) {
  BoundArgs scratch;
  scratch.reset(nullptr, 1);
  return convertArg(arg, v, scratch, 0);
}

void setDefault(const SchemaArg& arg, BoundArgs& out, int i) {
  const ir::ArgDefault& d = arg.defaultValue;
  switch (d.kind) {
    case ir::ArgDefault::Kind::None: putValue(out, i, Value()); return;
    case ir::ArgDefault::Kind::Bool: putValue(out, i, Value::boolean(d.b)); return;
    case ir::ArgDefault::Kind::Int:
      putValue(out, i, arg.type == ArgType::Float ? Value::number(static_cast<double>(d.i)) : Value::integer(d.i));
      return;
    case ir::ArgDefault::Kind::Float: putValue(out, i, Value::number(d.f)); return;
    case ir::ArgDefault::Kind::IntList:
      if (Dims* dims = out.setDims(i, d.ints.size()))
        for (int64_t x : d.ints) dims->push_back(x);
      return;
    case ir::ArgDefault::Kind::Str: out.setStr(i, d.str); return;
  }
}

std::string displayName(const SchemaArg& arg, CallStyle style) {
  return arg.name == "self" && style == CallStyle::Function ? "input" : arg.name;
}

// Note [Argument errors]
// When a call does not bind, the message is the one PyTorch 1.13's Python
// argument parser gives (torch/csrc/utils/python_arg_parser.cpp and
// invalid_arguments.cpp). A "signature" there is what Python sees of an
// overload: a method's receiver is not a parameter, `self` of a function is
// called `input`, and some overloads have no Python signature at all (the
// op table's kTagNoPythonSignature rows: add/sub/mul/div.Scalar, whose
// numbers Python passes to the Tensor overload). For an op whose name has a
// single overload, or whose argument count fits exactly one visible
// signature (min_args <= given <= max_args), that signature's first
// problem is reported, checked in PyTorch's order:
//   foo() takes 1 positional argument but 2 were given
//   foo(): argument 'dim' (position 1) must be int, not str
//   foo(): argument 'dim' must be int, not str               (a keyword)
//   foo(): argument 'size' must be tuple of SymInts, but found element of type str at pos 2
//   foo() missing 1 required positional arguments: "other"  (sic: PyTorch's plural)
//   foo() got an unexpected keyword argument 'bogus'
//   foo() got multiple values for argument 'input'
// Otherwise: "foo() received an invalid combination of arguments - got
// (int, str), but expected one of:" with one line per visible signature,
// plus PyTorch's "didn't match because ..." line under each signature
// whose parameter count equals the number of given arguments.

// A parameter's type as PyTorch's argument parser names it.
std::string pythonTypeName(const SchemaArg& a) {
  if (a.type == ArgType::IntList) return a.symbolic ? "tuple of SymInts" : "tuple of ints";
  if (a.type == ArgType::Int && a.symbolic) return "SymInt";
  return ir::argTypeName(a.type);
}

// The schema indices of the parameters Python passes (all but a method's receiver).
std::vector<int> visibleParams(const OpDef& op, CallStyle style) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(op.schema.args.size()); ++i)
    if (!(style == CallStyle::Method && i == op.selfArg)) out.push_back(i);
  return out;
}

bool isRequired(const SchemaArg& a) { return !a.hasDefault && !(a.optional && a.type != ArgType::Tensor); }

// Looks `name` up among the call's keywords (`input` names a function's self).
const KwArg* keywordFor(const SchemaArg& a, CallStyle style, const CallArgs& call) {
  for (size_t k = 0; k < call.nkwargs; ++k)
    if (call.kwargs[k].name == a.name || call.kwargs[k].name == displayName(a, style)) return &call.kwargs[k];
  return nullptr;
}

// The first element of an int list that is not an int (1-based), or 0.
size_t badIntElement(const Value& v) {
  if (!isSequence(v)) return 0;
  const auto& items = listItems(v);
  for (size_t i = 0; i < items.size(); ++i)
    if (!isIntLike(items[i])) return i + 1;
  return 0;
}

std::string elementMismatch(const std::string& name, const SchemaArg& a, CallStyle style, const Value& element,
                            size_t pos) {
  return name + "(): argument '" + displayName(a, style) + "' must be " + pythonTypeName(a) +
         ", but found element of type " + typeName(element) + " at pos " + std::to_string(pos);
}

std::string typeMismatch(const std::string& name, const SchemaArg& a, CallStyle style, const Value& v, int position) {
  if (a.type == ArgType::IntList)
    if (size_t bad = badIntElement(v)) return elementMismatch(name, a, style, listItems(v)[bad - 1], bad);
  std::string s = name + "(): argument '" + displayName(a, style) + "'";
  if (position >= 0) s += " (position " + std::to_string(position + 1) + ")";
  return s + " must be " + pythonTypeName(a) + ", not " + typeName(v);
}

// A Tensor[] argument with a non-tensor element: PyTorch's parser raises
// this whatever the overloads ("expected Tensor as element 1 in argument 0,
// but got int"); empty when the argument is fine or not a sequence.
std::string tensorListElementError(const OpDef& op, CallStyle style, const CallArgs& call) {
  std::vector<int> params = visibleParams(op, style);
  for (size_t p = 0; p < params.size(); ++p) {
    const SchemaArg& a = op.schema.args[params[p]];
    if (a.type != ArgType::TensorList && a.type != ArgType::OptTensorList) continue;
    const Value* v = p < call.nargs && !a.kwOnly ? &call.args[p] : nullptr;
    if (!v)
      if (const KwArg* kw = keywordFor(a, style, call)) v = &kw->value;
    if (!v || !isSequence(*v)) continue;
    const auto& items = listItems(*v);
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].isTensor() || (a.type == ArgType::OptTensorList && items[i].isNone())) continue;
      return "expected Tensor as element " + std::to_string(i) + " in argument " + std::to_string(p) + ", but got " +
             typeName(items[i]);
    }
  }
  return "";
}

// Why `call` does not bind to `op` (Note [Argument errors]).
std::string bindFailure(const OpDef& op, CallStyle style, const CallArgs& call) {
  const std::string& name = op.schema.name;
  const auto& schemaArgs = op.schema.args;
  std::vector<int> params = visibleParams(op, style);
  int maxPos = 0, minArgs = 0;
  for (int i : params) {
    if (!schemaArgs[i].kwOnly) ++maxPos;
    if (isRequired(schemaArgs[i])) ++minArgs;
  }
  const size_t nargs = call.nargs;
  // Varargs sizes (x.view(2, 3)): the last positional int[] takes every remaining positional int.
  int varargsAt = -1;
  for (int p = 0, pos = 0; p < static_cast<int>(params.size()); ++p) {
    const SchemaArg& a = schemaArgs[params[p]];
    if (a.kwOnly) continue;
    if (pos == maxPos - 1 && a.type == ArgType::IntList && static_cast<size_t>(pos) < nargs &&
        isIntLike(call.args[pos]))
      varargsAt = pos;
    ++pos;
  }
  if (varargsAt < 0 && nargs > static_cast<size_t>(maxPos)) {
    if (minArgs != maxPos)
      return name + "() takes from " + std::to_string(minArgs) + " to " + std::to_string(maxPos) +
             " positional arguments but " + std::to_string(nargs) + " were given";
    return name + "() takes " + std::to_string(maxPos) + " positional argument" + (maxPos == 1 ? "" : "s") + " but " +
           std::to_string(nargs) + (nargs == 1 ? " was" : " were") + " given";
  }
  std::string listError = tensorListElementError(op, style, call);
  if (!listError.empty()) return listError;
  std::vector<bool> usedKw(call.nkwargs, false);
  size_t next = 0;
  for (size_t p = 0; p < params.size(); ++p) {
    const SchemaArg& a = schemaArgs[params[p]];
    if (!a.kwOnly && next < nargs) {
      if (static_cast<int>(next) == varargsAt) {
        for (size_t k = next; k < nargs; ++k)
          if (!isIntLike(call.args[k])) return elementMismatch(name, a, style, call.args[k], k - next + 1);
        next = nargs;
        continue;
      }
      if (!converts(a, call.args[next])) return typeMismatch(name, a, style, call.args[next], static_cast<int>(next));
      ++next;
      continue;
    }
    if (const KwArg* kw = keywordFor(a, style, call)) {
      usedKw[static_cast<size_t>(kw - call.kwargs)] = true;
      if (!converts(a, kw->value)) return typeMismatch(name, a, style, kw->value, -1);
      continue;
    }
    if (isRequired(a)) {
      int missing = 0;
      std::string names;
      for (size_t q = p; q < params.size(); ++q) {
        const SchemaArg& b = schemaArgs[params[q]];
        if (!isRequired(b)) continue;
        names += (missing ? ", \"" : "\"") + displayName(b, style) + "\"";
        ++missing;
      }
      // PyTorch's missing_args() puts the plural 's' on exactly one missing argument.
      return name + "() missing " + std::to_string(missing) + " required positional argument" +
             (missing == 1 ? "s" : "") + ": " + names;
    }
  }
  for (size_t k = 0; k < call.nkwargs; ++k) {
    const std::string kwName(call.kwargs[k].name);
    int idx = -1;
    for (size_t p = 0; p < params.size(); ++p)
      if (schemaArgs[params[p]].name == kwName || displayName(schemaArgs[params[p]], style) == kwName)
        idx = static_cast<int>(p);
    if (idx < 0) return name + "() got an unexpected keyword argument '" + kwName + "'";
    if (static_cast<size_t>(idx) < nargs) return name + "() got multiple values for argument '" + kwName + "'";
  }
  return name + "() received arguments it cannot bind";  // not reached: binding failed for a reason above
}

// PyTorch's signature line: "(Tensor input, int dim, *, torch.dtype dtype)".
std::string pythonSignature(const OpDef& op, CallStyle style) {
  std::string out = "(";
  bool first = true, kwShown = false;
  for (int i : visibleParams(op, style)) {
    const SchemaArg& a = op.schema.args[i];
    if (!first) out += ", ";
    first = false;
    if (a.kwOnly && !kwShown) {
      out += "*, ";
      kwShown = true;
    }
    out += pythonTypeName(a) + " " + displayName(a, style);
  }
  return out + ")";
}

// The given arguments as PyTorch lists them: "(Tensor, int, keepdim=bool)"
// (a method's receiver is not listed; with no positional argument the list
// keeps PyTorch's trailing ", ").
std::string givenArgs(const CallArgs& call) {
  std::string s = "(";
  for (size_t i = 0; i < call.nargs; ++i) s += typeName(call.args[i]) + ", ";
  for (size_t i = 0; i < call.nkwargs; ++i) s += std::string(call.kwargs[i].name) + "=" + typeName(call.kwargs[i].value) + ", ";
  if (call.nargs > 0) s.erase(s.size() - 2);
  return s + ")";
}

// How PyTorch's invalid_arguments.cpp reads a signature line: its
// comma-separated parts, where the `*` marker is a part too and "()" is one
// empty part; nullptr stands for those.
std::vector<const SchemaArg*> signatureParts(const OpDef& op, CallStyle style) {
  std::vector<const SchemaArg*> parts;
  bool kwShown = false;
  for (int i : visibleParams(op, style)) {
    if (op.schema.args[i].kwOnly && !kwShown) {
      parts.push_back(nullptr);
      kwShown = true;
    }
    parts.push_back(&op.schema.args[i]);
  }
  if (parts.empty()) parts.push_back(nullptr);
  return parts;
}

// Keywords not named by the signature's last parts (its _tryMatchKwargs), comma-separated.
std::string unmatchedKeywords(const std::vector<const SchemaArg*>& parts, CallStyle style, const CallArgs& call) {
  std::string out;
  size_t start = parts.size() > call.nkwargs ? parts.size() - call.nkwargs : 0;
  for (size_t k = 0; k < call.nkwargs; ++k) {
    bool found = false;
    for (size_t i = start; i < parts.size(); ++i)
      found = found || (parts[i] && displayName(*parts[i], style) == call.kwargs[k].name);
    if (!found) out += (out.empty() ? "" : ", ") + std::string(call.kwargs[k].name);
  }
  return out;
}

// The given arguments against the signature's parts, mismatches between
// '!' (its _formattedArgDesc). Types match by Python type name, so Number
// and the list types never do.
std::string markedArgs(const std::vector<const SchemaArg*>& parts, CallStyle style, const CallArgs& call) {
  auto matches = [&](const SchemaArg* a, const Value& v) {
    if (!a) return false;
    std::string want = pythonTypeName(*a), got = typeName(v);
    if (want == "float") return got == "float" || got == "int";
    return want == got;
  };
  std::string s = "(";
  for (size_t i = 0; i < call.nargs + call.nkwargs; ++i) {
    const bool isKw = i >= call.nargs;
    const Value& v = isKw ? call.kwargs[i - call.nargs].value : call.args[i];
    std::string text = typeName(v);
    if (isSequence(v)) {
      const auto& items = listItems(v);
      const bool tuple = v.isObj(ObjKind::Tuple);
      text = std::string(tuple ? "tuple" : "list") + " of " + (tuple ? "(" : "[");
      for (size_t e = 0; e < items.size(); ++e) text += (e ? ", " : "") + typeName(items[e]);
      text += tuple ? (items.size() == 1 ? ",)" : ")") : "]";
    }
    if (isKw) text = std::string(call.kwargs[i - call.nargs].name) + "=" + text;
    s += (i < parts.size() && matches(parts[i], v) ? text : "!" + text + "!") + ", ";
  }
  if (call.nargs > 0) s.erase(s.size() - 2);
  return s + ")";
}

// "got (...), but expected (...)" for a name with one visible signature.
std::string oneSignatureMismatch(const OpDef& op, CallStyle style, const CallArgs& call) {
  std::vector<const SchemaArg*> parts = signatureParts(op, style);
  std::string unmatched = unmatchedKeywords(parts, style, call);
  if (!unmatched.empty()) return "got unrecognized keyword arguments: " + unmatched;
  bool countMatches = parts.size() == call.nargs + call.nkwargs;
  return "got " + (countMatches ? markedArgs(parts, style, call) : givenArgs(call)) + ", but expected " +
         pythonSignature(op, style);
}

// The "didn't match" line under a signature with as many parts as given
// arguments; empty for the others.
std::string mismatchLine(const OpDef& op, CallStyle style, const CallArgs& call) {
  std::vector<const SchemaArg*> parts = signatureParts(op, style);
  if (parts.size() != call.nargs + call.nkwargs) return "";
  std::string unmatched = unmatchedKeywords(parts, style, call);
  if (!unmatched.empty()) return "      didn't match because some of the keywords were incorrect: " + unmatched;
  return "      didn't match because some of the arguments have invalid types: " + markedArgs(parts, style, call);
}

}  // namespace

bool bindArgs(const OpDef& op, CallStyle style, const Value* self, const CallArgs& call, BoundArgs& out,
              std::string* why) {
  // The fast path only answers yes or no; the message is worked out apart
  // (Note [Argument errors]).
  auto failed = [&] {
    if (why) *why = bindFailure(op, style, call);
    return false;
  };
  const auto& params = op.schema.args;
  const int n = static_cast<int>(params.size());
  int selfIndex = -1;
  if (style == CallStyle::Method) {
    selfIndex = op.selfArg;
    if (selfIndex < 0 || params[selfIndex].type != ArgType::Tensor) {
      if (why) *why = op.schema.name + "() is not a method";
      return false;
    }
  }
  // Positional parameters in order, skipping the receiver (Note [Positional orders]).
  const bool asMethod = style == CallStyle::Method;
  const uint8_t* positional = asMethod ? op.positionalAsMethod : op.positionalAsFunction;
  const int numPositional = asMethod ? op.numPositionalAsMethod : op.numPositionalAsFunction;
  if (call.nargs > static_cast<size_t>(numPositional) &&
      !(numPositional > 0 && params[positional[numPositional - 1]].type == ArgType::IntList))
    return failed();  // too many positionals (and no varargs sizes to absorb them)
  bool filled[ir::kMaxOpArgs] = {};
  out.reset(&op, n);
  size_t next = 0;
  for (int p = 0; p < numPositional && next < call.nargs; ++p) {
    const SchemaArg& arg = params[positional[p]];
    const Value& v = call.args[next];
    bool lastPositional = p == numPositional - 1;
    if (arg.type == ArgType::IntList && lastPositional && isIntLike(v)) {
      // Varargs sizes: x.view(2, 3), torch.zeros(2, 3).
      for (size_t k = next; k < call.nargs; ++k)
        if (!isIntLike(call.args[k])) return failed();
      const size_t length = call.nargs - next;
      if (length == 1 && arg.listSize > 0) {
        putValue(out, positional[p], call.args[next]);
      } else if (Dims* dims = out.setDims(positional[p], length)) {
        for (size_t k = next; k < call.nargs; ++k)
          dims->push_back(call.args[k].isBool() ? call.args[k].asBool() : call.args[k].asInt());
      }
      next = call.nargs;
      filled[positional[p]] = true;
      break;
    }
    if (!convertArg(arg, v, out, positional[p])) return failed();
    filled[positional[p]] = true;
    ++next;
  }
  if (selfIndex >= 0) {  // the receiver goes in last: a refused overload never copied it
    putValue(out, selfIndex, *self);
    filled[selfIndex] = true;
  }
  if (next < call.nargs) return failed();
  for (size_t k = 0; k < call.nkwargs; ++k) {
    const KwArg& kw = call.kwargs[k];
    int idx = op.schema.argIndex(kw.name);
    if (idx < 0 && kw.name == "input" && style == CallStyle::Function) idx = op.schema.argIndex("self");
    if (idx < 0 || idx == selfIndex || filled[idx]) return failed();
    if (!convertArg(params[idx], kw.value, out, idx)) return failed();
    filled[idx] = true;
  }
  for (int i = 0; i < n; ++i) {
    if (filled[i]) continue;
    if (params[i].hasDefault) {
      setDefault(params[i], out, i);
    } else if (params[i].optional && params[i].type != ArgType::Tensor) {
      putValue(out, i, Value());  // `int[1]? dim` without a default behaves as None
    } else {
      return failed();
    }
  }
  return true;
}

namespace {

// Note [generator= arguments]
// The random ops take PyTorch's generator= keyword: the call draws from
// that torch.Generator instead of the interpreter's default generator. The
// op table's schemas have no Generator type (graphs have no place for one),
// so the keyword is taken off here, before binding, and the chosen
// generator is installed in the tensor state for the duration of the call.
// A traced call with a generator breaks the graph (compile/tracer.cpp), so
// graphs only ever draw from the default generator, in eager's order.
struct GeneratorScope {
  TensorState& state;
  CpuGenerator* saved;
  GeneratorScope(TensorState& s, CpuGenerator* g) : state(s), saved(s.generatorOverride) {
    if (g) s.generatorOverride = g;
  }
  ~GeneratorScope() { state.generatorOverride = saved; }
};

Value callWithGenerator(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                        const CallArgs& call, size_t generatorAt) {
  CpuGenerator* gen = generatorArg(call.kwargs[generatorAt].value, set.name);
  std::vector<KwArg> rest;
  for (size_t i = 0; i < call.nkwargs; ++i)
    if (i != generatorAt) rest.push_back(call.kwargs[i]);
  GeneratorScope scope(state, gen);
  return callOverloads(state, set, style, self, CallArgs{call.args, call.nargs, rest.data(), rest.size()});
}

// Note [Factory requires_grad]: torch.zeros(..., requires_grad=True) and the
// other factories take PyTorch's requires_grad= keyword; the schemas leave it
// out (it is no argument of the kernel), so it is taken off the call here
// and applied to the result.
const Value* factoryRequiresGrad(const ir::OverloadSet& set, const CallArgs& call, std::vector<KwArg>& rest) {
  if (call.nkwargs == 0 || set.ops.empty() || !set.ops[0]->has(ir::kTagFactory)) return nullptr;
  const Value* flag = nullptr;
  for (size_t i = 0; i < call.nkwargs; ++i) {
    if (call.kwargs[i].name == "requires_grad") flag = &call.kwargs[i].value;
    else rest.push_back(call.kwargs[i]);
  }
  return flag;
}

// The keyword forms the schemas leave out (device=, out=, nonzero's
// as_tuple=, generator=, requires_grad=): each takes its keyword off and calls
// back in. False when none applies.
bool callKeywordForm(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                     const CallArgs& call, Value& result) {
  if (std::vector<KwArg> kept; dropDeviceKeyword(set, call, kept)) {  // Note [CPU device]
    result = callOverloads(state, set, style, self, CallArgs{call.args, call.nargs, kept.data(), kept.size()});
    return true;
  }
  if (hasOutKeyword(set, style, call)) {  // Note [out= arguments]
    result = callWithOut(state, set, style, self, call);
    return true;
  }
  if (isNonzeroTupleForm(set, call)) {  // Note [nonzero as_tuple]
    result = callNonzeroTuple(state, set, style, self, call);
    return true;
  }
  if (set.ops[0]->has(ir::kTagRandom))
    for (size_t i = 0; i < call.nkwargs; ++i)
      if (call.kwargs[i].name == "generator") {
        result = callWithGenerator(state, set, style, self, call, i);
        return true;
      }
  std::vector<KwArg> rest;
  if (const Value* flag = factoryRequiresGrad(set, call, rest)) {
    result = callOverloads(state, set, style, self, CallArgs{call.args, call.nargs, rest.data(), rest.size()});
    setFactoryRequiresGrad(state, result, *flag);
    return true;
  }
  return false;
}

}  // namespace

Value callOverloads(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                    const CallArgs& call) {
  // Note [Keyword forms first]: a call without keywords (almost every eager
  // op) skips the keyword forms altogether; only torch.where(cond) is a
  // special form without one.
  if (call.nkwargs > 0) {
    if (Value result; callKeywordForm(state, set, style, self, call, result)) return result;
  } else if (isWhereTupleForm(set, call)) {
    return callNonzeroTuple(state, set, style, self, call);  // Note [nonzero as_tuple]
  }
  const uint8_t want = style == CallStyle::Method ? ir::kMethod : ir::kFunction;
  BoundArgs bound;
  for (const OpDef* op : set.ops) {
    if (!(op->variants & want)) continue;
    if (bindArgs(*op, style, self, call, bound, nullptr))
      return packResults(*op, autograd::dispatchWithGrad(state, *op, bound));
  }
  // Nothing fits: PyTorch's message (Note [Argument errors]).
  std::vector<const OpDef*> visible;
  for (const OpDef* op : set.ops)
    if ((op->variants & want) && !op->has(ir::kTagNoPythonSignature)) visible.push_back(op);
  for (const OpDef* op : visible) {  // raised whatever the overloads, as PyTorch's parser does
    std::string listError = tensorListElementError(*op, style, call);
    if (!listError.empty()) throw Error(ErrorKind::Type, listError);
  }
  const OpDef* specific = visible.size() == 1 ? visible[0] : nullptr;
  if (!specific) {
    const size_t given = call.nargs + call.nkwargs;
    int plausible = 0;
    for (const OpDef* op : visible) {
      size_t minArgs = 0, maxArgs = 0;
      std::vector<int> params = visibleParams(*op, style);
      for (int i : params) {
        ++maxArgs;
        if (isRequired(op->schema.args[i])) ++minArgs;
      }
      // Varargs sizes (x.view(3, "a")): the one positional int[] takes any
      // number of arguments when the first of them is an int.
      if (params.size() == 1 && op->schema.args[params[0]].type == ArgType::IntList && call.nargs > 1 &&
          isIntLike(call.args[0]))
        maxArgs = SIZE_MAX;
      if (given >= minArgs && given <= maxArgs) {
        ++plausible;
        specific = op;
      }
    }
    if (plausible != 1) specific = nullptr;
  }
  if (specific) {
    std::string why;
    bindArgs(*specific, style, self, call, bound, &why);
    throw Error(ErrorKind::Type, why);
  }
  std::string msg = set.name + "() received an invalid combination of arguments - ";
  if (visible.size() == 1) {
    msg += oneSignatureMismatch(*visible[0], style, call);
  } else {
    msg += "got " + givenArgs(call) + ", but expected one of:";
    for (const OpDef* op : visible) {
      msg += "\n * " + pythonSignature(*op, style);
      std::string line = mismatchLine(*op, style, call);
      if (!line.empty()) msg += "\n" + line;
    }
  }
  throw Error(ErrorKind::Type, msg);
}

Value callOp(TensorState& state, std::string_view name, std::initializer_list<Value> args,
             std::initializer_list<KwArg> kwargs) {
  const ir::OverloadSet* set = ir::opTable().overloads(name);
  if (!set) throw Error(ErrorKind::Attribute, "module 'torch' has no attribute '" + std::string(name) + "'");
  CallArgs call{args.begin(), args.size(), kwargs.begin(), kwargs.size()};
  return callOverloads(state, *set, CallStyle::Function, nullptr, call);
}

Value callMethod(TensorState& state, const Value& self, std::string_view name, std::initializer_list<Value> args,
                 std::initializer_list<KwArg> kwargs) {
  const ir::OverloadSet* set = ir::opTable().overloads(name);
  if (!set || !set->anyMethod)
    throw Error(ErrorKind::Attribute, "'Tensor' object has no attribute '" + std::string(name) + "'");
  CallArgs call{args.begin(), args.size(), kwargs.begin(), kwargs.size()};
  return callOverloads(state, *set, CallStyle::Method, &self, call);
}

}  // namespace tdsl
