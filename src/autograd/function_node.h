// The nodes dispatch makes for ops: a derivative row's node (FormulaNode),
// CopySlices for an in-place op through a view, and the node that makes a
// view's gradient a gradient of its base (Note [Differentiable views]).
#pragma once

#include <string>
#include <vector>

#include "autograd/derivatives.h"
#include "autograd/node.h"

namespace tdsl::autograd {

// Note [Saved tensors]
// A node keeps what its row's `saves` names: an input by reference (its
// history stays usable for create_graph), an output as a detached alias (an
// output that kept its own grad_fn alive would be a reference cycle; the
// alias gets its history back when a create_graph backward unpacks it), and
// for an in-place op the overwritten self as a clone taken before the
// kernel. Each saved tensor records its storage version; backward refuses a
// node whose saved tensor changed since (PyTorch's message), and a node
// whose saved tensors were freed by an earlier backward.
class FormulaNode : public Node {
 public:
  FormulaNode(const DerivativeRow& row, std::string name) : row_(row), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string className() const override {  // "torch::autograd::CopyBackwards" -> "CopyBackwards"
    const size_t colon = name_.rfind("::");
    return colon == std::string::npos ? name_ : name_.substr(colon + 2);
  }
  std::vector<Value> apply(ApplyContext& ctx, std::vector<Value>& grads) override;
  void releaseSaved() override;

  BoundArgs args;       // every argument; unsaved tensors as metadata-only tensors
  OpResults results;    // saved results (detached aliases) or metadata-only tensors
  bool savesResult = false;
  std::vector<int> inputOfSlot;  // schema slot -> input number, -1 if not a tensor
  int listBase = -1;
  std::vector<TensorMeta> inputMeta;
  struct SavedCheck {
    Ref<TensorObject> tensor;
    uint64_t version = 0;
    std::string producer;  // the grad_fn name it was an output of ("" for a leaf)
    uint32_t outputNr = 0;
  };
  std::vector<SavedCheck> checks;
  bool hasSaved = false;

 private:
  const DerivativeRow& row_;
  std::string name_;
  bool released_ = false;
};

// PyTorch's CopySlices: the base's grad_fn after an in-place op `fn` wrote
// through a view of it. Backward runs `fn` on the view's part of the base's
// gradient and writes fn's self-gradient back into that part.
class CopySlices : public Node {
 public:
  CopySlices(TensorMeta base, TensorMeta view, std::shared_ptr<Node> fn)
      : base_(std::move(base)), view_(std::move(view)), fn_(std::move(fn)) {}
  std::string name() const override { return "torch::autograd::CopySlices"; }
  std::string className() const override { return "CopySlices"; }
  std::vector<Value> apply(ApplyContext& ctx, std::vector<Value>& grads) override;
  void releaseSaved() override { fn_->releaseSaved(); }

 private:
  TensorMeta base_, view_;
  std::shared_ptr<Node> fn_;
};

// A view's grad_fn regenerated over its base's history.
class ViewOfBase : public Node {
 public:
  ViewOfBase(TensorMeta base, TensorMeta view) : base_(std::move(base)), view_(std::move(view)) {}
  std::string name() const override { return "AsStridedBackward0"; }
  std::vector<Value> apply(ApplyContext& ctx, std::vector<Value>& grads) override;

 private:
  TensorMeta base_, view_;
};

// "[torch.FloatTensor [3]]" as PyTorch names a tensor in autograd errors.
std::string tensorTypeText(const TensorMeta& m);
// "torch.FloatTensor" for float32, ...
const char* tensorTypeName(DType d);

// PyTorch's error for a backward through a node whose saved tensors an
// earlier backward freed.
extern const char* const kFreedMessage;
// Note [Saved tensors]: throws PyTorch's error when the saved tensor `t`
// is no longer at `version` (producer: the grad_fn name it was output
// `outputNr` of, "" for a leaf).
void checkSavedVersion(const TensorState& s, const TensorObject& t, uint64_t version, const std::string& producer,
                       uint32_t outputNr);

}  // namespace tdsl::autograd
