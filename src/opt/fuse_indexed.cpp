// Which gathers and indexed stores a fused group may hold (fuse.h).
//
// Note [Fused gathers]
// index_select(self, 0, index) of a 1-D float32/float64 self with a 1-D
// int64 index joins a group as a load: lane i reads self[index[i]]. The
// iteration space is the index's length (the result's). The index keeps its
// own dtype (an address path beside the lanes: jit/vector_program.h). Every
// index is checked before the kernel runs; a call with an index out of
// range runs the reference path, so it raises eager's error.
//
// Note [Fused stores]
// A group may end in one op that writes a buffer the group did not make:
//   - an in-place pointwise op (add_, mul_, ...) whose self is a graph
//     input, a view, or a buffer other nodes read (what reinplacing leaves,
//     e.g. field[1:-1].add_(delta));
//   - index_copy_(self, 0, index, source) and index_put_(self, [index],
//     values) (accumulate=False) on a 1-D self with a 1-D int64 index.
// The kernel writes that buffer in place, lane by lane, at the group's
// position, after reading everything a lane needs. That equals eager, which
// computes every earlier member fully before the write, only when no other
// lane can read what a lane wrote: every group input sharing the written
// buffer's storage must be provably disjoint from the written region
// (regionOverlap), or be the written value itself read lane for lane (the
// pointwise case: element i is read, then written, by lane i alone), or,
// for an indexed store, be the written value read only by gathers through
// the same index tensor; then repeated indices would let one lane read what
// another wrote, so the kernel checks the indices are distinct before it
// runs and takes the reference path (eager order) otherwise. The written
// value must not overlap itself (hasInternalOverlap). Anything else is not
// fused: the op stays a mutation that closes the group. The group closes
// after its store; its Fused node's result for the store is the written
// buffer (Note [Fused nodes] in ir/graph.h).
#include "opt/fuse.h"

#include "ops/op_table.h"

namespace tdsl::opt {

namespace {

bool isFloat(const ir::IrValue* v) {
  return v && (v->meta().dtype == DType::Float32 || v->meta().dtype == DType::Float64);
}

bool isOneDimInt64(const ir::IrValue* v) { return v && v->meta().dtype == DType::Int64 && v->meta().dim() == 1; }

bool isDimZero(const ir::Arg& a) {
  return a.kind == ir::Arg::Kind::Int && a.i.isConstant() && (a.i.constant() == 0 || a.i.constant() == -1);
}

}  // namespace

std::optional<IndexedAccess> fusibleIndexed(const ir::Node& n) {
  if (!n.isOp() || n.numOutputs() != 1) return std::nullopt;
  const std::string& name = n.op()->fullName();
  ir::IrValue* self = n.tensorArg(0);
  if (!isFloat(self) || self->meta().dim() != 1 || n.output()->meta().dtype != self->meta().dtype)
    return std::nullopt;
  if (name == "index_select") {
    if (n.args().size() != 3 || !isDimZero(n.arg(1)) || !isOneDimInt64(n.tensorArg(2))) return std::nullopt;
    return IndexedAccess{IndexedKind::Gather, self, n.tensorArg(2), nullptr};
  }
  if (name == "index_copy_") {
    ir::IrValue* index = n.tensorArg(2);
    ir::IrValue* source = n.tensorArg(3);
    if (n.args().size() != 4 || !isDimZero(n.arg(1)) || !isOneDimInt64(index) || !source) return std::nullopt;
    if (source->meta().dtype != self->meta().dtype || source->meta().dim() != 1 ||
        source->meta().sizes != index->meta().sizes)
      return std::nullopt;
    return IndexedAccess{IndexedKind::Copy, self, index, source};
  }
  if (n.op()->name() == "index_put_") {
    if (n.args().size() != 4) return std::nullopt;
    const ir::Arg& list = n.arg(1);
    const ir::Arg& accumulate = n.arg(3);
    if (list.kind != ir::Arg::Kind::TensorList || list.tensors.size() != 1 || !isOneDimInt64(list.tensors[0]))
      return std::nullopt;
    if (accumulate.kind != ir::Arg::Kind::Bool || accumulate.b) return std::nullopt;
    ir::IrValue* values = n.tensorArg(2);
    // values broadcast to the index's length: 0-d, [1] or [len].
    if (!values || values->meta().dtype != self->meta().dtype || values->meta().dim() > 1) return std::nullopt;
    if (values->meta().dim() == 1 && values->meta().sizes != list.tensors[0]->meta().sizes &&
        !(values->meta().sizes[0].isConstant() && values->meta().sizes[0].constant() == 1))
      return std::nullopt;
    return IndexedAccess{IndexedKind::Put, self, list.tensors[0], values};
  }
  return std::nullopt;
}

}  // namespace tdsl::opt
