// The one opcode list (Note [Opcode list]). Included as an X-macro to build the
// Op enum (code.h), the dispatch table (interpreter_loop.cpp) and the
// disassembler (disassembler.cpp).
//
// Instruction layout (code.h): op (8 bits), k (8 bits), A, B, C (16 bits each);
// Bx = B | C << 16 (unsigned), sBx = the same 32 bits signed (jump offsets,
// relative to the instruction after the jump). Notation: R[x] register x of
// the current frame, K[x] constant x of the function, G[x] module-global slot
// x, P[x] nested function prototype x.
//
// Note [Opcode list]
// Each row: X(NAME, FORMAT, "meaning"). FORMAT tells the disassembler which
// operands to show: A, AB, ABC, ABCk, ABx, AsBx, sBx, none.
//
// Notes on the tricky ones:
//  - Binary arithmetic: k = 1 marks augmented assignment (`x += y`), which
//    mutates tensors and lists in place (Python's __iadd__); the result is still
//    written to R[A] and the compiler stores it back to the target.
//  - CALL / CALLMETHOD: the callee and its arguments sit in consecutive
//    registers so a script callee's frame starts at R[A+1] without copying.
//    The result replaces R[A]; registers above it are garbage afterwards.
//  - FORITER leaves the iterator in R[A] and the next item in R[A+1].
#pragma once

#define TDSL_OPCODES(X)                                                                             \
  X(MOVE, AB, "R[A] = R[B]")                                                                        \
  X(LOADK, ABx, "R[A] = K[Bx]")                                                                     \
  X(LOADINT, AsBx, "R[A] = sBx")                                                                    \
  X(LOADNONE, A, "R[A] = None")                                                                     \
  X(LOADBOOL, AB, "R[A] = bool(B)")                                                                 \
  X(GETGLOBAL, ABx, "R[A] = G[Bx]; NameError when unbound")                                         \
  X(SETGLOBAL, ABx, "G[Bx] = R[A]; k = 1: moved, R[A] = None")                                                                 \
  X(NEWCELL, A, "R[A] = a new empty cell")                                                          \
  X(MAKECELL, A, "R[A] = a new cell holding R[A]")                                                  \
  X(GETCELL, ABCk, "R[A] = contents of cell R[B]; when empty: k=0 NameError, k=1 UnboundLocalError naming K[C]") \
  X(SETCELL, AB, "contents of cell R[A] = R[B]; k = 1: moved")                                                    \
  X(GETATTR, ABC, "R[A] = R[B].K[C]")                                                               \
  X(SETATTR, ABC, "R[A].K[B] = R[C]; k = 1: then R[C] = None")                                                               \
  X(GETITEM, ABC, "R[A] = R[B][R[C]]")                                                              \
  X(SETITEM, ABC, "R[A][R[B]] = R[C]; k = 1: then R[C] = None")                                                              \
  X(ADD, ABCk, "R[A] = R[B] + R[C]")                                                                \
  X(SUB, ABCk, "R[A] = R[B] - R[C]")                                                                \
  X(MUL, ABCk, "R[A] = R[B] * R[C]")                                                                \
  X(DIV, ABCk, "R[A] = R[B] / R[C]")                                                                \
  X(FLOORDIV, ABCk, "R[A] = R[B] // R[C]")                                                          \
  X(MOD, ABCk, "R[A] = R[B] % R[C]")                                                                \
  X(POW, ABCk, "R[A] = R[B] ** R[C]")                                                               \
  X(MATMUL, ABCk, "R[A] = R[B] @ R[C]")                                                             \
  X(BITAND, ABCk, "R[A] = R[B] & R[C]")                                                             \
  X(BITOR, ABCk, "R[A] = R[B] | R[C]")                                                              \
  X(BITXOR, ABCk, "R[A] = R[B] ^ R[C]")                                                             \
  X(SHL, ABCk, "R[A] = R[B] << R[C]")                                                               \
  X(SHR, ABCk, "R[A] = R[B] >> R[C]")                                                               \
  X(LT, ABC, "R[A] = R[B] < R[C]")                                                                  \
  X(LE, ABC, "R[A] = R[B] <= R[C]")                                                                 \
  X(GT, ABC, "R[A] = R[B] > R[C]")                                                                  \
  X(GE, ABC, "R[A] = R[B] >= R[C]")                                                                 \
  X(EQ, ABC, "R[A] = R[B] == R[C]")                                                                 \
  X(NE, ABC, "R[A] = R[B] != R[C]")                                                                 \
  X(IS, ABCk, "R[A] = R[B] is R[C]; k = 1: is not")                                                 \
  X(IN, ABCk, "R[A] = R[B] in R[C]; k = 1: not in")                                                 \
  X(NEG, AB, "R[A] = -R[B]")                                                                        \
  X(POS, AB, "R[A] = +R[B]")                                                                        \
  X(INVERT, AB, "R[A] = ~R[B]")                                                                     \
  X(NOT, AB, "R[A] = not R[B]")                                                                     \
  X(JMP, sBx, "pc += sBx")                                                                          \
  X(JMPIF, AsBx, "if R[A]: pc += sBx")                                                              \
  X(JMPIFNOT, AsBx, "if not R[A]: pc += sBx")                                                       \
  X(GETITER, AB, "R[A] = iter(R[B])")                                                               \
  X(FORITER, AsBx, "R[A+1] = next(R[A]); when exhausted: pc += sBx")                                \
  X(UNPACK, ABC, "R[A], ..., R[A+C-1] = R[B] (exactly C items)")                                    \
  X(BUILDLIST, ABCk, "R[A] = [R[B], ..., R[B+C-1]]; k = 1: moved out of the registers")                                                 \
  X(BUILDTUPLE, ABCk, "R[A] = (R[B], ..., R[B+C-1]); k = 1: moved out of the registers")                                                \
  X(BUILDDICT, ABCk, "R[A] = {R[B]: R[B+1], ...} with C pairs; k = 1: the registers are cleared")                                      \
  X(BUILDSLICE, AB, "R[A] = slice(R[B], R[B+1], R[B+2])")                                           \
  X(BUILDSTR, ABC, "R[A] = R[B] + ... + R[B+C-1], all str (f-strings)")                             \
  X(FORMAT, ABCk, "R[A] = format(R[B], spec R[C]); k: bit 0-1 conversion (1 str, 2 repr), bit 2 has spec") \
  X(LISTAPPEND, AB, "R[A].append(R[B])")                                                            \
  X(CALL, ABC, "R[A] = R[A](R[A+1], ..., R[A+B], C keywords: values R[A+B+1..], names tuple after them)") \
  X(CALLMETHOD, ABCk, "R[A] = R[A].K[C](R[A+1], ..., R[A+B], k keywords as in CALL)")              \
  X(MAKEFUNC, ABx, "R[A] = function from P[Bx], defaults R[A+1], ...; captures the cells it names") \
  X(IMPORT, ABx, "R[A] = the module named K[Bx]")                                                   \
  X(ASSERTFAIL, ABk, "raise AssertionError(str(R[A]) if k else no message)")                        \
  X(RETURN, A, "return R[A]")                                                                       \
  X(RETURNNONE, none, "return None")                                                                \
  X(DISPLAY, ABx, "interactive echo: unless R[A] is None, G[Bx] (_) = R[A] and print repr(R[A])") \
  /* issue 15 additions (lang2) */                                                                  \
  X(YIELD, A, "suspend the generator yielding R[A]; when resumed R[A] = the value sent in")         \
  X(LISTEXTEND, AB, "R[A].extend(R[B])")                                                            \
  X(LISTTOTUPLE, AB, "R[A] = tuple(R[B]) (R[B] a list)")                                            \
  X(CALLEX, ABC, "R[A] = R[A](*R[A+1], **R[A+2]); R[A+1] a tuple, R[A+2] a dict of str keys or None") \
  X(DICTMERGE, AB, "R[A].update(R[B]) for **R[B] in a call; TypeError on a repeated or non-str key") \
  X(UNPACKEX, ABCk, "R[A], ..., R[A+C+k] = R[B]: C items, a list of the middle ones, k items")       \
  X(BUILDSET, ABCk, "R[A] = {R[B], ..., R[B+C-1]}; k = 1: rebuilt once, as CPython's folded constants") \
  X(SETADD, AB, "R[A].add(R[B])")                                                                   \
  X(DELITEM, AB, "del R[A][R[B]]")                                                                  \
  X(DELGLOBAL, ABx, "unbind G[Bx]; NameError when unbound")                                         \
  X(DELLOCAL, ABx, "R[A] = an unbound marker; K[Bx] names it") \
  X(MOVEOUT, AB, "R[A] = R[B], moved: R[B] = None (R[B] a dead temporary)") \
  TDSL_OBJECT_MODEL_OPCODES(X)

