// The methods of str, as CPython 3.11 has them (all but encode): results,
// argument handling (positional-only or keywords as CPython accepts them) and
// error messages. Each native receives the receiver as args[0] (CALLMETHOD
// passes it without allocating a bound method). Character classes and case
// mappings come from str_unicode.h.
//
// Note [Code point positions]
// A StrObject holds UTF-8; Python's positions and widths count code points.
// Searching works on bytes (a match of well-formed UTF-8 starts and ends on
// code point boundaries), and only positions cross over: start/end arguments
// are converted to byte offsets, found byte offsets back to code point
// indices. Code points start at bytes that are not continuation bytes, as for
// len() and indexing (value_ops.cpp). Methods without positions (split, count,
// replace, startswith without start/end) never convert.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "frontend/source_text.h"
#include "vm/format.h"
#include "vm/str_unicode.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

using Table = std::unordered_map<std::string_view, NativeFn>;

const std::string& S(const CallArgs& a) { return a[0].as<StrObject>()->str; }
size_t userArgs(const CallArgs& a) { return a.nargs - 1; }
std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// ---- arguments, with CPython's messages for each way its methods parse them

[[noreturn]] void typeError(std::string message) { throw Error(ErrorKind::Type, std::move(message)); }

void noKeywords(const CallArgs& a, const char* name) {
  if (a.nkwargs) typeError("str." + std::string(name) + "() takes no keyword arguments");
}
// METH_NOARGS: upper(), isalpha(), ...
void noArgs(const CallArgs& a, const char* name) {
  noKeywords(a, name);
  if (userArgs(a)) typeError("str." + std::string(name) + "() takes no arguments (" + std::to_string(userArgs(a)) + " given)");
}
// METH_O: join(x), partition(sep), zfill(width), ...
void oneArg(const CallArgs& a, const char* name) {
  noKeywords(a, name);
  if (userArgs(a) != 1) typeError("str." + std::string(name) + "() takes exactly one argument (" + std::to_string(userArgs(a)) + " given)");
}
// Argument Clinic, positional-only: center(width, fillchar=' ', /), strip(chars=None, /), ...
void positional(const CallArgs& a, const char* name, size_t min, size_t max) {
  noKeywords(a, name);
  size_t n = userArgs(a);
  if (n < min) typeError(std::string(name) + " expected at least " + plural(min, "argument") + ", got " + std::to_string(n));
  if (n > max) typeError(std::string(name) + " expected at most " + plural(max, "argument") + ", got " + std::to_string(n));
}
// PyArg_ParseTuple: find(sub[, start[, end]]), startswith(prefix[, start[, end]]), ...
void varArgs(const CallArgs& a, const char* name, size_t min, size_t max) {
  noKeywords(a, name);
  size_t n = userArgs(a);
  if (n < min) typeError(std::string(name) + "() takes at least " + plural(min, "argument") + " (" + std::to_string(n) + " given)");
  if (n > max) typeError(std::string(name) + "() takes at most " + plural(max, "argument") + " (" + std::to_string(n) + " given)");
}
// Argument Clinic with keywords: split(sep=None, maxsplit=-1), ... Fills
// out[i] with the argument for names[i] (left as is when not given).
template <size_t N>
void keywords(const CallArgs& a, const char* name, const char* const (&names)[N], Value (&out)[N]) {
  size_t n = userArgs(a);
  if (n + a.nkwargs > N) typeError(std::string(name) + "() takes at most " + plural(N, "argument") + " (" + std::to_string(n + a.nkwargs) + " given)");
  for (size_t i = 0; i < n; ++i) out[i] = a[1 + i];
  for (size_t k = 0; k < a.nkwargs; ++k) {
    size_t i = 0;
    while (i < N && a.kwargs[k].name != names[i]) ++i;
    if (i == N) typeError("'" + std::string(a.kwargs[k].name) + "' is an invalid keyword argument for " + name + "()");
    if (i < n)
      typeError("argument for " + std::string(name) + "() given by name ('" + names[i] + "') and position (" + std::to_string(i + 1) + ")");
    out[i] = a.kwargs[k].value;
  }
}

int64_t intArg(const Value& v) {
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool();
  typeError("'" + typeName(v) + "' object cannot be interpreted as an integer");
}
// A start/end argument: None, or an int (as _PyEval_SliceIndex).
int64_t sliceArg(const CallArgs& a, size_t i, int64_t absent) {
  if (a.nargs <= i || a[i].isNone()) return absent;
  if (a[i].isInt()) return a[i].asInt();
  if (a[i].isBool()) return a[i].asBool();
  typeError("slice indices must be integers or None or have an __index__ method");
}
// A str argument; `prefix` names it. Argument Clinic's converters (`clinic`)
// call None "None" where other checks say "NoneType".
const std::string& strArg(const Value& v, const std::string& prefix, bool clinic = false) {
  if (!v.isObj(ObjKind::Str)) typeError(prefix + "must be str, not " + (clinic && v.isNone() ? "None" : typeName(v)));
  return v.as<StrObject>()->str;
}

// ---- code points (Note [Code point positions])

bool isContinuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }
// The start of the code point after the one at byte i.
size_t nextStart(std::string_view s, size_t i) {
  for (++i; i < s.size() && isContinuation(s[i]);) ++i;
  return i;
}
bool isAscii(std::string_view s) {
  unsigned char any = 0;
  for (char c : s) any |= static_cast<unsigned char>(c);
  return any < 0x80;
}
int64_t cpCount(std::string_view s) { return static_cast<int64_t>(frontend::codePointCount(s)); }
// The byte offset `k` code points after byte `from` (clamped to the end).
size_t skipCodePoints(std::string_view s, size_t from, int64_t k) {
  size_t i = from;
  for (; k > 0 && i < s.size(); --k) i = nextStart(s, i);
  return i;
}

