// Python-exact scalar formatting; see format.h for the contract.
//
// Note [Where the digits come from]
// Every float conversion starts from a correctly rounded digit string:
// std::to_chars gives the shortest round-trip digits (repr), and glibc's
// printf "%.*e" / "%.*f" round the exact binary value half-to-even, exactly as
// CPython's dtoa modes 2 and 3 do. The layout on top of those digits (when to
// switch to an exponent, trailing zeros, '#', the '.0' that repr adds) follows
// CPython's format_float_short, and the padding/grouping follows
// Python/formatter_unicode.c (calc_number_widths, InsertThousandsGrouping).
#include "vm/format.h"

#include <cfloat>
#include <charconv>
#include <cmath>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

#include "support/diagnostics.h"
#include "frontend/source_text.h"

namespace tdsl {
namespace {

// Widths and precisions past this are refused rather than allocated (a script
// must not be able to exhaust memory with "{:999999999}").
constexpr int64_t kMaxFormatWidth = 10'000'000;

[[noreturn]] void valueError(std::string message) { throw Error(ErrorKind::Value, std::move(message)); }

// ---------------------------------------------------------------------------
// UTF-8 helpers.

// Length in bytes of the UTF-8 sequence starting with `lead` (1 for invalid).
size_t utf8SequenceLength(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;
}

// Decodes one code point at text[i]; returns false (and length 1) for bytes
// that are not a valid sequence.
bool decodeUtf8(std::string_view text, size_t i, uint32_t& cp, size_t& length) {
  auto lead = static_cast<unsigned char>(text[i]);
  length = utf8SequenceLength(lead);
  if (length == 1) {
    cp = lead;
    return lead < 0x80;
  }
  if (i + length > text.size()) { length = 1; cp = lead; return false; }
  cp = lead & (0x7F >> length);
  for (size_t k = 1; k < length; ++k) {
    auto c = static_cast<unsigned char>(text[i + k]);
    if ((c >> 6) != 0x2) { length = 1; cp = lead; return false; }
    cp = (cp << 6) | (c & 0x3F);
  }
  return true;
}

// str.isprintable() for the code points that matter in practice: controls,
// separators other than ' ', the common format characters, surrogates,
// private use and noncharacters. (CPython also escapes unassigned code points;
// that needs the full Unicode database and is not reproduced.)
bool isPrintable(uint32_t cp) {
  if (cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD) return false;
  if (cp < 0x300) return true;
  if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F)) return false;
  if ((cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF) return false;
  if (cp >= 0xD800 && cp <= 0xF8FF) return false;  // surrogates and private use
  if ((cp & 0xFFFE) == 0xFFFE || (cp >= 0xFDD0 && cp <= 0xFDEF)) return false;
  if (cp >= 0xF0000) return false;  // supplementary private use planes
  if (cp == 0x61C || cp == 0x180E || (cp >= 0xFFF9 && cp <= 0xFFFB)) return false;
  return true;
}

void appendHexEscape(std::string& out, uint32_t cp) {
  char buf[16];
  if (cp <= 0xFF) std::snprintf(buf, sizeof buf, "\\x%02x", cp);
  else if (cp <= 0xFFFF) std::snprintf(buf, sizeof buf, "\\u%04x", cp);
  else std::snprintf(buf, sizeof buf, "\\U%08x", cp);
  out += buf;
}

// ---------------------------------------------------------------------------
// The format-spec mini-language.

struct FormatSpec {
  std::string fill = " ";  // one code point, UTF-8
  char align = '\0';       // '<' '>' '^' '=' or '\0' (type default)
  char sign = '\0';        // '+' '-' ' ' or '\0'
  bool noNegZero = false;  // 'z'
  bool alternate = false;  // '#'
  int64_t width = -1;
  char grouping = '\0';    // ',' '_' or '\0'
  int64_t precision = -1;
  char type = '\0';
};

bool isAlign(char c) { return c == '<' || c == '>' || c == '^' || c == '='; }

std::string quotedTypeChar(char type) {
  auto c = static_cast<unsigned char>(type);
  char buf[16];
  if (c > 32 && c < 128) std::snprintf(buf, sizeof buf, "'%c'", c);
  else std::snprintf(buf, sizeof buf, "'\\x%x'", c);
  return buf;
}

// Reads a run of decimal digits at spec[pos]; -1 when there are none.
int64_t readInteger(std::string_view spec, size_t& pos) {
  int64_t value = -1;
  while (pos < spec.size() && spec[pos] >= '0' && spec[pos] <= '9') {
    int digit = spec[pos] - '0';
    if (value < 0) value = 0;
    if (value > (std::numeric_limits<int64_t>::max() - digit) / 10)
      valueError("Too many decimal digits in format string");
    value = value * 10 + digit;
    ++pos;
  }
  return value;
}

// CPython's parse_internal_render_format_spec. `defaultType` is the type a
// spec without one gets ('s' for str, 'd' for int, none for float),
// `defaultAlign` is '>' for numbers and '<' for strings; `typeName` names the
// object in messages.
FormatSpec parseSpec(std::string_view spec, char defaultType, char defaultAlign, const char* typeName) {
  FormatSpec f;
  f.type = defaultType;
  size_t pos = 0;
  bool fillSpecified = false, alignSpecified = false;
  uint32_t cp;
  size_t firstLen = 0;
  if (!spec.empty()) decodeUtf8(spec, 0, cp, firstLen);
  if (!spec.empty() && firstLen < spec.size() && isAlign(spec[firstLen])) {
    f.fill = std::string(spec.substr(0, firstLen));
    f.align = spec[firstLen];
    fillSpecified = alignSpecified = true;
    pos = firstLen + 1;
  } else if (!spec.empty() && isAlign(spec[0])) {
    f.align = spec[0];
    alignSpecified = true;
    pos = 1;
  }
  if (pos < spec.size() && (spec[pos] == '+' || spec[pos] == '-' || spec[pos] == ' ')) f.sign = spec[pos++];
  if (pos < spec.size() && spec[pos] == 'z') { f.noNegZero = true; ++pos; }
  if (pos < spec.size() && spec[pos] == '#') { f.alternate = true; ++pos; }
  if (!fillSpecified && pos < spec.size() && spec[pos] == '0') {
    f.fill = "0";
    if (!alignSpecified && defaultAlign == '>') f.align = '=';
    ++pos;
  }
  f.width = readInteger(spec, pos);
  if (pos < spec.size() && spec[pos] == ',') { f.grouping = ','; ++pos; }
  if (pos < spec.size() && spec[pos] == '_') {
    if (f.grouping) valueError("Cannot specify both ',' and '_'.");
    f.grouping = '_';
    ++pos;
  }
  if (pos < spec.size() && spec[pos] == ',' && f.grouping == '_') valueError("Cannot specify both ',' and '_'.");
  if (pos < spec.size() && spec[pos] == '.') {
    ++pos;
    f.precision = readInteger(spec, pos);
    if (f.precision < 0) valueError("Format specifier missing precision");
  }
  if (spec.size() - pos > 1)
    valueError("Invalid format specifier '" + std::string(spec) + "' for object of type '" + typeName + "'");
  if (pos < spec.size()) f.type = spec[pos];
  if (f.grouping) {
    switch (f.type) {
      case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case '\0':
        break;
      case 'b': case 'o': case 'x': case 'X':
        if (f.grouping == '_') break;
        [[fallthrough]];
      default:
        valueError(std::string("Cannot specify '") + f.grouping + "' with " + quotedTypeChar(f.type) + ".");
    }
  }
  if (f.width > kMaxFormatWidth || f.precision > kMaxFormatWidth)
    throw Error(ErrorKind::Resource, "format width or precision too large");
  if (!f.align) f.align = defaultAlign;
  return f;
}

[[noreturn]] void unknownFormatCode(char type, const char* typeName) {
  valueError("Unknown format code " + quotedTypeChar(type) + " for object of type '" + typeName + "'");
}

std::string repeatFill(const std::string& fill, int64_t count) {
  std::string out;
  if (count <= 0) return out;
  out.reserve(fill.size() * static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) out += fill;
  return out;
}

// Inserts `sep` every `group` digits from the right, padding with leading
// zeros until the result has at least `minWidth` characters (CPython's
// _PyUnicode_InsertThousandsGrouping; a separator never leads).
std::string groupDigits(std::string_view digits, char sep, int group, int64_t minWidth) {
  if (!sep) {
    std::string out;
    if (static_cast<int64_t>(digits.size()) < minWidth) out.assign(minWidth - digits.size(), '0');
    out += digits;
    return out;
  }
  std::string reversed;  // built right to left
  int64_t remaining = static_cast<int64_t>(digits.size());
  bool first = true;
  while (true) {
    int64_t chunk = std::min<int64_t>(group, std::max<int64_t>({remaining, minWidth, 1}));
    int64_t zeros = std::max<int64_t>(0, chunk - remaining);
    int64_t chars = std::max<int64_t>(0, std::min(remaining, chunk));
    if (!first) reversed += sep;
    for (int64_t i = 0; i < chars; ++i) reversed += digits[remaining - 1 - i];
    reversed.append(zeros, '0');
    remaining -= chars;
    minWidth -= chunk;
    if (remaining <= 0 && minWidth <= 0) break;
    minWidth -= 1;
    first = false;
  }
  return std::string(reversed.rbegin(), reversed.rend());
}

// The parts of a formatted number, laid out as
//   <lpad><sign><prefix><spad><grouped digits><remainder><rpad>
// where remainder is the decimal point, fraction, exponent and '%'.
struct NumberParts {
  bool negative = false;
  std::string prefix;     // "0x" etc.
  std::string digits;     // leading integer digits (grouped)
  std::string remainder;  // everything after them
};

std::string renderNumber(const FormatSpec& f, const NumberParts& n, int groupSize) {
  std::string sign;
  if (n.negative) sign = "-";
  else if (f.sign == '+') sign = "+";
  else if (f.sign == ' ') sign = " ";
  int64_t nonDigit = static_cast<int64_t>(sign.size() + n.prefix.size() + n.remainder.size());
  int64_t minWidth = (f.fill == "0" && f.align == '=') ? f.width - nonDigit : 0;
  std::string grouped = n.digits.empty() ? std::string() : groupDigits(n.digits, f.grouping, groupSize, minWidth);
  int64_t padding = f.width - (nonDigit + static_cast<int64_t>(grouped.size()));
  int64_t lpad = 0, spad = 0, rpad = 0;
  if (padding > 0) {
    switch (f.align) {
      case '<': rpad = padding; break;
      case '^': lpad = padding / 2; rpad = padding - lpad; break;
      case '=': spad = padding; break;
      default: lpad = padding; break;
    }
  }
  return repeatFill(f.fill, lpad) + sign + n.prefix + repeatFill(f.fill, spad) + grouped + n.remainder +
         repeatFill(f.fill, rpad);
}

// Splits "1234.5e+07" into the leading digit run and the rest.
NumberParts splitNumber(bool negative, std::string text) {
  NumberParts n;
  n.negative = negative;
  size_t i = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  n.digits = text.substr(0, i);
  n.remainder = text.substr(i);
  return n;
}

std::string alignText(const FormatSpec& f, std::string_view text) {
  int64_t padding = f.width - static_cast<int64_t>(frontend::codePointCount(text));
  int64_t lpad = 0, rpad = 0;
  if (padding > 0) {
    if (f.align == '>') lpad = padding;
    else if (f.align == '^') { lpad = padding / 2; rpad = padding - lpad; }
    else rpad = padding;
  }
  return repeatFill(f.fill, lpad) + std::string(text) + repeatFill(f.fill, rpad);
}

// ---------------------------------------------------------------------------
// Float digit generation and layout (Note [Where the digits come from]).

// A decimal digit string D and the position of the decimal point:
// value = 0.D * 10^decpt. D has no leading zeros (zero itself is "0", decpt 1).
struct Digits {
  std::string d;
  int decpt = 1;
};

std::string printfString(const char* format, int precision, double x) {
  int n = std::snprintf(nullptr, 0, format, precision, x);
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), format, precision, x);
  out.resize(static_cast<size_t>(n));
  return out;
}

