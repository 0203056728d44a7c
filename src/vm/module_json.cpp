// The `json` module: dumps (indent=, sort_keys=, separators=, ensure_ascii=)
// and loads, with CPython's output format and messages (issue 15).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "vm/interpreter.h"
#include "vm/stdlib_modules.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

struct DumpOptions {
  bool indented = false;
  std::string indent;
  std::string itemSep = ", ", keySep = ": ";
  bool sortKeys = false;
  bool ensureAscii = true;
};

ValueSpan itemsOf(const Value& v) { return seqItems(v); }

void appendU(std::string& out, uint32_t u) {
  char buf[16];  // "\\u" and up to eight hex digits
  std::snprintf(buf, sizeof buf, "\\u%04x", u);
  out += buf;
}

// A JSON string literal for UTF-8 text `s`.
void quote(std::string& out, const std::string& s, bool ensureAscii) {
  out += '"';
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': out += "\\\""; ++i; continue;
      case '\\': out += "\\\\"; ++i; continue;
      case '\n': out += "\\n"; ++i; continue;
      case '\r': out += "\\r"; ++i; continue;
      case '\t': out += "\\t"; ++i; continue;
      case '\b': out += "\\b"; ++i; continue;
      case '\f': out += "\\f"; ++i; continue;
      default: break;
    }
    if (c < 0x20) {
      appendU(out, c);
      ++i;
      continue;
    }
    if (c < 0x80 || !ensureAscii) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    int len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    uint32_t cp = c & (len == 4 ? 0x07 : len == 3 ? 0x0f : 0x1f);
    for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    i += len;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      appendU(out, 0xd800 + (cp >> 10));
      appendU(out, 0xdc00 + (cp & 0x3ff));
    } else {
      appendU(out, cp);
    }
  }
  out += '"';
}

std::string floatText(Interpreter& I, double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  return repr(I, Value::number(d));
}

void dump(Interpreter& I, std::string& out, const Value& v, const DumpOptions& o, int depth) {
  if (depth > 500) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded while encoding a JSON object");
  if (v.isNone()) { out += "null"; return; }
  if (v.isBool()) { out += v.asBool() ? "true" : "false"; return; }
  if (v.isInt()) { out += std::to_string(v.asInt()); return; }
  if (v.isFloat()) { out += floatText(I, v.asFloat()); return; }
  if (v.isObj(ObjKind::Str)) { quote(out, v.as<StrObject>()->str, o.ensureAscii); return; }
  auto newline = [&](int d) {
    if (!o.indented) return;
    out += '\n';
    for (int i = 0; i < d; ++i) out += o.indent;
  };
  const std::string& itemSep = o.itemSep;
  if (v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple)) {
    if (itemsOf(v).empty()) { out += "[]"; return; }
    out += '[';
    for (size_t i = 0; i < itemsOf(v).size(); ++i) {  // a default= callback may change a list
      if (i) out += itemSep;
      newline(depth + 1);
      Value item = itemsOf(v)[i];
      dump(I, out, item, o, depth + 1);
    }
    newline(depth);
    out += ']';
    return;
  }
  if (v.isObj(ObjKind::Dict)) {
    const DictObject* d = v.as<DictObject>();
    if (d->entries.empty()) { out += "{}"; return; }
    std::vector<std::pair<std::string, Value>> items;
    for (const auto& [k, val] : d->entries) {
      std::string key;
      if (k.isObj(ObjKind::Str)) key = k.as<StrObject>()->str;
      else if (k.isBool()) key = k.asBool() ? "true" : "false";
      else if (k.isInt()) key = std::to_string(k.asInt());
      else if (k.isFloat()) key = floatText(I, k.asFloat());
      else if (k.isNone()) key = "null";
      else throw Error(ErrorKind::Type, "keys must be str, int, float, bool or None, not " + typeName(k));
      items.emplace_back(std::move(key), val);
    }
    if (o.sortKeys)
      std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    out += '{';
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += itemSep;
      newline(depth + 1);
      quote(out, items[i].first, o.ensureAscii);
      out += o.keySep;
      dump(I, out, items[i].second, o, depth + 1);
    }
    newline(depth);
    out += '}';
    return;
  }
  throw Error(ErrorKind::Type, "Object of type " + typeName(v) + " is not JSON serializable");
}