// start/end clamped like a slice (CPython's ADJUST_INDICES), in code points
// and bytes. start may exceed end; the byte range is then empty.
struct Window {
  int64_t start, end;
  size_t b, e;
  std::string_view bytes(std::string_view s) const { return s.substr(b, e - b); }
};
Window window(std::string_view s, int64_t start, int64_t end) {
  bool ascii = isAscii(s);
  int64_t n = ascii ? static_cast<int64_t>(s.size()) : cpCount(s);
  if (end > n) end = n;
  else if (end < 0) end = std::max<int64_t>(end + n, 0);
  if (start < 0) start = std::max<int64_t>(start + n, 0);
  Window w{start, end, 0, 0};
  if (start >= end) {
    w.b = w.e = ascii ? static_cast<size_t>(std::min(start, n)) : skipCodePoints(s, 0, start);
  } else if (ascii) {
    w.b = static_cast<size_t>(start);
    w.e = static_cast<size_t>(end);
  } else {
    w.b = skipCodePoints(s, 0, start);
    w.e = skipCodePoints(s, w.b, end - start);
  }
  return w;
}

// ---- searching

// The first occurrence of `needle` (non-empty) at or after `from`, or npos.
// A one-byte needle, the common separator, is looked for byte by byte over
// the first few bytes (words are short; a library call costs more there),
// then with memchr.
size_t findFrom(std::string_view text, std::string_view needle, size_t from) {
  if (needle.size() == 1) {
    char c = needle[0];
    size_t n = text.size(), scan = std::min(n, from + 16);
    for (size_t i = from; i < scan; ++i)
      if (text[i] == c) return i;
    if (scan >= n) return std::string_view::npos;
    const void* hit = std::memchr(text.data() + scan, c, n - scan);
    return hit ? static_cast<size_t>(static_cast<const char*>(hit) - text.data()) : std::string_view::npos;
  }
  return text.find(needle, from);
}
// Non-overlapping occurrences of `needle` (non-empty), as str.count counts them.
// One byte (split's and count's common case) is a plain count, which vectorizes.
int64_t countOccurrences(std::string_view text, std::string_view needle) {
  if (needle.size() == 1) return std::count(text.begin(), text.end(), needle[0]);
  int64_t n = 0;
  for (size_t p = findFrom(text, needle, 0); p != std::string_view::npos; p = findFrom(text, needle, p + needle.size())) ++n;
  return n;
}

// find/rfind/index/rindex: the code point index of the first (last) match, or -1.
int64_t findImpl(const CallArgs& a, const char* name, bool last) {
  varArgs(a, name, 1, 3);
  int64_t start = sliceArg(a, 2, 0), end = sliceArg(a, 3, INT64_MAX);
  const std::string& sub = strArg(a[1], "");
  std::string_view s = S(a);
  if (a.nargs <= 2 && !sub.empty()) {  // the whole string: no window to convert
    size_t p = last ? s.rfind(sub) : findFrom(s, sub, 0);
    return p == std::string_view::npos ? -1 : cpCount(s.substr(0, p));
  }
  Window w = window(s, start, end);
  if (w.end - w.start < cpCount(sub)) return -1;
  if (sub.empty()) return last ? w.end : w.start;
  std::string_view text = w.bytes(s);
  size_t p = last ? text.rfind(sub) : findFrom(text, sub, 0);
  return p == std::string_view::npos ? -1 : w.start + cpCount(text.substr(0, p));
}
Value s_find(Interpreter&, const CallArgs& a, const void*) { return Value::integer(findImpl(a, "find", false)); }
Value s_rfind(Interpreter&, const CallArgs& a, const void*) { return Value::integer(findImpl(a, "rfind", true)); }
Value s_index(Interpreter&, const CallArgs& a, const void*) {
  int64_t i = findImpl(a, "index", false);
  if (i < 0) throw Error(ErrorKind::Value, "substring not found");
  return Value::integer(i);
}
Value s_rindex(Interpreter&, const CallArgs& a, const void*) {
  int64_t i = findImpl(a, "rindex", true);
  if (i < 0) throw Error(ErrorKind::Value, "substring not found");
  return Value::integer(i);
}
Value s_count(Interpreter&, const CallArgs& a, const void*) {
  varArgs(a, "count", 1, 3);
  int64_t start = sliceArg(a, 2, 0), end = sliceArg(a, 3, INT64_MAX);
  const std::string& sub = strArg(a[1], "");
  std::string_view s = S(a);
  if (a.nargs <= 2 && !sub.empty()) return Value::integer(countOccurrences(s, sub));
  Window w = window(s, start, end);
  if (w.end - w.start < cpCount(sub)) return Value::integer(0);
  if (sub.empty()) return Value::integer(w.end - w.start + 1);
  return Value::integer(countOccurrences(w.bytes(s), sub));
}

// startswith/endswith: CPython's tailmatch() for one candidate.
bool tailMatch(std::string_view s, std::string_view sub, const CallArgs& a, bool atEnd) {
  if (a.nargs <= 2) {  // no start/end: bytes decide
    if (sub.size() > s.size()) return false;
    return atEnd ? s.substr(s.size() - sub.size()) == sub : s.substr(0, sub.size()) == sub;
  }
  Window w = window(s, sliceArg(a, 2, 0), sliceArg(a, 3, INT64_MAX));
  if (w.end - cpCount(sub) < w.start) return false;
  std::string_view text = w.bytes(s);
  if (sub.size() > text.size()) return false;
  return atEnd ? text.substr(text.size() - sub.size()) == sub : text.substr(0, sub.size()) == sub;
}
Value affixImpl(const CallArgs& a, const char* name, bool atEnd) {
  varArgs(a, name, 1, 3);
  sliceArg(a, 2, 0);  // CPython converts start/end before looking at the prefix
  sliceArg(a, 3, 0);
  const std::string& s = S(a);
  if (a[1].isObj(ObjKind::Tuple)) {
    for (const Value& p : a[1].as<TupleObject>()->items) {
      if (!p.isObj(ObjKind::Str)) typeError("tuple for " + std::string(name) + " must only contain str, not " + typeName(p));
      if (tailMatch(s, p.as<StrObject>()->str, a, atEnd)) return Value::boolean(true);
    }
    return Value::boolean(false);
  }
  if (!a[1].isObj(ObjKind::Str)) typeError(std::string(name) + " first arg must be str or a tuple of str, not " + typeName(a[1]));
  return Value::boolean(tailMatch(s, a[1].as<StrObject>()->str, a, atEnd));
}
Value s_startswith(Interpreter&, const CallArgs& a, const void*) { return affixImpl(a, "startswith", false); }
Value s_endswith(Interpreter&, const CallArgs& a, const void*) { return affixImpl(a, "endswith", true); }

// ---- whitespace

