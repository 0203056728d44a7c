// Probing dynamic segments (compile_dynamic.h).
#include "compile/dynamic.h"

#include <unordered_map>

#include "support/diagnostics.h"
#include "compile/bytecode.h"
#include "compile/runtime.h"
#include "vm/objects.h"
#include "tensor/tensor.h"

namespace tdsl {

namespace {

bool sameWriteBack(const WriteBack& a, const WriteBack& b) {
  if (a.kind != b.kind || a.index != b.index || a.items.size() != b.items.size()) return false;
  switch (a.kind) {
    case WriteBack::Kind::Const:
      if (a.value.isTensor() || b.value.isTensor()) return a.value.identical(b.value);
      if (!sameGuardValue(a.value, b.value)) return false;
      break;
    case WriteBack::Kind::Entry:
      if (!(a.source == b.source)) return false;
      break;
    case WriteBack::Kind::Iterator: {
      auto* x = a.value.as<IteratorObject>();
      auto* y = b.value.as<IteratorObject>();
      if (x->src != y->src || x->pos != y->pos || x->end != y->end || x->step != y->step) return false;
      break;
    }
    default: break;
  }
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!sameWriteBack(a.items[i], b.items[i])) return false;
  return true;
}

bool sameGraph(const ir::Graph& a, const ir::Graph& b) {
  auto na = a.nodes();
  auto nb = b.nodes();
  if (na.size() != nb.size()) return false;
  std::unordered_map<const ir::IrValue*, size_t> ia, ib;
  auto number = [](const std::vector<ir::Node*>& nodes, std::unordered_map<const ir::IrValue*, size_t>& m) {
    size_t k = 0;
    for (ir::Node* n : nodes)
      for (size_t i = 0; i < n->numOutputs(); ++i) m[n->output(i)] = k++;
  };
  number(na, ia);
  number(nb, ib);
  auto id = [](const std::unordered_map<const ir::IrValue*, size_t>& m, const ir::IrValue* v) -> int64_t {
    return v ? static_cast<int64_t>(m.at(v)) : -1;
  };
  for (size_t i = 0; i < na.size(); ++i) {
    const ir::Node& x = *na[i];
    const ir::Node& y = *nb[i];
    if (x.kind() != y.kind() || x.op() != y.op() || x.args().size() != y.args().size()) return false;
    if (x.isInput() && x.output(0)->meta().dtype != y.output(0)->meta().dtype) return false;
    for (size_t j = 0; j < x.args().size(); ++j) {
      const ir::Arg& p = x.args()[j];
      const ir::Arg& q = y.args()[j];
      if (p.kind != q.kind) return false;
      switch (p.kind) {
        case ir::Arg::Kind::Tensor:
          if (id(ia, p.tensor) != id(ib, q.tensor)) return false;
          break;
        case ir::Arg::Kind::TensorList:
          if (p.tensors.size() != q.tensors.size()) return false;
          for (size_t t = 0; t < p.tensors.size(); ++t)
            if (id(ia, p.tensors[t]) != id(ib, q.tensors[t])) return false;
          break;
        default:
          if (!(p == q)) return false;
      }
    }
  }
  return true;
}

}  // namespace

bool sameTrace(const Segment& a, const Segment& b) {
  if (a.isReturn != b.isReturn || a.exitPc != b.exitPc || a.hasGraph != b.hasGraph) return false;
  if (a.inputs.size() != b.inputs.size() || a.values.size() != b.values.size()) return false;
  for (size_t i = 0; i < a.inputs.size(); ++i)
    if (!(a.inputs[i].source == b.inputs[i].source) || a.inputs[i].aliasOf != b.inputs[i].aliasOf) return false;
  for (size_t i = 0; i < a.values.size(); ++i)
    if (!(a.values[i].source == b.values[i].source) || !sameGuardValue(a.values[i].expected, b.values[i].expected))
      return false;
  if (a.isReturn) {
    if (!sameWriteBack(a.returned, b.returned)) return false;
  } else {
    if (a.registers.size() != b.registers.size()) return false;
    for (size_t i = 0; i < a.registers.size(); ++i)
      if (a.registers[i].first != b.registers[i].first || !sameWriteBack(a.registers[i].second, b.registers[i].second))
        return false;
  }
  if (a.globals.size() != b.globals.size()) return false;
  for (size_t i = 0; i < a.globals.size(); ++i)
    if (a.globals[i].slot != b.globals[i].slot || !sameWriteBack(a.globals[i].value, b.globals[i].value)) return false;
  return !a.graph || !b.graph || sameGraph(*a.graph, *b.graph);
}

