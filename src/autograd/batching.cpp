#include "autograd/batching.h"

#include <algorithm>

#include "autograd/autograd_meta.h"
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

[[noreturn]] void throwInplaceIntoUnbatched() {
  throw Error(ErrorKind::Runtime,
              "vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a Tensor `other` in "
              "extra_args that has more elements than `self`. This happened due to `other` being vmapped over but "
              "`self` not being vmapped over in a vmap. Please try to use out-of-place operators instead of inplace "
              "arithmetic. If said operator is being called inside the PyTorch framework, please file a bug report "
              "instead.");
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
              "support that yet, please shout over at https://github.com/pytorch/functorch/issues/257 .");
}

}  // namespace tdsl::autograd
