// Hand-written parser for PyTorch schema strings (grammar in schema.h).
#include "ops/schema.h"

#include <cctype>
#include <cstdlib>

namespace tdsl::ir {

const char* argTypeName(ArgType t) {
  switch (t) {
    case ArgType::Tensor: return "Tensor";
    case ArgType::TensorList: return "tuple of Tensors";
    case ArgType::OptTensorList: return "tuple of Tensors";
    case ArgType::Int: return "int";
    case ArgType::IntList: return "tuple of ints";
    case ArgType::Float: return "float";
    case ArgType::Bool: return "bool";
    case ArgType::Scalar: return "Number";
    case ArgType::ScalarType: return "torch.dtype";
    case ArgType::Str: return "str";
    case ArgType::MemoryFormat: return "torch.memory_format";
  }
  return "?";
}

int Schema::numPositional() const {
  int n = 0;
  for (const auto& a : args)
    if (!a.kwOnly) ++n;
  return n;
}

int Schema::argIndex(std::string_view argName) const {
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].name == argName) return static_cast<int>(i);
  return -1;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : s_(text) {}

  Schema parse() {
    Schema schema;
    schema.text = std::string(s_);
    schema.name = identifier("op name");
    if (accept('.')) schema.overload = identifier("overload name");
    expect('(');
    bool kwOnly = false;
    skipSpace();
    if (!accept(')')) {
      for (;;) {
        skipSpace();
        if (accept('*')) {
          if (kwOnly) fail("second '*'");
          kwOnly = true;
        } else {
          SchemaArg arg = argument(/*isReturn=*/false);
          arg.kwOnly = kwOnly;
          schema.args.push_back(std::move(arg));
        }
        skipSpace();
        if (accept(')')) break;
        expect(',');
      }
    }
    skipSpace();
    expect('-');
    expect('>');
    skipSpace();
    if (peek() == '(') {
      ++pos_;
      skipSpace();
      if (!accept(')')) {
        for (;;) {
          schema.returns.push_back(argument(/*isReturn=*/true));
          skipSpace();
          if (accept(')')) break;
          expect(',');
        }
      }
    } else {
      schema.returns.push_back(argument(/*isReturn=*/true));
    }
    skipSpace();
    if (pos_ != s_.size()) fail("trailing text");
    return schema;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw SchemaParseError("schema parse error at column " + std::to_string(pos_ + 1) + ": " + what +
                           " in '" + std::string(s_) + "'");
  }
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  void skipSpace() {
    while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
  }
  bool accept(char c) {
    skipSpace();
    if (peek() == c) { ++pos_; return true; }
    return false;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }
  std::string identifier(const char* what) {
    skipSpace();
    size_t start = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    if (start == pos_) fail(std::string("expected ") + what);
    return std::string(s_.substr(start, pos_ - start));
  }

  SchemaArg argument(bool isReturn) {
    SchemaArg arg;
    skipSpace();
    size_t typeStart = pos_;
    std::string base = identifier("type");
    if (base == "Tensor") arg.type = ArgType::Tensor;
    else if (base == "int") arg.type = ArgType::Int;
    else if (base == "SymInt") { arg.type = ArgType::Int; arg.symbolic = true; }
    else if (base == "float") arg.type = ArgType::Float;
    else if (base == "bool") arg.type = ArgType::Bool;
    else if (base == "Scalar") arg.type = ArgType::Scalar;
    else if (base == "ScalarType") arg.type = ArgType::ScalarType;
    else if (base == "str") arg.type = ArgType::Str;
    else if (base == "MemoryFormat") arg.type = ArgType::MemoryFormat;
    else fail("unknown type '" + base + "'");
    if (peek() == '(') {
      if (arg.type != ArgType::Tensor) fail("alias annotation on a non-Tensor type");
      ++pos_;
      char c = peek();
      if (!std::isalpha(static_cast<unsigned char>(c))) fail("expected an alias set letter");
      arg.alias.set = c;
      ++pos_;
      if (peek() == '!') { arg.alias.isWrite = true; ++pos_; }
      expect(')');
    }
    bool elementOptional = false;
    if (peek() == '?' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '[') {
      elementOptional = true;  // Tensor?[]
      ++pos_;
    }
    if (peek() == '[') {
      ++pos_;
      size_t start = pos_;
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
      if (pos_ > start) arg.listSize = std::atoi(std::string(s_.substr(start, pos_ - start)).c_str());
      if (peek() != ']') fail("expected ']'");
      ++pos_;
      if (arg.type == ArgType::Tensor) arg.type = elementOptional ? ArgType::OptTensorList : ArgType::TensorList;
      else if (arg.type == ArgType::Int && !elementOptional) arg.type = ArgType::IntList;
      else fail("unsupported list type");
    } else if (elementOptional) {
      fail("'?[' without a list");
    }
    if (peek() == '?') { arg.optional = true; ++pos_; }
    arg.typeText = std::string(s_.substr(typeStart, pos_ - typeStart));
    skipSpace();
    if (std::isalpha(static_cast<unsigned char>(peek())) || peek() == '_') arg.name = identifier("argument name");
    else if (!isReturn) fail("expected argument name");
    skipSpace();
    if (!isReturn && accept('=')) {
      arg.hasDefault = true;
      arg.defaultValue = defaultValue(arg);
    }
    return arg;
  }

  ArgDefault defaultValue(const SchemaArg& arg) {
    skipSpace();
    ArgDefault d;
    if (peek() == '[') {
      ++pos_;
      d.kind = ArgDefault::Kind::IntList;
      skipSpace();
      if (!accept(']')) {
        for (;;) {
          d.ints.push_back(integer());
          if (accept(']')) break;
          expect(',');
        }
      }
      return d;
    }
    if (peek() == '"') {
      ++pos_;
      size_t start = pos_;
      while (pos_ < s_.size() && s_[pos_] != '"') ++pos_;
      if (pos_ >= s_.size()) fail("unterminated string");
      d.kind = ArgDefault::Kind::Str;
      d.str = std::string(s_.substr(start, pos_ - start));
      ++pos_;
      return d;
    }
    if (std::isalpha(static_cast<unsigned char>(peek()))) {
      std::string word = identifier("default value");
      if (word == "None") { d.kind = ArgDefault::Kind::None; return d; }
      if (word == "True" || word == "False") { d.kind = ArgDefault::Kind::Bool; d.b = word == "True"; return d; }
      if (arg.type == ArgType::MemoryFormat) {  // contiguous_format, as native_functions.yaml writes it
        d.kind = ArgDefault::Kind::Str;
        d.str = word;
        return d;
      }
      fail("unknown default '" + word + "'");
    }
    size_t start = pos_;
    if (peek() == '-') ++pos_;
    bool isFloat = false;
    while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.' ||
                                s_[pos_] == 'e' || s_[pos_] == 'E' ||
                                ((s_[pos_] == '-' || s_[pos_] == '+') && (s_[pos_ - 1] == 'e' || s_[pos_ - 1] == 'E')))) {
      if (s_[pos_] == '.' || s_[pos_] == 'e' || s_[pos_] == 'E') isFloat = true;
      ++pos_;
    }
    std::string num(s_.substr(start, pos_ - start));
    if (num.empty() || num == "-") fail("expected a default value");
    if (isFloat || arg.type == ArgType::Float) {
      d.kind = ArgDefault::Kind::Float;
      d.f = std::strtod(num.c_str(), nullptr);
    } else {
      d.kind = ArgDefault::Kind::Int;
      d.i = std::strtoll(num.c_str(), nullptr, 10);
    }
    if (arg.type == ArgType::IntList && d.kind == ArgDefault::Kind::Int) {
      d.kind = ArgDefault::Kind::IntList;  // int[2] stride=1 means [1, 1]
      d.ints.assign(arg.listSize > 0 ? arg.listSize : 1, d.i);
    }
    return d;
  }

  int64_t integer() {
    skipSpace();
    size_t start = pos_;
    if (peek() == '-') ++pos_;
    while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
    if (pos_ == start) fail("expected an integer");
    return std::strtoll(std::string(s_.substr(start, pos_ - start)).c_str(), nullptr, 10);
  }

  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

Schema parseSchema(std::string_view text) { return Parser(text).parse(); }

}  // namespace tdsl::ir
