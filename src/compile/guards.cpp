// Sources, guards and write-back materialization (compile_cache.h).
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

#include "autograd/autograd_meta.h"
#include "autograd/batching.h"
#include "compile/cache.h"
#include "compile/side_effects.h"
#include "vm/function.h"
#include "vm/objects.h"
#include "tensor/tensor.h"

namespace tdsl {

namespace {

bool isListOrTuple(const Value& v) { return v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple); }

bool equalSizesHold(const Segment& seg, const Value* regs) {
  for (const auto& [x, y] : seg.equalSizes) {
    Value a = seg.inputs[static_cast<size_t>(x.first)].source.fetch(regs);
    Value b = seg.inputs[static_cast<size_t>(y.first)].source.fetch(regs);
    if (asTensor(a)->sizes()[x.second] != asTensor(b)->sizes()[y.second]) return false;
  }
  return true;
}

}  // namespace

Value Source::fetch(const Value* regs) const {
  if (!grad) return fetchHolder(regs);
  Value v = fetchHolder(regs);
  const AutogradMeta* m = v.isTensor() ? autograd::metaOf(*asTensor(v)) : nullptr;
  return m && !m->gradFn ? m->grad : Value();
}

Value Source::fetchHolder(const Value* regs) const {
  Value v;
  switch (kind) {
    case Kind::Reg: v = regs[reg]; break;
    case Kind::Global: {
      const GlobalSlot& s = globals->slots[slot];
      v = s.bound ? s.value : Value();
      break;
    }
    case Kind::Captured: return captured;
  }
  if (index == kCellContents) {
    if (!v.isObj(ObjKind::Cell) || !v.as<CellObject>()->bound) return Value();
    return v.as<CellObject>()->value;
  }
  if (index < 0) return v;
  if (!isListOrTuple(v) || index >= static_cast<int>(seqItems(v).size())) return Value();
  return seqItems(v)[static_cast<size_t>(index)];
}

std::string Source::describe(const CodeObject& code) const {
  std::string base;
  switch (kind) {
    case Kind::Reg: {
      const std::string& n = reg < static_cast<int>(code.regNames.size()) ? code.regNames[static_cast<size_t>(reg)] : std::string();
      base = n.empty() ? "R" + std::to_string(reg) : n;
      break;
    }
    case Kind::Global: base = "G['" + globals->names[slot] + "']"; break;
    case Kind::Captured: base = "captured"; break;
  }
  if (index == kCellContents) return grad ? base + ".grad" : base;
  base = index < 0 ? base : base + "[" + std::to_string(index) + "]";
  return grad ? base + ".grad" : base;
}

bool Source::operator==(const Source& o) const {
  if (kind != o.kind || index != o.index || grad != o.grad) return false;
  switch (kind) {
    case Kind::Reg: return reg == o.reg;
    case Kind::Global: return globals == o.globals && slot == o.slot;
    case Kind::Captured: return captured.identical(o.captured);
  }
  return false;
}

