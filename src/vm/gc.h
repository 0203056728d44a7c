// The cycle collector: container objects (GcObject) are tracked per
// interpreter in an intrusive list (GcHeap), and a collection frees the groups
// of containers that only reference each other, which reference counting alone
// never frees (`x = []; x.append(x)`, a function and its module's globals).
//
// Note [Cycle collector]
// Design (the one of CPython's Modules/gcmodule.c, without generations):
//
// What is tracked. Every GcObject: the objects that can hold references to
// other objects — list, tuple, dict, function, closure cell, bound method,
// module, iterator, globals table, and the OtherObject family (slices, dict
// views, compiled functions and the other extension objects). A GcObject
// links itself into the heap of the interpreter running on its thread when it
// is constructed (GcHeap::Scope) and unlinks itself when destroyed: two
// pointers in the object, no hash set. Strings, numbers, natives, ranges and
// tensors hold no references to containers and are not tracked.
//
// What traverse must visit. gcTraverse() visits every strong reference the
// object owns to another Object, once per reference it owns (a Value or Ref
// field, a vector of them; a dict's index holds positions, not Values, so a
// dict visits each key and value once: Note [Dict layout]). It may visit less
// (a reference it does not report counts as external, which only keeps more
// alive), never more: an extra visit could make an object that is referenced
// from outside look unreachable. gcClear() drops exactly those references
// (moving them into `out`) and leaves the object empty but valid. A code
// object's constants belong to the code (shared by every closure of it), not
// to a function: they are external.
//
// Collection (collect()):
//  1. every tracked object gets gcRefs = its reference count;
//  2. each object's traverse subtracts 1 from gcRefs of every tracked object
//     it references, so gcRefs ends up counting the references from outside
//     the tracked set: VM registers and the value stack, globals tables held
//     by the VM, module tables, the compile cache's C++ structures, natives,
//     code constants, host code (Values held in C++), untracked containers;
//  3. objects with gcRefs > 0 are roots (so is an object whose reference
//     count is 0, one nobody owns through references); everything reachable
//     from a root through traverse is alive (a work list threaded through
//     the objects' own links: no recursion and no memory in proportion to
//     the heap, Note [Collection lists] in gc.cpp; a list nested 10^6 deep
//     is fine);
//  4. the rest is garbage: it leaves the heap's list for a list of its own,
//     is pinned by one reference each, then cleared (gcClear), then
//     untracked and unpinned one by one, and each object frees itself
//     when its count reaches zero. Pinning keeps every garbage object valid
//     while the others drop their references to it, so no destructor runs on
//     an object someone is still clearing, and releasing never recurses deep.
// The count collect() returns (and gc.collect() in scripts) is the number of
// garbage objects found, as in CPython.
//
// Why clearing is safe while the VM holds raw pointers. Only unreachable
// objects are cleared, and a C++ frame that uses an object holds a reference
// to it (a register, a Value, a Ref) or borrows it from an object that is
// itself reachable: frames borrow their function from the callee register
// (Note [Frames and the value stack]), natives borrow their arguments from
// the caller's registers, the compile layer holds Values. So a collection may
// run wherever script code may run — at a call or a backward jump — but never
// inside a native, a constructor or a destructor between two steps that hold a
// bare pointer into a container that the collection could empty. The VM
// therefore collects only:
//  - automatically, at the POLL of CALL, CALLMETHOD and backward jumps (an
//    opcode boundary, registers are the only state), once the tracked objects
//    created since the last collection (minus the tracked ones freed) exceed
//    max(kGcMinThreshold, objects alive after the last collection): each
//    collection costs O(live objects) and the live set must double before
//    the next, so the cost per allocation stays amortized constant. The
//    allocation that crosses the threshold only sets the interpreter's
//    safe-point flag, the one flag POLL reads anyway for interrupts, so the
//    dispatch loop pays nothing for the collector until one is due;
//  - when a script calls gc.collect() (a call, so an opcode boundary too);
//  - at interpreter teardown, after the VM dropped its own roots: whatever is
//    still alive then is held by the host.
// No collection runs inside another one (no script code runs during one).
//
// Several interpreters. Each VM owns its GcHeap, and heaps share nothing; the
// one piece of state outside them is which heap is current on each thread.
// The heap a new object joins is the one of the interpreter running on this
// thread:
// every Interpreter entry point (and the VM constructor) opens a
// GcHeap::Scope, a thread-local pointer that is saved and restored, like
// CPython's current thread state. Objects created with no interpreter running
// (host code building arguments) stay untracked: they are never collected,
// and what they reference counts as external. An object only ever sees the
// collections of its own heap (a collection flags only the objects on its own
// list). When a heap is destroyed, the objects the host still holds are
// untracked.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/value.h"