// The object model and exceptions (Note [Exception handlers] in code.h;
// src/vm/classes.cpp, src/vm/exceptions.cpp).
//  - RAISE k: 0 `raise R[A]` (a class is instantiated first); 1 `raise R[A]
//    from R[B]`; 2 re-raise the caught exception R[A] where it was first
//    raised (bare `raise`, a finally or a with that did not suppress); 3 bare
//    `raise` with no exception being handled (RuntimeError). For k 0 and 1,
//    C > 0 names the exception being handled, R[C-1] (its __context__).
//  - TRYENTER marks the start of a try (k = 0) or with (k = 1, manager in
//    R[A]) block; it does nothing in the VM. torch.compile ends its trace there.
#define TDSL_OBJECT_MODEL_OPCODES(X)                                                                \
  X(MAKECLASS, AB, "R[A] = class named R[A], namespace R[A+1], bases R[A+2 .. A+1+B]")              \
  X(RAISE, ABk, "raise R[A] (k: 0 raise, 1 raise from R[B], 2 re-raise caught R[A], 3 bare)")       \
  X(EXCMATCH, ABC, "R[A] = exception R[B] is an instance of R[C] (a class or a tuple of classes)")  \
  X(TRYENTER, ABk, "start of a try (k=0) / with (k=1, manager R[A]) block: no-op")                  \
  X(WITHENTER, A, "R[A+1] = R[A].__exit__; R[A+2] = R[A].__enter__()")                              \
  X(WITHEXIT, ABk, "k=0: R[A+1](None, None, None); k=1: R[A+1](type(R[B]), R[B], None), re-raise R[B] unless true")
