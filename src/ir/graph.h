// The graph IR (DESIGN.md §2.3): an ordered list of SSA nodes.
//
//   graph NAME(%x: f32[s0, 3], ...) {     -- Input nodes, one IrValue each
//     %0 = slice(%x, 0, 1, s0, 1) : f32[s0 - 1, 3]{offset=3}
//     %1, %2 = max(%0, 1) : (f32[s0 - 1], i64[s0 - 1])
//     return (%1)                          -- the single Output node, last
//   }
//
// Every IrValue carries ValueMeta: dtype, sizes, strides and storage offset
// (SymInts), i.e. where its elements sit in the storage it shares with its
// aliases. Alias sets are not stored here: they follow from the op table's
// alias annotations (see alias_analysis.h).
//
// Note [Topological invariant]: a node's tensor arguments are defined by
// nodes earlier in the list; Input nodes come first and the Output node is
// last. Node order is also execution order, which matters once the graph
// contains mutation (before functionalization, after reinplacing).
//
// Note [Use lists]: IrValue::users() holds one entry per argument slot that
// refers to the value (a node using %x twice appears twice). Every mutation
// of arguments goes through Node::setArg / IrValue::replaceAllUsesWith so the
// lists stay exact; the verifier checks them.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <string>
#include <vector>

#include "ir/symint.h"
#include "tensor/tensor_meta.h"
#include "core/value.h"

namespace tdsl::ir {

struct OpDef;  // op_table.h
class Node;
class Graph;

// Symbolic counterpart of tdsl::TensorMeta (tensor/tensor_meta.h).
struct ValueMeta {
  DType dtype = DType::Float32;
  std::vector<SymInt> sizes;
  std::vector<SymInt> strides;
  SymInt offset = 0;

  static ValueMeta contiguous(DType dtype, std::vector<SymInt> sizes, SymInt offset = 0);
  static std::vector<SymInt> contiguousStrides(const std::vector<SymInt>& sizes);
  int64_t dim() const { return static_cast<int64_t>(sizes.size()); }
  SymInt numel() const;
  bool isContiguous() const;  // strides equal contiguousStrides(sizes)
  bool operator==(const ValueMeta& o) const {
    return dtype == o.dtype && sizes == o.sizes && strides == o.strides && offset == o.offset;
  }
  bool operator!=(const ValueMeta& o) const { return !(*this == o); }
};

// Conversions to and from the tensor layer's concrete metadata.
ValueMeta fromTensorMeta(const tdsl::TensorMeta& m);
bool isConcrete(const ValueMeta& m);
tdsl::TensorMeta toTensorMeta(const ValueMeta& m);  // TDSL_ASSERTs isConcrete(m)

const char* dtypeShortName(DType d);  // "f32", "f64", "i32", "i64", "b8"
bool dtypeFromShortName(const std::string& s, DType* out);

class IrValue {
 public:
  Node* node() const { return node_; }
  int outputIndex() const { return outputIndex_; }
  const ValueMeta& meta() const { return meta_; }
  void setMeta(ValueMeta m) { meta_ = std::move(m); }
  // Graph inputs have the name they were declared with; op results have none
  // (the printer numbers them).
  const std::string& name() const { return name_; }
  const std::vector<Node*>& users() const { return users_; }
  bool hasUsers() const { return !users_.empty(); }
  // Redirects every use to `other` (other's users gain them).
  void replaceAllUsesWith(IrValue* other);
  // Like replaceAllUsesWith but only for users after `pos` in node order.
  void replaceUsesAfterWith(const Node* pos, IrValue* other);

 private:
  friend class Node;
  friend class Graph;
  Node* node_ = nullptr;
  int outputIndex_ = 0;
  ValueMeta meta_;
  std::string name_;
  std::vector<Node*> users_;
};

// One argument of an op call. Ints are SymInts (they may be symbolic, e.g. a
// slice end of `s0 - 1`). TensorList entries may be null (None in Tensor?[]).
struct Arg {
  enum class Kind : uint8_t { None, Tensor, Int, Float, Bool, IntList, DType, Str, TensorList };
  Kind kind = Kind::None;
  IrValue* tensor = nullptr;
  SymInt i;
  double f = 0;
  bool b = false;
  std::vector<SymInt> ints;
  DType dtype = DType::Float32;
  std::string str;
  std::vector<IrValue*> tensors;

  static Arg none() { return Arg(); }
  static Arg ofTensor(IrValue* v) { Arg a; a.kind = Kind::Tensor; a.tensor = v; return a; }
  static Arg ofInt(SymInt v) { Arg a; a.kind = Kind::Int; a.i = std::move(v); return a; }
  static Arg ofFloat(double v) { Arg a; a.kind = Kind::Float; a.f = v; return a; }
  static Arg ofBool(bool v) { Arg a; a.kind = Kind::Bool; a.b = v; return a; }
  static Arg ofInts(std::vector<SymInt> v) { Arg a; a.kind = Kind::IntList; a.ints = std::move(v); return a; }
  static Arg ofDType(DType d) { Arg a; a.kind = Kind::DType; a.dtype = d; return a; }
  static Arg ofStr(std::string s) { Arg a; a.kind = Kind::Str; a.str = std::move(s); return a; }
  static Arg ofTensors(std::vector<IrValue*> v) { Arg a; a.kind = Kind::TensorList; a.tensors = std::move(v); return a; }

