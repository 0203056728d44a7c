// CompileLogs (compile_logs.h).
#include "compile/logs.h"

#include <cstdio>

#include "vm/interpreter.h"

namespace tdsl {

void CompileLogs::enable(std::string_view spec) {
  size_t pos = 0;
  while (pos <= spec.size()) {
    size_t comma = spec.find(',', pos);
    if (comma == std::string_view::npos) comma = spec.size();
    std::string_view cat = spec.substr(pos, comma - pos);
    while (!cat.empty() && (cat.front() == ' ' || cat.front() == '+')) cat.remove_prefix(1);
    while (!cat.empty() && cat.back() == ' ') cat.remove_suffix(1);
    bool all = cat == "all";
    if (all || cat == "graph_breaks") graphBreaks = true;
    if (all || cat == "recompiles") recompiles = true;
    if (all || cat == "guards") guards = true;
    if (all || cat == "graph" || cat == "graph_code") graph = true;
    if (all || cat == "functional") functional = true;
    if (all || cat == "optimized") optimized = true;
    if (all || cat == "passes") passes = true;
    if (all || cat == "code") code = true;
    pos = comma + 1;
  }
}

void CompileLogs::write(const char* category, const std::string& text) const {
  if (capture) {
    *capture += text;
    if (!text.empty() && text.back() != '\n') *capture += '\n';
    return;
  }
  std::string lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines += "[tdsl:" + std::string(category) + "] ";
    lines.append(text, start, nl - start);
    lines += '\n';
    start = nl + 1;
  }
  if (owner.interp) {  // Note [Log output]
    owner.interp->writeStderr(lines);
    return;
  }
  std::fflush(stdout);
  std::fwrite(lines.data(), 1, lines.size(), stderr);
  std::fflush(stderr);
}

}  // namespace tdsl
