// Parses and checks einsum equations (Note [Einsum labels]).
#include "tensor/einsum_equation.h"

#include "support/diagnostics.h"

namespace tdsl {

namespace {

int labelIndex(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  return -1;
}

char labelChar(int label) { return static_cast<char>(label < 26 ? 'A' + label : 'a' + label - 26); }

[[noreturn]] void fail(const std::string& message) { throw Error(ErrorKind::Runtime, "einsum(): " + message); }

}  // namespace

EinsumPlan planEinsum(const std::string& equation, const std::vector<Dims>& shapes) {
  EinsumPlan plan;
  plan.sizes.assign(kEinsumLabels, 0);
  plan.used.assign(kEinsumLabels, false);
  const size_t arrow = equation.find("->");
  const std::string lhs = equation.substr(0, arrow);
  plan.operands.emplace_back();
  for (size_t i = 0; i < lhs.size(); ++i) {
    const char c = lhs[i];
    if (c == ' ') continue;
    if (c == ',') {
      plan.operands.emplace_back();
      continue;
    }
    if (c == '.') throw Error(ErrorKind::Runtime, "einsum(): ellipsis '...' is not supported by tdsl");
    const int label = labelIndex(c);
    if (label < 0)
      fail("invalid subscript given at index " + std::to_string(i) +
           " in the equation string, subscripts must be in [a-zA-Z]");
    plan.operands.back().push_back(label);
  }
  if (plan.operands.size() > shapes.size()) fail("fewer operands were provided than specified in the equation");
  if (plan.operands.size() < shapes.size()) fail("more operands were provided than specified in the equation");

  std::vector<int> counts(kEinsumLabels, 0);
  for (size_t op = 0; op < shapes.size(); ++op) {
    const std::vector<int>& labels = plan.operands[op];
    const Dims& shape = shapes[op];
    if (static_cast<int64_t>(labels.size()) != shape.size())
      fail("the number of subscripts in the equation (" + std::to_string(labels.size()) +
           ") does not match the number of dimensions (" + std::to_string(shape.size()) + ") for operand " +
           std::to_string(op) + " and no ellipsis was given");
    std::vector<int64_t> seenHere(kEinsumLabels, -1);
    for (size_t d = 0; d < labels.size(); ++d) {
      const int label = labels[d];
      const int64_t size = shape[static_cast<int>(d)];
      ++counts[static_cast<size_t>(label)];
      if (seenHere[static_cast<size_t>(label)] >= 0) {
        if (seenHere[static_cast<size_t>(label)] != size)
          fail(std::string("subscript ") + labelChar(label) + " is repeated for operand " + std::to_string(op) +
               " but the sizes don't match, " + std::to_string(size) + " != " +
               std::to_string(seenHere[static_cast<size_t>(label)]));
        continue;
      }
      seenHere[static_cast<size_t>(label)] = size;
      int64_t& known = plan.sizes[static_cast<size_t>(label)];
      if (plan.used[static_cast<size_t>(label)] && known != size && known != 1 && size != 1)
        fail(std::string("subscript ") + labelChar(label) + " has size " + std::to_string(size) + " for operand " +
             std::to_string(op) + " which does not broadcast with previously seen size " + std::to_string(known));
      if (!plan.used[static_cast<size_t>(label)] || known == 1) known = size;
      plan.used[static_cast<size_t>(label)] = true;
    }
  }

  if (arrow == std::string::npos) {
    for (int label = 0; label < kEinsumLabels; ++label)
      if (counts[static_cast<size_t>(label)] == 1) plan.output.push_back(label);
    return plan;
  }
  std::vector<bool> inOutput(kEinsumLabels, false);
  const std::string rhs = equation.substr(arrow + 2);
  for (size_t i = 0; i < rhs.size(); ++i) {
    const char c = rhs[i];
    if (c == ' ') continue;
    if (c == '.') throw Error(ErrorKind::Runtime, "einsum(): ellipsis '...' is not supported by tdsl");
    const int label = labelIndex(c);
    if (label < 0)
      fail("invalid subscript given at index " + std::to_string(arrow + 2 + i) +
           " in the equation string, subscripts must be in [a-zA-Z]");
    if (inOutput[static_cast<size_t>(label)])
      fail(std::string("output subscript ") + c + " appears more than once in the output");
    if (!plan.used[static_cast<size_t>(label)])
      fail(std::string("output subscript ") + c + " does not appear in the equation for any input operand");
    inOutput[static_cast<size_t>(label)] = true;
    plan.output.push_back(label);
  }
  return plan;
}

}  // namespace tdsl
