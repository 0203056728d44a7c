// TupleObject's layout (Note [Inline tuple items] in src/vm/objects.h): one
// allocation, items right after the header, the three ways to make one, and
// release through the iterative path (Note [Iterative release]) and the
// cycle collector.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "api/standard.h"
#include "vm/gc.h"
#include "vm/interpreter.h"
#include "vm/objects.h"
#include "vm/vm.h"

using namespace tdsl;

namespace {

class Witness : public ExtensionObject {
 public:
  explicit Witness(int* freed) : freed_(freed) {}
  ~Witness() override { ++*freed_; }
  std::string typeName() const override { return "witness"; }

 private:
  int* freed_;
};

Value witness(int* freed) { return Value(makeRef<Witness>(freed)); }

}  // namespace

TEST_CASE("tuple: the items follow the header in the same allocation", "[tuple]") {
  Value t = makeTuple({Value::integer(1), Value::integer(2)});
  auto* tuple = t.as<TupleObject>();
  CHECK(sizeof(TupleObject) == 32);
  CHECK(reinterpret_cast<const char*>(tuple->items.data()) == reinterpret_cast<const char*>(tuple) + sizeof(TupleObject));
  REQUIRE(tuple->items.size() == 2);
  CHECK(tuple->items[0].asInt() == 1);
  CHECK(tuple->items.back().asInt() == 2);
  CHECK(tuple->isPlain());
  Value empty = makeTuple(std::vector<Value>{});
  CHECK(empty.as<TupleObject>()->items.empty());
  CHECK(empty.as<TupleObject>()->items.begin() == empty.as<TupleObject>()->items.end());
}

TEST_CASE("tuple: make copies, moves or fills with None", "[tuple]") {
  Value s = makeStr("item");
  const uint32_t before = s.asObj()->refCount();
  {
    Value copies[] = {s, s};
    Value t = makeTuple(copies, 2);
    CHECK(s.asObj()->refCount() == before + 4);  // two in `copies`, two in the tuple
  }
  CHECK(s.asObj()->refCount() == before);
  {
    std::vector<Value> v{s, s, s};
    Value t = makeTuple(std::move(v));
    CHECK(s.asObj()->refCount() == before + 3);  // moved, not copied
    CHECK(t.as<TupleObject>()->items.size() == 3);
  }
  CHECK(s.asObj()->refCount() == before);
  Ref<TupleObject> blank = TupleObject::make(3, /*isSize=*/true);
  CHECK(blank->isSize());
  for (const Value& v : blank->items) CHECK(v.isNone());
  Value size = makeSize({2, 3});
  CHECK(size.as<TupleObject>()->isSize());
  CHECK(size.as<TupleObject>()->items[1].asInt() == 3);
  ValueSpan span = seqItems(size);
  CHECK(span.size() == 2);
  CHECK(span.toVector()[0].asInt() == 2);
}

TEST_CASE("tuple: dropping a tuple frees its items, nested a million deep without recursion", "[tuple]") {
  int freed = 0;
  {
    Value t = makeTuple({witness(&freed), Value::integer(7)});
    Value nested = makeTuple({t, makeList({t, witness(&freed)})});
    t = Value();
    CHECK(freed == 0);
  }
  CHECK(freed == 2);
  Value chain = makeTuple({witness(&freed)});
  for (int i = 0; i < 1000000; ++i) chain = makeTuple({chain, Value::integer(i)});
  chain = Value();
  CHECK(freed == 3);
  // The same item several times: freed at its last release.
  Value w = witness(&freed);
  Value shared = makeTuple({w, w, makeTuple({w})});
  w = Value();
  shared = Value();
  CHECK(freed == 4);
}

// Note [Releasing tuple trees]: trees of tuples are emptied through a fixed
// array of the tuples below; deeper ones, and every other container, go to
// the work list. Every leaf is freed whatever the depth or the mix.
TEST_CASE("tuple: trees of tuples deeper than the release array, and mixed chains, free every leaf", "[tuple]") {
  int freed = 0;
  std::function<Value(int)> tree = [&](int depth) -> Value {
    if (depth == 0) return makeTuple({witness(&freed), Value()});
    return makeTuple({tree(depth - 1), tree(depth - 1)});
  };
  for (int depth : {1, 23, 24, 25, 26}) {
    freed = 0;
    Value t = depth > 20 ? makeTuple({Value()}) : tree(depth);
    if (depth > 20) {  // a path 'depth' deep with a leaf hanging off every level
      Value chain = makeTuple({witness(&freed), Value()});
      for (int i = 0; i < depth; ++i) chain = makeTuple({chain, makeTuple({witness(&freed)})});
      t = chain;
    }
    t = Value();
    CHECK(freed == (depth > 20 ? depth + 1 : 2));
  }
  freed = 0;
  Value full = tree(12);  // 4096 leaves
  full = Value();
  CHECK(freed == 4096);
  // Tuples, lists and dicts alternating a million deep: neither path recurses.
  freed = 0;
  Value chain = makeTuple({witness(&freed)});
  for (int i = 0; i < 1000000; ++i) {
    if (i % 3 == 0) chain = makeList({chain});
    else chain = makeTuple({chain, witness(&freed)});
  }
  chain = Value();
  CHECK(freed == 1 + 666666);
}

TEST_CASE("tuple: a cycle through a tuple is collected", "[tuple][gc]") {
  StandardInterpreter I;
  GcHeap& heap = I.vm().heap();
  heap.setEnabled(false);
  int freed = 0;
  {
    GcHeap::Scope scope(heap);
    Value list = makeList({});
    Value t = makeTuple({list, witness(&freed)});
    list.as<ListObject>()->append(t);
  }
  CHECK(freed == 0);
  {
    GcHeap::Scope scope(heap);
    CHECK(heap.collect() == 3);  // the list, the tuple and the witness (an extension object is tracked)
  }
  CHECK(freed == 1);
}

TEST_CASE("tuple: big and named tuples keep their count and type in a prefix", "[tuple]") {
  for (size_t n : {size_t(65534), size_t(65535), size_t(70001)}) {
    std::vector<Value> items;
    for (size_t i = 0; i < n; ++i) items.push_back(Value::integer(static_cast<int64_t>(i)));
    Value t = makeTuple(std::move(items));
    auto* tuple = t.as<TupleObject>();
    REQUIRE(tuple->items.size() == n);
    CHECK(tuple->items.back().asInt() == static_cast<int64_t>(n - 1));
    CHECK(reinterpret_cast<const char*>(tuple->items.data()) == reinterpret_cast<const char*>(tuple) + sizeof(TupleObject));
    CHECK(tuple->isPlain());
  }
  StandardInterpreter I;
  // Released through the iterative path (popBack lowers the prefix's count).
  Value v = I.runSource("test.td", "t = tuple([[i] for i in range(70000)])\nlen(t), t[69999][0]");
  CHECK(I.repr(v) == "(70000, 69999)");
  I.runSource("test.td", "t = None");
  Value named = I.runSource("test.td",
                            "import collections\nP = collections.namedtuple('P', 'x y')\np = P(1, [2])\nrepr(p), p.y[0], len(p)");
  CHECK(I.repr(named) == "('P(x=1, y=[2])', 2, 2)");
  Value size = I.runSource("test.td", "import torch\ns = torch.zeros(2, 3).shape\nrepr(s), repr(s[1:]), s == (2, 3)");
  CHECK(I.repr(size) == "('torch.Size([2, 3])', 'torch.Size([3])', True)");
}
