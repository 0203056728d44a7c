// Backends and the GraphModule object (backends.h).
#include "compile/backends.h"

#include <map>

#include <fmt/format.h>

#include "ir/graph_executor.h"
#include "ir/ir_printer.h"
#include "ops/op_table.h"
#include "compile/attr_object.h"
#include "compile/pipeline.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "tensor/tensor.h"

namespace tdsl {

namespace {

// torch's name for a backend in BackendCompilerFailed: its __name__, else str().
std::string backendName(Interpreter& interp, const Value& fn) {
  if (fn.isObj(ObjKind::Function)) return fn.as<FunctionObject>()->name();
  if (fn.isObj(ObjKind::Native)) return fn.as<NativeObject>()->name;
  return interp.str(fn);
}

std::vector<Value> runGraph(Interpreter& interp, const ir::Graph& g, const std::vector<Value>& inputs) {
  return ir::executeGraph(*interp.tensorState(), g, inputs);
}

// gm.forward: runs the captured graph (owned jointly with the GraphModule).
class GraphForward : public ExtensionObject {
 public:
  explicit GraphForward(std::shared_ptr<const ir::Graph> g) : graph_(std::move(g)) {}
  std::string typeName() const override { return "method"; }
  std::string repr() const override { return "<bound method GraphModule.forward>"; }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override {
    std::vector<Value> inputs(args.args, args.args + args.nargs);
    if (inputs.size() == 1 && inputs[0].isObj(ObjKind::List) && graph_->inputs().size() != 1)
      inputs = inputs[0].as<ListObject>()->items;  // forward([a, b]) as well as forward(a, b)
    if (inputs.size() != graph_->inputs().size())
      throw Error(ErrorKind::Type, "forward() takes " + std::to_string(graph_->inputs().size()) + " inputs but " +
                                       std::to_string(inputs.size()) + " were given");
    for (const Value& v : inputs)
      if (!v.isTensor()) throw Error(ErrorKind::Type, "forward() expects tensors");
    return makeTuple(runGraph(interp, *graph_, inputs));
  }

