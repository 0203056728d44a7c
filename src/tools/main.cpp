// The tdsl command line: `tdsl run [FLAGS] FILE|- [ARGS...]`, `tdsl opt ...`,
// `tdsl repl` (also bare `tdsl` on a terminal; on a pipe bare `tdsl` is
// `tdsl run -`), `tdsl --version`, `tdsl --help`. Exit status: 0 success, 1 script error,
// 2 usage error (DESIGN.md §4), sys.exit's status as CPython's (n & 0xff),
// 120 when output still buffered at exit cannot be written (CPython's
// finalization status). Script arguments after FILE reach sys.argv
// untouched, including ones that start with '-', so `run` parses its own
// flags by hand (only flags before FILE belong to tdsl).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "api/standard.h"
#include "compile/runtime.h"
#include "tools/malloc_conf.h"
#include "tools/repl.h"
#include "jit/isa.h"
#include "vm/interpreter.h"

#ifndef TDSL_VERSION
#define TDSL_VERSION "0.0.0"
#endif

namespace tdsl {
int runOptCommand(int argc, char** argv);  // src/tools/opt.cpp (IR engineer)
}

namespace {

tdsl::Interpreter* gRunning = nullptr;  // the interpreter SIGINT interrupts

extern "C" void onSigint(int) {
  if (gRunning) gRunning->requestInterrupt();
}

const char* kUsage =
    "usage: tdsl <command> [options]\n"
    "\n"
    "commands:\n"
    "  run [FLAGS] FILE [ARGS...]   run a script (FILE '-' reads standard input);\n"
    "                               ARGS reach the script as sys.argv[1:]\n"
    "  opt [OPTIONS] FILE.tir       run graph-IR passes on a text graph\n"
    "  repl [FLAGS]                 interactive session (also bare `tdsl` on a\n"
    "                               terminal; :help lists its meta-commands)\n"
    "\n"
    "run flags:\n"
    "  --eager              torch.compile(fn) returns fn unchanged\n"
    "  --backend NAME       default torch.compile backend (tdsl, eager, aot_eager)\n"
    "  --stats              print compile statistics at exit\n"
    "  --stats-json FILE    write compile statistics as JSON\n"
    "  --log CATS           log categories (graph_breaks,recompiles,guards,graph,\n"
    "                       functional,optimized,passes,code); also TDSL_LOGS\n"
    "  --no-reinplace       skip the reinplacing pass (per function:\n"
    "                       torch.compile(fn, options={\"reinplace\": False}))\n"
    "  --no-jit             run fused groups through the eager kernels (also\n"
    "                       TDSL_JIT=0); TDSL_ISA=sse2|avx2 picks the JIT's tier\n"
    "  --dis                print the bytecode before running\n"
    "  --sandbox            run as an embedded interpreter does: no file access\n"
    "                       (without it the current directory may be read, for\n"
    "                       import and tdsl.load_npy, and written)\n"
    "  --verify-passes      verify the graph after every torch.compile pass (an\n"
    "                       internal error names the pass that broke it); also\n"
    "                       TDSL_VERIFY=1\n"
    "\n"
    "  --version            print the version\n"
    "  --help               print this help\n"
    "\n"
    "exit status: 0 success, 1 script error, 2 usage error,\n"
    "             120 output lost at exit (standard output not writable)\n";

// 0 when `path` can be read as a script, else the errno saying why not
// (EISDIR for a directory, which open(2) accepts).
int unreadable(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  struct stat st {};
  int err = ::fstat(fd, &st) != 0 ? errno : S_ISDIR(st.st_mode) ? EISDIR : 0;
  ::close(fd);
  return err;
}

// Prints a script error; formatting needs memory in proportion to the
// message, so without it the bare message goes out as it is.
void printError(const tdsl::Error& e) {
  std::fflush(stdout);
  try {
    std::string msg = tdsl::formatError(e);
    std::fwrite(msg.data(), 1, msg.size(), stderr);
  } catch (const std::exception&) {
    if (e.hasLocation())
      std::fprintf(stderr, "%s:%d:%d: ", e.where.file->name.c_str(), static_cast<int>(e.where.begin.line),
                   static_cast<int>(e.where.begin.col));
    std::fputs("error: ", stderr);
    std::fwrite(e.message.data(), 1, e.message.size(), stderr);
    std::fputc('\n', stderr);
  }
}

int usageError(const std::string& msg) {
  std::fprintf(stderr, "tdsl: %s\n%s", msg.c_str(), kUsage);
  return 2;
}

int runCommand(int argc, char** argv) {
  tdsl::InterpreterOptions opts;
  if (const char* logs = std::getenv("TDSL_LOGS")) opts.logs = logs;
  if (const char* verify = std::getenv("TDSL_VERIFY")) opts.verifyPasses = *verify && std::string(verify) != "0";
  int i = 0;
  std::string file;
  bool sandbox = false;
  for (; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const std::string& flag) -> std::string {
      if (a.size() > flag.size() && a.compare(0, flag.size() + 1, flag + "=") == 0) return a.substr(flag.size() + 1);
      if (i + 1 >= argc) throw std::runtime_error(flag + " needs a value");
      return argv[++i];
    };
    auto is = [&](const std::string& flag) { return a == flag || a.rfind(flag + "=", 0) == 0; };
    if (a == "-" || a.empty() || a[0] != '-') { file = a; ++i; break; }
    if (a == "--eager") opts.eager = true;
    else if (a == "--stats") opts.stats = true;
    else if (a == "--no-reinplace") opts.reinplace = false;
    else if (a == "--no-jit") opts.jit = false;
    else if (a == "--dis") opts.disassemble = true;
    else if (a == "--verify-passes") opts.verifyPasses = true;
    else if (a == "--sandbox") sandbox = true;
    else if (is("--backend")) opts.backend = value("--backend");
    else if (is("--stats-json")) opts.statsJson = value("--stats-json");
    else if (is("--log")) opts.logs = value("--log");
    else if (a == "--help" || a == "-h") { std::fputs(kUsage, stdout); return 0; }
    else if (a == "--") { if (i + 1 < argc) { file = argv[i + 1]; i += 2; } break; }
    else return usageError("unknown option '" + a + "' for run");
  }
  if (file.empty()) return usageError("run: missing script file");
  if (const char* isa = std::getenv("TDSL_ISA")) {
    try {
      tdsl::jit::selectTier(isa);
    } catch (const tdsl::Error& e) {
      std::fprintf(stderr, "tdsl: %s\n", e.message.c_str());
      return 2;
    }
  }
  if (file != "-") {
    if (int err = unreadable(file)) {
      std::fprintf(stderr, "tdsl: can't open file '%s': [Errno %d] %s\n", file.c_str(), err, std::strerror(err));
      return 2;
    }
  }
  std::vector<std::string> scriptArgv{file};
  for (; i < argc; ++i) scriptArgv.push_back(argv[i]);

