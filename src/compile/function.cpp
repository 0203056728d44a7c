// The segment driver, torch.compile and tdsl.explain (compile_function.h).
#include "compile/function.h"

#include <chrono>
#include <cstdio>
#include <optional>

#include <fmt/format.h>

#include "autograd/autograd_meta.h"
#include "ir/alias_analysis.h"
#include "ir/ir_printer.h"
#include "compile/attr_object.h"
#include "compile/compiled_backward.h"
#include "compile/dynamic.h"
#include "compile/pipeline.h"
#include "compile/runtime.h"
#include "compile/tracer.h"
#include "vm/objects.h"
#include "tensor/tensor.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string where(const CodeObject& code, uint32_t pc) {
  SourceRange r = code.rangeAt(pc);
  if (!r.valid()) return code.name;
  return fmt::format("{}:{}:{}", r.file->name, r.begin.line, r.begin.col);
}

// Note [Versions after compiled writes]
// Eager bumps a storage's version counter (Note [Version counter] in
// tensor/tensor.h) once per in-place op written into it, and autograd
// checks saved tensors against it. A compiled graph's writes run as kernels
// (reinplaced, fused or copied back after functionalization) that bump
// nothing, so after a segment's graph runs each input it wrote advances by
// the number of in-place ops the trace recorded through it, views included:
// `x.add_(1); x[1:].mul_(2)` leaves x two versions on, as in eager and in
// PyTorch's eager and aot_eager backends. Two inputs viewing one storage
// each add their own writes, which sums to eager's count. A graph that
// raises bumps nothing (eager would count the writes before the error).
void bumpInputVersions(const Segment& seg, const std::vector<Value>& inputs) {
  for (const auto& [input, writes] : seg.inputWrites) {
    const Value& v = inputs[static_cast<size_t>(input)];
    if (v.isTensor() && asTensor(v)->storage) asTensor(v)->storage->version += writes;
  }
}

}  // namespace

CompiledFunction::CompiledFunction(Interpreter& interp, Ref<FunctionObject> fn, CompileOptions options)
    : interp_(interp), fn_(std::move(fn)), options_(std::move(options)), liveness_(*fn_->code),
      name_(makeStr(fn_->name())) {}

std::string CompiledFunction::repr() const { return "<compiled function " + fn_->name() + ">"; }

const Value* CompiledFunction::getAttr(std::string_view name) const {
  if (name == "__name__" || name == "__qualname__") return &name_;
  return nullptr;
}

namespace {

void gcTraverseSource(const Source& s, GcVisitor& v) {
  v.visit(s.globals);
  v.visit(s.captured);
}

void gcTraverseWriteBack(const WriteBack& wb, GcVisitor& v) {
  v.visit(wb.value);
  gcTraverseSource(wb.source, v);
  for (const WriteBack& item : wb.items) gcTraverseWriteBack(item, v);
}

}  // namespace

void gcTraverseSegment(const Segment& seg, GcVisitor& v) {
  for (const TensorGuard& g : seg.inputs) {
    gcTraverseSource(g.source, v);
    for (const Source& s : g.sameObject) gcTraverseSource(s, v);
  }
  for (const TensorGuard& g : seg.metadata) gcTraverseSource(g.source, v);
  for (const ValueGuard& g : seg.values) {
    gcTraverseSource(g.source, v);
    v.visit(g.expected);
  }
  for (const auto& [a, b] : seg.sameObjects) {
    gcTraverseSource(a, v);
    gcTraverseSource(b, v);
  }
  v.visit(seg.compiled.callable);
  for (const auto& r : seg.registers) gcTraverseWriteBack(r.second, v);
  gcTraverseWriteBack(seg.returned, v);
  for (const ObjectWrite& w : seg.objectWrites) {
    gcTraverseSource(w.source, v);
    for (const WriteBack& item : w.items) gcTraverseWriteBack(item, v);
  }
  for (const GlobalWrite& w : seg.globals) {
    v.visit(w.globals);
    gcTraverseWriteBack(w.value, v);
  }
  for (const GradState& g : seg.grads) {
    gcTraverseSource(g.leaf, v);
    gcTraverseWriteBack(g.after, v);
  }
}

