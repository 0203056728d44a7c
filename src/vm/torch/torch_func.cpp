// torch.func: grad, grad_and_value, vjp, jacrev, built on the autograd
// engine (src/autograd).
//
// Note [Function transforms on autograd]
// A transformed call makes each differentiated argument a fresh leaf that
// requires grad (a detached alias), or, when the argument already requires
// grad (an outer transform, grad(grad(f))), a differentiable alias of it, and
// then differentiates with create_graph so the outer level sees the inner
// gradient's history. Grad mode is on inside the call. Arguments may be
// tensors or tuples, lists and dicts of tensors (one level). Tensors the
// function captures keep their own history (Note [Outer history]).
#include <string>
#include <unordered_set>
#include <vector>

#include "autograd/autograd_meta.h"
#include "autograd/engine.h"
#include "autograd/node.h"
#include "support/diagnostics.h"
#include "vm/function.h"
#include "vm/gc.h"
#include "vm/value_ops.h"
#include "vm/interpreter.h"
#include "vm/torch/autograd_bindings.h"
#include "vm/torch/bindings.h"
#include "vm/torch/dispatch.h"
#include "vm/torch/pytree.h"
#include "vm/torch/torch_func_core.h"
#include "vm/torch/vmap.h"

namespace tdsl {

namespace ag = autograd;

namespace {

// One differentiated argument: its leaves (in order) and how to rebuild it.
struct Primal {
  Value wrapped;                // the argument with tensors replaced by leaves
  std::vector<Value> leaves;
  bool nested = false;          // some tensor already required grad
};

}  // namespace

Value callTransformed(Interpreter& interp, const Value& fn, const CallArgs& args) {
  TensorState& s = stateOf(interp);
  const Value callee = s.interceptor ? s.interceptor->transformCallee(fn) : fn;
  return interp.call(callee, args);
}

namespace {

void addInputStorages(const TensorState& s, const Value& v, std::vector<const void*>& into) {
  if (isTreeNode(v)) {
    for (const Value& c : treeChildren(v)) addInputStorages(s, c, into);
    return;
  }
  if (v.isTensor()) into.push_back(s.interceptor ? s.interceptor->storageIdentity(*asTensor(v)) : asTensor(v)->storage.get());
}

}  // namespace

TransformCall::TransformCall(TensorState& state, const std::vector<Value>& args) : s(state) {
  TransformFrame frame;
  frame.storageSerial = s.memory->storagesMade;
  frame.traceMark = s.interceptor ? s.interceptor->storageMark() : nullptr;
  for (const Value& v : args) addInputStorages(s, v, frame.inputs);
  s.transformFrames.push_back(std::move(frame));
}

Value makeLeaf(TensorState& s, const Value& t, bool& nested) {
  if (!t.isTensor()) throw Error(ErrorKind::Value, "Thing passed to transform API must be Tensor, got <class '" + typeName(t) + "'>");
  if (ag::requiresGrad(*asTensor(t))) {
    nested = true;
    return callOp(s, "alias", {t});
  }
  Value leaf = callMethod(s, t, "detach", {});
  ag::setLeafRequiresGrad(s, *asTensor(leaf), true);
  return leaf;
}

namespace {

Primal wrapPrimal(TensorState& s, const Value& arg) {
  Primal p;
  if (arg.isObj(ObjKind::Tuple) || arg.isObj(ObjKind::List)) {
    std::vector<Value> items = listItems(arg).toVector();
    for (Value& v : items) {
      v = makeLeaf(s, v, p.nested);
      p.leaves.push_back(v);
    }
    p.wrapped = arg.isObj(ObjKind::Tuple) ? makeTuple(std::move(items)) : makeList(std::move(items));
  } else if (arg.isObj(ObjKind::Dict)) {
    auto d = makeRef<DictObject>();
    for (const auto& [k, v] : arg.as<DictObject>()->entries) {
      Value leaf = makeLeaf(s, v, p.nested);
      p.leaves.push_back(leaf);
      d->set(k, leaf);
    }
    p.wrapped = Value(d);
  } else {
    p.wrapped = makeLeaf(s, arg, p.nested);
    p.leaves.push_back(p.wrapped);
  }
  return p;
}

// The argument's structure again, with `grads` in place of its leaves.
Value rebuild(const Value& arg, std::vector<Value>::const_iterator& it) {
  if (arg.isObj(ObjKind::Tuple) || arg.isObj(ObjKind::List)) {
    std::vector<Value> items;
    for (size_t i = 0; i < listItems(arg).size(); ++i) items.push_back(*it++);
    return arg.isObj(ObjKind::Tuple) ? makeTuple(std::move(items)) : makeList(std::move(items));
  }
  if (arg.isObj(ObjKind::Dict)) {
    auto d = makeRef<DictObject>();
    for (const auto& [k, v] : arg.as<DictObject>()->entries) d->set(k, *it++);
    return Value(d);
  }
  return *it++;
}

}  // namespace

// Note [Outer history]
// functorch differentiates a transformed call at a level of its own: a
// tensor the function captures from outside (w in grad(lambda a: (a *
// w).sum())(x)) is a constant at that level but keeps its history at the
// levels outside, so the gradient, the value and the aux stay
// differentiable with respect to it (PyTorch: that grad is w, requiring
// grad; (a * a).sum() + w.sum() gives a gradient that does not). tdsl's
// autograd has one level, so a call tells its own state from the outside
// by the nodes' creation order: the call's nodes are those numbered above
// the sequence number at its start (CallLevel::seq0), its leaves the fresh
// ones it made. A tensor whose history reaches an older node, or the
// accumulator of any other leaf, has outer history. When the output has,
// the backward runs with create_graph, and each result is detached only if
// its own history stays inside the call (unwrapResult). The history a kept
// result carries also reaches the call's private leaves, which nothing
// else sees, so a later backward through it gives the outer tensors
// PyTorch's gradients.
bool hasOuterHistory(const CallLevel& level, const Value& v) {
  if (!v.isTensor() || !ag::requiresGrad(*asTensor(v))) return false;
  std::vector<ag::Node*> todo;
  std::unordered_set<const ag::Node*> seen;
  auto push = [&](const ag::Edge& e) {
    if (e.fn && seen.insert(e.fn.get()).second) todo.push_back(e.fn.get());
  };
  // Held for the walk: a leaf's edge may own the only reference to its
  // accumulator (gradientEdge makes it on demand), which todo names raw.
  const ag::Edge root = ag::gradientEdge(*asTensor(v));
  push(root);
  while (!todo.empty()) {
    ag::Node* n = todo.back();
    todo.pop_back();
    if (auto* acc = dynamic_cast<ag::AccumulateGrad*>(n)) {
      bool own = false;
      for (const Value& l : level.leaves) own |= asTensor(l) == acc->variable.get();
      if (!own) return true;
      continue;
    }
    if (n->sequenceNr != 0 && n->sequenceNr <= level.seq0) return true;
    for (const ag::Edge& e : n->next) push(e);
  }
  return false;
}

Value unwrapResult(TensorState& s, const CallLevel& level, const Value& v) {
  if (level.nested || !ag::requiresGrad(*asTensor(v)) || hasOuterHistory(level, v)) return v;
  return callMethod(s, v, "detach", {});
}

// Note [Aux outputs]
// has_aux's value is a pytree (tuples, lists, dicts) whose leaves must be
// tensors: functorch unwraps it with _undo_create_differentiable, and any
// other leaf (None, an int) raises "Expected tensors, got unsupported type
// <class 'int'>". Its tensors come back without the call's own history
// (functorch unwraps them one level), at every depth: each is detached
// unless it has history from outside the call or the call is nested
// (Note [Outer history]). Under torch.compile a detached aux is an
// ordinary graph output, so a dict or nested aux does not refuse the
// joint graph.
Value unwrapAux(TensorState& s, const CallLevel& level, const Value& aux) {
  if (isTreeNode(aux)) {
    std::vector<Value> children = treeChildren(aux);
    for (Value& c : children) c = unwrapAux(s, level, c);
    return treeRebuild(aux, std::move(children));
  }
  if (!aux.isTensor()) throw Error(ErrorKind::Runtime, "Expected tensors, got unsupported type <class '" + typeName(aux) + "'>");
  return unwrapResult(s, level, aux);
}

std::vector<Value> gradients(TensorState& s, const std::vector<Value>& outputs, const std::vector<Value>& cotangents,
                             const std::vector<Value>& leaves, bool create, bool retain) {
  ag::BackwardRequest req;
  for (size_t i = 0; i < outputs.size(); ++i) {
    TensorObject& out = *asTensor(outputs[i]);
    if (!ag::requiresGrad(out)) continue;  // independent of the inputs: zero gradient
    req.roots.push_back(ag::gradientEdge(out));
    req.rootGrads.push_back(cotangents[i]);
  }
  req.capture = true;
  for (const Value& x : leaves) req.captures.push_back(ag::gradientEdge(*asTensor(x)));
  req.createGraph = create;
  req.keepGraph = retain || create;
  std::vector<Value> grads = req.roots.empty() ? std::vector<Value>(leaves.size()) : ag::runBackward(s, req);
  for (size_t i = 0; i < grads.size(); ++i) {
    if (grads[i].isNone()) grads[i] = callOp(s, "zeros_like", {leaves[i]});
    else if (!create) grads[i] = callMethod(s, grads[i], "detach", {});
  }
  return grads;
}

// Note [argnums]: functorch's _slice_argnums, in its order and words: the
// type of argnums, then each index wrapped against the positional
// arguments, then an empty or repeated tuple.
std::vector<int64_t> argnumsOf(const Value* v, size_t nargs, bool& single) {
  std::vector<int64_t> out;
  single = true;
  const auto n = static_cast<int64_t>(nargs);
  auto wrap = [&](const Value& x) {
    if (!x.isInt()) throw Error(ErrorKind::Runtime, "argnum must be int, got: <class '" + typeName(x) + "'>");
    const int64_t a = x.asInt();
    if (a < -n || a >= n)
      throw Error(ErrorKind::Runtime, "Got argnum=" + std::to_string(a) + ", but only " + std::to_string(nargs) + " positional inputs");
    out.push_back(a < 0 ? a + n : a);
  };
  if (!v || v->isNone()) {
    wrap(Value::integer(0));
    return out;
  }
  if (v->isInt()) {
    wrap(*v);
    return out;
  }
  if (!v->isObj(ObjKind::Tuple))
    throw Error(ErrorKind::Runtime, "argnums must be int or Tuple[int, ...], got: <class '" + typeName(*v) + "'>");
  single = false;
  for (const Value& x : listItems(*v)) wrap(x);
  if (out.empty()) throw Error(ErrorKind::Runtime, "argnums must be non-empty");
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (out[i] == out[j]) {
        std::string text = "(";
        for (size_t k = 0; k < out.size(); ++k) text += (k ? ", " : "") + std::to_string(out[k]);
        throw Error(ErrorKind::Runtime, "argnums elements must be unique, got " + text + (out.size() == 1 ? ",)" : ")"));
      }
  return out;
}

namespace {

class FuncTransform : public ExtensionObject {
 public:
  enum class Kind : uint8_t { Grad, GradAndValue, Jacrev };
  FuncTransform(Kind kind, Value fn, Value argnums, bool hasAux)
      : kind_(kind), fn_(std::move(fn)), argnums_(std::move(argnums)), hasAux_(hasAux) {}
  std::string typeName() const override { return "function"; }
  std::string repr() const override {
    const char* n = kind_ == Kind::Grad ? "grad" : kind_ == Kind::GradAndValue ? "grad_and_value" : "jacrev";
    return std::string("<function ") + n + ".<locals>.wrapper>";
  }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override;
  void gcTraverse(GcVisitor& v) override {
    v.visit(fn_);
    v.visit(argnums_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(fn_));
    out.push_back(std::move(argnums_));
  }

