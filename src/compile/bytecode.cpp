// Liveness, instrumented trace code and step code (compile_bytecode.h).
#include "compile/bytecode.h"

#include <algorithm>

#include "support/diagnostics.h"
#include "vm/objects.h"

namespace tdsl {

namespace {

bool isJump(Op op) { return op == Op::JMP || op == Op::JMPIF || op == Op::JMPIFNOT || op == Op::FORITER; }
bool endsFlow(Op op) { return op == Op::JMP || op == Op::RETURN || op == Op::RETURNNONE || op == Op::ASSERTFAIL; }

// Registers instruction `in` reads (uses) and writes (defs). Defs may be
// under-reported (that only makes more registers live, which is safe); uses
// must be complete.
void usesDefs(const CodeObject& code, const Instr& in, std::vector<int>& uses, std::vector<int>& defs) {
  uses.clear();
  defs.clear();
  auto range = [&](std::vector<int>& v, int from, int n) {
    for (int i = 0; i < n; ++i) v.push_back(from + i);
  };
  switch (in.op) {
    case Op::MOVE: uses = {in.b}; defs = {in.a}; break;
    case Op::MOVEOUT: uses = {in.b}; defs = {in.a, in.b}; break;
    case Op::LOADK: case Op::LOADINT: case Op::LOADNONE: case Op::LOADBOOL: case Op::GETGLOBAL:
    case Op::NEWCELL: case Op::IMPORT:
      defs = {in.a};
      break;
    case Op::MAKECELL: uses = {in.a}; defs = {in.a}; break;
    case Op::GETCELL: uses = {in.b}; defs = {in.a}; break;
    case Op::SETCELL: uses = {in.a, in.b}; break;
    case Op::SETGLOBAL: uses = {in.a}; break;
    case Op::GETATTR: uses = {in.b}; defs = {in.a}; break;
    case Op::SETATTR: uses = {in.a, in.c}; break;
    case Op::GETITEM: uses = {in.b, in.c}; defs = {in.a}; break;
    case Op::SETITEM: uses = {in.a, in.b, in.c}; break;
    case Op::ADD: case Op::SUB: case Op::MUL: case Op::DIV: case Op::FLOORDIV: case Op::MOD: case Op::POW:
    case Op::MATMUL: case Op::BITAND: case Op::BITOR: case Op::BITXOR: case Op::SHL: case Op::SHR:
    case Op::LT: case Op::LE: case Op::GT: case Op::GE: case Op::EQ: case Op::NE: case Op::IS: case Op::IN:
      uses = {in.b, in.c};
      defs = {in.a};
      break;
    case Op::NEG: case Op::POS: case Op::INVERT: case Op::NOT: uses = {in.b}; defs = {in.a}; break;
    case Op::JMP: break;
    case Op::JMPIF: case Op::JMPIFNOT: uses = {in.a}; break;
    case Op::GETITER: uses = {in.b}; defs = {in.a}; break;
    case Op::FORITER: uses = {in.a}; defs = {in.a + 1}; break;
    case Op::UNPACK: uses = {in.b}; range(defs, in.a, in.c); break;
    case Op::BUILDLIST: case Op::BUILDTUPLE: case Op::BUILDSTR: range(uses, in.b, in.c); defs = {in.a}; break;
    case Op::BUILDDICT: range(uses, in.b, 2 * in.c); defs = {in.a}; break;
    case Op::BUILDSLICE: range(uses, in.b, 3); defs = {in.a}; break;
    case Op::FORMAT:
      uses = {in.b};
      if (in.k & 4) uses.push_back(in.c);
      defs = {in.a};
      break;
    case Op::LISTAPPEND: uses = {in.a, in.b}; break;
    case Op::CALL: range(uses, in.a, 1 + in.b + in.c + (in.c ? 1 : 0)); defs = {in.a}; break;
    case Op::CALLMETHOD: range(uses, in.a, 1 + in.b + in.k + (in.k ? 1 : 0)); defs = {in.a}; break;
    case Op::MAKEFUNC: {
      const CodeObject& proto = *code.protos[in.bx()];
      range(uses, in.a + 1, proto.ndefaults + proto.nkwDefaults);
      for (int r : proto.captureFrom) uses.push_back(r);
      defs = {in.a};
      break;
    }
    case Op::ASSERTFAIL: if (in.k) uses = {in.a}; break;
    case Op::RETURN: uses = {in.a}; break;
    case Op::RETURNNONE: break;
    case Op::DISPLAY: uses = {in.a}; break;
    // The object model and exceptions (vm/classes.h).
    case Op::MAKECLASS: range(uses, in.a, 2 + in.b); defs = {in.a}; break;
    case Op::RAISE:
      uses = {in.a};
      if (in.k == 1) uses.push_back(in.b);
      if (in.k <= 1 && in.c) uses.push_back(in.c - 1);  // the exception being handled (__context__)
      break;
    case Op::EXCMATCH: uses = {in.b, in.c}; defs = {in.a}; break;
    case Op::TRYENTER: if (in.k == 1) uses = {in.a}; break;
    case Op::WITHENTER: uses = {in.a}; defs = {in.a + 1, in.a + 2}; break;
    case Op::WITHEXIT: uses = {in.a, in.a + 1}; if (in.k) uses.push_back(in.b); break;
    // issue 15 additions (lang2)
    case Op::YIELD: uses = {in.a}; defs = {in.a}; break;
    case Op::LISTEXTEND: case Op::DICTMERGE: case Op::SETADD: case Op::DELITEM: uses = {in.a, in.b}; break;
    case Op::LISTTOTUPLE: uses = {in.b}; defs = {in.a}; break;
    case Op::CALLEX: uses = {in.a, in.a + 1, in.a + 2}; defs = {in.a}; break;
    case Op::UNPACKEX: uses = {in.b}; range(defs, in.a, in.c + 1 + in.k); break;
    case Op::BUILDSET: range(uses, in.b, in.c); defs = {in.a}; break;
    case Op::DELGLOBAL: break;
    case Op::DELLOCAL: uses = {in.a}; defs = {in.a}; break;
  }
}

}  // namespace

Liveness::Liveness(const CodeObject& code) {
  const size_t n = code.code.size();
  words_ = static_cast<size_t>(code.nregs + 63) / 64;
  bits_.assign((n + 1) * words_, 0);
  std::vector<std::vector<int>> uses(n), defs(n);
  for (size_t pc = 0; pc < n; ++pc) usesDefs(code, code.code[pc], uses[pc], defs[pc]);
  // Iterate to a fixpoint, backwards (loops converge in a few rounds).
  std::vector<uint64_t> out(words_);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = n; i-- > 0;) {
      const Instr& in = code.code[i];
      std::fill(out.begin(), out.end(), 0);
      auto addSucc = [&](size_t s) {
        if (s > n) return;
        for (size_t w = 0; w < words_; ++w) out[w] |= bits_[s * words_ + w];
      };
      if (!endsFlow(in.op)) addSucc(i + 1);
      if (isJump(in.op)) addSucc(static_cast<size_t>(static_cast<int64_t>(i) + 1 + in.sbx()));
      for (int d : defs[i])
        if (d < code.nregs) out[static_cast<size_t>(d) / 64] &= ~(uint64_t(1) << (d % 64));
      for (int u : uses[i])
        if (u < code.nregs) out[static_cast<size_t>(u) / 64] |= uint64_t(1) << (u % 64);
      // Note [Exception handlers]: any instruction of a protected range may
      // jump to its handler, which needs what it reads live there too.
      for (const ExceptionHandler& h : code.handlers)
        if (i >= h.start && i < h.end)
          for (size_t w = 0; w < words_; ++w) out[w] |= bits_[h.target * words_ + w];
      uint64_t* cur = &bits_[i * words_];
      for (size_t w = 0; w < words_; ++w)
        if (cur[w] != out[w]) { cur[w] = out[w]; changed = true; }
    }
  }
}

