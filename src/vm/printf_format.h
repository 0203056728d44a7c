// printf-style string formatting: `fmt % args` for a str `fmt` (CPython's
// PyUnicode_Format, "printf-style String Formatting" in the library docs).
//
// Contract: the text and the errors are CPython 3.11's for the same format
// and arguments. `args` is a tuple (one item per conversion), a mapping for
// `%(name)s` fields, or any other single value. Conversions: d i u o x X e E
// f F g G c s r a %; flags - + space # 0; width and precision as digits or
// `*`; length modifiers h l L are accepted and ignored. 0-d tensors format
// as their item for the numeric conversions (PyTorch's __int__/__float__).
#pragma once

#include <string>

#include "core/value.h"

namespace tdsl {

class Interpreter;

Value printfFormat(Interpreter& interp, const std::string& fmt, const Value& args);

}  // namespace tdsl
