// torch.compile backends (DESIGN.md §1.4): turn a captured segment graph into
// a CompiledGraph.
//   "tdsl"      the optimization pipeline (src/opt: functionalize, reinplace,
//               dce, cse), then the graph executor (eager kernels)
//   "eager"     the captured graph, op by op
//   "aot_eager" functionalize, then op by op
//   a script function backend(gm, example_inputs) -> callable, where gm is a
//   GraphModule: gm.graph.nodes (nodes with .op, .target, .name, .args, as
//   torch.fx), gm.forward(*inputs), gm.code (the IR text).
//
// Note [Backend results]
// A script backend is user code: what it returns must be callable (torch:
// "compiler_fn did not return callable"), and each call of that callable
// must give one tensor per graph output, else the call raises before any
// output is written back (materialize indexes the outputs by position).
// The captured graph is never modified (passes run on a copy).
#pragma once

#include <string>
#include <vector>

#include "ir/graph.h"
#include "compile/cache.h"
#include "compile/stats.h"

namespace tdsl {

struct Backend {
  enum class Kind : uint8_t { Tdsl, Eager, AotEager, Script };
  Kind kind = Kind::Tdsl;
  Value fn;          // Script
  bool reinplace = true;
  std::string name() const;
};

// Python's callable(v) (as builtins.cpp's callable()).
bool isCallable(const Value& v);

// Parses a backend argument: a name string or a callable. Throws Error(Value)
// for unknown names.
Backend parseBackend(const Value& v, bool reinplace);

// Where a segment's statistics go: the compiled callable's own stats and the
// interpreter's per-function stats (both outlive the segment's closure).
struct SegmentContext {
  std::string function;               // for log headers
  std::vector<FunctionStats*> stats;  // may be empty
};

// The one backend switch: compiles a captured segment `graph` with `backend`.
// The built-in backends go through the pass pipeline (pipeline.h), a script
// backend is called with a GraphModule. `exampleInputs` are the real inputs
// of the first run.
CompiledGraph compileSegment(Interpreter& interp, const Backend& backend, const ir::Graph& graph,
                             const std::vector<Value>& exampleInputs, const SegmentContext& context);

// A deep copy of `g` (Graph::clone).
std::unique_ptr<ir::Graph> copyGraph(const ir::Graph& g);

// The GraphModule object given to script backends.
Value makeGraphModule(Interpreter& interp, const ir::Graph& g);

}  // namespace tdsl
