// DictObject and its index (Note [Dict layout]): lookups, insertion order,
// erasure with backward shifting, growth, and Python's key equality.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <string>

#include "vm/objects.h"

using namespace tdsl;

namespace {
Value str(const std::string& s) { return makeStr(s); }
}  // namespace

TEST_CASE("dict: set, find, overwrite keep insertion order", "[dict]") {
  DictObject d;
  d.set(str("b"), Value::integer(1));
  d.set(str("a"), Value::integer(2));
  d.set(str("b"), Value::integer(3));
  REQUIRE(d.size() == 2);
  CHECK(d.entries[0].first.as<StrObject>()->str == "b");
  CHECK(d.entries[0].second.asInt() == 3);
  CHECK(d.find(str("a"))->asInt() == 2);
  CHECK(d.find(str("c")) == nullptr);
}

TEST_CASE("dict: 1, 1.0 and True are the same key", "[dict]") {
  DictObject d;
  d.set(Value::integer(1), str("int"));
  d.set(Value::number(1.0), str("float"));
  d.set(Value::boolean(true), str("bool"));
  REQUIRE(d.size() == 1);
  CHECK(d.entries[0].first.isInt());  // the first key stays, as in Python
  CHECK(d.find(Value::number(1.0))->as<StrObject>()->str == "bool");
  CHECK(d.find(Value::number(1.5)) == nullptr);
}

TEST_CASE("dict: tuple keys compare by value", "[dict]") {
  DictObject d;
  d.set(makeTuple({Value::integer(1), str("x")}), Value::integer(7));
  CHECK(d.find(makeTuple({Value::number(1.0), str("x")}))->asInt() == 7);
  CHECK(d.find(makeTuple({Value::integer(1)})) == nullptr);
}

TEST_CASE("dict: keys that collide in the low bits still separate", "[dict]") {
  DictObject d;
  for (int64_t i = 0; i < 2000; ++i) d.set(Value::integer(i << 20), Value::integer(i));
  REQUIRE(d.size() == 2000);
  for (int64_t i = 0; i < 2000; ++i) REQUIRE(d.find(Value::integer(i << 20))->asInt() == i);
}

TEST_CASE("dict: random inserts and erasures match a reference map", "[dict]") {
  std::mt19937 rng(12345);
  DictObject d;
  std::map<int64_t, int64_t> model;
  std::vector<int64_t> order;  // the model's insertion order
  for (int step = 0; step < 20000; ++step) {
    int64_t k = static_cast<int64_t>(rng() % 300);
    int op = static_cast<int>(rng() % 3);
    if (op < 2) {
      d.set(Value::integer(k), Value::integer(step));
      if (!model.count(k)) order.push_back(k);
      model[k] = step;
    } else {
      bool had = model.erase(k) != 0;
      REQUIRE(d.erase(Value::integer(k)) == had);
      if (had) order.erase(std::find(order.begin(), order.end(), k));
    }
    if (step % 97 == 0) {
      REQUIRE(d.size() == model.size());
      for (size_t i = 0; i < order.size(); ++i) REQUIRE(d.entries[i].first.asInt() == order[i]);
      for (int64_t q = 0; q < 300; ++q) {
        const Value* v = d.find(Value::integer(q));
        auto it = model.find(q);
        REQUIRE((v != nullptr) == (it != model.end()));
        if (v) REQUIRE(v->asInt() == it->second);
      }
    }
  }
  d.clear();
  CHECK(d.size() == 0);
  CHECK(d.find(Value::integer(1)) == nullptr);
  d.set(Value::integer(1), Value::integer(2));
  CHECK(d.find(Value::integer(1))->asInt() == 2);
}
