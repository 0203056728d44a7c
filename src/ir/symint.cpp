// SymInt arithmetic, canonical printing and parsing (see symint.h).
#include "ir/symint.h"

#include <algorithm>
#include <cctype>

#include "support/diagnostics.h"

namespace tdsl::ir {

SymInt::SymInt(int64_t c) {
  if (c != 0) terms_[{}] = c;
}

SymInt SymInt::symbol(const std::string& name) {
  SymInt s;
  s.terms_[{name}] = 1;
  return s;
}

// Note [Checked SymInt arithmetic]
// Coefficients are int64; a folded sum or product that leaves that range
// (`1 + 9223372036854775807` in a .tir file, a size product in a dynamic
// graph) is an error, never a wrapped value. Products of sums expand term by
// term, so an expression also has a size limit instead of growing without
// bound (a type of many nested symbolic factors took seconds to print).
static constexpr size_t kMaxTerms = 1024;

[[noreturn]] static void overflowed() {
  throw Error(ErrorKind::Runtime, "integer overflow in a symbolic size expression");
}
static int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) overflowed();
  return r;
}
static int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) overflowed();
  return r;
}
static int64_t checkedNeg(int64_t a) { return checkedMul(a, -1); }
static void checkSize(size_t terms) {
  if (terms > kMaxTerms) throw Error(ErrorKind::Runtime, "symbolic size expression too large");
}

