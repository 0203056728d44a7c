#include "autograd/batching.h"

#include <algorithm>

#include "autograd/autograd_meta.h"
#include "tensor/tensor_iter.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

namespace {

bool contains(const BatchMarks& marks, const BatchLevel* level) {
  return std::any_of(marks.begin(), marks.end(), [&](const BatchDim& m) { return m.level.get() == level; });
}

}  // namespace

void markBatched(TensorObject& t, const std::shared_ptr<BatchLevel>& level) {
  BatchMarks& marks = ensureMeta(t).batch;
  if (!contains(marks, level.get())) marks.push_back(BatchDim{level, 0});
}

bool isBatched(const TensorObject& t) {
  const AutogradMeta* m = metaOf(t);
  return m && std::any_of(m->batch.begin(), m->batch.end(), [](const BatchDim& d) { return d.level->live; });
}

void collectLiveMarks(const TensorObject& t, BatchMarks& into) {
  const AutogradMeta* m = metaOf(t);
  if (!m) return;
  for (const BatchDim& d : m->batch)
    if (d.level->live && !contains(into, d.level.get())) into.push_back(d);
}

bool hasAllMarks(const TensorObject& t, const BatchMarks& marks) {
  const AutogradMeta* m = metaOf(t);
  for (const BatchDim& d : marks)
    if (!m || !contains(m->batch, d.level.get())) return false;
  return true;
}

void addMarks(TensorObject& t, const BatchMarks& marks) {
  if (marks.empty()) return;
  BatchMarks& own = ensureMeta(t).batch;
  for (const BatchDim& d : marks)
    if (!d.level->physical && !contains(own, d.level.get())) own.push_back(BatchDim{d.level, 0});
}

BatchMarks physicalDims(const TensorObject& t) {
  BatchMarks dims;
  if (const AutogradMeta* m = metaOf(t))
    for (const BatchDim& d : m->batch)
      if (d.level->physical) dims.push_back(d);
  return dims;
}

bool hasPhysicalDims(const TensorObject& t) {
  const AutogradMeta* m = metaOf(t);
  return m && std::any_of(m->batch.begin(), m->batch.end(), [](const BatchDim& d) { return d.level->physical; });
}

void setPhysicalDims(TensorObject& t, const BatchMarks& dims) {
  if (dims.empty() && !t.autograd) return;
  BatchMarks& own = ensureMeta(t).batch;
  own.erase(std::remove_if(own.begin(), own.end(), [](const BatchDim& d) { return d.level->physical; }), own.end());
  own.insert(own.end(), dims.begin(), dims.end());
}

bool isLiveBatched(const TensorObject& t) {
  const AutogradMeta* m = metaOf(t);
  return m && std::any_of(m->batch.begin(), m->batch.end(), [](const BatchDim& d) { return d.level->physical && d.level->live; });
}

