// A graph as Graphviz DOT (the REPL's `:dot f`, issue 13): one box per op,
// one ellipse per graph input, an edge per tensor argument labelled with
// the argument's position. In-place ops (tag kTagInplace) are
// drawn red and views dashed, so a reader sees where a graph mutates memory. Values are numbered %0, %1, ...
// exactly as printGraph numbers them, so the two texts can be read side by side.
#pragma once

#include <string>

#include "ir/graph.h"

namespace tdsl::ir {

std::string printDot(const Graph& g);

}  // namespace tdsl::ir
