// Running finalizers (Note [Finalizers] in gc.h): the heap's queue at a safe
// point, gc.collect()'s collect-finalize-collect, and the exit sequence that
// closes what the main module still holds (Note [Closing dropped generators]
// in generators.h).
//
// Contract: runFinalizers runs script code, so it is only called where the
// dispatch loop may be re-entered (VM::safePoint, the end of a module run,
// gc.collect(), ~VM). A finalizer's catchable error, or sys.exit in one, is
// printed as CPython's "Exception ignored in: <repr>" and the next one runs;
// an uncatchable error (a limit, an interrupt) propagates, and the rest of
// the queue runs at a later safe point.
#include <cstdio>

#include "support/diagnostics.h"
#include "vm/classes.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

// The exception being handled around the finalizer is put back afterwards
// (CPython saves and restores it around tp_finalize).
struct SavedInFlight {
  ObjectModel* om;
  Value exc;
  ErrorKind kind;
  std::string message;
  explicit SavedInFlight(ObjectModel* m) : om(m) {
    if (!om) return;
    exc = om->inFlight;
    kind = om->inFlightKind;
    message = om->inFlightMessage;
  }
  ~SavedInFlight() {
    if (!om) return;
    om->inFlight = std::move(exc);
    om->inFlightKind = kind;
    om->inFlightMessage = std::move(message);
  }
};

void reportIgnored(Interpreter& interp, const std::string& name, const std::string& text) {
  try {
    interp.writeStderr("Exception ignored in: " + name + "\n" + text);
  } catch (...) {
    // stderr unwritable: nothing more to do (CPython drops it too).
  }
}

}  // namespace

void VM::runFinalizers() {
  while (heap_.finalizersPending()) {
    std::vector<Value> due = heap_.takeFinalizers();
    for (size_t i = 0; i < due.size(); ++i) {
      auto* o = static_cast<GcObject*>(due[i].asObj());
      if (o->gcHasFinalizer()) {
        SavedInFlight saved(objectModel.get());
        try {
          o->gcFinalize(interp);
        } catch (Error& e) {
          if (!catchable(e)) {
            // The rest stays queued for a later safe point.
            for (size_t j = i + 1; j < due.size(); ++j) heap_.scheduleFinalizer(static_cast<GcObject*>(due[j].asObj()));
            throw;
          }
          reportIgnored(interp, o->gcFinalizerName(), formatError(e));
        } catch (const ScriptExit& e) {
          reportIgnored(interp, o->gcFinalizerName(), "SystemExit: " + std::to_string(e.status) + "\n");
        }
      }
      due[i] = Value();  // released now: what it held may queue more
    }
  }
}

size_t VM::collectAndFinalize() {
  size_t found = heap_.collect();
  // A finalizer may drop or resurrect what it reaches; a cycle closed by its
  // finalizer is garbage for the next collection. Each round finalizes at
  // least one object (each only once), so this ends; the bound is a guard
  // against finalizers that keep making new finalizable garbage.
  for (int round = 0; round < 16 && heap_.finalizersPending(); ++round) {
    runFinalizers();
    found += heap_.collect();
  }
  return found;
}

void VM::finalizeAtExit() {
  try {
    runFinalizers();
    // CPython's _PyModule_ClearDict on __main__: names starting with one
    // underscore first, then the rest; each value becomes None, and what it
    // was the last reference to is finalized before the next slot is
    // cleared. Built-ins still bound to their own names are left (CPython
    // finds them through __builtins__, which it keeps).
    if (mainGlobals) {
      Ref<GlobalsTable> table = mainGlobals;
      for (int pass = 0; pass < 2; ++pass) {
        for (size_t i = 0; i < table->slots.size(); ++i) {
          const std::string& name = table->names[i];
          bool underscore = name.size() >= 2 && name[0] == '_' && name[1] != '_';
          if ((pass == 0) != underscore) continue;
          if (name == "__builtins__" || name == "__name__") continue;
          GlobalSlot& s = table->slots[i];
          if (!s.bound || !s.value.isObj()) continue;
          auto it = builtinIndex_.find(name);
          if (it != builtinIndex_.end() && builtins_[it->second].second.isObj() &&
              builtins_[it->second].second.asObj() == s.value.asObj())
            continue;
          Value doomed = std::move(s.value);
          s.value = Value();
          doomed = Value();
          runFinalizers();
        }
      }
    }
    // Cycles with a finalizer due need a collection now, while scripts can
    // still run; without any, ~VM's own final collection frees the rest.
    bool due = false;
    heap_.forEachTracked([&](GcObject* o) { due = due || o->gcHasFinalizer(); });
    if (due) collectAndFinalize();
  } catch (...) {
    // A limit or interrupt during exit finalizers: the rest are not run.
  }
  heap_.setClosing();
}

}  // namespace tdsl
