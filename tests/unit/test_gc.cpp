// Cycle collector tests (Note [Cycle collector] in src/vm/gc.h): what is
// freed, what survives, gc.collect() counts, automatic collection, and two
// interpreters side by side. A Witness object records its own destruction:
// put one inside a cycle, and it is freed exactly when the cycle is. Tests
// that count turn the automatic trigger off first (manual() below), so they
// hold under cmake -DTDSL_GC_STRESS=ON as well.
#include <catch2/catch.hpp>

#include <string>
#include <thread>

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

Value eval(Interpreter& I, const std::string& src) { return I.runSource("test.td", src); }

int64_t collect(Interpreter& I) { return eval(I, "import gc\ngc.collect()").asInt(); }

// Only explicit collections from here on (gc.disable() from the host side).
Interpreter& manual(Interpreter& I) {
  I.vm().heap().setEnabled(false);
  return I;
}

}  // namespace

TEST_CASE("gc: a self-referencing list is freed", "[gc]") {
  StandardInterpreter I;
  manual(I);
  int freed = 0;
  I.setGlobal("w", Value(makeRef<Witness>(&freed)));
  eval(I, "a = [w]\na.append(a)\nw = None\na = None");
  CHECK(freed == 0);  // reference counting alone keeps the cycle
  CHECK(collect(I) == 1);
  CHECK(freed == 1);
  CHECK(collect(I) == 0);
}

TEST_CASE("gc: a dict that holds itself is freed", "[gc]") {
  StandardInterpreter I;
  manual(I);
  int freed = 0;
  I.setGlobal("w", Value(makeRef<Witness>(&freed)));
  eval(I, "d = {'w': w}\nd['self'] = d\nd[(1, 'k')] = [d]\nw = None\nd = None");
  CHECK(freed == 0);
  CHECK(collect(I) == 3);  // the dict, the tuple key and the list
  CHECK(freed == 1);
}

TEST_CASE("gc: mutual references and closure cycles are freed", "[gc]") {
  StandardInterpreter I;
  manual(I);
  int freed = 0;
  I.setGlobal("w", Value(makeRef<Witness>(&freed)));
  eval(I,
       "x = [w]\ny = [x]\nx.append(y)\n"
       "def make(v):\n    def f():\n        return f, v\n    return f\n"
       "g = make(w)\nw = None\nx = None\ny = None\ng = None");
  CHECK(freed == 0);
  // x and y; the function f, its cell (f refers to itself) and the cell of v.
  CHECK(collect(I) == 5);
  CHECK(freed == 1);
}

TEST_CASE("gc: a cycle reachable from a global is not freed", "[gc]") {
  StandardInterpreter I;
  manual(I);
  int freed = 0;
  I.setGlobal("w", Value(makeRef<Witness>(&freed)));
  eval(I, "keep = [w]\nkeep.append(keep)\nw = None");
  CHECK(collect(I) == 0);
  CHECK(freed == 0);
  CHECK(I.repr(eval(I, "len(keep), keep[1] is keep")) == "(2, True)");
  eval(I, "keep = None");
  CHECK(collect(I) == 1);
  CHECK(freed == 1);
}

TEST_CASE("gc: objects referenced from outside survive with their contents", "[gc]") {
  StandardInterpreter I;
  manual(I);
  int freed = 0;
  I.setGlobal("w", Value(makeRef<Witness>(&freed)));
  Value held = eval(I, "a = [w, 7]\na.append(a)\nw = None\na");
  eval(I, "a = None");
  CHECK(collect(I) == 0);  // the host's reference is external: the whole cycle lives
  CHECK(freed == 0);
  REQUIRE(held.isObj(ObjKind::List));
  const auto& items = held.as<ListObject>()->items;
  REQUIRE(items.size() == 3);
  CHECK(items[1].asInt() == 7);
  CHECK(items[2].asObj() == held.asObj());
  // A container the host made holds a cycle member: still external.
  Value outer = makeList({held});
  held = Value();
  CHECK(collect(I) == 0);
  CHECK(freed == 0);
  outer = Value();
  CHECK(collect(I) == 1);
  CHECK(freed == 1);
}

TEST_CASE("gc: gc.collect() returns the number of unreachable objects", "[gc]") {
  StandardInterpreter I;
  manual(I);
  CHECK(I.repr(eval(I,
                    "import gc\n"
                    "def cycles(n):\n"
                    "    for i in range(n):\n"
                    "        c = [i]\n"
                    "        c.append(c)\n"
                    "def pairs(n):\n"
                    "    for i in range(n):\n"
                    "        a = {}\n"
                    "        b = {'a': a}\n"
                    "        a['b'] = b\n"
                    "gc.collect()\n"
                    "cycles(25)\n"
                    "r1 = gc.collect()\n"
                    "pairs(10)\n"
                    "r2 = gc.collect()\n"
                    "r1, r2, gc.collect()")) == "(25, 20, 0)");
  CHECK(I.repr(eval(I, "gc.isenabled()")) == "False");
  CHECK(I.repr(eval(I, "gc.enable()\ngc.isenabled()")) == "True");
}

