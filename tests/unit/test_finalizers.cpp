// Finalizers (Note [Finalizers] in src/vm/gc.h) and closing dropped
// generators (Note [Closing dropped generators] in src/vm/generators.h):
// when a dropped generator is closed, what a failing finalizer prints,
// resurrection, finalizers queued by collections, deferral while blocked,
// interpreter exit and generators the host outlives the interpreter with.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "api/standard.h"
#include "vm/gc.h"
#include "vm/generators.h"
#include "vm/interpreter.h"
#include "vm/vm.h"

using namespace tdsl;

namespace {

// An interpreter whose stdout and stderr go to strings that outlive it.
struct Captured {
  std::shared_ptr<std::string> out = std::make_shared<std::string>();
  std::shared_ptr<std::string> err = std::make_shared<std::string>();
  std::unique_ptr<StandardInterpreter> interp = std::make_unique<StandardInterpreter>();
  Captured() {
    auto o = out;
    auto e = err;
    interp->stdoutSink = [o](std::string_view s) { o->append(s); };
    interp->stderrSink = [e](std::string_view s) { e->append(s); };
  }
  Value run(const std::string& src) { return interp->runSource("test.td", src); }
};

const char kGen[] =
    "def g(name):\n"
    "    try:\n"
    "        yield 1\n"
    "    finally:\n"
    "        print('closed', name)\n";

}  // namespace

TEST_CASE("finalizers: a dropped generator is closed before the next statement", "[finalizers]") {
  Captured c;
  c.run(std::string(kGen) +
        "it = g('a'); next(it); it = None; print('after a')\n"
        "def f():\n"
        "    it = g('b'); next(it)\n"
        "    return 1\n"
        "print(f(), 'after b')\n"
        "x = [g('c')]; next(x[0]); x.pop(); print('after c')\n");
  CHECK(*c.out == "closed a\nafter a\nclosed b\n1 after b\nclosed c\nafter c\n");
  CHECK(c.err->empty());
}

TEST_CASE("finalizers: the last statement's drop is finalized before runSource returns", "[finalizers]") {
  Captured c;
  c.run(std::string(kGen) + "it = g('last'); next(it)");
  CHECK(c.out->empty());
  c.run("it = None");
  CHECK(*c.out == "closed last\n");
}

TEST_CASE("finalizers: unstarted, finished and handler-less generators run nothing", "[finalizers]") {
  Captured c;
  c.run(std::string(kGen) +
        "def plain():\n    yield 1\n    yield 2\n"
        "a = g('never'); a = None\n"
        "b = g('done'); list(b); b = None\n"
        "p = plain(); next(p); p = None\n"
        "print('end')\n");
  CHECK(*c.out == "closed done\nend\n");
}

TEST_CASE("finalizers: an error in a finalizer is printed as CPython's and ignored", "[finalizers]") {
  Captured c;
  c.run(
      "def ex():\n"
      "    try:\n"
      "        yield 1\n"
      "    finally:\n"
      "        raise ValueError('boom')\n"
      "e = ex(); next(e); e = None; print('after')\n");
  CHECK(*c.out == "after\n");
  CHECK(c.err->rfind("Exception ignored in: <generator object ex at 0x", 0) == 0);
  CHECK(c.err->find("error: ValueError: boom") != std::string::npos);
}

TEST_CASE("finalizers: yielding in finally during close is a RuntimeError, once", "[finalizers]") {
  Captured c;
  c.run(
      "def yf():\n"
      "    try:\n"
      "        yield 1\n"
      "    finally:\n"
      "        print('in finally')\n"
      "        yield 2\n"
      "keep = []\n"
      "y = yf(); next(y); y = None; print('after')\n");
  CHECK(*c.out == "in finally\nafter\n");
  CHECK(c.err->find("RuntimeError: generator ignored GeneratorExit") != std::string::npos);
  c.interp.reset();  // exit: the generator is not closed a second time
  CHECK(*c.out == "in finally\nafter\n");
}

TEST_CASE("finalizers: a generator in a cycle is closed by the collection, then freed", "[finalizers]") {
  Captured c;
  c.interp->vm().heap().setEnabled(false);
  Value n = c.run(std::string(kGen) +
                  "import gc\n"
                  "c = g('cycle'); next(c); box = [c]; box.append(box); del c, box\n"
                  "print('before')\n"
                  "gc.collect()\n");
  CHECK(*c.out == "before\nclosed cycle\n");
  CHECK(n.asInt() >= 2);  // the cycle, once closed
  CHECK(c.run("import gc\ngc.collect()").asInt() == 0);
}

