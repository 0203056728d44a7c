// The cycle collector (Note [Cycle collector] in gc.h).
#include "vm/gc.h"

#include <algorithm>
#include <new>

#include "vm/objects.h"

namespace tdsl {

// Out of line (gc.h): every GcObject constructor calls it.
void GcObject::gcJoinCurrentHeap(GcObject* o) {
  if (GcHeap* h = GcHeap::current()) h->track(o);
}


namespace {

// Step 2: every reference from one tracked object to another in this
// collection is internal.
class SubtractInternal final : public GcVisitor {
 public:
  explicit SubtractInternal(const GcLink* candidate) : candidate_(candidate) {}
  using GcVisitor::visit;
  void visit(Object* o) override {
    if (!o->isGc()) return;
    auto* g = static_cast<GcObject*>(o);
    if (g->gcNext == candidate_) --g->gcRefs;
  }

 private:
  const GcLink* candidate_;
};

// Step 3: what a reachable object references is reachable.
class MarkReachable final : public GcVisitor {
 public:
  MarkReachable(GcLink* candidate, GcLink* reachable, std::vector<GcObject*>& stack)
      : candidate_(candidate), reachable_(reachable), stack_(stack) {}
  using GcVisitor::visit;
  void visit(Object* o) override {
    if (!o->isGc()) return;
    auto* g = static_cast<GcObject*>(o);
    if (g->gcNext != candidate_) return;
    g->gcNext = reachable_;
    stack_.push_back(g);
  }

