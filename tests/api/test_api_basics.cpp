// The embedding API through its public header only (issue 14): running
// source, globals, calls and conversions both ways, errors, output sinks.
#include <tdsl/tdsl.h>

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

namespace {

tdsl::Error errorOf(tdsl::Interpreter& interp, const std::string& source) {
  tdsl::Result r = interp.tryExec(source, "test.td");
  REQUIRE_FALSE(r.ok());
  return *r.error;
}

}  // namespace

TEST_CASE("two interpreters do not see each other's globals", "[api]") {
  tdsl::Interpreter a, b;
  a.exec("x = 1\n");
  b.exec("x = 'two'\n");
  CHECK(a.get<int64_t>("x") == 1);
  CHECK(b.get<std::string>("x") == "two");
  a.exec("y = x + 1\n");
  CHECK_FALSE(b.has("y"));
  tdsl::Error e = errorOf(b, "print(y)\n");
  CHECK(e.kind() == tdsl::ErrorKind::NameError);
  CHECK(e.message() == "name 'y' is not defined");
}

TEST_CASE("eval returns the last expression's value", "[api]") {
  tdsl::Interpreter interp;
  CHECK(interp.eval("2 ** 10").as<int64_t>() == 1024);
  CHECK(interp.eval("1.5 * 2").as<double>() == 3.0);
  CHECK(interp.eval("x = 3").isNone());
  CHECK(interp.eval("[x, 'a', None]").repr() == "[3, 'a', None]");
}

TEST_CASE("C++ values convert to script values and back", "[api]") {
  tdsl::Interpreter interp;
  interp.set("flag", true);
  interp.set("n", int64_t(-7));
  interp.set("small", 3);
  interp.set("d", 0.25);
  interp.set("s", std::string("héllo"));
  interp.set("xs", std::vector<int64_t>{1, 2, 3});
  interp.set("nested", std::vector<std::vector<double>>{{1.5}, {}, {2.0, 3.0}});
  interp.set("m", std::map<std::string, int>{{"a", 1}, {"b", 2}});
  interp.set("nothing", nullptr);
  CHECK(interp.eval("(type(flag).__name__, type(n).__name__, type(d).__name__, type(s).__name__)").repr() ==
        "('bool', 'int', 'float', 'str')");
  CHECK(interp.eval("n * small").as<int64_t>() == -21);
  CHECK(interp.eval("sum(xs)").as<int64_t>() == 6);
  CHECK(interp.eval("nested").repr() == "[[1.5], [], [2.0, 3.0]]");
  CHECK(interp.eval("m['b'] + len(m)").as<int>() == 4);
  CHECK(interp.eval("nothing is None").as<bool>());
  CHECK(interp.eval("len(s)").as<int64_t>() == 5);

  interp.exec("out = {'k': [1, 2], 'j': []}\nt = (1, 2.5)\n");
  auto m = interp.get<std::map<std::string, std::vector<int64_t>>>("out");
  CHECK(m.size() == 2);
  CHECK(m["k"] == std::vector<int64_t>{1, 2});
  CHECK(interp.get("t").kind() == tdsl::Value::Kind::Tuple);
  CHECK(interp.get<std::vector<double>>("t") == std::vector<double>{1.0, 2.5});
  CHECK(interp.get<std::optional<int>>("nothing") == std::nullopt);
  CHECK(interp.get<std::optional<int>>("small") == 3);
}

TEST_CASE("wrong conversions are Python's TypeError", "[api]") {
  tdsl::Interpreter interp;
  interp.exec("s = 'x'\nf = 1.5\n");
  try {
    interp.get<double>("s");
    FAIL("no error");
  } catch (const tdsl::Error& e) {
    CHECK(e.kind() == tdsl::ErrorKind::TypeError);
    CHECK(e.message() == "must be float, not str");
  }
  CHECK_THROWS_WITH(interp.get<int64_t>("f"), "must be int, not float");
  CHECK_THROWS_WITH(interp.get<std::vector<int>>("s"), "must be list or tuple, not str");
  interp.set("big", int64_t(1) << 40);
  CHECK_THROWS_WITH(interp.get<int32_t>("big"), "Python int too large to convert to C int");
}

