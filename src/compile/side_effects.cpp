// Note [Side effects on pre-existing objects] (compile_side_effects.h).
#include "compile/side_effects.h"

#include <algorithm>
#include <unordered_map>

#include "autograd/autograd_meta.h"
#include "compile/cache.h"
#include "vm/function.h"
#include "vm/gc.h"
#include "vm/objects.h"

namespace tdsl {

void FreshObjects::start() {
  reset();
  marker_ = makeList({});
}

void FreshObjects::reset() {
  marker_ = Value();
  sorted_.clear();
  recent_.clear();
}

bool FreshObjects::contains(const Object* o) {
  if (!o->isGc() || !marker_.isObj()) return false;
  auto* from = static_cast<GcObject*>(marker_.asObj());
  if (!from->gcTracked()) return false;
  Value next = makeList({});
  auto* to = static_cast<GcObject*>(next.asObj());
  if (!to->gcTracked()) return false;
  // A freed object's address may be reused, but only by a newer object,
  // which is fresh too.
  for (GcLink* l = from->gcNext; l != to; l = l->gcNext) recent_.push_back(static_cast<GcObject*>(l));
  marker_ = std::move(next);
  if (recent_.size() > 64 + sorted_.size() / 4) {
    sorted_.insert(sorted_.end(), recent_.begin(), recent_.end());
    std::sort(sorted_.begin(), sorted_.end());
    recent_.clear();
  }
  if (std::binary_search(sorted_.begin(), sorted_.end(), o)) return true;
  return std::find(recent_.begin(), recent_.end(), o) != recent_.end();
}

MutationRecord saveContents(const Value& object, const Source& source) {
  MutationRecord r;
  r.object = object;
  r.source = source;
  r.items = contentsOf(object, &r.bound);
  return r;
}

std::vector<Value> contentsOf(const Value& object, bool* bound) {
  *bound = false;
  if (object.isObj(ObjKind::List)) return object.as<ListObject>()->items;
  std::vector<Value> items;
  if (object.isObj(ObjKind::Dict)) {
    for (const auto& kv : object.as<DictObject>()->entries) {
      items.push_back(kv.first);
      items.push_back(kv.second);
    }
  } else if (auto* c = object.as<CellObject>(); c->bound) {
    *bound = true;
    items.push_back(c->value);
  }
  return items;
}

void replaceContents(const Value& object, std::vector<Value> items, bool bound) {
  if (object.isObj(ObjKind::List)) {
    object.as<ListObject>()->items = std::move(items);
  } else if (object.isObj(ObjKind::Dict)) {
    auto* d = object.as<DictObject>();
    d->clear();
    for (size_t i = 0; i + 1 < items.size(); i += 2) d->set(items[i], std::move(items[i + 1]));
  } else {
    auto* c = object.as<CellObject>();
    c->bound = bound;
    c->value = bound && !items.empty() ? std::move(items[0]) : Value();
  }
}

void restoreContents(const MutationRecord& r) { replaceContents(r.object, r.items, r.bound); }

namespace {

struct AliasWalk {
  const std::vector<Value>& mutated;
  std::vector<std::pair<int64_t, int>> out;
  std::unordered_map<const Object*, bool> seen;
  int64_t position = 0;

  void visit(const Value& v, int depth) {
    if (!v.isObj()) return;
    ObjKind k = v.asObj()->kind();
    if (k != ObjKind::List && k != ObjKind::Tuple && k != ObjKind::Dict && k != ObjKind::Cell && k != ObjKind::Function)
      return;
    const int64_t at = position++;
    for (size_t i = 0; i < mutated.size(); ++i)
      if (mutated[i].identical(v)) out.emplace_back(at, static_cast<int>(i));
    if (!seen.emplace(v.asObj(), true).second) return;
    if (depth > kMaxGuardDepth) {
      out.emplace_back(at, -1);  // deeper than any guard looks: never matches a trace-time pattern
      return;
    }
    switch (k) {
      case ObjKind::List: for (const Value& i : v.as<ListObject>()->items) visit(i, depth + 1); break;
      case ObjKind::Tuple: for (const Value& i : v.as<TupleObject>()->items) visit(i, depth + 1); break;
      case ObjKind::Dict:
        for (const auto& kv : v.as<DictObject>()->entries) {
          visit(kv.first, depth + 1);
          visit(kv.second, depth + 1);
        }
        break;
      case ObjKind::Cell:
        if (v.as<CellObject>()->bound) visit(v.as<CellObject>()->value, depth + 1);
        break;
      default:
        for (const Value& i : v.as<FunctionObject>()->defaults) visit(i, depth + 1);
        for (const Value& i : v.as<FunctionObject>()->cells) visit(i, depth + 1);
        break;
    }
  }
};

}  // namespace

std::vector<std::pair<int64_t, int>> aliasPattern(const std::vector<Value>& roots, const std::vector<Value>& mutated) {
  AliasWalk w{mutated, {}, {}, 0};
  for (const Value& r : roots) w.visit(r, 0);
  w.out.emplace_back(w.position, -2);
  return w.out;
}

void applySideEffects(const Segment& seg, const Value* entryRegs, const std::vector<Value>& inputs,
                      const std::vector<Value>& outputs, std::vector<Value>& memo) {
  if (seg.objectWrites.empty() && seg.globals.empty() && seg.grads.empty()) return;
  std::vector<std::vector<Value>> contents;
  contents.reserve(seg.objectWrites.size());
  for (const ObjectWrite& w : seg.objectWrites) {
    std::vector<Value> items;
    items.reserve(w.items.size());
    for (const WriteBack& i : w.items) items.push_back(materialize(i, entryRegs, inputs, outputs, memo));
    contents.push_back(std::move(items));
  }
  std::vector<Value> globals;
  globals.reserve(seg.globals.size());
  for (const GlobalWrite& w : seg.globals) globals.push_back(materialize(w.value, entryRegs, inputs, outputs, memo));
  std::vector<Value> targets;
  targets.reserve(seg.objectWrites.size());
  for (const ObjectWrite& w : seg.objectWrites) targets.push_back(w.source.fetch(entryRegs));
  for (size_t i = 0; i < targets.size(); ++i)
    replaceContents(targets[i], std::move(contents[i]), seg.objectWrites[i].bound);
  for (size_t i = 0; i < globals.size(); ++i) {
    GlobalSlot& s = seg.globals[i].globals->slots[seg.globals[i].slot];
    s.value = std::move(globals[i]);
    s.bound = true;
  }
  // Note [Joint graphs]: the leaves' new .grad, as backward left it.
  for (const GradState& g : seg.grads) {
    if (!g.writes) continue;
    Value leaf = g.leaf.fetchHolder(entryRegs);
    autograd::ensureMeta(*asTensor(leaf)).grad = materialize(g.after, entryRegs, inputs, outputs, memo);
  }
}

bool mutationAliasesHold(const Segment& seg, const Value* regs) {
  if (seg.objectWrites.empty()) return true;
  std::vector<Value> roots, mutated;
  for (const ValueGuard& g : seg.values) roots.push_back(g.source.fetch(regs));
  for (const ObjectWrite& w : seg.objectWrites) mutated.push_back(w.source.fetch(regs));
  return aliasPattern(roots, mutated) == seg.mutationAliases;
}

}  // namespace tdsl
