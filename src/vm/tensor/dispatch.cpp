// Schema-driven argument binding, overload resolution and dispatch.
#include "vm/tensor/dispatch.h"

#include <vector>

#include "frontend/diagnostics.h"
#include "vm/objects.h"
#include "vm/tensor/kernel_util.h"

namespace tdsl {

using ir::ArgType;
using ir::BoundArgs;
using ir::OpDef;
using ir::SchemaArg;

std::string pyTypeName(const Value& v) {
  switch (v.tag()) {
    case Tag::None: return "NoneType";
    case Tag::Bool: return "bool";
    case Tag::Int: return "int";
    case Tag::Float: return "float";
    case Tag::DType: return "torch.dtype";
    case Tag::Obj: break;
  }
  switch (v.asObj()->kind()) {
    case ObjKind::Str: return "str";
    case ObjKind::List: return "list";
    case ObjKind::Tuple: {
      auto* t = v.as<TupleObject>();
      return t->named ? t->named->name : t->isSize ? "torch.Size" : "tuple";
    }
    case ObjKind::Dict: return "dict";
    case ObjKind::Tensor: return "Tensor";
    case ObjKind::Function: return "function";
    case ObjKind::Native: return "builtin_function_or_method";
    case ObjKind::Module: return "module";
    case ObjKind::Other:
      if (auto* ext = dynamic_cast<const ExtensionObject*>(v.asObj())) return ext->typeName();
      return "object";
    default: return "object";
  }
}

namespace {

bool isIntLike(const Value& v) { return v.isInt() || v.isBool(); }
bool isSequence(const Value& v) { return v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple); }

// Converts `v` for `arg`; false when the type does not fit.
bool convertArg(const SchemaArg& arg, const Value& v, Value& out) {
  if (v.isNone()) {
    if (!arg.optional) return false;
    out = v;
    return true;
  }
  switch (arg.type) {
    case ArgType::Tensor:
      if (!v.isTensor()) return false;
      out = v;
      return true;
    case ArgType::TensorList:
    case ArgType::OptTensorList: {
      if (!isSequence(v)) return false;
      for (const Value& item : listItems(v)) {
        if (item.isTensor()) continue;
        if (arg.type == ArgType::OptTensorList && item.isNone()) continue;
        return false;
      }
      out = v;
      return true;
    }
    case ArgType::Int:
      if (!isIntLike(v)) return false;
      out = v.isBool() ? Value::integer(v.asBool()) : v;
      return true;
    case ArgType::IntList:
      if (isIntLike(v) && arg.listSize > 0) { out = v.isBool() ? Value::integer(v.asBool()) : v; return true; }
      if (!isSequence(v)) return false;
      for (const Value& item : listItems(v))
        if (!isIntLike(item)) return false;
      out = v;
      return true;
    case ArgType::Float:
      if (v.isFloat()) { out = v; return true; }
      if (isIntLike(v)) { out = Value::number(static_cast<double>(v.isBool() ? v.asBool() : v.asInt())); return true; }
      return false;
    case ArgType::Bool:
      if (!v.isBool()) return false;
      out = v;
      return true;
    case ArgType::Scalar:
      if (!(v.isBool() || v.isInt() || v.isFloat())) return false;
      out = v;
      return true;
    case ArgType::ScalarType:
      if (!v.isDType()) return false;
      out = v;
      return true;
    case ArgType::Str:
      if (!v.isObj(ObjKind::Str)) return false;
      out = v;
      return true;
    case ArgType::MemoryFormat:
      if (auto* f = dynamic_cast<const MemoryFormatObject*>(v.isObj(ObjKind::Other) ? v.asObj() : nullptr)) {
        out = makeStr(memoryFormatName(f->format));
        return true;
      }
      return false;
  }
  return false;
}

Value defaultValue(const SchemaArg& arg) {
  const ir::ArgDefault& d = arg.defaultValue;
  switch (d.kind) {
    case ir::ArgDefault::Kind::None: return Value();
    case ir::ArgDefault::Kind::Bool: return Value::boolean(d.b);
    case ir::ArgDefault::Kind::Int:
      return arg.type == ArgType::Float ? Value::number(static_cast<double>(d.i)) : Value::integer(d.i);
    case ir::ArgDefault::Kind::Float: return Value::number(d.f);
    case ir::ArgDefault::Kind::IntList: {
      std::vector<Value> items;
      for (int64_t x : d.ints) items.push_back(Value::integer(x));
      return makeList(std::move(items));
    }
    case ir::ArgDefault::Kind::Str: return makeStr(d.str);
  }
  return Value();
}

std::string displayName(const SchemaArg& arg, CallStyle style) {
  return arg.name == "self" && style == CallStyle::Function ? "input" : arg.name;
}

bool fail(std::string* why, const std::string& reason) {
  if (why) *why = reason;
  return false;
}

std::string typeMismatch(const SchemaArg& arg, CallStyle style, const Value& v, int position) {
  std::string s = "argument '" + displayName(arg, style) + "'";
  if (position >= 0) s += " (position " + std::to_string(position + 1) + ")";
  std::string want = ir::argTypeName(arg.type);
  if (arg.type == ArgType::IntList) want = "tuple of ints";
  return s + " must be " + want + ", not " + pyTypeName(v);
}

}  // namespace