bool intIsOnlyShifted(const CodeObject& code, uint32_t entry, uint32_t exit, int reg) {
  const size_t n = code.code.size();
  std::vector<std::vector<bool>> in(n);
  std::vector<uint32_t> work{entry};
  in[entry].assign(static_cast<size_t>(code.nregs), false);
  in[entry][static_cast<size_t>(reg)] = true;
  std::vector<int> uses, defs;
  while (!work.empty()) {
    uint32_t pc = work.back();
    work.pop_back();
    if (pc == exit) continue;
    const Instr& ins = code.code[pc];
    if (ins.op == Op::RETURN || ins.op == Op::RETURNNONE || ins.op == Op::ASSERTFAIL) return false;
    std::vector<bool> out = in[pc];
    usesDefs(code, ins, uses, defs);
    bool taintedUse = false;
    for (int u : uses) taintedUse |= u < code.nregs && out[static_cast<size_t>(u)];
    bool taintResult = false;
    if (taintedUse) {
      if (ins.op == Op::MOVE || ins.op == Op::MOVEOUT) taintResult = true;
      else if ((ins.op == Op::ADD || ins.op == Op::SUB) && out[ins.b] != out[ins.c] && !(ins.op == Op::SUB && out[ins.c]))
        taintResult = true;
      else
        return false;
    }
    for (int d : defs)
      if (d < code.nregs) out[static_cast<size_t>(d)] = false;
    if (taintResult) out[ins.a] = true;
    auto flow = [&](uint32_t s) {
      if (s >= n) return;
      if (in[s].empty()) { in[s] = out; work.push_back(s); return; }
      bool changed = false;
      for (size_t i = 0; i < out.size(); ++i)
        if (out[i] && !in[s][i]) { in[s][i] = true; changed = true; }
      if (changed) work.push_back(s);
    };
    if (!endsFlow(ins.op)) flow(pc + 1);
    if (isJump(ins.op)) flow(static_cast<uint32_t>(static_cast<int64_t>(pc) + 1 + ins.sbx()));
  }
  return true;
}

