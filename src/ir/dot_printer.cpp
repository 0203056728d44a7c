// Graphviz DOT of a graph (dot_printer.h).
#include "ir/dot_printer.h"

#include <unordered_map>

#include "ir/ir_printer.h"
#include "ops/op_table.h"

namespace tdsl::ir {

namespace {

// DOT string literal: backslash and quote escaped, newlines as \n.
std::string dotQuote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "\"";
}

// A Fused node (Note [Fused nodes] in graph.h): its body's name and ops.
std::string fusedLabel(const Node& n) {
  std::string ops;
  for (const Node* b : n.body()->nodes())
    if (b->isOp()) ops += (ops.empty() ? "" : ", ") + printedOpName(*b);
  return "fused " + n.body()->name() + " (" + ops + ")";
}

// Does the body write one of its inputs (a store)?
bool writesAnInput(const Node& n) {
  for (const Node* b : n.body()->nodes())
    if (b->isOp() && (b->op()->tags & kTagInplace) && b->tensorArg(0) && b->tensorArg(0)->node()->isInput()) return true;
  return false;
}

}  // namespace

std::string printDot(const Graph& g) {
  std::unordered_map<const IrValue*, std::string> names;  // as printGraph: inputs by name, results %0...
  std::unordered_map<const Node*, std::string> ids;
  int nextValue = 0;
  int nextNode = 0;
  std::string out = "digraph " + dotQuote(g.name()) + " {\n  rankdir=TB;\n  node [fontname=\"monospace\"];\n";
  for (Node* n : g.nodes()) {
    std::string id = "n" + std::to_string(nextNode++);
    ids[n] = id;
    if (n->isInput()) {
      IrValue* v = n->output();
      names[v] = "%" + v->name();
      out += "  " + id + " [shape=ellipse, label=" + dotQuote(names[v] + "\n" + printMeta(v->meta())) + "];\n";
      continue;
    }
    std::string label;
    if (n->isOutput()) {
      label = "return";
    } else {
      std::string results;
      for (size_t i = 0; i < n->numOutputs(); ++i) {
        std::string name = "%" + std::to_string(nextValue++);
        names[n->output(i)] = name;
        results += (i ? ", " : "") + name;
      }
      label = results + " = " + (n->isFused() ? fusedLabel(*n) : printedOpName(*n));
      for (size_t i = 0; i < n->numOutputs(); ++i) label += "\n" + printMeta(n->output(i)->meta());
    }
    std::string style;
    if (n->isOutput()) {
      style = ", shape=doubleoctagon";
    } else if ((n->op() && (n->op()->tags & kTagInplace)) || (n->isFused() && writesAnInput(*n))) {
      style = ", color=red, fontcolor=red";
    } else if (n->op() && (n->op()->tags & kTagView)) {
      style = ", style=dashed";
    }
    out += "  " + id + " [shape=box, label=" + dotQuote(label) + style + "];\n";
    for (size_t a = 0; a < n->args().size(); ++a)
      for (IrValue* v : n->arg(a).values())
        if (v) out += "  " + ids[v->node()] + " -> " + id + " [label=" + dotQuote(std::to_string(a)) + "];\n";
  }
  return out + "}\n";
}

}  // namespace tdsl::ir
