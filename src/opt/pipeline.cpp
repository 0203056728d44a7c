// The pass pipeline (see pipeline.h).
#include "opt/pipeline.h"

#include "support/diagnostics.h"
#include "ir/ir_printer.h"
#include "ir/verifier.h"
#include "opt/cse.h"
#include "opt/dce.h"
#include "opt/functionalize.h"
#include "opt/fuse.h"

namespace tdsl::opt {

using namespace tdsl::ir;

namespace {

struct PassEntry {
  const char* name;
  bool producesFunctional;  // verify the functional form afterwards
  bool takesFusedNodes;     // false: the pass does not look into fused bodies
  // `functional`: the graph is known to be functional on entry.
  void (*run)(Graph& g, PipelineResult& result, bool functional, PassInterrupt interrupt);
};

// The one ordered list of passes.
const PassEntry kPasses[] = {
    {"functionalize", true, false, [](Graph& g, PipelineResult&, bool, PassInterrupt i) { functionalize(g, i); }},
    {"reinplace", false, false,
     [](Graph& g, PipelineResult& r, bool functional, PassInterrupt i) { r.reinplace = reinplace(g, functional, i); }},
    {"dce", false, false, [](Graph& g, PipelineResult&, bool, PassInterrupt i) { dce(g, i); }},
    {"cse", false, false, [](Graph& g, PipelineResult&, bool, PassInterrupt i) { cse(g, i); }},
    // Last: the other passes do not look into fused bodies. Not part of
    // runPipeline (the graph-level default); the tdsl backend runs it.
    {"fuse", false, true, [](Graph& g, PipelineResult&, bool, PassInterrupt i) { fuse(g, i); }},
};

const PassEntry* findPass(const std::string& name) {
  for (const PassEntry& p : kPasses)
    if (name == p.name) return &p;
  return nullptr;
}

}  // namespace

const std::vector<std::string>& passNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const PassEntry& p : kPasses) v.push_back(p.name);
    return v;
  }();
  return names;
}

bool isKnownPass(const std::string& name) { return findPass(name) != nullptr; }

PipelineResult runPasses(Graph& g, const std::vector<std::string>& passes, const PipelineOptions& options) {
  PipelineResult result;
  bool functional = options.inputFunctional;
  for (const std::string& name : passes) {
    const PassEntry* pass = findPass(name);
    if (!pass) {
      std::string known;
      for (auto& n : passNames()) known += (known.empty() ? "" : ", ") + n;
      throw Error(ErrorKind::Value, "unknown pass '" + name + "' (known: " + known + ")");
    }
    options.interrupt.poll();
    // Fusion runs last (Note [Fused nodes]): a graph that already holds
    // fused nodes (a .tir file) is refused by the passes before it.
    if (!pass->takesFusedNodes)
      for (const Node* n : g.nodes())
        if (n->isFused())
          throw Error(ErrorKind::Value, "pass '" + name + "' runs before fusion: the graph already holds fused node " +
                                            n->body()->name());
    std::string before = options.log ? printGraph(g) : std::string();
    pass->run(g, result, functional, options.interrupt);
    result.ran.push_back(name);
    // dce, cse and fuse keep a functional graph functional.
    functional = pass->producesFunctional || (functional && name != "reinplace");
    if (options.verify) {
      try {
        verifyOrThrow(g, VerifyOptions{functional, true}, "after " + name);
      } catch (const Error& e) {
        throw PassVerificationError(name, e.message);
      }
    }
    if (options.log) {
      std::string after = printGraph(g);
      *options.log << "after " << name << ":\n" << (after == before ? "(unchanged)\n" : after);
      if (name == "reinplace") *options.log << result.reinplace.str();
    }
  }
  return result;
}

PipelineResult runPipeline(Graph& g, const PipelineOptions& options) {
  std::vector<std::string> passes;
  for (const std::string& name : passNames())
    if ((options.reinplace || name != "reinplace") && name != "fuse") passes.push_back(name);
  return runPasses(g, passes, options);
}

}  // namespace tdsl::opt
