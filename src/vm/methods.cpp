// Methods of the built-in types: str, list, dict. Each native receives the
// receiver as args[0] (CALLMETHOD passes it without allocating a bound method).
#include <algorithm>
#include <cstring>

#include "frontend/source_text.h"
#include "vm/format.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

using Table = std::unordered_map<std::string_view, NativeFn>;

const std::string& S(const CallArgs& a) { return a[0].as<StrObject>()->str; }
std::vector<Value>& L(const CallArgs& a) { return a[0].as<ListObject>()->items; }
DictObject& D(const CallArgs& a) { return *a[0].as<DictObject>(); }

[[noreturn]] void throwArity(const CallArgs& a, const char* name, size_t min, size_t max) {
  size_t n = a.nargs - 1;
  std::string m = std::string(name) + "() takes ";
  if (min == max) m += (min == 0 ? std::string("no arguments") : "exactly " + std::to_string(min) + " argument" + (min == 1 ? "" : "s"));
  else m += "at most " + std::to_string(max) + " arguments";
  throw Error(ErrorKind::Type, m + " (" + std::to_string(n) + " given)");
}
inline void arity(const CallArgs& a, const char* name, size_t min, size_t max) {
  if (a.nargs - 1 < min || a.nargs - 1 > max) throwArity(a, name, min, max);
}
const std::string& strArg(const Value& v, const char* what) {
  if (!v.isObj(ObjKind::Str)) throw Error(ErrorKind::Type, std::string(what) + " must be str, not " + typeName(v));
  return v.as<StrObject>()->str;
}
int64_t intArg(const Value& v) {
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool();
  throw Error(ErrorKind::Type, "'" + typeName(v) + "' object cannot be interpreted as an integer");
}

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
int64_t countOccurrences(std::string_view text, std::string_view needle) {
  int64_t n = 0;
  for (size_t p = findFrom(text, needle, 0); p != std::string_view::npos; p = findFrom(text, needle, p + needle.size())) ++n;
  return n;
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// ---- str

Value s_upper(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "upper", 0, 0);
  std::string s = S(a);
  for (char& c : s) c = static_cast<char>(c ^ ((static_cast<unsigned char>(c - 'a') < 26u) << 5));
  return makeStr(std::move(s));
}
Value s_lower(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "lower", 0, 0);
  std::string s = S(a);
  for (char& c : s) c = static_cast<char>(c ^ ((static_cast<unsigned char>(c - 'A') < 26u) << 5));
  return makeStr(std::move(s));
}
Value s_split(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "split", 0, 2);
  const std::string& s = S(a);
  Value sepv = a.nargs > 1 ? a[1] : Value();
  if (const Value* k = findKwarg(a, "sep")) sepv = *k;
  int64_t maxsplit = a.nargs > 2 ? intArg(a[2]) : -1;
  if (const Value* k = findKwarg(a, "maxsplit")) maxsplit = intArg(*k);
  std::vector<Value> out;
  if (sepv.isNone()) {
    size_t i = 0, n = s.size();
    while (true) {
      while (i < n && isSpace(s[i])) ++i;
      if (i >= n) break;
      if (maxsplit >= 0 && static_cast<int64_t>(out.size()) >= maxsplit) {
        size_t e = n;
        while (e > i && isSpace(s[e - 1])) --e;
        out.push_back(makeStr(s.substr(i, e - i)));
        break;
      }
      size_t j = i;
      while (j < n && !isSpace(s[j])) ++j;
      out.push_back(makeStr(s.substr(i, j - i)));
      i = j;
    }
    return makeList(std::move(out));
  }
  const std::string& sep = strArg(sepv, "separator");
  if (sep.empty()) throw Error(ErrorKind::Value, "empty separator");
  std::string_view text(s);
  size_t pieces = 1 + static_cast<size_t>(countOccurrences(text, sep));
  if (maxsplit >= 0) pieces = std::min(pieces, static_cast<size_t>(maxsplit) + 1);
  out.reserve(pieces);
  size_t pos = 0;
  while (out.size() + 1 < pieces) {
    size_t f = findFrom(text, sep, pos);
    out.push_back(makeStr(std::string(text.substr(pos, f - pos))));
    pos = f + sep.size();
  }
  out.push_back(makeStr(std::string(text.substr(pos))));
  return makeList(std::move(out));
}
Value s_join(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "join", 1, 1);
  const std::string& sep = S(a);
  // Lists and tuples are joined in place; anything else is materialized first.
  std::vector<Value> materialized;
  const std::vector<Value>* items;
  if (a[1].isObj(ObjKind::List)) items = &a[1].as<ListObject>()->items;
  else if (a[1].isObj(ObjKind::Tuple)) items = &a[1].as<TupleObject>()->items;
  else items = &(materialized = iterateAll(I, a[1]));
  size_t length = 0;
  for (size_t i = 0; i < items->size(); ++i) {
    const Value& item = (*items)[i];
    if (!item.isObj(ObjKind::Str))
      throw Error(ErrorKind::Type, "sequence item " + std::to_string(i) + ": expected str instance, " + typeName(item) + " found");
    length += item.as<StrObject>()->str.size() + (i ? sep.size() : 0);
  }
  checkStrSize(length);
  std::string out(length, '\0');
  char* at = out.data();
  for (size_t i = 0; i < items->size(); ++i) {
    if (i) at = std::copy(sep.begin(), sep.end(), at);
    const std::string& item = (*items)[i].as<StrObject>()->str;
    at = std::copy(item.begin(), item.end(), at);
  }
  return makeStr(std::move(out));
}
Value s_startswith(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "startswith", 1, 1);
  const std::string& s = S(a);
  auto test = [&](const Value& p) { const std::string& x = strArg(p, "startswith arg"); return s.compare(0, x.size(), x) == 0 && s.size() >= x.size(); };
  if (a[1].isObj(ObjKind::Tuple)) {
    for (auto& p : a[1].as<TupleObject>()->items) if (test(p)) return Value::boolean(true);
    return Value::boolean(false);
  }
  return Value::boolean(test(a[1]));
}
Value s_endswith(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "endswith", 1, 1);
  const std::string& s = S(a);
  auto test = [&](const Value& p) {
    const std::string& x = strArg(p, "endswith arg");
    return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
  };
  if (a[1].isObj(ObjKind::Tuple)) {
    for (auto& p : a[1].as<TupleObject>()->items) if (test(p)) return Value::boolean(true);
    return Value::boolean(false);
  }
  return Value::boolean(test(a[1]));
}
Value stripImpl(const CallArgs& a, const char* name, bool left, bool right) {
  arity(a, name, 0, 1);
  const std::string& s = S(a);
  std::string chars = " \t\n\r\f\v";
  if (a.nargs > 1 && !a[1].isNone()) chars = strArg(a[1], "strip arg");
  size_t b = 0, e = s.size();
  if (left) while (b < e && chars.find(s[b]) != std::string::npos) ++b;
  if (right) while (e > b && chars.find(s[e - 1]) != std::string::npos) --e;
  return makeStr(s.substr(b, e - b));
}
Value s_strip(Interpreter&, const CallArgs& a, const void*) { return stripImpl(a, "strip", true, true); }
Value s_lstrip(Interpreter&, const CallArgs& a, const void*) { return stripImpl(a, "lstrip", true, false); }
Value s_rstrip(Interpreter&, const CallArgs& a, const void*) { return stripImpl(a, "rstrip", false, true); }
Value s_replace(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "replace", 2, 3);
  const std::string& s = S(a);
  const std::string& from = strArg(a[1], "replace arg 1");
  const std::string& to = strArg(a[2], "replace arg 2");
  int64_t count = a.nargs > 3 ? intArg(a[3]) : -1;
  std::string out;
  if (from.empty()) {
    int64_t n = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
      if (count < 0 || n < count) { out += to; ++n; }
      if (i < s.size()) out += s[i];
    }
    return makeStr(out);
  }
  size_t pos = 0;
  int64_t n = 0;
  while (count < 0 || n < count) {
    size_t f = s.find(from, pos);
    if (f == std::string::npos) break;
    out.append(s, pos, f - pos);
    out += to;
    pos = f + from.size();
    ++n;
  }
  out.append(s, pos, std::string::npos);
  return makeStr(out);
}
Value s_find(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "find", 1, 1);
  size_t f = S(a).find(strArg(a[1], "find arg"));
  return Value::integer(f == std::string::npos ? -1 : static_cast<int64_t>(f));
}
Value s_index(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "index", 1, 1);
  size_t f = S(a).find(strArg(a[1], "index arg"));
  if (f == std::string::npos) throw Error(ErrorKind::Value, "substring not found");
  return Value::integer(static_cast<int64_t>(f));
}
Value s_count(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "count", 1, 1);
  const std::string& s = S(a);
  const std::string& x = strArg(a[1], "count arg");
  if (x.empty()) return Value::integer(static_cast<int64_t>(frontend::codePointCount(s)) + 1);
  return Value::integer(countOccurrences(s, x));
}
Value s_isdigit(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "isdigit", 0, 0);
  const std::string& s = S(a);
  if (s.empty()) return Value::boolean(false);
  for (char c : s) if (c < '0' || c > '9') return Value::boolean(false);
  return Value::boolean(true);
}
Value s_isalpha(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "isalpha", 0, 0);
  const std::string& s = S(a);
  if (s.empty()) return Value::boolean(false);
  for (char c : s) if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return Value::boolean(false);
  return Value::boolean(true);
}
Value s_isspace(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "isspace", 0, 0);
  const std::string& s = S(a);
  if (s.empty()) return Value::boolean(false);
  for (char c : s) if (!isSpace(c)) return Value::boolean(false);
  return Value::boolean(true);
}

