// Error rendering (DESIGN.md §1.5) and the internal-assertion hook.
#include "support/diagnostics.h"

#include <fmt/format.h>

namespace tdsl {

std::string SourceFile::lineText(int line) const {
  if (line < 1) return "";
  size_t begin = 0;
  for (int l = 1; l < line; ++l) {
    begin = text.find('\n', begin);
    if (begin == std::string::npos) return "";
    ++begin;
  }
  size_t end = text.find('\n', begin);
  std::string result = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  if (!result.empty() && result.back() == '\r') result.pop_back();
  return result;
}

const char* errorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Syntax: return "SyntaxError";
    case ErrorKind::Name: return "NameError";
    case ErrorKind::Type: return "TypeError";
    case ErrorKind::Value: return "ValueError";
    case ErrorKind::Index: return "IndexError";
    case ErrorKind::Key: return "KeyError";
    case ErrorKind::ZeroDivision: return "ZeroDivisionError";
    case ErrorKind::Overflow: return "OverflowError";
    case ErrorKind::Shape: return "ShapeError";
    case ErrorKind::Recursion: return "RecursionError";
    case ErrorKind::Resource: return "ResourceError";
    case ErrorKind::Assertion: return "AssertionError";
    case ErrorKind::GraphBreak: return "GraphBreakError";
    case ErrorKind::Interrupt: return "KeyboardInterrupt";
    case ErrorKind::Runtime: return "RuntimeError";
    case ErrorKind::Attribute: return "AttributeError";
    case ErrorKind::UnboundLocal: return "UnboundLocalError";
  }
  return "Error";
}

// The caret line: the line's own tabs are kept so the caret lines up; other
// characters become spaces (one per code point).
static std::string caretLine(const std::string& line, int col) {
  std::string pad;
  int seen = 1;
  for (size_t i = 0; i < line.size() && seen < col; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80) continue;
    pad += c == '\t' ? '\t' : ' ';
    ++seen;
  }
  return pad + "^";
}

std::string formatError(const Error& error) {
  std::string out;
  const SourceRange& where = error.where;
  if (where.valid()) {
    out = fmt::format("{}:{}:{}: error: {}\n", where.file->name, where.begin.line, where.begin.col, error.message);
    std::string line = where.file->lineText(where.begin.line);
    if (!line.empty()) out += fmt::format("    {}\n    {}\n", line, caretLine(line, where.begin.col));
  } else {
    out = fmt::format("error: {}\n", error.message);
  }
  if (!error.note.empty()) out += fmt::format("  note: {}\n", error.note);
  // CPython's order, outermost first: each frame with the line it is
  // running. Entry i is a call of entry i's function at a line of the
  // function of entry i + 1 (the last one's caller is the module).
  const auto& tb = error.traceback;
  if (!tb.empty()) {
    out += "Traceback (most recent call last):\n";
    for (size_t i = tb.size(); i-- > 0;) {
      const TracebackEntry& entry = tb[i];
      if (!entry.where.valid()) {
        out += fmt::format("  {}\n", entry.function);
        continue;
      }
      size_t caller = i + 1;
      while (caller < tb.size() && !tb[caller].where.valid()) ++caller;  // skip "... repeated" lines
      std::string in = caller < tb.size() ? tb[caller].function : "<module>";
      out += fmt::format("  File \"{}\", line {}, in {}\n", entry.where.file->name, entry.where.begin.line, in);
    }
    if (where.valid())
      out += fmt::format("  File \"{}\", line {}, in {}\n", where.file->name, where.begin.line, tb.front().function);
  }
  return out;
}

void internalError(const char* file, int line, const char* condition) {
  throw InternalError(fmt::format("internal error: {}:{}: assertion failed: {}", file, line, condition));
}

}  // namespace tdsl
