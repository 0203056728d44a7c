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

// Note [Collection lists]
// A collection needs no memory of its own in proportion to the heap (as
// CPython's gcmodule.c): it works in the objects' own links. While it runs,
// every tracked object's gcNext carries flags in its low bits (links are
// 8-aligned) and stays the list in its order, now singly linked; the gcPrev
// word first holds the count of steps 1-2 (gcRefs), and once an object is
// known reachable it links the mark step's work list instead (a stack: no
// recursion). Flags:
//  - kCollecting: on this heap's list during this collection (what step 2
//    subtracts from and step 3 marks); an object of another heap seen from
//    here has none, as a collection runs on its heap's thread and flags only
//    its own list (Several interpreters, Note [Cycle collector]);
//  - kReachable: found reachable (a root, or referenced by a reachable one);
//  - kRevived: garbage kept for its finalizer (Note [Finalizers]).
// Nothing moves in the list: survivors keep their order, which is the order
// they were created in (FreshObjects in compile/side_effects.cpp reads it),
// and finalizers are queued in it.
constexpr uintptr_t kCollecting = 1;
constexpr uintptr_t kReachable = 2;
constexpr uintptr_t kRevived = 4;
constexpr uintptr_t kLinkFlags = kCollecting | kReachable | kRevived;
static_assert(alignof(GcLink) > kLinkFlags, "link flags need the low bits of an aligned pointer");

uintptr_t linkBits(const GcLink* l) { return reinterpret_cast<uintptr_t>(l->gcNext); }
GcLink* nextOf(const GcLink* l) { return reinterpret_cast<GcLink*>(linkBits(l) & ~kLinkFlags); }
void addFlags(GcLink* l, uintptr_t flags) { l->gcNext = reinterpret_cast<GcLink*>(linkBits(l) | flags); }

// The mark step's work list, threaded through the gcPrev words of the
// reachable objects not scanned yet.
struct WorkList {
  void push(GcLink* l) {
    addFlags(l, kReachable);
    l->gcPrev = top;
    top = l;
  }
  GcLink* pop() {
    GcLink* l = top;
    top = l->gcPrev;
    return l;
  }
  GcLink* top = nullptr;
};

// Step 2: every reference from one tracked object to another in this
// collection is internal.
class SubtractInternal final : public GcVisitor {
 public:
  using GcVisitor::visit;
  void visit(Object* o) override {
    if (!o->isGc()) return;
    auto* g = static_cast<GcObject*>(o);
    if (linkBits(g) & kCollecting) --g->gcRefs;
  }
};

// Step 3: what a reachable object references is reachable.
class MarkReachable final : public GcVisitor {
 public:
  explicit MarkReachable(WorkList& work) : work_(work) {}
  using GcVisitor::visit;
  void visit(Object* o) override {
    if (!o->isGc()) return;
    auto* g = static_cast<GcObject*>(o);
    if ((linkBits(g) & (kCollecting | kReachable)) == kCollecting) work_.push(g);
  }
  void drain() {
    while (work_.top) static_cast<GcObject*>(work_.pop())->gcTraverse(*this);
  }