// Parses "d.ddde±XX" (from to_chars or printf) into digits and decpt.
Digits parseScientific(std::string_view text) {
  Digits r;
  r.d.clear();
  size_t i = 0;
  for (; i < text.size() && text[i] != 'e'; ++i)
    if (text[i] != '.') r.d += text[i];
  int exponent = 0;
  if (i < text.size()) std::from_chars(text.data() + i + 1 + (text[i + 1] == '+'), text.data() + text.size(), exponent);
  r.decpt = exponent + 1;
  return r;
}

// Shortest round-trip digits of a finite, non-negative x.
Digits shortestDigits(double x) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  Digits r = parseScientific(std::string_view(buf, res.ptr - buf));
  while (r.d.size() > 1 && r.d.back() == '0') r.d.pop_back();
  return r;
}

// `count` significant digits of a finite, non-negative x, correctly rounded.
Digits roundedDigits(double x, int count) {
  return parseScientific(printfString("%.*e", count - 1, x));
}

std::string exponentSuffix(int exponent) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "e%c%02d", exponent < 0 ? '-' : '+', exponent < 0 ? -exponent : exponent);
  return buf;
}

// Scientific layout: "d.ddd" + exponent; a lone digit gets a '.' only when
// `forceDot` ('#').
std::string layoutScientific(const Digits& g, bool forceDot) {
  std::string out(1, g.d[0]);
  if (g.d.size() > 1) out += "." + g.d.substr(1);
  else if (forceDot) out += '.';
  return out + exponentSuffix(g.decpt - 1);
}