InstrumentedCode instrumentCode(const CodeObject& code, const std::vector<Value>& hooks) {
  TDSL_ASSERT(hooks.size() == static_cast<size_t>(TraceHook::kCount));
  auto copy = std::make_shared<CodeObject>(code);
  const int S = code.nregs;  // scratch base
  int maxScratch = 0;
  std::vector<uint32_t> hookK;
  for (const Value& h : hooks) {
    hookK.push_back(static_cast<uint32_t>(copy->constants.size()));
    copy->constants.push_back(h);
  }
  InstrumentedCode out;
  std::vector<Instr> body;
  std::vector<uint32_t> origPc;
  std::vector<size_t> jumpAt;       // copy pcs of jumps, with their original targets
  std::vector<uint32_t> jumpTarget;
  out.newPc.resize(code.code.size() + 1);
  auto emit = [&](Instr in, uint32_t pc) { body.push_back(in); origPc.push_back(pc); };
  // LOADK S, hook; MOVE S+1.. from `regs`; CALL S, n
  auto callHook = [&](TraceHook h, const std::vector<int>& regs, const std::vector<Instr>& extra, uint32_t pc) {
    emit(Instr::makeBx(Op::LOADK, S, hookK[static_cast<size_t>(h)]), pc);
    int n = 0;
    for (int r : regs) emit(Instr::make(Op::MOVE, S + 1 + n++, r), pc);
    for (Instr e : extra) { e.a = static_cast<uint16_t>(S + 1 + n++); emit(e, pc); }
    emit(Instr::make(Op::CALL, S, n, 0), pc);
    maxScratch = std::max(maxScratch, n + 1);
  };
  for (uint32_t pc = 0; pc < code.code.size(); ++pc) {
    const Instr in = code.code[pc];
    out.newPc[pc] = static_cast<uint32_t>(body.size());
    switch (in.op) {
      case Op::RETURN: callHook(TraceHook::Return, {in.a}, {}, pc); break;
      case Op::RETURNNONE: callHook(TraceHook::Return, {}, {}, pc); break;
      case Op::CALL: {
        std::vector<int> regs;
        for (int i = 0; i <= in.b; ++i) regs.push_back(in.a + i);
        callHook(TraceHook::Call, regs, {}, pc);
        emit(Instr::make(Op::MOVE, in.a, S), pc);
        break;
      }
      case Op::CALLMETHOD: {
        std::vector<int> regs;
        for (int i = 0; i <= in.b; ++i) regs.push_back(in.a + i);
        uint32_t nameK = in.c;
        callHook(TraceHook::Method, regs, {Instr::makeBx(Op::LOADK, 0, nameK)}, pc);
        break;
      }
      case Op::SETGLOBAL: callHook(TraceHook::SetGlobal, {in.a}, {Instr::makeBx(Op::LOADINT, 0, in.bx())}, pc); break;
      case Op::JMPIF: case Op::JMPIFNOT: callHook(TraceHook::Truth, {in.a}, {}, pc); break;
      case Op::NOT: callHook(TraceHook::Truth, {in.b}, {}, pc); break;
      case Op::FORMAT: callHook(TraceHook::Truth, {in.b}, {}, pc); break;
      case Op::GETATTR: callHook(TraceHook::Attr, {in.b}, {Instr::makeBx(Op::LOADK, 0, in.c)}, pc); break;
      case Op::GETITER: case Op::UNPACK: callHook(TraceHook::SizeUse, {in.b}, {}, pc); break;
      case Op::SETATTR:
        callHook(TraceHook::Unsupported, {}, {Instr::makeBx(Op::LOADINT, 0, static_cast<uint32_t>(in.op))}, pc);
        break;
      case Op::SETCELL:
        callHook(TraceHook::Unsupported, {in.a}, {Instr::makeBx(Op::LOADINT, 0, static_cast<uint32_t>(in.op))}, pc);
        break;
      case Op::SETITEM:
        callHook(TraceHook::Index, {in.a, in.b}, {}, pc);
        callHook(TraceHook::Unsupported, {in.a}, {Instr::makeBx(Op::LOADINT, 0, static_cast<uint32_t>(in.op))}, pc);
        break;
      case Op::GETITEM: callHook(TraceHook::Index, {in.b, in.c}, {}, pc); break;
      case Op::FORITER: case Op::LISTAPPEND:
        callHook(TraceHook::Unsupported, {in.a}, {Instr::makeBx(Op::LOADINT, 0, static_cast<uint32_t>(in.op))}, pc);
        break;
      // The object model and exceptions: graph breaks (Tracer::onUnsupported).
      case Op::TRYENTER: case Op::RAISE: case Op::MAKECLASS:
        callHook(TraceHook::Unsupported, {in.a}, {Instr::makeBx(Op::LOADINT, 0, static_cast<uint32_t>(in.op)),
                                                  Instr::makeBx(Op::LOADINT, 0, in.k)}, pc);
        break;
      // issue 15 additions (lang2): each graph-breaks or checks its mutation (Tracer::onUnsupported).
      case Op::YIELD: case Op::CALLEX: case Op::LISTEXTEND: case Op::SETADD: case Op::DELITEM:
        callHook(TraceHook::Unsupported, {in.a}, {Instr::makeBx(Op::LOADINT, 0, static_cast<uint32_t>(in.op))}, pc);
        break;
      case Op::DELGLOBAL:
        callHook(TraceHook::Unsupported, {}, {Instr::makeBx(Op::LOADINT, 0, static_cast<uint32_t>(in.op))}, pc);
        break;
      case Op::UNPACKEX: callHook(TraceHook::SizeUse, {in.b}, {}, pc); break;
      default: break;
    }
    if (isJump(in.op)) {
      jumpAt.push_back(body.size());
      jumpTarget.push_back(static_cast<uint32_t>(static_cast<int64_t>(pc) + 1 + in.sbx()));
    }
    emit(in, pc);
    if (in.op == Op::GETGLOBAL) {
      callHook(TraceHook::GetGlobal, {in.a}, {Instr::makeBx(Op::LOADINT, 0, in.bx())}, pc);
      emit(Instr::make(Op::MOVE, in.a, S), pc);
    }
    if (in.op == Op::MAKEFUNC) callHook(TraceHook::MakeFunc, {in.a}, {}, pc);  // Note [Functions made while tracing]
  }
  out.newPc[code.code.size()] = static_cast<uint32_t>(body.size());
  for (size_t j = 0; j < jumpAt.size(); ++j) {
    Instr& in = body[jumpAt[j]];
    int64_t off = static_cast<int64_t>(out.newPc[jumpTarget[j]]) - static_cast<int64_t>(jumpAt[j]) - 1;
    in = Instr::makeBx(in.op, in.a, static_cast<uint32_t>(static_cast<int32_t>(off)));
  }
  std::vector<LineEntry> lines;
  for (const LineEntry& e : code.lines) {
    LineEntry n = e;
    n.pc = out.newPc[std::min<size_t>(e.pc, code.code.size())];
    lines.push_back(n);
  }
  copy->lines = std::move(lines);
  for (ExceptionHandler& h : copy->handlers) {  // Note [Exception handlers]
    h.start = out.newPc[h.start];
    h.end = out.newPc[h.end];
    h.target = out.newPc[h.target];
  }
  copy->code = std::move(body);
  copy->nregs = code.nregs + maxScratch + 1;
  out.origPc = std::move(origPc);
  out.code = std::move(copy);
  return out;
}