bool dynamicSegmentIsSafe(CompileRuntime& rt, const Segment& seg, const TraceRequest& request,
                          std::unique_ptr<ir::Graph>* probeGraph) {
  const CodeObject& code = *request.fn->code;
  std::vector<Value> probe(request.regs, request.regs + code.nregs);
  for (const TensorGuard& g : seg.inputs) {
    if (!g.dynamicDims) continue;
    if (g.source.kind != Source::Kind::Reg || g.source.index != -1) return false;
    Value v = probe[static_cast<size_t>(g.source.reg)];
    if (!v.isTensor() || asTensor(v)->isMeta() || !asTensor(v)->meta.isContiguous()) return false;
    TensorMeta m = asTensor(v)->meta;
    // One rule for every dim: equal sizes stay equal, other relations change.
    for (int d = 0; d < m.dim(); ++d)
      if (g.dynamicDims >> d & 1) m.sizes[d] = 2 * m.sizes[d] + 3;
    m.strides = contiguousStrides(m.sizes);
    m.offset = 0;
    probe[static_cast<size_t>(g.source.reg)] = Value(makeMetaTensor(m));
    for (const Source& o : g.sameObject) {
      if (o.kind != Source::Kind::Reg || o.index != -1) return false;
      probe[static_cast<size_t>(o.reg)] = probe[static_cast<size_t>(g.source.reg)];
    }
  }
  TraceRequest req = request;
  req.regs = probe.data();
  try {
    Tracer tracer(rt, req);
    std::unique_ptr<Segment> other = tracer.trace();
    if (!sameTrace(seg, *other)) return false;
    *probeGraph = std::move(other->graph);
    return true;
  } catch (const Error& e) {
    if (!isTraceRefusal(e)) throw;  // Note [Trace refusal]
    return false;
  }
}

bool finishDynamicSegment(Segment& seg, const ir::Graph* probeGraph) {
  // One symbol per distinct hint (equal dynamic sizes are guarded equal).
  std::vector<int64_t> hints;
  std::vector<std::pair<int, int>> firstWith;
  std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> equal;
  for (size_t k = 0; k < seg.inputs.size(); ++k) {
    const TensorGuard& g = seg.inputs[k];
    for (int d = 0; d < g.sizes.size(); ++d) {
      if (!(g.dynamicDims >> d & 1)) continue;
      size_t j = 0;
      while (j < hints.size() && hints[j] != g.sizes[d]) ++j;
      if (j == hints.size()) {
        hints.push_back(g.sizes[d]);
        firstWith.emplace_back(static_cast<int>(k), d);
      } else {
        equal.push_back({firstWith[j], {static_cast<int>(k), d}});
      }
    }
  }
  // Metadata that differs between the trace and the probe must be one
  // symbol's linear function; anything else (x[::3] has ceil(s0 / 3)
  // elements) holds at the traced sizes only, so the segment specializes.
  bool linear = true;
  auto fit = [&](const ir::SymInt& a, const ir::SymInt& b) -> ir::SymInt {
    if (!a.isConstant() || !b.isConstant() || a == b) return a;
    const int64_t x = a.constant(), y = b.constant();
    for (size_t j = 0; j < hints.size(); ++j) {
      const int64_t h = hints[j], span = h + 3;  // the probe used 2h + 3
      if ((y - x) % span != 0) continue;
      const int64_t alpha = (y - x) / span, beta = x - alpha * h;
      return ir::SymInt::symbol("s" + std::to_string(j)) * alpha + beta;
    }
    linear = false;
    return a;
  };
  auto fitMeta = [&](const ir::ValueMeta& a, const ir::ValueMeta& b) {
    ir::ValueMeta m = a;
    if (a.sizes.size() != b.sizes.size()) {
      linear = false;
      return m;
    }
    for (size_t i = 0; i < a.sizes.size(); ++i) {
      m.sizes[i] = fit(a.sizes[i], b.sizes[i]);
      m.strides[i] = fit(a.strides[i], b.strides[i]);
    }
    m.offset = fit(a.offset, b.offset);
    return m;
  };
  std::vector<std::pair<ir::IrValue*, ir::ValueMeta>> fitted;
  if (seg.graph && probeGraph) {
    auto na = seg.graph->nodes();
    auto nb = probeGraph->nodes();
    if (na.size() != nb.size()) return false;
    for (size_t i = 0; i < na.size(); ++i)
      for (size_t o = 0; o < na[i]->numOutputs() && o < nb[i]->numOutputs(); ++o)
        fitted.emplace_back(na[i]->output(o), fitMeta(na[i]->output(o)->meta(), nb[i]->output(o)->meta()));
  }
  if (!linear) return false;
  for (auto& e : equal) seg.equalSizes.push_back(e);
  for (auto& [value, meta] : fitted) value->setMeta(meta);
  return true;
}