 private:
  Kind kind_;
  Value fn_, argnums_;
  bool hasAux_;
};

Value FuncTransform::call(Interpreter& interp, const CallArgs& call) {
  TensorState& s = stateOf(interp);
  GradModeOn mode(s);
  bool single = true;
  std::vector<int64_t> argnums = argnumsOf(argnums_.isNone() ? nullptr : &argnums_, call.nargs, single);
  std::vector<Value> args(call.args, call.args + call.nargs);
  std::vector<Primal> primals;
  CallLevel level;
  level.seq0 = s.autogradSequence;  // Note [Outer history]
  for (int64_t a : argnums) {
    primals.push_back(wrapPrimal(s, args[static_cast<size_t>(a)]));
    args[static_cast<size_t>(a)] = primals.back().wrapped;
    for (const Value& l : primals.back().leaves) level.leaves.push_back(l);
    level.nested |= primals.back().nested;
  }
  const std::vector<Value>& leaves = level.leaves;
  std::vector<KwArg> kws(call.kwargs, call.kwargs + call.nkwargs);
  Value result;
  {
    TransformCall inCall(s, args);
    result = callTransformed(interp, fn_, CallArgs{args.data(), args.size(), kws.data(), kws.size()});
  }
  const std::string who = kind_ == Kind::Jacrev ? "jacrev" : "grad_and_value";
  Value out = result, aux;
  if (hasAux_) {
    if (!result.isObj(ObjKind::Tuple) || listItems(result).size() != 2)
      throw Error(ErrorKind::Runtime, who + "(f)(*args): output of function f should be a tuple: (output, aux) if has_aux is True");
    out = listItems(result)[0];
    aux = unwrapAux(s, level, listItems(result)[1]);
  }
  if (!out.isTensor()) throw Error(ErrorKind::Runtime, "Expected tensors, got unsupported type " + ("<class '" + tdsl::typeName(out) + "'>"));
  const TensorObject& o = *asTensor(out);
  // With history from outside, the gradients are differentiable too.
  const bool create = level.nested || hasOuterHistory(level, out);
  auto pack = [&](std::vector<Value> grads) {
    for (Value& g : grads) g = unwrapResult(s, level, g);
    std::vector<Value> perArg;
    auto it = grads.cbegin();
    for (size_t i = 0; i < primals.size(); ++i) perArg.push_back(rebuild(call.args[static_cast<size_t>(argnums[i])], it));
    return single ? perArg[0] : makeTuple(std::move(perArg));
  };
  if (kind_ == Kind::Jacrev) {
    // One vector-Jacobian product per output element, stacked.
    const int64_t m = o.numel();
    Value flatOut = callOp(s, "reshape", {out, makeList({Value::integer(-1)})});
    std::vector<std::vector<Value>> rows(leaves.size());
    for (int64_t i = 0; i < m; ++i) {
      Value basis = callOp(s, "zeros", {makeList({Value::integer(m)})}, {KwArg{"dtype", Value::dtype(o.dtype())}});
      basis = callOp(s, "select_scatter", {basis, Value(scalarTensor(s, Value::number(1.0), o.dtype())), Value::integer(0), Value::integer(i)});
      std::vector<Value> g = gradients(s, {flatOut}, {basis}, leaves, create, true);
      for (size_t k = 0; k < leaves.size(); ++k) rows[k].push_back(g[k]);
    }
    std::vector<Value> jac;
    for (size_t k = 0; k < leaves.size(); ++k) {
      std::vector<Value> shape;
      for (int64_t d : o.sizes()) shape.push_back(Value::integer(d));
      for (int64_t d : asTensor(leaves[k])->sizes()) shape.push_back(Value::integer(d));
      Value stacked = m == 0 ? callOp(s, "zeros", {makeList(shape)}) : callOp(s, "stack", {makeList(rows[k])});
      jac.push_back(callOp(s, "reshape", {stacked, makeList(std::move(shape))}));
    }
    Value j = pack(std::move(jac));
    return hasAux_ ? makeTuple({j, aux}) : j;
  }
  if (o.numel() != 1 || o.dim() != 0)
    throw Error(ErrorKind::Runtime, who + "(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor with " +
                                        std::to_string(o.dim()) + " dims. Maybe you wanted to use the vjp or jacrev APIs instead?");
  Value one = callOp(s, "ones_like", {out});
  Value g = pack(gradients(s, {out}, {one}, leaves, create, false));
  if (kind_ == Kind::Grad) return hasAux_ ? makeTuple({g, aux}) : g;
  Value value = unwrapResult(s, level, out);
  return hasAux_ ? makeTuple({g, makeTuple({value, aux})}) : makeTuple({g, value});
}

// The function vjp returns: cotangents -> gradients of the primals.
class VjpFunction : public ExtensionObject {
 public:
  VjpFunction(Value output, CallLevel level, std::vector<Value> primals)
      : output_(std::move(output)), level_(std::move(level)), primals_(std::move(primals)) {}
  std::string typeName() const override { return "function"; }
  std::string repr() const override { return "<function vjp.<locals>.wrapper>"; }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& call) override {
    if (call.nargs != 1 || !call.args[0].isTensor()) throw Error(ErrorKind::Type, "vjp_fn() takes one cotangent tensor");
    TensorState& s = stateOf(interp);
    const TensorObject& ct = *asTensor(call.args[0]);
    if (ct.sizes() != asTensor(output_)->sizes())
      throw Error(ErrorKind::Runtime, "Mismatch in shape: grad_output[0] has a shape of " + sizeText(ct.sizes()) +
                                          " and output[0] has a shape of " + sizeText(asTensor(output_)->sizes()) + ".");
    GradModeOn mode(s);
    // Note [Outer history]: a cotangent with history makes the gradients differentiable too.
    const bool create = level_.nested || hasOuterHistory(level_, output_) || hasOuterHistory(level_, call.args[0]);
    std::vector<Value> grads = gradients(s, {output_}, {call.args[0]}, level_.leaves, create, true);
    for (Value& g : grads) g = unwrapResult(s, level_, g);
    std::vector<Value> out;
    auto it = grads.cbegin();
    for (const Value& p : primals_) out.push_back(rebuild(p, it));
    return makeTuple(std::move(out));
  }
  void gcTraverse(GcVisitor& v) override {
    v.visit(output_);
    for (const Value& x : level_.leaves) v.visit(x);
    for (const Value& x : primals_) v.visit(x);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(output_));
    for (Value& x : level_.leaves) out.push_back(std::move(x));
    for (Value& x : primals_) out.push_back(std::move(x));
    level_.leaves.clear();
    primals_.clear();
  }

