// IR printer (grammar in ir_printer.h).
#include "ir/ir_printer.h"

#include <cmath>
#include <cstdio>
#include <unordered_map>

#include "ir/ir_parser.h"
#include "ops/op_table.h"

namespace tdsl::ir {

namespace {

std::string joinSyms(const std::vector<SymInt>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i].str();
  return s;
}

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool equalsDefault(const Arg& a, const SchemaArg& sa) {
  if (!sa.hasDefault) return false;
  const ArgDefault& d = sa.defaultValue;
  switch (d.kind) {
    case ArgDefault::Kind::None: return a.isNone();
    case ArgDefault::Kind::Bool: return a.kind == Arg::Kind::Bool && a.b == d.b;
    case ArgDefault::Kind::Int: return a.kind == Arg::Kind::Int && a.i == SymInt(d.i);
    case ArgDefault::Kind::Float: return a.kind == Arg::Kind::Float && a.f == d.f;
    case ArgDefault::Kind::IntList: {
      if (a.kind != Arg::Kind::IntList || a.ints.size() != d.ints.size()) return false;
      for (size_t i = 0; i < d.ints.size(); ++i)
        if (a.ints[i] != SymInt(d.ints[i])) return false;
      return true;
    }
    case ArgDefault::Kind::Str: return a.kind == Arg::Kind::Str && a.str == d.str;
  }
  return false;
}

struct Namer {
  std::unordered_map<const IrValue*, std::string> names;
  int next = 0;
  std::string name(const IrValue* v) {
    auto it = names.find(v);
    if (it != names.end()) return it->second;
    std::string n = v->name().empty() ? "%" + std::to_string(next++) : "%" + v->name();
    names[v] = n;
    return n;
  }
  std::string ref(const IrValue* v) const {
    auto it = names.find(v);
    return it == names.end() ? "%<undefined>" : it->second;
  }
};

std::string printArg(const Arg& a, const Namer& namer) {
  switch (a.kind) {
    case Arg::Kind::None: return "None";
    case Arg::Kind::Tensor: return namer.ref(a.tensor);
    case Arg::Kind::Int: return a.i.str();
    case Arg::Kind::Float: return shortestFloatText(a.f);
    case Arg::Kind::Bool: return a.b ? "true" : "false";
    case Arg::Kind::IntList: return "[" + joinSyms(a.ints) + "]";
    case Arg::Kind::DType: return dtypeShortName(a.dtype);
    case Arg::Kind::Str: return quote(a.str);
    case Arg::Kind::TensorList: {
      std::string s = "[";
      for (size_t i = 0; i < a.tensors.size(); ++i) s += (i ? ", " : "") + (a.tensors[i] ? namer.ref(a.tensors[i]) : "None");
      return s + "]";
    }
  }
  return "?";
}

}  // namespace

