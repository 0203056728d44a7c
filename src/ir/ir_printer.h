// Text form of the graph IR. The grammar (ir_parser.h reads exactly this):
//
//   graph    := 'graph' NAME '(' (input (',' input)*)? ')' '{' node* ret '}'
//   input    := '%' NAME ':' type
//   node     := (results '=')? OP '(' args? ')' (':' types)?
//   results  := '%' ID (',' '%' ID)*
//   ret      := 'return' '(' ('%' ID (',' '%' ID)*)? ')'
//   type     := DTYPE '[' (symint (',' symint)*)? ']' ('{' attrs '}')?
//   attrs    := 'strides=' '[' symints ']' (',' 'offset=' symint)? | 'offset=' symint
//   types    := type | '(' type (',' type)* ')'
//   args     := arg (',' arg)* ; keyword-only args are written NAME '=' arg
//   arg      := '%' ID | 'None' | 'true' | 'false' | symint | FLOAT | '[' ... ']'
//               | DTYPE | '"' text '"'
//
// DTYPE is f32 f64 i32 i64 b8. Strides are printed only when not contiguous,
// the offset only when non-zero. OP is the op's base name when that name
// alone resolves to it (see resolveOverload in ir_parser.h), else name.overload.
// Trailing positional arguments equal to their schema default are omitted, as
// are keyword-only arguments at their default. Op results are numbered %0,
// %1, ... in order; graph inputs keep their names.
#pragma once

#include <string>

#include "ir/graph.h"

namespace tdsl::ir {

std::string printGraph(const Graph& g);
std::string printMeta(const ValueMeta& m);
// "name" or "name.overload", as the printer writes the op of `node`.
std::string printedOpName(const Node& node);

// The shortest "%.*g" text that reads back to the same double, with ".0"
// added when it has neither point nor exponent ("1.0", "0.1", "1e+15",
// "nan", "-inf"). Float arguments print this way; the tensor bindings'
// messages (assert_close) use it too.
std::string shortestFloatText(double f);

}  // namespace tdsl::ir