namespace {

// Note [Generators in guards]
// A generator in a live register at a segment's entry is snapshotted as
// "any generator", not kept for identity: the trace never depends on which
// generator it is (every use of one is a graph break: next, iteration,
// send), and a snapshot that kept it would hold it in the compile cache for
// good, so it would never be closed when the program drops it (Note
// [Closing dropped generators] in vm/generators.h) and every call would
// retrace for the new generator.
class AnyGenerator final : public ExtensionObject {
 public:
  std::string typeName() const override { return "generator guard"; }
};

bool isAnyGenerator(const Value& v) {
  return v.isObj(ObjKind::Other) && dynamic_cast<const AnyGenerator*>(asExtension(v)) != nullptr;
}

bool isGenerator(const Value& v) {
  return v.isObj(ObjKind::Iterator) && v.as<IteratorObject>()->src == IteratorObject::Source::Generator;
}

// `path`: the (actual, expected) containers being compared further up. A
// pair met again is equal so far (a cycle: a closure in its own cell, a list
// holding itself), which compares cyclic values without looping.
using GuardPath = std::vector<std::pair<const Object*, const Object*>>;

bool sameGuardValueAt(const Value& a, const Value& b, int depth, GuardPath& path) {
  if (a.tag() != b.tag()) return false;
  if (isAnyGenerator(b)) return isGenerator(a);  // Note [Generators in guards]
  if (!a.isObj()) return a.identical(b) || (a.isFloat() && a.asFloat() == b.asFloat() && !std::signbit(a.asFloat()) == !std::signbit(b.asFloat()));
  if (a.identical(b)) return true;
  ObjKind k = a.asObj()->kind();
  if (k != b.asObj()->kind()) return false;
  switch (k) {
    case ObjKind::Str: return a.as<StrObject>()->str == b.as<StrObject>()->str;
    case ObjKind::Tensor: return asTensor(b)->isMeta();  // "any tensor"; a pinned one is only itself
    case ObjKind::List: case ObjKind::Tuple: case ObjKind::Dict: case ObjKind::Cell: case ObjKind::Function: break;
    default: return false;
  }
  if (depth > kMaxGuardDepth) return false;
  const std::pair<const Object*, const Object*> pair(a.asObj(), b.asObj());
  for (const auto& p : path)
    if (p == pair) return true;
  path.push_back(pair);
  struct Pop {
    GuardPath& path;
    ~Pop() { path.pop_back(); }
  } pop{path};
  auto same = [&](const Value& x, const Value& y) { return sameGuardValueAt(x, y, depth + 1, path); };
  switch (k) {
    case ObjKind::List:
    case ObjKind::Tuple: {
      ValueSpan x = seqItems(a);
      ValueSpan y = seqItems(b);
      if (x.size() != y.size()) return false;
      if (k == ObjKind::Tuple && (a.as<TupleObject>()->isSize() != b.as<TupleObject>()->isSize() ||
                                  a.as<TupleObject>()->named() != b.as<TupleObject>()->named()))
        return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!same(x[i], y[i])) return false;
      return true;
    }
    case ObjKind::Dict: {
      const auto& x = a.as<DictObject>()->entries;
      const auto& y = b.as<DictObject>()->entries;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!same(x[i].first, y[i].first) || !same(x[i].second, y[i].second)) return false;
      return true;
    }
    case ObjKind::Cell: {
      // Cells made by each call's prologue: the trace read only the contents.
      auto* x = a.as<CellObject>();
      auto* y = b.as<CellObject>();
      return x->bound == y->bound && (!x->bound || same(x->value, y->value));
    }
    default: {
      // Closures made by each call (MAKEFUNC): same code, globals, defaults and cell contents.
      auto* x = a.as<FunctionObject>();
      auto* y = b.as<FunctionObject>();
      if (x->code != y->code || x->globals != y->globals || x->defaults.size() != y->defaults.size() ||
          x->cells.size() != y->cells.size())
        return false;
      for (size_t i = 0; i < x->defaults.size(); ++i)
        if (!same(x->defaults[i], y->defaults[i])) return false;
      for (size_t i = 0; i < x->cells.size(); ++i)
        if (!same(x->cells[i], y->cells[i])) return false;
      return true;
    }
  }
}

// `memo`: original -> copy, so shared parts stay shared and cycles stay cycles.
using SnapshotMemo = std::unordered_map<const Object*, Value>;

