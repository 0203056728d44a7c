// Bytecode compiler: AST (frontend/ast.h) -> CodeObject (code.h).
//
// Contract: the AST satisfies Note [Assignment targets] and Note [AST depth]
// of ast.h. Global names are resolved to slots of `globals` at compile time
// (Note [Global slots]); function locals live in registers; variables that
// inner functions capture live in cells (CellObject). Limits exceeded
// (registers, constants, keyword counts, nesting) are Error(Syntax) at the
// offending node.
#pragma once

#include "frontend/ast.h"
#include "vm/code.h"
#include "vm/function.h"

namespace tdsl {

// Compiles a module's top level. The result returns the value of a final
// expression statement (for eval-style runSource), otherwise None.
// `interactive` (a REPL input) instead echoes every module-level expression
// statement (Note [Interactive echo]) and returns None.
CodePtr compileModule(const ast::Module& module, SourceFilePtr file, GlobalsTable& globals,
                      bool interactive = false);

}  // namespace tdsl
