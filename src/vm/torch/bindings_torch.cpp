// The `torch` module (also `import tdsl`): every op-table overload set with a
// function variant, plus the Python-level pieces that are not ops —
// torch.tensor, dtypes, the generator functions, torch.Size, is_tensor, torch.testing
// (torch.compile joins it from src/compile).
#include <cmath>
#include <vector>

#include "support/diagnostics.h"
#include "ir/ir_printer.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "vm/value_ops.h"
#include "vm/vm.h"
#include "vm/torch/autograd_bindings.h"
#include "vm/torch/bindings.h"
#include "vm/torch/bindings_views.h"
#include "vm/torch/device.h"
#include "vm/torch/dispatch.h"
#include "vm/torch/generator.h"
#include "tensor/kernel_util.h"
#include "vm/torch/tensor_data.h"
#include "tensor/tensor_iter.h"
#include "vm/tensor_bridge.h"

namespace tdsl {

namespace {

Value opFunction(Interpreter& interp, const CallArgs& call, const void* data) {
  const auto* set = static_cast<const ir::OverloadSet*>(data);
  return callOverloads(stateOf(interp), *set, CallStyle::Function, nullptr, call);
}

void allowKwargs(const CallArgs& call, const char* fn, std::initializer_list<std::string_view> names) {
  for (size_t i = 0; i < call.nkwargs; ++i) {
    bool ok = false;
    for (auto n : names) ok |= call.kwargs[i].name == n;
    if (!ok)
      throw Error(ErrorKind::Type, std::string(fn) + "() got an unexpected keyword argument '" +
                                       std::string(call.kwargs[i].name) + "'");
  }
}

// torch.tensor(data, *, dtype=None, device=None, requires_grad=False)
Value torchTensor(Interpreter& interp, const CallArgs& call, const void*) {
  allowKwargs(call, "tensor", {"dtype", "device", "requires_grad"});
  if (call.nargs != 1) throw Error(ErrorKind::Type, "tensor() takes 1 positional argument but " + std::to_string(call.nargs) + " were given");
  std::optional<DType> dtype;
  if (const Value* d = kwarg(call, "dtype"); d && !d->isNone()) {
    if (!d->isDType()) throw Error(ErrorKind::Type, "tensor(): argument 'dtype' must be torch.dtype, not " + typeName(*d));
    dtype = d->asDType();
  }
  if (const Value* d = kwarg(call, "device")) checkCpuDevice(*d, "tensor");
  Value t(tensorFromData(stateOf(interp), call.args[0], dtype));
  if (const Value* flag = kwarg(call, "requires_grad")) setFactoryRequiresGrad(stateOf(interp), t, *flag);
  return t;
}

// torch.Tensor(data) / torch.Tensor(*sizes): the legacy constructor (float32).
Value torchTensorType(Interpreter& interp, const CallArgs& call, const void*) {
  allowKwargs(call, "Tensor", {});
  TensorState& state = stateOf(interp);
  if (call.nargs == 1 && !call.args[0].isInt()) {
    if (call.args[0].isTensor()) return call.args[0];
    return Value(tensorFromData(state, call.args[0], DType::Float32));
  }
  Dims sizes;
  for (size_t i = 0; i < call.nargs; ++i) {
    if (!call.args[i].isInt()) throw Error(ErrorKind::Type, "new(): argument 'size' must be tuple of ints, but found element of type " + typeName(call.args[i]) + " at pos " + std::to_string(i));
    sizes.push_back(call.args[i].asInt());
  }
  return Value(allocTensor(state, DType::Float32, sizes, /*zero=*/true));
}

Value torchIsTensor(Interpreter&, const CallArgs& call, const void*) {
  if (call.nargs != 1) throw Error(ErrorKind::Type, "is_tensor() takes exactly one argument");
  return Value::boolean(call.args[0].isTensor());
}

Value torchSize(Interpreter&, const CallArgs& call, const void*) {
  std::vector<int64_t> sizes;
  if (call.nargs == 1) {
    const Value& v = call.args[0];
    if (!(v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple))) throw Error(ErrorKind::Type, "torch.Size() takes an iterable of ints");
    for (const Value& x : listItems(v)) {
      if (!x.isInt()) throw Error(ErrorKind::Type, "torch.Size() takes an iterable of 'int' (item 0 is '" + typeName(x) + "')");
      sizes.push_back(x.asInt());
    }
  } else if (call.nargs > 1) {
    throw Error(ErrorKind::Type, "torch.Size() takes at most 1 argument");
  }
  return makeSize(sizes);
}

Value torchNumel(Interpreter&, const CallArgs& call, const void*) {
  if (call.nargs != 1 || !call.args[0].isTensor()) throw Error(ErrorKind::Type, "numel(): argument 'input' must be Tensor");
  return Value::integer(asTensor(call.args[0])->numel());
}

// torch.testing.assert_close(actual, expected, *, rtol=None, atol=None, equal_nan=False, check_dtype=True, msg=None)
std::string indexText(const Dims& sizes, int64_t flat) {
  std::vector<int64_t> c(static_cast<size_t>(sizes.size()));
  for (int d = sizes.size() - 1; d >= 0; --d) {
    c[static_cast<size_t>(d)] = flat % sizes[d];
    flat /= sizes[d];
  }
  std::string s = "(";
  for (size_t i = 0; i < c.size(); ++i) s += (i ? ", " : "") + std::to_string(c[i]);
  return s + (c.size() == 1 ? ",)" : ")");
}

std::string percentText(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", p);
  return buf;
}

std::string sizeText(const Dims& d) {
  std::string s = "torch.Size([";
  for (int i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
  return s + "])";
}

Value assertClose(Interpreter& interp, const CallArgs& call, const void*) {
  allowKwargs(call, "assert_close", {"actual", "expected", "rtol", "atol", "equal_nan", "check_dtype", "msg"});
  TensorState& state = stateOf(interp);
  const Value* actualV = call.nargs > 0 ? &call.args[0] : kwarg(call, "actual");
  const Value* expectedV = call.nargs > 1 ? &call.args[1] : kwarg(call, "expected");
  if (!actualV || !expectedV) throw Error(ErrorKind::Type, "assert_close() missing required argument 'expected'");
  auto asT = [&](const Value& v) -> Ref<TensorObject> {
    if (v.isTensor()) return Ref<TensorObject>(asTensor(v));
    if (v.isBool() || v.isInt() || v.isFloat() || v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple))
      return tensorFromData(state, v, v.isFloat() ? std::optional<DType>(DType::Float64) : std::nullopt);
    throw Error(ErrorKind::Type, "No comparison pair was able to handle inputs of type " + typeName(v));
  };
  Ref<TensorObject> actual = asT(*actualV), expected = asT(*expectedV);
  const Value* rtolV = kwarg(call, "rtol");
  const Value* atolV = kwarg(call, "atol");
  bool hasR = rtolV && !rtolV->isNone(), hasA = atolV && !atolV->isNone();
  if (hasR != hasA)
    throw Error(ErrorKind::Value, "Both 'rtol' and 'atol' must be either specified or omitted, but got no " +
                                      std::string(hasR ? "atol" : "rtol") + ".");
  const Value* msgV = kwarg(call, "msg");
  auto fail = [&](const std::string& m) {
    if (msgV && msgV->isObj(ObjKind::Str)) throw Error(ErrorKind::Assertion, msgV->as<StrObject>()->str);
    throw Error(ErrorKind::Assertion, m);
  };
  if (actual->sizes() != expected->sizes())
    fail("The values for attribute 'shape' do not match: " + sizeText(actual->sizes()) + " != " +
         sizeText(expected->sizes()) + ".");
  const Value* checkDtype = kwarg(call, "check_dtype");
  if ((!checkDtype || (checkDtype->isBool() && checkDtype->asBool())) && actual->dtype() != expected->dtype())
    fail(std::string("The values for attribute 'dtype' do not match: torch.") + dtypeName(actual->dtype()) +
         " != torch." + dtypeName(expected->dtype()) + ".");
  DType d = actual->dtype();
  double rtol = 0, atol = 0;
  if (hasR) {
    rtol = rtolV->isFloat() ? rtolV->asFloat() : static_cast<double>(rtolV->asInt());
    atol = atolV->isFloat() ? atolV->asFloat() : static_cast<double>(atolV->asInt());
  } else if (d == DType::Float32) {
    rtol = 1.3e-6; atol = 1e-5;
  } else if (d == DType::Float64) {
    rtol = 1e-7; atol = 1e-7;
  }
  const Value* eqNan = kwarg(call, "equal_nan");
  bool equalNan = eqNan && eqNan->isBool() && eqNan->asBool();
  int64_t n = actual->numel(), mismatched = 0;
  double maxAbs = -1, maxRel = -1;
  int64_t absAt = 0, relAt = 0;
  bool floating = isFloating(actual->dtype()) || isFloating(expected->dtype());
  for (int64_t i = 0; i < n; ++i) {
    double a = readAsDouble(*actual, i), e = readAsDouble(*expected, i);
    bool ok;
    if (a == e) ok = true;
    else if (std::isnan(a) || std::isnan(e)) ok = equalNan && std::isnan(a) && std::isnan(e);
    else if (std::isinf(a) || std::isinf(e)) ok = false;
    else ok = std::fabs(a - e) <= atol + rtol * std::fabs(e);
    double diff = std::fabs(a - e);
    if (std::isnan(diff)) diff = std::nan("");
    double rel = e == 0 ? (diff == 0 ? 0 : INFINITY) : diff / std::fabs(e);
    // Integers: PyTorch's true division of the integer differences, in float32.
    if (!floating && e != 0) rel = static_cast<double>(static_cast<float>(diff) / static_cast<float>(std::fabs(e)));
    if (!ok) ++mismatched;
    if (!(diff <= maxAbs) && !ok) { maxAbs = diff; absAt = i; }
    if (!(rel <= maxRel) && !ok) { maxRel = rel; relAt = i; }
  }
  if (mismatched == 0) return Value();
  // PyTorch: "equal" and no tolerances when both are zero (the integer
  // defaults, or given), else "close" with them.
  bool equality = rtol == 0 && atol == 0;
  auto allowed = [&](double tol) { return equality ? "" : " (up to " + ir::shortestFloatText(tol) + " allowed)"; };
  std::string head = equality ? "Tensor-likes are not equal!" : "Tensor-likes are not close!";
  std::string m = head + "\n\nMismatched elements: " + std::to_string(mismatched) + " / " + std::to_string(n) + " (" +
                  percentText(100.0 * static_cast<double>(mismatched) / static_cast<double>(n)) + ")\n";
  auto num = [&](double x) { return floating ? ir::shortestFloatText(x) : std::to_string(static_cast<int64_t>(x)); };
  if (n == 1) {
    m += "Greatest absolute difference: " + num(maxAbs) + allowed(atol) + "\n";
    m += "Greatest relative difference: " + ir::shortestFloatText(maxRel) + allowed(rtol);
  } else {
    m += "Greatest absolute difference: " + num(maxAbs) + " at index " + indexText(actual->sizes(), absAt) +
         allowed(atol) + "\n";
    m += "Greatest relative difference: " + ir::shortestFloatText(maxRel) + " at index " + indexText(actual->sizes(), relAt) +
         allowed(rtol);
  }
  fail(m);
  return Value();
}

}  // namespace

