// out= keyword arguments on torch functions.
//
// Note [out= arguments]
// torch.add(x, y, out=r), torch.sort(x, out=(v, i)), torch.arange(5, out=r):
// the op's functional row computes the result, which is then written into
// the given tensor(s) with copy_, and the call returns them, as PyTorch does
// (its *_out overloads). PyTorch's rules for the out tensor:
//   - shape: an out of another shape is resized to the result's (PyTorch
//     warns when it had elements; tdsl resizes without the warning). A resize
//     replaces the out tensor's storage, so other views of its old storage
//     keep the old data;
//   - dtype: linear algebra (mm, matmul, mv, bmm, dot) needs out's dtype to
//     be the result's ("Expected out tensor to have dtype float, but got
//     double instead"); other ops write any dtype the result can be cast to
//     ("result type Float can't be cast to the desired output type Long").
// Only function calls take out=, and only for ops that are neither views nor
// in-place. While tracing, the copy_ is traced like any in-place op; a
// resize is a change of a tensor's metadata outside the graph, so it refuses
// the trace (Note [Trace refusal]) and the call runs eagerly.
#pragma once

#include "ops/op_table.h"
#include "tensor/tensor.h"
#include "vm/native.h"
#include "vm/torch/dispatch.h"

namespace tdsl {

// Whether `call` to `set` has an out= keyword this module handles.
bool hasOutKeyword(const ir::OverloadSet& set, CallStyle style, const CallArgs& call);

// Calls `set` without the out= keyword and writes the result into it.
Value callWithOut(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                  const CallArgs& call);

}  // namespace tdsl
