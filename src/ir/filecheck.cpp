// FileCheck matcher (see filecheck.h).
#include "ir/filecheck.h"

#include <map>
#include <regex>
#include <sstream>

namespace tdsl::ir {

namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::string cur;
  std::istringstream in(text);
  while (std::getline(in, cur)) lines.push_back(cur);
  return lines;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::string escapeRegex(const std::string& lit) {
  static const std::string special = R"(\^$.|?*+()[]{}/)";
  std::string out;
  for (char c : lit) {
    if (c == ' ' || c == '\t') {
      if (out.size() < 4 || out.compare(out.size() - 4, 4, "[ ]+") != 0) out += "[ ]+";
      continue;
    }
    if (special.find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out;
}

// Note [Pattern variables]: "[[NAME:re]]" matches re and binds NAME to the
// text matched; a later "[[NAME]]" matches exactly that text.
struct CompiledPattern {
  std::regex re;
  std::vector<std::string> defines;  // variable bound by each capture group, in order
};

using Vars = std::map<std::string, std::string>;

// Turns "literal {{re}} [[V:re]] [[V]] literal" into one regex.
CompiledPattern compilePattern(const std::string& pattern, const Vars& vars) {
  CompiledPattern out;
  std::string re;
  size_t pos = 0;
  while (pos < pattern.size()) {
    size_t braces = pattern.find("{{", pos);
    size_t brackets = pattern.find("[[", pos);
    size_t open = std::min(braces, brackets);
    if (open == std::string::npos) {
      re += escapeRegex(pattern.substr(pos));
      break;
    }
    bool isVar = open == brackets;
    size_t close = pattern.find(isVar ? "]]" : "}}", open + 2);
    if (close == std::string::npos) {
      re += escapeRegex(pattern.substr(pos));
      break;
    }
    re += escapeRegex(pattern.substr(pos, open - pos));
    std::string body = pattern.substr(open + 2, close - open - 2);
    if (!isVar) {
      re += "(?:" + body + ")";
    } else {
      size_t colon = body.find(':');
      if (colon == std::string::npos) {
        auto it = vars.find(body);
        re += escapeRegex(it == vars.end() ? "<undefined variable " + body + ">" : it->second);
      } else {
        re += "(" + body.substr(colon + 1) + ")";
        out.defines.push_back(body.substr(0, colon));
      }
    }
    pos = close + 2;
  }
  out.re = std::regex(re);
  return out;
}

const char* kindName(const CheckDirective& d) {
  switch (d.kind) {
    case CheckKind::Check: return "CHECK";
    case CheckKind::Next: return "CHECK-NEXT";
    case CheckKind::Not: return "CHECK-NOT";
    case CheckKind::Count: return "CHECK-COUNT";
    case CheckKind::Label: return "CHECK-LABEL";
  }
  return "CHECK";
}

}  // namespace

std::vector<CheckDirective> parseCheckDirectives(const std::string& checkText, std::vector<std::string>* errors) {
  std::vector<CheckDirective> out;
  auto lines = splitLines(checkText);
  static const std::regex directive(R"(//\s*CHECK(-NEXT|-NOT|-LABEL|-COUNT-(\d+))?:(.*)$)");
  for (size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (!std::regex_search(lines[i], m, directive)) continue;
    CheckDirective d;
    d.line = static_cast<int>(i + 1);
    std::string suffix = m[1].str();
    if (suffix.empty()) d.kind = CheckKind::Check;
    else if (suffix == "-NEXT") d.kind = CheckKind::Next;
    else if (suffix == "-NOT") d.kind = CheckKind::Not;
    else if (suffix == "-LABEL") d.kind = CheckKind::Label;
    else {
      d.kind = CheckKind::Count;
      d.count = std::stoi(m[2].str());
      if (d.count <= 0 && errors) errors->push_back("line " + std::to_string(d.line) + ": CHECK-COUNT needs n >= 1");
    }
    d.pattern = trim(m[3].str());
    if (d.pattern.empty() && errors) errors->push_back("line " + std::to_string(d.line) + ": empty check pattern");
    out.push_back(d);
  }
  return out;
}

FileCheckResult runFileCheck(const std::string& checkText, const std::string& output) {
  FileCheckResult result;
  std::vector<std::string> errors;
  auto directives = parseCheckDirectives(checkText, &errors);
  if (!errors.empty()) {
    result.ok = false;
    result.message = "malformed check file: " + errors.front();
    return result;
  }
  if (directives.empty()) {
    result.ok = false;
    result.message = "no CHECK directives found";
    return result;
  }
  auto lines = splitLines(output);
  size_t cursor = 0;                     // first line a positive match may use
  std::vector<const CheckDirective*> pendingNots;
  size_t notStart = 0;

  auto fail = [&](const CheckDirective& d, const std::string& why, size_t from) {
    std::ostringstream msg;
    msg << "check file line " << d.line << ": " << kindName(d) << ": " << d.pattern << "\n  " << why << "\n";
    msg << "  output from line " << (from + 1) << ":\n";
    for (size_t i = from; i < lines.size() && i < from + 8; ++i) msg << "    " << lines[i] << "\n";
    result.ok = false;
    result.message = msg.str();
  };
  Vars vars;
  auto lineMatches = [&vars](const CompiledPattern& p, const std::string& line) {
    std::smatch m;
    if (!std::regex_search(line, m, p.re)) return false;
    for (size_t i = 0; i < p.defines.size(); ++i) vars[p.defines[i]] = m[i + 1].str();
    return true;
  };
  // Verifies pending CHECK-NOTs over lines [notStart, end).
  auto checkNots = [&](size_t end) {
    for (const CheckDirective* d : pendingNots) {
      CompiledPattern re = compilePattern(d->pattern, vars);
      for (size_t i = notStart; i < end && i < lines.size(); ++i) {
        if (lineMatches(re, lines[i])) {
          fail(*d, "excluded pattern found on output line " + std::to_string(i + 1) + ": " + lines[i], notStart);
          return false;
        }
      }
    }
    pendingNots.clear();
    return true;
  };

  for (const CheckDirective& d : directives) {
    if (d.kind == CheckKind::Not) {
      if (pendingNots.empty()) notStart = cursor;
      pendingNots.push_back(&d);
      continue;
    }
    CompiledPattern re = compilePattern(d.pattern, vars);
    if (d.kind == CheckKind::Next) {
      if (cursor >= lines.size() || !lineMatches(re, lines[cursor])) {
        fail(d, "not found on the next line", cursor);
        return result;
      }
      if (!checkNots(cursor)) return result;
      ++cursor;
      continue;
    }
    int needed = d.kind == CheckKind::Count ? d.count : 1;
    size_t firstMatch = lines.size();
    for (int k = 0; k < needed; ++k) {
      size_t i = cursor;
      while (i < lines.size() && !lineMatches(re, lines[i])) ++i;
      if (i >= lines.size()) {
        fail(d, needed > 1 ? "found only " + std::to_string(k) + " of " + std::to_string(needed) + " matches"
                           : "pattern not found",
             cursor);
        return result;
      }
      if (k == 0) firstMatch = i;
      cursor = i + 1;
    }
    if (!checkNots(firstMatch)) return result;
  }
  if (!checkNots(lines.size())) return result;
  return result;
}

}  // namespace tdsl::ir