void CompiledFunction::gcTraverse(GcVisitor& v) {
  v.visit(fn_);
  v.visit(options_.backend.fn);
  for (const auto& [pc, slot] : cache_)
    for (const auto& seg : slot.segments) gcTraverseSegment(*seg, v);
  for (const auto& [pc, step] : steps_) v.visit(step);
}

void CompiledFunction::gcClear(std::vector<Value>& out) {
  out.push_back(Value(fn_));
  fn_ = Ref<FunctionObject>();
  out.push_back(std::move(options_.backend.fn));
  for (auto& [pc, step] : steps_) out.push_back(Value(step));
  steps_.clear();
  cache_.clear();  // garbage is pinned while it is cleared, so this frees no container
}

template <class F>
void CompiledFunction::count(F&& f) {
  // std::map entries stay where they are, and the stats are never erased.
  if (!shared_) shared_ = &compileRuntime(interp_).stats.of(fn_->name());
  f(local_);
  f(*shared_);
}

// Note [Scratch registers]
// A cache hit must cost little more than the graph it runs, so the register
// vectors of a call come from a pool instead of the allocator. A pool, not
// one vector per function: the function may be running already (recursion,
// a graph break that calls it again). Vectors go back empty (no references
// kept alive, nothing for the collector to see) with their capacity.
std::vector<Value> CompiledFunction::takeScratch() {
  if (scratch_.empty()) return {};
  std::vector<Value> v = std::move(scratch_.back());
  scratch_.pop_back();
  return v;
}

void CompiledFunction::giveScratch(std::vector<Value>& v) {
  v.clear();
  if (v.capacity() && scratch_.size() < 8) scratch_.push_back(std::move(v));
}

bool CompiledFunction::bindArguments(const CallArgs& args, std::vector<Value>& regs) const {
  const CodeObject& c = *fn_->code;
  const auto np = static_cast<size_t>(c.nparams);
  if (c.extendedParams) {  // *args / keyword-only / **kwargs: the VM's binding (Note [Extended parameters])
    regs.assign(std::max(static_cast<size_t>(c.nregs), args.nargs + args.nkwargs + 1), Value());
    for (size_t i = 0; i < args.nargs; ++i) regs[i] = args.args[i];
    std::vector<Value> names;
    for (size_t k = 0; k < args.nkwargs; ++k) {
      regs[args.nargs + k] = args.kwargs[k].value;
      names.push_back(makeStr(std::string(args.kwargs[k].name)));
    }
    if (args.nkwargs) regs[args.nargs + args.nkwargs] = makeTuple(std::move(names));
    try {
      bindExtendedArgs(*fn_, regs.data(), static_cast<int>(args.nargs), static_cast<int>(args.nkwargs));
    } catch (const Error&) {
      return false;  // the eager call reports it
    }
    regs.resize(static_cast<size_t>(c.nregs));
    for (size_t i = 0; i < c.freeRegs.size(); ++i) regs[static_cast<size_t>(c.freeRegs[i])] = fn_->cells[i];
    return true;
  }
  if (args.nargs > np) return false;
  regs.assign(static_cast<size_t>(c.nregs), Value());
  for (size_t i = 0; i < args.nargs; ++i) regs[i] = args.args[i];
  // Parameters bound so far: the first nargs, then the keywords'.
  std::vector<bool> bound;
  if (args.nkwargs || args.nargs < np) {
    bound.assign(np, false);
    std::fill_n(bound.begin(), args.nargs, true);
  }
  for (size_t k = 0; k < args.nkwargs; ++k) {
    size_t p = 0;
    while (p < np && c.paramNames[p] != args.kwargs[k].name) ++p;
    if (p == np || bound[p]) return false;
    regs[p] = args.kwargs[k].value;
    bound[p] = true;
  }
  const size_t firstDefault = np - static_cast<size_t>(c.ndefaults);
  for (size_t p = bound.empty() ? np : 0; p < np; ++p) {  // empty: every parameter is positional
    if (bound[p]) continue;
    if (p < firstDefault) return false;
    regs[p] = fn_->defaults[p - firstDefault];
  }
  for (size_t i = 0; i < c.freeRegs.size(); ++i) regs[static_cast<size_t>(c.freeRegs[i])] = fn_->cells[i];
  return true;
}

