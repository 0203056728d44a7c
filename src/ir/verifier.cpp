// Graph verifier (checks listed in verifier.h).
#include "ir/verifier.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "support/diagnostics.h"
#include "ir/alias_analysis.h"
#include "ir/ir_parser.h"
#include "ir/ir_printer.h"
#include "ir/meta_inference.h"
#include "ops/op_table.h"

namespace tdsl::ir {

namespace {

// Names nodes as the printer does: "%3 = mul", "input %x", "return".
std::string describe(const Node& n, int firstResult) {
  if (n.isInput()) return "input %" + n.output()->name();
  if (n.isOutput()) return "return";
  if (n.isFused()) return "%" + std::to_string(firstResult) + " = fused";
  if (n.numOutputs() == 0) return printedOpName(n);
  return "%" + std::to_string(firstResult) + " = " + printedOpName(n);
}

// Note [Fused nodes]: arguments and results match the body's inputs and
// outputs, and the body is a valid graph whose only mutations write a
// buffer made in the body that nothing else reads (Note [Absorbed in-place
// ops] in opt/fuse.cpp), or an input after its last read (a store).
std::vector<std::string> fusedProblems(const Node& n, const VerifyOptions& options) {
  std::vector<std::string> problems;
  const Graph* body = n.body().get();
  if (!body) return {"fused node without a body"};
  auto inputs = body->inputs();
  if (n.args().size() != inputs.size()) problems.push_back("argument count differs from the body's inputs");
  for (size_t i = 0; i < n.args().size() && i < inputs.size(); ++i) {
    const Arg& a = n.args()[i];
    if (!a.isTensor()) problems.push_back("argument " + std::to_string(i) + " is not a tensor");
    else if (a.tensor->meta() != inputs[i]->meta())
      problems.push_back("argument " + std::to_string(i) + " has type " + printMeta(a.tensor->meta()) +
                         ", the body's input " + printMeta(inputs[i]->meta()));
  }
  auto outputs = body->outputs();
  if (n.numOutputs() != outputs.size()) problems.push_back("result count differs from the body's outputs");
  for (size_t i = 0; i < n.numOutputs() && i < outputs.size(); ++i)
    if (n.output(i)->meta() != outputs[i]->meta())
      problems.push_back("result " + std::to_string(i) + " differs from the body's output type");
  for (const Node* b : body->nodes()) {
    if (b->isFused()) problems.push_back("body: nested fused node");
    if (!b->isOp() || !isMutation(*b)) continue;
    const IrValue* self = b->tensorArg(0);
    bool ok = self && writtenArgIndices(*b) == std::vector<size_t>{0};
    // A store writes an input after every other read of it (Note [Fused
    // stores] in opt/fuse_indexed.cpp); other mutations write a body buffer
    // only they read.
    const bool store = ok && self->node()->isInput();
    ok = ok && (store || self->node()->isOp());
    for (const Node* u : ok ? self->users() : std::vector<Node*>{}) ok = ok && (u == b || (store && u->isBefore(b)));
    if (!ok) problems.push_back("body: a mutation of a value other readers see");
  }
  VerifyOptions inner = options;
  inner.functional = false;
  for (const std::string& p : verifyGraph(*body, inner)) problems.push_back("body: " + p);
  return problems;
}

}  // namespace

std::vector<std::string> verifyGraph(const Graph& g, const VerifyOptions& options) {
  std::vector<std::string> problems;
  std::unordered_set<const IrValue*> defined;
  auto nodes = g.nodes();
  bool seenOp = false;
  size_t outputs = 0;
  const OpDef* copyInplace = opTable().find("copy_");
  bool inEpilogue = false;  // functional mode: after the first write-back copy_
  std::unique_ptr<AliasAnalysis> aa;
  if (options.functional) aa = std::make_unique<AliasAnalysis>(g);

  int resultNumber = 0;
  for (size_t idx = 0; idx < nodes.size(); ++idx) {
    const Node& n = *nodes[idx];
    std::string where = describe(n, resultNumber);
    if (n.isOp() || n.isFused()) resultNumber += static_cast<int>(n.numOutputs());
    auto problem = [&](const std::string& msg) { problems.push_back(where + ": " + msg); };
    if (n.graph() != &g) problem("node does not belong to this graph");
    if (idx > 0 && !nodes[idx - 1]->isBefore(&n)) problem("node positions are not increasing");
    if (n.isInput() && (seenOp || outputs)) problem("graph input after an op");
    if (n.isOutput()) {
      ++outputs;
      if (idx + 1 != nodes.size()) problem("the return is not the last node");
    }
    if (n.isOp()) seenOp = true;

    // Arguments: defined earlier, use lists exact.
    std::unordered_map<const IrValue*, int> refs;
    for (const IrValue* v : n.inputValues()) {
      ++refs[v];
      if (!defined.count(v)) problem("uses a value that is not defined before it");
    }
    for (auto& [v, count] : refs) {
      if (static_cast<int>(std::count(v->users().begin(), v->users().end(), &n)) != count)
        problem("use list of an argument does not match the arguments");
    }
    for (size_t i = 0; i < n.numOutputs(); ++i) {
      const IrValue* out = n.output(i);
      if (out->node() != &n) problem("result does not point back to its node");
      for (Node* user : out->users()) {
        auto in = user->inputValues();
        if (std::find(in.begin(), in.end(), out) == in.end()) problem("a listed user does not use the value");
      }
      defined.insert(out);
    }
    if (n.isFused()) {
      for (const std::string& p : fusedProblems(n, options)) problem(p);
      continue;
    }
    if (!n.isOp()) continue;

    // Schema.
    const OpDef& op = *n.op();
    const Schema& s = op.schema;
    if (n.args().size() != s.args.size()) {
      problem("has " + std::to_string(n.args().size()) + " arguments, schema " + s.text + " has " +
              std::to_string(s.args.size()));
      continue;
    }
    bool argsOk = true;
    for (size_t i = 0; i < s.args.size(); ++i) {
      const Arg& a = n.args()[i];
      bool empty = (a.kind == Arg::Kind::TensorList && a.tensors.empty());
      if (!argKindFitsSchema(static_cast<int>(a.kind), empty, s.args[i])) {
        problem("argument '" + s.args[i].name + "' does not fit type " + s.args[i].typeText);
        argsOk = false;
      }
    }
    size_t tensorReturns = 0;
    for (auto& r : s.returns)
      if (r.type == ArgType::Tensor) ++tensorReturns;
    if (n.numOutputs() != tensorReturns) {
      problem("has " + std::to_string(n.numOutputs()) + " results, schema returns " + std::to_string(tensorReturns));
      argsOk = false;
    }

    // Metadata against the shape rule.
    if (options.checkMeta && argsOk && argsAreConcrete(n.args())) {
      try {
        auto metas = inferOutputMetas(op, n.args());
        for (size_t i = 0; i < metas.size() && i < n.numOutputs(); ++i) {
          const ValueMeta& got = n.output(i)->meta();
          const ValueMeta& want = metas[i];
          bool aliased = aliasedArgIndex(n, i) >= 0;
          // Note [Contiguity]: a dim of size 1 may carry any stride, also in
          // a view (reinplacing may give a [1, 1] value the strides [0, 0] of
          // the expanded buffer it now lives in, and a reshape of it is
          // recorded with the strides it had before).
          bool sameStrides = got.strides == want.strides;
          if (!sameStrides && aliased && got.sizes == want.sizes && got.strides.size() == want.strides.size()) {
            sameStrides = true;
            for (size_t d = 0; d < got.sizes.size(); ++d)
              sameStrides = sameStrides && (got.sizes[d] == SymInt(1) || got.strides[d] == want.strides[d]);
          }
          bool same = got.dtype == want.dtype && got.sizes == want.sizes &&
                      (sameStrides || (!aliased && got.isContiguous() && want.isContiguous())) &&
                      (!aliased || got.offset == want.offset);
          if (!same) problem("result type " + printMeta(got) + " differs from the shape rule's " + printMeta(want));
        }
      } catch (const Error& e) {
        problem("shape rule rejects the arguments: " + e.message);
      }
    }

    // Functional form.
    if (options.functional) {
      bool writes = isMutation(n);
      bool writeBack = writes && &op == copyInplace && aa->rootIsInput(n.tensorArg(0));
      if (writes && !writeBack) problem("mutation in a functional graph (only copy_ into graph inputs is allowed)");
      if (writeBack) inEpilogue = true;
      else if (inEpilogue && !(isViewNode(n) && aa->rootIsInput(n.output())))
        problem("only write-back copy_ nodes and views of inputs may follow the first write-back");
    }
  }
  if (outputs != 1) problems.push_back("graph has " + std::to_string(outputs) + " return nodes (expected 1)");
  return problems;
}

void verifyOrThrow(const Graph& g, const VerifyOptions& options, const std::string& context) {
  auto problems = verifyGraph(g, options);
  if (problems.empty()) return;
  std::string msg = "IR verification failed " + context + ":";
  for (auto& p : problems) msg += "\n  " + p;
  throw Error(ErrorKind::Value, msg);
}

}  // namespace tdsl::ir
