// The backward of a compiled function whose results require grad
// (AOTAutograd's forward and backward graphs, issue 16).
//
// Note [Compiled backward]
// `torch.compile(f)(w, x)` with `w.requires_grad` returns tensors with
// autograd history. The tracer records f's forward, then, at the segment's
// end, runs the engine on its proxies from the differentiable results
// (tangents: new inputs of a graph of its own) to the gradient edges of the
// graph inputs that require grad (Note [Boundary captures] in
// autograd/engine.cpp): the formulas' ops are the backward graph, the
// forward values they read are its "saved" inputs, which the forward graph
// returns after the function's own results (a saved graph input is read
// from the call's inputs). Both graphs go through the segment's backend
// (functionalize -> reinplace -> JIT for "tdsl"); the forward's reinplacing
// sees the saved values as outputs, so it never overwrites a value the
// backward reads. After the forward graph ran, one CompiledFunctionBackward
// node (PyTorch's name) becomes the grad_fn of every differentiable result;
// its next edges are the inputs' gradient edges, so gradients flow on
// into .grad, hooks and earlier history as in eager.
//
// Bit for bit: the backward graph holds exactly the ops eager's engine
// dispatches for the same formulas, in its order. A result no gradient
// reaches gets none in eager (its formulas do not run, nothing is added
// for it), so one backward graph is traced per subset of results that get
// a gradient (at most kMaxDifferentiableResults results, all subsets),
// compiled when a backward first needs it. Tangents are traced contiguous;
// a gradient with another layout (sum()'s expanded ones) is made contiguous
// first, which changes no value.
//
// The node saves the forward values with their storage versions: a saved
// tensor modified in place before the backward (a returned result, an
// input) fails PyTorch's version check, and the node frees them after a
// backward without retain_graph ("backward through the graph a second
// time"). create_graph=True through it raises PyTorch's error: the saved
// values have no history of their own, so no double backward.
//
// A segment that ends at a graph break treats its live registers as its
// results: the tensors that require grad get the node, and the next
// segment takes them as inputs with history, so a function with breaks
// is a chain of compiled forward graphs whose backwards chain the same way.
//
// What the tracer refuses (the joint trace is refused, as for any result
// that requires grad before: Note [Joint graphs]): other tensors leaving
// the segment that require grad (stored into a global or a pre-existing
// container); a differentiable result that is a view of a graph input or
// shares storage with another one (eager's view and rebase semantics); a
// segment that ran autograd's engine itself or changed a proxy's autograd
// state (hooks, retain_grad, requires_grad_); a backward whose trace
// breaks the graph or raises; more than kMaxDifferentiableResults
// differentiable results; backends other than "tdsl" and "aot_eager"
// ("eager" and script backends run eagerly, as PyTorch's eager backend
// runs autograd op by op).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compile/backends.h"
#include "compile/cache.h"

namespace tdsl {

constexpr size_t kMaxDifferentiableResults = 3;

// A forward value the backward reads: graph input `input`, or forward
// graph output `output`.
struct SavedForwardValue {
  int input = -1;
  int output = -1;
};

// One backward graph: for the results in `defined` (bit k: differentiable
// result k gets a gradient).
struct BackwardVariant {
  uint32_t defined = 0;
  // Inputs: the tangents of the defined results, in order, then
  // saved[savedArgs[i]] for each i.
  std::shared_ptr<ir::Graph> graph;
  std::vector<int> savedArgs;
  // Per edge of the node (CompiledBackward::edges): the graph output
  // holding that gradient, -1 when this subset gives none.
  std::vector<int> gradOutput;
  CompiledGraph compiled;  // made by the first backward that needs it
};

struct CompiledBackward {
  std::string function;  // for logs and stats
  Backend backend;
  std::vector<int> results;            // forward graph output of each differentiable result
  std::vector<TensorMeta> tangents;    // the traced (contiguous) metadata of each result's gradient
  std::vector<int> gradInputs;         // graph inputs that require grad
  // Note [Boundary captures] in autograd/engine.cpp: each input gets one
  // edge per gradient contribution (the most any subset makes), so the
  // engine adds them into its buffer one by one, in eager's order.
  std::vector<int> edges;              // per gradInputs entry
  std::vector<SavedForwardValue> saved;
  std::vector<BackwardVariant> variants;  // one per non-empty subset of results
};

// After the forward graph of `seg` ran on `inputs` giving `outputs`: makes
// the CompiledFunctionBackward node and sets it as the grad_fn of every
// differentiable result.
void attachCompiledBackward(Interpreter& interp, const std::shared_ptr<CompiledBackward>& backward,
                            const std::vector<Value>& inputs, const std::vector<Value>& outputs);

}  // namespace tdsl