static int64_t floorDiv(int64_t a, int64_t b) {
  if (b == -1) return checkedNeg(a);
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

SymInt SymInt::floordiv(const SymInt& a, const SymInt& b) {
  if (a.isConstant() && b.isConstant() && b.constant() != 0) return SymInt(floorDiv(a.constant(), b.constant()));
  if (b.isConstant() && b.constant() == 1) return a;
  // Exact division of every coefficient by a constant divisor stays polynomial.
  if (b.isConstant() && b.constant() > 0) {
    bool exact = true;
    for (auto& [m, c] : a.terms_) exact = exact && (c % b.constant() == 0);
    if (exact) {
      SymInt r;
      for (auto& [m, c] : a.terms_) r.terms_[m] = c / b.constant();
      return r;
    }
  }
  auto wrap = [](const SymInt& s) {
    std::string t = s.str();
    return (s.terms_.size() <= 1 && (s.terms_.empty() || s.terms_.begin()->second > 0) &&
            (s.terms_.empty() || s.terms_.begin()->first.size() <= 1) && t.find(' ') == std::string::npos)
               ? t
               : "(" + t + ")";
  };
  SymInt s;
  s.terms_[{"(" + wrap(a) + " // " + wrap(b) + ")"}] = 1;
  return s;
}

bool SymInt::isConstant() const { return terms_.empty() || (terms_.size() == 1 && terms_.begin()->first.empty()); }

int64_t SymInt::constant() const {
  TDSL_ASSERT(isConstant());
  return terms_.empty() ? 0 : terms_.begin()->second;
}

std::optional<int64_t> SymInt::maybeConstant() const {
  if (!isConstant()) return std::nullopt;
  return constant();
}

SymInt SymInt::operator+(const SymInt& o) const {
  SymInt r = *this;
  for (auto& [m, c] : o.terms_) {
    int64_t& slot = r.terms_[m];
    slot = checkedAdd(slot, c);
    if (slot == 0) r.terms_.erase(m);
  }
  checkSize(r.terms_.size());
  return r;
}

SymInt SymInt::operator-() const {
  SymInt r;
  for (auto& [m, c] : terms_) r.terms_[m] = checkedNeg(c);
  return r;
}

SymInt SymInt::operator-(const SymInt& o) const { return *this + (-o); }

SymInt SymInt::operator*(const SymInt& o) const {
  SymInt r;
  for (auto& [ma, ca] : terms_) {
    for (auto& [mb, cb] : o.terms_) {
      Monomial m = ma;
      m.insert(m.end(), mb.begin(), mb.end());
      std::sort(m.begin(), m.end());
      int64_t& slot = r.terms_[m];
      slot = checkedAdd(slot, checkedMul(ca, cb));
      if (slot == 0) r.terms_.erase(m);
      checkSize(r.terms_.size());
    }
  }
  return r;
}

std::string SymInt::str() const {
  if (terms_.empty()) return "0";
  // Note [SymInt print order]: symbolic terms first (map order), constant last,
  // so "s0 - 2" reads naturally.
  std::vector<std::pair<Monomial, int64_t>> ordered;
  for (auto& t : terms_)
    if (!t.first.empty()) ordered.push_back(t);
  for (auto& t : terms_)
    if (t.first.empty()) ordered.push_back(t);
  std::string out;
  bool first = true;
  for (auto& [m, c] : ordered) {
    uint64_t mag = c < 0 ? 0 - static_cast<uint64_t>(c) : static_cast<uint64_t>(c);  // INT64_MIN too
    if (first) {
      if (c < 0) out += "-";
    } else {
      out += c < 0 ? " - " : " + ";
    }
    first = false;
    std::string body;
    if (m.empty()) {
      body = std::to_string(mag);
    } else {
      if (mag != 1) body = std::to_string(mag) + "*";
      for (size_t i = 0; i < m.size(); ++i) body += (i ? "*" : "") + m[i];
    }
    out += body;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Parsing: expr := term (('+'|'-') term)* ; term := factor (('*'|'//') factor)* ;
// factor := '-' factor | INT | SYMBOL | '(' expr ')'.
namespace {
struct SymParser {
  const std::string& s;
  size_t pos = 0;
  bool ok = true;

  void skip() {
    while (pos < s.size() && s[pos] == ' ') ++pos;
  }
  bool peek(const char* tok) {
    skip();
    return s.compare(pos, std::char_traits<char>::length(tok), tok) == 0;
  }
  SymInt expr() {
    SymInt v = term();
    while (ok) {
      if (peek("+")) {
        ++pos;
        v = v + term();
      } else if (peek("-")) {
        ++pos;
        v = v - term();
      } else {
        break;
      }
    }
    return v;
  }
  SymInt term() {
    SymInt v = factor();
    while (ok) {
      if (peek("//")) {
        pos += 2;
        v = SymInt::floordiv(v, factor());
      } else if (peek("*")) {
        ++pos;
        v = v * factor();
      } else {
        break;
      }
    }
    return v;
  }
  // "-N" read as one literal, so that INT64_MIN (printed as
  // -9223372036854775808, whose magnitude no int64 holds) reads back.
  SymInt negativeLiteral() {
    int64_t v = 0;
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
      int d = s[pos++] - '0';
      if (v < (INT64_MIN + d) / 10) {
        ok = false;
        return 0;
      }
      v = v * 10 - d;
    }
    return v;
  }
  SymInt factor() {
    skip();
    if (pos >= s.size()) {
      ok = false;
      return 0;
    }
    char c = s[pos];
    if (c == '-' && pos + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[pos + 1]))) {
      ++pos;
      return negativeLiteral();
    }
    if (c == '-') {
      ++pos;
      return -factor();
    }
    if (c == '(') {
      ++pos;
      SymInt v = expr();
      if (!peek(")")) {
        ok = false;
        return 0;
      }
      ++pos;
      return v;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int64_t v = 0;
      while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos]))) {
        int d = s[pos++] - '0';
        if (v > (INT64_MAX - d) / 10) {
          ok = false;
          return 0;
        }
        v = v * 10 + d;
      }
      return v;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t start = pos;
      while (pos < s.size() && (std::isalnum(static_cast<unsigned char>(s[pos])) || s[pos] == '_')) ++pos;
      return SymInt::symbol(s.substr(start, pos - start));
    }
    ok = false;
    return 0;
  }
};
}  // namespace

std::optional<SymInt> parseSymInt(const std::string& text, size_t* consumed) {
  SymParser p{text};
  SymInt v = p.expr();
  if (!p.ok) return std::nullopt;
  if (consumed) *consumed = p.pos;
  return v;
}

}  // namespace tdsl::ir