std::string shortestFloatText(double f) {
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  // Shortest text that reads back to the same double.
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*g", prec, f);
    if (std::strtod(buf, nullptr) == f) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

std::string printMeta(const ValueMeta& m) {
  std::string s = std::string(dtypeShortName(m.dtype)) + "[" + joinSyms(m.sizes) + "]";
  // Exact strides, size-1 dims included (Note [Contiguity]): the text form
  // must carry them for copies through it (copyGraph) to verify.
  bool showStrides = m.strides != ValueMeta::contiguousStrides(m.sizes);
  bool showOffset = m.offset != SymInt(0);
  if (showStrides || showOffset) {
    s += "{";
    if (showStrides) s += "strides=[" + joinSyms(m.strides) + "]";
    if (showOffset) s += std::string(showStrides ? ", " : "") + "offset=" + m.offset.str();
    s += "}";
  }
  return s;
}

namespace {
// Which arguments the printer writes: trailing positional args at their
// default and keyword-only args at their default are left out.
struct PrintedArg {
  size_t index;
  bool keyword;
};
std::vector<PrintedArg> printedArgs(const Node& n) {
  const Schema& schema = n.op()->schema;
  size_t lastPositional = 0;
  for (size_t i = 0; i < n.args().size() && i < schema.args.size(); ++i)
    if (!schema.args[i].kwOnly && !equalsDefault(n.args()[i], schema.args[i])) lastPositional = i + 1;
  std::vector<PrintedArg> out;
  for (size_t i = 0; i < n.args().size(); ++i) {
    const SchemaArg* sa = i < schema.args.size() ? &schema.args[i] : nullptr;
    bool kwOnly = sa && sa->kwOnly;
    if (!kwOnly && i >= lastPositional) continue;
    if (kwOnly && equalsDefault(n.args()[i], *sa)) continue;
    out.push_back({i, kwOnly});
  }
  return out;
}
}  // namespace

std::string printedOpName(const Node& node) {
  const OpDef* op = node.op();
  std::vector<ParsedArgShape> shapes;
  for (const PrintedArg& p : printedArgs(node)) {
    const Arg& a = node.args()[p.index];
    ParsedArgShape shape{static_cast<int>(a.kind), p.keyword ? op->schema.args[p.index].name : std::string()};
    shape.emptyList = (a.kind == Arg::Kind::IntList && a.ints.empty()) || (a.kind == Arg::Kind::TensorList && a.tensors.empty());
    shapes.push_back(shape);
  }
  const OpDef* byBase = resolveOverload(op->name(), shapes);
  return byBase == op ? op->name() : op->fullName();
}

namespace {

std::string printResultMetas(const Node& n) {
  if (n.numOutputs() == 1) return " : " + printMeta(n.output()->meta());
  std::string out = " : (";
  for (size_t i = 0; i < n.numOutputs(); ++i) out += (i ? ", " : "") + printMeta(n.output(i)->meta());
  return out + ")";
}

// `fused(%a, %b) : TYPES graph NAME(...) {...}`: the body graph follows the
// result types, indented one more level (Note [Fused nodes]).
std::string printFusedTail(const Node& n, const Namer& namer) {
  std::string out = "fused(";
  for (size_t i = 0; i < n.args().size(); ++i) out += (i ? ", " : "") + printArg(n.args()[i], namer);
  out += ")" + printResultMetas(n) + " ";
  std::string body = printGraph(*n.body());
  for (size_t i = 0; i < body.size(); ++i) {
    out += body[i];
    if (body[i] == '\n' && i + 1 < body.size()) out += "  ";
  }
  return out;
}

}  // namespace

std::string printGraph(const Graph& g) {
  Namer namer;
  std::string out = "graph " + g.name() + "(";
  bool first = true;
  for (IrValue* in : g.inputs()) {
    out += (first ? "" : ", ") + namer.name(in) + ": " + printMeta(in->meta());
    first = false;
  }
  out += ") {\n";
  for (Node* n : g.nodes()) {
    if (n->isInput()) continue;
    if (n->isOutput()) {
      out += "  return (";
      for (size_t i = 0; i < n->args().size(); ++i) out += (i ? ", " : "") + printArg(n->args()[i], namer);
      out += ")\n";
      continue;
    }
    out += "  ";
    if (n->numOutputs() > 0) {
      for (size_t i = 0; i < n->numOutputs(); ++i) out += (i ? ", " : "") + namer.name(n->output(i));
      out += " = ";
    }
    if (n->isFused()) {
      out += printFusedTail(*n, namer);
      continue;
    }
    out += printedOpName(*n) + "(";
    const Schema& schema = n->op()->schema;
    bool firstArg = true;
    for (const PrintedArg& p : printedArgs(*n)) {
      out += (firstArg ? "" : ", ");
      if (p.keyword) out += schema.args[p.index].name + "=";
      out += printArg(n->args()[p.index], namer);
      firstArg = false;
    }
    out += ")";
    if (n->numOutputs() == 1) {
      out += " : " + printMeta(n->output()->meta());
    } else if (n->numOutputs() > 1) {
      out += " : (";
      for (size_t i = 0; i < n->numOutputs(); ++i) out += (i ? ", " : "") + printMeta(n->output(i)->meta());
      out += ")";
    }
    out += "\n";
  }
  out += "}\n";
  return out;
}

}  // namespace tdsl::ir