bool bindArgs(const OpDef& op, CallStyle style, const Value* self, const CallArgs& call, BoundArgs& out,
              std::string* why) {
  const auto& params = op.schema.args;
  const int n = static_cast<int>(params.size());
  TDSL_ASSERT(n <= ir::kMaxOpArgs);
  bool filled[ir::kMaxOpArgs] = {};
  out.op = &op;
  out.count = n;
  int selfIndex = -1;
  if (style == CallStyle::Method) {
    selfIndex = op.selfArg;
    if (selfIndex < 0 || params[selfIndex].type != ArgType::Tensor) return why ? fail(why, "not a method") : false;
    out[selfIndex] = *self;
    filled[selfIndex] = true;
  }
  // Positional parameters in order, skipping the receiver.
  int positional[ir::kMaxOpArgs];
  int numPositional = 0;
  for (int i = 0; i < n; ++i)
    if (!params[i].kwOnly && i != selfIndex) positional[numPositional++] = i;
  size_t next = 0;
  for (int p = 0; p < numPositional && next < call.nargs; ++p) {
    const SchemaArg& arg = params[positional[p]];
    const Value& v = call.args[next];
    bool lastPositional = p == numPositional - 1;
    if (arg.type == ArgType::IntList && lastPositional && isIntLike(v)) {
      // Varargs sizes: x.view(2, 3), torch.zeros(2, 3).
      std::vector<Value> items;
      for (; next < call.nargs; ++next) {
        if (!isIntLike(call.args[next]))
          return why ? fail(why, typeMismatch(arg, style, call.args[next], static_cast<int>(next))) : false;
        items.push_back(call.args[next]);
      }
      if (items.size() == 1 && arg.listSize > 0) out[positional[p]] = items[0];
      else out[positional[p]] = makeList(std::move(items));
      filled[positional[p]] = true;
      break;
    }
    if (!convertArg(arg, v, out[positional[p]]))
      return why ? fail(why, typeMismatch(arg, style, v, static_cast<int>(next))) : false;
    filled[positional[p]] = true;
    ++next;
  }
  if (next < call.nargs && !why) return false;
  if (next < call.nargs)
    return fail(why, "takes " + std::to_string(numPositional) + " positional argument" +
                         (numPositional == 1 ? "" : "s") + " but " + std::to_string(call.nargs) +
                         (call.nargs == 1 ? " was" : " were") + " given");
  for (size_t k = 0; k < call.nkwargs; ++k) {
    const KwArg& kw = call.kwargs[k];
    int idx = op.schema.argIndex(kw.name);
    if (idx < 0 && kw.name == "input" && style == CallStyle::Function) idx = op.schema.argIndex("self");
    if (idx < 0 || idx == selfIndex)
      return why ? fail(why, "got an unexpected keyword argument '" + std::string(kw.name) + "'") : false;
    if (filled[idx]) return why ? fail(why, "got multiple values for argument '" + std::string(kw.name) + "'") : false;
    if (!convertArg(params[idx], kw.value, out[idx]))
      return why ? fail(why, typeMismatch(params[idx], style, kw.value, -1)) : false;
    filled[idx] = true;
  }
  for (int i = 0; i < n; ++i) {
    if (filled[i]) continue;
    if (params[i].hasDefault) {
      out[i] = defaultValue(params[i]);
    } else if (params[i].optional && params[i].type != ArgType::Tensor) {
      out[i] = Value();  // `int[1]? dim` without a default behaves as None
    } else {
      return why ? fail(why, "missing required argument '" + displayName(params[i], style) + "'") : false;
    }
  }
  return true;
}

