// torch.func.jvp, jacfwd and functional_call.
//
// Note [jvp by double vjp]
// Forward mode is the transpose of reverse mode: with u a fresh leaf shaped
// like the output, g(u) = J^T u is linear in u, and d(g . t)/du = J t. So jvp
// runs f once, takes the vjp with create_graph, then differentiates that vjp
// against the tangents (the double-vjp identity). It needs every formula on
// the path to be differentiable, which they are (they are written in ops).
//
// Note [functional_call without modules]
// tdsl has no nn.Module, so functional_call's first argument is a plain
// function that takes the parameter dict first: functional_call(f, params,
// args, kwargs) is f(params, *args, **kwargs). A tuple of dicts is merged
// (later keys win), and a non-tuple args is one argument, as in PyTorch.
#include <string>
#include <vector>

#include "autograd/autograd_meta.h"
#include "support/diagnostics.h"
#include "vm/interpreter.h"
#include "vm/torch/bindings.h"
#include "vm/torch/dispatch.h"
#include "vm/torch/pytree.h"
#include "vm/torch/torch_func_core.h"
#include "vm/torch/vmap.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

Value detached(TensorState& s, const Value& v) { return callMethod(s, v, "detach", {}); }

Value freshLeafLike(TensorState& s, const Value& t) {
  Value u = detached(s, callOp(s, "zeros_like", {t}));
  autograd::setLeafRequiresGrad(s, *asTensor(u), true);
  return u;
}

struct JvpResult {
  Value output, tangent, aux;
};

// f(*primals) and J t (Note [jvp by double vjp]); `who` names the API in errors.
JvpResult forwardProduct(Interpreter& interp, const Value& fn, const std::vector<Value>& primals,
                         const std::vector<Value>& tangents, bool hasAux, const std::string& who) {
  TensorState& s = stateOf(interp);
  GradModeOn mode(s);
  std::vector<Value> leaves;
  CallLevel level;
  level.seq0 = s.autogradSequence;  // Note [Outer history] in torch_func.cpp
  for (const Value& p : primals) leaves.push_back(makeLeaf(s, p, level.nested));
  level.leaves = leaves;
  Value result;
  {
    TransformCall inCall(s, leaves);
    result = callTransformed(interp, fn, CallArgs{leaves.data(), leaves.size(), nullptr, 0});
  }
  JvpResult r;
  Value out = result;
  if (hasAux) {
    if (!result.isObj(ObjKind::Tuple) || listItems(result).size() != 2)
      throw Error(ErrorKind::Runtime, who + ": output of function f should be a tuple: (output, aux) if has_aux is True");
    out = listItems(result)[0];
    r.aux = unwrapAux(s, level, listItems(result)[1]);
  }
  const bool tupleOut = out.isObj(ObjKind::Tuple);
  std::vector<Value> outs = tupleOut ? listItems(out).toVector() : std::vector<Value>{out};
  for (const Value& o : outs)
    if (!o.isTensor())
      throw Error(ErrorKind::Runtime, who + ": expected f(*primals) to return only tensors, got unsupported type <class '" +
                                          typeName(o) + "'>");
  // With history from outside (in the outputs or the tangents), the
  // tangents out are differentiable too.
  bool create = level.nested;
  for (const Value& o : outs) create = create || hasOuterHistory(level, o);
  for (const Value& t : tangents) create = create || hasOuterHistory(level, t);
  std::vector<Value> us;
  for (const Value& o : outs) us.push_back(freshLeafLike(s, o));
  for (const Value& u : us) level.leaves.push_back(u);
  std::vector<Value> vjps = gradients(s, outs, us, leaves, true, true);
  std::vector<Value> jt = gradients(s, vjps, tangents, us, create, create);
  for (Value& t : jt) t = unwrapResult(s, level, t);
  std::vector<Value> shown;
  for (const Value& o : outs) shown.push_back(unwrapResult(s, level, o));
  r.output = tupleOut ? makeTuple(shown) : shown[0];
  r.tangent = tupleOut ? makeTuple(jt) : jt[0];
  return r;
}

bool flag(const CallArgs& call, const char* name) {
  const Value* v = kwarg(call, name);
  return v && v->isBool() && v->asBool();
}

}  // namespace

