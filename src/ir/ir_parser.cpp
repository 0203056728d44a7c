// IR text parser (grammar in ir_printer.h).
#include "ir/ir_parser.h"

#include <cctype>
#include <cstdlib>
#include <limits>
#include <regex>
#include <unordered_map>

#include "support/diagnostics.h"
#include "ir/meta_inference.h"
#include "ops/op_table.h"

namespace tdsl::ir {

namespace {

}  // namespace

bool argKindFitsSchema(int argKind, bool emptyList, const SchemaArg& sa) {
  Arg::Kind kind = static_cast<Arg::Kind>(argKind);
  if (kind == Arg::Kind::None) return sa.optional || (sa.hasDefault && sa.defaultValue.kind == ArgDefault::Kind::None);
  switch (sa.type) {
    case ArgType::Tensor: return kind == Arg::Kind::Tensor;
    case ArgType::TensorList:
    case ArgType::OptTensorList: return kind == Arg::Kind::TensorList || emptyList;
    case ArgType::Int: return kind == Arg::Kind::Int;
    case ArgType::IntList: return kind == Arg::Kind::IntList || (kind == Arg::Kind::Int && sa.listSize > 0);
    case ArgType::Float: return kind == Arg::Kind::Float || kind == Arg::Kind::Int;
    case ArgType::Bool: return kind == Arg::Kind::Bool;
    case ArgType::Scalar: return kind == Arg::Kind::Int || kind == Arg::Kind::Float || kind == Arg::Kind::Bool;
    case ArgType::ScalarType: return kind == Arg::Kind::DType;
    case ArgType::Str:
    case ArgType::MemoryFormat: return kind == Arg::Kind::Str;
  }
  return false;
}

namespace {

bool schemaAccepts(const Schema& s, const std::vector<ParsedArgShape>& args) {
  std::vector<bool> given(s.args.size(), false);
  size_t positional = 0;
  for (auto& a : args) {
    int idx;
    if (a.keyword.empty()) {
      while (positional < s.args.size() && s.args[positional].kwOnly) return false;
      if (positional >= s.args.size()) return false;
      idx = static_cast<int>(positional++);
    } else {
      idx = s.argIndex(a.keyword);
      if (idx < 0 || given[idx]) return false;
    }
    if (!argKindFitsSchema(a.kind, a.emptyList, s.args[idx])) return false;
    given[idx] = true;
  }
  for (size_t i = 0; i < s.args.size(); ++i)
    if (!given[i] && !s.args[i].hasDefault && !s.args[i].optional) return false;
  return true;
}

}  // namespace

const OpDef* resolveOverload(const std::string& name, const std::vector<ParsedArgShape>& args) {
  if (name.find('.') != std::string::npos) {
    const OpDef* op = opTable().find(name);
    return op && schemaAccepts(op->schema, args) ? op : nullptr;
  }
  const OverloadSet* set = opTable().overloads(name);
  if (!set) return nullptr;
  for (const OpDef* op : set->ops)
    if (schemaAccepts(op->schema, args)) return op;
  return nullptr;
}

namespace {

struct WrittenArg {
  Arg arg;
  ParsedArgShape shape;
};

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  std::unique_ptr<Graph> parse() {
    auto g = graph();
    skipSpace();
    if (pos_ < s_.size()) fail("unexpected text after the graph");
    return g;
  }

 private:
  // `graph NAME(inputs) { nodes return (...) }`, then stops.
  std::unique_ptr<Graph> graph() {
    skipSpace();
    expectWord("graph");
    auto g = std::make_unique<Graph>(identifier("graph name"));
    graph_ = g.get();
    expect('(');
    if (!tryConsume(')')) {
      do {
        std::string name = valueName();
        if (!std::isalpha(static_cast<unsigned char>(name[0])) && name[0] != '_')
          fail("graph input names must start with a letter: %" + name);
        expect(':');
        ValueMeta meta = type();
        if (values_.count(name)) fail("redefinition of %" + name);
        values_[name] = g->addInput(name, meta);
      } while (tryConsume(','));
      expect(')');
    }
    expect('{');
    while (true) {
      skipSpace();
      if (peekWord("return")) {
        expectWord("return");
        expect('(');
        std::vector<IrValue*> outs;
        if (!tryConsume(')')) {
          do outs.push_back(valueRef());
          while (tryConsume(','));
          expect(')');
        }
        g->setOutputs(outs);
        break;
      }
      node();
    }
    expect('}');
    return g;
  }

