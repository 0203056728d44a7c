// Graph data structures (see graph.h).
#include "ir/graph.h"

#include <algorithm>
#include <unordered_map>

#include "support/diagnostics.h"

namespace tdsl::ir {

namespace {
constexpr int64_t kPositionGap = 1 << 16;
}

// --- ValueMeta -------------------------------------------------------------

std::vector<SymInt> ValueMeta::contiguousStrides(const std::vector<SymInt>& sizes) {
  std::vector<SymInt> strides(sizes.size());
  SymInt running = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = running;
    // Size-1 (and size-0) dims keep the running stride, as PyTorch does.
    running = running * sizes[i];
  }
  return strides;
}

ValueMeta ValueMeta::contiguous(DType dtype, std::vector<SymInt> sizes, SymInt offset) {
  ValueMeta m;
  m.dtype = dtype;
  m.strides = contiguousStrides(sizes);
  m.sizes = std::move(sizes);
  m.offset = std::move(offset);
  return m;
}

SymInt ValueMeta::numel() const {
  SymInt n = 1;
  for (auto& s : sizes) n = n * s;
  return n;
}

bool ValueMeta::isContiguous() const {
  // Note [Contiguity]: like PyTorch, dims of size 1 may carry any stride.
  auto expect = contiguousStrides(sizes);
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == SymInt(1)) continue;
    if (strides[i] != expect[i]) return false;
  }
  return true;
}

ValueMeta fromTensorMeta(const tdsl::TensorMeta& m) {
  ValueMeta v;
  v.dtype = m.dtype;
  for (int64_t s : m.sizes) v.sizes.push_back(s);
  for (int64_t s : m.strides) v.strides.push_back(s);
  v.offset = m.offset;
  return v;
}

bool isConcrete(const ValueMeta& m) {
  if (!m.offset.isConstant()) return false;
  for (auto& s : m.sizes)
    if (!s.isConstant()) return false;
  for (auto& s : m.strides)
    if (!s.isConstant()) return false;
  return true;
}

tdsl::TensorMeta toTensorMeta(const ValueMeta& m) {
  TDSL_ASSERT(isConcrete(m));
  tdsl::TensorMeta t;
  t.dtype = m.dtype;
  for (auto& s : m.sizes) t.sizes.push_back(s.constant());
  for (auto& s : m.strides) t.strides.push_back(s.constant());
  t.offset = m.offset.constant();
  return t;
}

const char* dtypeShortName(DType d) {
  switch (d) {
    case DType::Bool: return "b8";
    case DType::Int32: return "i32";
    case DType::Int64: return "i64";
    case DType::Float32: return "f32";
    case DType::Float64: return "f64";
  }
  return "?";
}

bool dtypeFromShortName(const std::string& s, DType* out) {
  static const std::pair<const char*, DType> table[] = {
      {"b8", DType::Bool}, {"i32", DType::Int32}, {"i64", DType::Int64}, {"f32", DType::Float32}, {"f64", DType::Float64}};
  for (auto& [n, d] : table) {
    if (s == n) {
      *out = d;
      return true;
    }
  }
  return false;
}

// --- Arg --------------------------------------------------------------------

bool Arg::operator==(const Arg& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
    case Kind::None: return true;
    case Kind::Tensor: return tensor == o.tensor;
    case Kind::Int: return i == o.i;
    case Kind::Float: return f == o.f || (f != f && o.f != o.f);
    case Kind::Bool: return b == o.b;
    case Kind::IntList: return ints == o.ints;
    case Kind::DType: return dtype == o.dtype;
    case Kind::Str: return str == o.str;
    case Kind::TensorList: return tensors == o.tensors;
  }
  return false;
}

std::vector<IrValue*> Arg::values() const {
  if (kind == Kind::Tensor) return {tensor};
  std::vector<IrValue*> out;
  if (kind == Kind::TensorList)
    for (IrValue* v : tensors)
      if (v) out.push_back(v);
  return out;
}

// --- IrValue ------------------------------------------------------------------

