// The compile cache (DESIGN.md §2.2): per compiled function and entry pc, a
// list of segments, each (guards) -> (compiled graph, exit pc, how its
// results are written back into VM registers and globals).
//
// Note [Sources]
// A segment reads real values at its entry through Sources: a register of
// the frame (optionally one element of a list/tuple held there), a module
// global slot, or an object captured at trace time. Graph inputs, guards and
// write-backs all name values by Source, so a cache hit never re-runs the
// traced bytecode: it fetches the sources, checks the guards, runs the graph
// and rebuilds the registers.
//
// Note [Write-back]
// At the segment's exit every live register (or the returned value) is
// described as: a constant (a Python value computed during tracing, valid
// because everything it depended on is guarded), the entry value of a source
// (identity preserved: a list argument stays the same list), a graph input
// or output, or a fresh container/cell/iterator rebuilt from such parts.
//
// Note [Aliased entry objects]
// One object may enter a segment through several sources (f(x, x), a global
// passed as an argument, a list holding an argument). The tracer names it by
// the first source it met, so a write-back "y := entry value of x" is only
// right while x and y still hold the same object: Segment::sameObjects
// guards exactly the pairs the segment relied on.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "ir/graph.h"
#include "vm/function.h"
#include "tensor/tensor_meta.h"

namespace tdsl {
struct NamedTupleType;
}

namespace tdsl {

class Interpreter;
struct CompiledBackward;  // compiled_backward.h

struct Source {
  enum class Kind : uint8_t { Reg, Global, Captured };
  Kind kind = Kind::Reg;
  int reg = 0;
  // Element of the list/tuple in the register; -1: the register itself;
  // kCellContents: the value held by the closure cell in the register.
  int index = -1;
  static constexpr int kCellContents = -2;
  Ref<GlobalsTable> globals;
  uint32_t slot = 0;
  Value captured;
  // Note [Joint graphs]: the .grad of the tensor found there (None if none).
  bool grad = false;

