// Definite-assignment analysis of one function body (Python's rule for
// UnboundLocalError).
//
// Contract: given a function's parameters and body, returns the locals that
// some read may reach before any assignment on some path ("possibly
// unassigned" reads). The compiler keeps those locals in cells, whose empty
// state GETCELL reports as "cannot access local variable 'x' where it is not
// associated with a value"; every other local is provably assigned before each
// read and stays a plain register with no check.
//
// Note [Conservative definite assignment]
// The analysis may flag a local that is in fact always assigned (the loop
// `while cond: x = 1; break` then `x`), which only costs speed; it must never
// miss one. Loops are analysed once with the state on entry, which is the
// weakest state any iteration starts with; the state after a loop is the
// state on entry (zero iterations), except `while True`, which is left only
// by `break`. Statements after return/break/continue are unreachable and
// never restrict what follows the enclosing branch.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"

namespace tdsl {

std::set<std::string> possiblyUnassignedLocals(const std::vector<ast::Param>& params, const ast::StmtList& body,
                                               const std::function<bool(const std::string&)>& isLocal);

}  // namespace tdsl