Value snapshotAt(const Value& v, int depth, SnapshotMemo& memo) {
  if (!v.isObj()) return v;
  if (isGenerator(v)) return Value(makeRef<AnyGenerator>());  // Note [Generators in guards]
  ObjKind k = v.asObj()->kind();
  if (k != ObjKind::List && k != ObjKind::Tuple && k != ObjKind::Dict && k != ObjKind::Cell && k != ObjKind::Function)
    return v;
  if (auto it = memo.find(v.asObj()); it != memo.end()) return it->second;
  if (depth > kMaxGuardDepth)
    throw Error(ErrorKind::Runtime, "torch.compile: an argument is nested too deeply to guard");
  auto copyAll = [&](const std::vector<Value>& items, std::vector<Value>& out) {
    out.reserve(items.size());
    for (const Value& i : items) out.push_back(snapshotAt(i, depth + 1, memo));
  };
  switch (k) {
    case ObjKind::List: {
      Value copy = makeList({});
      memo.emplace(v.asObj(), copy);
      copyAll(v.as<ListObject>()->items, copy.as<ListObject>()->items);
      return copy;
    }
    case ObjKind::Tuple: {
      auto* t = v.as<TupleObject>();
      auto copy = TupleObject::make(t->items.size(), t->isSize(), t->named());
      memo.emplace(v.asObj(), Value(copy));  // before the items: they may lead back to the tuple
      for (size_t i = 0; i < t->items.size(); ++i) copy->items[i] = snapshotAt(t->items[i], depth + 1, memo);
      return Value(copy);
    }
    case ObjKind::Dict: {
      Value d = makeDict();
      memo.emplace(v.asObj(), d);
      for (const auto& kv : v.as<DictObject>()->entries)
        d.as<DictObject>()->set(kv.first, snapshotAt(kv.second, depth + 1, memo));
      return d;
    }
    case ObjKind::Cell: {
      auto* c = v.as<CellObject>();
      auto copy = makeRef<CellObject>();
      memo.emplace(v.asObj(), Value(copy));
      if (c->bound) {
        copy->value = snapshotAt(c->value, depth + 1, memo);
        copy->bound = true;
      }
      return Value(copy);
    }
    default: {
      auto* f = v.as<FunctionObject>();
      auto copy = makeRef<FunctionObject>(f->code, f->globals);
      memo.emplace(v.asObj(), Value(copy));
      copyAll(f->defaults, copy->defaults);
      copyAll(f->cells, copy->cells);
      return Value(copy);
    }
  }
}

void relaxAt(Value& v, const std::function<bool(const Object*)>& pinned, std::unordered_set<const Object*>& seen) {
  if (v.isTensor()) {
    if (!pinned(v.asObj())) v = Value(makeMetaTensor(asTensor(v)->meta));
    return;
  }
  if (!v.isObj() || !seen.insert(v.asObj()).second) return;
  switch (v.asObj()->kind()) {
    case ObjKind::List: for (Value& i : v.as<ListObject>()->items) relaxAt(i, pinned, seen); break;
    case ObjKind::Tuple: for (Value& i : v.as<TupleObject>()->items) relaxAt(i, pinned, seen); break;
    case ObjKind::Dict: for (auto& kv : v.as<DictObject>()->entries) relaxAt(kv.second, pinned, seen); break;
    case ObjKind::Cell: relaxAt(v.as<CellObject>()->value, pinned, seen); break;
    case ObjKind::Function:
      for (Value& i : v.as<FunctionObject>()->defaults) relaxAt(i, pinned, seen);
      for (Value& i : v.as<FunctionObject>()->cells) relaxAt(i, pinned, seen);
      break;
    default: break;
  }
}

}  // namespace

bool sameGuardValue(const Value& actual, const Value& expected) {
  GuardPath path;
  return sameGuardValueAt(actual, expected, 0, path);
}

Value snapshotGuardValue(const Value& v) {
  SnapshotMemo memo;
  return snapshotAt(v, 0, memo);
}

void relaxGuardSnapshot(Value& snapshot, const std::function<bool(const Object*)>& pinned) {
  std::unordered_set<const Object*> seen;
  relaxAt(snapshot, pinned, seen);
}

