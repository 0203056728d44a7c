// Implements the diagnostics declared in diagnostics.h: error kind names,
// source line lookup, the CLI rendering of an Error, and internal assertions.
//
// Rendering (DESIGN.md §1.5):
//   FILE:LINE:COL: error: MESSAGE
//   <the source line, verbatim>
//   <spaces (tabs kept) up to the column>^
//   [NOTE]
//     in FUNCTION at FILE:LINE          (one per traceback entry, innermost first)
// An error without a location renders as "error: MESSAGE" (or "FILE: error:"
// when only the file is known), followed by the traceback.
#include "frontend/diagnostics.h"

#include <string>

namespace tdsl {

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
    case ErrorKind::Shape: return "RuntimeError";
    case ErrorKind::Recursion: return "RecursionError";
    case ErrorKind::Resource: return "MemoryError";
    case ErrorKind::Assertion: return "AssertionError";
    case ErrorKind::GraphBreak: return "GraphBreakError";
    case ErrorKind::Interrupt: return "KeyboardInterrupt";
    case ErrorKind::Runtime: return "RuntimeError";
  }
  return "Error";
}

std::string SourceFile::lineText(int line) const {
  if (line < 1) return "";
  size_t pos = 0;
  for (int i = 1; i < line; ++i) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) return "";
    pos = nl + 1;
  }
  if (pos > text.size()) return "";
  size_t end = text.find('\n', pos);
  if (end == std::string::npos) end = text.size();
  if (end > pos && text[end - 1] == '\r') --end;
  return text.substr(pos, end - pos);
}

namespace {

// The caret line: one space per code point before `col` (tabs are kept so the
// caret lines up under a tab-indented line), then '^'.
std::string caretLine(const std::string& line, int col) {
  std::string out;
  int seen = 1;
  for (size_t i = 0; i < line.size() && seen < col; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80) continue;  // UTF-8 continuation byte: same code point
    out += c == '\t' ? '\t' : ' ';
    ++seen;
  }
  for (; seen < col; ++seen) out += ' ';
  out += '^';
  return out;
}

}  // namespace

std::string formatError(const Error& error) {
  std::string out;
  const SourceRange& w = error.where;
  if (w.valid()) {
    out += w.file->name + ":" + std::to_string(w.begin.line) + ":" + std::to_string(w.begin.col) + ": ";
  } else if (w.file) {
    out += w.file->name + ": ";
  }
  out += "error: " + error.message + "\n";
  if (w.valid()) {
    std::string line = w.file->lineText(w.begin.line);
    if (!line.empty()) {
      out += line + "\n";
      out += caretLine(line, w.begin.col) + "\n";
    }
  }
  if (!error.note.empty()) out += error.note + "\n";
  for (const TracebackEntry& t : error.traceback) {
    out += "  in " + t.function;
    if (t.where.valid()) out += " at " + t.where.file->name + ":" + std::to_string(t.where.begin.line);
    out += "\n";
  }
  return out;
}

[[noreturn]] void internalError(const char* file, int line, const char* condition) {
  throw InternalError(std::string("internal error: ") + file + ":" + std::to_string(line) +
                      ": assertion failed: " + condition);
}

}  // namespace tdsl
