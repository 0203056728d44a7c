// Runtime objects of the VM itself: module globals, script functions, closure
// cells and iterators.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "vm/code.h"
#include "vm/objects.h"

namespace tdsl {

// Note [Global slots]
// A module's globals are a vector of slots; the compiler resolves every global
// name to a slot index when it compiles the module, so GETGLOBAL/SETGLOBAL are
// O(1). Built-ins are pre-bound into the slots of their names when the table
// is created, which is how a module shadows a built-in by assigning to it.
struct GlobalSlot {
  Value value;
  bool bound = false;
};

class GlobalsTable : public ExtensionObject {
 public:
  explicit GlobalsTable(std::string moduleName) : moduleName(std::move(moduleName)) {}
  std::string typeName() const override { return "globals"; }
  void gcTraverse(GcVisitor& v) override {
    for (const GlobalSlot& s : slots) v.visit(s.value);
  }
  void gcClear(std::vector<Value>& out) override {
    for (GlobalSlot& s : slots) {
      out.push_back(std::move(s.value));
      s.bound = false;
    }
  }
  // The slot of `name`, creating an unbound one if needed.
  uint32_t slotOf(const std::string& name) {
    auto it = index.find(name);
    if (it != index.end()) return it->second;
    uint32_t s = static_cast<uint32_t>(slots.size());
    index.emplace(name, s);
    slots.emplace_back();
    names.push_back(name);
    return s;
  }
  const GlobalSlot* find(const std::string& name) const {
    auto it = index.find(name);
    return it == index.end() ? nullptr : &slots[it->second];
  }
  void set(const std::string& name, Value v) {
    GlobalSlot& s = slots[slotOf(name)];
    s.value = std::move(v);
    s.bound = true;
  }
  std::string moduleName;
  std::vector<GlobalSlot> slots;
  std::vector<std::string> names;  // slot -> name
  std::unordered_map<std::string, uint32_t> index;
};

// A closure cell: one captured variable shared by a frame and inner functions.
class CellObject : public GcObject {
 public:
  CellObject() : GcObject(ObjKind::Cell) {}
  explicit CellObject(Value v) : GcObject(ObjKind::Cell), value(std::move(v)), bound(true) {}
  void gcTraverse(GcVisitor& v) override { v.visit(value); }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(value));
    bound = false;
  }
  Value value;
  bool bound = false;
};

// A script function: code + defaults + captured cells + its module's globals.
//
// Note [Function objects and tracing]
// Everything needed to run the function is here or in the code object, and a
// frame is (function, pc, registers): a tracer can run the same bytecode with
// its own hook, or resume a frame at any pc with given registers, through
// VM::resume().
class FunctionObject : public GcObject {
 public:
  FunctionObject(CodePtr code, Ref<GlobalsTable> globals)
      : GcObject(ObjKind::Function), code(std::move(code)), globals(std::move(globals)) {}
  // The code object is shared by every closure made from it: its constants
  // are not this function's references (they count as external).
  void gcTraverse(GcVisitor& v) override {
    v.visit(globals);
    v.visit(defaults);
    v.visit(cells);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(Value(globals));
    globals = Ref<GlobalsTable>();
    gcMoveOut(defaults, out);
    gcMoveOut(cells, out);
  }
  CodePtr code;
  Ref<GlobalsTable> globals;
  std::vector<Value> defaults;  // for the last defaults.size() parameters
  std::vector<Value> cells;     // CellObjects, one per code->freeRegs entry
  std::string name() const { return code->name; }
};

// iter(x) over the built-in iterables, and the lazy iterators of the
// built-ins enumerate/zip/map/filter/reversed. Tensor iteration goes through
// the tensor bridge (tensorLength / tensorIterItem).
//
// Note [Iterator state]
// An iterator's whole state is (src, seq, pos, end, step): torch.compile
// snapshots and rebuilds iterators from exactly these fields, so no source may
// keep state anywhere else. The lazy sources keep their inputs in `seq`:
//   Enumerate  seq = the inner iterator, pos = the next count
//   Zip        seq = a tuple of iterators
//   Map        seq = a tuple (function, iterator, ...)
//   Filter     seq = a tuple (function or None, iterator)
//   ReverseSequence  seq = a list or tuple, pos = the next index (counts down)
//   DictKeys / DictValues / DictItems  seq = the dict, pos = the next entry
// For Enumerate/Zip/Map/Filter `end` holds the nesting depth of iterators
// (bounded by kMaxIteratorDepth so next() cannot overflow the C++ stack).
class IteratorObject : public GcObject {
 public:
  enum class Source : uint8_t {
    Range, Sequence, Str, DictKeys, Tensor,
    DictValues, DictItems, Enumerate, Zip, Map, Filter, ReverseSequence,
    Protocol,  // seq = an object with __next__ (step 1), or with __getitem__ (step 0, pos = the index); end -1 when done
    Generator,  // seq = a GeneratorState (vm/generators.h); its frame is its state
  };
  IteratorObject(Source src, Value seq) : GcObject(ObjKind::Iterator), src(src), seq(std::move(seq)) {}
  void gcTraverse(GcVisitor& v) override { v.visit(seq); }
  void gcClear(std::vector<Value>& out) override { out.push_back(std::move(seq)); }
  Source src;
  Value seq;        // the container (kept alive)
  int64_t pos = 0;  // Range: current value; others: index
  int64_t end = 0;  // Range: stop; Tensor: length; lazy sources: nesting depth
  int64_t step = 1; // Range
};
constexpr int64_t kMaxIteratorDepth = 500;

// dict.keys() / values() / items(): live views of a dict (they see later
// insertions), printed as dict_keys([...]) and so on.
class DictViewObject : public ExtensionObject {
 public:
  enum class Part : uint8_t { Keys, Values, Items };
  DictViewObject(Value dict, Part part) : dict(std::move(dict)), part(part) {}
  void gcTraverse(GcVisitor& v) override { v.visit(dict); }
  void gcClear(std::vector<Value>& out) override { out.push_back(std::move(dict)); }
  std::string typeName() const override {
    return part == Part::Keys ? "dict_keys" : part == Part::Values ? "dict_values" : "dict_items";
  }
  Value dict;  // a DictObject
  Part part;
};
inline DictViewObject* asDictView(const Value& v) {
  return v.isObj(ObjKind::Other) ? dynamic_cast<DictViewObject*>(v.asObj()) : nullptr;
}

}  // namespace tdsl