Value CompiledFunction::runEager(std::vector<Value>& regs, uint32_t pc) {
  count([](FunctionStats& s) { ++s.eagerFallbacks; });
  return interp_.vm().resume(fn_, regs, pc);
}

Segment* CompiledFunction::lookup(uint32_t pc, const std::vector<Value>& regs) {
  auto it = cache_.find(pc);
  if (it == cache_.end()) return nullptr;
  const TensorState& ts = *interp_.tensorState();
  const int gradMode = ts.gradEnabled && !ts.inferenceMode;
  for (auto& seg : it->second.segments)
    if ((seg->gradMode < 0 || seg->gradMode == gradMode) &&
        (seg->modeAtEntry < 0 || seg->modeAtEntry == gradStateBits(ts)) && guardsPass(*seg, regs.data()))
      return seg.get();
  return nullptr;
}

// Note [Joint graphs] (tracer_autograd.cpp): a live tensor that requires
// grad at the entry; when the joint trace fails, the frame continues in the
// VM, with eager autograd, from there.
std::string autogradReason(const CodeObject& code, const Liveness& live, uint32_t pc, const std::vector<Value>& regs) {
  for (size_t r = 0; r < regs.size(); ++r) {
    if (!regs[r].isTensor() || !autograd::requiresGrad(*asTensor(regs[r])) || !live.liveIn(pc, static_cast<int>(r))) continue;
    const bool param = r < static_cast<size_t>(code.nparams);
    return "autograd is not traced yet: " +
           (param ? "argument '" + code.paramNames[r] + "'" : std::string("a live tensor")) + " requires grad at " + where(code, pc);
  }
  return "";
}

