// Disassembler: operand layout and meaning come from TDSL_OPCODES.
#include "vm/disassembler.h"

#include <cstdio>

#include "vm/format.h"
#include "vm/objects.h"

namespace tdsl {

namespace {

enum class Fmt { A, AB, ABC, ABCk, ABk, ABx, AsBx, sBx, none };

struct OpInfo {
  const char* name;
  Fmt fmt;
  const char* doc;
};

const OpInfo kOps[] = {
#define TDSL_OP_INFO(name, fmt, doc) {#name, Fmt::fmt, doc},
    TDSL_OPCODES(TDSL_OP_INFO)
#undef TDSL_OP_INFO
};

std::string constantText(const Value& v) {
  if (v.isObj(ObjKind::Str)) return pyStrRepr(v.as<StrObject>()->str);
  if (v.isInt()) return std::to_string(v.asInt());
  if (v.isFloat()) return pyFloatRepr(v.asFloat());
  if (v.isObj(ObjKind::Tuple)) {
    std::string s = "(";
    for (auto& x : v.as<TupleObject>()->items) s += constantText(x) + ",";
    return s + ")";
  }
  return "<const>";
}

void listing(const CodeObject& code, std::string& out) {
  out += "function " + code.name + " (params " + std::to_string(code.nparams) + ", registers " +
         std::to_string(code.nregs) + ", constants " + std::to_string(code.constants.size()) + ")\n";
  for (size_t pc = 0; pc < code.code.size(); ++pc) {
    const Instr& in = code.code[pc];
    const OpInfo& info = kOps[static_cast<int>(in.op)];
    char buf[160];
    std::string ops;
    switch (info.fmt) {
      case Fmt::A: snprintf(buf, sizeof buf, "%d", in.a); break;
      case Fmt::AB: snprintf(buf, sizeof buf, "%d %d", in.a, in.b); break;
      case Fmt::ABC: snprintf(buf, sizeof buf, "%d %d %d", in.a, in.b, in.c); break;
      case Fmt::ABCk: snprintf(buf, sizeof buf, "%d %d %d k=%d", in.a, in.b, in.c, in.k); break;
      case Fmt::ABk: snprintf(buf, sizeof buf, "%d %d k=%d", in.a, in.b, in.k); break;
      case Fmt::ABx: snprintf(buf, sizeof buf, "%d %u", in.a, in.bx()); break;
      case Fmt::AsBx:
        if (in.op == Op::LOADINT) snprintf(buf, sizeof buf, "%d %d", in.a, in.sbx());
        else snprintf(buf, sizeof buf, "%d ->%d", in.a, static_cast<int>(pc) + 1 + in.sbx());
        break;
      case Fmt::sBx: snprintf(buf, sizeof buf, "->%d", static_cast<int>(pc) + 1 + in.sbx()); break;
      case Fmt::none: buf[0] = 0; break;
    }
    ops = buf;
    std::string note;
    if (in.op == Op::LOADK) note = constantText(code.constants[in.bx()]);
    if (in.op == Op::GETATTR || in.op == Op::CALLMETHOD) note = constantText(code.constants[in.c]);
    if (in.op == Op::SETATTR) note = constantText(code.constants[in.b]);
    if (in.op == Op::MAKEFUNC) note = code.protos[in.bx()]->name;
    SourceRange r = code.rangeAt(static_cast<uint32_t>(pc));
    snprintf(buf, sizeof buf, "%5zu  [%4d]  %-11s %-18s ; ", pc, r.begin.line, info.name, ops.c_str());
    out += buf;
    out += info.doc;
    if (!note.empty()) out += "  (" + note + ")";
    out += "\n";
  }
  for (const ExceptionHandler& h : code.handlers) {  // Note [Exception handlers]
    char buf[96];
    snprintf(buf, sizeof buf, "  handler: [%u, %u) -> %u, exception in R[%u]\n", h.start, h.end, h.target, h.reg);
    out += buf;
  }
  for (auto& p : code.protos) {
    out += "\n";
    listing(*p, out);
  }
}

}  // namespace

const char* opName(Op op) { return kOps[static_cast<int>(op)].name; }

std::string disassemble(const CodeObject& code) {
  std::string out;
  listing(code, out);
  return out;
}

}  // namespace tdsl