TEST_CASE("script functions are callables held by the host", "[api]") {
  tdsl::Value f;
  {
    tdsl::Interpreter interp;
    interp.exec("def add(a, b=10):\n    return a + b\n");
    f = interp.get("add");
    CHECK(f.isCallable());
    CHECK(interp.call("add", 1, 2).as<int64_t>() == 3);
    CHECK(f(5).as<int64_t>() == 15);
    CHECK(interp.call(f, std::string("a"), std::string("b")).as<std::string>() == "ab");
    CHECK(interp.callv(f, {interp.integer(1)}, {{"b", interp.integer(-1)}}).as<int64_t>() == 0);
    interp.exec("add = None\n");  // the handle keeps the function alive
    CHECK(f(1, 1).as<int64_t>() == 2);
    tdsl::Result r = interp.tryCall(f, {});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->message() == "add() missing 1 required positional argument: 'a'");
  }
  // The interpreter is gone: the handle says so instead of crashing.
  CHECK_THROWS_WITH(f(1), "the interpreter that made this value no longer exists");
}

TEST_CASE("a value of one interpreter cannot be passed to another", "[api]") {
  tdsl::Interpreter a, b;
  tdsl::Value xs = a.eval("[1, 2]");
  CHECK_THROWS_WITH(b.setValue("xs", xs), "a value of another interpreter cannot be passed to this one");
  b.setValue("n", a.eval("41"));  // immediates go anywhere
  CHECK(b.eval("n + 1").as<int>() == 42);
}

TEST_CASE("errors carry kind, location and traceback", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Error e = errorOf(interp, "def f(x):\n    return x[3]\n\nf([1])\n");
  CHECK(e.kind() == tdsl::ErrorKind::IndexError);
  CHECK(e.message() == "list index out of range");
  CHECK(e.file() == "test.td");
  CHECK(e.line() == 2);
  CHECK(e.column() == 12);
  CHECK(e.traceback() == "  in f at test.td:4\n");
  CHECK(e.report().find("test.td:2:12: error: list index out of range\n") == 0);

  tdsl::Error s = errorOf(interp, "x = (1,\n");
  CHECK(s.kind() == tdsl::ErrorKind::SyntaxError);
  CHECK(s.file() == "test.td");
  CHECK_THROWS_AS(interp.exec("1 / 0\n"), tdsl::Error);
  CHECK(errorOf(interp, "1 / 0\n").kind() == tdsl::ErrorKind::ZeroDivisionError);
  tdsl::Error exit = errorOf(interp, "import sys\nsys.exit(3)\n");
  CHECK(exit.kind() == tdsl::ErrorKind::SystemExit);
  CHECK(exit.exitStatus() == 3);
  // The interpreter stays usable after each error.
  CHECK(interp.eval("1 + 1").as<int>() == 2);
}

TEST_CASE("print goes to the host's sinks", "[api]") {
  tdsl::Interpreter interp;
  std::string out, err;
  interp.setOutput([&](std::string_view s) { out += s; });
  interp.exec("print('a', 1, [2.5])\nimport sys\nsys.stdout.write('b\\n')\nprint('oops', file=sys.stderr)\n");
  CHECK(out == "a 1 [2.5]\nb\n");
  CHECK(err.empty());
  interp.setErrorOutput([&](std::string_view s) { err += s; });
  interp.exec("sys.stderr.write('e1\\n')\nprint('e2', file=sys.stderr, end='')\n");
  CHECK(err == "e1\ne2");
  CHECK(out == "a 1 [2.5]\nb\n");
}

TEST_CASE("execFile runs a file and reports unreadable ones", "[api]") {
  tdsl::Interpreter interp;
  tdsl::Result r = interp.tryExecFile("/nonexistent/dir/script.td");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind() == tdsl::ErrorKind::RuntimeError);
  CHECK(r.error->message() == "can't open file '/nonexistent/dir/script.td': [Errno 2] No such file or directory");
}