namespace {

// Note [Joint graphs]: a graph input that required grad (a leaf) must again,
// and one that did not must not. A batched tensor of a vmap call (one that
// escaped it; Note [Batched tensors] in autograd/batched_dispatch.h) holds
// every sample where the graph would read one: it matches no guard, so the
// call traces again, and the trace refuses it (the call runs eagerly).
bool requiresGradHolds(const TensorGuard& g, const TensorObject& t) {
  if (!t.autograd) return !g.requiresGrad;
  if (autograd::hasPhysicalDims(t)) return false;
  return autograd::requiresGrad(t) == g.requiresGrad && (!g.requiresGrad || autograd::isLeaf(t) == g.leaf);
}

std::string gradStateFailure(const Segment& seg, const Value* regs) {
  for (const GradState& g : seg.grads) {
    Value leaf = g.leaf.fetchHolder(regs);
    if (!leaf.isTensor() || !autograd::requiresGrad(*asTensor(leaf)) || !autograd::isLeaf(*asTensor(leaf)))
      return "a leaf whose .grad the segment uses no longer requires grad";
    if (g.leaf.fetch(regs).isNone() == g.present) return g.present ? "a .grad is now None" : "a .grad is no longer None";
  }
  return "";
}

// Note [Metadata reads]: what a tensor guard's `check` covers.
bool tensorMatches(const TensorGuard& g, const TensorObject* t) {
  if (g.checkRequiresGrad && !requiresGradHolds(g, *t)) return false;
  if (g.check == TensorGuard::Check::IsTensor) return true;
  if (t->dtype() != g.dtype) return false;
  if (g.check == TensorGuard::Check::DType) return true;
  if (t->dim() != g.sizes.size()) return false;
  if (g.check == TensorGuard::Check::Rank) return true;
  if (t->sizes() != g.sizes || t->strides() != g.strides) return false;
  return !g.checkOffset || t->meta.offset == g.storageOffset;
}

bool metadataHolds(const Segment& seg, const Value* regs) {
  for (const TensorGuard& g : seg.metadata) {
    Value v = g.source.fetch(regs);
    if (!v.isTensor() || asTensor(v)->isMeta() || !tensorMatches(g, asTensor(v))) return false;
  }
  for (const TensorGuard& g : seg.inputs)
    if (g.checkOffset && asTensor(g.source.fetch(regs))->meta.offset != g.storageOffset) return false;
  return true;
}

}  // namespace