Value funcJvp(Interpreter& interp, const CallArgs& call, const void*) {
  if (call.nargs < 3) throw Error(ErrorKind::Type, "jvp() missing required positional arguments: 'func', 'primals' and 'tangents'");
  const std::string who = "jvp(f, primals, tangents)";
  const Value& primals = call.args[1];
  const Value& tangents = call.args[2];
  if (!primals.isObj(ObjKind::Tuple))
    throw Error(ErrorKind::Runtime, who + ": Expected primals to be a tuple. E.g. it should be valid to call f(*primals).");
  if (!sameNode(interp, primals, tangents))
    throw Error(ErrorKind::Runtime, who + ": Expected primals and tangents to have the same python structure. For example, if primals is a tuple of 3 tensors, tangents also must be. Got primals with structure " +
                                        treeSpecText(interp, primals) + " and tangents with structure " + treeSpecText(interp, tangents));
  const std::vector<Value> p = listItems(primals).toVector();
  const std::vector<Value> t = listItems(tangents).toVector();
  for (size_t i = 0; i < p.size(); ++i) {
    if (!p[i].isTensor()) throw Error(ErrorKind::Runtime, who + ": Expected primals to only contain Tensors, got <class '" + typeName(p[i]) + "'>");
    if (!t[i].isTensor()) throw Error(ErrorKind::Runtime, who + ": Expected tangents to only contain Tensors, got <class '" + typeName(t[i]) + "'>");
    if (asTensor(p[i])->sizes() != asTensor(t[i])->sizes())
      throw Error(ErrorKind::Runtime, "Trying to set a forward gradient that has a different size than that of the original Tensor, this is not supported. Tensor is of size " +
                                          formatDims(asTensor(p[i])->sizes()) + " while the given forward gradient is of size " +
                                          formatDims(asTensor(t[i])->sizes()) + ".");
  }
  const bool hasAux = flag(call, "has_aux");
  JvpResult r = forwardProduct(interp, call.args[0], p, t, hasAux, who);
  return hasAux ? makeTuple({r.output, r.tangent, r.aux}) : makeTuple({r.output, r.tangent});
}

namespace {

// jacfwd(f, argnums)(*args): one jvp per input element, the columns stacked last.
class JacfwdFunction : public ExtensionObject {
 public:
  JacfwdFunction(Value fn, Value argnums, bool hasAux) : fn_(std::move(fn)), argnums_(std::move(argnums)), hasAux_(hasAux) {}
  std::string typeName() const override { return "function"; }
  std::string repr() const override { return "<function jacfwd.<locals>.wrapper_fn>"; }
  bool callable() const override { return true; }
  void gcTraverse(GcVisitor& v) override {
    v.visit(fn_);
    v.visit(argnums_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(fn_));
    out.push_back(std::move(argnums_));
  }
  Value call(Interpreter& interp, const CallArgs& call) override {
    TensorState& s = stateOf(interp);
    bool single = true;
    const std::vector<int64_t> nums = argnumsOf(&argnums_, call.nargs, single);
    std::vector<Value> primals(call.args, call.args + call.nargs);
    std::vector<Value> jacobians;
    Value aux;
    for (int64_t k : nums) {
      const Value& x = primals[static_cast<size_t>(k)];
      if (!x.isTensor()) throw Error(ErrorKind::Runtime, "Thing passed to transform API must be Tensor, got <class '" + tdsl::typeName(x) + "'>");
      const TensorObject& xt = *asTensor(x);
      const int64_t n = xt.numel();
      std::vector<Value> columns;
      Value output;
      for (int64_t j = 0; j < std::max<int64_t>(n, 1); ++j) {
        std::vector<Value> tangents;
        for (size_t i = 0; i < primals.size(); ++i) {
          Value zero = callOp(s, "zeros_like", {primals[i]});
          if (static_cast<int64_t>(i) == k && n > 0) {
            Value flat = callOp(s, "reshape", {zero, makeList({Value::integer(-1)})});
            flat = callOp(s, "select_scatter", {flat, Value(scalarTensor(s, Value::number(1.0), xt.dtype())), Value::integer(0), Value::integer(j)});
            zero = callOp(s, "reshape", {flat, makeList(sizesOf(xt))});
          }
          tangents.push_back(zero);
        }
        JvpResult r = forwardProduct(interp, fn_, primals, tangents, hasAux_, "jacfwd(f, ...)(*args)");
        if (!r.output.isTensor()) throw Error(ErrorKind::Runtime, "jacfwd: f must return a single Tensor");
        output = r.output;
        aux = r.aux;
        columns.push_back(callOp(s, "reshape", {r.tangent, makeList({Value::integer(-1)})}));
      }
      std::vector<Value> shape = sizesOf(*asTensor(output));
      for (const Value& d : sizesOf(xt)) shape.push_back(d);
      Value jac = n == 0 ? callOp(s, "zeros", {makeList(shape)}, {KwArg{"dtype", Value::dtype(asTensor(output)->dtype())}})
                         : callOp(s, "stack", {makeList(columns), Value::integer(-1)});
      jacobians.push_back(callOp(s, "reshape", {jac, makeList(std::move(shape))}));
    }
    Value j = single ? jacobians[0] : makeTuple(jacobians);
    return hasAux_ ? makeTuple({j, aux}) : j;
  }

