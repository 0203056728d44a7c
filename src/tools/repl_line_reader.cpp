// LineReader (repl_line_reader.h).
//
// Note [libedit completion]
// libedit's readline emulation calls a plain C function with no user data,
// so the completer of the one LineReader that is reading sits in a static
// pointer for the duration of the read. Words break at spaces and
// punctuation but not at '.', so "torch.ind" is one word and its candidates
// are whole dotted names ("torch.index_select"). No candidate: nothing is
// inserted (no filename completion), except after ":load ".
#include "tools/repl_line_reader.h"


#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tools/repl.h"

#ifdef TDSL_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace tdsl::repl {

std::string defaultHistoryPath() {
  if (const char* p = std::getenv("TDSL_HISTORY")) return p;
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.tdsl_history";
  return "";
}

#ifdef TDSL_HAVE_LIBEDIT
namespace {

const LineReader::Completer* gCompleter = nullptr;  // Note [libedit completion]

char* dupString(const std::string& s) {
  char* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (p) std::memcpy(p, s.c_str(), s.size() + 1);
  return p;
}

extern "C" char** completeWord(const char* text, int start, int) {
  rl_attempted_completion_over = 1;
  if (!gCompleter || !rl_line_buffer) return nullptr;
  std::string line(rl_line_buffer, rl_line_buffer + std::min<size_t>(std::strlen(rl_line_buffer), rl_point));
  if (line.rfind(":load ", 0) == 0) {
    rl_attempted_completion_over = 0;  // filenames
    return nullptr;
  }
  std::vector<std::string> found;
  try {
    found = (*gCompleter)(line, static_cast<size_t>(start));
  } catch (...) {
    return nullptr;
  }
  if (found.empty()) return nullptr;
  std::string common = found[0];
  for (const std::string& f : found) {
    size_t n = 0;
    while (n < common.size() && n < f.size() && common[n] == f[n]) ++n;
    common.resize(n);
  }
  if (common.size() < std::strlen(text)) common = text;
  auto** matches = static_cast<char**>(std::calloc(found.size() + 2, sizeof(char*)));
  if (!matches) return nullptr;
  matches[0] = dupString(common);
  size_t n = 1;
  if (found.size() > 1)
    for (const std::string& f : found) matches[n++] = dupString(f);
  matches[n] = nullptr;
  // A single candidate ends the word; a dotted name may go on with '.', so
  // no space is appended after it either.
  rl_completion_append_character = '\0';
  return matches;
}

}  // namespace
#endif

LineReader::LineReader(std::string historyPath, Completer completer, bool editing)
    : historyPath_(std::move(historyPath)), completer_(std::move(completer)), editing_(editing) {
#ifdef TDSL_HAVE_LIBEDIT
  if (editing_) {
    rl_readline_name = const_cast<char*>("tdsl");
    rl_catch_signals = 0;  // Note [REPL interrupts]: our handler, no SA_RESTART
    using_history();
    stifle_history(10000);
    if (!historyPath_.empty()) read_history(historyPath_.c_str());
    static char breaks[] = " \t\n\"'`@$><=;|&{}()[],+-*/%~^!";
    rl_completer_word_break_characters = breaks;
    rl_attempted_completion_function = completeWord;
  }
#else
  editing_ = false;
#endif
}

LineReader::~LineReader() = default;

LineReader::Result LineReader::read(const std::string& prompt, std::string& line) {
#ifdef TDSL_HAVE_LIBEDIT
  if (editing_) {
    gCompleter = &completer_;
    char* got = readline(prompt.c_str());
    gCompleter = nullptr;
    if (takePromptInterrupt()) {
      std::free(got);
      return Result::Interrupted;
    }
    if (!got) return Result::EndOfInput;
    line = got;
    std::free(got);
    return Result::Line;
  }
#endif
  std::fputs(prompt.c_str(), stdout);
  std::fflush(stdout);
  line.clear();
  for (;;) {
    int c = std::fgetc(stdin);
    if (c == EOF) {
      if (std::ferror(stdin) && errno == EINTR) {
        std::clearerr(stdin);
        if (takePromptInterrupt()) return Result::Interrupted;
        continue;
      }
      return line.empty() ? Result::EndOfInput : Result::Line;
    }
    if (c == '\n') return Result::Line;
    line += static_cast<char>(c);
  }
}

void LineReader::remember(const std::string& line) {
#ifdef TDSL_HAVE_LIBEDIT
  if (!editing_ || line.find_first_not_of(" \t") == std::string::npos) return;
  add_history(line.c_str());
  if (!historyPath_.empty()) write_history(historyPath_.c_str());
#else
  (void)line;
#endif
}

}  // namespace tdsl::repl