std::string checkGuards(const Segment& seg, const Value* regs, std::vector<std::pair<int, int>>* sizeFailures) {
  const size_t n = seg.inputs.size();
  Object* storages[64];
  std::vector<Object*> more;
  Object** st = n <= 64 ? storages : (more.resize(n), more.data());
  std::string firstSizeFailure;
  for (size_t i = 0; i < n; ++i) {
    const TensorGuard& g = seg.inputs[i];
    Value v = g.source.fetch(regs);
    if (!v.isTensor()) return fmt::format("input {} is no longer a tensor", i);
    const TensorObject* t = asTensor(v);
    if (t->isMeta()) return fmt::format("input {} is a meta tensor", i);
    if (t->dtype() != g.dtype) return fmt::format("input {}: dtype {} != {}", i, dtypeName(t->dtype()), dtypeName(g.dtype));
    if (t->dim() != g.sizes.size()) return fmt::format("input {}: rank {} != {}", i, t->dim(), g.sizes.size());
    bool sizeOk = true;
    for (int d = 0; d < g.sizes.size(); ++d) {
      int64_t s = t->sizes()[d];
      bool ok = (g.dynamicDims >> d & 1) ? s >= 2 : s == g.sizes[d];
      if (!ok) {
        if (sizeFailures) sizeFailures->emplace_back(static_cast<int>(i), d);
        if (firstSizeFailure.empty())
          firstSizeFailure = fmt::format("input {}: size {} of dim {} != {}", i, s, d, g.sizes[d]);
        sizeOk = false;
      }
    }
    if (sizeOk) {
      for (int d = 0; d < g.sizes.size(); ++d) {
        if (g.dynamicDims >> d & 1) {
          // Strides of a dynamic tensor: guard contiguity-equivalence instead of values.
          continue;
        }
        if (t->sizes()[d] > 1 && t->strides()[d] != g.strides[d])
          return fmt::format("input {}: stride {} of dim {} != {}", i, t->strides()[d], d, g.strides[d]);
      }
      if (g.dynamicDims && t->meta.isContiguous() != contiguousStrides(g.sizes).operator==(g.strides))
        return fmt::format("input {}: contiguity changed", i);
    }
    if (autograd::hasPhysicalDims(*t)) return fmt::format("input {} is a batched tensor of a vmap call", i);
    if (!requiresGradHolds(g, *t)) return fmt::format("input {}: requires_grad changed", i);
    for (const Source& o : g.sameObject)
      if (!o.fetch(regs).identical(v)) return fmt::format("input {} is no longer the same tensor as {}", i, o.index < 0 ? o.reg : o.index);
    st[i] = t->storage.get();
    int alias = -1;
    for (size_t j = 0; j < i; ++j)
      if (st[j] == st[i]) { alias = static_cast<int>(j); break; }
    if (alias != g.aliasOf)
      return alias < 0 ? fmt::format("input {} no longer shares storage with input {}", i, g.aliasOf)
                       : fmt::format("input {} now shares storage with input {}", i, alias);
  }
  if (!firstSizeFailure.empty()) return firstSizeFailure;
  if (!metadataHolds(seg, regs)) return "the metadata of a tensor the trace inspected changed";
  if (!equalSizesHold(seg, regs)) return "dynamic sizes that were equal are no longer equal";
  for (const auto& [a, b] : seg.sameObjects)
    if (!a.fetch(regs).identical(b.fetch(regs))) return "two sources no longer hold the same object";
  for (const ValueGuard& g : seg.values) {
    Value v = g.source.fetch(regs);
    if (g.intOnly ? !v.isInt() : !sameGuardValue(v, g.expected)) return "value of a guarded Python value changed";
  }
  if (!mutationAliasesHold(seg, regs)) return "the objects the segment mutates are aliased differently";
  if (std::string why = gradStateFailure(seg, regs); !why.empty()) return why;
  return "";
}

bool guardsPass(const Segment& seg, const Value* regs) {
  // The hot path of a cache hit: no strings unless a guard fails.
  const size_t n = seg.inputs.size();
  Object* storages[16];
  for (size_t i = 0; i < n; ++i) {
    const TensorGuard& g = seg.inputs[i];
    Value v = g.source.fetch(regs);
    if (!v.isTensor()) return false;
    const TensorObject* t = asTensor(v);
    if (t->isMeta() || t->dtype() != g.dtype || t->dim() != g.sizes.size()) return false;
    for (int d = 0; d < g.sizes.size(); ++d) {
      int64_t s = t->sizes()[d];
      if (g.dynamicDims >> d & 1) {
        if (s < 2) return false;
      } else if (s != g.sizes[d] || (s > 1 && t->strides()[d] != g.strides[d])) {
        return false;
      }
    }
    if (g.dynamicDims && t->meta.isContiguous() != (contiguousStrides(g.sizes) == g.strides)) return false;
    if (!requiresGradHolds(g, *t)) return false;
    for (const Source& o : g.sameObject)
      if (!o.fetch(regs).identical(v)) return false;
    if (n <= 16) {
      storages[i] = t->storage.get();
      int alias = -1;
      for (size_t j = 0; j < i; ++j)
        if (storages[j] == storages[i]) { alias = static_cast<int>(j); break; }
      if (alias != g.aliasOf) return false;
    }
  }
  if (n > 16) return checkGuards(seg, regs).empty();
  if (!metadataHolds(seg, regs)) return false;
  if (!seg.equalSizes.empty() && !equalSizesHold(seg, regs)) return false;
  for (const auto& [a, b] : seg.sameObjects)
    if (!a.fetch(regs).identical(b.fetch(regs))) return false;
  for (const ValueGuard& g : seg.values) {
    Value v = g.source.fetch(regs);
    if (g.intOnly ? !v.isInt() : !sameGuardValue(v, g.expected)) return false;
  }
  return mutationAliasesHold(seg, regs) && (seg.grads.empty() || gradStateFailure(seg, regs).empty());
}

