// The compile views: :graph, :passes, :explain, :dot (repl.h). They read a
// compiled function's cache and rerun its backend's pipeline through
// compile/inspect.h; nothing here knows which passes exist.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "compile/inspect.h"
#include "compile/jit.h"
#include "ir/dot_printer.h"
#include "ir/graph_executor.h"
#include "ir/ir_printer.h"
#include "jit/isa.h"
#include "ops/op_table.h"
#include "tools/repl.h"

extern char** environ;

namespace tdsl::repl {

namespace {

// The compiled function an argument names, with its segments; throws the
// errors a user needs to see what to do.
struct Target {
  std::string name;
  Value value;
  const CompiledFunction* fn = nullptr;
  std::vector<SegmentView> segments;
};

Target compiledTarget(Session& s, const std::string& expr, const char* usage) {
  if (expr.empty()) throw Error(ErrorKind::Value, std::string("usage: ") + usage);
  Target t;
  t.name = expr;
  t.value = s.evaluate(expr);
  t.fn = asCompiledFunction(t.value);
  if (!t.fn)
    throw Error(ErrorKind::Type, fmt::format("{} is not a torch.compile'd function (its type is {}); "
                                             "compile it with f = torch.compile(f) and call it",
                                             expr, s.interp().typeName(t.value)));
  if (t.fn->localStats().calls == 0)
    throw Error(ErrorKind::Value, fmt::format("{} has not been called yet: nothing is captured", expr));
  t.segments = lastCallSegmentsOf(*t.fn);
  if (t.segments.empty())
    throw Error(ErrorKind::Value,
                fmt::format("{}'s last call ran eagerly (the recompile limit, or a call made while tracing): "
                            "nothing was captured",
                            expr));
  return t;
}

std::string segmentTitle(const Target& t, size_t i) {
  const SegmentView& v = t.segments[i];
  std::string end = v.isReturn ? "returns" : "graph break: " + v.breakReason;
  return fmt::format("segment {} of {} at {} ({})", i + 1, t.segments.size(), v.entry, end);
}

std::string indent(const std::string& text, const char* prefix) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    out += prefix + text.substr(pos, nl - pos) + "\n";
    pos = nl + 1;
  }
  return out;
}

// What the graph executor does per node (Note [Bytes copied] in ir/graph_executor.h).
// How each node of an optimized graph runs: a fused group as one JIT
// kernel (or, with the JIT off, its ops one by one), any other op through
// the op table's eager kernel, with what it copies.
std::string kernelLines(const ir::Graph& g, const std::string& fusedRunsAs) {
  std::string out;
  int value = 0;
  for (ir::Node* n : g.nodes()) {
    if (!n->isOp() && !n->isFused()) continue;
    std::string results;
    for (size_t i = 0; i < n->numOutputs(); ++i) results += (i ? ", %" : "%") + std::to_string(value++);
    if (n->isFused()) {
      std::string ops;
      for (ir::Node* m : n->body()->opNodes()) ops += (ops.empty() ? "" : ", ") + ir::printedOpName(*m);
      out += fmt::format("  {} = {:<16} {} of {}\n", results, n->body()->name(), fusedRunsAs, ops);
      continue;
    }
    const ir::OpDef& op = *n->op();
    std::vector<std::string> notes;
    if (op.tags & ir::kTagView) notes.push_back("view");
    if (op.tags & ir::kTagInplace) notes.push_back("in place");
    switch (ir::dataMovementOf(op)) {
      case ir::DataMovement::None: break;
      case ir::DataMovement::ResultBytes: notes.push_back("copies: its result's bytes"); break;
      case ir::DataMovement::MaybeCopyResultBytes: notes.push_back("copies: its result's bytes when not a view"); break;
      case ir::DataMovement::WrittenRegionBytes: notes.push_back("copies: the region written"); break;
      case ir::DataMovement::SourceBytes: notes.push_back("copies: its source values"); break;
    }
    std::string joined;
    for (const std::string& note : notes) joined += (joined.empty() ? "" : ", ") + note;
    out += fmt::format("  {} = {:<16} {}\n", results, ir::printedOpName(*n), joined);
  }
  return out;
}

bool commandOnPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string p = path;
  size_t pos = 0;
  while (pos <= p.size()) {
    size_t colon = p.find(':', pos);
    if (colon == std::string::npos) colon = p.size();
    std::string dir = p.substr(pos, colon - pos);
    if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return true;
    pos = colon + 1;
  }
  return false;
}

// Runs `dot -Tsvg FILE -o FILE.svg`; "" on success, else why not.
std::string renderSvg(const std::string& file) {
  std::string out = file + ".svg";
  std::vector<std::string> args{"dot", "-Tsvg", file, "-o", out};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  if (int err = posix_spawnp(&pid, "dot", nullptr, nullptr, argv.data(), environ))
    return fmt::format("cannot run dot: {}", std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "dot failed on " + file;
  return "";
}

// "out.dot" for the first segment, "out-2.dot", "out-3.dot" ... for the next.
std::string segmentFile(const std::string& file, size_t i) {
  if (i == 0) return file;
  size_t slash = file.rfind('/');
  size_t dot = file.rfind('.');
  std::string suffix = "-" + std::to_string(i + 1);
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return file + suffix;
  return file.substr(0, dot) + suffix + file.substr(dot);
}

}  // namespace