TEST_CASE("gc: automatic collection keeps cyclic garbage bounded", "[gc]") {
  StandardInterpreter I;
  eval(I,
       "def churn(n):\n"
       "    for i in range(n):\n"
       "        c = [i]\n"
       "        c.append(c)\n"
       "churn(100000)");
  GcHeap& heap = I.vm().heap();
  CHECK(heap.collections() > 0);
  CHECK(collect(I) <= static_cast<int64_t>(kGcMinThreshold) + 100);
  // Disabling stops the automatic trigger only.
  eval(I, "import gc\ngc.disable()");
  size_t before = heap.collections();
  eval(I, "churn(30000)");
  CHECK(heap.collections() == before);
  CHECK(collect(I) == 30000);
  eval(I, "gc.enable()");
  CHECK(heap.enabled());
}

TEST_CASE("gc: deep structures are collected without deep recursion", "[gc]") {
  StandardInterpreter I;
  manual(I);
  CHECK(I.repr(eval(I,
                    "import gc\n"
                    "def chain(n):\n"
                    "    head = []\n"
                    "    x = head\n"
                    "    for i in range(n):\n"
                    "        y = []\n"
                    "        x.append(y)\n"
                    "        x = y\n"
                    "    x.append(head)\n"
                    "chain(300000)\n"
                    "gc.collect()")) == "300001");
}

TEST_CASE("gc: a compiled function in a cycle through its backend's callable is freed", "[gc][compile]") {
  StandardInterpreter I;
  manual(I);
  int freed = 0;
  I.setGlobal("w", Value(makeRef<Witness>(&freed)));
  eval(I,
       "import torch\n"
       "def make(witness):\n"
       "    holder = [witness]\n"
       "    def backend(gm, example_inputs):\n"
       "        return lambda a: (holder, gm.forward(a))[1]\n"
       "    f = torch.compile(lambda x: x * 2, backend=backend)\n"
       "    holder.append(f)\n"
       "    return f(torch.ones(3)).sum().item()\n"
       "r = make(w)\n"
       "w = None");
  CHECK(eval(I, "r").asFloat() == 6.0);
  CHECK(freed == 0);
  CHECK(collect(I) > 0);
  CHECK(freed == 1);
}

TEST_CASE("gc: two interpreters in one process do not interfere", "[gc]") {
  int freedA = 0, freedB = 0;
  StandardInterpreter a, b;
  manual(a);
  manual(b);
  a.setGlobal("w", Value(makeRef<Witness>(&freedA)));
  b.setGlobal("w", Value(makeRef<Witness>(&freedB)));
  eval(a, "keep = [w]\nkeep.append(keep)\nw = None\ng = [1]\ng.append(g)\ng = None");
  eval(b, "x = [w]\nx.append(x)\nw = None\nx = None");
  // b's collection sees only b's objects; a's garbage waits for a's.
  CHECK(collect(b) == 1);
  CHECK(freedB == 1);
  CHECK(freedA == 0);
  CHECK(collect(a) == 1);
  CHECK(freedA == 0);  // a's witness is in the cycle a's global keeps
  // A value passed from one interpreter to the other stays alive in both.
  b.setGlobal("foreign", a.getGlobal("keep"));
  eval(a, "keep = None");
  CHECK(collect(a) == 0);  // b holds it (from outside a's tracked objects)
  CHECK(freedA == 0);
  eval(b, "foreign = None");
  CHECK(collect(a) == 1);
  CHECK(freedA == 1);

  // On two threads at once, each interpreter tracks and collects its own
  // (the scripts are compiled here first: only running them is concurrent).
  const char* churn =
      "def churn(n):\n"
      "    for i in range(n):\n"
      "        c = {'i': i}\n"
      "        c['c'] = c\n"
      "    return n\n";
  StandardInterpreter t1I, t2I;
  eval(t1I, churn);
  eval(t2I, churn);
  auto work = [](Interpreter* I, size_t* automatic, size_t* found) {
    Value fn = I->getGlobal("churn");
    for (int round = 0; round < 4; ++round) I->call(fn, std::vector<Value>{Value::integer(20000)});
    *automatic = I->vm().heap().collections();
    *found = I->vm().heap().collect();
  };
  size_t auto1 = 0, auto2 = 0, found1 = 0, found2 = 0;
  std::thread t1(work, &t1I, &auto1, &found1), t2(work, &t2I, &auto2, &found2);
  t1.join();
  t2.join();
  CHECK(auto1 > 0);
  CHECK(auto2 > 0);
  CHECK(found1 < 20000);  // automatic collections kept up on both threads
  CHECK(found2 < 20000);
  CHECK(collect(t1I) == 0);
  CHECK(collect(t2I) == 0);
}

TEST_CASE("gc: teardown frees every cycle; values the host holds stay valid", "[gc]") {
  int freed = 0;
  Value held;
  {
    StandardInterpreter I;
    I.setGlobal("w", Value(makeRef<Witness>(&freed)));
    held = eval(I,
                "def f():\n    return f\n"       // function <-> globals
                "c = [w]\nc.append(c)\n"         // a cycle a global keeps
                "h = [1, 2]\nh.append(h)\nh");   // a cycle the host keeps
  }
  CHECK(freed == 1);
  REQUIRE(held.isObj(ObjKind::List));
  auto& items = held.as<ListObject>()->items;
  REQUIRE(items.size() == 3);
  CHECK(items[0].asInt() == 1);
  // The interpreter is gone: breaking the host's cycle is the host's job.
  items.pop_back();
}
