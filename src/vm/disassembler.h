// Bytecode listing for `tdsl run --dis`, generated from the opcode X-macro.
#pragma once

#include <string>

#include "vm/code.h"

namespace tdsl {

const char* opName(Op op);
// One line per instruction: pc, source line, opcode, operands, and the
// meaning from opcodes.h; nested functions follow their parent.
std::string disassemble(const CodeObject& code);

}  // namespace tdsl
