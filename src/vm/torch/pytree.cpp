#include "vm/torch/pytree.h"

#include "vm/torch/dispatch.h"
#include "vm/value_ops.h"

namespace tdsl {

bool isTreeNode(const Value& v) { return v.isObj(ObjKind::Tuple) || v.isObj(ObjKind::List) || v.isObj(ObjKind::Dict); }

namespace {

// PyTorch 2's TreeSpec.__repr__: the first child after "[", each later one
// on its own line, indented two spaces per level.
std::string treeSpecText(Interpreter& interp, const Value& v, int indent) {
  if (!isTreeNode(v)) return "*";
  std::string kind = v.isObj(ObjKind::Tuple) ? "tuple" : v.isObj(ObjKind::List) ? "list" : "dict";
  std::string context = "None";
  if (v.isObj(ObjKind::Dict)) {
    context = "[";
    bool first = true;
    for (const auto& kv : v.as<DictObject>()->entries) {
      context += (first ? "" : ", ") + repr(interp, kv.first);
      first = false;
    }
    context += "]";
  }
  std::string children;
  bool first = true;
  for (const Value& c : treeChildren(v)) {
    children += (first ? "" : ",\n" + std::string(static_cast<size_t>(indent + 2), ' ')) + treeSpecText(interp, c, indent + 2);
    first = false;
  }
  return "TreeSpec(" + kind + ", " + context + ", [" + children + "])";
}

}  // namespace

std::string treeSpecText(Interpreter& interp, const Value& v) { return treeSpecText(interp, v, 0); }

std::vector<Value> treeChildren(const Value& node) {
  if (node.isObj(ObjKind::Dict)) {
    std::vector<Value> out;
    for (const auto& kv : node.as<DictObject>()->entries) out.push_back(kv.second);
    return out;
  }
  return listItems(node).toVector();
}

Value treeRebuild(const Value& node, std::vector<Value> children) {
  if (node.isObj(ObjKind::Tuple)) {
    // A named tuple (torch.return_types.cummax, ...) keeps its type and fields, as in PyTorch.
    if (const NamedTupleType* type = node.as<TupleObject>()->named()) return makeNamedTuple(*type, std::move(children));
    return makeTuple(std::move(children));
  }
  if (node.isObj(ObjKind::List)) return makeList(std::move(children));
  auto d = makeRef<DictObject>();
  size_t i = 0;
  for (const auto& kv : node.as<DictObject>()->entries) d->set(kv.first, children[i++]);
  return Value(d);
}

bool sameNode(Interpreter& interp, const Value& a, const Value& b) {
  if (!isTreeNode(a) || !isTreeNode(b)) return false;
  if (a.isObj(ObjKind::Tuple) != b.isObj(ObjKind::Tuple) || a.isObj(ObjKind::List) != b.isObj(ObjKind::List)) return false;
  if (treeChildren(a).size() != treeChildren(b).size()) return false;
  if (!a.isObj(ObjKind::Dict)) return true;
  const auto& ea = a.as<DictObject>()->entries;
  const auto& eb = b.as<DictObject>()->entries;
  for (size_t i = 0; i < ea.size(); ++i)
    if (!valuesEqual(interp, ea[i].first, eb[i].first)) return false;
  return true;
}

}  // namespace tdsl
