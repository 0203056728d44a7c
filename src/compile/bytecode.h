// Bytecode tools for torch.compile (DESIGN.md §2.2): register liveness, the
// instrumented copy of a function that the tracer runs, and the one-instruction
// "step" code that executes a graph break eagerly.
//
// Note [Instrumented trace code]
// The tracer runs a function's bytecode in the ordinary VM loop, with proxy
// (meta) tensors in its registers. To see what the loop itself cannot report
// (a truth test on a tensor, a call to print, a write to a global, a return,
// a mutation of an object that existed before the segment: SETITEM,
// LISTAPPEND, FORITER on it, a read of tensor sizes: GETATTR, GETITER, UNPACK,
// an index whose value is read from a tensor: GETITEM, SETITEM),
// it runs a COPY of the code object in which such instructions are preceded
// (GETGLOBAL: followed) by a short call to a hook native:
//     LOADK S, K[hook]; MOVE S+1, R[x]; ...; CALL S, n, 0; (MOVE R[x], S)
// S.. are scratch registers appended to the frame. A hook either returns the
// value to use (a global lifted to a proxy, a callee replaced by its own
// instrumented copy) or throws SegmentExit, which ends the segment with the
// frame still on the VM's frame stack. Jump offsets and the line table are
// remapped, so errors point at the original source; `origPc` maps back.
//
// Note [Step code]
// A graph break instruction is executed eagerly by a tiny code object:
//     0: the instruction (jumps retargeted to stub 3)
//     1: LOADINT S, pc+1        2: JMP 4
//     3: LOADINT S, target      4: BUILDTUPLE S+1, R[0..nregs]   5: RETURN S+1
// run through VM::resume with the frame's registers; the returned tuple holds
// every register after the instruction plus the next pc.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "vm/code.h"

namespace tdsl {

// Live-in register sets per pc (Bitset per instruction) from a backward
// dataflow over the code's control-flow graph. A register not live at a pc is
// never read before being written on any path from there.
class Liveness {
 public:
  explicit Liveness(const CodeObject& code);
  bool liveIn(uint32_t pc, int reg) const { return bits_[pc * words_ + reg / 64] >> (reg % 64) & 1; }

 private:
  size_t words_;
  std::vector<uint64_t> bits_;
};

// Note [Loop-carried ints]: true when, on every path from `entry` that stops
// at `exit` (not executed), the int in register `reg` (and everything
// computed from it) is only copied (MOVE) or shifted by ADD/SUB with an
// operand not computed from it: never compared, indexed, passed, stored or
// returned. Such a register needs no value guard, only one that it still
// holds an int (ValueGuard::intOnly: a float or a list there would be read
// as an int's bits); the segment writes it back as "entry value + constant".
bool intIsOnlyShifted(const CodeObject& code, uint32_t entry, uint32_t exit, int reg);

// Which hook an instrumented instruction calls (index into the hooks given to
// instrumentCode, kept in the copy's constants).
enum class TraceHook : uint8_t { Return, Call, Method, GetGlobal, SetGlobal, Truth, Unsupported, Attr, SizeUse, Index, MakeFunc, kCount };

struct InstrumentedCode {
  CodePtr code;                 // the copy (nregs includes scratch registers)
  std::vector<uint32_t> origPc; // copy pc -> original pc
  std::vector<uint32_t> newPc;  // original pc -> copy pc (start of its prefix)
};

// `hooks[i]` is the native for TraceHook(i). The copy keeps the original's
// register numbering; scratch registers start at code.nregs.
InstrumentedCode instrumentCode(const CodeObject& code, const std::vector<Value>& hooks);

// Note [Step code]: code that runs original instruction `pc` and returns
// (R[0], ..., R[nregs-1], next pc).
CodePtr makeStepCode(const CodeObject& code, uint32_t pc);

}  // namespace tdsl