// Python's whitespace among ASCII: \t \n \v \f \r, \x1c-\x1f and ' '.
constexpr bool asciiSpace(unsigned char c) { return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20); }
// The length of the whitespace character starting at s[i], or 0.
size_t spaceAt(std::string_view s, size_t i) {
  auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return asciiSpace(c);
  size_t length;
  return unicode::isSpace(unicode::decode(s, i, length)) ? length : 0;
}
// The length of the whitespace character ending just before s[end] (end > 0), or 0.
size_t spaceBefore(std::string_view s, size_t end) {
  auto c = static_cast<unsigned char>(s[end - 1]);
  if (c < 0x80) return asciiSpace(c);
  size_t begin = unicode::previousStart(s, end), length;
  return unicode::isSpace(unicode::decode(s, begin, length)) ? end - begin : 0;
}

// ---- split, rsplit, splitlines, partition, rpartition

Value strSlice(std::string_view s, size_t b, size_t e) { return makeStr(std::string(s.substr(b, e - b))); }

// Arguments of split/rsplit: the separator (nullptr for whitespace) and maxsplit (-1: no limit).
const std::string* splitArgs(const CallArgs& a, const char* name, int64_t& maxsplit) {
  static const char* const names[] = {"sep", "maxsplit"};
  Value v[2] = {Value(), Value::integer(-1)};
  keywords(a, name, names, v);
  maxsplit = intArg(v[1]);
  if (v[0].isNone()) return nullptr;
  if (!v[0].isObj(ObjKind::Str)) typeError("must be str or None, not " + typeName(v[0]));
  const std::string& sep = v[0].as<StrObject>()->str;
  if (sep.empty()) throw Error(ErrorKind::Value, "empty separator");
  return &sep;
}

Value s_split(Interpreter&, const CallArgs& a, const void*) {
  int64_t maxsplit;
  const std::string* sepp = splitArgs(a, "split", maxsplit);
  std::string_view s = S(a);
  std::vector<Value> out;
  if (!sepp) {  // runs of whitespace, CPython's split_whitespace
    size_t i = 0, n = s.size();
    for (int64_t left = maxsplit; left != 0; --left) {
      for (size_t k; i < n && (k = spaceAt(s, i));) i += k;
      if (i == n) break;
      size_t j = i;
      while (i < n && !spaceAt(s, i)) i = nextStart(s, i);
      out.push_back(strSlice(s, j, i));
    }
    if (i < n) {  // maxsplit reached: the rest after the whitespace, as it is
      for (size_t k; i < n && (k = spaceAt(s, i));) i += k;
      if (i < n) out.push_back(strSlice(s, i, n));
    }
    return makeList(std::move(out));
  }
  std::string_view sep = *sepp;
  size_t pieces = 1 + static_cast<size_t>(countOccurrences(s, sep));
  if (maxsplit >= 0) pieces = std::min(pieces, static_cast<size_t>(maxsplit) + 1);
  out.reserve(pieces);
  size_t pos = 0;
  while (out.size() + 1 < pieces) {
    size_t f = findFrom(s, sep, pos);
    out.push_back(strSlice(s, pos, f));
    pos = f + sep.size();
  }
  out.push_back(strSlice(s, pos, s.size()));
  return makeList(std::move(out));
}

Value s_rsplit(Interpreter&, const CallArgs& a, const void*) {
  int64_t maxsplit;
  const std::string* sepp = splitArgs(a, "rsplit", maxsplit);
  std::string_view s = S(a);
  std::vector<Value> out;
  if (!sepp) {  // CPython's rsplit_whitespace
    size_t i = s.size();
    for (int64_t left = maxsplit; left != 0; --left) {
      for (size_t k; i > 0 && (k = spaceBefore(s, i));) i -= k;
      if (i == 0) break;
      size_t j = i;
      while (i > 0 && !spaceBefore(s, i)) i = s[i - 1] & 0x80 ? unicode::previousStart(s, i) : i - 1;
      out.push_back(strSlice(s, i, j));
    }
    if (i > 0) {
      for (size_t k; i > 0 && (k = spaceBefore(s, i));) i -= k;
      if (i > 0) out.push_back(strSlice(s, 0, i));
    }
  } else {
    std::string_view sep = *sepp;
    size_t pos = s.size();
    for (int64_t left = maxsplit; left != 0 && pos >= sep.size(); --left) {
      size_t f = s.rfind(sep, pos - sep.size());
      if (f == std::string_view::npos) break;
      out.push_back(strSlice(s, f + sep.size(), pos));
      pos = f;
    }
    out.push_back(strSlice(s, 0, pos));
  }
  std::reverse(out.begin(), out.end());
  return makeList(std::move(out));
}

Value s_splitlines(Interpreter&, const CallArgs& a, const void*) {
  static const char* const names[] = {"keepends"};
  Value v[1] = {Value::boolean(false)};
  keywords(a, "splitlines", names, v);
  bool keepends = intArg(v[0]) != 0;
  std::string_view s = S(a);
  std::vector<Value> out;
  size_t i = 0, n = s.size();
  while (i < n) {
    size_t j = i, brk = 0;  // brk: the line break's length in bytes
    while (i < n) {
      auto c = static_cast<unsigned char>(s[i]);
      if (c < 0x80) {
        if ((c >= 0x0A && c <= 0x0D) || (c >= 0x1C && c <= 0x1E)) { brk = (c == '\r' && i + 1 < n && s[i + 1] == '\n') ? 2 : 1; break; }
        ++i;
      } else {
        size_t length;
        if (unicode::isLinebreak(unicode::decode(s, i, length))) { brk = length; break; }
        i += length;
      }
    }
    out.push_back(strSlice(s, j, keepends ? i + brk : i));
    i += brk;
  }
  return makeList(std::move(out));
}

const std::string& sepArg(const CallArgs& a, const char* name) {
  oneArg(a, name);
  const std::string& sep = strArg(a[1], "");
  if (sep.empty()) throw Error(ErrorKind::Value, "empty separator");
  return sep;
}
Value s_partition(Interpreter&, const CallArgs& a, const void*) {
  const std::string& sep = sepArg(a, "partition");
  std::string_view s = S(a);
  size_t f = s.find(sep);
  if (f == std::string_view::npos) return makeTuple({a[0], makeStr(""), makeStr("")});
  return makeTuple({strSlice(s, 0, f), a[1], strSlice(s, f + sep.size(), s.size())});
}
Value s_rpartition(Interpreter&, const CallArgs& a, const void*) {
  const std::string& sep = sepArg(a, "rpartition");
  std::string_view s = S(a);
  size_t f = s.rfind(sep);
  if (f == std::string_view::npos) return makeTuple({makeStr(""), makeStr(""), a[0]});
  return makeTuple({strSlice(s, 0, f), a[1], strSlice(s, f + sep.size(), s.size())});
}