CodePtr makeStepCode(const CodeObject& code, uint32_t pc) {
  TDSL_ASSERT(pc < code.code.size());
  auto step = std::make_shared<CodeObject>();
  step->name = code.name;
  step->file = code.file;
  step->defLoc = code.defLoc;
  step->paramNames = code.paramNames;
  step->nparams = code.nparams;
  step->constants = code.constants;
  step->protos = code.protos;
  const int S = code.nregs;
  step->nregs = code.nregs + 2;
  Instr in = code.code[pc];
  const auto next = static_cast<uint32_t>(pc + 1);
  std::vector<Instr>& c = step->code;
  if (isJump(in.op)) {
    const auto target = static_cast<uint32_t>(static_cast<int64_t>(pc) + 1 + in.sbx());
    c.push_back(Instr::makeBx(in.op, in.a, 2));  // taken: to 3
    c.push_back(Instr::makeBx(Op::LOADINT, S, next));
    c.push_back(Instr::makeBx(Op::JMP, 0, 1));
    c.push_back(Instr::makeBx(Op::LOADINT, S, target));
  } else {
    c.push_back(in);
    c.push_back(Instr::makeBx(Op::LOADINT, S, next));
  }
  c.push_back(Instr::make(Op::BUILDTUPLE, S + 1, 0, S + 1));
  c.push_back(Instr::make(Op::RETURN, S + 1));
  SourceRange r = code.rangeAt(pc);
  step->lines.push_back(LineEntry{0, r.begin, r.end});
  return step;
}

}  // namespace tdsl