namespace {

// Drops one entry of `user`, searching from the back: the nodes passes
// erase are mostly recent users, and a value such as a graph input can have
// a user per node. Erasing drops every entry of the node, so which entry
// goes first does not change the resulting order.
void removeUser(std::vector<Node*>& users, const Node* user) {
  auto it = std::find(users.rbegin(), users.rend(), user);
  TDSL_ASSERT(it != users.rend());
  users.erase(std::next(it).base());
}

// The users of a value, each once (a node reading it twice is listed twice),
// copied so the caller may rewrite arguments while walking them.
std::vector<Node*> distinctUsers(std::vector<Node*> users) {
  std::sort(users.begin(), users.end());
  users.erase(std::unique(users.begin(), users.end()), users.end());
  return users;
}

// Points every argument of `user` that reads `from` (alone or in a tensor
// list) at `to`, through Node::setArg so both use lists stay exact.
void redirectArgs(Node* user, IrValue* from, IrValue* to) {
  for (size_t i = 0; i < user->args().size(); ++i) {
    Arg a = user->args()[i];
    bool changed = false;
    if (a.kind == Arg::Kind::Tensor && a.tensor == from) {
      a.tensor = to;
      changed = true;
    }
    if (a.kind == Arg::Kind::TensorList)
      for (IrValue*& v : a.tensors)
        if (v == from) {
          v = to;
          changed = true;
        }
    if (changed) user->setArg(i, a);
  }
}

}  // namespace

void IrValue::replaceAllUsesWith(IrValue* other) {
  TDSL_ASSERT(other != this);
  for (Node* user : distinctUsers(users_)) redirectArgs(user, this, other);
}

void IrValue::replaceUsesAfterWith(const Node* pos, IrValue* other) {
  TDSL_ASSERT(other != this);
  for (Node* user : distinctUsers(users_))
    if (pos->isBefore(user)) redirectArgs(user, this, other);
}

// --- Node -------------------------------------------------------------------

void Node::setArg(size_t i, Arg a) {
  TDSL_ASSERT(i < args_.size());
  for (IrValue* v : args_[i].values()) {
    auto it = std::find(v->users_.begin(), v->users_.end(), this);
    TDSL_ASSERT(it != v->users_.end());
    v->users_.erase(it);
  }
  args_[i] = std::move(a);
  for (IrValue* v : args_[i].values()) v->users_.push_back(this);
}

std::vector<IrValue*> Node::inputValues() const {
  std::vector<IrValue*> out;
  for (auto& a : args_)
    for (IrValue* v : a.values()) out.push_back(v);
  return out;
}

Node* Node::next() const {
  auto it = self_;
  ++it;
  return it == graph_->nodes_.end() ? nullptr : it->get();
}

Node* Node::prev() const {
  if (self_ == graph_->nodes_.begin()) return nullptr;
  auto it = self_;
  --it;
  return it->get();
}

// --- Graph ------------------------------------------------------------------

void Graph::addUses(Node* node) {
  for (auto& a : node->args_)
    for (IrValue* v : a.values()) v->users_.push_back(node);
}

void Graph::removeUses(Node* node) {
  for (auto& a : node->args_)
    for (IrValue* v : a.values()) removeUser(v->users_, node);
}

void Graph::assignPosition(Node* node) {
  Node* p = node->prev();
  Node* n = node->next();
  int64_t lo = p ? p->position_ : 0;
  if (!n) {
    node->position_ = lo + kPositionGap;
    return;
  }
  int64_t hi = n->position_;
  if (hi - lo >= 2) {
    node->position_ = lo + (hi - lo) / 2;
    return;
  }
  renumber();
}

void Graph::renumber() {
  int64_t pos = 0;
  for (auto& n : nodes_) {
    pos += kPositionGap;
    n->position_ = pos;
  }
}

IrValue* Graph::addInput(const std::string& name, ValueMeta meta) {
  auto node = std::make_unique<Node>();
  node->kind_ = NodeKind::Input;
  node->graph_ = this;
  auto v = std::make_unique<IrValue>();
  v->node_ = node.get();
  v->meta_ = std::move(meta);
  v->name_ = name;
  IrValue* result = v.get();
  node->outputs_.push_back(std::move(v));
  auto it = nodes_.begin();
  while (it != nodes_.end() && (*it)->isInput()) ++it;
  Node* raw = node.get();
  raw->self_ = nodes_.insert(it, std::move(node));
  assignPosition(raw);
  return result;
}

std::vector<IrValue*> Graph::inputs() const {
  std::vector<IrValue*> out;
  for (auto& n : nodes_)
    if (n->isInput()) out.push_back(n->output());
  return out;
}

Node* Graph::outputNode() const {
  if (nodes_.empty() || !nodes_.back()->isOutput()) return nullptr;
  return nodes_.back().get();
}

