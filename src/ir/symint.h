// Symbolic integers for graph metadata (sizes, strides, offsets, int
// arguments): integer constants, named symbols (s0, s1, ...), + - * and
// floor division. A SymInt is kept as a canonical polynomial, a sum of
// integer-coefficient monomials over atoms, where an atom is a symbol or an
// opaque floor division of two polynomials. Two SymInts that print the same
// are equal; equal() on structurally different but mathematically equal
// expressions (other than through floordiv) also holds.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tdsl::ir {

class SymInt {
 public:
  SymInt() = default;
  SymInt(int64_t c);  // NOLINT: constants convert implicitly
  static SymInt symbol(const std::string& name);
  static SymInt floordiv(const SymInt& a, const SymInt& b);

  bool isConstant() const;
  // The constant value; TDSL_ASSERTs isConstant().
  int64_t constant() const;
  std::optional<int64_t> maybeConstant() const;

  SymInt operator+(const SymInt& o) const;
  SymInt operator-(const SymInt& o) const;
  SymInt operator*(const SymInt& o) const;
  SymInt operator-() const;
  bool operator==(const SymInt& o) const { return terms_ == o.terms_; }
  bool operator!=(const SymInt& o) const { return !(*this == o); }
  bool operator<(const SymInt& o) const { return terms_ < o.terms_; }

  // Canonical text: "4", "s0", "s0 - 2", "2*s0*s1 + 1", "(s0 + 1) // 2".
  std::string str() const;

 private:
  // Note [SymInt canonical form]: a monomial is a sorted list of atom texts
  // (a symbol name or "(p) // (q)" printed canonically); the empty monomial
  // is the constant term. Zero coefficients are never stored, so the map is
  // canonical and == is structural.
  using Monomial = std::vector<std::string>;
  std::map<Monomial, int64_t> terms_;
};

// Parses the text printed by SymInt::str() (and any expression over ints,
// symbols, parentheses, + - * //). Returns nullopt on malformed input;
// `consumed` receives the number of characters used.
std::optional<SymInt> parseSymInt(const std::string& text, size_t* consumed = nullptr);

}  // namespace tdsl::ir