std::string describeGuards(const Segment& seg, const CodeObject& code) {
  std::string out;
  for (size_t i = 0; i < seg.inputs.size(); ++i) {
    const TensorGuard& g = seg.inputs[i];
    std::string sizes;
    for (int d = 0; d < g.sizes.size(); ++d)
      sizes += (d ? ", " : "") + ((g.dynamicDims >> d & 1) ? std::string("s") + std::to_string(d) + ">=2" : std::to_string(g.sizes[d]));
    out += fmt::format("tensor {}: {}[{}] strides {}{}\n", g.source.describe(code), dtypeName(g.dtype), sizes,
                       formatDims(g.strides), g.aliasOf >= 0 ? fmt::format(" (shares storage with input {})", g.aliasOf) : "");
  }
  for (const TensorGuard& g : seg.metadata) {
    static const char* const what[] = {"is a tensor", "dtype", "dtype and rank", "metadata"};
    out += fmt::format("inspected tensor {}: {}{}{}\n", g.source.describe(code), what[static_cast<int>(g.check)],
                       g.check == TensorGuard::Check::IsTensor ? ""
                       : g.check == TensorGuard::Check::Full
                           ? fmt::format(" {}{} strides {} offset {}", dtypeName(g.dtype), formatDims(g.sizes),
                                         formatDims(g.strides), g.storageOffset)
                           : fmt::format(" {}", dtypeName(g.dtype)),
                       g.checkRequiresGrad ? fmt::format(", requires_grad={}", g.requiresGrad ? "True" : "False") : "");
  }
  for (const auto& [a, b] : seg.sameObjects)
    out += fmt::format("value {} is the same object as {}\n", b.describe(code), a.describe(code));
  for (const GradState& g : seg.grads)
    out += fmt::format("leaf {} requires grad and {} None\n", g.leaf.describe(code), g.present ? "is not" : "is");
  if (seg.gradMode >= 0) out += fmt::format("grad mode is {}\n", seg.gradMode ? "on" : "off");
  if (seg.modeAtEntry >= 0)  // Note [Grad mode under the tracer]
    out += fmt::format("torch.is_grad_enabled() is {} and torch.is_inference_mode_enabled() is {}\n",
                       (seg.modeAtEntry & 1) ? "True" : "False", (seg.modeAtEntry & 2) ? "True" : "False");
  for (const ValueGuard& g : seg.values) {
    std::string what;
    const Value& v = g.expected;
    if (g.intOnly) what = "is an int";
    else if (v.isInt()) what = "== " + std::to_string(v.asInt());
    else if (v.isBool()) what = v.asBool() ? "is True" : "is False";
    else if (v.isFloat()) what = fmt::format("== {}", v.asFloat());
    else if (v.isNone()) what = "is None";
    else if (v.isObj(ObjKind::Str)) what = "== '" + v.as<StrObject>()->str + "'";
    else if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple) || v.isObj(ObjKind::Dict)) what = "has the same structure and items";
    else what = "is the same object";
    out += fmt::format("value {} {}\n", g.source.describe(code), what);
  }
  for (const ObjectWrite& w : seg.objectWrites)
    out += fmt::format("value {} is mutated: aliased as at trace time\n", w.source.describe(code));
  return out;
}