// ---- join

Value s_join(Interpreter& I, const CallArgs& a, const void*) {
  oneArg(a, "join");
  const std::string& sep = S(a);
  // Lists and tuples are joined in place; anything else is materialized first.
  std::vector<Value> materialized;
  ValueSpan items;
  if (a[1].isObj(ObjKind::List)) {
    items = a[1].as<ListObject>()->items;
  } else if (a[1].isObj(ObjKind::Tuple)) {
    items = a[1].as<TupleObject>()->items;
  } else {
    Value it;
    try {
      it = makeIterator(I, a[1]);
    } catch (const Error& e) {
      if (e.kind == ErrorKind::Type) typeError("can only join an iterable");
      throw;
    }
    items = (materialized = iterateAll(I, it));
  }
  size_t length = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const Value& item = items[i];
    if (!item.isObj(ObjKind::Str))
      typeError("sequence item " + std::to_string(i) + ": expected str instance, " + typeName(item) + " found");
    length += item.as<StrObject>()->str.size() + (i ? sep.size() : 0);
  }
  checkStrSize(length);
  MemoryCharge::checkRoom(length);
  std::string out(length, '\0');
  char* at = out.data();
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) at = std::copy(sep.begin(), sep.end(), at);
    const std::string& item = items[i].as<StrObject>()->str;
    at = std::copy(item.begin(), item.end(), at);
  }
  return makeStr(std::move(out));
}

// ---- strip, replace, removeprefix, removesuffix

Value stripImpl(const CallArgs& a, const char* name, bool left, bool right) {
  positional(a, name, 0, 1);
  std::string_view s = S(a);
  size_t b = 0, e = s.size();
  if (a.nargs < 2 || a[1].isNone()) {
    if (left) for (size_t k; b < e && (k = spaceAt(s, b));) b += k;
    if (right) for (size_t k; e > b && (k = spaceBefore(s, e));) e -= k;
  } else {
    if (!a[1].isObj(ObjKind::Str)) typeError(std::string(name) + " arg must be None or str");
    std::string_view chars = a[1].as<StrObject>()->str;
    if (isAscii(chars)) {  // then only ASCII bytes can match
      if (left) while (b < e && chars.find(s[b]) != std::string_view::npos) ++b;
      if (right) while (e > b && chars.find(s[e - 1]) != std::string_view::npos) --e;
    } else {
      // A whole UTF-8 sequence can only match where one starts in `chars`.
      auto member = [&](size_t from, size_t to) { return chars.find(s.substr(from, to - from)) != std::string_view::npos; };
      if (left)
        for (size_t next; b < e && member(b, next = nextStart(s, b));) b = next;
      if (right)
        for (size_t prev; e > b && member(prev = unicode::previousStart(s, e), e);) e = prev;
    }
  }
  if (b == 0 && e == s.size()) return a[0];
  return strSlice(s, b, e);
}
Value s_strip(Interpreter&, const CallArgs& a, const void*) { return stripImpl(a, "strip", true, true); }
Value s_lstrip(Interpreter&, const CallArgs& a, const void*) { return stripImpl(a, "lstrip", true, false); }
Value s_rstrip(Interpreter&, const CallArgs& a, const void*) { return stripImpl(a, "rstrip", false, true); }

Value s_replace(Interpreter&, const CallArgs& a, const void*) {
  positional(a, "replace", 2, 3);
  std::string_view s = S(a);
  std::string_view from = strArg(a[1], "replace() argument 1 ", true);
  std::string_view to = strArg(a[2], "replace() argument 2 ", true);
  int64_t count = a.nargs > 3 ? intArg(a[3]) : -1;
  std::string out;
  if (from.empty()) {  // `to` before every code point and at the end
    int64_t n = cpCount(s) + 1;
    if (count >= 0) n = std::min(n, count);
    checkStrSize(s.size() + static_cast<uint64_t>(n) * to.size());
    size_t i = 0;
    for (int64_t k = 0; k < n; ++k) {
      out += to;
      if (i < s.size()) {
        size_t j = nextStart(s, i);
        out += s.substr(i, j - i);
        i = j;
      }
    }
    out += s.substr(i);
    return makeStr(std::move(out));
  }
  size_t pos = 0;
  for (int64_t n = 0; count < 0 || n < count; ++n) {
    size_t f = findFrom(s, from, pos);
    if (f == std::string_view::npos) break;
    out.append(s, pos, f - pos);
    out += to;
    checkStrSize(out.size());
    pos = f + from.size();
  }
  if (pos == 0) return a[0];
  out.append(s, pos, std::string_view::npos);
  return makeStr(std::move(out));
}

Value s_removeprefix(Interpreter&, const CallArgs& a, const void*) {
  oneArg(a, "removeprefix");
  std::string_view s = S(a), p = strArg(a[1], "removeprefix() argument ", true);
  if (p.empty() || s.substr(0, p.size()) != p) return a[0];
  return strSlice(s, p.size(), s.size());
}
Value s_removesuffix(Interpreter&, const CallArgs& a, const void*) {
  oneArg(a, "removesuffix");
  std::string_view s = S(a), p = strArg(a[1], "removesuffix() argument ", true);
  if (p.empty() || p.size() > s.size() || s.substr(s.size() - p.size()) != p) return a[0];
  return strSlice(s, 0, s.size() - p.size());
}

// ---- center, ljust, rjust, zfill, expandtabs

