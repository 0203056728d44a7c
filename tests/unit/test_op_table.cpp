// The op table's consistency (STYLE.md practice 1) and the schema parser.
#include <catch2/catch.hpp>

#include <set>

#include "ops/op_table.h"
#include "ops/schema.h"
#include "vm/objects.h"
#include "vm/torch/op_results.h"

using namespace tdsl;
using namespace tdsl::ir;

TEST_CASE("schema parser: names, overloads, alias annotations, defaults", "[op_table][schema]") {
  Schema s = parseSchema("add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
  CHECK(s.name == "add_");
  CHECK(s.overload == "Tensor");
  CHECK(s.fullName() == "add_.Tensor");
  CHECK(s.isInplaceName());
  CHECK(s.baseName() == "add");
  REQUIRE(s.args.size() == 3);
  CHECK(s.args[0].alias.set == 'a');
  CHECK(s.args[0].alias.isWrite);
  CHECK_FALSE(s.args[1].alias.annotated());
  CHECK(s.args[2].kwOnly);
  CHECK(s.args[2].type == ArgType::Scalar);
  CHECK(s.args[2].hasDefault);
  CHECK(s.args[2].defaultValue.kind == ArgDefault::Kind::Int);
  CHECK(s.args[2].defaultValue.i == 1);
  REQUIRE(s.returns.size() == 1);
  CHECK(s.returns[0].alias.set == 'a');
  CHECK(s.returns[0].alias.isWrite);
  CHECK(s.numPositional() == 2);
}

TEST_CASE("schema parser: optional, lists, tuples of returns", "[op_table][schema]") {
  Schema s = parseSchema("max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  REQUIRE(s.returns.size() == 2);
  CHECK(s.returns[0].name == "values");
  CHECK(s.returns[1].name == "indices");
  CHECK(s.args[2].defaultValue.kind == ArgDefault::Kind::Bool);
  CHECK_FALSE(s.args[2].defaultValue.b);

  Schema t = parseSchema("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor");
  CHECK(t.args[1].type == ArgType::IntList);
  CHECK(t.args[1].listSize == 1);
  CHECK(t.args[1].optional);
  CHECK_FALSE(t.args[1].hasDefault);
  CHECK(t.args[3].type == ArgType::ScalarType);
  CHECK(t.args[3].defaultValue.kind == ArgDefault::Kind::None);

  Schema u = parseSchema("index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)");
  CHECK(u.args[1].type == ArgType::OptTensorList);
  Schema v = parseSchema("slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> Tensor(a)");
  CHECK(v.args[2].symbolic);
  CHECK(v.args[2].optional);
  CHECK_FALSE(v.args[0].alias.isWrite);
  Schema w = parseSchema("allclose(Tensor self, Tensor other, float rtol=1e-05, float atol=1e-08) -> bool");
  CHECK(w.args[2].defaultValue.kind == ArgDefault::Kind::Float);
  CHECK(w.args[2].defaultValue.f == Approx(1e-5));
  CHECK(w.returns[0].type == ArgType::Bool);
}

TEST_CASE("schema parser rejects malformed schemas", "[op_table][schema]") {
  CHECK_THROWS_AS(parseSchema("add(Tensor self"), SchemaParseError);
  CHECK_THROWS_AS(parseSchema("add(Tensor self) Tensor"), SchemaParseError);
  CHECK_THROWS_AS(parseSchema("add(Tensr self) -> Tensor"), SchemaParseError);
  CHECK_THROWS_AS(parseSchema("add(int(a) self) -> Tensor"), SchemaParseError);
  CHECK_THROWS_WITH(parseSchema("add(Tensor self, *, *, int x) -> Tensor"), Catch::Contains("second '*'"));
}

TEST_CASE("op table: every row parses, names are unique, rows are complete", "[op_table]") {
  const OpTable& table = opTable();
  REQUIRE(table.ops().size() > 100);
  std::set<std::string> names;
  for (const OpDef& op : table.ops()) {
    INFO(op.schema.text);
    CHECK(names.insert(op.fullName()).second);
    CHECK(op.meta != nullptr);
    CHECK(op.eager != nullptr);
    CHECK(op.schema.args.size() <= static_cast<size_t>(kMaxOpArgs));
    CHECK(op.schema.returns.size() <= static_cast<size_t>(kMaxOpOutputs));
    // Scripts see every row, except functional twins only functionalization
    // writes (uniform, normal, ... of the random in-place ops).
    CHECK((op.variants != 0 || op.inplace != nullptr));
    CHECK(table.find(op.fullName()) == &op);
    // Re-parsing the stored text gives the same name (the text is the single source).
    CHECK(parseSchema(op.schema.text).fullName() == op.fullName());
  }
}

TEST_CASE("op table: in-place ops have functional twins and correct annotations", "[op_table]") {
  for (const OpDef& op : opTable().ops()) {
    INFO(op.schema.text);
    bool writesInput = false;
    for (const SchemaArg& a : op.schema.args) writesInput |= a.alias.isWrite;
    if (op.schema.isInplaceName()) {
      CHECK(op.has(kTagInplace));
      REQUIRE(op.functional != nullptr);
      CHECK(op.functional->inplace == &op);
      CHECK_FALSE(op.functional->has(kTagInplace));
      // Same arguments, apart from the write annotation on self.
      REQUIRE(op.functional->schema.args.size() == op.schema.args.size());
      for (size_t i = 0; i < op.schema.args.size(); ++i) {
        CHECK(op.functional->schema.args[i].name == op.schema.args[i].name);
        CHECK(op.functional->schema.args[i].type == op.schema.args[i].type);
      }
      CHECK(writesInput);
    } else {
      CHECK_FALSE(op.has(kTagInplace));
      CHECK_FALSE(writesInput);
    }
    // Every (a!) return matches a written input with the same alias set.
    for (const SchemaArg& r : op.schema.returns) {
      if (!r.alias.isWrite) continue;
      bool matched = false;
      for (const SchemaArg& a : op.schema.args) matched |= a.alias.isWrite && a.alias.set == r.alias.set;
      CHECK(matched);
    }
    // Every written input is returned (in-place ops return self).
    for (const SchemaArg& a : op.schema.args) {
      if (!a.alias.isWrite) continue;
      bool returned = false;
      for (const SchemaArg& r : op.schema.returns) returned |= r.alias.set == a.alias.set && r.alias.isWrite;
      CHECK(returned);
    }
  }
}

TEST_CASE("op table: views alias self and have an inverse scatter", "[op_table]") {
  int views = 0;
  for (const OpDef& op : opTable().ops()) {
    INFO(op.schema.text);
    bool returnsAlias = !op.schema.returns.empty() && op.schema.returns[0].alias.annotated() &&
                        !op.schema.returns[0].alias.isWrite;
    CHECK(op.has(kTagView) == returnsAlias);
    if (!op.has(kTagView)) {
      CHECK(op.inverse == nullptr);
      continue;
    }
    ++views;
    REQUIRE(op.schema.args[0].name == "self");
    CHECK(op.schema.args[0].alias.set == op.schema.returns[0].alias.set);
    REQUIRE(op.inverse != nullptr);
    CHECK(op.inverse->has(kTagScatter));
    // A scatter takes (self, src, <view arguments...>) and returns a fresh tensor.
    const Schema& inv = op.inverse->schema;
    REQUIRE(inv.args.size() >= 2);
    CHECK(inv.args[0].name == "self");
    CHECK(inv.args[1].name == "src");
    CHECK_FALSE(inv.returns[0].alias.annotated());
    if (inv.name != "as_strided_scatter") {
      REQUIRE(inv.args.size() == op.schema.args.size() + 1);
      for (size_t i = 1; i < op.schema.args.size(); ++i) {
        CHECK(inv.args[i + 1].name == op.schema.args[i].name);
        CHECK(inv.args[i + 1].type == op.schema.args[i].type);
      }
    }
  }
  CHECK(views >= 15);
  CHECK(opTable().find("slice.Tensor")->inverse == opTable().find("slice_scatter"));
  CHECK(opTable().find("select.int")->inverse == opTable().find("select_scatter"));
  CHECK(opTable().find("transpose.int")->inverse == opTable().find("as_strided_scatter"));
}

TEST_CASE("op table: overload sets keep declaration order and variants", "[op_table]") {
  const OverloadSet* add = opTable().overloads("add");
  REQUIRE(add != nullptr);
  REQUIRE(add->ops.size() == 2);
  CHECK(add->ops[0]->fullName() == "add.Tensor");
  CHECK(add->ops[1]->fullName() == "add.Scalar");
  CHECK(add->anyMethod);
  CHECK(add->anyFunction);
  const OverloadSet* addInplace = opTable().overloads("add_");
  REQUIRE(addInplace != nullptr);
  CHECK_FALSE(addInplace->anyFunction);
  CHECK(opTable().overloads("no_such_op") == nullptr);
  CHECK(opTable().find("add") == nullptr);  // only overloads have that base name
  const OverloadSet* zeros = opTable().overloads("zeros");
  REQUIRE(zeros != nullptr);
  CHECK_FALSE(zeros->anyMethod);
}

TEST_CASE("op table: tags are consistent with schemas", "[op_table]") {
  for (const OpDef& op : opTable().ops()) {
    INFO(op.schema.text);
    if (op.has(kTagFactory)) {
      bool hasTensorData = false;
      for (const SchemaArg& a : op.schema.args) hasTensorData |= a.type == ArgType::TensorList;
      CHECK_FALSE(hasTensorData);
    }
    if (op.has(kTagComparison)) CHECK(op.schema.returns[0].type == ArgType::Tensor);
    if (op.has(kTagNonTensorResult)) CHECK(op.schema.returns[0].type != ArgType::Tensor);
    if (op.has(kTagIndexedUpdate)) CHECK(op.schema.args[0].name == "self");
  }
}

TEST_CASE("op table: multi-output ops return named tuples of their return names", "[op_table]") {
  // Note [Multi-output results]: every op with several named returns has a
  // torch.return_types.<name> type whose fields are the schema's return names.
  for (const OpDef& op : opTable().ops()) {
    INFO(op.schema.text);
    const NamedTupleType* type = resultTupleType(op);
    if (op.schema.returns.size() < 2) {
      CHECK(type == nullptr);
      continue;
    }
    REQUIRE(type != nullptr);
    CHECK(type->name == "torch.return_types." + op.schema.name);
    REQUIRE(type->fields.size() == op.schema.returns.size());
    for (size_t i = 0; i < op.schema.returns.size(); ++i) CHECK(type->fields[i] == op.schema.returns[i].name);
  }
  const OpDef* maxDim = opTable().find("max.dim");
  REQUIRE(maxDim != nullptr);
  Value packed = packResults(*maxDim, OpResults(Value::integer(1), Value::integer(2)));
  REQUIRE(packed.isObj(ObjKind::Tuple));
  CHECK(packed.as<TupleObject>()->named() == resultTupleType(*maxDim));
  CHECK(resultTupleType(*maxDim)->fieldIndex("indices") == 1);
  CHECK(resultTupleType(*maxDim)->fieldIndex("nope") == -1);
  CHECK(packResults(*opTable().find("add.Tensor"), OpResults(Value::integer(3))).asInt() == 3);
}

TEST_CASE("op table: bitwise ops and memory_format arguments", "[op_table]") {
  for (const char* name : {"bitwise_and", "bitwise_or", "bitwise_xor"}) {
    INFO(name);
    for (const char* ovl : {".Tensor", ".Scalar"}) {
      const OpDef* f = opTable().find(std::string(name) + ovl);
      const OpDef* i = opTable().find(std::string(name) + "_" + ovl);
      REQUIRE(f != nullptr);
      REQUIRE(i != nullptr);
      CHECK(f->inplace == i);
      CHECK(i->functional == f);
    }
    REQUIRE(opTable().find(std::string(name) + ".Scalar_Tensor") != nullptr);
  }
  for (const char* name : {"bitwise_not_", "logical_and_", "logical_or_", "logical_xor_", "logical_not_"}) {
    INFO(name);
    const OverloadSet* set = opTable().overloads(name);
    REQUIRE(set != nullptr);
    REQUIRE(set->ops[0]->functional != nullptr);
  }
  for (const char* name : {"clone", "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like"}) {
    INFO(name);
    const OpDef* op = opTable().overloads(name)->ops[0];
    int i = op->schema.argIndex("memory_format");
    REQUIRE(i >= 0);
    CHECK(op->schema.args[static_cast<size_t>(i)].type == ArgType::MemoryFormat);
    CHECK(op->schema.args[static_cast<size_t>(i)].kwOnly);
    CHECK(op->schema.args[static_cast<size_t>(i)].optional);
  }
  CHECK(std::string(argTypeName(ArgType::MemoryFormat)) == "torch.memory_format");
}
