// Row groups added after op_table.h's list (one per ops/rows/*.cpp file);
// only op_table.cpp needs them.
#pragma once

#include <vector>

#include "ops/op_table.h"

namespace tdsl::ir {

const std::vector<OpRow>& viewMoreOpRows();  // view_more.cpp: in-place views, new views and their scatters
const std::vector<OpRow>& mathMoreOpRows();  // math_more.cpp: the pointwise/reduction/shape ops of docs/views.md
const std::vector<OpRow>& corpusOpRows();    // corpus_ops.cpp: ops the public corpus programs needed (issue 15)

}  // namespace tdsl::ir
