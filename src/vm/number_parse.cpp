// Parsing of int() and float() arguments (number_parse.h).
#include "vm/number_parse.h"

#include <cmath>
#include <cstdlib>
#include <string>

namespace tdsl {

namespace {

bool isAsciiSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// Length of the Unicode whitespace character (White_Space, as str.isspace()
// but without U+001C..U+001F, which int() and float() refuse) that starts at
// s[i], or 0.
size_t spaceAt(std::string_view s, size_t i) {
  if (isAsciiSpace(s[i])) return 1;
  auto b = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  if (b(0) == 0xC2 && (b(1) == 0x85 || b(1) == 0xA0)) return 2;  // U+0085, U+00A0
  if (b(0) == 0xE1 && b(1) == 0x9A && b(2) == 0x80) return 3;     // U+1680
  if (b(0) == 0xE2 && b(1) == 0x80 && ((b(2) >= 0x80 && b(2) <= 0x8A) || b(2) == 0xA8 || b(2) == 0xA9 || b(2) == 0xAF))
    return 3;                                                     // U+2000..200A, 2028, 2029, 202F
  if (b(0) == 0xE2 && b(1) == 0x81 && b(2) == 0x9F) return 3;     // U+205F
  if (b(0) == 0xE3 && b(1) == 0x80 && b(2) == 0x80) return 3;     // U+3000
  return 0;
}

std::string_view stripSpace(std::string_view s) {
  size_t b = 0;
  while (b < s.size()) {
    size_t n = spaceAt(s, b);
    if (!n) break;
    b += n;
  }
  s.remove_prefix(b);
  // Trailing: every whitespace character ends in a byte that cannot start
  // one, so scan back to a lead byte and test from there.
  for (;;) {
    bool stripped = false;
    for (size_t len = 1; len <= 3 && len <= s.size(); ++len)
      if (spaceAt(s, s.size() - len) == len) {
        s.remove_suffix(len);
        stripped = true;
        break;
      }
    if (!stripped) return s;
  }
}

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Consumes digits (with single underscores between them) from s[i]; false
// when there is none or an underscore is misplaced.
bool scanDecimalDigits(std::string_view s, size_t& i, std::string& out) {
  size_t start = i;
  while (i < s.size()) {
    if (isDigit(s[i])) {
      out += s[i++];
    } else if (s[i] == '_' && i > start && i + 1 < s.size() && isDigit(s[i + 1])) {
      ++i;
    } else {
      break;
    }
  }
  return i > start;
}

bool equalsIgnoringCase(std::string_view a, std::string_view lowerB) {
  if (a.size() != lowerB.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (static_cast<char>(std::tolower(static_cast<unsigned char>(a[i]))) != lowerB[i]) return false;
  return true;
}

}  // namespace

ParseStatus parseIntLiteral(std::string_view text, int base, int64_t& out) {
  std::string_view s = stripSpace(text);
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  auto prefixed = [&](char lower) {
    return i + 1 < s.size() && s[i] == '0' && std::tolower(static_cast<unsigned char>(s[i + 1])) == lower;
  };
  bool mustBeZero = false;  // base 0 and a leading 0 without a prefix: "00" is fine, "017" is not
  if (base == 0) {
    if (prefixed('x')) base = 16;
    else if (prefixed('o')) base = 8;
    else if (prefixed('b')) base = 2;
    else {
      mustBeZero = i < s.size() && s[i] == '0';
      base = 10;
    }
  }
  bool afterPrefix = false;
  if ((base == 16 && prefixed('x')) || (base == 8 && prefixed('o')) || (base == 2 && prefixed('b'))) {
    i += 2;
    afterPrefix = true;
  }
  if (afterPrefix && i < s.size() && s[i] == '_') ++i;  // "0x_1f"
  const uint64_t limit = negative ? uint64_t(1) << 63 : (uint64_t(1) << 63) - 1;
  uint64_t value = 0;
  bool overflow = false;
  size_t ndigits = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_') {
      if (ndigits == 0 || i + 1 >= s.size() || digitValue(s[i + 1]) >= base) return ParseStatus::Invalid;
      continue;
    }
    int d = digitValue(c);
    if (d >= base) return ParseStatus::Invalid;
    ++ndigits;
    if (overflow) continue;
    if (value > (limit - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base)) overflow = true;
    else value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  if (ndigits == 0) return ParseStatus::Invalid;
  if (mustBeZero && (value != 0 || overflow)) return ParseStatus::Invalid;
  if (overflow) return ParseStatus::Overflow;
  out = negative ? static_cast<int64_t>(0 - value) : static_cast<int64_t>(value);
  return ParseStatus::Ok;
}

ParseStatus parseFloatLiteral(std::string_view text, double& out) {
  std::string_view s = stripSpace(text);
  size_t i = 0;
  double sign = 1.0;
  std::string clean;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    if (s[i] == '-') sign = -1.0;
    clean += s[i++];
  }
  std::string_view body = s.substr(i);
  if (equalsIgnoringCase(body, "inf") || equalsIgnoringCase(body, "infinity")) {
    out = sign * HUGE_VAL;
    return ParseStatus::Ok;
  }
  if (equalsIgnoringCase(body, "nan")) {
    out = std::copysign(NAN, sign);
    return ParseStatus::Ok;
  }
  // digits [. [digits]] | . digits, then [e [sign] digits]
  bool intPart = scanDecimalDigits(s, i, clean);
  bool fracPart = false;
  if (i < s.size() && s[i] == '.') {
    clean += s[i++];
    if (i < s.size() && s[i] == '_') return ParseStatus::Invalid;
    fracPart = scanDecimalDigits(s, i, clean);
  }
  if (!intPart && !fracPart) return ParseStatus::Invalid;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    clean += s[i++];
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) clean += s[i++];
    if (!scanDecimalDigits(s, i, clean)) return ParseStatus::Invalid;
  }
  if (i != s.size()) return ParseStatus::Invalid;
  out = std::strtod(clean.c_str(), nullptr);
  return ParseStatus::Ok;
}

}  // namespace tdsl