namespace tdsl {

class GcHeap;
class Interpreter;
struct MemoryAccount;

// Collect once at least this many tracked objects were created (net) since
// the last collection, however small the live set: small scripts then never
// pay for a collection before teardown.
constexpr size_t kGcMinThreshold = 10000;

// Receives the references a GcObject holds (gcTraverse).
class GcVisitor {
 public:
  virtual void visit(Object* o) = 0;
  void visit(const Value& v) {
    if (v.isObj()) visit(v.asObj());
  }
  template <class T>
  void visit(const Ref<T>& r) {
    if (r) visit(static_cast<Object*>(r.get()));
  }
  void visit(const std::vector<Value>& vs) {
    for (const Value& v : vs) visit(v);
  }

 protected:
  ~GcVisitor() = default;
};

// The intrusive list node. While tracked, gcNext/gcPrev link the object into
// its heap's circular list; untracked, gcNext is null. During a collection
// gcNext carries flags in its low bits and gcRefs may take gcPrev's word
// (Note [Collection lists] in gc.cpp).
struct GcLink {
  GcLink* gcNext = nullptr;
  union {
    GcLink* gcPrev = nullptr;
    uintptr_t gcRefs;
  };
};

// An object that can hold references to other objects (Note [Cycle collector]).
class GcObject : public Object, public GcLink {
 public:
  explicit GcObject(ObjKind kind);
  ~GcObject() override;
  // Visits each reference this object holds, once per reference it owns.
  virtual void gcTraverse(GcVisitor& v) = 0;
  // Moves every reference gcTraverse visits into `out` (or drops it).
  virtual void gcClear(std::vector<Value>& out) = 0;
  bool gcTracked() const { return gcNext != nullptr; }
  // Note [Finalizers]: true while this object has a finalizer still to run;
  // gcFinalize runs it (at a safe point, once) and leaves this false.
  virtual bool gcHasFinalizer() const { return false; }
  virtual void gcFinalize(Interpreter&) {}
  // The object named in "Exception ignored in: ..." when gcFinalize fails.
  virtual std::string gcFinalizerName() const { return "<object>"; }
  // Stops tracking (for objects that will never hold a container). Not
  // during a collection.
  void gcUntrack();

 private:
  // Joins the current heap, if any. Never inlined: the constructors of
  // lists, tuples, cells... are inlined everywhere, and should stay small
  // (Note [Allocation out of line] in interpreter_loop.cpp).
  [[gnu::noinline]] static void gcJoinCurrentHeap(GcObject* o);
};

class GcHeap {
 public:
  GcHeap();
  ~GcHeap();  // untracks what is left (objects the host still holds)
  GcHeap(const GcHeap&) = delete;
  GcHeap& operator=(const GcHeap&) = delete;

  // The heap of the interpreter running on this thread, or null.
  static GcHeap* current() { return current_; }

  // Makes `heap` current on this thread for the scope's lifetime.
  class Scope {
   public:
    explicit Scope(GcHeap& heap) : saved_(current_) { current_ = &heap; }
    ~Scope() { current_ = saved_; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    GcHeap* saved_;
  };

