// AttrObject: a script-visible object with a fixed type name, repr and a
// list of attributes — what torch.compile hands a custom backend (Graph,
// GraphModule, Node; backends.cpp) and what tdsl.explain returns
// (ExplainOutput; function.cpp).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vm/gc.h"
#include "vm/objects.h"

namespace tdsl {

class AttrObject : public ExtensionObject {
 public:
  AttrObject(std::string type, std::string repr) : type_(std::move(type)), repr_(std::move(repr)) {}
  std::string typeName() const override { return type_; }
  std::string repr() const override { return repr_; }
  const Value* getAttr(std::string_view name) const override {
    for (auto& [k, v] : attrs)
      if (k == name) return &v;
    return nullptr;
  }
  void gcTraverse(GcVisitor& v) override {
    for (auto& kv : attrs) v.visit(kv.second);
  }
  void gcClear(std::vector<Value>& out) override {
    for (auto& kv : attrs) out.push_back(std::move(kv.second));
    attrs.clear();
  }
  std::vector<std::pair<std::string, Value>> attrs;

 private:
  std::string type_, repr_;
};

}  // namespace tdsl