  // Note [Fused nodes]: `fused(%a, ...) : TYPES graph NAME(...) {...}`.
  void fusedNode(const std::vector<std::string>& results, size_t opPos) {
    std::vector<IrValue*> inputs;
    if (!tryConsume(')')) {
      do inputs.push_back(valueRef());
      while (tryConsume(','));
      expect(')');
    }
    expect(':');
    std::vector<ValueMeta> declared;
    if (peekChar('(')) {
      expect('(');
      do declared.push_back(type());
      while (tryConsume(','));
      expect(')');
    } else {
      declared.push_back(type());
    }
    Parser sub(s_);
    sub.pos_ = pos_;
    std::shared_ptr<Graph> body = sub.graph();
    pos_ = sub.pos_;
    if (body->inputs().size() != inputs.size()) {
      pos_ = opPos;
      fail("fused node has " + std::to_string(inputs.size()) + " argument(s) but its body " +
           std::to_string(body->inputs().size()) + " input(s)");
    }
    if (body->outputs().size() != results.size()) {
      pos_ = opPos;
      fail("fused body has " + std::to_string(body->outputs().size()) + " output(s) but " +
           std::to_string(results.size()) + " name(s) are bound");
    }
    for (size_t i = 0; i < declared.size() && i < results.size(); ++i)
      if (declared[i] != body->outputs()[i]->meta()) {
        pos_ = opPos;
        fail("fused result %" + results[i] + " is declared with another type than its body's output");
      }
    Node* n = graph_->createFused(std::move(body), inputs);
    for (size_t i = 0; i < results.size(); ++i) {
      if (values_.count(results[i])) fail("redefinition of %" + results[i]);
      values_[results[i]] = n->output(i);
    }
  }

