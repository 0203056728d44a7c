// `tdsl repl`: flags, banner and the read-eval-print loop (repl.h).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "frontend/parser.h"
#include "tools/repl.h"
#include "tools/repl_line_reader.h"

#ifndef TDSL_VERSION
#define TDSL_VERSION "0.0.0"
#endif

namespace tdsl::repl {

namespace {

const char* kReplUsage =
    "usage: tdsl repl [--eager] [--backend NAME] [--no-reinplace] [--log CATS]\n";

// Colour only on a terminal, and never when NO_COLOR is set to anything
// (https://no-color.org) or TERM is "dumb".
bool wantColor() {
  const char* noColor = std::getenv("NO_COLOR");
  if (noColor && *noColor) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(STDOUT_FILENO) && isatty(STDERR_FILENO);
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r\f") == std::string::npos; }

int loop(Session& session, LineReader& reader) {
  std::string buffer;
  std::string line;
  while (!session.exitStatus) {
    LineReader::Result r = reader.read(buffer.empty() ? ">>> " : "... ", line);
    if (r == LineReader::Result::Interrupted) {
      session.warn("\nKeyboardInterrupt");
      buffer.clear();
      continue;
    }
    if (r == LineReader::Result::EndOfInput) {
      session.print("\n");
      if (!buffer.empty() && !blank(buffer)) session.run(buffer);  // an unfinished block at the end of a pipe
      break;
    }
    reader.remember(line);
    if (buffer.empty()) {
      if (blank(line)) continue;
      size_t first = line.find_first_not_of(" \t");
      if (line[first] == ':') {
        runMetaCommand(session, line.substr(first));
        continue;
      }
    }
    buffer += line + "\n";
    if (isIncompleteInput(buffer)) continue;
    session.run(buffer);
    buffer.clear();
  }
  return session.exitStatus.value_or(0);
}

}  // namespace

int runReplCommand(int argc, char** argv) {
  InterpreterOptions opts;
  if (const char* logs = std::getenv("TDSL_LOGS")) opts.logs = logs;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const std::string& flag) -> const char* {
      if (a.size() > flag.size() && a.compare(0, flag.size() + 1, flag + "=") == 0) return argv[i] + flag.size() + 1;
      return i + 1 < argc ? argv[++i] : nullptr;
    };
    auto is = [&](const std::string& flag) { return a == flag || a.rfind(flag + "=", 0) == 0; };
    const char* v = nullptr;
    if (a == "--eager") opts.eager = true;
    else if (a == "--no-reinplace") opts.reinplace = false;
    else if (is("--backend") && (v = value("--backend"))) opts.backend = v;
    else if (is("--log") && (v = value("--log"))) opts.logs = v;
    else if (a == "--help" || a == "-h") { std::fputs(kReplUsage, stdout); return 0; }
    else {
      std::fprintf(stderr, "tdsl: %s\n%s", is("--backend") || is("--log") ? (a + " needs a value").c_str()
                                             : ("unknown option '" + a + "' for repl").c_str(), kReplUsage);
      return 2;
    }
  }
  bool terminal = isatty(STDIN_FILENO);
  installInterruptHandler();
  try {
    Session session(opts, wantColor());
    LineReader reader(terminal ? defaultHistoryPath() : "",
                      [&](const std::string& line, size_t start) { return completions(session, line, start); },
                      terminal);
    if (terminal) session.print("tdsl " TDSL_VERSION " (:help for meta-commands, Ctrl-D or :quit to leave)\n");
    return loop(session, reader);
  } catch (const Error& e) {  // the interpreter could not be made (no memory)
    std::fprintf(stderr, "error: %s\n", e.message.c_str());
    return 1;
  }
}

}  // namespace tdsl::repl
