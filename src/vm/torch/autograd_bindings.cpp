#include "vm/torch/autograd_bindings.h"

#include <cstdio>

#include "autograd/autograd_meta.h"
#include "autograd/engine.h"
#include "autograd/function_node.h"
#include "autograd/node.h"
#include "support/diagnostics.h"
#include "vm/function.h"
#include "vm/gc.h"
#include "vm/value_ops.h"
#include "vm/interpreter.h"
#include "vm/torch/bindings.h"
#include "vm/torch/dispatch.h"
#include "vm/torch/torch_func_core.h"

namespace tdsl {

namespace ag = autograd;

namespace {

// Positional-or-keyword argument `i` named `name`, or null.
const Value* argument(const CallArgs& call, size_t i, std::string_view name) {
  if (i < call.nargs) return &call.args[i];
  return kwarg(call, name);
}

void allowOnly(const CallArgs& call, const char* fn, size_t maxPositional, std::initializer_list<std::string_view> names) {
  if (call.nargs > maxPositional)
    throw Error(ErrorKind::Type, std::string(fn) + "() takes at most " + std::to_string(maxPositional) +
                                     " positional arguments (" + std::to_string(call.nargs) + " given)");
  for (size_t i = 0; i < call.nkwargs; ++i) {
    bool ok = false;
    for (auto n : names) ok |= call.kwargs[i].name == n;
    if (!ok)
      throw Error(ErrorKind::Type, std::string(fn) + "() got an unexpected keyword argument '" +
                                       std::string(call.kwargs[i].name) + "'");
  }
}

bool truthy(const Value* v) { return v && !v->isNone() && (v->isBool() ? v->asBool() : v->isInt() ? v->asInt() != 0 : true); }

std::string addressText(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

// grad_fn: a node as a script value.
class GradFnObject : public ExtensionObject {
 public:
  explicit GradFnObject(std::shared_ptr<ag::Node> node) : node_(std::move(node)) {}
  std::string typeName() const override { return node_->className(); }
  std::string repr() const override { return "<" + node_->reprName() + " object at " + addressText(node_.get()) + ">"; }
  const Value* getAttr(std::string_view name) const override;
  void gcTraverse(GcVisitor& v) override {
    v.visit(name_);
    v.visit(next_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(name_));
    out.push_back(std::move(next_));
  }
  const std::shared_ptr<ag::Node>& node() const { return node_; }

 private:
  std::shared_ptr<ag::Node> node_;
  mutable Value name_, next_;
};

Value gradFnValue(const std::shared_ptr<ag::Node>& n) {
  if (!n) return Value();
  return Value(makeRef<GradFnObject>(n));
}

Value gradFnName(Interpreter&, const CallArgs& call, const void*) {
  const auto* self = dynamic_cast<const GradFnObject*>(call.args[0].asObj());
  return makeStr(self->node()->name());
}

const Value* GradFnObject::getAttr(std::string_view name) const {
  if (name == "name") {
    if (name_.isNone())
      name_ = Value(makeRef<BoundMethodObject>(Value::object(const_cast<GradFnObject*>(this)), makeNative("name", gradFnName)));
    return &name_;
  }
  if (name == "next_functions") {
    if (next_.isNone()) {
      std::vector<Value> items;
      for (const ag::Edge& e : node_->next)
        items.push_back(makeTuple({gradFnValue(e.fn), Value::integer(e.inputNr)}));
      next_ = makeTuple(std::move(items));
    }
    return &next_;
  }
  return nullptr;
}

TensorObject& tensorOf(const Value& v) { return *asTensor(v); }

[[noreturn]] void needsGradError(size_t i) {
  throw Error(ErrorKind::Runtime, "element " + std::to_string(i) + " of tensors does not require grad and does not have a grad_fn");
}

std::string sizeText(const Dims& d) { return "torch.Size(" + formatDims(d) + ")"; }

// The gradient each output starts from: the given one (shape-checked), or
// ones for a one-element output.
Value rootGrad(Interpreter& interp, const TensorObject& out, const Value* given, size_t i) {
  if (!given || given->isNone()) {
    if (out.numel() != 1) throw Error(ErrorKind::Runtime, "grad can be implicitly created only for scalar outputs");
    return callOp(stateOf(interp), "ones_like", {Value::object(const_cast<TensorObject*>(&out))});
  }
  if (!given->isTensor()) throw Error(ErrorKind::Type, "gradient must be a Tensor or None, not " + typeName(*given));
  const TensorObject& g = *asTensor(*given);
  if (g.sizes() != out.sizes())
    throw Error(ErrorKind::Runtime, "Mismatch in shape: grad_output[" + std::to_string(i) + "] has a shape of " +
                                        sizeText(g.sizes()) + " and output[" + std::to_string(i) + "] has a shape of " +
                                        sizeText(out.sizes()) + ".");
  return *given;
}

std::vector<Value> tensorSequence(const Value& v, const char* what) {
  if (v.isTensor()) return {v};
  if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple)) {
    std::vector<Value> items = listItems(v).toVector();
    for (const Value& x : items)
      if (!x.isTensor()) throw Error(ErrorKind::Type, std::string(what) + " must be a Tensor or a sequence of Tensors, not " + typeName(x));
    return items;
  }
  throw Error(ErrorKind::Type, std::string(what) + " must be a Tensor or a sequence of Tensors, not " + typeName(v));
}

}  // namespace