// str.format: "{}" "{0}" "{name}" "{:spec}" "{!r}" with {{ }} escapes.
Value s_format(Interpreter& I, const CallArgs& a, const void*) {
  const std::string& f = S(a);
  std::string out;
  size_t autoIndex = 0;
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '}') {
      if (i + 1 < f.size() && f[i + 1] == '}') { out += '}'; ++i; continue; }
      throw Error(ErrorKind::Value, "Single '}' encountered in format string");
    }
    if (c != '{') { out += c; continue; }
    if (i + 1 < f.size() && f[i + 1] == '{') { out += '{'; ++i; continue; }
    size_t close = f.find('}', i);
    if (close == std::string::npos) throw Error(ErrorKind::Value, "Single '{' encountered in format string");
    std::string field = f.substr(i + 1, close - i - 1);
    i = close;
    std::string spec, conv;
    size_t colon = field.find(':');
    if (colon != std::string::npos) { spec = field.substr(colon + 1); field = field.substr(0, colon); }
    size_t bang = field.find('!');
    if (bang != std::string::npos) { conv = field.substr(bang + 1); field = field.substr(0, bang); }
    Value v;
    if (field.empty()) {
      if (autoIndex + 1 >= a.nargs) throw Error(ErrorKind::Index, "Replacement index " + std::to_string(autoIndex) + " out of range for positional args tuple");
      v = a[1 + autoIndex++];
    } else if (std::all_of(field.begin(), field.end(), [](char d) { return d >= '0' && d <= '9'; })) {
      size_t idx = std::stoul(field);
      if (idx + 1 >= a.nargs) throw Error(ErrorKind::Index, "Replacement index " + field + " out of range for positional args tuple");
      v = a[1 + idx];
    } else {
      const Value* k = findKwarg(a, field);
      if (!k) throw Error(ErrorKind::Key, "KeyError: '" + field + "'");
      v = *k;
    }
    if (conv == "r") v = makeStr(repr(I, v));
    else if (conv == "s") v = makeStr(str(I, v));
    if (spec.empty()) out += str(I, v);
    else if (v.isBool()) out += formatBool(v.asBool(), spec);
    else if (v.isInt()) out += formatInt(v.asInt(), spec);
    else if (v.isFloat()) out += formatFloat(v.asFloat(), spec);
    else if (v.isObj(ObjKind::Str)) out += formatStr(v.as<StrObject>()->str, spec);
    else throw Error(ErrorKind::Type, "unsupported format string passed to " + typeName(v) + ".__format__");
  }
  return makeStr(std::move(out));
}

