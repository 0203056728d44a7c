// Syntax of class, try, with and raise (issue 15): what parses, to which AST,
// and the errors Python gives, at the place it points to.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "frontend/ast.h"
#include "frontend/parser.h"

using namespace tdsl;

namespace {

std::string syntaxErrorAt(const std::string& text) {
  auto file = std::make_shared<SourceFile>(SourceFile{"bad.td", text});
  try {
    parseModule(file);
  } catch (const Error& e) {
    CHECK(e.kind == ErrorKind::Syntax);
    return e.message + " @ " + std::to_string(e.where.begin.line) + ":" + std::to_string(e.where.begin.col);
  }
  FAIL("no syntax error for: " << text);
  throw;  // unreachable
}

std::unique_ptr<ast::Module> parse(const std::string& text) {
  return parseModule(std::make_shared<SourceFile>(SourceFile{"ok.td", text}));
}

}  // namespace

TEST_CASE("lang: class, try, with and raise parse to their statements", "[frontend][lang]") {
  auto m = parse("@d\nclass A(B):\n    x = 1\ntry:\n    pass\nexcept (E, F) as e:\n    raise\nexcept:\n    raise X from e\n"
                 "else:\n    pass\nfinally:\n    pass\nwith a as b, c:\n    pass\n");
  REQUIRE(m->body.size() == 3);
  auto* c = m->body[0]->as<ast::ClassDef>();
  REQUIRE(c);
  CHECK(c->name == "A");
  CHECK(c->bases.size() == 1);
  CHECK(c->decorators.size() == 1);
  auto* t = m->body[1]->as<ast::Try>();
  REQUIRE(t);
  REQUIRE(t->handlers.size() == 2);
  CHECK(t->handlers[0].name == "e");
  CHECK(t->handlers[0].type->is<ast::Tuple>());
  CHECK(!t->handlers[1].type);
  CHECK(t->handlers[0].body[0]->as<ast::Raise>()->exc == nullptr);
  CHECK(t->handlers[1].body[0]->as<ast::Raise>()->cause != nullptr);
  CHECK(t->orelse.size() == 1);
  CHECK(t->finalbody.size() == 1);
  auto* w = m->body[2]->as<ast::With>();
  REQUIRE(w);
  REQUIRE(w->items.size() == 2);
  CHECK(w->items[0].target);
  CHECK(!w->items[1].target);
}

TEST_CASE("lang: errors in class, try and with statements", "[frontend][syntax][lang]") {
  CHECK(syntaxErrorAt("try:\n    pass\nexcept:\n    pass\nexcept ValueError:\n    pass\n") ==
        "default 'except:' must be last @ 3:1");
  CHECK(syntaxErrorAt("try:\nx = 1\n") == "expected an indented block after 'try' statement on line 1 @ 2:1");
  CHECK(syntaxErrorAt("class A:\nx = 1\n") == "expected an indented block after class definition on line 1 @ 2:1");
  CHECK(syntaxErrorAt("with a:\nx = 1\n") == "expected an indented block after 'with' statement on line 1 @ 2:1");
  CHECK(syntaxErrorAt("try:\n    pass\nx = 1\n") == "expected 'except' or 'finally' block @ 3:1");
  CHECK(syntaxErrorAt("with f() as g():\n    pass\n") == "cannot assign to function call @ 1:13");
  CHECK(syntaxErrorAt("class A:\n    return 1\n") == "'return' outside function @ 2:5");
}
