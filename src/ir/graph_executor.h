// Reference interpreter for graphs (tinygrad practice: the eager kernels are
// the oracle). Runs the nodes in order with the op table's eager kernels on
// real tensors; in-place nodes write the tensors they are given, so graph
// inputs see the graph's mutations exactly as eager code would. The compile
// backends ("tdsl", "eager", "aot_eager") run graphs through PreparedGraph.
//
// Note [Prepared graphs]
// executeGraph() walks the node list, binds arguments through a hash map and
// rebuilds constant argument objects on every call. A compiled segment runs
// the same graph many times, so PreparedGraph does that work once: every IR
// value gets a slot number, constant arguments (ints, floats, int lists,
// strings) are bound into a per-node template, and a call only fills the
// tensor slots and calls the kernels. The slot vector is reused between
// calls and cleared afterwards (no intermediate outlives its call).
//
// Note [Bytes copied]
// ExecCounters::bytesCopied counts bytes of data movement the kernels really
// performed, per executed op, from the actual tensors (never estimated from
// the graph). What counts is decided by the op table's tags (dataMovementOf):
//   - functional ops that build a fresh buffer out of other tensors' values:
//     scatters (kTagScatter), clone/cat/stack (kTagShape), copy (kTagCopy),
//     functional indexed updates (they copy their base first), and MaybeView
//     ops on calls that did copy: the result's bytes;
//   - copy_ (kTagCopy | kTagInplace): the bytes of the region written;
//   - in-place indexed updates: the bytes of the source values they move
//     (their unannotated tensor arguments of self's dtype).
// Arithmetic (add_, mul, ...) and gathers (index_select) are not counted.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "ir/graph.h"
#include "ops/op_table.h"
#include "core/value.h"

namespace tdsl {
struct TensorState;
}

namespace tdsl::ir {

// `inputs` holds one TensorObject per graph input, in order. Returns the
// graph's outputs. Throws tdsl::Error on a kernel error or an input whose
// dtype or rank does not match the graph.
std::vector<tdsl::Value> executeGraph(TensorState& state, const Graph& g, const std::vector<tdsl::Value>& inputs);

// How an op moves data (Note [Bytes copied]).
enum class DataMovement : uint8_t { None, ResultBytes, MaybeCopyResultBytes, WrittenRegionBytes, SourceBytes };
DataMovement dataMovementOf(const OpDef& op);

struct ExecCounters {
  int64_t bytesCopied = 0;
  int64_t opsRun = 0;
};

// Runs one Fused node (Note [Fused nodes] in graph.h): gets the node's
// arguments, returns its results (fresh tensors).
class FusedRunner {
 public:
  virtual ~FusedRunner() = default;
  virtual std::vector<tdsl::Value> run(TensorState& state, const std::vector<tdsl::Value>& inputs) = 0;
};
// Makes the runner of a fused node when a graph is prepared (the JIT plugs
// in here: ir/ sits below it).
using FusedRunnerFactory = std::function<std::unique_ptr<FusedRunner>(const Node& fused)>;
// The reference: the body's ops, one by one, through the eager kernels.
std::unique_ptr<FusedRunner> referenceFusedRunner(const Node& fused);

// Note [Prepared graphs]. Not thread-safe: one interpreter runs it at a time.
class PreparedGraph {
 public:
  // Fused nodes get runners from `fusedRunners` (default: the reference).
  explicit PreparedGraph(std::shared_ptr<const Graph> g, const FusedRunnerFactory& fusedRunners = {});
  ~PreparedGraph();
  PreparedGraph(const PreparedGraph&) = delete;
  PreparedGraph& operator=(const PreparedGraph&) = delete;

  const Graph& graph() const { return *graph_; }
  // Whether any step is a fused node (runs a kernel of the JIT's or the reference's).
  bool hasFusedSteps() const { return hasFusedSteps_; }
  // Same contract as executeGraph; adds to `counters` when given.
  std::vector<tdsl::Value> run(TensorState& state, const std::vector<tdsl::Value>& inputs,
                               ExecCounters* counters = nullptr);

 private:
  struct Step;
  std::shared_ptr<const Graph> graph_;
  std::vector<const ValueMeta*> inputMetas_;
  std::vector<std::string> inputNames_;
  std::vector<Step> steps_;
  std::vector<int> outputSlots_;
  std::vector<tdsl::Value> slots_;  // scratch, empty between calls
  int numSlots_ = 0;
  bool hasFusedSteps_ = false;
};

}  // namespace tdsl::ir