void graphCommand(Session& s, const std::string& args) {
  Target t = compiledTarget(s, args, ":graph F");
  const FunctionStats& st = t.fn->localStats();
  s.heading(fmt::format("captured graphs of {} in its last call: {} segment{} (all calls: {}, traces {}, "
                        "cache hits {}, graph breaks {})",
                        t.name, t.segments.size(), t.segments.size() == 1 ? "" : "s", st.calls, st.traces,
                        st.cacheHits, st.graphBreaks));
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const SegmentView& v = t.segments[i];
    s.heading(segmentTitle(t, i));
    std::string out = indent(v.entryLine, "  from: ");
    if (!v.isReturn) out += indent(v.breakLine, "  break: ");
    out += v.graph ? ir::printGraph(*v.graph) : "  (no tensor ops: nothing to run)\n";
    s.print(out);
  }
}

void passesCommand(Session& s, const std::string& args) {
  Target t = compiledTarget(s, args, ":passes F");
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const SegmentView& v = t.segments[i];
    s.heading(segmentTitle(t, i));
    if (!v.graph) {
      s.print("  (no tensor ops: nothing to run)\n");
      continue;
    }
    s.heading("captured:");
    s.print(ir::printGraph(*v.graph));
    PassStages stages = passStagesOf(s.interp(), *t.fn, *v.graph);
    if (!stages.passLog.empty()) s.print(stages.passLog);
    else s.print(fmt::format("({} backend: no passes; the backend runs the captured graph)\n", stages.backend));
    if (stages.pipelineFailed) s.print("the pipeline failed on this graph: the captured graph runs as it is\n");
    s.heading(fmt::format("optimized ({} backend{}), executed:", stages.backend,
                          stages.reinplacing ? "" : ", no reinplacing"));
    s.print(ir::printGraph(*stages.optimized));
    bool jit = stages.backend == "tdsl" && jitEnabled(s.interp());
    s.heading(jit ? fmt::format("kernels (JIT tier {}; `:log code` prints each kernel's assembly when it is compiled):",
                                jit::tierName(jit::selectTier(std::getenv("TDSL_ISA"))))
                  : std::string("kernels:"));
    s.print(kernelLines(*stages.optimized, jit ? "one JIT kernel" : "the eager kernels, one by one,"));
  }
  const FunctionStats& st = t.fn->localStats();
  if (st.calls > 0)
    s.heading(fmt::format("bytes copied per call: {} ({} over {} call{}; reinplaced {}, not reinplaced {})",
                          st.bytesCopied / st.calls, st.bytesCopied, st.calls, st.calls == 1 ? "" : "s",
                          st.reinplaced, st.notReinplaced.size()));
}

void explainCommand(Session& s, const std::string& args) {
  size_t open = args.find('(');
  if (open == std::string::npos || args.empty() || args.back() != ')')
    throw Error(ErrorKind::Value, "usage: :explain F(ARGS)");
  std::string fnText = args.substr(0, open);
  std::string argText = args.substr(open + 1, args.size() - open - 2);
  Value fn = s.evaluate(fnText);
  std::vector<Value> argv;
  if (argText.find_first_not_of(" \t") != std::string::npos) {
    Value tuple = s.evaluate("(" + argText + ",)");
    if (!tuple.isObj(ObjKind::Tuple)) throw Error(ErrorKind::Value, "usage: :explain F(ARGS)");
    argv = tuple.as<TupleObject>()->items.toVector();
  }
  s.print(explainCall(s.interp(), fn, argv) + "\n");
}

void dotCommand(Session& s, const std::string& args) {
  size_t space = args.find_first_of(" \t");
  std::string fnText = args.substr(0, space);
  std::string file;
  if (space != std::string::npos) {
    file = args.substr(space + 1);
    file.erase(0, file.find_first_not_of(" \t"));
  }
  Target t = compiledTarget(s, fnText, ":dot F [FILE]");
  bool haveDot = !file.empty() && commandOnPath("dot");
  for (size_t i = 0; i < t.segments.size(); ++i) {
    const SegmentView& v = t.segments[i];
    if (!v.graph) continue;
    PassStages stages = passStagesOf(s.interp(), *t.fn, *v.graph);
    std::string dot = ir::printDot(*stages.optimized);
    if (file.empty()) {
      s.print(dot);
      continue;
    }
    std::string path = segmentFile(file, i);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << dot;
    out.close();
    if (!out) {
      int err = errno;
      throw Error(ErrorKind::Runtime, fmt::format("cannot write {}: [Errno {}] {}", path, err, std::strerror(err)));
    }
    std::string msg = fmt::format("wrote {} ({})", path, segmentTitle(t, i));
    if (haveDot) {
      std::string why = renderSvg(path);
      msg += why.empty() ? ", rendered " + path + ".svg" : "; " + why;
    } else {
      msg += "; not rendered: Graphviz 'dot' is not installed (apt-get install graphviz)";
    }
    s.print(msg + "\n");
  }
}

}  // namespace tdsl::repl