  // The current value (None when an indexed element is missing).
  Value fetch(const Value* regs) const;
  Value fetchHolder(const Value* regs) const;  // ignoring `grad`
  std::string describe(const CodeObject& code) const;  // "x", "xs[1]", "G['w']"
  bool operator==(const Source& o) const;
};

struct TensorGuard {
  // Graph inputs check everything; Note [Metadata reads]: a tensor the trace
  // only inspected checks what was read.
  enum class Check : uint8_t { IsTensor, DType, Rank, Full };
  Source source;
  Check check = Check::Full;
  DType dtype = DType::Float32;
  Dims sizes;
  Dims strides;
  bool checkOffset = false;  // the trace read a storage offset (Full only)
  int64_t storageOffset = 0;
  uint32_t dynamicDims = 0;  // bit d: size d is symbolic (checked only to be >= 2)
  int aliasOf = -1;          // index of an earlier tensor guard sharing storage, or -1
  // Other sources that held this very object at trace time (f(x, x) traces
  // one input for both parameters): they must hold it again.
  std::vector<Source> sameObject;
  // Note [Joint graphs]: a leaf that requires grad, or a tensor that does
  // not; Note [Compiled backward]: or a tensor with autograd history
  // (requiresGrad and not leaf).
  bool requiresGrad = false;
  bool leaf = true;
  // Note [Autograd reads while tracing]: an inspected tensor's requires_grad
  // was read (graph inputs always check it).
  bool checkRequiresGrad = false;
};

// Note [Guard snapshots]
// A value guard compares the current value with a snapshot taken when the
// trace read it: containers, cells and closures are copied (a list mutated
// after the trace, or a closure over another tensor, fails the guard), other
// objects are kept for identity. A tensor leaf of a snapshot is either the
// tensor itself, compared by identity (the trace used it through a Captured
// source, e.g. a closure cell: Note [Sources]), or a meta tensor standing for
// "any tensor" (its metadata is guarded through its own Source, or the trace
// never used it). Snapshots nest at most kMaxGuardDepth deep; a deeper value
// (or a cycle) makes the trace fail, and the call runs eagerly.
constexpr int kMaxGuardDepth = 100;

struct ValueGuard {
  Source source;
  Value expected;  // a snapshot (Note [Guard snapshots]), compared by sameGuardValue()
  // Note [Loop-carried ints]: an int register written back as "entry value
  // plus a constant" checks only that it still holds an int.
  bool intOnly = false;
};

// Python-level equality used by value guards, `actual` against the snapshot
// `expected`: immediates by type and value, str by text, tuples/lists/dicts
// element-wise, tensors as described in Note [Guard snapshots], cells by
// contents, script functions by code, globals, defaults and cell contents
// (closures are made anew by each call), other objects by identity. False
// past kMaxGuardDepth.
bool sameGuardValue(const Value& actual, const Value& expected);

// Note [Guard snapshots]: a copy of `v`'s containers, cells and closures
// whose tensor leaves are kept as they are. Throws Error past kMaxGuardDepth.
Value snapshotGuardValue(const Value& v);
// Replaces, in a snapshot, every tensor leaf for which `pinned` is false by a
// meta tensor ("any tensor").
void relaxGuardSnapshot(Value& snapshot, const std::function<bool(const Object*)>& pinned);

struct WriteBack {
  enum class Kind : uint8_t { Const, Entry, Input, Output, List, Tuple, Size, Dict, Cell, Iterator, IntShift, Slice, BoundMethod,
                            Function };
  Kind kind = Kind::Const;
  Value value;     // Const; Iterator: the IteratorObject template; IntShift: the int added;
                   // Function: a FunctionObject with the code and globals, and no cells
  Source source;   // Entry, IntShift (Note [Loop-carried ints] in compile_bytecode.h)
  int index = 0;   // Input / Output; List / Dict / Cell / Function: the memo slot (Note [Functions made while tracing])
  // containers (Dict: key, value, key, value...), Cell/Iterator: 1 item, Function: defaults then cells
  std::vector<WriteBack> items;
  const NamedTupleType* tupleType = nullptr;  // Tuple: a named tuple's type (Note [Named tuples])
};

// What a backend produced: runs the graph on real inputs, returns its outputs.
// A script backend's callable (what backend(gm, example_inputs) returned) is
// kept in `callable`, not captured inside `run`, so the cycle collector sees
// that reference (Note [Cycle collector]); `run` receives it on every call.
struct CompiledGraph {
  using Run = std::function<std::vector<Value>(Interpreter&, const Value& callable, const std::vector<Value>& inputs)>;
  CompiledGraph() = default;
  CompiledGraph(Run run, Value callable) : run(std::move(run)), callable(std::move(callable)) {}
  // A runner that needs no callable (the built-in backends); it must not
  // capture Values that could reference containers.
  template <class F, class = std::enable_if_t<std::is_invocable_r<std::vector<Value>, F&, Interpreter&,
                                                                   const std::vector<Value>&>::value>>
  CompiledGraph(F f)  // NOLINT: implicit, a lambda is a CompiledGraph
      : run([f = std::move(f)](Interpreter& I, const Value&, const std::vector<Value>& in) mutable { return f(I, in); }) {}
  std::vector<Value> operator()(Interpreter& I, const std::vector<Value>& inputs) const { return run(I, callable, inputs); }
  explicit operator bool() const { return static_cast<bool>(run); }