// Fixed layout of digits around decpt. `addDot0`: an integral result gets
// ".0"; `forceDot`: it gets at least a '.'.
std::string layoutFixed(const Digits& g, bool addDot0, bool forceDot) {
  std::string intPart, frac;
  const int n = static_cast<int>(g.d.size());
  if (g.decpt <= 0) {
    intPart = "0";
    frac = std::string(-g.decpt, '0') + g.d;
  } else if (g.decpt >= n) {
    intPart = g.d + std::string(g.decpt - n, '0');
  } else {
    intPart = g.d.substr(0, g.decpt);
    frac = g.d.substr(g.decpt);
  }
  if (!frac.empty()) return intPart + "." + frac;
  if (addDot0) return intPart + ".0";
  if (forceDot) return intPart + ".";
  return intPart;
}

void stripTrailingZeros(Digits& g) {
  while (g.d.size() > 1 && g.d.back() == '0') g.d.pop_back();
}

// Formats a finite, non-negative x for one presentation type ('e' 'f' 'g'
// 'r'; 'r' = repr-style shortest) with CPython's format_float_short rules.
std::string formatFiniteMagnitude(double x, char type, int precision, bool alternate, bool addDot0) {
  switch (type) {
    case 'e':
      return layoutScientific(roundedDigits(x, precision + 1), alternate);
    case 'f':
      return printfString(alternate ? "%#.*f" : "%.*f", precision, x);
    case 'g': {
      if (precision == 0) precision = 1;
      Digits g = roundedDigits(x, precision);
      if (x == 0) g.decpt = 1;
      bool useExp = g.decpt <= -4 || g.decpt > (addDot0 ? precision - 1 : precision);
      if (!alternate) stripTrailingZeros(g);
      if (useExp) return layoutScientific(g, alternate);
      if (alternate) {
        // '#' keeps `precision` significant digits, counting the zeros
        // before the point for values >= 1 (a leading "0." counts none).
        int wanted = std::max(precision, g.decpt);
        if (static_cast<int>(g.d.size()) < wanted) g.d.append(wanted - g.d.size(), '0');
      }
      return layoutFixed(g, addDot0, alternate);
    }
    default: {  // 'r'
      Digits g = x == 0 ? Digits{"0", 1} : shortestDigits(x);
      bool useExp = g.decpt <= -4 || g.decpt > 16;
      if (useExp) return layoutScientific(g, alternate);
      return layoutFixed(g, addDot0, alternate);
    }
  }
}