 private:
  WorkList& work_;
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
// A collection runs at interpreter teardown too, where memory may be
// exhausted and a bad_alloc would abort the host. It works in the objects'
// links (Note [Collection lists]); the one allocation before garbage is
// cleared is the finalizer queue's room for the garbage that has a finalizer,
// and if that fails every object goes back, tracked and alive, and the
// collection finds nothing (the cycles stay until a later collection, or leak
// at teardown). Clearing then allocates nothing in proportion to the garbage
// (Note [Iterative release]).
size_t GcHeap::collect() {
  if (collecting_) return 0;
  collecting_ = true;
  ++collections_;

  // From here until the list is relinked no object may be created or freed
  // (no refcount changes: traverse only reads).
  // Step 1: gcRefs = the reference count; the list is now read through nextOf.
  for (GcLink* l = head_.gcNext; l != &head_; l = nextOf(l)) {
    auto* o = static_cast<GcObject*>(l);
    o->gcRefs = o->refCount();
    addFlags(l, kCollecting);
  }
  // Step 2.
  SubtractInternal subtract;
  for (GcLink* l = head_.gcNext; l != &head_; l = nextOf(l)) static_cast<GcObject*>(l)->gcTraverse(subtract);
  // Step 3. gcRefs is unsigned: a traverse that visited too much would wrap
  // it around to a huge count, which keeps the object (the safe direction).
  // A root's count is read before its word joins the work list, and nothing
  // is scanned until every root is on it.
  WorkList work;
  MarkReachable mark(work);
  for (GcLink* l = head_.gcNext; l != &head_; l = nextOf(l)) {
    auto* o = static_cast<GcObject*>(l);
    if (o->gcRefs > 0 || o->refCount() == 0) work.push(l);
  }
  mark.drain();
  // Note [Finalizers]: garbage with a finalizer due is not cleared this
  // time; it and everything it references become reachable, and it is
  // queued. A closing heap runs no finalizers: its garbage is cleared.
  size_t revived = 0;
  if (!closing_)
    for (GcLink* l = head_.gcNext; l != &head_; l = nextOf(l))
      revived += !(linkBits(l) & kReachable) && static_cast<GcObject*>(l)->gcHasFinalizer();
  if (revived > 0) {
    try {
      finalizers_.reserve(finalizers_.size() + revived);
    } catch (const std::bad_alloc&) {
      for (GcLink* l = head_.gcNext; l != &head_; l = nextOf(l)) addFlags(l, kReachable);
      relinkSurvivors(nullptr);
      young_ = 0;
      collecting_ = false;
      return 0;
    }
    for (GcLink* l = head_.gcNext; l != &head_; l = nextOf(l)) {
      if ((linkBits(l) & kReachable) || !static_cast<GcObject*>(l)->gcHasFinalizer()) continue;
      addFlags(l, kRevived);
      work.push(l);
      mark.drain();
    }
    for (GcLink* l = head_.gcNext; l != &head_; l = nextOf(l))
      if (linkBits(l) & kRevived) finalizers_.push_back(Value::object(static_cast<GcObject*>(l)));  // reserved
    requestCollection();
  }
  // Step 4. Relink the survivors in their order; the garbage goes, in its
  // order, to a list of its own, each object pinned by one reference, until
  // it is unpinned.
  GcLink garbage;
  const size_t found = relinkSurvivors(&garbage);
  // Clear the garbage. Each object stays alive (pinned) until every one has
  // dropped its references; the references dropped may free untracked
  // objects (strings, tensors) and decrement survivors, nothing else. Each
  // object's references are released before the next is cleared, so a
  // cleared list hands over its item vector whole (gcMoveOut).
  std::vector<Value> dropped;
  for (GcLink* l = garbage.gcNext; l != &garbage; l = l->gcNext) {
    static_cast<GcObject*>(l)->gcClear(dropped);
    releaseItems(dropped);
    std::vector<Value>().swap(dropped);  // frees the buffer a list handed over
  }
  // Unpin: each garbage object now only holds this reference and frees itself.
  while (garbage.gcNext != &garbage) {
    auto* o = static_cast<GcObject*>(garbage.gcNext);
    o->gcUntrack();
    // A garbage object that survives unpinning was referenced from outside
    // after all (a traverse that visits too much): keep tracking it.
    if (o->refCount() > 1) track(o);
    o->decRef();
  }

  lastCollected_ = found;
  young_ = 0;
  updateThreshold();
  collecting_ = false;
  return found;
}

// Splits the flagged list of a collection: the reachable objects back into
// the plain circular list at head_, the others (none when `garbage` is null)
// into a plain circular list at `garbage`, pinned; each keeps its order.
// Returns the garbage count and sets live_.
size_t GcHeap::relinkSurvivors(GcLink* garbage) {
  GcLink* lastLive = &head_;
  GcLink* lastDead = garbage;
  size_t live = 0, dead = 0;
  for (GcLink* l = head_.gcNext; l != &head_;) {
    GcLink* next = nextOf(l);
    if (linkBits(l) & kReachable) {
      l->gcPrev = lastLive;
      lastLive->gcNext = l;
      lastLive = l;
      ++live;
    } else {
      l->gcPrev = lastDead;
      lastDead->gcNext = l;
      lastDead = l;
      static_cast<GcObject*>(l)->incRef();
      ++dead;
    }
    l = next;
  }
  lastLive->gcNext = &head_;
  head_.gcPrev = lastLive;
  if (garbage) {
    lastDead->gcNext = garbage;
    garbage->gcPrev = lastDead;
  }
  live_ = live;
  return dead;
}

}  // namespace tdsl