std::string repeated(std::string_view unit, int64_t times) {
  std::string out;
  if (times <= 0) return out;
  checkStrSize(static_cast<uint64_t>(times) * unit.size());
  out.reserve(static_cast<size_t>(times) * unit.size());
  for (int64_t i = 0; i < times; ++i) out += unit;
  return out;
}
// `left` and `right` fill characters around the receiver.
Value padded(const CallArgs& a, std::string_view fill, int64_t left, int64_t right) {
  std::string_view s = S(a);
  checkStrSize(s.size() + static_cast<uint64_t>(left + right) * fill.size());
  return makeStr(repeated(fill, left) + std::string(s) + repeated(fill, right));
}
Value justify(const CallArgs& a, const char* name, int side) {  // side: -1 ljust, 0 center, 1 rjust
  positional(a, name, 1, 2);
  int64_t width = intArg(a[1]);
  std::string_view fill = " ";
  if (a.nargs > 2) {
    if (!a[2].isObj(ObjKind::Str)) typeError("The fill character must be a unicode character, not " + typeName(a[2]));
    fill = a[2].as<StrObject>()->str;
    if (cpCount(fill) != 1) typeError("The fill character must be exactly one character long");
  }
  int64_t n = cpCount(S(a));
  if (width <= n) return a[0];
  int64_t margin = width - n;
  if (side < 0) return padded(a, fill, 0, margin);
  if (side > 0) return padded(a, fill, margin, 0);
  int64_t left = margin / 2 + (margin & width & 1);  // CPython's rounding
  return padded(a, fill, left, margin - left);
}
Value s_center(Interpreter&, const CallArgs& a, const void*) { return justify(a, "center", 0); }
Value s_ljust(Interpreter&, const CallArgs& a, const void*) { return justify(a, "ljust", -1); }
Value s_rjust(Interpreter&, const CallArgs& a, const void*) { return justify(a, "rjust", 1); }

Value s_zfill(Interpreter&, const CallArgs& a, const void*) {
  oneArg(a, "zfill");
  int64_t width = intArg(a[1]);
  std::string_view s = S(a);
  int64_t n = cpCount(s);
  if (width <= n) return a[0];
  std::string zeros = repeated("0", width - n);
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) return makeStr(s[0] + zeros + std::string(s.substr(1)));
  return makeStr(zeros + std::string(s));
}

Value s_expandtabs(Interpreter&, const CallArgs& a, const void*) {
  static const char* const names[] = {"tabsize"};
  Value v[1] = {Value::integer(8)};
  keywords(a, "expandtabs", names, v);
  int64_t tabsize = intArg(v[0]);
  std::string_view s = S(a);
  if (s.find('\t') == std::string_view::npos) return a[0];
  std::string out;
  int64_t column = 0;  // in code points since the last \n or \r
  for (char c : s) {
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t spaces = tabsize - column % tabsize;
        checkStrSize(out.size() + static_cast<uint64_t>(spaces));
        out.append(static_cast<size_t>(spaces), ' ');
        column += spaces;
      }
      continue;
    }
    out += c;
    if (c == '\n' || c == '\r') column = 0;
    else if (!isContinuation(c)) ++column;
  }
  return makeStr(std::move(out));
}

// ---- case mappings

// Appends the `n` code points of `mapped`, or the original bytes s[i, i+len)
// when the mapping is the identity (stray bytes stay as they were).
void appendMapped(std::string& out, std::string_view s, size_t i, size_t len, uint32_t cp, const uint32_t* mapped, int n) {
  if (n == 1 && mapped[0] == cp) out.append(s.substr(i, len));
  else for (int k = 0; k < n; ++k) unicode::append(out, mapped[k]);
}

// The lowercase of the code point at s[i], with CPython's final-sigma rule:
// capital sigma after a cased letter (and case-ignorables), and not before
// one, becomes 'ς' (handle_capital_sigma in unicodeobject.c).
int lowerAt(std::string_view s, size_t i, size_t len, uint32_t cp, uint32_t out[3]) {
  if (cp != 0x3A3) return unicode::toLowerFull(cp, out);
  size_t length;
  uint32_t c = 0;
  size_t j = i;
  bool before = false;
  while (j > 0) {
    j = unicode::previousStart(s, j);
    c = unicode::decode(s, j, length);
    if (!unicode::isCaseIgnorable(c)) { before = unicode::isCased(c); break; }
  }
  bool finalSigma = before;
  if (finalSigma) {
    for (j = i + len; j < s.size(); j += length) {
      c = unicode::decode(s, j, length);
      if (!unicode::isCaseIgnorable(c)) { finalSigma = !unicode::isCased(c); break; }
    }
  }
  out[0] = finalSigma ? 0x3C2 : 0x3C3;
  return 1;
}

enum class Case { Lower, Upper, Fold, Swap, Title, Capitalize };

// The general path of every case method, one code point at a time.
Value mapCase(const CallArgs& a, Case how) {
  std::string_view s = S(a);
  std::string out;
  out.reserve(s.size());
  bool previousCased = false;  // title()
  size_t length;
  for (size_t i = 0; i < s.size(); i += length) {
    uint32_t cp = unicode::decode(s, i, length), mapped[3];
    int n;
    switch (how) {
      case Case::Lower: n = lowerAt(s, i, length, cp, mapped); break;
      case Case::Upper: n = unicode::toUpperFull(cp, mapped); break;
      case Case::Fold: n = unicode::toFoldedFull(cp, mapped); break;
      case Case::Swap:
        if (unicode::isUpper(cp)) n = lowerAt(s, i, length, cp, mapped);
        else if (unicode::isLower(cp)) n = unicode::toUpperFull(cp, mapped);
        else mapped[0] = cp, n = 1;
        break;
      case Case::Title:
        n = previousCased ? lowerAt(s, i, length, cp, mapped) : unicode::toTitleFull(cp, mapped);
        previousCased = unicode::isCased(cp);
        break;
      case Case::Capitalize: n = i == 0 ? unicode::toTitleFull(cp, mapped) : lowerAt(s, i, length, cp, mapped); break;
    }
    appendMapped(out, s, i, length, cp, mapped, n);
  }
  checkStrSize(out.size());
  return makeStr(std::move(out));
}

