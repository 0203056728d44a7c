// Code points of tdsl strings as CPython 3.11's str methods see them: UTF-8
// decoding, the character classes behind isalpha() ... isidentifier(), and the
// full case mappings behind upper() lower() title() casefold(). The methods
// themselves are in str_methods.cpp.
//
// Note [Character properties]
// CPython answers from its own copy of the Unicode database (3.11: Unicode
// 14.0). tdsl takes each code point's general category and simple case
// mappings, and its full case folding, from libutf8proc (Debian 12: 2.8,
// Unicode 15.0), and completes them with str_unicode_tables.inc, which
// scripts/gen_str_unicode_tables.py writes by asking CPython where its answer
// is not the category rule: Other_Lowercase / Other_Uppercase (islower of 'ª',
// isupper of 'Ⅷ'), Numeric_Type Digit and Numeric (isdigit of '²', isnumeric
// of '五'), the word-break part of Case_Ignorable (the final sigma looks
// through "'" and "."), the XID_Start / XID_Continue exceptions, and the
// multi-character mappings of SpecialCasing.txt ('ß'.upper() == 'SS'). Code
// points unassigned in CPython's Unicode version are unassigned here whatever
// utf8proc knows, so every answer equals CPython 3.11's for every code point
// (ctest str_unicode compares tests/diff/unicode/char_props.td with CPython).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tdsl::unicode {

// Bytes that do not start a well-formed sequence (tdsl strings are UTF-8, but
// an embedding host may hand over anything) decode alone, as kStrayByte + byte:
// past U+10FFFF, so they have no properties, map to themselves, and append()
// writes them back unchanged.
constexpr uint32_t kStrayByte = 0x110000;

// The code point at s[i] (i < s.size()) and its length in bytes.
inline uint32_t decode(std::string_view s, size_t i, size_t& length) {
  auto b0 = static_cast<unsigned char>(s[i]);
  length = 1;
  if (b0 < 0x80) return b0;
  size_t n = (b0 >> 5) == 0x6 ? 2 : (b0 >> 4) == 0xE ? 3 : (b0 >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return kStrayByte + b0;
  uint32_t cp = b0 & (0x7F >> n);
  for (size_t k = 1; k < n; ++k) {
    auto c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0) != 0x80) return kStrayByte + b0;
    cp = (cp << 6) | (c & 0x3F);
  }
  if (cp > 0x10FFFF) return kStrayByte + b0;
  length = n;
  return cp;
}
// The start of the code point that ends just before byte `end` (> 0).
inline size_t previousStart(std::string_view s, size_t end) {
  size_t i = end - 1;
  while (i > 0 && end - i < 4 && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  size_t length;
  decode(s, i, length);
  return i + length == end ? i : end - 1;  // a stray continuation byte stands alone
}
// Appends `cp` as UTF-8 (a stray byte from decode() as the byte it was).
void append(std::string& out, uint32_t cp);

// Character classes, per code point, as CPython's Py_UNICODE_IS* macros.
bool isAlpha(uint32_t cp);      // categories Lu Ll Lt Lm Lo
bool isDecimal(uint32_t cp);    // Nd
bool isDigit(uint32_t cp);      // Numeric_Type Decimal or Digit
bool isNumeric(uint32_t cp);    // any Numeric_Type
bool isSpace(uint32_t cp);      // Python's whitespace (includes \x1c-\x1f, \x85, \xa0)
bool isLinebreak(uint32_t cp);  // what splitlines() splits on
bool isLower(uint32_t cp);      // the Lowercase property
bool isUpper(uint32_t cp);      // the Uppercase property
bool isTitle(uint32_t cp);      // Lt
bool isCased(uint32_t cp);      // Lowercase, Uppercase or Lt
bool isCaseIgnorable(uint32_t cp);
bool isXidStart(uint32_t cp);
bool isXidContinue(uint32_t cp);
bool isPrintable(uint32_t cp);  // not Cc Cf Cs Co Cn Zl Zp, and no Zs but ' '

// Full case mappings (up to three code points), as CPython's
// _PyUnicode_To{Lower,Upper,Title,Folded}Full; return the number written.
// toLowerFull has no context: the final sigma is the caller's (str_methods.cpp).
int toLowerFull(uint32_t cp, uint32_t out[3]);
int toUpperFull(uint32_t cp, uint32_t out[3]);
int toTitleFull(uint32_t cp, uint32_t out[3]);
int toFoldedFull(uint32_t cp, uint32_t out[3]);

// The Unicode version whose answers these are (CPython 3.11: "14.0.0").
const char* version();

}  // namespace tdsl::unicode
