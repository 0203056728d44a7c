// Decoding of number and string literal tokens, and splitting of f-string
// bodies into text and fields. Pure text processing: no ANTLR, no AST.
// Errors are LiteralError with a byte offset into the token text; the caller
// turns that offset into a source location.
//
// Note [Strings]
// A STRING/FSTRING token keeps its prefix and quotes. Escapes are Python's:
// \n \t \r \\ \' \" \a \b \f \v \0-\777 (octal) \xNN \uNNNN \UNNNNNNNN, and a
// backslash before a line break continues the string. An unknown escape keeps
// its backslash (Python does the same, with a warning). Raw strings (r"...")
// decode nothing. Code points are written as UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tdsl::frontend {

struct LiteralError {
  size_t offset;  // byte offset in the token text
  std::string message;
};

// INTEGER token text ("1_000", "0x_ff") → value; false if it does not fit
// uint64 (the caller decides what fits: int64, or -2**63 after a minus).
bool parseInteger(std::string_view text, uint64_t* value);

// FLOAT token text → value (overflow gives inf, as in Python).
double parseFloat(std::string_view text);

// A string token split into its parts.
struct StringToken {
  bool raw = false;
  bool fstring = false;
  size_t bodyOffset = 0;  // byte offset of the body in the token text
  std::string_view body;  // between the quotes
};
StringToken splitStringToken(std::string_view text);

// Decodes escapes (Note [Strings]); `base` is added to error offsets.
std::string decodeString(std::string_view body, bool raw, size_t base);

// One piece of an f-string body. Offsets are bytes into the token text.
struct FStringPiece {
  bool isField = false;
  std::string text;            // text piece: decoded; {{ and }} unescaped
  size_t begin = 0, end = 0;   // the whole piece ({...} for a field)
  size_t exprBegin = 0, exprEnd = 0;  // field: the expression text
  char conversion = 0;         // field: 0, 'r', 's', 'a'
  std::vector<FStringPiece> spec;  // field: the format spec's pieces
};
std::vector<FStringPiece> splitFString(const StringToken& token);

}  // namespace tdsl::frontend
