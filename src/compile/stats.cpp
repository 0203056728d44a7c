// CompileStats (compile_stats.h).
#include "compile/stats.h"

#include <fmt/format.h>

namespace tdsl {

namespace {

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
        else out += c;
    }
  }
  return out + "\"";
}

std::string jsonOf(const FunctionStats& s) {
  std::string nodes, reasons;
  for (size_t i = 0; i < s.graphNodes.size(); ++i) nodes += (i ? ", " : "") + std::to_string(s.graphNodes[i]);
  for (size_t i = 0; i < s.breakReasons.size(); ++i) reasons += (i ? ", " : "") + jsonString(s.breakReasons[i]);
  std::string kept;  // issue 5: reinplacing decisions
  for (size_t i = 0; i < s.notReinplaced.size(); ++i)
    kept += fmt::format("{}{{\"op\": {}, \"reason\": {}}}", i ? ", " : "", jsonString(s.notReinplaced[i].first),
                        jsonString(s.notReinplaced[i].second));
  return fmt::format(
      "{{\"calls\": {}, \"traces\": {}, \"graphs\": {}, \"graph_nodes\": [{}], \"graph_breaks\": {}, "
      "\"break_reasons\": [{}], \"recompiles\": {}, \"cache_hits\": {}, \"eager_fallbacks\": {}, "
      "\"compile_ms\": {:.3f}, \"bytes_copied\": {}, \"reinplaced\": {}, \"not_reinplaced\": [{}], "
      "\"kernels_compiled\": {}, \"kernel_cache_hits\": {}, \"jit_ms\": {:.3f}, \"backward_graphs\": {}}}",
      s.calls, s.traces, s.graphs, nodes, s.graphBreaks, reasons, s.recompiles, s.cacheHits, s.eagerFallbacks,
      s.compileMs, s.bytesCopied, s.reinplaced, kept, s.kernelsCompiled, s.kernelCacheHits, s.jitMs,
      s.backwardGraphs);
}

}  // namespace

FunctionStats CompileStats::totals() const {
  FunctionStats t;
  for (auto& [name, s] : functions_) {
    t.calls += s.calls;
    t.traces += s.traces;
    t.graphs += s.graphs;
    t.graphNodes.insert(t.graphNodes.end(), s.graphNodes.begin(), s.graphNodes.end());
    t.graphBreaks += s.graphBreaks;
    t.breakReasons.insert(t.breakReasons.end(), s.breakReasons.begin(), s.breakReasons.end());
    t.recompiles += s.recompiles;
    t.cacheHits += s.cacheHits;
    t.eagerFallbacks += s.eagerFallbacks;
    t.compileMs += s.compileMs;
    t.bytesCopied += s.bytesCopied;
    t.reinplaced += s.reinplaced;
    t.notReinplaced.insert(t.notReinplaced.end(), s.notReinplaced.begin(), s.notReinplaced.end());
    t.kernelsCompiled += s.kernelsCompiled;
    t.kernelCacheHits += s.kernelCacheHits;
    t.jitMs += s.jitMs;
    t.backwardGraphs += s.backwardGraphs;
  }
  return t;
}

std::string CompileStats::summary() const {
  std::string out = "torch.compile stats:\n";
  auto line = [&](const std::string& name, const FunctionStats& s) {
    std::string nodes;
    for (size_t i = 0; i < s.graphNodes.size(); ++i) nodes += (i ? ", " : "") + std::to_string(s.graphNodes[i]);
    out += fmt::format(
        "  {}: calls {}, traces {}, graphs {} (nodes [{}]), graph breaks {}, recompiles {}, cache hits {}, "
        "eager fallbacks {}, compile {:.3f} ms\n",
        name, s.calls, s.traces, s.graphs, nodes, s.graphBreaks, s.recompiles, s.cacheHits, s.eagerFallbacks,
        s.compileMs);
    if (s.backwardGraphs) out += fmt::format("    backward graphs {}\n", s.backwardGraphs);
    for (const std::string& r : s.breakReasons) out += "    break: " + r + "\n";
    if (s.bytesCopied || s.reinplaced || !s.notReinplaced.empty())
      out += fmt::format("    bytes copied {}, reinplaced {}, not reinplaced {}\n", s.bytesCopied, s.reinplaced,
                         s.notReinplaced.size());
    for (const auto& [op, why] : s.notReinplaced) out += "    not reinplaced: " + op + ": " + why + "\n";
    if (s.kernelsCompiled || s.kernelCacheHits)
      out += fmt::format("    kernels compiled {}, kernel cache hits {}, jit {:.3f} ms\n", s.kernelsCompiled,
                         s.kernelCacheHits, s.jitMs);
  };
  for (auto& [name, s] : functions_) line(name, s);
  FunctionStats t = totals();
  t.breakReasons.clear();
  t.notReinplaced.clear();
  line("total", t);
  return out;
}

std::string CompileStats::json() const {
  std::string out = "{\"functions\": {";
  bool first = true;
  for (auto& [name, s] : functions_) {
    out += (first ? "" : ", ") + jsonString(name) + ": " + jsonOf(s);
    first = false;
  }
  out += "}, \"totals\": " + jsonOf(totals()) + "}\n";
  return out;
}

}  // namespace tdsl