bool anyMetaTensor(const BoundArgs& args) {
  for (int i = 0; i < args.count; ++i) {
    const Value& v = args[i];
    if (v.isTensor()) {
      if (asTensor(v)->isMeta()) return true;
    } else if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple)) {
      for (const Value& item : listItems(v))
        if (item.isTensor() && asTensor(item)->isMeta()) return true;
    }
  }
  return false;
}

Value runMetaOnly(const OpDef& op, BoundArgs& args) {
  ir::MetaResult r;
  op.meta(args, r);
  if (op.has(ir::kTagInplace)) return args[0];
  if (r.count == 0)
    throw Error(ErrorKind::Runtime, op.fullName() + " produces a Python value and cannot run on meta tensors");
  std::vector<Value> outs;
  for (int i = 0; i < r.count; ++i) outs.push_back(Value(makeMetaTensor(r.out[i])));
  return op.packResults(std::move(outs));
}

Value dispatchOp(TensorState& state, const OpDef& op, BoundArgs& args) {
  if (state.interceptor) {
    Value result;
    if (state.interceptor->intercept(state, op, args, result)) return result;
  }
  if (anyMetaTensor(args)) return runMetaOnly(op, args);
  return op.eager(state, args);
}

Value callOverloads(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                    const CallArgs& call) {
  const uint8_t want = style == CallStyle::Method ? ir::kMethod : ir::kFunction;
  BoundArgs bound;
  for (const OpDef* op : set.ops) {
    if (!(op->variants & want)) continue;
    if (bindArgs(*op, style, self, call, bound, nullptr)) return dispatchOp(state, *op, bound);
  }
  // Nothing fits: PyTorch-style message.
  std::vector<const OpDef*> candidates;
  for (const OpDef* op : set.ops)
    if (op->variants & want) candidates.push_back(op);
  std::string name = set.name + "()";
  if (candidates.size() == 1) {
    std::string why;
    bindArgs(*candidates[0], style, self, call, bound, &why);
    throw Error(ErrorKind::Type, name + " " + why);
  }
  std::string got = "(";
  bool first = true;
  if (style == CallStyle::Method) { got += "Tensor"; first = false; }
  for (size_t i = 0; i < call.nargs; ++i) {
    got += (first ? "" : ", ") + pyTypeName(call.args[i]);
    first = false;
  }
  for (size_t i = 0; i < call.nkwargs; ++i) {
    got += (first ? "" : ", ") + std::string(call.kwargs[i].name) + "=" + pyTypeName(call.kwargs[i].value);
    first = false;
  }
  got += ")";
  std::string msg = name + " received an invalid combination of arguments - got " + got + ", but expected one of:";
  for (const OpDef* op : candidates) msg += "\n * " + ir::formatSignature(op->schema);
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