 private:
  std::shared_ptr<const ir::Graph> graph_;
};

// torch.fx style node names: the input's name, else the op's base name with
// _1, _2 ... for repeats; "output" for the output node.
std::vector<Value> fxNodes(const ir::Graph& g) {
  std::map<const ir::IrValue*, std::string> names;
  std::map<std::string, int> used;
  auto unique = [&](const std::string& base) {
    int n = used[base]++;
    return n == 0 ? base : base + "_" + std::to_string(n);
  };
  auto argValue = [&](const ir::Arg& a) -> Value {
    switch (a.kind) {
      case ir::Arg::Kind::None: return Value();
      case ir::Arg::Kind::Tensor: return makeStr(names[a.tensor]);
      case ir::Arg::Kind::Int: return a.i.isConstant() ? Value::integer(a.i.constant()) : makeStr(a.i.str());
      case ir::Arg::Kind::Float: return Value::number(a.f);
      case ir::Arg::Kind::Bool: return Value::boolean(a.b);
      case ir::Arg::Kind::DType: return Value::dtype(a.dtype);
      case ir::Arg::Kind::Str: return makeStr(a.str);
      case ir::Arg::Kind::IntList: {
        std::vector<Value> v;
        for (auto& s : a.ints) v.push_back(s.isConstant() ? Value::integer(s.constant()) : makeStr(s.str()));
        return makeList(std::move(v));
      }
      case ir::Arg::Kind::TensorList: {
        std::vector<Value> v;
        for (auto* t : a.tensors) v.push_back(t ? makeStr(names[t]) : Value());
        return makeList(std::move(v));
      }
    }
    return Value();
  };
  std::vector<Value> nodes;
  for (ir::Node* n : g.nodes()) {
    std::string opKind, target, name;
    std::vector<Value> args;
    if (n->isInput()) {
      opKind = "placeholder";
      name = unique(n->output(0)->name());
      target = name;
      names[n->output(0)] = name;
    } else if (n->isOp()) {
      opKind = "call_function";
      target = "aten." + n->op()->fullName();
      name = unique(n->op()->schema.name);
      for (size_t i = 0; i < n->numOutputs(); ++i) names[n->output(i)] = name;
      for (const ir::Arg& a : n->args()) args.push_back(argValue(a));
    } else {
      opKind = "output";
      target = name = "output";
      std::vector<Value> outs;
      for (const ir::Arg& a : n->args()) outs.push_back(argValue(a));
      args.push_back(makeTuple(std::move(outs)));
    }
    auto node = makeRef<AttrObject>("Node", name);
    node->attrs = {{"op", makeStr(opKind)}, {"target", makeStr(target)}, {"name", makeStr(name)},
                   {"args", makeTuple(std::move(args))}};
    nodes.push_back(Value(node));
  }
  return nodes;
}

}  // namespace

bool isCallable(const Value& v) {
  if (v.isObj(ObjKind::Function) || v.isObj(ObjKind::Native) || v.isObj(ObjKind::BoundMethod)) return true;
  auto* ext = v.isObj(ObjKind::Other) ? dynamic_cast<ExtensionObject*>(v.asObj()) : nullptr;
  return ext && ext->callable();
}

std::string Backend::name() const {
  switch (kind) {
    case Kind::Tdsl: return "tdsl";
    case Kind::Eager: return "eager";
    case Kind::AotEager: return "aot_eager";
    case Kind::Script: return "custom";
  }
  return "?";
}

Backend parseBackend(const Value& v, bool reinplace) {
  Backend b;
  b.reinplace = reinplace;
  if (v.isNone()) return b;
  if (v.isObj(ObjKind::Str)) {
    const std::string& s = v.as<StrObject>()->str;
    if (s == "tdsl" || s == "inductor") b.kind = Backend::Kind::Tdsl;
    else if (s == "eager") b.kind = Backend::Kind::Eager;
    else if (s == "aot_eager") b.kind = Backend::Kind::AotEager;
    else throw Error(ErrorKind::Value, "unknown torch.compile backend '" + s + "' (expected 'tdsl', 'eager', 'aot_eager' or a callable)");
    return b;
  }
  b.kind = Backend::Kind::Script;
  b.fn = v;
  return b;
}

std::unique_ptr<ir::Graph> copyGraph(const ir::Graph& g) { return g.clone(); }

Value makeGraphModule(Interpreter& interp, const ir::Graph& g) {
  std::shared_ptr<const ir::Graph> shared = copyGraph(g);
  auto graphObj = makeRef<AttrObject>("Graph", "<Graph " + g.name() + ">");
  graphObj->attrs = {{"nodes", makeList(fxNodes(*shared))}};
  auto gm = makeRef<AttrObject>("GraphModule", "GraphModule()");
  gm->attrs = {{"graph", Value(graphObj)},
               {"forward", Value(makeRef<GraphForward>(shared))},
               {"code", makeStr(ir::printGraph(*shared))}};
  return Value(gm);
}

namespace {

// A script backend: backend(gm, example_inputs) returns the callable each call runs.
CompiledGraph compileWithScript(Interpreter& interp, const Backend& backend, const ir::Graph& graph,
                                const std::vector<Value>& exampleInputs) {
  const std::string name = backendName(interp, backend.fn);
  if (!isCallable(backend.fn))
    throw Error(ErrorKind::Runtime, "backend='" + name + "' raised:\nTypeError: '" + interp.typeName(backend.fn) +
                                        "' object is not callable");
  Value gm = makeGraphModule(interp, graph);
  Value fn = interp.call(backend.fn, {gm, makeList(exampleInputs)});
  if (!isCallable(fn))
    throw Error(ErrorKind::Runtime, "backend='" + name + "' raised:\nAssertionError: compiler_fn did not return callable");
  // The segment holds `fn` (CompiledGraph::callable), the runner only uses it.
  // Note [Backend results]: what it returns is checked before any of it is used.
  const size_t nOutputs = graph.outputs().size();
  auto run = [name, nOutputs](Interpreter& I, const Value& callable, const std::vector<Value>& in) {
    Value r = I.call(callable, CallArgs{in.data(), in.size(), nullptr, 0});
    std::vector<Value> outs = r.isObj(ObjKind::Tuple)  ? r.as<TupleObject>()->items.toVector()
                              : r.isObj(ObjKind::List) ? r.as<ListObject>()->items
                                                       : std::vector<Value>{r};
    if (outs.size() != nOutputs)
      throw Error(ErrorKind::Runtime, fmt::format("torch.compile: the callable returned by backend '{}' gave {} "
                                                  "output{} for a graph with {} output{}",
                                                  name, outs.size(), outs.size() == 1 ? "" : "s", nOutputs,
                                                  nOutputs == 1 ? "" : "s"));
    for (size_t i = 0; i < outs.size(); ++i)
      if (!outs[i].isTensor() || asTensor(outs[i])->isMeta())
        throw Error(ErrorKind::Type, fmt::format("torch.compile: output {} of the callable returned by backend "
                                                 "'{}' is a '{}', expected a tensor",
                                                 i, name, I.typeName(outs[i])));
    return outs;
  };
  return CompiledGraph(run, std::move(fn));
}

}  // namespace

CompiledGraph compileSegment(Interpreter& interp, const Backend& backend, const ir::Graph& graph,
                             const std::vector<Value>& exampleInputs, const SegmentContext& context) {
  switch (backend.kind) {
    case Backend::Kind::Tdsl:
    case Backend::Kind::AotEager:
    case Backend::Kind::Eager: return compileWithPipeline(interp, backend, graph, context);
    case Backend::Kind::Script: return compileWithScript(interp, backend, graph, exampleInputs);
  }
  TDSL_ASSERT(!"unknown backend kind");
  return {};
}

}  // namespace tdsl