 private:
  static std::vector<Value> sizesOf(const TensorObject& t) {
    std::vector<Value> out;
    for (int64_t d : t.sizes()) out.push_back(Value::integer(d));
    return out;
  }
  Value fn_, argnums_;
  bool hasAux_;
};

}  // namespace

bool isJacfwdObject(const Value& v) { return v.isObj(ObjKind::Other) && dynamic_cast<JacfwdFunction*>(v.asObj()); }

Value funcJacfwd(Interpreter&, const CallArgs& call, const void*) {
  if (call.nargs < 1) throw Error(ErrorKind::Type, "jacfwd() missing 1 required positional argument: 'func'");
  Value argnums = call.nargs > 1 ? call.args[1] : Value::integer(0);
  if (const Value* a = kwarg(call, "argnums")) argnums = *a;
  return Value(makeRef<JacfwdFunction>(call.args[0], argnums, flag(call, "has_aux")));
}

Value funcFunctionalCall(Interpreter& interp, const CallArgs& call, const void*) {
  const Value* fn = call.nargs > 0 ? &call.args[0] : kwarg(call, "module");
  const Value* params = call.nargs > 1 ? &call.args[1] : kwarg(call, "parameter_and_buffer_dicts");
  const Value* args = call.nargs > 2 ? &call.args[2] : kwarg(call, "args");
  const Value* kwargs = call.nargs > 3 ? &call.args[3] : kwarg(call, "kwargs");
  if (!fn || !params)
    throw Error(ErrorKind::Type, "functional_call() missing required positional arguments: 'module' and 'parameter_and_buffer_dicts'");
  Value merged = *params;
  if (params->isObj(ObjKind::Tuple) || params->isObj(ObjKind::List)) {
    auto d = makeRef<DictObject>();
    for (const Value& part : listItems(*params)) {
      if (!part.isObj(ObjKind::Dict))
        throw Error(ErrorKind::Value, "Expected all elements of parameter_and_buffer_dicts to be dictionaries");
      for (const auto& [k, v] : part.as<DictObject>()->entries) d->set(k, v);
    }
    merged = Value(d);
  } else if (!params->isObj(ObjKind::Dict)) {
    throw Error(ErrorKind::Value, "Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, but got " +
                                      std::string("<class '") + typeName(*params) + "'>");
  }
  std::vector<Value> callArgs{merged};
  if (args && args->isObj(ObjKind::Tuple)) {
    for (const Value& a : listItems(*args)) callArgs.push_back(a);
  } else if (args) {
    callArgs.push_back(*args);
  }
  std::vector<KwArg> kws;
  if (kwargs && !kwargs->isNone()) {
    if (!kwargs->isObj(ObjKind::Dict)) throw Error(ErrorKind::Type, "functional_call(): kwargs must be a dict");
    for (const auto& [k, v] : kwargs->as<DictObject>()->entries) {
      if (!k.isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "keywords must be strings");
      kws.push_back(KwArg{k.as<StrObject>()->str, v});
    }
  }
  return callTransformed(interp, *fn, CallArgs{callArgs.data(), callArgs.size(), kws.data(), kws.size()});
}

}  // namespace tdsl