 private:
  static std::string sizeText(const Dims& d) { return "torch.Size(" + formatDims(d) + ")"; }
  Value output_;
  CallLevel level_;
  std::vector<Value> primals_;
};

bool hasAuxFlag(const CallArgs& call) {
  const Value* v = kwarg(call, "has_aux");
  return v && v->isBool() && v->asBool();
}

Value makeTransform(FuncTransform::Kind kind, const CallArgs& call, const char* name) {
  if (call.nargs < 1) throw Error(ErrorKind::Type, std::string(name) + "() missing 1 required positional argument: 'func'");
  Value argnums = call.nargs > 1 ? call.args[1] : Value();
  if (const Value* a = kwarg(call, "argnums")) argnums = *a;
  return Value(makeRef<FuncTransform>(kind, call.args[0], argnums, hasAuxFlag(call)));
}

Value funcGrad(Interpreter&, const CallArgs& call, const void*) { return makeTransform(FuncTransform::Kind::Grad, call, "grad"); }
Value funcGradAndValue(Interpreter&, const CallArgs& call, const void*) {
  return makeTransform(FuncTransform::Kind::GradAndValue, call, "grad_and_value");
}
Value funcJacrev(Interpreter&, const CallArgs& call, const void*) { return makeTransform(FuncTransform::Kind::Jacrev, call, "jacrev"); }