// Note [In-place into an unbatched self]
// PyTorch 2.15 words this error by how it batches the op: ops with a
// batching rule say "inplace arithmetic"; ops that go through its per-sample
// fallback name the aten op and the level; a few composite rules name the
// op; and add_, atan2_ and the bitwise ops run on the physical tensors and
// fail their broadcast (the output's physical shape against the
// broadcast of every tensor's physical shape, levels outermost first, a
// level a tensor is not batched at omitted before its first batched one
// and 1 after it, logical ranks aligned).
namespace {

// The live levels of the op's tensors, outermost first: by their place
// among the vmap calls under way, else by when they opened.
std::vector<std::shared_ptr<BatchLevel>> levelsOf(const TensorState& s, const BoundArgs& args) {
  BatchMarks marks;
  forEachTensorArg(args, [&](const TensorObject& t) { collectLiveMarks(t, marks); });
  auto rank = [&](const BatchLevel* l) {
    for (size_t i = 0; i < s.vmapLevels.size(); ++i)
      if (s.vmapLevels[i].get() == l) return std::make_pair(i, l->openedAt);
    return std::make_pair(s.vmapLevels.size(), l->openedAt);
  };
  std::sort(marks.begin(), marks.end(), [&](const BatchDim& a, const BatchDim& b) { return rank(a.level.get()) < rank(b.level.get()); });
  std::vector<std::shared_ptr<BatchLevel>> levels;
  for (const BatchDim& d : marks) levels.push_back(d.level);
  return levels;
}

Dims physicalShape(const std::vector<std::shared_ptr<BatchLevel>>& levels, const TensorObject& t, size_t logicalRank) {
  Dims out;
  bool seen = false;
  for (const std::shared_ptr<BatchLevel>& l : levels) {
    const AutogradMeta* m = metaOf(t);
    const bool batched = m && std::any_of(m->batch.begin(), m->batch.end(), [&](const BatchDim& d) { return d.level == l; });
    if (batched) out.push_back(l->size);
    else if (seen) out.push_back(1);
    seen |= batched;
  }
  for (size_t k = t.sizes().size(); k < logicalRank; ++k) out.push_back(1);
  for (int64_t size : t.sizes()) out.push_back(size);
  return out;
}

}  // namespace

[[noreturn]] void throwInplaceIntoUnbatched(const TensorState& s, const std::string& opName, const BoundArgs& args) {
  static const char* const broadcastFailures[] = {"add_", "atan2_", "bitwise_and_", "bitwise_or_", "bitwise_xor_"};
  static const char* const fallbackOps[] = {"pow_", "addcmul_", "addcdiv_", "lerp_", "clamp_", "fmod_",
                                            "hypot_", "remainder_", "floor_divide_", "eq_", "ne_", "lt_",
                                            "le_", "gt_", "ge_", "index_copy_", "scatter_", "masked_scatter_"};
  static const char* const namedComposites[] = {"fill_", "index_add_", "index_fill_", "scatter_add_", "index_put_"};
  if (isNamed(opName, broadcastFailures)) {
    size_t rank = 0;
    forEachTensorArg(args, [&](const TensorObject& t) { rank = std::max(rank, static_cast<size_t>(t.sizes().size())); });
    const TensorObject& self = *asTensor(args[0]);
    const auto levels = levelsOf(s, args);
    Dims broadcast;
    forEachTensorArg(args, [&](const TensorObject& t) {
      broadcast = broadcastShapes(broadcast, physicalShape(levels, t, &t == &self ? 0 : rank));
    });
    throw Error(ErrorKind::Runtime, "output with shape " + formatDims(physicalShape(levels, self, 0)) +
                                        " doesn't match the broadcast shape " + formatDims(broadcast));
  }
  std::string what = "inplace arithmetic", where = "in a vmap";
  if (isNamed(opName, fallbackOps)) {
    what = "aten::" + opName;
    where = "at level " + std::to_string(std::max<size_t>(1, s.vmapLevels.size()));
  } else if (isNamed(opName, namedComposites)) {
    what = opName;
  }
  throw Error(ErrorKind::Runtime,
              "vmap: " + what + "(self, *extra_args) is not possible because there exists a Tensor `other` in "
              "extra_args that has more elements than `self`. This happened due to `other` being vmapped over but "
              "`self` not being vmapped over " + where + ". Please try to use out-of-place operators instead of " +
              what + ". If said operator is being called inside the PyTorch framework, please file a bug report instead.");
}

void throwBatchedItem() {
  throw Error(ErrorKind::Runtime,
              "vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over calling .item() on a "
              "Tensor, please try to rewrite what you're doing with other operations. If error is occurring somewhere "
              "inside PyTorch internals, please file a bug report.");
}

void throwBatchedControlFlow() {
  throw Error(ErrorKind::Runtime,
              "vmap: It looks like you're attempting to use a Tensor in some data-dependent control flow. We don't "
              "support that yet, please file an issue at https://github.com/pytorch/pytorch/issues .");
}

}  // namespace tdsl::autograd
