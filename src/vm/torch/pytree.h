// The few pytree notions torch.func needs: a value is a tree of tuples,
// lists and dicts whose other values are leaves (PyTorch's torch.utils._pytree).
#pragma once

#include <string>

#include "vm/objects.h"

namespace tdsl {

class Interpreter;

bool isTreeNode(const Value& v);  // a tuple, list or dict
// PyTorch 2's TreeSpec text: "TreeSpec(tuple, None, [*,\n  TreeSpec(dict, ['a'], [*])])" (later
// children on lines of their own, indented two spaces per level), a leaf "*".
std::string treeSpecText(Interpreter& interp, const Value& v);
// The children of a tree node, in order (a dict's values).
std::vector<Value> treeChildren(const Value& node);
// A node like `node` (of its type: a named tuple stays one) with `children` in place of its own.
Value treeRebuild(const Value& node, std::vector<Value> children);
// Whether `a` and `b` are nodes of the same kind with the same arity (and keys).
bool sameNode(Interpreter& interp, const Value& a, const Value& b);

}  // namespace tdsl