// ---------------------------------------------------------------------------
// Tensor attributes and methods

std::optional<Value> autogradGetAttr(Interpreter&, const Value& self, std::string_view name) {
  TensorObject& t = tensorOf(self);
  if (name == "requires_grad") return Value::boolean(ag::requiresGrad(t));
  if (name == "is_leaf") return Value::boolean(ag::isLeaf(t));
  if (name == "grad_fn") return gradFnValue(ag::gradFn(t));
  if (name == "_version") return Value::integer(static_cast<int64_t>(ag::versionOf(t)));
  if (name == "retains_grad") {
    const AutogradMeta* m = ag::metaOf(t);
    return Value::boolean(m && m->retained && m->gradFn);
  }
  if (name == "grad") {
    const AutogradMeta* m = ag::metaOf(t);
    if (!m) return Value();
    if (m->gradFn) return m->retained ? m->retained->grad : Value();
    return m->grad;
  }
  return std::nullopt;
}

namespace {

// PyTorch words the integer-dtype refusal differently per entry point.
enum class FlagEntry : uint8_t { Factory, Attribute, Method };

void setRequiresGrad(TensorState& s, TensorObject& t, bool flag, FlagEntry entry) {
  if (!ag::isLeaf(t)) {
    if (flag) return;
    throw Error(ErrorKind::Runtime,
                "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in "
                "a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  }
  if (flag && !isFloating(t.dtype()))
    throw Error(ErrorKind::Runtime, entry == FlagEntry::Method    ? "only Tensors of floating point dtype can require gradients"
                                    : entry == FlagEntry::Factory ? "Only Tensors of floating point and complex dtype can require gradients"
                                                                  : "only Tensors of floating point and complex dtype can require gradients");
  if (!flag && !t.autograd) return;
  ag::setLeafRequiresGrad(s, t, flag);
}

}  // namespace

bool autogradSetAttr(Interpreter& interp, const Value& self, std::string_view name, const Value& value) {
  TensorObject& t = tensorOf(self);
  if (name == "requires_grad") {
    if (!value.isBool()) throw Error(ErrorKind::Runtime, "requires_grad must be a bool");
    if (t.isMeta()) throw Error(ErrorKind::Runtime, "autograd is not traced yet: requires_grad set on a traced tensor");
    setRequiresGrad(stateOf(interp), t, value.asBool(), FlagEntry::Attribute);
    return true;
  }
  if (name == "grad") {
    if (!value.isNone()) {
      if (!value.isTensor()) throw Error(ErrorKind::Type, "assigned grad expected to be a Tensor or None but got grad of type " + typeName(value));
      const TensorObject& g = *asTensor(value);
      if (g.dtype() != t.dtype()) throw Error(ErrorKind::Runtime, "assigned grad has data of a different type");
      if (g.sizes() != t.sizes()) throw Error(ErrorKind::Runtime, "assigned grad has data of a different size");
    }
    if (value.isNone() && !t.autograd) return true;
    AutogradMeta& m = ag::ensureMeta(t);
    if (m.gradFn && m.retained) m.retained->grad = value;
    else m.grad = value;
    return true;
  }
  return false;
}

std::string autogradReprSuffix(const TensorObject& t) {
  const AutogradMeta* m = ag::metaOf(t);
  if (!m) return "";
  if (m->gradFn) return ", grad_fn=<" + m->gradFn->className() + ">";
  if (m->requiresGrad) return ", requires_grad=True";
  return "";
}

void setFactoryRequiresGrad(TensorState& s, const Value& tensor, const Value& flag) {
  if (!flag.isBool()) throw Error(ErrorKind::Type, "argument 'requires_grad' must be bool, not " + typeName(flag));
  if (!flag.asBool()) return;
  TensorObject& t = tensorOf(tensor);
  if (t.isMeta()) throw Error(ErrorKind::Runtime, "autograd is not traced yet: requires_grad=True on a traced tensor");
  setRequiresGrad(s, t, true, FlagEntry::Factory);
}

namespace {

// functorch's refusal of backward() while a transform's function runs
// (vmap's calls, grad's and the others': torch.autograd.grad is the way there).
void refuseInsideTransform(const TensorState& s) {
  if (s.vmapLevels.empty() && s.transformFrames.empty()) return;
  throw Error(ErrorKind::Runtime,
              "backward() called inside a functorch transform. This is not supported, please use functorch.grad or "
              "functorch.vjp instead or call backward() outside of functorch transforms.");
}

}  // namespace

Value tensorBackward(Interpreter& interp, const Value& self, const CallArgs& call) {
  allowOnly(call, "backward", 4, {"gradient", "retain_graph", "create_graph", "inputs"});
  refuseInsideTransform(stateOf(interp));
  TensorObject& t = tensorOf(self);
  const Value* gradient = argument(call, 0, "gradient");
  const Value* retain = argument(call, 1, "retain_graph");
  const bool create = truthy(argument(call, 2, "create_graph"));
  const Value* inputs = argument(call, 3, "inputs");
  if (!ag::requiresGrad(t)) needsGradError(0);
  ag::BackwardRequest req;
  req.rootGrads.push_back(rootGrad(interp, t, gradient, 0));
  req.roots.push_back(ag::gradientEdge(t));
  req.createGraph = create;
  req.keepGraph = retain && !retain->isNone() ? truthy(retain) : create;
  if (inputs && !inputs->isNone()) {
    // backward(inputs=...): accumulate into those tensors' .grad only.
    req.capture = true;
    std::vector<Value> xs = tensorSequence(*inputs, "inputs");
    for (const Value& x : xs) req.captures.push_back(ag::gradientEdge(tensorOf(x)));
    std::vector<Value> grads = ag::runBackward(stateOf(interp), req);
    for (size_t i = 0; i < xs.size(); ++i) {
      if (grads[i].isNone()) continue;
      ag::AccumulateGrad acc(Ref<TensorObject>(asTensor(xs[i])));
      std::vector<Value> g{grads[i]};
      ag::ApplyContext ctx{stateOf(interp), create};
      acc.apply(ctx, g);
    }
    return Value();
  }
  ag::runBackward(stateOf(interp), req);
  return Value();
}

Value tensorRequiresGrad_(Interpreter& interp, const Value& self, const CallArgs& call) {
  allowOnly(call, "requires_grad_", 1, {"requires_grad"});
  const Value* flag = argument(call, 0, "requires_grad");
  if (flag && !flag->isBool()) throw Error(ErrorKind::Type, "requires_grad_(): argument 'requires_grad' must be bool, not " + typeName(*flag));
  TensorObject& t = tensorOf(self);
  setRequiresGrad(stateOf(interp), t, !flag || flag->asBool(), FlagEntry::Method);
  return self;
}

Value tensorRetainGrad(Interpreter&, const Value& self, const CallArgs& call) {
  allowOnly(call, "retain_grad", 0, {});
  TensorObject& t = tensorOf(self);
  if (!ag::requiresGrad(t)) throw Error(ErrorKind::Runtime, "can't retain_grad on Tensor that has requires_grad=False");
  AutogradMeta& m = ag::ensureMeta(t);
  if (!m.gradFn || m.retained) return Value();
  m.retained = std::make_shared<ag::RetainedGrad>();
  m.gradFn->retained.emplace_back(m.outputNr, m.retained);
  return Value();
}

namespace {

// Note [Tensor hooks] (autograd/engine.cpp): the handle register_hook returns.
class RemovableHandle : public ExtensionObject {
 public:
  explicit RemovableHandle(std::shared_ptr<ag::TensorHook> hook) : hook_(std::move(hook)) {}
  std::string typeName() const override { return "RemovableHandle"; }
  std::string repr() const override { return "<torch.utils.hooks.RemovableHandle object at " + addressText(this) + ">"; }
  const Value* getAttr(std::string_view name) const override {
    if (name != "remove") return nullptr;
    if (remove_.isNone())
      remove_ = Value(makeRef<BoundMethodObject>(Value::object(const_cast<RemovableHandle*>(this)), makeNative("remove", removeHook)));
    return &remove_;
  }
  void gcTraverse(GcVisitor& v) override { v.visit(remove_); }
  void gcClear(std::vector<Value>& out) override { out.push_back(std::move(remove_)); }

 private:
  static Value removeHook(Interpreter&, const CallArgs& call, const void*) {
    allowOnly(call, "remove", 1, {});
    static_cast<RemovableHandle*>(call.args[0].asObj())->hook_->removed = true;
    return Value();
  }
  std::shared_ptr<ag::TensorHook> hook_;
  mutable Value remove_;
};

std::string hookName(const Value& fn) {
  if (fn.isObj(ObjKind::Function)) return fn.as<FunctionObject>()->name();
  if (fn.isObj(ObjKind::Native)) return fn.as<NativeObject>()->name;
  return typeName(fn);
}

// TensorState::callHook: runs the hook, then PyTorch's checks of its result.
Value callTensorHook(Interpreter& interp, const Value& fn, const Value& grad) {
  Value r = callTransformed(interp, fn, CallArgs{&grad, 1, nullptr, 0});
  if (r.isNone()) return r;
  if (!r.isTensor()) throw Error(ErrorKind::Type, "expected Variable, but hook returned '" + typeName(r) + "'");
  const TensorObject& a = *asTensor(r);
  const TensorObject& b = *asTensor(grad);
  if (a.sizes() != b.sizes()) throw Error(ErrorKind::Runtime, "hook '" + hookName(fn) + "' has changed the size of value");
  if (a.dtype() != b.dtype())
    throw Error(ErrorKind::Runtime, "hook '" + hookName(fn) + "' has changed the type of value (was " +
                                        std::string(ag::tensorTypeName(b.dtype())) + " got " + ag::tensorTypeName(a.dtype()) + ")");
  return r;
}

}  // namespace

Value tensorRegisterHook(Interpreter&, const Value& self, const CallArgs& call) {
  allowOnly(call, "register_hook", 1, {"hook"});
  const Value* fn = argument(call, 0, "hook");
  if (!fn) throw Error(ErrorKind::Type, "register_hook() missing 1 required positional argument: 'hook'");
  TensorObject& t = tensorOf(self);
  if (!ag::requiresGrad(t)) throw Error(ErrorKind::Runtime, "cannot register a hook on a tensor that doesn't require gradient");
  auto hook = std::make_shared<ag::TensorHook>();
  hook->fn = *fn;
  AutogradMeta& m = ag::ensureMeta(t);
  if (std::shared_ptr<ag::Node> fnNode = ag::gradFn(t)) fnNode->tensorHooks.emplace_back(m.outputNr, hook);
  else m.hooks.push_back(hook);
  return Value(makeRef<RemovableHandle>(std::move(hook)));
}

bool isHookHandle(const Value& v) { return v.isObj(ObjKind::Other) && dynamic_cast<RemovableHandle*>(v.asObj()); }

Value tensorDetach_(Interpreter&, const Value& self, const CallArgs& call) {
  allowOnly(call, "detach_", 0, {});
  TensorObject& t = tensorOf(self);
  AutogradMeta* m = ag::metaOf(t);
  if (!m) return self;
  if (m->viewBase)
    throw Error(ErrorKind::Runtime,
                "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
                "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence "
                "detach_() cannot be called on these gradients. To fix this error, please refer to the Optimizer.zero_grad() "
                "function in torch/optim/optimizer.py as the solution.");
  m->gradFn.reset();
  m->requiresGrad = false;
  m->retained.reset();
  return self;
}

// ---------------------------------------------------------------------------
// torch.autograd.grad / torch.autograd.backward

namespace {

Value autogradGrad(Interpreter& interp, const CallArgs& call, const void*) {
  allowOnly(call, "grad", 8,
            {"outputs", "inputs", "grad_outputs", "retain_graph", "create_graph", "only_inputs", "allow_unused", "is_grads_batched"});
  const Value* outputsArg = argument(call, 0, "outputs");
  const Value* inputsArg = argument(call, 1, "inputs");
  if (!outputsArg || !inputsArg) throw Error(ErrorKind::Type, "grad() missing required argument 'outputs' or 'inputs'");
  const Value* gradOutputs = argument(call, 2, "grad_outputs");
  const Value* retain = argument(call, 3, "retain_graph");
  const bool create = truthy(argument(call, 4, "create_graph"));
  const bool allowUnused = truthy(argument(call, 6, "allow_unused"));
  std::vector<Value> outputs = tensorSequence(*outputsArg, "outputs");
  std::vector<Value> inputs = tensorSequence(*inputsArg, "inputs");
  std::vector<Value> givens;
  if (gradOutputs && !gradOutputs->isNone()) {
    givens = gradOutputs->isTensor() ? std::vector<Value>{*gradOutputs} : listItems(*gradOutputs).toVector();
    if (givens.size() != outputs.size())
      throw Error(ErrorKind::Runtime, "grad_outputs should have the same length as outputs: got " + std::to_string(givens.size()) +
                                          " and " + std::to_string(outputs.size()));
  }
  ag::BackwardRequest req;
  for (size_t i = 0; i < outputs.size(); ++i) {
    TensorObject& out = tensorOf(outputs[i]);
    if (!ag::requiresGrad(out)) needsGradError(i);
    req.rootGrads.push_back(rootGrad(interp, out, givens.empty() ? nullptr : &givens[i], i));
    req.roots.push_back(ag::gradientEdge(out));
  }
  req.capture = true;
  for (const Value& x : inputs) {
    TensorObject& t = tensorOf(x);
    if (!ag::requiresGrad(t)) throw Error(ErrorKind::Runtime, "One of the differentiated Tensors does not require grad");
    req.captures.push_back(ag::gradientEdge(t));
  }
  req.createGraph = create;
  req.keepGraph = retain && !retain->isNone() ? truthy(retain) : create;
  std::vector<Value> grads = ag::runBackward(stateOf(interp), req);
  for (Value& g : grads) {
    if (g.isNone() && !allowUnused)
      throw Error(ErrorKind::Runtime,
                  "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if "
                  "this is the desired behavior.");
    if (!g.isNone() && !create) g = callMethod(stateOf(interp), g, "detach", {});
  }
  return makeTuple(std::move(grads));
}

Value autogradBackward(Interpreter& interp, const CallArgs& call, const void*) {
  allowOnly(call, "backward", 5, {"tensors", "grad_tensors", "retain_graph", "create_graph", "inputs"});
  refuseInsideTransform(stateOf(interp));
  const Value* tensors = argument(call, 0, "tensors");
  if (!tensors) throw Error(ErrorKind::Type, "backward() missing required argument 'tensors'");
  std::vector<Value> outputs = tensorSequence(*tensors, "tensors");
  const Value* gradTensors = argument(call, 1, "grad_tensors");
  std::vector<Value> givens;
  if (gradTensors && !gradTensors->isNone()) givens = gradTensors->isTensor() ? std::vector<Value>{*gradTensors} : listItems(*gradTensors).toVector();
  const Value* retain = argument(call, 2, "retain_graph");
  const bool create = truthy(argument(call, 3, "create_graph"));
  ag::BackwardRequest req;
  for (size_t i = 0; i < outputs.size(); ++i) {
    TensorObject& out = tensorOf(outputs[i]);
    if (!ag::requiresGrad(out)) needsGradError(i);
    req.rootGrads.push_back(rootGrad(interp, out, i < givens.size() ? &givens[i] : nullptr, i));
    req.roots.push_back(ag::gradientEdge(out));
  }
  req.createGraph = create;
  req.keepGraph = retain && !retain->isNone() ? truthy(retain) : create;
  ag::runBackward(stateOf(interp), req);
  return Value();
}

// ---------------------------------------------------------------------------
// Grad mode: torch.no_grad(), enable_grad(), inference_mode(), set_grad_enabled(b)

// Note [Grad mode objects]
// Each is a context manager (__enter__/__exit__ as bound methods, found by
// ordinary attribute lookup) and a decorator (calling one with a function
// returns that function running under the mode). __enter__ pushes the
// interpreter's mode and sets the object's; __exit__ pops it.
// set_grad_enabled(b) sets the mode when it is made (it is also a plain
// function call in PyTorch); its __exit__ restores the mode it replaced.
class GradModeObject : public ExtensionObject {
 public:
  enum class Kind : uint8_t { NoGrad, EnableGrad, InferenceMode, SetGradEnabled };
  GradModeObject(Kind kind, bool flag) : kind_(kind), flag_(flag) {}
  std::string typeName() const override {
    switch (kind_) {
      case Kind::NoGrad: return "no_grad";
      case Kind::EnableGrad: return "enable_grad";
      case Kind::InferenceMode: return "inference_mode";
      case Kind::SetGradEnabled: return "set_grad_enabled";
    }
    return "no_grad";
  }
  std::string repr() const override {
    return "<torch.autograd.grad_mode." + typeName() + " object at " + addressText(this) + ">";
  }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override;
  const Value* getAttr(std::string_view name) const override;
  void gcTraverse(GcVisitor& v) override {
    v.visit(enter_);
    v.visit(exit_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(enter_));
    out.push_back(std::move(exit_));
  }

  void enter(TensorState& s) {
    saved_.push_back({s.gradEnabled, s.inferenceMode});
    switch (kind_) {
      case Kind::NoGrad: s.gradEnabled = false; break;
      case Kind::EnableGrad: s.gradEnabled = true; break;
      case Kind::InferenceMode:
        s.inferenceMode = flag_;
        if (flag_) s.gradEnabled = false;
        break;
      case Kind::SetGradEnabled: break;  // set when made
    }
  }
  void exit(TensorState& s) {
    if (kind_ == Kind::SetGradEnabled) {
      s.gradEnabled = before_;
      return;
    }
    if (saved_.empty()) return;
    s.gradEnabled = saved_.back().first;
    s.inferenceMode = saved_.back().second;
    saved_.pop_back();
  }
  bool before_ = true;  // set_grad_enabled: the mode it replaced

 private:
  Kind kind_;
  bool flag_;
  std::vector<std::pair<bool, bool>> saved_;
  mutable Value enter_, exit_;
};

GradModeObject& modeOf(const Value& v) { return *dynamic_cast<GradModeObject*>(v.asObj()); }

Value modeEnter(Interpreter& interp, const CallArgs& call, const void*) {
  modeOf(call.args[0]).enter(stateOf(interp));
  return Value();
}
Value modeExit(Interpreter& interp, const CallArgs& call, const void*) {
  modeOf(call.args[0]).exit(stateOf(interp));
  return Value::boolean(false);
}

const Value* GradModeObject::getAttr(std::string_view name) const {
  Value self = Value::object(const_cast<GradModeObject*>(this));
  if (name == "__enter__") {
    if (enter_.isNone()) enter_ = Value(makeRef<BoundMethodObject>(self, makeNative("__enter__", modeEnter)));
    return &enter_;
  }
  if (name == "__exit__") {
    if (exit_.isNone()) exit_ = Value(makeRef<BoundMethodObject>(self, makeNative("__exit__", modeExit)));
    return &exit_;
  }
  return nullptr;
}

// A function decorated with a grad-mode object: runs it under the mode.
class GradModeFunction : public ExtensionObject {
 public:
  GradModeFunction(Value mode, Value fn) : mode_(std::move(mode)), fn_(std::move(fn)) {}
  std::string typeName() const override { return "function"; }
  std::string repr() const override { return "<function " + calleeName() + " at " + addressText(this) + ">"; }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override {
    TensorState& s = stateOf(interp);
    GradModeObject& mode = modeOf(mode_);
    struct Restore {
      TensorState& s;
      bool grad, inference;
      ~Restore() {
        s.gradEnabled = grad;
        s.inferenceMode = inference;
      }
    } restore{s, s.gradEnabled, s.inferenceMode};
    mode.enter(s);
    return interp.call(fn_, args);
  }
  void gcTraverse(GcVisitor& v) override {
    v.visit(mode_);
    v.visit(fn_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(mode_));
    out.push_back(std::move(fn_));
  }

 private:
  std::string calleeName() const {
    if (fn_.isObj(ObjKind::Function)) return fn_.as<FunctionObject>()->name();
    return "wrapper";
  }
  Value mode_, fn_;
};

Value GradModeObject::call(Interpreter&, const CallArgs& args) {
  if (args.nargs != 1 || args.nkwargs != 0)
    throw Error(ErrorKind::Type, typeName() + " object takes one function to decorate");
  return Value(makeRef<GradModeFunction>(Value::object(this), args.args[0]));
}

Value noGrad(Interpreter&, const CallArgs& call, const void*) {
  allowOnly(call, "no_grad", 0, {});
  return Value(makeRef<GradModeObject>(GradModeObject::Kind::NoGrad, false));
}
Value enableGrad(Interpreter&, const CallArgs& call, const void*) {
  allowOnly(call, "enable_grad", 0, {});
  return Value(makeRef<GradModeObject>(GradModeObject::Kind::EnableGrad, true));
}
Value inferenceMode(Interpreter&, const CallArgs& call, const void*) {
  allowOnly(call, "inference_mode", 1, {"mode"});
  const Value* mode = argument(call, 0, "mode");
  return Value(makeRef<GradModeObject>(GradModeObject::Kind::InferenceMode, !mode || truthy(mode)));
}
Value setGradEnabled(Interpreter& interp, const CallArgs& call, const void*) {
  allowOnly(call, "set_grad_enabled", 1, {"mode"});
  const Value* mode = argument(call, 0, "mode");
  if (!mode || !mode->isBool())
    throw Error(ErrorKind::Type, "set_grad_enabled(): argument 'mode' must be bool, not " + (mode ? typeName(*mode) : std::string("None")));
  auto obj = makeRef<GradModeObject>(GradModeObject::Kind::SetGradEnabled, mode->asBool());
  TensorState& s = stateOf(interp);
  obj->before_ = s.gradEnabled;
  s.gradEnabled = mode->asBool();
  return Value(obj);
}
Value isGradEnabled(Interpreter& interp, const CallArgs& call, const void*) {
  allowOnly(call, "is_grad_enabled", 0, {});
  return Value::boolean(stateOf(interp).gradEnabled);
}
Value isInferenceModeEnabled(Interpreter& interp, const CallArgs& call, const void*) {
  allowOnly(call, "is_inference_mode_enabled", 0, {});
  return Value::boolean(stateOf(interp).inferenceMode);
}

const NativeFn kAutogradNatives[] = {noGrad, enableGrad, inferenceMode, setGradEnabled, isGradEnabled,
                                     isInferenceModeEnabled, autogradGrad, autogradBackward};

}  // namespace

void addAutogradFunctions(Interpreter& interp, ModuleObject& torch) {
  stateOf(interp).callHook = [&interp](const Value& fn, const Value& grad) { return callTensorHook(interp, fn, grad); };
  torch.set("no_grad", makeNative("no_grad", noGrad));
  torch.set("enable_grad", makeNative("enable_grad", enableGrad));
  torch.set("inference_mode", makeNative("inference_mode", inferenceMode));
  torch.set("set_grad_enabled", makeNative("set_grad_enabled", setGradEnabled));
  torch.set("is_grad_enabled", makeNative("is_grad_enabled", isGradEnabled));
  torch.set("is_inference_mode_enabled", makeNative("is_inference_mode_enabled", isInferenceModeEnabled));
  auto autogradModule = makeRef<ModuleObject>("torch.autograd");
  autogradModule->set("grad", makeNative("grad", autogradGrad));
  autogradModule->set("backward", makeNative("backward", autogradBackward));
  for (const char* name : {"no_grad", "enable_grad", "inference_mode", "set_grad_enabled"})
    autogradModule->set(name, *torch.get(name));
  torch.set("autograd", Value(autogradModule));
  Value func = makeTorchFuncModule(interp);
  torch.set("func", func);
  torch.set("vmap", *func.as<ModuleObject>()->get("vmap"));
}

bool isAutogradCallable(const Value& callee) {
  if (callee.isObj(ObjKind::Native)) {
    const NativeObject* n = callee.as<NativeObject>();
    for (NativeFn f : kAutogradNatives)
      if (n->fn == f) return true;
    return isTorchFuncObject(callee);
  }
  if (callee.isObj(ObjKind::BoundMethod)) return isAutogradCallable(callee.as<BoundMethodObject>()->self);
  if (callee.isObj(ObjKind::Other)) {
    Object* o = callee.asObj();
    return dynamic_cast<GradModeObject*>(o) || dynamic_cast<GradModeFunction*>(o) || isTorchFuncObject(callee);
  }
  return false;
}

bool isGradModeQuery(const Value& callee) {
  return callee.isObj(ObjKind::Native) &&
         (callee.as<NativeObject>()->fn == isGradEnabled || callee.as<NativeObject>()->fn == isInferenceModeEnabled);
}

bool isGradModeFactory(const Value& callee) {
  if (!callee.isObj(ObjKind::Native)) return false;
  const NativeFn f = callee.as<NativeObject>()->fn;
  return f == noGrad || f == enableGrad || f == inferenceMode || f == setGradEnabled;
}

bool isGradModeObject(const Value& v) { return v.isObj(ObjKind::Other) && dynamic_cast<GradModeObject*>(v.asObj()); }

bool isGradFnObject(const Value& v) { return v.isObj(ObjKind::Other) && dynamic_cast<GradFnObject*>(v.asObj()); }

bool isTracedAutogradCall(const Value& callee) {
  if (!callee.isObj(ObjKind::Native)) return false;
  const NativeFn f = callee.as<NativeObject>()->fn;
  return f == autogradGrad || f == autogradBackward;
}

}  // namespace tdsl