Value funcVjp(Interpreter& interp, const CallArgs& call, const void*) {
  if (call.nargs < 1) throw Error(ErrorKind::Type, "vjp() missing 1 required positional argument: 'func'");
  TensorState& s = stateOf(interp);
  GradModeOn mode(s);
  std::vector<Value> args, primals;
  CallLevel level;
  level.seq0 = s.autogradSequence;  // Note [Outer history]
  for (size_t i = 1; i < call.nargs; ++i) {
    Primal p = wrapPrimal(s, call.args[i]);
    args.push_back(p.wrapped);
    primals.push_back(call.args[i]);
    for (const Value& l : p.leaves) level.leaves.push_back(l);
    level.nested |= p.nested;
  }
  Value result;
  {
    TransformCall inCall(s, args);
    result = callTransformed(interp, call.args[0], CallArgs{args.data(), args.size(), nullptr, 0});
  }
  const bool hasAux = hasAuxFlag(call);
  Value out = result, aux;
  if (hasAux) {
    if (!result.isObj(ObjKind::Tuple) || listItems(result).size() != 2)
      throw Error(ErrorKind::Runtime, "vjp(f, *primals): output of function f should be a tuple: (output, aux) if has_aux is True");
    out = listItems(result)[0];
    aux = unwrapAux(s, level, listItems(result)[1]);
  }
  if (!out.isTensor()) throw Error(ErrorKind::Runtime, "Expected tensors, got unsupported type <class '" + typeName(out) + "'>");
  Value shown = unwrapResult(s, level, out);
  Value fn(makeRef<VjpFunction>(out, std::move(level), primals));
  return hasAux ? makeTuple({shown, fn, aux}) : makeTuple({shown, fn});
}

}  // namespace

bool isTorchFuncObject(const Value& v) {
  if (v.isObj(ObjKind::Native) && !isVmapObject(v)) {
    const NativeFn f = v.as<NativeObject>()->fn;
    return f == funcGrad || f == funcGradAndValue || f == funcVjp || f == funcJacrev;
  }
  if (isVmapObject(v)) return true;
  return v.isObj(ObjKind::Other) && (dynamic_cast<FuncTransform*>(v.asObj()) || dynamic_cast<VjpFunction*>(v.asObj()));
}

Value makeTorchFuncModule(Interpreter&) {
  auto mod = makeRef<ModuleObject>("torch.func");
  mod->set("grad", makeNative("grad", funcGrad));
  mod->set("grad_and_value", makeNative("grad_and_value", funcGradAndValue));
  mod->set("vjp", makeNative("vjp", funcVjp));
  mod->set("jacrev", makeNative("jacrev", funcJacrev));
  mod->set("vmap", makeNative("vmap", funcVmap));
  mod->set("jvp", makeNative("jvp", funcJvp));
  mod->set("jacfwd", makeNative("jacfwd", funcJacfwd));
  mod->set("functional_call", makeNative("functional_call", funcFunctionalCall));
  return Value(mod);
}

}  // namespace tdsl
