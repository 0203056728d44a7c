// NameError's "Did you mean" (CPython 3.11's Python/suggestions.c): the
// closest name by a Levenshtein distance where a case change costs 1 and
// any other edit 2, among the frame's locals, then the module's globals,
// then the built-ins; only names within a third of the characters qualify.
#include <algorithm>
#include <climits>

#include "vm/vm.h"

namespace tdsl {

namespace {

constexpr size_t kMoveCost = 2;
constexpr size_t kCaseCost = 1;
constexpr size_t kMaxStringSize = 40;
constexpr size_t kMaxCandidates = 750;

size_t substitutionCost(char a, char b) {
  if ((a & 31) != (b & 31)) return kMoveCost;
  if (a == b) return 0;
  if ('A' <= a && a <= 'Z') a = static_cast<char>(a + ('a' - 'A'));
  if ('A' <= b && b <= 'Z') b = static_cast<char>(b + ('a' - 'A'));
  return a == b ? kCaseCost : kMoveCost;
}

size_t levenshtein(std::string_view a, std::string_view b, size_t maxCost) {
  while (!a.empty() && !b.empty() && a.front() == b.front()) { a.remove_prefix(1); b.remove_prefix(1); }
  while (!a.empty() && !b.empty() && a.back() == b.back()) { a.remove_suffix(1); b.remove_suffix(1); }
  if (a.empty() || b.empty()) return (a.size() + b.size()) * kMoveCost;
  if (a.size() > kMaxStringSize || b.size() > kMaxStringSize) return maxCost + 1;
  if (b.size() < a.size()) std::swap(a, b);
  if ((b.size() - a.size()) * kMoveCost > maxCost) return maxCost + 1;
  size_t buffer[kMaxStringSize];
  size_t tmp = kMoveCost;
  for (size_t i = 0; i < a.size(); ++i) { buffer[i] = tmp; tmp += kMoveCost; }
  size_t result = 0;
  for (size_t bi = 0; bi < b.size(); ++bi) {
    char code = b[bi];
    size_t distance = result = bi * kMoveCost;
    size_t minimum = SIZE_MAX;
    for (size_t i = 0; i < a.size(); ++i) {
      size_t substitute = distance + substitutionCost(code, a[i]);
      distance = buffer[i];
      size_t insertDelete = std::min(result, distance) + kMoveCost;
      result = std::min(insertDelete, substitute);
      buffer[i] = result;
      minimum = std::min(minimum, result);
    }
    if (minimum > maxCost) return maxCost + 1;
  }
  return result;
}

// calculate_suggestions: the first closest candidate, or "".
std::string closest(const std::vector<std::string>& dir, const std::string& name) {
  if (dir.size() >= kMaxCandidates) return "";
  size_t best = SIZE_MAX;
  std::string suggestion;
  for (const std::string& item : dir) {
    if (item == name || item.empty()) continue;
    size_t maxDistance = (name.size() + item.size() + 3) * kMoveCost / 6;
    if (best != SIZE_MAX) maxDistance = std::min(maxDistance, best - 1);
    size_t d = levenshtein(name, item, maxDistance);
    if (d > maxDistance) continue;
    if (suggestion.empty() || d < best) {
      suggestion = item;
      best = d;
    }
  }
  return suggestion;
}

}  // namespace

void VM::throwNameError(const Frame& f, uint32_t slot) {
  const GlobalsTable& g = *f.fn->globals;
  const std::string& name = g.names[slot];
  std::string msg = "name '" + name + "' is not defined";
  std::vector<std::string> locals;
  if (!f.code->isModule)
    for (const std::string& n : f.code->regNames)
      if (!n.empty() && n[0] != '.' && std::find(locals.begin(), locals.end(), n) == locals.end()) locals.push_back(n);
  std::vector<std::string> globals, builtinNames;
  for (const auto& b : builtins_) builtinNames.push_back(b.first);
  for (size_t i = 0; i < g.slots.size(); ++i) {
    if (!g.slots[i].bound) continue;
    const std::string& n = g.names[i];
    auto b = builtinIndex_.find(n);
    if (b != builtinIndex_.end() && builtins_[b->second].second.identical(g.slots[i].value)) continue;
    globals.push_back(n);
  }
  std::string s = closest(locals, name);
  if (s.empty()) s = closest(globals, name);
  if (s.empty()) s = closest(builtinNames, name);
  if (!s.empty()) msg += ". Did you mean: '" + s + "'?";
  throw Error(ErrorKind::Name, msg);
}

}  // namespace tdsl
