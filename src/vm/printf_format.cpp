// printf-style `fmt % args` (CPython's PyUnicode_Format in
// Objects/unicodeobject.c, whose structure this follows: one pass over the
// format, one argument cursor, the mapping taken when args is one).
#include "vm/printf_format.h"

#include <cmath>
#include <cstdio>

#include "vm/format.h"
#include "vm/objects.h"
#include "vm/tensor_bridge.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

struct Spec {
  bool left = false, plus = false, space = false, alt = false, zero = false;
  int64_t width = -1, prec = -1;
  char type = 0;
};

size_t codePoints(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Pads `body` (sign and prefix already in `lead`) to the spec's width.
std::string pad(const Spec& s, const std::string& lead, const std::string& body, bool zeroAllowed) {
  size_t len = codePoints(lead) + codePoints(body);
  if (s.width < 0 || static_cast<size_t>(s.width) <= len) return lead + body;
  size_t fill = static_cast<size_t>(s.width) - len;
  if (s.left) return lead + body + std::string(fill, ' ');
  if (s.zero && zeroAllowed) return lead + std::string(fill, '0') + body;
  return std::string(fill, ' ') + lead + body;
}

// The 0-d tensor's item for numeric conversions; other values unchanged.
Value numericOf(Interpreter& interp, const Value& v) {
  if (v.isTensor()) return tensorCallMethod(interp, v, "item", CallArgs{});
  return v;
}

std::string formatInteger(const Spec& s, int64_t v) {
  uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  const char* digitsOf = s.type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  unsigned base = (s.type == 'o') ? 8 : (s.type == 'x' || s.type == 'X') ? 16 : 10;
  std::string digits;
  do {
    digits.insert(digits.begin(), digitsOf[mag % base]);
    mag /= base;
  } while (mag);
  if (s.prec >= 0 && digits.size() < static_cast<size_t>(s.prec))
    digits.insert(0, static_cast<size_t>(s.prec) - digits.size(), '0');
  std::string lead = v < 0 ? "-" : s.plus ? "+" : s.space ? " " : "";
  if (s.alt && base == 8) lead += "0o";
  if (s.alt && base == 16) lead += s.type == 'X' ? "0X" : "0x";
  return pad(s, lead, digits, true);
}

std::string formatReal(const Spec& s, double v) {
  std::string spec;
  if (s.plus) spec += '+';
  else if (s.space) spec += ' ';
  if (s.alt) spec += '#';
  spec += '.' + std::to_string(s.prec < 0 ? 6 : s.prec);
  spec += s.type;
  std::string text = formatFloat(v, spec);
  std::string lead;
  if (!text.empty() && (text[0] == '-' || text[0] == '+' || text[0] == ' ')) {
    lead = text.substr(0, 1);
    text.erase(0, 1);
  }
  return pad(s, lead, text, true);  // CPython zero-pads inf and nan too
}

// ascii(): repr with every non-ASCII code point escaped.
std::string asciiRepr(const std::string& r) {
  std::string out;
  for (size_t i = 0; i < r.size();) {
    unsigned char c = static_cast<unsigned char>(r[i]);
    if (c < 0x80) { out += static_cast<char>(c); ++i; continue; }
    int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    uint32_t cp = c & (0x3F >> (n - 1));
    for (int k = 1; k < n && i + static_cast<size_t>(k) < r.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(r[i + static_cast<size_t>(k)]) & 0x3F);
    i += static_cast<size_t>(n);
    char buf[16];
    if (cp < 0x100) std::snprintf(buf, sizeof buf, "\\x%02x", cp);
    else if (cp < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04x", cp);
    else std::snprintf(buf, sizeof buf, "\\U%08x", cp);
    out += buf;
  }
  return out;
}

bool isIntegral(const Value& v) { return v.isInt() || v.isBool(); }
int64_t intOf(const Value& v) { return v.isBool() ? (v.asBool() ? 1 : 0) : v.asInt(); }

std::string convert(Interpreter& interp, const Spec& s, const Value& arg) {
  switch (s.type) {
    case 's': case 'r': case 'a': {
      std::string text = s.type == 's' ? str(interp, arg) : repr(interp, arg);
      if (s.type == 'a') text = asciiRepr(text);
      if (s.prec >= 0 && codePoints(text) > static_cast<size_t>(s.prec)) {
        size_t keep = 0, seen = 0;
        while (keep < text.size() && (seen < static_cast<size_t>(s.prec) || (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80)) {
          if ((static_cast<unsigned char>(text[keep]) & 0xC0) != 0x80) ++seen;
          ++keep;
        }
        text.resize(keep);
      }
      return pad(s, "", text, false);
    }
    case 'd': case 'i': case 'u': {
      Value v = numericOf(interp, arg);
      if (isIntegral(v)) return formatInteger(s, intOf(v));
      if (v.isFloat()) return formatInteger(s, floatToInt(v.asFloat()));
      throw Error(ErrorKind::Type, std::string("%") + s.type + " format: a real number is required, not " + typeName(arg));
    }
    case 'o': case 'x': case 'X': {
      Value v = arg.isTensor() && !numericOf(interp, arg).isFloat() ? numericOf(interp, arg) : arg;
      if (isIntegral(v)) return formatInteger(s, intOf(v));
      throw Error(ErrorKind::Type, std::string("%") + s.type + " format: an integer is required, not " + typeName(arg));
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
      Value v = numericOf(interp, arg);
      if (isIntegral(v)) return formatReal(s, static_cast<double>(intOf(v)));
      if (v.isFloat()) return formatReal(s, v.asFloat());
      throw Error(ErrorKind::Type, "must be real number, not " + typeName(arg));
    }
    case 'c': {
      if (arg.isObj(ObjKind::Str)) {
        const std::string& t = arg.as<StrObject>()->str;
        if (codePoints(t) != 1) throw Error(ErrorKind::Type, "%c requires int or char");
        return pad(s, "", t, false);
      }
      if (!isIntegral(arg)) throw Error(ErrorKind::Type, "%c requires int or char");
      int64_t cp = intOf(arg);
      if (cp < 0 || cp > 0x10FFFF) throw Error(ErrorKind::Overflow, "%c arg not in range(0x110000)");
      std::string t;
      uint32_t u = static_cast<uint32_t>(cp);
      if (u < 0x80) t += static_cast<char>(u);
      else if (u < 0x800) { t += static_cast<char>(0xC0 | (u >> 6)); t += static_cast<char>(0x80 | (u & 0x3F)); }
      else if (u < 0x10000) { t += static_cast<char>(0xE0 | (u >> 12)); t += static_cast<char>(0x80 | ((u >> 6) & 0x3F)); t += static_cast<char>(0x80 | (u & 0x3F)); }
      else { t += static_cast<char>(0xF0 | (u >> 18)); t += static_cast<char>(0x80 | ((u >> 12) & 0x3F)); t += static_cast<char>(0x80 | ((u >> 6) & 0x3F)); t += static_cast<char>(0x80 | (u & 0x3F)); }
      return pad(s, "", t, false);
    }
  }
  return "";
}

}  // namespace

Value printfFormat(Interpreter& interp, const std::string& fmt, const Value& args) {
  // CPython: a tuple supplies one item per conversion; any mapping that is
  // not a tuple or str may supply %(key) fields (and excuses unused args).
  ValueSpan items = args.isObj(ObjKind::Tuple) ? ValueSpan(args.as<TupleObject>()->items) : ValueSpan(&args, 1);
  const bool mappingArg = args.isObj(ObjKind::Dict) || args.isObj(ObjKind::List);
  const DictObject* dict = args.isObj(ObjKind::Dict) ? args.as<DictObject>() : nullptr;
  size_t next = 0;
  bool usedKey = false;
  auto nextArg = [&]() -> const Value& {
    if (next >= items.size()) throw Error(ErrorKind::Type, "not enough arguments for format string");
    return items[next++];
  };
  auto intArg = [&]() -> int64_t {
    const Value& v = nextArg();
    if (!isIntegral(v)) throw Error(ErrorKind::Type, "* wants int");
    return intOf(v);
  };

  std::string out;
  out.reserve(fmt.size() + 16);
  const size_t n = fmt.size();
  size_t i = 0;
  while (i < n) {
    size_t pct = fmt.find('%', i);
    if (pct == std::string::npos) { out.append(fmt, i, std::string::npos); break; }
    out.append(fmt, i, pct - i);
    size_t start = pct;
    i = pct + 1;
    if (i >= n) throw Error(ErrorKind::Value, "incomplete format");
    const Value* keyed = nullptr;
    if (fmt[i] == '(') {
      if (!mappingArg) throw Error(ErrorKind::Type, "format requires a mapping");
      int depth = 1;
      size_t keyStart = ++i;
      while (i < n && depth > 0) {
        if (fmt[i] == '(') ++depth;
        else if (fmt[i] == ')') --depth;
        ++i;
      }
      if (depth > 0) throw Error(ErrorKind::Value, "incomplete format key");
      Value key = makeStr(fmt.substr(keyStart, i - 1 - keyStart));
      keyed = dict ? dict->find(key) : nullptr;
      if (!dict) throw Error(ErrorKind::Type, "list indices must be integers or slices, not str");
      if (!keyed) throw Error(ErrorKind::Key, "KeyError: " + repr(interp, key));
      usedKey = true;
    }
    Spec s;
    for (; i < n; ++i) {
      char c = fmt[i];
      if (c == '-') s.left = true;
      else if (c == '+') s.plus = true;
      else if (c == ' ') s.space = true;
      else if (c == '#') s.alt = true;
      else if (c == '0') s.zero = true;
      else break;
    }
    if (i < n && fmt[i] == '*') {
      int64_t w = intArg();
      if (w < 0) { s.left = true; w = -w; }
      s.width = w;
      ++i;
    } else if (i < n && fmt[i] >= '0' && fmt[i] <= '9') {
      s.width = 0;
      for (; i < n && fmt[i] >= '0' && fmt[i] <= '9'; ++i) {
        if (s.width > (INT64_MAX - 9) / 10) throw Error(ErrorKind::Value, "width too big");
        s.width = s.width * 10 + (fmt[i] - '0');
      }
    }
    if (i < n && fmt[i] == '.') {
      ++i;
      s.prec = 0;
      if (i < n && fmt[i] == '*') {
        s.prec = intArg();
        if (s.prec < 0) s.prec = 0;
        ++i;
      } else {
        for (; i < n && fmt[i] >= '0' && fmt[i] <= '9'; ++i) {
          if (s.prec > (INT64_MAX - 9) / 10) throw Error(ErrorKind::Value, "precision too big");
          s.prec = s.prec * 10 + (fmt[i] - '0');
        }
      }
    }
    if (s.width > (int64_t(1) << 31) || s.prec > (int64_t(1) << 31)) throw Error(ErrorKind::Value, "width too big");
    while (i < n && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L')) ++i;
    if (i >= n) throw Error(ErrorKind::Value, "incomplete format");
    s.type = fmt[i++];
    if (s.type == '%') {
      out += '%';
      continue;
    }
    if (std::string_view("diuoxXeEfFgGcsra").find(s.type) == std::string_view::npos) {
      unsigned char uc = static_cast<unsigned char>(s.type);
      char buf[96];
      if (uc < 0x80) std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", uc, uc, i - 1);
      else std::snprintf(buf, sizeof buf, "unsupported format character at index %zu", i - 1);
      (void)start;
      throw Error(ErrorKind::Value, buf);
    }
    if (s.type != 'd' && s.type != 'i' && s.type != 'u' && s.type != 'o' && s.type != 'x' && s.type != 'X' &&
        !(s.type == 'e' || s.type == 'E' || s.type == 'f' || s.type == 'F' || s.type == 'g' || s.type == 'G'))
      s.zero = false;
    const Value& arg = keyed ? *keyed : nextArg();
    std::string piece = convert(interp, s, arg);
    checkStrSize(out.size() + piece.size());
    out += piece;
  }
  if (next < items.size() && !mappingArg && !usedKey)
    throw Error(ErrorKind::Type, "not all arguments converted during string formatting");
  return makeStr(std::move(out));
}

}  // namespace tdsl
