// int(str, base) and float(str): CPython 3.11's literal syntax for the two
// conversions (Objects/longobject.c PyLong_FromString, Python/pystrtod.c),
// with tdsl's 64-bit ints (DESIGN.md: overflow is an error).
#pragma once

#include <cstdint>
#include <string_view>

namespace tdsl {

enum class ParseStatus { Ok, Invalid, Overflow };

// `text` as int(text, base): surrounding whitespace, one sign, base 0 reading
// a 0x/0o/0b prefix (and refusing C-style octal "017"), the prefix also
// accepted with its own base, single underscores between digits (one also
// right after a prefix). `base` must already be 0 or 2..36.
ParseStatus parseIntLiteral(std::string_view text, int base, int64_t& out);

// `text` as float(text): surrounding whitespace, decimal literals with
// single underscores between digits, inf / infinity / nan in any case with
// an optional sign. No hexadecimal. Out-of-range magnitudes round to ±inf or 0.
ParseStatus parseFloatLiteral(std::string_view text, double& out);

}  // namespace tdsl