Value j_dumps(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "dumps", 1, 1);
  DumpOptions o;
  for (size_t i = 0; i < a.nkwargs; ++i) {
    std::string_view n = a.kwargs[i].name;
    const Value& v = a.kwargs[i].value;
    if (n == "indent") {
      if (v.isNone()) continue;
      o.indented = true;
      if (v.isInt()) o.indent = std::string(static_cast<size_t>(std::max<int64_t>(0, v.asInt())), ' ');
      else if (v.isObj(ObjKind::Str)) o.indent = v.as<StrObject>()->str;
      else throw Error(ErrorKind::Type, "indent must be an int or a str, not " + typeName(v));
    } else if (n == "sort_keys") {
      o.sortKeys = truthy(I, v);
    } else if (n == "ensure_ascii") {
      o.ensureAscii = truthy(I, v);
    } else if (n == "separators") {
      if (v.isNone()) continue;
      if (!v.isObj(ObjKind::List) && !v.isObj(ObjKind::Tuple))
        throw Error(ErrorKind::Value, "separators must be a (item_separator, key_separator) pair of str");
      ValueSpan s = itemsOf(v);
      if (s.size() != 2 || !s[0].isObj(ObjKind::Str) || !s[1].isObj(ObjKind::Str))
        throw Error(ErrorKind::Value, "separators must be a (item_separator, key_separator) pair of str");
      o.itemSep = s[0].as<StrObject>()->str;
      o.keySep = s[1].as<StrObject>()->str;
    } else if (n != "skipkeys" && n != "check_circular" && n != "allow_nan") {
      throw Error(ErrorKind::Type, "dumps() got an unexpected keyword argument '" + std::string(n) + "'");
    }
  }
  // With indent and no separators, CPython's item separator is ',' (no trailing space).
  bool separatorsGiven = findKwarg(a, "separators") && !findKwarg(a, "separators")->isNone();
  DumpOptions eff = o;
  if (o.indented && !separatorsGiven) eff.itemSep = ",";
  std::string out;
  dump(I, out, a[0], separatorsGiven ? o : eff, 0);
  return makeStr(std::move(out));
}

// ---- loads

class Parser {
 public:
  Parser(Interpreter& I, const std::string& s) : I_(I), s_(s) {}