// ---- list

Value l_append(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "append", 1, 1);
  L(a).push_back(a[1]);
  return Value();
}
Value l_pop(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "pop", 0, 1);
  auto& v = L(a);
  if (v.empty()) throw Error(ErrorKind::Index, "pop from empty list");
  int64_t n = static_cast<int64_t>(v.size());
  int64_t i = a.nargs > 1 ? intArg(a[1]) : n - 1;
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw Error(ErrorKind::Index, "pop index out of range");
  Value r = v[static_cast<size_t>(i)];
  v.erase(v.begin() + i);
  return r;
}
Value l_clear(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "clear", 0, 0);
  std::vector<Value> old;
  old.swap(L(a));
  return Value();
}
Value l_extend(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "extend", 1, 1);
  std::vector<Value> extra = iterateAll(I, a[1]);
  auto& v = L(a);
  checkSeqSize(v.size() + extra.size());
  v.insert(v.end(), extra.begin(), extra.end());
  return Value();
}
Value l_index(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "index", 1, 3);
  auto& v = L(a);
  int64_t n = static_cast<int64_t>(v.size());
  int64_t start = a.nargs > 2 ? intArg(a[2]) : 0, stop = a.nargs > 3 ? intArg(a[3]) : n;
  if (start < 0) start = std::max<int64_t>(0, start + n);
  if (stop < 0) stop += n;
  for (int64_t i = start; i < std::min(stop, static_cast<int64_t>(v.size())); ++i)
    if (valuesEqual(I, v[static_cast<size_t>(i)], a[1])) return Value::integer(i);
  throw Error(ErrorKind::Value, repr(I, a[1]) + " is not in list");
}
// ---- tuple (and torch.Size)