 private:
  GcLink* candidate_;
  GcLink* reachable_;
  std::vector<GcObject*>& stack_;
};

}  // namespace

GcHeap::GcHeap() {
  head_.gcNext = head_.gcPrev = &head_;
  updateThreshold();
}

GcHeap::~GcHeap() {
  // Finalizers still queued never run (the VM is gone): Note [Finalizers].
  closing_ = true;
  std::vector<Value> doomed;
  doomed.swap(finalizers_);
  doomed.clear();
  // Objects still alive are held by the host; they stay valid, untracked.
  GcLink* l = head_.gcNext;
  while (l != &head_) {
    GcLink* next = l->gcNext;
    l->gcNext = nullptr;
    l->gcPrev = nullptr;
    l = next;
  }
  head_.gcNext = head_.gcPrev = &head_;
}

bool GcHeap::scheduleFinalizer(GcObject* o) {
  if (closing_) return false;
  finalizers_.push_back(Value::object(o));
  requestCollection();
  return true;
}

std::vector<Value> GcHeap::takeFinalizers() {
  std::vector<Value> due;
  if (blocked_ == 0) due.swap(finalizers_);
  return due;
}

size_t GcHeap::trackedCount() const {
  size_t n = 0;
  for (const GcLink* l = head_.gcNext; l != &head_; l = l->gcNext) ++n;
  return n;
}

void GcHeap::setEnabled(bool on) {
  enabled_ = on;
  updateThreshold();
}

void GcHeap::updateThreshold() {
#ifdef TDSL_GC_STRESS
  // cmake -DTDSL_GC_STRESS=ON: a collection after every few allocations
  // (still amortized, so loops that build big structures finish).
  threshold_ = enabled_ ? live_ / 8 : SIZE_MAX;
#else
  threshold_ = enabled_ ? std::max(kGcMinThreshold, live_) : SIZE_MAX;
#endif
  if (collectionDue()) requestCollection();
}

// Note [Collection under memory pressure]
// A collection needs memory of its own: a vector of the tracked objects, the
// mark stack, the list of garbage. It runs at interpreter teardown too, where
// memory may be exhausted and a bad_alloc would abort the host. So every
// allocation happens before garbage is cleared, and one that fails puts every
// object back, tracked and alive, and the collection finds nothing (the
// cycles stay until a later collection, or leak at teardown). Clearing then
// allocates nothing in proportion to the garbage (Note [Iterative release]).
size_t GcHeap::collect() {
  if (collecting_) return 0;
  collecting_ = true;
  ++collections_;

  // Take the list apart: from here until the relinking in step 4 no object
  // may be created or freed (no refcount changes: traverse only reads).
  std::vector<GcObject*> all;
  try {
    all.reserve(trackedCount());
  } catch (const std::bad_alloc&) {
    collecting_ = false;
    return 0;  // nothing taken apart yet
  }
  for (GcLink* l = head_.gcNext; l != &head_; l = l->gcNext) all.push_back(static_cast<GcObject*>(l));
  // Relinks every object of `all` in its old order; the dead ones (still
  // tagged candidate) only if `keepDead`.
  auto relink = [&](bool keepDead) {
    head_.gcNext = head_.gcPrev = &head_;
    for (GcObject* o : all) {
      bool dead = o->gcNext == &candidate_;
      o->gcNext = nullptr;
      o->gcPrev = nullptr;
      if (keepDead || !dead) track(o);
    }
  };
  // Step 1. An object nobody counts (refcount 0: not owned through
  // references, e.g. one on the C++ stack) is never garbage.
  std::vector<GcObject*> stack;
  for (GcObject* o : all) {
    o->gcNext = &candidate_;
    o->gcRefs = o->refCount();
  }
  // Step 2.
  SubtractInternal subtract(&candidate_);
  for (GcObject* o : all) o->gcTraverse(subtract);
  // Step 3. gcRefs is unsigned: a traverse that visited too much would wrap
  // it around to a huge count, which keeps the object (the safe direction).
  std::vector<Value> garbage;
  std::vector<GcObject*> finalizable;
  try {
    for (GcObject* o : all) {
      if (o->gcRefs > 0 || o->refCount() == 0) {
        o->gcNext = &reachable_;
        stack.push_back(o);
      }
    }
    MarkReachable mark(&candidate_, &reachable_, stack);
    while (!stack.empty()) {
      GcObject* o = stack.back();
      stack.pop_back();
      o->gcTraverse(mark);
    }
    // Note [Finalizers]: garbage with a finalizer due is not cleared this
    // time; it and everything it references become reachable, and it is
    // queued. A closing heap runs no finalizers: its garbage is cleared.
    for (GcObject* o : all) {
      if (o->gcNext != &candidate_ || closing_ || !o->gcHasFinalizer()) continue;
      o->gcNext = &reachable_;
      finalizable.push_back(o);
      stack.push_back(o);
      while (!stack.empty()) {
        GcObject* r = stack.back();
        stack.pop_back();
        r->gcTraverse(mark);
      }
    }
    finalizers_.reserve(finalizers_.size() + finalizable.size());
    size_t dead = 0;
    for (GcObject* o : all) dead += o->gcNext == &candidate_;
    garbage.reserve(dead);
  } catch (const std::bad_alloc&) {
    relink(/*keepDead=*/true);
    young_ = 0;
    collecting_ = false;
    return 0;
  }
  stack = std::vector<GcObject*>();
  // Step 4. Relink the survivors in their old order; untrack and pin the
  // garbage.
  for (GcObject* o : all)
    if (o->gcNext == &candidate_) garbage.push_back(Value::object(o));  // reserved: no allocation
  relink(/*keepDead=*/false);
  for (GcObject* o : finalizable) finalizers_.push_back(Value::object(o));  // reserved: no allocation
  if (!finalizable.empty()) requestCollection();
  live_ = all.size() - garbage.size();
  all = std::vector<GcObject*>();
  // Clear the garbage. Each object stays alive (pinned) until every one has
  // dropped its references; the references dropped may free untracked
  // objects (strings, tensors) and decrement survivors, nothing else. Each
  // object's references are released before the next is cleared, so a
  // cleared list hands over its item vector whole (gcMoveOut).
  std::vector<Value> dropped;
  for (const Value& v : garbage) {
    static_cast<GcObject*>(v.asObj())->gcClear(dropped);
    releaseItems(dropped);
    std::vector<Value>().swap(dropped);  // frees the buffer a list handed over
  }
  // Unpin: each garbage object now only holds this reference and frees itself.
  size_t found = garbage.size();
  for (Value& v : garbage) {
    // A garbage object that survives unpinning was referenced from outside
    // after all (a traverse that visits too much): keep tracking it.
    if (v.asObj()->refCount() > 1) track(static_cast<GcObject*>(v.asObj()));
    v = Value();
  }
  garbage = std::vector<Value>();

  lastCollected_ = found;
  young_ = 0;
  updateThreshold();
  collecting_ = false;
  return found;
}

}  // namespace tdsl