  // A full collection; returns the number of garbage objects it freed.
  // Only at the safe points of Note [Cycle collector].
  size_t collect();
  // True when the automatic trigger has fired: the heap then also sets the
  // safe-point flag the VM polls (setSafePointFlag), which is all the
  // dispatch loop checks.
  bool collectionDue() const { return young_ > threshold_; }
  void setSafePointFlag(std::atomic<bool>* flag) { safePoint_ = flag; }
  // gc.enable() / gc.disable(): the automatic trigger only.
  void setEnabled(bool on);
  bool enabled() const { return enabled_; }

  // Statistics: tracked objects (walks the list), collections so far, the
  // garbage found by the last one.
  size_t trackedCount() const;
  // Calls f(GcObject*) for every tracked object; f must not create or free
  // tracked objects.
  template <class F>
  void forEachTracked(F&& f) {
    for (GcLink* l = head_.gcNext; l != &head_; l = l->gcNext) f(static_cast<GcObject*>(l));
  }
  size_t collections() const { return collections_; }
  size_t lastCollected() const { return lastCollected_; }

  // Note [Finalizers]. scheduleFinalizer queues `o` (holding a reference)
  // and raises the safe-point flag; false when the heap is closing (nothing
  // queued). takeFinalizers hands the queue over (empty while blocked).
  bool scheduleFinalizer(GcObject* o);
  bool finalizersPending() const { return !finalizers_.empty() && blocked_ == 0; }
  std::vector<Value> takeFinalizers();
  void blockFinalizers() { ++blocked_; }
  void unblockFinalizers() {
    if (--blocked_ == 0 && !finalizers_.empty()) requestCollection();
  }
  bool closing() const { return closing_; }
  void setClosing() { closing_ = true; }

  // The interpreter's memory account, charged by containers that grow
  // (Note [Container memory]); null: nothing is charged.
  std::shared_ptr<MemoryAccount> memory;

 private:
  friend class GcObject;
  void track(GcObject* o) {
    GcLink* last = head_.gcPrev;
    o->gcNext = &head_;
    o->gcPrev = last;
    last->gcNext = o;
    head_.gcPrev = o;
    if (++young_ > threshold_) requestCollection();
  }
  void requestCollection() {
    if (safePoint_) safePoint_->store(true, std::memory_order_relaxed);
  }
  void updateThreshold();

  static inline thread_local GcHeap* current_ = nullptr;

  size_t relinkSurvivors(GcLink* garbage);

  GcLink head_;  // sentinel of the circular list of tracked objects
  std::atomic<bool>* safePoint_ = nullptr;
  size_t young_ = 0;  // tracked objects created minus tracked objects freed since the last collection
  size_t threshold_ = kGcMinThreshold;
  size_t live_ = 0;   // tracked objects alive after the last collection
  size_t collections_ = 0;
  size_t lastCollected_ = 0;
  bool enabled_ = true;
  bool collecting_ = false;
  bool closing_ = false;
  int blocked_ = 0;
  std::vector<Value> finalizers_;  // Note [Finalizers]: objects whose finalizer is due
};

// For gcClear: moves every item into `out` and empties `items`; into an
// empty `out` the whole vector moves, without allocating.
inline void gcMoveOut(std::vector<Value>& items, std::vector<Value>& out) {
  if (out.empty()) {
    out.swap(items);
  } else {
    for (Value& v : items) out.push_back(std::move(v));
  }
  items.clear();
}

inline GcObject::GcObject(ObjKind kind) : Object(kind, /*gc=*/true) { gcJoinCurrentHeap(this); }


inline GcObject::~GcObject() {
  if (!gcNext) return;
  gcPrev->gcNext = gcNext;
  gcNext->gcPrev = gcPrev;
  if (GcHeap* h = GcHeap::current())
    if (h->young_) --h->young_;
}

inline void GcObject::gcUntrack() {
  if (!gcNext) return;
  gcPrev->gcNext = gcNext;
  gcNext->gcPrev = gcPrev;
  gcNext = nullptr;
  gcPrev = nullptr;
}

}  // namespace tdsl
