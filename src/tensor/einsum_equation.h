// The parsed form of an einsum equation ("ij,jk->ik"), checked against the
// operands' shapes with PyTorch 1.13's messages.
//
// Note [Einsum labels]
// A label is a letter, numbered as PyTorch numbers them: 'A'-'Z' are 0-25,
// 'a'-'z' are 26-51. Without "->" the output is every label that appears
// exactly once in the inputs, in that numbering (so uppercase first). A label
// of size 1 in one operand broadcasts against the others; a label repeated
// within one operand takes that operand's diagonal. Ellipsis ("...") is not
// supported by tdsl.
#pragma once

#include <string>
#include <vector>

#include "tensor/tensor_meta.h"

namespace tdsl {

constexpr int kEinsumLabels = 52;

struct EinsumPlan {
  std::vector<std::vector<int>> operands;  // each operand's label per dim
  std::vector<int> output;                 // the output's label per dim
  std::vector<int64_t> sizes;              // per label (broadcast); 0 for an unused label
  std::vector<bool> used;                  // per label: appears in some operand
};

EinsumPlan planEinsum(const std::string& equation, const std::vector<Dims>& shapes);

}  // namespace tdsl
