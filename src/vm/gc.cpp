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
// A collection needs no memory of its own in proportion to the heap (CPython's
// gcmodule.c does the same): it works in the objects' own links. While it
// runs, every tracked object's gcNext carries flag bits in its low bits
// (links are 8-aligned) and the heap's list is taken apart into two:
//  - the young list, singly linked from head_ through gcNext (flag
//    kCollecting), whose objects keep their count in gcRefs (the word of
//    gcPrev, which the walk does not need);
//  - the unreachable list, circular and doubly linked from a sentinel
//    (flags kCollecting | kUnreachable, gcPrev a real link), whose objects'
//    count is zero by definition.
// Step 3 walks the young list once. An object with gcRefs > 0 (or nobody's
// reference) is reachable: its traverse gives every referent still at zero
// the count 1, and moves every referent already in the unreachable list back
// to the young list's tail, so the walk reaches it too. An object the walk
// meets at zero is moved to the unreachable list: nothing reachable has
// referenced it so far, and if something later does, it comes back. When the
// walk ends, the young list is exactly what is reachable. Flags mark only
// this heap's objects, and only during its collection, which runs on the
// heap's own thread: an object of another heap seen from here has none
// (Several interpreters, Note [Cycle collector]).
constexpr uintptr_t kCollecting = 1;
constexpr uintptr_t kUnreachable = 2;
constexpr uintptr_t kLinkFlags = kCollecting | kUnreachable;
static_assert(alignof(GcLink) > kLinkFlags, "link flags need the low bits of an aligned pointer");

uintptr_t linkBits(const GcLink* l) { return reinterpret_cast<uintptr_t>(l->gcNext); }
GcLink* nextOf(const GcLink* l) { return reinterpret_cast<GcLink*>(linkBits(l) & ~kLinkFlags); }
void setNext(GcLink* l, GcLink* next, uintptr_t flags) {
  l->gcNext = reinterpret_cast<GcLink*>(reinterpret_cast<uintptr_t>(next) | flags);
}

// The two lists of a running collection (Note [Collection lists]).
struct CollectionLists {
  explicit CollectionLists(GcLink* head) : head(head) { unreachable.gcNext = unreachable.gcPrev = &unreachable; }
  void appendYoung(GcLink* l) {
    setNext(l, head, kCollecting);
    setNext(tail, l, kCollecting);
    tail = l;
  }
  void appendUnreachable(GcLink* l) {
    GcLink* last = unreachable.gcPrev;
    l->gcPrev = last;
    setNext(l, &unreachable, kLinkFlags);
    setNext(last, l, kLinkFlags);
    unreachable.gcPrev = l;
  }
  void removeUnreachable(GcLink* l) {
    GcLink* prev = l->gcPrev;
    GcLink* next = nextOf(l);
    setNext(prev, next, kLinkFlags);
    next->gcPrev = prev;
  }
  GcLink* head;         // the young list starts at head->gcNext and ends at head
  GcLink* tail = head;  // its last object (head itself when it is empty)
  GcLink unreachable;   // sentinel of the unreachable list
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
  explicit MarkReachable(CollectionLists& lists) : lists_(lists) {}
  using GcVisitor::visit;
  void visit(Object* o) override {
    if (!o->isGc()) return;
    auto* g = static_cast<GcObject*>(o);
    const uintptr_t bits = linkBits(g);
    if (!(bits & kCollecting)) return;
    if (bits & kUnreachable) {
      lists_.removeUnreachable(g);
      g->gcRefs = 1;
      lists_.appendYoung(g);
    } else if (g->gcRefs == 0) {
      g->gcRefs = 1;  // still ahead of the walk
    }
  }

 private:
  CollectionLists& lists_;
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

