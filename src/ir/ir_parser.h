// Reads the text form written by ir_printer.h back into a Graph. Lines
// starting with `//` are comments (pass tests keep RUN and CHECK lines there).
// An op's `: type` annotation may be left out; the result metadata then comes
// from the op's shape rule (meta_inference.h).
//
// Errors are tdsl::Error(ErrorKind::Syntax) whose message starts with
// "LINE:COL:".
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/graph.h"

namespace tdsl::ir {

struct OpDef;
struct SchemaArg;

std::unique_ptr<Graph> parseGraph(const std::string& text);

// What overload resolution sees of one written argument.
struct ParsedArgShape {
  int kind;                // Arg::Kind as int
  std::string keyword;     // non-empty for NAME=value
  bool emptyList = false;  // "[]": fits int[] and Tensor[] alike
};

// Does a written argument of this kind fit the schema argument's type?
bool argKindFitsSchema(int argKind, bool emptyList, const SchemaArg& sa);

// The first overload of `name` (in table order) whose schema accepts the
// written arguments; or the op named exactly `name` when it contains a dot.
// nullptr when none fits.
const OpDef* resolveOverload(const std::string& name, const std::vector<ParsedArgShape>& args);

}  // namespace tdsl::ir