Segment* CompiledFunction::traceAt(uint32_t pc, std::vector<Value>& regs) {
  CompileRuntime& rt = compileRuntime(interp_);
  CacheSlot& slot = cache_[pc];
  const CodeObject& code = *fn_->code;
  const std::string autogradAtEntry = autogradReason(code, liveness_, pc, regs);
  auto autogradBreak = [&](const std::string& why) -> Segment* {
    count([&](FunctionStats& s) {
      ++s.graphBreaks;
      s.breakReasons.push_back(why);
    });
    if (rt.logs.graphBreaks) rt.logs.write("graph_breaks", "Graph break in " + fn_->name() + ": " + why + ": running it eagerly");
    return nullptr;
  };
  if (!autogradAtEntry.empty() && !slot.jointRefused.empty()) return autogradBreak(autogradAtEntry + " (" + slot.jointRefused + ")");
  if (slot.traces >= kRecompileLimit) {
    if (!limitReported_) {
      limitReported_ = true;
      interp_.writeStderr("torch.compile: " + fn_->name() + " hit the recompile limit (" + std::to_string(kRecompileLimit) +
                          ") at " + where(code, pc) + "; running it eagerly there\n");
    }
    return nullptr;
  }
  if (!slot.segments.empty()) {
    const Segment& last = *slot.segments.back();
    std::vector<std::pair<int, int>> sizeFailures;
    std::string why = checkGuards(last, regs.data(), &sizeFailures);
    if (options_.dynamic == CompileOptions::Dynamic::Auto)
      for (auto [input, dim] : sizeFailures)
        slot.dynamic.emplace_back(last.inputs[static_cast<size_t>(input)].source.describe(code), dim);
    if (rt.logs.recompiles)
      rt.logs.write("recompiles", fmt::format("Recompiling function {} at {}: guard failed: {}", fn_->name(),
                                              where(code, pc), why.empty() ? "no cached segment matched" : why));
  }
  auto t0 = std::chrono::steady_clock::now();
  TraceRequest req;
  req.fn = fn_;
  req.liveness = &liveness_;
  req.entryPc = pc;
  req.regs = regs.data();
  req.dynamic = &slot.dynamic;
  req.allDynamic = options_.dynamic == CompileOptions::Dynamic::Always;
  req.maxGraphNodes = options_.maxGraphNodes;
  req.jointOnly = !autogradAtEntry.empty();
  req.compiledBackward =
      options_.backend.kind == Backend::Kind::Tdsl || options_.backend.kind == Backend::Kind::AotEager;
  std::unique_ptr<Segment> seg;
  Tracer tracer(rt, req);
  try {
    seg = tracer.trace();
  } catch (const JointRefusal& e) {
    slot.jointRefused = e.message;
    return autogradBreak(autogradAtEntry + " (" + e.message + ")");
  } catch (const Error& e) {
    // Note [Trace refusal]: eager execution reports a user error exactly,
    // after the side effects that precede it.
    if (!isTraceRefusal(e)) throw;
    // A refusal counts towards the recompile limit: a trace that cannot
    // succeed (Note [Graph size limit]) is not retried on every call.
    ++slot.traces;
    if (rt.logs.graphBreaks)
      rt.logs.write("graph_breaks", fmt::format("Trace of {} at {} refused ({}): running it eagerly", fn_->name(),
                                                where(code, pc), e.message));
    return nullptr;
  }
  bool dynamic = false;
  for (const TensorGuard& g : seg->inputs) dynamic |= g.dynamicDims != 0;
  if (dynamic) {
    std::unique_ptr<ir::Graph> probeGraph;
    const char* specialized = nullptr;
    if (seg->backward)
      specialized = "a compiled backward is traced for static sizes";  // Note [Compiled backward]
    else if (seg->readsSizes || !dynamicSegmentIsSafe(rt, *seg, req, &probeGraph))
      specialized = "sizes are used as Python values";
    else if (!finishDynamicSegment(*seg, probeGraph.get()))
      specialized = "sizes are not linear in the input sizes";
    if (specialized) {
      for (TensorGuard& g : seg->inputs) g.dynamicDims = 0;  // Note [Probing dynamic segments]
      if (rt.logs.recompiles)
        rt.logs.write("recompiles", std::string(specialized) + " at " + where(code, pc) + ": specialized");
    }
  }
  generalizeLoopInts(rt, *seg, req);
  const bool recompile = slot.traces > 0;
  ++slot.traces;
  count([&](FunctionStats& s) {
    ++s.traces;
    if (recompile) ++s.recompiles;
    if (!seg->isReturn) {
      ++s.graphBreaks;
      s.breakReasons.push_back(seg->breakReason);
    }
  });
  if (!seg->isReturn) {
    if (rt.logs.graphBreaks) {
      SourceRange r = code.rangeAt(seg->exitPc);
      std::string line = r.valid() ? r.file->lineText(r.begin.line) : "";
      rt.logs.write("graph_breaks", "Graph break in " + fn_->name() + ": " + seg->breakReason + "\n    " + line);
    }
    if (options_.fullgraph)
      throw Error(ErrorKind::GraphBreak, "graph break in " + fn_->name() + " (fullgraph=True): " + seg->breakReason,
                  code.rangeAt(seg->exitPc));
  }
  if (rt.logs.graph && seg->hasGraph)
    rt.logs.write("graph", fmt::format("captured graph of {} from {}:\n{}", fn_->name(), where(code, pc),
                                       ir::printGraph(*seg->graph)));
  if (rt.logs.guards)
    rt.logs.write("guards", fmt::format("guards of {} at {}:\n{}", fn_->name(), where(code, pc),
                                        describeGuards(*seg, code)));
  if (seg->hasGraph) {
    std::vector<Value> inputs;
    for (const TensorGuard& g : seg->inputs) inputs.push_back(g.source.fetch(regs.data()));
    // Issue 5: built-in backends run the optimized graph and report bytes
    // copied and reinplacing decisions into both stats (compile_pipeline.h).
    // Note [Aliased inputs]: functionalization and reinplacing assume graph
    // inputs do not share storage (alias_analysis.h). A segment whose inputs
    // do (the guards pin that pattern) and that mutates runs its captured
    // graph op by op, which is eager semantics exactly.
    Backend backend = options_.backend;
    bool aliased = false, mutates = false;
    for (const TensorGuard& g : seg->inputs) aliased |= g.aliasOf >= 0;
    for (ir::Node* n : seg->graph->opNodes()) mutates |= !ir::writtenArgIndices(*n).empty();
    if (aliased && mutates && (backend.kind == Backend::Kind::Tdsl || backend.kind == Backend::Kind::AotEager))
      backend.kind = Backend::Kind::Eager;
    if (seg->backward) seg->backward->backend = backend;  // Note [Compiled backward]
    seg->compiled = compileSegment(interp_, backend, *seg->graph, inputs,
                                   SegmentContext{fn_->name(), {&local_, &rt.stats.of(fn_->name())}});
    count([&](FunctionStats& s) {
      ++s.graphs;
      s.graphNodes.push_back(seg->graphNodes);
    });
  }
  double ms = msSince(t0);
  count([&](FunctionStats& s) { s.compileMs += ms; });
  slot.segments.push_back(std::move(seg));
  return slot.segments.back().get();
}