// upper/lower flip ASCII letters in [first, first + 26) without branches;
// text with other bytes takes the general path.
Value flipAsciiCase(const CallArgs& a, const char* name, char first, Case c) {
  noArgs(a, name);
  std::string s = S(a);
  unsigned char any = 0;
  for (char& ch : s) {
    any |= static_cast<unsigned char>(ch);
    ch = static_cast<char>(ch ^ ((static_cast<unsigned char>(ch - first) < 26u) << 5));
  }
  return any < 0x80 ? makeStr(std::move(s)) : mapCase(a, c);
}
Value s_upper(Interpreter&, const CallArgs& a, const void*) { return flipAsciiCase(a, "upper", 'a', Case::Upper); }
Value s_lower(Interpreter&, const CallArgs& a, const void*) { return flipAsciiCase(a, "lower", 'A', Case::Lower); }
Value s_casefold(Interpreter&, const CallArgs& a, const void*) { noArgs(a, "casefold"); return mapCase(a, Case::Fold); }
Value s_swapcase(Interpreter&, const CallArgs& a, const void*) { noArgs(a, "swapcase"); return mapCase(a, Case::Swap); }
Value s_title(Interpreter&, const CallArgs& a, const void*) { noArgs(a, "title"); return mapCase(a, Case::Title); }
Value s_capitalize(Interpreter&, const CallArgs& a, const void*) { noArgs(a, "capitalize"); return mapCase(a, Case::Capitalize); }

// ---- character classes

// True when every code point has `property` (False for the empty string).
template <bool (*property)(uint32_t)>
Value allOf(const CallArgs& a, const char* name, bool empty = false) {
  noArgs(a, name);
  std::string_view s = S(a);
  if (s.empty()) return Value::boolean(empty);
  size_t length;
  for (size_t i = 0; i < s.size(); i += length)
    if (!property(unicode::decode(s, i, length))) return Value::boolean(false);
  return Value::boolean(true);
}
bool isAlnum(uint32_t cp) { return unicode::isAlpha(cp) || unicode::isNumeric(cp); }  // isdecimal, isdigit imply isnumeric

Value s_isalpha(Interpreter&, const CallArgs& a, const void*) { return allOf<unicode::isAlpha>(a, "isalpha"); }
Value s_isalnum(Interpreter&, const CallArgs& a, const void*) { return allOf<isAlnum>(a, "isalnum"); }
Value s_isdecimal(Interpreter&, const CallArgs& a, const void*) { return allOf<unicode::isDecimal>(a, "isdecimal"); }
Value s_isdigit(Interpreter&, const CallArgs& a, const void*) { return allOf<unicode::isDigit>(a, "isdigit"); }
Value s_isnumeric(Interpreter&, const CallArgs& a, const void*) { return allOf<unicode::isNumeric>(a, "isnumeric"); }
Value s_isspace(Interpreter&, const CallArgs& a, const void*) { return allOf<unicode::isSpace>(a, "isspace"); }
Value s_isprintable(Interpreter&, const CallArgs& a, const void*) { return allOf<unicode::isPrintable>(a, "isprintable", true); }
Value s_isascii(Interpreter&, const CallArgs& a, const void*) {
  noArgs(a, "isascii");
  return Value::boolean(isAscii(S(a)));
}

// islower/isupper: some cased character, and none of the other case (or titlecase).
Value caseClass(const CallArgs& a, const char* name, bool (*want)(uint32_t), bool (*other)(uint32_t)) {
  noArgs(a, name);
  std::string_view s = S(a);
  bool cased = false;
  size_t length;
  for (size_t i = 0; i < s.size(); i += length) {
    uint32_t cp = unicode::decode(s, i, length);
    if (other(cp) || unicode::isTitle(cp)) return Value::boolean(false);
    cased = cased || want(cp);
  }
  return Value::boolean(cased);
}
Value s_islower(Interpreter&, const CallArgs& a, const void*) { return caseClass(a, "islower", unicode::isLower, unicode::isUpper); }
Value s_isupper(Interpreter&, const CallArgs& a, const void*) { return caseClass(a, "isupper", unicode::isUpper, unicode::isLower); }
Value s_istitle(Interpreter&, const CallArgs& a, const void*) {
  noArgs(a, "istitle");
  std::string_view s = S(a);
  bool cased = false, previousCased = false;
  size_t length;
  for (size_t i = 0; i < s.size(); i += length) {
    uint32_t cp = unicode::decode(s, i, length);
    if (unicode::isUpper(cp) || unicode::isTitle(cp)) {
      if (previousCased) return Value::boolean(false);
      previousCased = cased = true;
    } else if (unicode::isLower(cp)) {
      if (!previousCased) return Value::boolean(false);
      previousCased = cased = true;
    } else {
      previousCased = false;
    }
  }
  return Value::boolean(cased);
}
Value s_isidentifier(Interpreter&, const CallArgs& a, const void*) {
  noArgs(a, "isidentifier");
  std::string_view s = S(a);
  if (s.empty()) return Value::boolean(false);
  size_t length;
  uint32_t first = unicode::decode(s, 0, length);
  if (first != '_' && !unicode::isXidStart(first)) return Value::boolean(false);
  for (size_t i = length; i < s.size(); i += length)
    if (!unicode::isXidContinue(unicode::decode(s, i, length))) return Value::boolean(false);
  return Value::boolean(true);
}

// ---- format, format_map

// The replacement-field grammar and its errors follow CPython's
// Objects/stringlib/unicode_format.h: {field_name!conversion:format_spec},
// field_name = arg_name ("." attribute | "[" key "]")*, with automatic or
// manual numbering (not both), and replacement fields nested one level deep
// inside a format_spec.
struct FormatSource {
  const Value* args;  // positional arguments; nullptr for format_map
  size_t nargs;
  const CallArgs* keywords;  // format's keywords, or
  const Value* mapping;      // format_map's mapping
  enum class Numbering { Unset, Auto, Manual } numbering = Numbering::Unset;
  size_t nextAuto = 0;
};

[[noreturn]] void formatError(const char* message) { throw Error(ErrorKind::Value, message); }

// The decimal digit value of `cp` (isdecimal), or -1. Unicode puts every
// decimal digit in a run of ten, zero first, so the value is the distance
// from the start of the run, modulo 10.
int decimalValue(uint32_t cp) {
  if (cp < 0x80) return cp >= '0' && cp <= '9' ? static_cast<int>(cp - '0') : -1;
  if (!unicode::isDecimal(cp)) return -1;
  uint32_t first = cp;
  while (first > 0 && unicode::isDecimal(first - 1)) --first;
  return static_cast<int>((cp - first) % 10);
}
// get_integer(): a field name or key made of decimal digits, or -1.
int64_t fieldInteger(std::string_view s) {
  if (s.empty()) return -1;
  int64_t value = 0;
  size_t length;
  for (size_t i = 0; i < s.size(); i += length) {
    int digit = decimalValue(unicode::decode(s, i, length));
    if (digit < 0) return -1;
    if (value > (INT64_MAX - digit) / 10) formatError("Too many decimal digits in format string");
    value = value * 10 + digit;
  }
  return value;
}

