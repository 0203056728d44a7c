// Tab completion candidates (repl.h).
//
// Note [Completing attributes]
// Only a dotted chain of names ("torch.testing.ass") is resolved, by global
// lookup and attribute reads that run no script code: module attributes,
// and for tensors the op table's methods and the tensor properties. Other
// values complete nothing after the dot, so pressing Tab never runs a
// user's code.
#include <algorithm>
#include <cctype>
#include <set>

#include "ops/op_table.h"
#include "tensor/tensor.h"
#include "tools/repl.h"
#include "vm/function.h"
#include "vm/vm.h"

namespace tdsl::repl {

namespace {

const char* const kKeywords[] = {"False", "None",   "True",   "and",    "as",     "assert", "break",
                                 "class", "continue", "def",  "del",    "elif",   "else",   "except",
                                 "finally", "for",  "from",   "global", "if",     "import", "in",
                                 "is",    "lambda", "nonlocal", "not",  "or",     "pass",   "raise",
                                 "return", "try",   "while",  "with",   "yield"};

// Properties tensorGetAttr answers besides the op table's methods.
const char* const kTensorProperties[] = {"shape", "dtype", "ndim", "is_meta", "requires_grad", "grad", "data", "T",
                                         "mT"};

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Attribute names of `v` (Note [Completing attributes]).
std::set<std::string> attributesOf(const Value& v) {
  std::set<std::string> out;
  if (v.isObj(ObjKind::Module)) {
    for (const auto& kv : v.as<ModuleObject>()->attrs) out.insert(kv.first);
  } else if (v.isObj(ObjKind::Tensor)) {
    for (const ir::OpDef& op : ir::opTable().ops())
      if (op.variants & ir::kMethod) out.insert(op.schema.name);
    for (const char* p : kTensorProperties) out.insert(p);
  }
  return out;
}

// The value of a dotted chain of names, or None when some link is unknown.
Value resolve(Session& s, const std::string& dotted) {
  size_t dot = dotted.find('.');
  std::string head = dotted.substr(0, dot);
  Value v;
  if (s.interp().hasGlobal(head)) {
    v = s.interp().getGlobal(head);
  } else {
    v = s.interp().vm().builtin(head);
    if (v.isNone()) return Value();
  }
  while (dot != std::string::npos) {
    size_t next = dotted.find('.', dot + 1);
    std::string attr = dotted.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1);
    if (!v.isObj(ObjKind::Module)) return Value();
    const Value* a = v.as<ModuleObject>()->get(attr);
    if (!a) return Value();
    v = *a;
    dot = next;
  }
  return v;
}

}  // namespace

std::vector<std::string> completions(Session& s, const std::string& line, size_t wordStart) {
  std::string word = line.substr(std::min(wordStart, line.size()));
  std::set<std::string> found;
  auto offer = [&](const std::string& candidate) {
    if (candidate.compare(0, word.size(), word) == 0) found.insert(candidate);
  };
  std::string before = line.substr(0, std::min(wordStart, line.size()));
  bool atStart = before.find_first_not_of(" \t") == std::string::npos;
  if (atStart && !word.empty() && word[0] == ':') {
    for (const std::string& c : metaCommandNames()) offer(c);
    return {found.begin(), found.end()};
  }
  if (!std::all_of(word.begin(), word.end(), [](char c) { return isNameChar(c) || c == '.'; }) ||
      (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0]))))
    return {};
  size_t lastDot = word.rfind('.');
  if (lastDot != std::string::npos) {
    std::string base = word.substr(0, lastDot);
    if (base.empty() || base.back() == '.') return {};
    Value v = resolve(s, base);
    if (v.isNone()) return {};
    for (const std::string& attr : attributesOf(v))
      if (attr.rfind("__", 0) != 0 || word.compare(lastDot + 1, 2, "__") == 0) offer(base + "." + attr);
    return {found.begin(), found.end()};
  }
  const GlobalsTable& globals = *s.interp().vm().mainGlobals;
  for (size_t i = 0; i < globals.slots.size(); ++i)
    if (globals.slots[i].bound && globals.names[i].rfind("__", 0) != 0) offer(globals.names[i]);
  for (const auto& kv : s.interp().vm().builtins()) offer(kv.first);
  for (const char* k : kKeywords) offer(k);
  return {found.begin(), found.end()};
}

}  // namespace tdsl::repl
