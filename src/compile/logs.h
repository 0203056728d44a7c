// torch.compile logging (TDSL_LOGS / --log, the TORCH_LOGS equivalent).
// Categories this layer writes: graph_breaks (each break: reason and source
// line), recompiles (which guard failed), guards (the guards of each new
// segment), graph (the captured IR of each segment, in the IR's text form);
// compile_pipeline.cpp writes functional, optimized and passes.
// Lines go to the interpreter's stderr (Note [Log output]), prefixed
// "[tdsl:CATEGORY] ". Unknown categories are
// accepted.
#pragma once

#include <string>
#include <string_view>

namespace tdsl {

class Interpreter;

class CompileLogs {
 public:
  // `spec` is a comma separated list ("graph_breaks,recompiles"); "all" or
  // "+all" enables every category. Both TDSL_LOGS and --log are merged.
  void enable(std::string_view spec);
  bool graphBreaks = false;
  bool recompiles = false;
  bool guards = false;
  bool graph = false;
  // Issue 5 (compile_pipeline.cpp): the graph after functionalization, after
  // the whole pipeline, and after each pass ("passes": IR or "(unchanged)").
  bool functional = false;
  bool optimized = false;
  bool passes = false;
  // When set, write() appends its lines here instead of stderr (the REPL's
  // :passes collects one pipeline run this way; src/compile/inspect.h).
  std::string* capture = nullptr;
  // Issue 12 (compile_jit.cpp): each JIT kernel's nodes and assembly.
  bool code = false;
  void write(const char* category, const std::string& text) const;

  // Note [Log output]
  // Log lines go to the owning interpreter's stderr (Interpreter::writeStderr:
  // an embedding host's sink, else the process's stderr). The owner is set by
  // the interpreter's CompileRuntime and is not copied with the settings
  // (the REPL carries the categories over to a fresh interpreter).
  struct Owner {
    Interpreter* interp = nullptr;
    Owner() = default;
    Owner(const Owner&) {}
    Owner& operator=(const Owner&) { return *this; }
  } owner;
};

}  // namespace tdsl