Value materialize(const WriteBack& wb, const Value* entryRegs, const std::vector<Value>& inputs,
                  const std::vector<Value>& outputs, std::vector<Value>& memo) {
  auto items = [&]() {
    std::vector<Value> v;
    v.reserve(wb.items.size());
    for (const WriteBack& i : wb.items) v.push_back(materialize(i, entryRegs, inputs, outputs, memo));
    return v;
  };
  // Note [Functions made while tracing]: one rebuilt object per memo slot,
  // entered before its parts so that cycles (a closure in its own cell) close.
  auto remembered = [&](const Value& made) {
    auto slot = static_cast<size_t>(wb.index);
    if (memo.size() <= slot) memo.resize(slot + 1);
    memo[slot] = made;
    return made;
  };
  auto rebuilt = [&]() -> const Value* {
    auto slot = static_cast<size_t>(wb.index);
    return slot < memo.size() && !memo[slot].isNone() ? &memo[slot] : nullptr;
  };
  switch (wb.kind) {
    case WriteBack::Kind::Const: return wb.value;
    case WriteBack::Kind::Entry: return wb.source.fetch(entryRegs);
    case WriteBack::Kind::IntShift: {
      int64_t r;
      if (__builtin_add_overflow(wb.source.fetch(entryRegs).asInt(), wb.value.asInt(), &r))
        throw Error(ErrorKind::Overflow, "Python int too large to convert to C long");
      return Value::integer(r);
    }
    case WriteBack::Kind::Input: return inputs[static_cast<size_t>(wb.index)];
    case WriteBack::Kind::Output: return outputs[static_cast<size_t>(wb.index)];
    case WriteBack::Kind::List: {
      if (const Value* done = rebuilt()) return *done;
      Value l = remembered(makeList({}));
      for (const WriteBack& i : wb.items)
        l.as<ListObject>()->items.push_back(materialize(i, entryRegs, inputs, outputs, memo));
      return l;
    }
    case WriteBack::Kind::Tuple:
      if (wb.tupleType) return makeNamedTuple(*wb.tupleType, items());
      return makeTuple(items());
    case WriteBack::Kind::Size: return Value(TupleObject::make(items(), true));
    case WriteBack::Kind::Dict: {
      if (const Value* done = rebuilt()) return *done;
      Value d = remembered(makeDict());
      std::vector<Value> kv = items();
      for (size_t i = 0; i + 1 < kv.size(); i += 2) d.as<DictObject>()->set(kv[i], kv[i + 1]);
      return d;
    }
    case WriteBack::Kind::Slice: {
      std::vector<Value> p = items();
      return makeSlice(p[0], p[1], p[2]);
    }
    case WriteBack::Kind::BoundMethod: {
      std::vector<Value> p = items();
      return Value(makeRef<BoundMethodObject>(p[0], p[1]));
    }
    case WriteBack::Kind::Cell: {
      if (const Value* done = rebuilt()) return *done;
      auto c = makeRef<CellObject>();
      remembered(Value(c));
      if (!wb.items.empty()) {
        c->value = materialize(wb.items[0], entryRegs, inputs, outputs, memo);
        c->bound = true;
      }
      return Value(c);
    }
    case WriteBack::Kind::Function: {
      if (const Value* done = rebuilt()) return *done;
      auto* tmpl = wb.value.as<FunctionObject>();
      auto fn = makeRef<FunctionObject>(tmpl->code, tmpl->globals);
      remembered(Value(fn));
      size_t ndefaults = tmpl->defaults.size();
      for (size_t i = 0; i < wb.items.size(); ++i) {
        Value part = materialize(wb.items[i], entryRegs, inputs, outputs, memo);
        (i < ndefaults ? fn->defaults : fn->cells).push_back(part);
      }
      return Value(fn);
    }
    case WriteBack::Kind::Iterator: {
      auto* tmpl = wb.value.as<IteratorObject>();
      auto it = makeRef<IteratorObject>(tmpl->src, materialize(wb.items[0], entryRegs, inputs, outputs, memo));
      it->pos = tmpl->pos;
      it->end = tmpl->end;
      it->step = tmpl->step;
      return Value(it);
    }
  }
  return Value();
}

}  // namespace tdsl
