// nonzero(as_tuple=True) and one-argument torch.where(condition): Python-level
// forms of the nonzero op (PyTorch's binding keyword, not a schema argument).
//
// Note [nonzero as_tuple]
// x.nonzero(as_tuple=True), torch.nonzero(x, as_tuple=True) and
// torch.where(x) return one int64 tensor per dim of x: the columns of
// nonzero(x), as views (PyTorch unbinds the (n, dim) result along dim 1). A
// 0-dim x counts as one dim, as in PyTorch. nonzero's size depends on the
// data, so compiled code breaks the graph there (kTagDataDependentShape).
#pragma once

#include "ops/op_table.h"
#include "tensor/tensor.h"
#include "vm/native.h"
#include "vm/torch/dispatch.h"

namespace tdsl {

// Whether `call` is one of the forms above.
bool isNonzeroTupleForm(const ir::OverloadSet& set, const CallArgs& call);

// The same for a call without keywords, where only torch.where(condition)
// qualifies: inline, since every keyword-free eager call asks.
inline bool isWhereTupleForm(const ir::OverloadSet& set, const CallArgs& call) {
  static const ir::OverloadSet* const where = ir::opTable().overloads("where");
  return call.nargs == 1 && call.nkwargs == 0 && &set == where;
}

Value callNonzeroTuple(TensorState& state, const ir::OverloadSet& set, CallStyle style, const Value* self,
                       const CallArgs& call);

}  // namespace tdsl