Value CompiledFunction::call(Interpreter& interp, const CallArgs& args) {
  CompileRuntime& rt = compileRuntime(interp);
  count([](FunctionStats& s) { ++s.calls; });
  // Note [Scratch registers]
  struct Scratch {
    CompiledFunction& owner;
    std::vector<Value> v;
    ~Scratch() { owner.giveScratch(v); }
  };
  Scratch regsScratch{*this, takeScratch()}, inputsScratch{*this, takeScratch()}, nextScratch{*this, takeScratch()};
  std::vector<Value>& regs = regsScratch.v;
  // A call inside a trace, inside a vmap call (the traced graph holds no
  // batched tensors, Note [vmap by batching] in vm/torch/vmap.cpp), inside
  // a grad-type transform's function (a cached graph's writes would skip the
  // captured-tensor check, Note [Captured tensors] in autograd/dispatch.h),
  // or with arguments that do not bind (the eager call reports the
  // TypeError) runs the plain function.
  const TensorState& ts = *interp.tensorState();
  if (rt.activeTracer || !ts.vmapLevels.empty() || !ts.transformFrames.empty() || !bindArguments(args, regs))
    return interp.vm().call(Value(fn_), args);
  // A generator function's call only makes the generator; its body runs
  // eagerly when iterated (generators are not traced).
  if (fn_->code->isGenerator) {
    std::string reason = "generator function " + fn_->name() + "(): generators are not traced";
    count([&](FunctionStats& s) {
      ++s.graphBreaks;
      s.breakReasons.push_back(reason);
    });
    if (options_.fullgraph) throw Error(ErrorKind::GraphBreak, "graph break in " + fn_->name() + " (fullgraph=True): " + reason);
    return interp.vm().call(Value(fn_), args);
  }
  uint32_t pc = 0;
  std::vector<Value>& inputs = inputsScratch.v;
  std::vector<Value>& next = nextScratch.v;
  std::vector<Value> outputs;
  lastCall_.clear();
  for (;;) {
    Segment* seg = lookup(pc, regs);
    if (seg) {
      count([](FunctionStats& s) { ++s.cacheHits; });
    } else {
      seg = traceAt(pc, regs);
      if (!seg) return runEager(regs, pc);
    }
    lastCall_.push_back(seg);
    inputs.clear();
    for (const TensorGuard& g : seg->inputs) inputs.push_back(g.source.fetch(regs.data()));
    outputs.clear();
    if (seg->hasGraph) {
      try {
        outputs = seg->compiled(interp, inputs);
      } catch (Error& e) {
        // Note [Errors inside compiled graphs]: a kernel error carries no
        // source location. A segment that wrote no input and drew no random
        // numbers left no trace, so running it eagerly raises the same error
        // at the right place (with its traceback); otherwise point at the
        // segment's first line.
        // A script backend's errors are its own (Note [Backend results]).
        if (e.hasLocation() || !seg->compiled.callable.isNone()) throw;
        if (seg->replayable && isTraceRefusal(e)) return runEager(regs, seg->entryPc);
        e.where = fn_->code->rangeAt(seg->entryPc);
        throw;
      }
      bumpInputVersions(*seg, inputs);
      if (seg->backward) attachCompiledBackward(interp, seg->backward, inputs, outputs);  // Note [Compiled backward]
    }
    std::vector<Value> memo;  // Note [Functions made while tracing]
    if (seg->isReturn) {
      Value result = materialize(seg->returned, regs.data(), inputs, outputs, memo);
      applySideEffects(*seg, regs.data(), inputs, outputs, memo);
      if (seg->modeAfter >= 0) setGradStateBits(*interp.tensorState(), seg->modeAfter);  // Note [Grad mode under the tracer]
      return result;
    }
    next.assign(regs.size(), Value());
    for (const auto& [r, wb] : seg->registers)
      next[static_cast<size_t>(r)] = materialize(wb, regs.data(), inputs, outputs, memo);
    applySideEffects(*seg, regs.data(), inputs, outputs, memo);
    if (seg->modeAfter >= 0) setGradStateBits(*interp.tensorState(), seg->modeAfter);  // Note [Grad mode under the tracer]
    // Note [Protected blocks run eagerly]
    // A trace ends at a try or with block (TRYENTER); that block and the
    // rest of the function run in the VM, where its exception handlers
    // work: a graph cannot raise into a handler. Liveness counts what the
    // handlers read (compile/bytecode.cpp), so every register they need is
    // materialized here.
    if (fn_->code->code[seg->exitPc].op == Op::TRYENTER) return runEager(next, seg->exitPc);
    // Note [Step code]: the break instruction, eagerly, on real values.
    Ref<FunctionObject>& stepFn = steps_[seg->exitPc];
    if (!stepFn) {
      stepFn = makeRef<FunctionObject>(rt.stepCode(fn_->code, seg->exitPc), fn_->globals);
      stepFn->defaults = fn_->defaults;
      stepFn->cells = fn_->cells;
    }
    const uint32_t breakPc = seg->exitPc;
    Value packed = interp.vm().resume(stepFn, next, 0);
    auto& items = packed.as<TupleObject>()->items;
    TDSL_ASSERT(items.size() == regs.size() + 1);
    for (size_t i = 0; i < regs.size(); ++i) regs[i] = std::move(items[i]);
    pc = static_cast<uint32_t>(items.back().asInt());
    (void)breakPc;
  }
}