// The object a field name selects (get_field_object()).
Value fieldObject(Interpreter& I, FormatSource& src, std::string_view name) {
  size_t split = std::min(name.find('.'), name.find('['));
  std::string_view first = name.substr(0, split), rest = split == std::string_view::npos ? "" : name.substr(split);
  int64_t index = fieldInteger(first);
  if (first.empty() || index != -1) {
    using N = FormatSource::Numbering;
    if (src.numbering == N::Unset) src.numbering = first.empty() ? N::Auto : N::Manual;
    if (src.numbering == N::Manual && first.empty())
      formatError("cannot switch from manual field specification to automatic field numbering");
    if (src.numbering == N::Auto && !first.empty())
      formatError("cannot switch from automatic field numbering to manual field specification");
    if (first.empty()) index = static_cast<int64_t>(src.nextAuto++);
  }
  Value obj;
  if (index == -1) {
    Value key = makeStr(std::string(first));
    if (src.mapping) {
      obj = getItem(I, *src.mapping, key);
    } else {
      const Value* k = findKwarg(*src.keywords, first);
      if (!k) throw Error(ErrorKind::Key, "KeyError: " + repr(I, key));
      obj = *k;
    }
  } else {
    if (!src.args) formatError("Format string contains positional fields");
    if (static_cast<uint64_t>(index) >= src.nargs)
      throw Error(ErrorKind::Index, "Replacement index " + std::to_string(index) + " out of range for positional args tuple");
    obj = src.args[index];
  }
  for (size_t i = 0; i < rest.size();) {
    char c = rest[i++];
    size_t end;
    if (c == '.') {
      end = std::min(rest.find('.', i), rest.find('[', i));
      if (end == std::string_view::npos) end = rest.size();
    } else if (c == '[') {
      end = rest.find(']', i);
      if (end == std::string_view::npos) formatError("Missing ']' in format string");
    } else {
      formatError("Only '.' or '[' may follow ']' in format field specifier");
    }
    std::string_view part = rest.substr(i, end - i);
    if (part.empty()) formatError("Empty attribute in format string");
    if (c == '.') {
      obj = getAttr(I, obj, part);
      i = end;
    } else {
      int64_t key = fieldInteger(part);
      obj = getItem(I, obj, key == -1 ? makeStr(std::string(part)) : Value::integer(key));
      i = end + 1;
    }
  }
  return obj;
}

// ascii(): repr() with every non-ASCII code point escaped.
std::string asciiOf(std::string_view text) {
  std::string out;
  size_t length;
  for (size_t i = 0; i < text.size(); i += length) {
    uint32_t cp = unicode::decode(text, i, length);
    if (cp < 0x80) { out += static_cast<char>(cp); continue; }
    if (cp >= unicode::kStrayByte) cp -= unicode::kStrayByte;
    char buf[16];
    std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", cp);
    out += buf;
  }
  return out;
}

// A value formatted with `spec`, as format(value, spec).
void renderField(Interpreter& I, const Value& v, std::string_view spec, std::string& out) {
  if (spec.empty()) out += v.isObj(ObjKind::Str) ? v.as<StrObject>()->str : str(I, v);
  else if (v.isBool()) out += formatBool(v.asBool(), spec);
  else if (v.isInt()) out += formatInt(v.asInt(), spec);
  else if (v.isFloat()) out += formatFloat(v.asFloat(), spec);
  else if (v.isObj(ObjKind::Str)) out += formatStr(v.as<StrObject>()->str, spec);
  else typeError("unsupported format string passed to " + typeName(v) + ".__format__");
}

// build_string(): `fmt` with its replacement fields filled in, appended to `out`.
void buildString(Interpreter& I, FormatSource& src, std::string_view fmt, int depth, std::string& out) {
  if (depth <= 0) formatError("Max string recursion exceeded");
  size_t i = 0, n = fmt.size();
  while (i < n) {
    // Literal text up to a brace; a doubled brace is literal.
    size_t start = i;
    char c = 0;
    bool markup = false;
    while (i < n) {
      c = fmt[i++];
      if (c == '{' || c == '}') { markup = true; break; }
    }
    bool atEnd = i >= n;
    size_t length = i - start;
    if (c == '}' && markup && (atEnd || fmt[i] != '}')) formatError("Single '}' encountered in format string");
    if (c == '{' && markup && atEnd) formatError("Single '{' encountered in format string");
    if (markup) {
      if (fmt[i] == c) {
        ++i;
        markup = false;
      } else {
        --length;
      }
    }
    out.append(fmt.substr(start, length));
    if (!markup) continue;
    // The field (parse_field()): its name ends at '}', ':' or '!' outside brackets.
    size_t nameStart = i;
    c = 0;
    while (i < n) {
      c = fmt[i++];
      if (c == '{') formatError("unexpected '{' in field name");
      if (c == '[') {
        while (i < n && fmt[i] != ']') ++i;
        continue;
      }
      if (c == '}' || c == ':' || c == '!') break;
    }
    std::string_view name = fmt.substr(nameStart, i - 1 - nameStart), spec;
    uint32_t conversion = 0;
    bool nested = false;
    if (c == '!' || c == ':') {
      bool done = false;
      if (c == '!') {
        if (i >= n) formatError("end of string while looking for conversion specifier");
        size_t cl;
        conversion = unicode::decode(fmt, i, cl);
        i += cl;
        if (i < n) {
          char after = fmt[i++];
          if (after == '}') done = true;
          else if (after != ':') formatError("expected ':' after conversion specifier");
        }
      }
      if (!done) {
        size_t specStart = i;
        int count = 1;
        while (i < n && count > 0) {
          c = fmt[i++];
          if (c == '{') { nested = true; ++count; }
          else if (c == '}') --count;
        }
        if (count > 0) formatError("unmatched '{' in format spec");
        spec = fmt.substr(specStart, i - 1 - specStart);
      }
    } else if (c != '}') {
      formatError("expected '}' before end of string");
    }
    // output_markup(): the object, its conversion, the (expanded) spec.
    Value v = fieldObject(I, src, name);
    switch (conversion) {
      case 0: break;
      case 'r': v = makeStr(repr(I, v)); break;
      case 's': v = makeStr(str(I, v)); break;
      case 'a': v = makeStr(asciiOf(repr(I, v))); break;
      default: {
        char buf[64];
        if (conversion > 32 && conversion < 127) std::snprintf(buf, sizeof buf, "Unknown conversion specifier %c", static_cast<char>(conversion));
        else std::snprintf(buf, sizeof buf, "Unknown conversion specifier \\x%x", conversion);
        formatError(buf);
      }
    }
    if (nested) {
      std::string expanded;
      buildString(I, src, spec, depth - 1, expanded);
      renderField(I, v, expanded, out);
    } else {
      renderField(I, v, spec, out);
    }
    checkStrSize(out.size());
  }
}