  int status = 0;
  try {
    tdsl::StandardInterpreter interp(opts);
    if (!sandbox) {  // Note [Capabilities] in src/vm/capabilities.h
      interp.capabilities.readDirs = {"."};
      interp.capabilities.writeDirs = {"."};
    }
    gRunning = &interp;
    std::signal(SIGINT, onSigint);
    std::signal(SIGPIPE, SIG_IGN);  // a closed pipe is BrokenPipeError at the write, as in CPython
    try {
      interp.runFile(file, scriptArgv);
    } catch (const tdsl::Error& e) {
      printError(e);
      status = 1;
    } catch (const tdsl::ScriptExit& e) {
      status = e.status;
    }
    tdsl::reportCompileStats(interp);  // torch.compile --stats / --stats-json (src/compile/runtime.h)
    gRunning = nullptr;
  } catch (const tdsl::Error& e) {
    printError(e);
    status = 1;
  } catch (const tdsl::ScriptExit& e) {
    status = e.status;
  } catch (const tdsl::InternalError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    status = 3;
  } catch (const std::bad_alloc&) {  // outside the interpreter's own boundary (its construction, teardown)
    std::fflush(stdout);
    std::fputs("error: out of memory\n", stderr);
    status = 1;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "error: %s\n", e.what());
    status = 1;
  }
  gRunning = nullptr;
  // Output still buffered (after sys.exit, or written by the stats report)
  // that cannot be written: CPython's finalization reports it and exits 120.
  if (std::fflush(stdout) != 0) {
    int err = errno;
    if (err != EBADF && status == 0) {
      std::fprintf(stderr, "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n%s: [Errno %d] %s\n",
                   err == EPIPE ? "BrokenPipeError" : "OSError", err, std::strerror(err));
      status = 120;
    }
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  tdsl::keepLargeAllocationPages();  // Note [jemalloc dirty decay]
  if (argc < 2) {
    if (isatty(STDIN_FILENO)) return tdsl::repl::runReplCommand(0, argv + 1);
    char dash[] = "-";
    char* script[] = {dash, nullptr};
    return runCommand(1, script);
  }
  std::string cmd = argv[1];
  if (cmd == "--version" || cmd == "-V") {
    std::printf("tdsl %s\n", TDSL_VERSION);
    return 0;
  }
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  try {
    if (cmd == "run") return runCommand(argc - 2, argv + 2);
  } catch (const std::runtime_error& e) {
    return usageError(e.what());
  }
  if (cmd == "opt") return tdsl::runOptCommand(argc - 1, argv + 1);
  if (cmd == "repl") return tdsl::repl::runReplCommand(argc - 2, argv + 2);
  return usageError("unknown command '" + cmd + "'");
}