  Run run;
  Value callable;
};

struct GlobalWrite {
  Ref<GlobalsTable> globals;
  uint32_t slot = 0;
  WriteBack value;
};

// Note [Side effects on pre-existing objects] (compile_side_effects.h): a
// list, dict or cell the segment mutated, and its contents at the exit
// (List: items; Dict: key, value, ...; Cell: its value when `bound`).
struct ObjectWrite {
  Source source;
  std::vector<WriteBack> items;
  bool bound = false;
};

// Note [Joint graphs]: a leaf whose .grad the segment read or accumulated
// into: guarded to have (or lack) a .grad as at trace time, and given its
// new .grad (a graph output) after the graph ran.
struct GradState {
  Source leaf;
  bool present = false;
  bool writes = false;
  WriteBack after;
};

struct TensorState;
// Note [Grad mode under the tracer] (tracer_grad_mode.cpp): a TensorState's
// grad mode as one int, gradEnabled in bit 0 and inferenceMode in bit 1.
int gradStateBits(const TensorState& s);
void setGradStateBits(TensorState& s, int bits);

struct Segment {
  uint32_t entryPc = 0;
  std::vector<GradState> grads;
  int gradMode = -1;  // the grad mode a joint trace ran under (1 on, 0 off), -1: any
  // Note [Grad mode under the tracer] (tracer_grad_mode.cpp): the exact
  // grad state (GradStateBits) the segment was traced under, guarded when it
  // changed or read the mode, and the state it leaves; -1: any / unchanged.
  int modeAtEntry = -1;
  int modeAfter = -1;
  std::vector<TensorGuard> inputs;  // one per graph input, in order (also the input's guard)
  std::vector<TensorGuard> metadata;  // Note [Metadata reads]: tensors only inspected
  std::vector<ValueGuard> values;
  // Dynamic sizes that were equal at trace time must stay equal: ((input,
  // dim), (input, dim)) pairs (Note [Probing dynamic segments]).
  std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> equalSizes;
  // Note [Aliased entry objects]: pairs of sources that held one object at
  // trace time, where the segment names that object by the first one only
  // (an Entry write-back or a graph input): they must hold one object again.
  std::vector<std::pair<Source, Source>> sameObjects;
  std::unique_ptr<ir::Graph> graph;  // as captured (for logs, explain and tests)
  int64_t graphNodes = 0;            // torch.fx count: inputs + ops + 1
  bool hasGraph = false;             // false when there are no ops (nothing to run)
  bool readsSizes = false;           // Python code read tensor sizes: never dynamic
  bool replayable = false;           // writes no input, draws no random numbers (Note [Errors inside compiled graphs])
  // Note [Versions after compiled writes]: (graph input, the in-place writes
  // the trace made through it), for inputs written at least once.
  std::vector<std::pair<int, uint64_t>> inputWrites;
  CompiledGraph compiled;
  // Note [Compiled backward] (compiled_backward.h): the grad_fn of the
  // returned results that require grad; null when none does.
  std::shared_ptr<CompiledBackward> backward;
  bool isReturn = false;
  uint32_t exitPc = 0;               // break instruction (when !isReturn)
  std::string breakReason;
  std::vector<std::pair<int, WriteBack>> registers;  // live registers at exitPc
  WriteBack returned;
  std::vector<GlobalWrite> globals;
  std::vector<ObjectWrite> objectWrites;  // in the order of their first mutation
  // Where the mutated objects occur among the values of `values` (the
  // guard: aliasPattern() in compile_side_effects.h must give this again).
  std::vector<std::pair<int64_t, int>> mutationAliases;
};

// Note [Side effects on pre-existing objects]: materializes the contents of
// every ObjectWrite and GlobalWrite from the entry state, then stores them.
void applySideEffects(const Segment& seg, const Value* entryRegs, const std::vector<Value>& inputs,
                      const std::vector<Value>& outputs, std::vector<Value>& memo);

// Why `seg`'s guards fail for `regs` ("" when they pass). `sizeOnly`, when
// given, receives the (input, dim) pairs whose only failure is a size.
std::string checkGuards(const Segment& seg, const Value* regs,
                        std::vector<std::pair<int, int>>* sizeFailures = nullptr);
bool guardsPass(const Segment& seg, const Value* regs);
std::string describeGuards(const Segment& seg, const CodeObject& code);

// The references a segment holds, for the cycle collector (Note [Cycle
// collector]): globals tables and captured values of its sources, expected
// guard values, write-back constants, the script backend's callable.
void gcTraverseSegment(const Segment& seg, GcVisitor& v);

// Rebuilds a value described by `wb` (Note [Write-back]). `memo`: the
// cells and functions rebuilt so far at this segment exit, by memo slot.
Value materialize(const WriteBack& wb, const Value* entryRegs, const std::vector<Value>& inputs,
                  const std::vector<Value>& outputs, std::vector<Value>& memo);

// The segments of one code location (entry pc) and its recompile history.
struct CacheSlot {
  std::vector<std::unique_ptr<Segment>> segments;
  int traces = 0;
  bool limitReported = false;
  // Note [Automatic dynamic shapes]: (source description, dim) marked dynamic
  // after a size guard failed at this location.
  std::vector<std::pair<std::string, int>> dynamic;
  std::string jointRefused;  // Note [Joint graphs]: why the joint trace failed here
};

}  // namespace tdsl