Value s_format(Interpreter& I, const CallArgs& a, const void*) {
  FormatSource src{a.args + 1, userArgs(a), &a, nullptr};
  std::string out;
  buildString(I, src, S(a), 2, out);
  return makeStr(std::move(out));
}
Value s_format_map(Interpreter& I, const CallArgs& a, const void*) {
  oneArg(a, "format_map");
  FormatSource src{nullptr, 0, nullptr, &a[1]};
  std::string out;
  buildString(I, src, S(a), 2, out);
  return makeStr(std::move(out));
}

// ---- maketrans, translate

Value s_maketrans(Interpreter&, const CallArgs& a, const void*) {
  positional(a, "maketrans", 1, 3);
  Value table = makeDict();
  DictObject& d = *table.as<DictObject>();
  if (a.nargs == 2) {
    if (!a[1].isObj(ObjKind::Dict)) typeError("if you give only one argument to maketrans it must be a dict");
    auto entries = a[1].as<DictObject>()->entries;
    for (auto& [key, value] : entries) {
      if (key.isObj(ObjKind::Str)) {
        std::string_view k = key.as<StrObject>()->str;
        if (cpCount(k) != 1) throw Error(ErrorKind::Value, "string keys in translate table must be of length 1");
        size_t length;
        d.set(Value::integer(unicode::decode(k, 0, length)), value);
      } else if (key.isInt() || key.isBool()) {
        d.set(Value::integer(intArg(key)), value);
      } else {
        typeError("keys in translate table must be strings or integers");
      }
    }
    return table;
  }
  if (!a[1].isObj(ObjKind::Str)) typeError("first maketrans argument must be a string if there is a second argument");
  std::string_view x = a[1].as<StrObject>()->str, y = strArg(a[2], "maketrans() argument 2 ", true);
  if (cpCount(x) != cpCount(y)) throw Error(ErrorKind::Value, "the first two maketrans arguments must have equal length");
  size_t lx, ly;
  for (size_t i = 0, j = 0; i < x.size(); i += lx, j += ly)
    d.set(Value::integer(unicode::decode(x, i, lx)), Value::integer(unicode::decode(y, j, ly)));
  if (a.nargs > 3) {
    std::string_view z = strArg(a[3], "maketrans() argument 3 ", true);
    size_t lz;
    for (size_t i = 0; i < z.size(); i += lz) d.set(Value::integer(unicode::decode(z, i, lz)), Value());
  }
  return table;
}

Value s_translate(Interpreter& I, const CallArgs& a, const void*) {
  oneArg(a, "translate");
  std::string_view s = S(a);
  const Value& table = a[1];
  std::string out;
  size_t length;
  for (size_t i = 0; i < s.size(); i += length) {
    uint32_t cp = unicode::decode(s, i, length);
    Value key = Value::integer(cp), to;
    if (table.isObj(ObjKind::Dict)) {
      const Value* v = table.as<DictObject>()->find(key);
      if (!v) { out.append(s.substr(i, length)); continue; }
      to = *v;
    } else {
      try {
        to = getItem(I, table, key);
      } catch (const Error& e) {  // LookupError: the character stays
        if (e.kind != ErrorKind::Key && e.kind != ErrorKind::Index) throw;
        out.append(s.substr(i, length));
        continue;
      }
    }
    if (to.isNone()) continue;
    if (to.isInt() || to.isBool()) {
      int64_t c = intArg(to);
      if (c < 0 || c > 0x10FFFF) throw Error(ErrorKind::Value, "character mapping must be in range(0x110000)");
      unicode::append(out, static_cast<uint32_t>(c));
    } else if (to.isObj(ObjKind::Str)) {
      out += to.as<StrObject>()->str;
    } else {
      typeError("character mapping must return integer, None or str");
    }
    checkStrSize(out.size());
  }
  return makeStr(std::move(out));
}

}  // namespace

const Table& strMethods() {
  static const Table t = {
      {"capitalize", s_capitalize}, {"casefold", s_casefold}, {"center", s_center}, {"count", s_count},
      {"endswith", s_endswith}, {"expandtabs", s_expandtabs}, {"find", s_find}, {"format", s_format},
      {"format_map", s_format_map}, {"index", s_index}, {"isalnum", s_isalnum}, {"isalpha", s_isalpha},
      {"isascii", s_isascii}, {"isdecimal", s_isdecimal}, {"isdigit", s_isdigit},
      {"isidentifier", s_isidentifier}, {"islower", s_islower}, {"isnumeric", s_isnumeric},
      {"isprintable", s_isprintable}, {"isspace", s_isspace}, {"istitle", s_istitle},
      {"isupper", s_isupper}, {"join", s_join}, {"ljust", s_ljust}, {"lower", s_lower},
      {"lstrip", s_lstrip}, {"maketrans", s_maketrans}, {"partition", s_partition},
      {"removeprefix", s_removeprefix}, {"removesuffix", s_removesuffix}, {"replace", s_replace},
      {"rfind", s_rfind}, {"rindex", s_rindex}, {"rjust", s_rjust}, {"rpartition", s_rpartition},
      {"rsplit", s_rsplit}, {"rstrip", s_rstrip}, {"split", s_split}, {"splitlines", s_splitlines},
      {"startswith", s_startswith}, {"strip", s_strip}, {"swapcase", s_swapcase}, {"title", s_title},
      {"translate", s_translate}, {"upper", s_upper}, {"zfill", s_zfill},
  };
  return t;
}

}  // namespace tdsl