// ---------------------------------------------------------------------------
// torch.compile

namespace {

void checkCompileModel(Interpreter& interp, const Value& fn);

// Note [Decorator mode]: torch.compile(mode=..., options=...) without a
// function checks its arguments only when the decorator is applied, as torch
// does (an Error kept in `invalid`).
struct CompileDecorator : ExtensionObject {
  CompileDecorator(CompileOptions o, bool disable, std::optional<Error> invalid)
      : options(std::move(o)), disable(disable), invalid(std::move(invalid)) {}
  std::string typeName() const override { return "function"; }
  bool callable() const override { return true; }
  void gcTraverse(GcVisitor& v) override { v.visit(options.backend.fn); }
  void gcClear(std::vector<Value>& out) override { out.push_back(std::move(options.backend.fn)); }
  Value call(Interpreter& interp, const CallArgs& args) override {
    if (args.nargs != 1 || args.nkwargs) throw Error(ErrorKind::Type, "torch.compile decorator takes one function");
    if (args[0].isNone()) throw Error(ErrorKind::Runtime, "Model can't be None");
    if (invalid) throw *invalid;
    checkCompileModel(interp, args[0]);
    if (disable || interp.options().eager || !args[0].isObj(ObjKind::Function)) return args[0];
    return Value(makeRef<CompiledFunction>(interp, Ref<FunctionObject>(args[0].as<FunctionObject>()), options));
  }
  CompileOptions options;
  bool disable;
  std::optional<Error> invalid;
};

// torch.compile's mode= (torch's _TorchCompileInductorWrapper.apply_mode).
void checkCompileMode(Interpreter& interp, const Value& mode) {
  if (mode.isNone()) return;
  if (mode.isObj(ObjKind::Str)) {
    const std::string& m = mode.as<StrObject>()->str;
    if (m == "default" || m == "reduce-overhead" || m == "max-autotune" || m == "max-autotune-no-cudagraphs") return;
  }
  throw Error(ErrorKind::Runtime, "Unrecognized mode=" + interp.str(mode) +
                                      ", should be one of: default, reduce-overhead, max-autotune, "
                                      "max-autotune-no-cudagraphs");
}

// torch.compile's options= (torch's _TorchCompileInductorWrapper.apply_options):
// the known keys are tdsl's ("-" may stand for "_"), each of one type.
void applyCompileOptions(Interpreter& interp, const Value& options, bool& reinplace, int64_t& maxGraphNodes) {
  if (options.isNone()) return;
  if (!options.isObj(ObjKind::Dict))
    throw Error(ErrorKind::Attribute, "'" + interp.typeName(options) + "' object has no attribute 'items'");
  for (const auto& [key, val] : options.as<DictObject>()->entries) {
    std::string name = key.isObj(ObjKind::Str) ? key.as<StrObject>()->str : interp.str(key);
    for (char& c : name)
      if (c == '-') c = '_';
    const char* expected = name == "reinplace" ? "bool" : name == "max_graph_nodes" ? "int" : nullptr;
    if (!expected)
      throw Error(ErrorKind::Runtime, "Unexpected optimization option " + interp.str(key) +
                                          ", known options are ['max_graph_nodes', 'reinplace']");
    if (interp.typeName(val) != expected)
      throw Error(ErrorKind::Runtime, "Unexpected type of attr " + interp.str(key) + ", got " + interp.typeName(val) +
                                          " should be " + expected);
    if (name == "reinplace") reinplace = val.asBool();
    else maxGraphNodes = val.asInt() > 0 ? val.asInt() : 1;
  }
}

CompileOptions parseCompileOptions(Interpreter& interp, const CallArgs& args) {
  CompileOptions o;
  Value backend = makeStr(interp.options().backend);
  bool reinplace = interp.options().reinplace;
  Value mode, options;
  for (size_t i = 0; i < args.nkwargs; ++i) {
    std::string_view k = args.kwargs[i].name;
    const Value& v = args.kwargs[i].value;
    if (k == "fullgraph") o.fullgraph = interp.truthy(v);
    else if (k == "dynamic") o.dynamic = v.isNone() ? CompileOptions::Dynamic::Auto
                                       : interp.truthy(v) ? CompileOptions::Dynamic::Always
                                                           : CompileOptions::Dynamic::Never;
    else if (k == "backend") backend = v;
    else if (k == "mode") mode = v;
    else if (k == "options") options = v;
    else if (k == "disable" || k == "model") {
      // handled by torchCompileNative
    } else {
      throw Error(ErrorKind::Type, "torch.compile() got an unexpected keyword argument '" + std::string(k) + "'");
    }
  }
  if (!mode.isNone() && !options.isNone())
    throw Error(ErrorKind::Runtime,
                "Either mode or options can be specified, but both can't be specified at the same time.");
  checkCompileMode(interp, mode);
  applyCompileOptions(interp, options, reinplace, o.maxGraphNodes);
  o.backend = parseBackend(backend, reinplace);
  return o;
}

// torch's "A callable function is expected, but <class 'int'> is provided."
void checkCompileModel(Interpreter& interp, const Value& fn) {
  if (fn.isNone()) throw Error(ErrorKind::Runtime, "Model can't be None");
  if (!isCallable(fn))
    throw Error(ErrorKind::Assertion,
                "A callable function is expected, but <class '" + interp.typeName(fn) + "'> is provided.");
}

struct Explainer : ExtensionObject {
  explicit Explainer(Ref<FunctionObject> fn) : fn(std::move(fn)) {}
  void gcTraverse(GcVisitor& v) override { v.visit(fn); }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(Value(fn));
    fn = Ref<FunctionObject>();
  }
  std::string typeName() const override { return "function"; }
  bool callable() const override { return true; }
  Value call(Interpreter& interp, const CallArgs& args) override {
    CompileOptions o;
    o.backend.kind = Backend::Kind::Eager;
    auto cf = makeRef<CompiledFunction>(interp, fn, o);
    cf->call(interp, args);
    const FunctionStats& s = cf->localStats();
    std::string text;
    std::vector<Value> nodes, reasons;
    for (int64_t n : s.graphNodes) nodes.push_back(Value::integer(n));
    for (const std::string& r : s.breakReasons) reasons.push_back(makeStr(r));
    std::string nodeText;
    for (size_t i = 0; i < s.graphNodes.size(); ++i) nodeText += (i ? ", " : "") + std::to_string(s.graphNodes[i]);
    text = fmt::format("Graph Count: {}\nGraph Break Count: {}\nOp Count: {}\nNode Counts: [{}]\nBreak Reasons:",
                            s.graphs, s.graphBreaks, [&] {
                              int64_t ops = 0;
                              for (int64_t n : s.graphNodes) ops += n;
                              return ops;
                            }(), nodeText);
    for (size_t i = 0; i < s.breakReasons.size(); ++i)
      text += fmt::format("\n  Break Reason {}: {}", i + 1, s.breakReasons[i]);
    auto out = makeRef<AttrObject>("ExplainOutput", std::move(text));  // tdsl.explain(fn)(*args)
    out->attrs = {{"graph_count", Value::integer(s.graphs)},
                  {"graph_break_count", Value::integer(s.graphBreaks)},
                  {"node_counts", makeList(std::move(nodes))},
                  {"break_reasons", makeList(std::move(reasons))}};
    return Value(out);
  }
  Ref<FunctionObject> fn;
};

}  // namespace

