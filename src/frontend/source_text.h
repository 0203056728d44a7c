// UTF-8 text helpers for source locations. Columns count code points, as
// the ANTLR input stream does (Note in ast.h: "1-based line/column counted in
// code points"). No ANTLR types here. The VM's string code (format.cpp)
// encodes and counts code points with these too, so UTF-8 lives in one place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "support/diagnostics.h"

namespace tdsl::frontend {

// The first code point of `utf8` (U+FFFD if it is empty or malformed).
uint32_t firstCodePoint(std::string_view utf8);

// The byte offset of the first malformed UTF-8 sequence (overlong forms,
// surrogates and code points past U+10FFFF included), or npos.
size_t firstInvalidUtf8(std::string_view text);

// Appends `cp` encoded as UTF-8 (U+FFFD past U+10FFFF).
void appendUtf8(std::string& out, uint32_t cp);

// The number of code points in `utf8`: bytes that are not continuation bytes
// (a stray continuation byte counts as nothing, a stray lead byte as one).
size_t codePointCount(std::string_view utf8);

// The location just past `text` when its first character is at `begin`.
SourceLoc locationAfter(SourceLoc begin, std::string_view text);

}  // namespace tdsl::frontend