TEST_CASE("finalizers: a finalizer that resurrects its cycle keeps it alive", "[finalizers]") {
  Captured c;
  c.interp->vm().heap().setEnabled(false);
  c.run(
      "import gc\n"
      "saved = []\n"
      "def g(box):\n"
      "    try:\n"
      "        yield 1\n"
      "    finally:\n"
      "        saved.append(box)\n"
      "box = []\n"
      "it = g(box); box.append(it); next(it)\n"
      "del it, box\n"
      "gc.collect()\n"
      "print(len(saved), len(saved[0]), saved[0][0])\n"
      "print(list(saved[0][0]))\n"
      "saved.clear()\n"
      "print(gc.collect())\n");
  // CPython 3.11 prints the same: the closed generator no longer holds the
  // box, so plain reference counting frees what is left.
  CHECK(c.out->find("1 1 <generator object g at 0x") == 0);
  CHECK(c.out->find("[]\n0\n") != std::string::npos);
  CHECK(c.err->empty());
}

TEST_CASE("finalizers: the automatic collection queues and runs finalizers", "[finalizers]") {
  Captured c;
  c.run(std::string(kGen) +
        "for i in range(3):\n"
        "    c = g(i); next(c); box = [c]; box.append(box)\n"
        "del c, box\n"
        "junk = []\n"
        "for i in range(30000):\n"
        "    x = [i]; x.append(x)\n"
        "print('end')\n");
  // Each cycle is closed at the first safe point after the collection that
  // found it, so every "closed" comes before "end".
  CHECK(*c.out == "closed 0\nclosed 1\nclosed 2\nend\n");
}

TEST_CASE("finalizers: blocked finalizers wait for the first safe point after", "[finalizers]") {
  Captured c;
  c.run(std::string(kGen) + "it = g('b'); next(it)\n");
  GcHeap& heap = c.interp->vm().heap();
  heap.blockFinalizers();
  c.run("it = None\nprint('while blocked')\n");
  CHECK(*c.out == "while blocked\n");
  heap.unblockFinalizers();
  c.run("print('unblocked')\n");
  CHECK(*c.out == "while blocked\nclosed b\nunblocked\n");
}

TEST_CASE("finalizers: interpreter exit closes what the globals hold, in order", "[finalizers]") {
  Captured c;
  c.run(std::string(kGen) +
        "a = g('first'); next(a)\n"
        "held = [g('in list')]; next(held[0])\n"
        "b = g('second'); next(b)\n"
        "print('end')\n");
  CHECK(*c.out == "end\n");
  c.interp.reset();
  CHECK(*c.out == "end\nclosed first\nclosed in list\nclosed second\n");
}

TEST_CASE("finalizers: a generator the host keeps past the interpreter is released, not run", "[finalizers]") {
  Value kept;
  std::shared_ptr<std::string> out;
  {
    Captured c;
    out = c.out;
    kept = c.run(std::string(kGen) + "it = g('host'); next(it)\nit");
    c.interp->setGlobal("it", Value());
  }
  REQUIRE(generatorOf(kept) != nullptr);
  kept = Value();  // no interpreter: the frame is released unclosed, no crash
  CHECK(out->empty());
}

TEST_CASE("finalizers: a limit inside a finalizer is not ignored", "[finalizers]") {
  Captured c;
  c.run(
      "def spin():\n"
      "    try:\n"
      "        yield 1\n"
      "    finally:\n"
      "        while True:\n"
      "            pass\n"
      "s = spin(); next(s)\n");
  c.interp->setLimits(100000, std::chrono::steady_clock::time_point::max());
  CHECK_THROWS_WITH(c.run("s = None\nprint('not reached')\n"), Catch::Contains("step limit exceeded"));
  CHECK(c.out->find("not reached") == std::string::npos);
  c.interp->setLimits(0, std::chrono::steady_clock::time_point::max());
}

TEST_CASE("finalizers: a generator in a cycle left at exit is closed at exit", "[finalizers]") {
  Captured c;
  c.interp->vm().heap().setEnabled(false);
  c.run(std::string(kGen) + "c = g('cycle'); next(c); box = [c]; box.append(box); del c, box\nprint('end')\n");
  CHECK(*c.out == "end\n");
  c.interp.reset();
  CHECK(*c.out == "end\nclosed cycle\n");  // CPython 3.11 prints the same
}