  Value document() {
    skipSpace();
    Value v = value();
    skipSpace();
    if (pos_ != s_.size()) fail("Extra data", pos_);
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what, size_t at) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < at && i < s_.size(); ++i) {
      if (s_[i] == '\n') { ++line; col = 1; }
      else ++col;
    }
    throw Error(ErrorKind::Value, what + ": line " + std::to_string(line) + " column " + std::to_string(col) +
                                      " (char " + std::to_string(at) + ")");
  }
  void skipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  bool literal(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (s_.compare(pos_, n, word) != 0) return false;
    pos_ += n;
    return true;
  }
  Value value() {
    if (++depth_ > 1000) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded while decoding a JSON document");
    struct Leave { int& d; ~Leave() { --d; } } leave{depth_};
    if (pos_ >= s_.size()) fail("Expecting value", pos_);
    char c = s_[pos_];
    if (c == '"') return makeStr(string());
    if (c == '{') return object();
    if (c == '[') return array();
    if (literal("null")) return Value();
    if (literal("true")) return Value::boolean(true);
    if (literal("false")) return Value::boolean(false);
    if (literal("NaN")) return Value::number(NAN);
    if (literal("Infinity")) return Value::number(INFINITY);
    if (literal("-Infinity")) return Value::number(-INFINITY);
    return number();
  }
  Value number() {
    size_t start = pos_;
    if (pos_ < s_.size() && s_[pos_] == '-') ++pos_;
    if (pos_ >= s_.size() || !isdigit(static_cast<unsigned char>(s_[pos_]))) fail("Expecting value", start);
    if (s_[pos_] == '0') ++pos_;
    else while (pos_ < s_.size() && isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    bool isFloat = false;
    if (pos_ + 1 < s_.size() && s_[pos_] == '.' && isdigit(static_cast<unsigned char>(s_[pos_ + 1]))) {
      isFloat = true;
      ++pos_;
      while (pos_ < s_.size() && isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      size_t save = pos_++;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (pos_ < s_.size() && isdigit(static_cast<unsigned char>(s_[pos_]))) {
        isFloat = true;
        while (pos_ < s_.size() && isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      } else {
        pos_ = save;
      }
    }
    std::string text = s_.substr(start, pos_ - start);
    if (isFloat) return Value::number(std::strtod(text.c_str(), nullptr));
    errno = 0;
    long long x = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE) throw Error(ErrorKind::Overflow, "JSON integer " + text + " does not fit in 64 bits (tdsl has no big ints)");
    return Value::integer(x);
  }
  void putUtf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) out += static_cast<char>(cp);
    else if (cp < 0x800) { out += static_cast<char>(0xc0 | (cp >> 6)); out += static_cast<char>(0x80 | (cp & 0x3f)); }
    else if (cp < 0x10000) {
      out += static_cast<char>(0xe0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }
  uint32_t hex4(size_t at) {
    if (at + 4 > s_.size()) fail("Invalid \\uXXXX escape", at - 1);
    uint32_t v = 0;
    for (size_t i = at; i < at + 4; ++i) {
      char c = s_[i];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') v |= static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= static_cast<uint32_t>(c - 'A' + 10);
      else fail("Invalid \\uXXXX escape", at - 1);
    }
    return v;
  }
  std::string string() {
    size_t start = pos_++;
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail("Unterminated string starting at", start);
      char c = s_[pos_];
      if (c == '"') { ++pos_; return out; }
      if (static_cast<unsigned char>(c) < 0x20) fail("Invalid control character at", pos_);
      if (c != '\\') { out += c; ++pos_; continue; }
      if (pos_ + 1 >= s_.size()) fail("Unterminated string starting at", start);
      char e = s_[pos_ + 1];
      pos_ += 2;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp = hex4(pos_);
          pos_ += 4;
          if (cp >= 0xd800 && cp < 0xdc00 && pos_ + 6 <= s_.size() && s_[pos_] == '\\' && s_[pos_ + 1] == 'u') {
            uint32_t lo = hex4(pos_ + 2);
            if (lo >= 0xdc00 && lo < 0xe000) {
              cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
              pos_ += 6;
            }
          }
          putUtf8(out, cp);
          break;
        }
        default: fail("Invalid \\escape", pos_ - 2);
      }
    }
  }
  Value array() {
    ++pos_;
    std::vector<Value> items;
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == ']') { ++pos_; return makeList(std::move(items)); }
    for (;;) {
      skipSpace();
      items.push_back(value());
      skipSpace();
      if (pos_ < s_.size() && s_[pos_] == ']') { ++pos_; return makeList(std::move(items)); }
      if (pos_ >= s_.size() || s_[pos_] != ',') fail("Expecting ',' delimiter", pos_);
      ++pos_;
    }
  }
  Value object() {
    ++pos_;
    Value d = makeDict();
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == '}') { ++pos_; return d; }
    for (;;) {
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != '"') fail("Expecting property name enclosed in double quotes", pos_);
      Value key = makeStr(string());
      skipSpace();
      if (pos_ >= s_.size() || s_[pos_] != ':') fail("Expecting ':' delimiter", pos_);
      ++pos_;
      skipSpace();
      d.as<DictObject>()->set(key, value());
      skipSpace();
      if (pos_ < s_.size() && s_[pos_] == '}') { ++pos_; return d; }
      if (pos_ >= s_.size() || s_[pos_] != ',') fail("Expecting ',' delimiter", pos_);
      ++pos_;
    }
  }

  Interpreter& I_;
  const std::string& s_;
  size_t pos_ = 0;
  int depth_ = 0;
};

Value j_loads(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "loads", 1, 1);
  if (!a[0].isObj(ObjKind::Str))
    throw Error(ErrorKind::Type, "the JSON object must be str, bytes or bytearray, not " + typeName(a[0]));
  return Parser(I, a[0].as<StrObject>()->str).document();
}

}  // namespace

Value makeJsonModule(VM&) {
  auto m = makeRef<ModuleObject>("json");
  m->set("dumps", makeNative("dumps", j_dumps));
  m->set("loads", makeNative("loads", j_loads));
  return Value(m);
}

}  // namespace tdsl
