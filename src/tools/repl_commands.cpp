// Meta-command dispatch (each command runs under Session::guarded: its
// errors print as a statement's would) and the session commands: :help, :quit, :log,
// :load, :reset (repl.h). The compile views are in repl_compile_commands.cpp,
// :alias in repl_alias.cpp, :time in repl_time.cpp.
#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "tools/repl.h"

namespace tdsl::repl {

namespace {

struct MetaCommand {
  const char* name;
  const char* args;
  const char* help;
  void (*run)(Session&, const std::string&);
};

void helpCommand(Session& s, const std::string&);

void quitCommand(Session& s, const std::string&) { s.exitStatus = 0; }

void resetCommand(Session& s, const std::string&) {
  s.reset();
  s.print("fresh interpreter (log categories kept)\n");
}

void loadCommand(Session& s, const std::string& args) {
  std::string path = args;
  if (path.empty()) {
    s.warn("usage: :load FILE");
    return;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    int err = errno;
    s.warn(fmt::format("tdsl: can't open file '{}': [Errno {}] {}", path, err, std::strerror(err)));
    return;
  }
  std::ostringstream text;
  text << in.rdbuf();
  s.interp().runSource(path, text.str());
}

// The categories of compile/logs.h, each with the flag it sets.
struct LogCategory {
  const char* name;
  bool CompileLogs::*flag;
};
const LogCategory kLogCategories[] = {
    {"graph_breaks", &CompileLogs::graphBreaks}, {"recompiles", &CompileLogs::recompiles},
    {"guards", &CompileLogs::guards},            {"graph", &CompileLogs::graph},
    {"functional", &CompileLogs::functional},    {"optimized", &CompileLogs::optimized},
    {"passes", &CompileLogs::passes},
};

// `:log CATS`: "graph,passes" turns them on, "-graph" off, "all" / "off"
// every one; no argument lists what is on.
void logCommand(Session& s, const std::string& args) {
  CompileLogs& logs = s.logs();
  std::string spec = args;
  for (char& c : spec)
    if (c == ' ') c = ',';
  std::istringstream parts(spec);
  std::string cat;
  while (std::getline(parts, cat, ',')) {
    if (cat.empty()) continue;
    bool on = cat[0] != '-';
    if (cat[0] == '-' || cat[0] == '+') cat.erase(0, 1);
    if (cat == "off" || cat == "none") {
      on = false;
      cat = "all";
    }
    bool known = cat == "all";
    for (const LogCategory& c : kLogCategories)
      if (cat == "all" || cat == c.name) {
        logs.*c.flag = on;
        known = true;
      }
    if (!known) {
      std::string names;
      for (const LogCategory& c : kLogCategories) names += std::string(names.empty() ? "" : ", ") + c.name;
      s.warn(fmt::format("tdsl: unknown log category '{}' (known: {}; all, off, -NAME)", cat, names));
    }
  }
  std::string on;
  for (const LogCategory& c : kLogCategories)
    if (logs.*c.flag) on += std::string(on.empty() ? "" : ",") + c.name;
  s.print("logging: " + (on.empty() ? std::string("off") : on) + "\n");
}

const MetaCommand kCommands[] = {
    {":help", "", "this list", helpCommand},
    {":quit", "", "leave the session (also Ctrl-D)", quitCommand},
    {":graph", "F", "captured graph(s) of compiled function F from its last call, with graph breaks", graphCommand},
    {":passes", "F", "captured -> functional -> reinplaced/optimized -> kernels, with decisions and bytes copied",
     passesCommand},
    {":explain", "F(ARGS)", "tdsl.explain(F)(ARGS): graphs, breaks with reasons, guards (runs F once)", explainCommand},
    {":dot", "F [FILE]", "optimized graph of F as Graphviz DOT (FILE, and FILE.svg when dot is installed)",
     dotCommand},
    {":alias", "A B ...", "tensors: storage, offset, sizes, strides, and which overlap where", aliasCommand},
    {":time", "STMT", "run STMT repeatedly: median and spread per run", timeCommand},
    {":log", "[CATS]", "log categories on (graph,passes), off (-graph, off); none: what is on", logCommand},
    {":load", "FILE", "run FILE in this session", loadCommand},
    {":reset", "", "fresh interpreter", resetCommand},
};

void helpCommand(Session& s, const std::string&) {
  s.heading("meta-commands:");
  std::string out;
  for (const MetaCommand& c : kCommands)
    out += fmt::format("  {:<18} {}\n", std::string(c.name) + (*c.args ? " " : "") + c.args, c.help);
  out += "F names a torch.compile'd function that has been called; an expression statement's value is\n"
         "echoed with repr() and kept in _. Ctrl-C interrupts a running statement.\n";
  s.print(out);
}

}  // namespace

const std::vector<std::string>& metaCommandNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const MetaCommand& c : kCommands) n.push_back(c.name);
    return n;
  }();
  return names;
}

void runMetaCommand(Session& session, const std::string& line) {
  size_t end = line.find_first_of(" \t");
  std::string name = line.substr(0, end);
  std::string args = end == std::string::npos ? "" : line.substr(end + 1);
  size_t a = args.find_first_not_of(" \t");
  args = a == std::string::npos ? "" : args.substr(a);
  while (!args.empty() && (args.back() == ' ' || args.back() == '\t' || args.back() == '\r')) args.pop_back();
  for (const MetaCommand& c : kCommands) {
    if (name == c.name || (name == ":q" && c.run == quitCommand) || (name == ":exit" && c.run == quitCommand)) {
      session.guarded([&] { c.run(session, args); });
      return;
    }
  }
  session.warn("tdsl: unknown meta-command '" + name + "' (:help lists them)");
}

}  // namespace tdsl::repl