Value torchCompileNative(Interpreter& interp, const CallArgs& args, const void*) {
  if (args.nargs > 1) throw Error(ErrorKind::Type, "torch.compile() takes 1 positional argument but " +
                                                       std::to_string(args.nargs) + " were given");
  Value fn = args.nargs ? args[0] : Value();
  bool disable = false;
  for (size_t i = 0; i < args.nkwargs; ++i) {
    if (args.kwargs[i].name == "model") fn = args.kwargs[i].value;
    if (args.kwargs[i].name == "disable") disable = interp.truthy(args.kwargs[i].value);
  }
  if (fn.isNone()) {
    CompileOptions o;
    std::optional<Error> invalid;
    try {
      o = parseCompileOptions(interp, args);
    } catch (const Error& e) {
      if (e.kind == ErrorKind::Type) throw;  // a bad keyword is the call's own error
      invalid = e;
    }
    return Value(makeRef<CompileDecorator>(std::move(o), disable, std::move(invalid)));
  }
  CompileOptions o = parseCompileOptions(interp, args);
  checkCompileModel(interp, fn);
  if (disable || interp.options().eager || !fn.isObj(ObjKind::Function)) return fn;
  return Value(makeRef<CompiledFunction>(interp, Ref<FunctionObject>(fn.as<FunctionObject>()), std::move(o)));
}

Value tdslExplainNative(Interpreter& interp, const CallArgs& args, const void*) {
  if (args.nargs != 1 || !args[0].isObj(ObjKind::Function))
    throw Error(ErrorKind::Type, "tdsl.explain() takes one script function");
  return Value(makeRef<Explainer>(Ref<FunctionObject>(args[0].as<FunctionObject>())));
}

}  // namespace tdsl