void Graph::setOutputs(const std::vector<IrValue*>& values) {
  Node* out = outputNode();
  if (!out) {
    auto node = std::make_unique<Node>();
    node->kind_ = NodeKind::Output;
    node->graph_ = this;
    out = node.get();
    out->self_ = nodes_.insert(nodes_.end(), std::move(node));
    assignPosition(out);
  }
  removeUses(out);
  out->args_.clear();
  for (IrValue* v : values) out->args_.push_back(Arg::ofTensor(v));
  addUses(out);
}

std::vector<IrValue*> Graph::outputs() const {
  Node* out = outputNode();
  std::vector<IrValue*> vs;
  if (out)
    for (auto& a : out->args_) vs.push_back(a.tensor);
  return vs;
}

Node* Graph::createOp(const OpDef* op, std::vector<Arg> args, std::vector<ValueMeta> outputMetas, Node* before) {
  auto node = std::make_unique<Node>();
  node->kind_ = NodeKind::Op;
  node->op_ = op;
  node->graph_ = this;
  node->args_ = std::move(args);
  for (size_t i = 0; i < outputMetas.size(); ++i) {
    auto v = std::make_unique<IrValue>();
    v->node_ = node.get();
    v->outputIndex_ = static_cast<int>(i);
    v->meta_ = std::move(outputMetas[i]);
    node->outputs_.push_back(std::move(v));
  }
  if (!before) before = outputNode();
  auto it = before ? before->self_ : nodes_.end();
  Node* raw = node.get();
  raw->self_ = nodes_.insert(it, std::move(node));
  addUses(raw);
  assignPosition(raw);
  return raw;
}

Node* Graph::createFused(std::shared_ptr<const Graph> body, const std::vector<IrValue*>& inputs, Node* before) {
  std::vector<Arg> args;
  for (IrValue* v : inputs) args.push_back(Arg::ofTensor(v));
  std::vector<ValueMeta> metas;
  for (IrValue* v : body->outputs()) metas.push_back(v->meta());
  Node* n = createOp(nullptr, std::move(args), std::move(metas), before);
  n->kind_ = NodeKind::Fused;
  n->body_ = std::move(body);
  return n;
}

std::unique_ptr<Graph> Graph::clone() const {
  auto out = std::make_unique<Graph>(name_);
  std::unordered_map<const IrValue*, IrValue*> copyOf;
  auto mapped = [&](const IrValue* v) { return v ? copyOf.at(v) : nullptr; };
  for (const auto& n : nodes_) {
    if (n->isInput()) {
      copyOf[n->output()] = out->addInput(n->output()->name(), n->output()->meta());
      continue;
    }
    std::vector<Arg> args = n->args_;
    for (Arg& a : args) {
      a.tensor = mapped(a.tensor);
      for (IrValue*& t : a.tensors) t = mapped(t);
    }
    if (n->isOutput()) {
      std::vector<IrValue*> values;
      for (const Arg& a : args) values.push_back(a.tensor);
      out->setOutputs(values);
      continue;
    }
    std::vector<ValueMeta> metas;
    for (const auto& v : n->outputs_) metas.push_back(v->meta());
    Node* copy = out->createOp(n->op_, std::move(args), std::move(metas));
    copy->kind_ = n->kind_;
    copy->body_ = n->body_;
    for (size_t i = 0; i < n->outputs_.size(); ++i) copyOf[n->outputs_[i].get()] = copy->output(i);
  }
  return out;
}

void Graph::erase(Node* node) {
  TDSL_ASSERT(node->graph_ == this);
  for (auto& v : node->outputs_) TDSL_ASSERT(v->users_.empty());
  removeUses(node);
  nodes_.erase(node->self_);
}

void Graph::moveBefore(Node* node, Node* before) {
  TDSL_ASSERT(node != before);
  auto owned = std::move(*node->self_);
  nodes_.erase(node->self_);
  node->self_ = nodes_.insert(before->self_, std::move(owned));
  assignPosition(node);
}

void Graph::swapContents(Graph& other) {
  nodes_.swap(other.nodes_);
  for (auto& n : nodes_) n->graph_ = this;
  for (auto& n : other.nodes_) n->graph_ = &other;
}

std::vector<Node*> Graph::nodes() const {
  std::vector<Node*> out;
  out.reserve(nodes_.size());
  for (auto& n : nodes_) out.push_back(n.get());
  return out;
}

std::vector<Node*> Graph::opNodes() const {
  std::vector<Node*> out;
  for (auto& n : nodes_)
    if (n->isOp()) out.push_back(n.get());
  return out;
}

}  // namespace tdsl::ir