Value makeTorchModule(Interpreter& interp) {
  auto mod = makeRef<ModuleObject>("torch");
  for (const ir::OverloadSet& set : ir::opTable().overloadSets())
    if (set.anyFunction) mod->set(set.name, makeNative(set.name, opFunction, &set));
  mod->set("tensor", makeNative("tensor", torchTensor));
  addRandomBindings(interp, *mod);  // manual_seed, Generator, ... (generator.h)
  mod->set("is_tensor", makeNative("is_tensor", torchIsTensor));
  mod->set("numel", makeNative("numel", torchNumel));
  mod->set("Size", makeNative("Size", torchSize));
  // torch.compile and tdsl.explain join it from the compile layer (compile/install.h).
  const std::pair<const char*, DType> dtypes[] = {
      {"float32", DType::Float32}, {"float", DType::Float32}, {"float64", DType::Float64},
      {"double", DType::Float64}, {"int64", DType::Int64},     {"long", DType::Int64},
      {"int32", DType::Int32},     {"int", DType::Int32},       {"bool", DType::Bool},
  };
  for (const auto& [name, d] : dtypes) mod->set(name, Value::dtype(d));
  for (MemoryFormat f : {MemoryFormat::Preserve, MemoryFormat::Contiguous, MemoryFormat::ChannelsLast})
    mod->set(memoryFormatName(f), Value(makeRef<MemoryFormatObject>(f)));
  addViewCompositeFunctions(*mod);  // Note [Composite view functions]
  Value tensorType = makeNative("Tensor", torchTensorType);
  mod->set("Tensor", tensorType);
  interp.vm().typeObjects["Tensor"] = tensorType;  // type(x) is torch.Tensor
  auto testing = makeRef<ModuleObject>("torch.testing");
  testing->set("assert_close", makeNative("assert_close", assertClose));
  mod->set("testing", Value(testing));
  installDeviceApi(*mod);
  addAutogradFunctions(interp, *mod);
  return Value(mod);
}

}  // namespace tdsl
