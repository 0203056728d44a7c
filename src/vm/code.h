// Bytecode: instructions, the line table, and the immutable code object the
// compiler produces for each function (and for a module's top level).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/diagnostics.h"
#include "vm/opcodes.h"
#include "core/value.h"

namespace tdsl {

enum class Op : uint8_t {
#define TDSL_OP_ENUM(name, fmt, doc) name,
  TDSL_OPCODES(TDSL_OP_ENUM)
#undef TDSL_OP_ENUM
};
#define TDSL_OP_COUNT_ONE(name, fmt, doc) +1
constexpr int kNumOps = 0 TDSL_OPCODES(TDSL_OP_COUNT_ONE);
#undef TDSL_OP_COUNT_ONE

// Limits of the 16-bit operand fields, reported as compile errors.
constexpr int kMaxRegisters = 65000;   // registers per function
constexpr int kMaxConstants = 65535;   // constants per function (C operands)
constexpr int kMaxKeywordArgs = 255;   // keyword arguments per call (k operand)

struct Instr {
  Op op;
  uint8_t k;
  uint16_t a, b, c;
  uint32_t bx() const { return static_cast<uint32_t>(b) | (static_cast<uint32_t>(c) << 16); }
  int32_t sbx() const { return static_cast<int32_t>(bx()); }
  static Instr make(Op op, int a = 0, int b = 0, int c = 0, int k = 0) {
    return Instr{op, static_cast<uint8_t>(k), static_cast<uint16_t>(a), static_cast<uint16_t>(b),
                 static_cast<uint16_t>(c)};
  }
  static Instr makeBx(Op op, int a, uint32_t bx) {
    return make(op, a, static_cast<int>(bx & 0xFFFF), static_cast<int>(bx >> 16));
  }
};
static_assert(sizeof(Instr) == 8, "instructions are one word");

// Note [Line table]
// Instructions map to source ranges through a run-length table: entry i covers
// pcs [pc_i, pc_{i+1}). Errors raised while executing pc get that range, so a
// native or tensor error is reported at the expression that called it.
struct LineEntry {
  uint32_t pc;
  SourceLoc begin;
  SourceLoc end;
};

class GlobalsTable;

// Note [Exception handlers]
// A try or with block compiles to protected ranges of instructions. An error
// raised by an instruction at pc in [start, end) of an entry (the first
// entry that holds pc: inner blocks come first) jumps to `target` with the
// exception object in register `reg`; no instruction runs on entry to a try,
// so the happy path costs nothing. Resource and interrupt errors skip every
// handler (Note [Uncatchable errors] in src/vm/exceptions.cpp).
struct ExceptionHandler {
  uint32_t start, end, target;
  uint16_t reg;
};

// A compiled function body. Immutable once built; shared by every function
// object (closure) made from it.
struct CodeObject {
  std::string name;                    // "f", "<lambda>", "<module>"
  SourceFilePtr file;
  SourceLoc defLoc;                    // where the def / lambda starts
  std::vector<std::string> paramNames; // registers 0 .. nparams-1
  int nparams = 0;
  int ndefaults = 0;                   // the last ndefaults params have defaults
  // Note [Extended parameters]: with *args, keyword-only params or **kwargs,
  // the registers are the positional params (nposParams of them), the
  // keyword-only ones, then *args, then **kwargs; `nparams` counts them all.
  // The function's defaults hold the positional defaults, then one per
  // keyword-only param with kwDefault set. Such calls bind in arg_binding.cpp.
  bool extendedParams = false;
  int nposParams = 0;
  int nkwonly = 0;
  int nkwDefaults = 0;
  bool hasVarArgs = false, hasVarKw = false;
  std::vector<bool> kwDefault;         // per keyword-only param
  int nregs = 0;                       // frame size
  // Free variables: on entry, register freeRegs[i] receives closure cell i.
  std::vector<int> freeRegs;
  // Where each closure cell comes from in the frame that runs MAKEFUNC.
  std::vector<int> captureFrom;
  // Registers holding variables captured by inner functions (NEWCELL/MAKECELL
  // in the prologue turns them into cells).
  std::vector<int> cellRegs;
  std::vector<std::string> regNames;   // debugging: the variable in each register, "" for temps
  std::vector<Instr> code;
  std::vector<Value> constants;
  std::vector<std::shared_ptr<const CodeObject>> protos;  // nested functions (P[x])
  std::vector<LineEntry> lines;
  std::vector<ExceptionHandler> handlers;  // Note [Exception handlers]
  bool isModule = false;
  bool isGenerator = false;  // contains yield: a call returns a generator (Note [Generator frames])

  SourceRange rangeAt(uint32_t pc) const;
};

using CodePtr = std::shared_ptr<const CodeObject>;

}  // namespace tdsl