  [[noreturn]] void fail(const std::string& msg) {
    int line = 1, col = 1;
    for (size_t i = 0; i < pos_ && i < s_.size(); ++i) {
      if (s_[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw Error(ErrorKind::Syntax, std::to_string(line) + ":" + std::to_string(col) + ": " + msg);
  }

  void skipSpace() {
    while (pos_ < s_.size()) {
      if (std::isspace(static_cast<unsigned char>(s_[pos_]))) {
        ++pos_;
      } else if (s_.compare(pos_, 2, "//") == 0) {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else {
        break;
      }
    }
  }
  bool tryConsume(char c) {
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!tryConsume(c)) fail(std::string("expected '") + c + "'");
  }
  bool peekChar(char c) {
    skipSpace();
    return pos_ < s_.size() && s_[pos_] == c;
  }
  static bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
  bool peekWord(const std::string& w) {
    skipSpace();
    return s_.compare(pos_, w.size(), w) == 0 && (pos_ + w.size() >= s_.size() || !isIdentChar(s_[pos_ + w.size()]));
  }
  void expectWord(const std::string& w) {
    if (!peekWord(w)) fail("expected '" + w + "'");
    pos_ += w.size();
  }
  std::string identifier(const char* what, bool allowDot = false) {
    skipSpace();
    size_t start = pos_;
    while (pos_ < s_.size() && (isIdentChar(s_[pos_]) || (allowDot && s_[pos_] == '.'))) ++pos_;
    if (start == pos_) fail(std::string("expected ") + what);
    return s_.substr(start, pos_ - start);
  }
  std::string valueName() {
    expect('%');
    size_t start = pos_;
    while (pos_ < s_.size() && isIdentChar(s_[pos_])) ++pos_;
    if (start == pos_) fail("expected a value name after '%'");
    return s_.substr(start, pos_ - start);
  }
  IrValue* valueRef() {
    skipSpace();
    size_t at = pos_;
    std::string name = valueName();
    auto it = values_.find(name);
    if (it == values_.end()) {
      pos_ = at;
      fail("use of undefined value %" + name);
    }
    return it->second;
  }
  // Note [Reserved symbol names]
  // A symbolic int is printed bare (`add(%x, s0 - 1)`), so a symbol spelled
  // like another argument literal (inf, nan, true, false, None, a dtype)
  // would read back as that literal: `tr - inf` prints as `-inf + tr`. Such
  // names are rejected where the expression is read.
  static bool isReservedWord(const std::string& w) {
    DType dt;
    return w == "inf" || w == "nan" || w == "true" || w == "false" || w == "None" || dtypeFromShortName(w, &dt);
  }
  SymInt symint() {
    skipSpace();
    size_t used = 0;
    std::optional<SymInt> v;
    try {
      v = parseSymInt(s_.substr(pos_, std::min<size_t>(s_.size() - pos_, 512)), &used);
    } catch (const Error& e) {  // Note [Checked SymInt arithmetic]
      fail(e.message);
    }
    if (!v || used == 0) fail("expected an integer expression");
    for (size_t i = pos_, end = pos_ + used; i < end;) {
      size_t start = i;
      while (i < end && isIdentChar(s_[i])) ++i;
      if (i == start) {
        ++i;
        continue;
      }
      std::string word = s_.substr(start, i - start);
      if (!std::isdigit(static_cast<unsigned char>(word[0])) && isReservedWord(word)) {
        pos_ = start;
        fail("'" + word + "' cannot name a symbolic int");
      }
    }
    pos_ += used;
    return *v;
  }
  std::vector<SymInt> symintList() {
    expect('[');
    std::vector<SymInt> out;
    if (!tryConsume(']')) {
      do out.push_back(symint());
      while (tryConsume(','));
      expect(']');
    }
    return out;
  }
  ValueMeta type() {
    std::string dt = identifier("a dtype");
    ValueMeta m;
    if (!dtypeFromShortName(dt, &m.dtype)) fail("unknown dtype '" + dt + "' (expected f32, f64, i32, i64 or b8)");
    m.sizes = symintList();
    try {
      m.strides = ValueMeta::contiguousStrides(m.sizes);
    } catch (const Error& e) {  // Note [Checked SymInt arithmetic]
      fail(e.message);
    }
    if (tryConsume('{')) {
      do {
        std::string key = identifier("strides or offset");
        expect('=');
        if (key == "strides") {
          m.strides = symintList();
          if (m.strides.size() != m.sizes.size()) fail("strides and sizes differ in length");
        } else if (key == "offset") {
          m.offset = symint();
        } else {
          fail("unknown type attribute '" + key + "'");
        }
      } while (tryConsume(','));
      expect('}');
    }
    return m;
  }

  WrittenArg arg() {
    skipSpace();
    WrittenArg w;
    if (pos_ >= s_.size()) fail("expected an argument");
    char c = s_[pos_];
    if (c == '%') {
      w.arg = Arg::ofTensor(valueRef());
    } else if (c == '[') {
      ++pos_;
      skipSpace();
      if (tryConsume(']')) {
        w.arg = Arg::ofInts({});
        w.shape.emptyList = true;
      } else if (peekChar('%') || peekWord("None")) {
        std::vector<IrValue*> vs;
        do {
          if (peekWord("None")) {
            expectWord("None");
            vs.push_back(nullptr);
          } else {
            vs.push_back(valueRef());
          }
        } while (tryConsume(','));
        expect(']');
        w.arg = Arg::ofTensors(vs);
      } else {
        std::vector<SymInt> ints;
        do ints.push_back(symint());
        while (tryConsume(','));
        expect(']');
        w.arg = Arg::ofInts(ints);
      }
    } else if (c == '"') {
      ++pos_;
      std::string str;
      while (pos_ < s_.size() && s_[pos_] != '"') {
        if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) ++pos_;
        str += s_[pos_++];
      }
      if (pos_ >= s_.size()) fail("unterminated string");
      ++pos_;
      w.arg = Arg::ofStr(str);
    } else if (peekWord("None")) {
      expectWord("None");
    } else if (peekWord("true") || peekWord("false")) {
      bool b = peekWord("true");
      pos_ += b ? 4 : 5;
      w.arg = Arg::ofBool(b);
    } else if (peekWord("nan")) {
      pos_ += 3;
      w.arg = Arg::ofFloat(std::numeric_limits<double>::quiet_NaN());
    } else if (peekWord("inf")) {
      pos_ += 3;
      w.arg = Arg::ofFloat(std::numeric_limits<double>::infinity());
    } else if (s_.compare(pos_, 4, "-inf") == 0 && (pos_ + 4 >= s_.size() || !isIdentChar(s_[pos_ + 4]))) {
      pos_ += 4;
      w.arg = Arg::ofFloat(-std::numeric_limits<double>::infinity());
    } else {
      static const std::regex floatRe(R"(^-?(\d+\.\d*([eE][-+]?\d+)?|\d+[eE][-+]?\d+))");
      std::smatch m;
      std::string rest = s_.substr(pos_, std::min<size_t>(s_.size() - pos_, 64));
      DType dt;
      if (std::regex_search(rest, m, floatRe)) {
        w.arg = Arg::ofFloat(std::strtod(m.str().c_str(), nullptr));
        pos_ += m.length();
      } else if (std::isalpha(static_cast<unsigned char>(c))) {
        size_t save = pos_;
        std::string word = identifier("an argument");
        if (dtypeFromShortName(word, &dt)) {
          w.arg = Arg::ofDType(dt);
        } else {
          pos_ = save;
          w.arg = Arg::ofInt(symint());
        }
      } else {
        w.arg = Arg::ofInt(symint());
      }
    }
    w.shape.kind = static_cast<int>(w.arg.kind);
    return w;
  }

  // Puts the written args into schema order, fills defaults and converts
  // ints written for float parameters.
  std::vector<Arg> bind(const OpDef& op, const std::vector<WrittenArg>& written) {
    const Schema& s = op.schema;
    std::vector<Arg> args(s.args.size());
    std::vector<bool> given(s.args.size(), false);
    size_t positional = 0;
    for (auto& w : written) {
      size_t idx = w.shape.keyword.empty() ? positional++ : static_cast<size_t>(s.argIndex(w.shape.keyword));
      args[idx] = w.arg;
      given[idx] = true;
    }
    for (size_t i = 0; i < s.args.size(); ++i) {
      const SchemaArg& sa = s.args[i];
      if (!given[i]) {
        const ArgDefault& d = sa.defaultValue;
        switch (d.kind) {
          case ArgDefault::Kind::None: args[i] = Arg::none(); break;
          case ArgDefault::Kind::Bool: args[i] = Arg::ofBool(d.b); break;
          case ArgDefault::Kind::Int: args[i] = Arg::ofInt(d.i); break;
          case ArgDefault::Kind::Float: args[i] = Arg::ofFloat(d.f); break;
          case ArgDefault::Kind::IntList: {
            std::vector<SymInt> ints(d.ints.begin(), d.ints.end());
            args[i] = Arg::ofInts(ints);
            break;
          }
          case ArgDefault::Kind::Str: args[i] = Arg::ofStr(d.str); break;
        }
        continue;
      }
      if (sa.type == ArgType::Float && args[i].kind == Arg::Kind::Int) {
        if (!args[i].i.isConstant()) fail("a symbolic int cannot be a float argument");
        args[i] = Arg::ofFloat(static_cast<double>(args[i].i.constant()));
      }
      if ((sa.type == ArgType::TensorList || sa.type == ArgType::OptTensorList) && args[i].kind == Arg::Kind::IntList)
        args[i] = Arg::ofTensors({});
      if (sa.type == ArgType::IntList && args[i].kind == Arg::Kind::Int) args[i] = Arg::ofInts({args[i].i});
    }
    return args;
  }

  void node() {
    std::vector<std::string> results;
    skipSpace();
    if (peekChar('%')) {
      do results.push_back(valueName());
      while (tryConsume(','));
      expect('=');
    }
    skipSpace();
    size_t opPos = pos_;
    std::string opName = identifier("an op name", /*allowDot=*/true);
    expect('(');
    if (opName == "fused") return fusedNode(results, opPos);
    std::vector<WrittenArg> written;
    if (!tryConsume(')')) {
      do {
        skipSpace();
        // NAME '=' value is a keyword argument.
        size_t save = pos_;
        if (std::isalpha(static_cast<unsigned char>(s_[pos_]))) {
          std::string word = identifier("an argument");
          skipSpace();
          if (pos_ < s_.size() && s_[pos_] == '=') {
            ++pos_;
            WrittenArg w = arg();
            w.shape.keyword = word;
            written.push_back(w);
            continue;
          }
          pos_ = save;
        }
        written.push_back(arg());
      } while (tryConsume(','));
      expect(')');
    }
    std::vector<ParsedArgShape> shapes;
    for (auto& w : written) shapes.push_back(w.shape);
    const OpDef* op = resolveOverload(opName, shapes);
    if (!op) {
      pos_ = opPos;
      if (!opTable().overloads(opName.substr(0, opName.find('.'))))
        fail("unknown op '" + opName + "'");
      fail("no overload of '" + opName + "' accepts these arguments");
    }
    std::vector<Arg> args = bind(*op, written);
    std::vector<ValueMeta> metas;
    if (tryConsume(':')) {
      if (peekChar('(')) {
        expect('(');
        do metas.push_back(type());
        while (tryConsume(','));
        expect(')');
      } else {
        metas.push_back(type());
      }
    } else {
      try {
        metas = inferOutputMetas(*op, args);
      } catch (const Error& e) {
        pos_ = opPos;
        fail("cannot infer the result type of " + opName + ": " + e.message);
      }
    }
    if (metas.size() != results.size()) {
      pos_ = opPos;
      fail(opName + " has " + std::to_string(metas.size()) + " result(s) but " + std::to_string(results.size()) +
           " name(s) are bound");
    }
    Node* n = graph_->createOp(op, std::move(args), metas);
    for (size_t i = 0; i < results.size(); ++i) {
      if (values_.count(results[i])) fail("redefinition of %" + results[i]);
      values_[results[i]] = n->output(i);
    }
  }

  const std::string& s_;
  size_t pos_ = 0;
  Graph* graph_ = nullptr;
  std::unordered_map<std::string, IrValue*> values_;
};

}  // namespace

std::unique_ptr<Graph> parseGraph(const std::string& text) { return Parser(text).parse(); }

}  // namespace tdsl::ir