bool allDigitsZero(std::string_view text) {
  for (char c : text) {
    if (c == 'e' || c == 'E') break;
    if (c >= '1' && c <= '9') return false;
  }
  return true;
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return s;
}

std::string toBase(uint64_t magnitude, int base, bool upperCase) {
  const char* digitChars = upperCase ? "0123456789ABCDEF" : "0123456789abcdef";
  if (magnitude == 0) return "0";
  std::string out;
  while (magnitude) {
    out += digitChars[magnitude % base];
    magnitude /= base;
  }
  return std::string(out.rbegin(), out.rend());
}

}  // namespace

// ---------------------------------------------------------------------------

std::string pyFloatRepr(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  std::string body = formatFiniteMagnitude(std::fabs(x), 'r', 0, false, true);
  return std::signbit(x) ? "-" + body : body;
}

std::string pyStrRepr(std::string_view text) {
  bool hasSingle = text.find('\'') != std::string_view::npos;
  bool hasDouble = text.find('"') != std::string_view::npos;
  char quote = (hasSingle && !hasDouble) ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < text.size();) {
    uint32_t cp;
    size_t length;
    bool valid = decodeUtf8(text, i, cp, length);
    if (!valid && static_cast<unsigned char>(text[i]) >= 0x80) {
      appendHexEscape(out, static_cast<unsigned char>(text[i]));  // stray byte
    } else if (cp == static_cast<uint32_t>(quote) || cp == '\\') {
      out += '\\';
      out += static_cast<char>(cp);
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (!isPrintable(cp)) {
      appendHexEscape(out, cp);
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  out += quote;
  return out;
}

std::string formatFloat(double value, std::string_view specText) {
  FormatSpec f = parseSpec(specText, '\0', '>', "float");
  char type = f.type;
  bool addDot0 = false;
  switch (type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': break;
    case 'n': type = 'g'; break;
    case '\0':
      addDot0 = true;
      type = f.precision < 0 ? 'r' : 'g';
      break;
    default:
      unknownFormatCode(f.type, "float");
  }
  bool upperCase = type == 'E' || type == 'F' || type == 'G';
  char lowerType = upperCase ? static_cast<char>(type - 'A' + 'a') : type;
  int precision = f.precision < 0 ? 6 : static_cast<int>(f.precision);
  bool percent = lowerType == '%';
  if (percent) { lowerType = 'f'; value *= 100; }

  bool negative = std::signbit(value) && !std::isnan(value);
  std::string body;
  if (std::isnan(value)) body = "nan";
  else if (std::isinf(value)) body = "inf";
  else body = formatFiniteMagnitude(std::fabs(value), lowerType, precision, f.alternate, addDot0);
  if (upperCase) body = upper(body);
  if (percent) body += '%';
  if (negative && f.noNegZero && std::isfinite(value) && allDigitsZero(body)) negative = false;
  return renderNumber(f, splitNumber(negative, body), 3);
}

namespace {

std::string formatInteger(int64_t value, std::string_view specText, const char* typeName) {
  FormatSpec f = parseSpec(specText, 'd', '>', typeName);
  switch (f.type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
      return formatFloat(static_cast<double>(value), specText);
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n': case '\0':
      break;
    default:
      unknownFormatCode(f.type, typeName);
  }
  if (f.precision >= 0) valueError("Precision not allowed in integer format specifier");
  if (f.noNegZero) valueError("Negative zero coercion (z) not allowed in integer format specifier");
  bool negative = value < 0;
  uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  NumberParts n;
  int groupSize = 3;
  if (f.type == 'c') {
    if (f.sign) valueError("Sign not allowed with integer format specifier 'c'");
    if (f.alternate) valueError("Alternate form (#) not allowed with integer format specifier 'c'");
    if (value < 0 || value > 0x10FFFF) throw Error(ErrorKind::Overflow, "%c arg not in range(0x110000)");
    frontend::appendUtf8(n.remainder, static_cast<uint32_t>(value));
    // The character counts as one column whatever its UTF-8 length.
    FormatSpec g = f;
    g.width = f.width < 0 ? -1 : f.width + static_cast<int64_t>(n.remainder.size()) - 1;
    return renderNumber(g, n, groupSize);
  }
  n.negative = negative;
  switch (f.type) {
    case 'b': n.digits = toBase(magnitude, 2, false); n.prefix = "0b"; groupSize = 4; break;
    case 'o': n.digits = toBase(magnitude, 8, false); n.prefix = "0o"; groupSize = 4; break;
    case 'x': n.digits = toBase(magnitude, 16, false); n.prefix = "0x"; groupSize = 4; break;
    case 'X': n.digits = toBase(magnitude, 16, true); n.prefix = "0X"; groupSize = 4; break;
    default: n.digits = toBase(magnitude, 10, false); break;
  }
  if (!f.alternate) n.prefix.clear();
  return renderNumber(f, n, groupSize);
}

}  // namespace

std::string formatInt(int64_t value, std::string_view spec) { return formatInteger(value, spec, "int"); }

std::string formatBool(bool value, std::string_view spec) {
  if (spec.empty()) return value ? "True" : "False";
  return formatInteger(value ? 1 : 0, spec, "bool");
}

std::string formatStr(std::string_view value, std::string_view specText) {
  FormatSpec f = parseSpec(specText, 's', '<', "str");
  if (f.type != 's' && f.type != '\0') unknownFormatCode(f.type, "str");
  if (f.sign == ' ') valueError("Space not allowed in string format specifier");
  if (f.sign) valueError("Sign not allowed in string format specifier");
  if (f.noNegZero) valueError("Negative zero coercion (z) not allowed in string format specifier");
  if (f.alternate) valueError("Alternate form (#) not allowed in string format specifier");
  if (f.align == '=') valueError("'=' alignment not allowed in string format specifier");
  std::string_view text = value;
  if (f.precision >= 0 && static_cast<int64_t>(frontend::codePointCount(text)) > f.precision) {
    size_t i = 0;
    for (int64_t k = 0; k < f.precision && i < text.size(); ++k)
      i += std::min(utf8SequenceLength(static_cast<unsigned char>(text[i])), text.size() - i);
    text = text.substr(0, i);
  }
  return alignText(f, text);
}

// ---------------------------------------------------------------------------
// round()

namespace {

// The exact decimal expansion of a finite double (no exponent): every double
// is a dyadic rational, so its expansion terminates within 1100 digits.
std::string exactDecimal(double x) { return printfString("%.*f", 1100, x); }

}  // namespace

double pyRound(double x, int64_t ndigits) {
  if (!std::isfinite(x) || x == 0) return x;
  // CPython's NDIGITS_MAX / NDIGITS_MIN: beyond these the result is x itself
  // or a signed zero.
  if (ndigits > 323) return x;
  if (ndigits < -308) return 0.0 * x;
  std::string text = exactDecimal(std::fabs(x));
  size_t point = text.find('.');
  std::string digits = text.substr(0, point) + text.substr(point + 1);
  int64_t intDigits = static_cast<int64_t>(point);
  // Keep the first `keep` digits; round half to even on the exact value.
  int64_t keep = intDigits + ndigits;
  std::string kept;
  if (keep > 0) {
    kept = digits.substr(0, static_cast<size_t>(keep));
    bool roundUp = false;
    if (static_cast<size_t>(keep) < digits.size()) {
      char next = digits[keep];
      bool restNonZero = digits.find_first_not_of('0', keep + 1) != std::string::npos;
      bool lastOdd = (kept.back() - '0') % 2 == 1;
      roundUp = next > '5' || (next == '5' && (restNonZero || lastOdd));
    }
    if (roundUp) {
      int64_t i = keep - 1;
      while (i >= 0 && kept[i] == '9') kept[i--] = '0';
      if (i >= 0) ++kept[i];
      else { kept.insert(kept.begin(), '1'); ++intDigits; ++keep; }
    }
  } else {
    // Every kept digit is left of the value's first digit: the result is 0
    // or one unit of 10^-ndigits (exactly half rounds to the even 0).
    bool aboveHalf = false;
    if (keep == 0) {
      char first = digits[0];
      bool restNonZero = digits.find_first_not_of('0', 1) != std::string::npos;
      aboveHalf = first > '5' || (first == '5' && restNonZero);
    }
    // A value in [0.5, 1) * 10^-ndigits has first digit at position keep == 0.
    kept = aboveHalf ? "1" : "0";
    keep = 1;
    intDigits = 1 - ndigits;  // kept is the digit for 10^-ndigits
  }
  // Rebuild "kept" * 10^(intDigits - keep) and let strtod round it once.
  std::string literal = kept + "e" + std::to_string(intDigits - keep);
  double rounded = std::strtod(literal.c_str(), nullptr);
  if (std::isinf(rounded)) throw Error(ErrorKind::Overflow, "rounded value too large to represent");
  return std::signbit(x) ? -rounded : rounded;
}

int64_t pyRoundToInt(double x) {
  if (std::isnan(x)) valueError("cannot convert float NaN to integer");
  if (std::isinf(x)) throw Error(ErrorKind::Overflow, "cannot convert float infinity to integer");
  double rounded = std::round(x);
  if (std::fabs(x - rounded) == 0.5) rounded = 2.0 * std::round(x / 2.0);
  // int64 covers [-2^63, 2^63); 2^63 itself is exactly representable.
  if (rounded >= 9223372036854775808.0 || rounded < -9223372036854775808.0)
    throw Error(ErrorKind::Overflow, "int too large to convert to a 64-bit tdsl int");
  return static_cast<int64_t>(rounded);
}

}  // namespace tdsl