  // From here until the survivors are relinked no object may be created or
  // freed (no refcount changes: traverse only reads).
  // Step 1: the list becomes the young list; gcRefs = the reference count.
  CollectionLists lists(&head_);
  for (GcLink* l = head_.gcNext; l != &head_;) {
    GcLink* next = l->gcNext;
    auto* o = static_cast<GcObject*>(l);
    o->gcRefs = o->refCount();
    setNext(l, next, kCollecting);
    lists.tail = l;
    l = next;
  }
  // Step 2.
  SubtractInternal subtract;
  for (GcLink* l = nextOf(&head_); l != &head_; l = nextOf(l)) static_cast<GcObject*>(l)->gcTraverse(subtract);
  // Step 3. gcRefs is unsigned: a traverse that visited too much would wrap
  // it around to a huge count, which keeps the object (the safe direction).
  MarkReachable mark(lists);
  GcLink* prev = &head_;
  for (GcLink* l = nextOf(&head_); l != &head_;) {
    auto* o = static_cast<GcObject*>(l);
    if (o->gcRefs > 0 || o->refCount() == 0) {
      o->gcTraverse(mark);
      prev = l;
      l = nextOf(l);  // after the traverse: it may have appended to l
      continue;
    }
    GcLink* next = nextOf(l);
    setNext(prev, next, kCollecting);
    if (lists.tail == l) lists.tail = prev;
    lists.appendUnreachable(l);
    l = next;
  }
  // Note [Finalizers]: garbage with a finalizer due is not cleared this
  // time; it and everything it references become reachable, and it is
  // queued. A closing heap runs no finalizers: its garbage is cleared.
  size_t finalizable = 0;
  if (!closing_)
    for (GcLink* l = nextOf(&lists.unreachable); l != &lists.unreachable; l = nextOf(l))
      finalizable += static_cast<GcObject*>(l)->gcHasFinalizer();
  if (finalizable > 0) {
    try {
      finalizers_.reserve(finalizers_.size() + finalizable);
    } catch (const std::bad_alloc&) {
      while (nextOf(&lists.unreachable) != &lists.unreachable) {
        GcLink* l = nextOf(&lists.unreachable);
        lists.removeUnreachable(l);
        lists.appendYoung(l);
      }
      relinkYoung();
      young_ = 0;
      collecting_ = false;
      return 0;
    }
    GcLink* firstRevived = nullptr;
    for (GcLink* l = nextOf(&lists.unreachable); l != &lists.unreachable;) {
      GcLink* next = nextOf(l);
      if (static_cast<GcObject*>(l)->gcHasFinalizer()) {
        lists.removeUnreachable(l);
        static_cast<GcObject*>(l)->gcRefs = 1;
        lists.appendYoung(l);
        if (!firstRevived) firstRevived = l;
      }
      l = next;
    }
    for (GcLink* l = firstRevived; l != &head_; l = nextOf(l)) static_cast<GcObject*>(l)->gcTraverse(mark);
    GcLink* l = firstRevived;
    for (size_t i = 0; i < finalizable; ++i, l = nextOf(l))
      finalizers_.push_back(Value::object(static_cast<GcObject*>(l)));  // reserved: no allocation
    requestCollection();
  }
  // Step 4. Relink the survivors in their old order; pin the garbage, which
  // stays on its own (now plain) list until it is unpinned.
  live_ = relinkYoung();
  GcLink garbage;
  garbage.gcNext = garbage.gcPrev = &garbage;
  size_t found = 0;
  GcLink* last = &garbage;
  for (GcLink* l = nextOf(&lists.unreachable); l != &lists.unreachable;) {
    GcLink* next = nextOf(l);
    l->gcPrev = last;
    last->gcNext = l;
    last = l;
    static_cast<GcObject*>(l)->incRef();
    ++found;
    l = next;
  }
  last->gcNext = &garbage;
  garbage.gcPrev = last;
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

// The young list of a collection back into the plain circular list at head_,
// in its order; returns how many objects it holds.
size_t GcHeap::relinkYoung() {
  size_t n = 0;
  GcLink* last = &head_;
  for (GcLink* l = nextOf(&head_); l != &head_;) {
    GcLink* next = nextOf(l);
    l->gcPrev = last;
    last->gcNext = l;
    last = l;
    ++n;
    l = next;
  }
  last->gcNext = &head_;
  head_.gcPrev = last;
  return n;
}

}  // namespace tdsl
