#include "autograd/function_node.h"

#include "autograd/dispatch.h"

#include "autograd/versions.h"
#include "support/diagnostics.h"

namespace tdsl::autograd {

const char* const kFreedMessage =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
    "you need to access saved tensors after calling backward.";

void checkSavedVersion(const TensorState& s, const TensorObject& t, uint64_t version, const std::string& producer,
                       uint32_t outputNr) {
  const uint64_t now = versionOf(s, t);
  if (now == version) return;
  std::string m = "one of the variables needed for gradient computation has been modified by an inplace operation: " +
                  tensorTypeText(t.meta);
  if (!producer.empty()) m += ", which is output " + std::to_string(outputNr) + " of " + producer + ",";
  m += " is at version " + std::to_string(now) + "; expected version " + std::to_string(version) +
       " instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
       "with torch.autograd.set_detect_anomaly(True).";
  throw Error(ErrorKind::Runtime, m);
}

namespace {

Value metaOnly(const Value& v) {
  if (!v.isTensor() || asTensor(v)->isMeta()) return v;
  return Value(makeMetaTensor(asTensor(v)->meta));
}

}  // namespace

const char* tensorTypeName(DType d) {
  switch (d) {
    case DType::Float32: return "torch.FloatTensor";
    case DType::Float64: return "torch.DoubleTensor";
    case DType::Int64: return "torch.LongTensor";
    case DType::Int32: return "torch.IntTensor";
    case DType::Bool: return "torch.BoolTensor";
  }
  return "torch.Tensor";
}

std::string tensorTypeText(const TensorMeta& m) {
  return std::string("[") + tensorTypeName(m.dtype) + " " + formatDims(m.sizes) + "]";
}

std::vector<Value> FormulaNode::apply(ApplyContext& ctx, std::vector<Value>& grads) {
  if (released_ && hasSaved) throw Error(ErrorKind::Runtime, kFreedMessage);
  for (const SavedCheck& c : checks) checkSavedVersion(ctx.state, *c.tensor, c.version, c.producer, c.outputNr);
  for (size_t i = 0; i < grads.size(); ++i)
    if (grads[i].isNone()) grads[i] = zerosOf(ctx.state, outputs[i]);
  OpResults saved = results;
  if (ctx.createGraph && savesResult) {
    // Note [Saved tensors]: an output gets its history back for a double backward.
    for (int i = 0; i < saved.count; ++i) {
      if (!saved[i].isTensor()) continue;
      Value r = detachedAlias(ctx.state, *asTensor(saved[i]));
      if (isFloating(asTensor(r)->dtype())) setHistory(*asTensor(r), shared_from_this(), static_cast<uint32_t>(i));
      saved[i] = r;
    }
  }
  std::vector<Value> out(next.size());
  std::vector<bool> needed(next.size());
  for (size_t k = 0; k < next.size(); ++k) needed[k] = next[k].valid();
  GradCtx c{ctx.state, args, saved, grads, inputOfSlot, needed, out};
  c.listBase = listBase;
  row_.formula(c);
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k].isNone()) continue;
    const TensorMeta& want = inputMeta[k];
    if (asTensor(out[k])->sizes() != want.sizes) out[k] = sumToSize(ctx.state, out[k], want.sizes);
    out[k] = toDtype(ctx.state, out[k], want.dtype);
  }
  return out;
}

// Note [Released nodes hold no tensors]
// Freeing the saved tensors drops every reference the node holds to a
// tensor, a tracer's proxy (a meta tensor, which metaOnly keeps as it is)
// included: a node with saved tensors never runs its formula again (apply
// raises "backward through the graph a second time"), so only the
// metadata is needed. The tracer relies on it: a view that only a released
// node still named is no longer live (Note [Writes autograd does not
// record] in compile/tracer_autograd.cpp). A node that saved nothing may
// run again, and keeps what it had.
void FormulaNode::releaseSaved() {
  released_ = true;
  auto release = [&](const Value& v) {
    if (hasSaved && v.isTensor() && asTensor(v)->isMeta()) return Value(makeMetaTensor(asTensor(v)->meta));
    return metaOnly(v);
  };
  for (int i = 0; i < args.count; ++i) {
    if (args.kind(i) == ArgKind::Tensors) {
      for (Value& v : args.tensors) v = release(v);
    } else if (args.kind(i) == ArgKind::Value) {
      args[i] = release(args[i]);
    }
  }
  for (int i = 0; i < results.count; ++i) results[i] = release(results[i]);
  checks.clear();
}

std::vector<Value> CopySlices::apply(ApplyContext& ctx, std::vector<Value>& grads) {
  TensorState& s = ctx.state;
  Value g = grads[0].isNone() ? zerosOf(s, base_) : grads[0];
  BaseBuffer b = baseBuffer(s, base_, view_, g);
  op(s, "copy_", {b.base, g});
  std::vector<Value> viewGrad{op(s, "clone", {afterWrites(s, b.view)})};
  std::vector<Value> fnGrads = fn_->apply(ctx, viewGrad);
  if (!fnGrads.empty() && !fnGrads[0].isNone()) op(s, "copy_", {b.view, fnGrads[0]});
  else op(s, "zero_", {b.view});
  std::vector<Value> out(next.size());
  out[0] = afterWrites(s, b.base);
  for (size_t k = 1; k < out.size() && k < fnGrads.size(); ++k) out[k] = fnGrads[k];
  return out;
}

std::vector<Value> ViewOfBase::apply(ApplyContext& ctx, std::vector<Value>& grads) {
  if (grads[0].isNone()) return {Value()};
  return {scatterIntoBase(ctx.state, grads[0], base_, view_)};
}

}  // namespace tdsl::autograd
