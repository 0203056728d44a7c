// Character classes and case mappings of CPython 3.11 (Note [Character
// properties] in str_unicode.h): utf8proc's categories and mappings, corrected
// by the tables scripts/gen_str_unicode_tables.py generates from CPython.
#include "vm/str_unicode.h"

#include <algorithm>
#include <iterator>

#include <utf8proc.h>

#include "frontend/source_text.h"

namespace tdsl::unicode {

namespace {

struct CodeRange {
  uint32_t first, last;
};
using Mapping = uint32_t[3];  // up to three code points, 0-padded
struct SpecialCase {
  uint32_t cp;
  Mapping lower, upper, title;
};

#include "vm/str_unicode_tables.inc"

template <size_t N>
bool inRanges(const CodeRange (&table)[N], uint32_t cp) {
  if (cp < table[0].first) return false;
  const CodeRange* it = std::upper_bound(table, table + N, cp, [](uint32_t c, const CodeRange& r) { return c < r.first; });
  return it != table && cp <= std::prev(it)->last;
}

// The general category in CPython's Unicode version: a code point utf8proc
// knows from a later version is unassigned (Cn) here.
utf8proc_category_t category(uint32_t cp) {
  if (cp > 0x10FFFF) return UTF8PROC_CATEGORY_CN;
  utf8proc_category_t c = utf8proc_category(static_cast<utf8proc_int32_t>(cp));
  if (c != UTF8PROC_CATEGORY_CN && cp >= kUnassigned[0].first && inRanges(kUnassigned, cp)) return UTF8PROC_CATEGORY_CN;
  return c;
}

const SpecialCase* specialCase(uint32_t cp) {
  const SpecialCase* end = std::end(kSpecialCasing);
  const SpecialCase* it = std::lower_bound(std::begin(kSpecialCasing), end, cp,
                                           [](const SpecialCase& s, uint32_t c) { return s.cp < c; });
  return it != end && it->cp == cp ? it : nullptr;
}

int copyMapping(const Mapping& m, uint32_t out[3]) {
  int n = 0;
  while (n < 3 && m[n]) { out[n] = m[n]; ++n; }
  return n;
}

// The simple mapping `simple` (utf8proc) of an assigned code point, or the
// full one where SpecialCasing.txt has a longer mapping.
int mapFull(uint32_t cp, uint32_t out[3], utf8proc_int32_t (*simple)(utf8proc_int32_t),
            Mapping SpecialCase::*which) {
  if (cp >= 0x80) {
    if (category(cp) == UTF8PROC_CATEGORY_CN) {
      out[0] = cp;
      return 1;
    }
    if (cp >= kSpecialCasing[0].cp)
      if (const SpecialCase* s = specialCase(cp)) return copyMapping(s->*which, out);
  }
  out[0] = static_cast<uint32_t>(simple(static_cast<utf8proc_int32_t>(cp)));
  return 1;
}

}  // namespace

void append(std::string& out, uint32_t cp) {
  if (cp >= kStrayByte) out += static_cast<char>(cp - kStrayByte);
  else frontend::appendUtf8(out, cp);
}

bool isAlpha(uint32_t cp) {
  switch (category(cp)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO: return true;
    default: return false;
  }
}
bool isDecimal(uint32_t cp) { return category(cp) == UTF8PROC_CATEGORY_ND; }
bool isDigit(uint32_t cp) { return isDecimal(cp) || inRanges(kDigitNotDecimal, cp); }
bool isNumeric(uint32_t cp) {
  switch (category(cp)) {
    case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO: return true;
    case UTF8PROC_CATEGORY_LO: return inRanges(kNumericNotN, cp);  // CJK numerals: 五 百 萬
    default: return false;
  }
}
bool isSpace(uint32_t cp) {
  // Bidi classes WS, B, S and category Zs; a fixed set, checked by the generator.
  if (cp < 0x80) return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20);
  switch (cp) {
    case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000: return true;
    default: return cp >= 0x2000 && cp <= 0x200A;
  }
}
bool isLinebreak(uint32_t cp) {
  switch (cp) {
    case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x1C: case 0x1D: case 0x1E:
    case 0x85: case 0x2028: case 0x2029: return true;
    default: return false;
  }
}
bool isLower(uint32_t cp) {
  utf8proc_category_t c = category(cp);
  return c == UTF8PROC_CATEGORY_LL || (c != UTF8PROC_CATEGORY_CN && inRanges(kOtherLowercase, cp));
}
bool isUpper(uint32_t cp) {
  utf8proc_category_t c = category(cp);
  return c == UTF8PROC_CATEGORY_LU || (c != UTF8PROC_CATEGORY_CN && inRanges(kOtherUppercase, cp));
}
bool isTitle(uint32_t cp) { return category(cp) == UTF8PROC_CATEGORY_LT; }
bool isCased(uint32_t cp) { return isLower(cp) || isUpper(cp) || isTitle(cp); }
bool isCaseIgnorable(uint32_t cp) {
  switch (category(cp)) {
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_ME: case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_SK: return true;
    case UTF8PROC_CATEGORY_CN: return false;
    default: return inRanges(kCaseIgnorableExtra, cp);
  }
}
bool isXidStart(uint32_t cp) {
  switch (category(cp)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_NL:
      return !inRanges(kXidStartExcluded, cp);
    case UTF8PROC_CATEGORY_CN: return false;
    default: return inRanges(kXidStartExtra, cp);
  }
}
bool isXidContinue(uint32_t cp) {
  switch (category(cp)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_PC:
      return !inRanges(kXidContinueExcluded, cp);
    case UTF8PROC_CATEGORY_CN: return false;
    default: return inRanges(kXidContinueExtra, cp);
  }
}
bool isPrintable(uint32_t cp) {
  switch (category(cp)) {
    case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP: return false;
    case UTF8PROC_CATEGORY_ZS: return cp == ' ';
    default: return true;
  }
}

int toLowerFull(uint32_t cp, uint32_t out[3]) { return mapFull(cp, out, utf8proc_tolower, &SpecialCase::lower); }
int toUpperFull(uint32_t cp, uint32_t out[3]) { return mapFull(cp, out, utf8proc_toupper, &SpecialCase::upper); }
int toTitleFull(uint32_t cp, uint32_t out[3]) { return mapFull(cp, out, utf8proc_totitle, &SpecialCase::title); }
int toFoldedFull(uint32_t cp, uint32_t out[3]) {
  if (cp < 0x80 || category(cp) == UTF8PROC_CATEGORY_CN) {
    out[0] = cp < 0x80 ? static_cast<uint32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(cp))) : cp;
    return 1;
  }
  // CaseFolding.txt's full folding (statuses C and F), which is CPython's.
  utf8proc_int32_t buf[4];
  utf8proc_ssize_t n = utf8proc_decompose_char(static_cast<utf8proc_int32_t>(cp), buf, 4, UTF8PROC_CASEFOLD, nullptr);
  if (n < 1 || n > 3) {
    out[0] = cp;
    return 1;
  }
  for (utf8proc_ssize_t i = 0; i < n; ++i) out[i] = static_cast<uint32_t>(buf[i]);
  return static_cast<int>(n);
}

const char* version() { return kUnicodeVersion; }

}  // namespace tdsl::unicode