const std::vector<Value>& T(const CallArgs& a) { return a[0].as<TupleObject>()->items; }
Value t_index(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "index", 1, 1);
  const std::vector<Value> v = T(a);  // a copy: == may run script code
  for (size_t i = 0; i < v.size(); ++i)
    if (valuesEqual(I, v[i], a[1])) return Value::integer(static_cast<int64_t>(i));
  throw Error(ErrorKind::Value, "tuple.index(x): x not in tuple");
}
Value t_count(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "count", 1, 1);
  int64_t n = 0;
  const std::vector<Value> v = T(a);
  for (auto& x : v) n += valuesEqual(I, x, a[1]);
  return Value::integer(n);
}

Value l_insert(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "insert", 2, 2);
  auto& v = L(a);
  int64_t n = static_cast<int64_t>(v.size());
  int64_t i = intArg(a[1]);
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  v.insert(v.begin() + i, a[2]);
  return Value();
}
Value l_remove(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "remove", 1, 1);
  auto& v = L(a);
  for (size_t i = 0; i < v.size(); ++i)
    if (valuesEqual(I, v[i], a[1])) { v.erase(v.begin() + static_cast<std::ptrdiff_t>(i)); return Value(); }
  throw Error(ErrorKind::Value, "list.remove(x): x not in list");
}
Value l_reverse(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "reverse", 0, 0);
  std::reverse(L(a).begin(), L(a).end());
  return Value();
}
Value l_count(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "count", 1, 1);
  int64_t n = 0;
  std::vector<Value> v = L(a);
  for (auto& x : v) n += valuesEqual(I, x, a[1]);
  return Value::integer(n);
}
Value l_copy(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "copy", 0, 0);
  return makeList(L(a));
}
Value l_sort(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "sort", 0, 0);
  for (size_t i = 0; i < a.nkwargs; ++i)
    if (a.kwargs[i].name != "key" && a.kwargs[i].name != "reverse")
      throw Error(ErrorKind::Type, "'" + std::string(a.kwargs[i].name) + "' is an invalid keyword argument for sort()");
  const Value* key = findKwarg(a, "key");
  if (key && key->isNone()) key = nullptr;
  const Value* rev = findKwarg(a, "reverse");
  bool reverse = rev && truthy(I, *rev);
  std::vector<Value> items = L(a);  // sort a copy: callbacks may touch the list
  std::vector<Value> keys;
  keys.reserve(items.size());
  for (auto& x : items) keys.push_back(key ? I.call(*key, {x}) : x);
  std::vector<size_t> order(items.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto less = [&](size_t x, size_t y) {
    const Value& kx = keys[x];
    const Value& ky = keys[y];
    if (kx.isInt() && ky.isInt()) return kx.asInt() < ky.asInt();
    return truthy(I, compare(I, Cmp::Lt, kx, ky));
  };
  // Stable; reverse keeps equal elements in their original order, as Python does.
  if (reverse) std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return less(y, x); });
  else std::stable_sort(order.begin(), order.end(), less);
  std::vector<Value> sorted;
  sorted.reserve(items.size());
  for (size_t i : order) sorted.push_back(items[i]);
  L(a) = std::move(sorted);
  return Value();
}

