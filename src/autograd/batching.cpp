#include "autograd/batching.h"

#include <algorithm>

#include "autograd/autograd_meta.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

namespace {

bool contains(const BatchMarks& marks, const BatchLevel* level) {
  return std::any_of(marks.begin(), marks.end(), [&](const auto& m) { return m.get() == level; });
}

}  // namespace

void markBatched(TensorObject& t, const std::shared_ptr<BatchLevel>& level) {
  BatchMarks& marks = ensureMeta(t).batch;
  if (!contains(marks, level.get())) marks.push_back(level);
}

bool isBatched(const TensorObject& t) {
  const AutogradMeta* m = metaOf(t);
  return m && std::any_of(m->batch.begin(), m->batch.end(), [](const auto& l) { return l->live; });
}

void collectLiveMarks(const TensorObject& t, BatchMarks& into) {
  const AutogradMeta* m = metaOf(t);
  if (!m) return;
  for (const auto& l : m->batch)
    if (l->live && !contains(into, l.get())) into.push_back(l);
}

bool hasAllMarks(const TensorObject& t, const BatchMarks& marks) {
  const AutogradMeta* m = metaOf(t);
  for (const auto& l : marks)
    if (!m || !contains(m->batch, l.get())) return false;
  return true;
}

void addMarks(TensorObject& t, const BatchMarks& marks) {
  if (marks.empty()) return;
  BatchMarks& own = ensureMeta(t).batch;
  for (const auto& l : marks)
    if (!contains(own, l.get())) own.push_back(l);
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