void generalizeLoopInts(CompileRuntime& rt, Segment& seg, const TraceRequest& request) {
  if (seg.isReturn) return;
  const CodeObject& code = *request.fn->code;
  std::vector<Value> probe(request.regs, request.regs + code.nregs);
  std::vector<std::pair<int, int64_t>> candidates;  // register, probe offset
  for (const ValueGuard& g : seg.values) {
    if (g.source.kind != Source::Kind::Reg || g.source.index != -1 || !g.expected.isInt()) continue;
    if (!intIsOnlyShifted(code, seg.entryPc, seg.exitPc, g.source.reg)) continue;
    int64_t off = 1000003 + 7919 * static_cast<int64_t>(candidates.size());
    int64_t v = g.expected.asInt();
    if (v > (int64_t(1) << 60) || v < -(int64_t(1) << 60)) continue;
    probe[static_cast<size_t>(g.source.reg)] = Value::integer(v + off);
    candidates.emplace_back(g.source.reg, off);
  }
  if (candidates.empty()) return;
  std::unique_ptr<Segment> other;
  TraceRequest req = request;
  req.regs = probe.data();
  try {
    Tracer tracer(rt, req);
    other = tracer.trace();
  } catch (const Error& e) {
    if (!isTraceRefusal(e)) throw;  // Note [Trace refusal]
    return;
  }
  auto offsetOf = [&](int reg) -> const int64_t* {
    for (auto& c : candidates)
      if (c.first == reg) return &c.second;
    return nullptr;
  };
  // Compare with the generalized registers' guards and constants left out.
  Segment a, b;
  auto strip = [&](const Segment& s, Segment& out) {
    out.isReturn = s.isReturn;
    out.exitPc = s.exitPc;
    out.hasGraph = s.hasGraph;
    for (const TensorGuard& g : s.inputs) out.inputs.push_back(g);
    for (const ValueGuard& g : s.values)
      if (!(g.source.kind == Source::Kind::Reg && g.source.index == -1 && offsetOf(g.source.reg))) out.values.push_back(g);
    out.registers = s.registers;
    out.globals = s.globals;
  };
  strip(seg, a);
  strip(*other, b);
  if (a.registers.size() != b.registers.size()) return;
  std::vector<std::pair<size_t, WriteBack>> shifts;
  for (size_t i = 0; i < a.registers.size(); ++i) {
    WriteBack& x = a.registers[i].second;
    WriteBack& y = b.registers[i].second;
    if (x.kind == WriteBack::Kind::Const && y.kind == WriteBack::Kind::Const && x.value.isInt() && y.value.isInt() &&
        x.value.asInt() != y.value.asInt()) {
      // Which candidate explains the difference? (its offset, exactly)
      const int64_t diff = y.value.asInt() - x.value.asInt();
      int reg = -1;
      for (auto& c : candidates)
        if (c.second == diff) reg = c.first;
      if (reg < 0) return;
      WriteBack w;
      w.kind = WriteBack::Kind::IntShift;
      w.source.reg = reg;
      w.value = Value::integer(x.value.asInt() - request.regs[reg].asInt());
      shifts.emplace_back(i, w);
      y = x;  // equal for the structural comparison below
    }
  }
  a.graph = nullptr;
  b.graph = nullptr;
  if (!sameTrace(a, b)) return;
  {
    // The graphs themselves must not depend on the ints.
    Segment ga, gb;
    ga.graph = std::move(seg.graph);
    gb.graph = std::move(other->graph);
    ga.hasGraph = gb.hasGraph = seg.hasGraph;
    bool same = sameTrace(ga, gb);
    seg.graph = std::move(ga.graph);
    if (!same) return;
  }
  // The write-back reads the register as an int: it must still hold one.
  for (ValueGuard& g : seg.values)
    if (g.source.kind == Source::Kind::Reg && g.source.index == -1 && offsetOf(g.source.reg)) g.intOnly = true;
  for (auto& [i, w] : shifts) seg.registers[i].second = w;
}

}  // namespace tdsl