// ---- dict

Value d_get(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "get", 1, 2);
  requireHashable(a[1]);
  const Value* v = D(a).find(a[1]);
  return v ? *v : (a.nargs > 2 ? a[2] : Value());
}
Value d_keys(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "keys", 0, 0);
  return Value(makeRef<DictViewObject>(a[0], DictViewObject::Part::Keys));
}
Value d_values(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "values", 0, 0);
  return Value(makeRef<DictViewObject>(a[0], DictViewObject::Part::Values));
}
Value d_items(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "items", 0, 0);
  return Value(makeRef<DictViewObject>(a[0], DictViewObject::Part::Items));
}
Value d_pop(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "pop", 1, 2);
  requireHashable(a[1]);
  const Value* v = D(a).find(a[1]);
  if (!v) {
    if (a.nargs > 2) return a[2];
    throw Error(ErrorKind::Key, "KeyError: " + repr(I, a[1]));
  }
  Value r = *v;
  D(a).erase(a[1]);
  return r;
}
Value d_update(Interpreter& I, const CallArgs& a, const void*) {
  arity(a, "update", 0, 1);
  if (a.nargs > 1) {
    if (a[1].isObj(ObjKind::Dict)) {
      auto entries = a[1].as<DictObject>()->entries;
      for (auto& kv : entries) D(a).set(kv.first, kv.second);
    } else {
      for (const Value& item : iterateAll(I, a[1])) {
        std::vector<Value> kv = iterateAll(I, item);
        if (kv.size() != 2) throw Error(ErrorKind::Value, "dictionary update sequence element has length " + std::to_string(kv.size()) + "; 2 is required");
        requireHashable(kv[0]);
        D(a).set(kv[0], kv[1]);
      }
    }
  }
  for (size_t i = 0; i < a.nkwargs; ++i) D(a).set(makeStr(std::string(a.kwargs[i].name)), a.kwargs[i].value);
  return Value();
}
Value d_setdefault(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "setdefault", 1, 2);
  requireHashable(a[1]);
  if (const Value* v = D(a).find(a[1])) return *v;
  Value dflt = a.nargs > 2 ? a[2] : Value();
  D(a).set(a[1], dflt);
  return dflt;
}
Value d_clear(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "clear", 0, 0);
  D(a).clear();
  return Value();
}
Value d_copy(Interpreter&, const CallArgs& a, const void*) {
  arity(a, "copy", 0, 0);
  Value d = makeDict();
  for (auto& kv : D(a).entries) d.as<DictObject>()->set(kv.first, kv.second);
  return d;
}

}  // namespace

const Table& strMethods() {
  static const Table t = {
      {"upper", s_upper}, {"lower", s_lower}, {"split", s_split}, {"join", s_join},
      {"format", s_format}, {"startswith", s_startswith}, {"endswith", s_endswith},
      {"strip", s_strip}, {"lstrip", s_lstrip}, {"rstrip", s_rstrip}, {"replace", s_replace},
      {"find", s_find}, {"index", s_index}, {"count", s_count}, {"isdigit", s_isdigit},
      {"isalpha", s_isalpha}, {"isspace", s_isspace},
  };
  return t;
}
const Table& listMethods() {
  static const Table t = {
      {"append", l_append}, {"pop", l_pop}, {"clear", l_clear}, {"extend", l_extend},
      {"index", l_index}, {"insert", l_insert}, {"remove", l_remove}, {"reverse", l_reverse},
      {"sort", l_sort}, {"count", l_count}, {"copy", l_copy},
  };
  return t;
}
const Table& tupleMethods() {
  static const Table t = {{"index", t_index}, {"count", t_count}};
  return t;
}
const Table& dictMethods() {
  static const Table t = {
      {"get", d_get}, {"keys", d_keys}, {"values", d_values}, {"items", d_items},
      {"pop", d_pop}, {"update", d_update}, {"setdefault", d_setdefault}, {"clear", d_clear},
      {"copy", d_copy},
  };
  return t;
}

}  // namespace tdsl
