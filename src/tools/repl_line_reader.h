// Reading REPL input lines: libedit (line editing, persistent history, tab
// completion) on a terminal, a plain reader otherwise or without libedit.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tdsl::repl {

class LineReader {
 public:
  // Candidates replacing the word that starts at `wordStart` in `line` (the
  // text before the cursor).
  using Completer = std::function<std::vector<std::string>(const std::string& line, size_t wordStart)>;
  // `historyPath` empty: no history file. `editing`: use libedit (standard
  // input is a terminal).
  LineReader(std::string historyPath, Completer completer, bool editing);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  enum class Result { Line, EndOfInput, Interrupted };
  // Shows `prompt`, reads one line (without its newline).
  Result read(const std::string& prompt, std::string& line);
  // Adds a non-blank line to the history and saves the history file.
  void remember(const std::string& line);

 private:
  std::string historyPath_;
  Completer completer_;
  bool editing_;
};

// ~/.tdsl_history, or $TDSL_HISTORY when set ("" when neither is known).
std::string defaultHistoryPath();

}  // namespace tdsl::repl