  bool isNone() const { return kind == Kind::None; }
  bool isTensor() const { return kind == Kind::Tensor; }
  // Structural equality (tensor args compare by identity).
  bool operator==(const Arg& o) const;
  bool operator!=(const Arg& o) const { return !(*this == o); }
  // Every tensor this argument refers to.
  std::vector<IrValue*> values() const;
};

// Note [Fused nodes]: a Fused node stands for a group of pointwise ops
// (opt/fuse.h). Its body is a graph of its own: one body input per tensor
// argument of the node (same metadata), one body output per node result
// (same metadata). Executing the node means executing its body on the
// arguments (the reference path), or the body's JIT kernel (jit/).
enum class NodeKind : uint8_t { Input, Op, Output, Fused };

class Node {
 public:
  NodeKind kind() const { return kind_; }
  bool isInput() const { return kind_ == NodeKind::Input; }
  bool isOp() const { return kind_ == NodeKind::Op; }
  bool isOutput() const { return kind_ == NodeKind::Output; }
  bool isFused() const { return kind_ == NodeKind::Fused; }
  const OpDef* op() const { return op_; }
  // Fused nodes only (Note [Fused nodes]).
  const std::shared_ptr<const Graph>& body() const { return body_; }
  Graph* graph() const { return graph_; }

  const std::vector<Arg>& args() const { return args_; }
  const Arg& arg(size_t i) const { return args_.at(i); }
  // The tensor of argument i, or nullptr when it is not a single tensor.
  IrValue* tensorArg(size_t i) const { return i < args_.size() && args_[i].isTensor() ? args_[i].tensor : nullptr; }
  void setArg(size_t i, Arg a);
  // Every tensor argument, in argument order (list entries flattened).
  std::vector<IrValue*> inputValues() const;

  size_t numOutputs() const { return outputs_.size(); }
  IrValue* output(size_t i = 0) const { return outputs_.at(i).get(); }

  // Position in the graph's node list; valid after Graph::renumber() (every
  // mutation API keeps it valid: see Note [Node positions]).
  int64_t position() const { return position_; }
  bool isBefore(const Node* other) const { return position_ < other->position_; }
  Node* next() const;
  Node* prev() const;

 private:
  friend class Graph;
  NodeKind kind_ = NodeKind::Op;
  const OpDef* op_ = nullptr;
  std::vector<Arg> args_;
  std::vector<std::unique_ptr<IrValue>> outputs_;
  std::shared_ptr<const Graph> body_;
  Graph* graph_ = nullptr;
  int64_t position_ = 0;
  std::list<std::unique_ptr<Node>>::iterator self_;
};

class Graph {
 public:
  explicit Graph(std::string name = "graph") : name_(std::move(name)) {}
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  const std::string& name() const { return name_; }
  void setName(std::string n) { name_ = std::move(n); }

  // Appends a graph input (before any op node).
  IrValue* addInput(const std::string& name, ValueMeta meta);
  std::vector<IrValue*> inputs() const;
  // Creates the Output node if missing and sets its arguments.
  void setOutputs(const std::vector<IrValue*>& values);
  Node* outputNode() const;
  std::vector<IrValue*> outputs() const;

  // Creates an op node before `before` (nullptr: before the Output node, or
  // at the end when there is none) with explicit output metadata.
  Node* createOp(const OpDef* op, std::vector<Arg> args, std::vector<ValueMeta> outputMetas, Node* before = nullptr);
  // Creates a Fused node (Note [Fused nodes]) over `inputs` before `before`;
  // its results get the metadata of `body`'s outputs.
  Node* createFused(std::shared_ptr<const Graph> body, const std::vector<IrValue*>& inputs, Node* before = nullptr);
  // Removes a node whose outputs have no users.
  void erase(Node* node);
  // Moves `node` so it comes right before `before`.
  void moveBefore(Node* node, Node* before);

  // All nodes in order (inputs, ops, output). Pointers stay valid until the
  // node is erased.
  std::vector<Node*> nodes() const;
  std::vector<Node*> opNodes() const;
  size_t size() const { return nodes_.size(); }
  Node* lastNode() const { return nodes_.empty() ? nullptr : nodes_.back().get(); }

  // Exchanges all nodes with `other` (passes that rebuild a graph use it).
  void swapContents(Graph& other);
  // A deep copy: the same nodes in the same order with equal arguments,
  // metadata and input names; Fused nodes share their (immutable) bodies.
  std::unique_ptr<Graph> clone() const;

  // Note [Node positions]: positions are spaced so that insertion can take a
  // midpoint; when no gap is left the whole graph is renumbered.
  void renumber();

 private:
  friend class Node;
  void assignPosition(Node* node);
  void addUses(Node* node);
  void removeUses(Node* node);

  std::string name_;
  std::list<std::unique_ptr<Node>> nodes_;
};

}  // namespace tdsl::ir
