// Views of compiled functions for the REPL (compile/inspect.h).
#include "compile/inspect.h"

#include <fmt/format.h>

#include <algorithm>

#include "compile/cache.h"
#include "compile/pipeline.h"
#include "compile/runtime.h"
#include "vm/function.h"
#include "vm/interpreter.h"

namespace tdsl {

const CompiledFunction* asCompiledFunction(const Value& v) {
  if (!v.isObj(ObjKind::Other)) return nullptr;
  auto* other = v.as<OtherObject>();
  if (other->sub != OtherKind::Extension) return nullptr;
  return dynamic_cast<const CompiledFunction*>(static_cast<ExtensionObject*>(other));
}

namespace {

std::string locationText(const CodeObject& code, uint32_t pc) {
  SourceRange r = code.rangeAt(pc);
  if (!r.valid()) return code.name;
  return fmt::format("{}:{}:{}", r.file->name, r.begin.line, r.begin.col);
}

std::string lineText(const CodeObject& code, uint32_t pc) {
  SourceRange r = code.rangeAt(pc);
  return r.valid() ? r.file->lineText(r.begin.line) : "";
}

}  // namespace

namespace {

SegmentView viewOf(const CodeObject& code, uint32_t pc, const Segment& seg) {
  SegmentView v;
  v.entryPc = pc;
  v.entry = locationText(code, pc);
  v.entryLine = lineText(code, pc);
  v.isReturn = seg.isReturn;
  if (!seg.isReturn) {
    v.breakReason = seg.breakReason;
    v.breakLine = lineText(code, seg.exitPc);
  }
  if (seg.hasGraph) v.graph = seg.graph.get();
  v.guards = describeGuards(seg, code);
  return v;
}

}  // namespace

std::vector<SegmentView> segmentsOf(const CompiledFunction& f) {
  const CodeObject& code = *f.function()->code;
  std::vector<uint32_t> pcs;
  for (const auto& [pc, slot] : f.cache()) pcs.push_back(pc);
  std::sort(pcs.begin(), pcs.end());
  std::vector<SegmentView> out;
  for (uint32_t pc : pcs)
    for (const std::unique_ptr<Segment>& seg : f.cache().at(pc).segments) out.push_back(viewOf(code, pc, *seg));
  return out;
}

std::vector<SegmentView> lastCallSegmentsOf(const CompiledFunction& f) {
  const CodeObject& code = *f.function()->code;
  std::vector<SegmentView> out;
  std::vector<const Segment*> seen;
  for (const Segment* seg : f.lastCallSegments()) {
    if (std::find(seen.begin(), seen.end(), seg) != seen.end()) continue;
    seen.push_back(seg);
    out.push_back(viewOf(code, seg->entryPc, *seg));
  }
  return out;
}

PassStages passStagesOf(Interpreter& interp, const CompiledFunction& f, const ir::Graph& captured) {
  const Backend& backend = f.options().backend;
  PassStages stages;
  stages.backend = backend.name();
  stages.reinplacing = backend.reinplace;
  CompileLogs& logs = compileRuntime(interp).logs;
  CompileLogs saved = logs;
  logs = CompileLogs{};
  logs.passes = true;
  logs.capture = &stages.passLog;
  struct Restore {
    CompileLogs& logs;
    CompileLogs saved;
    ~Restore() { logs = saved; }
  } restore{logs, saved};
  SegmentContext context{f.function()->name(), {}};  // no stats: this run is not a call
  OptimizedSegment seg = optimizeSegmentGraph(interp, backend, captured, context);
  stages.optimized = std::move(seg.graph);
  stages.reinplace = std::move(seg.reinplace);
  stages.pipelineFailed = seg.pipelineFailed;
  return stages;
}

std::string explainCall(Interpreter& interp, const Value& fn, const std::vector<Value>& args) {
  Ref<FunctionObject> function;
  if (const CompiledFunction* cf = asCompiledFunction(fn)) function = cf->function();
  else if (fn.isObj(ObjKind::Function)) function = Ref<FunctionObject>(fn.as<FunctionObject>());
  else throw Error(ErrorKind::Type, "tdsl.explain() takes one script function");
  CompileOptions o;
  o.backend.kind = Backend::Kind::Eager;  // as tdsl.explain (compile/function.cpp)
  auto traced = makeRef<CompiledFunction>(interp, function, o);
  std::vector<Value> argv = args;
  traced->call(interp, CallArgs{argv.data(), argv.size(), nullptr, 0});
  const FunctionStats& s = traced->localStats();
  int64_t ops = 0;
  std::string nodes;
  for (size_t i = 0; i < s.graphNodes.size(); ++i) {
    ops += s.graphNodes[i];
    nodes += (i ? ", " : "") + std::to_string(s.graphNodes[i]);
  }
  std::string out = fmt::format("Graph Count: {}\nGraph Break Count: {}\nOp Count: {}\nNode Counts: [{}]\nBreak Reasons:",
                                s.graphs, s.graphBreaks, ops, nodes);
  for (size_t i = 0; i < s.breakReasons.size(); ++i)
    out += fmt::format("\n  Break Reason {}: {}", i + 1, s.breakReasons[i]);
  out += "\nGuards:";
  int n = 0;
  for (const SegmentView& v : segmentsOf(*traced)) {
    out += fmt::format("\n  segment {} at {}:", ++n, v.entry);
    std::string g = v.guards;
    size_t pos = 0;
    while (pos < g.size()) {
      size_t nl = g.find('\n', pos);
      if (nl == std::string::npos) nl = g.size();
      out += "\n    " + g.substr(pos, nl - pos);
      pos = nl + 1;
    }
  }
  return out;
}

}  // namespace tdsl
