// Functionalization: see functionalize.h for the contract.
//
// Note [Versions of a storage]
// Each storage root of the input graph (a graph input or a fresh result) has
// a `current` value in the output graph: its latest functional version. A
// write bumps the version. A view of the root is a chain of view nodes; its
// value is the chain replayed on `current`, cached per version, so a view read
// after a mutation of any alias is recomputed from the updated base.
#include "opt/functionalize.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "support/diagnostics.h"
#include "ir/alias_analysis.h"
#include "ir/meta_inference.h"
#include "ops/op_table.h"

namespace tdsl::opt {

using namespace tdsl::ir;

namespace {

struct Storage {
  IrValue* current = nullptr;  // latest version (output graph)
  IrValue* input = nullptr;    // the output graph's input, for input roots
  int version = 0;
  // Region bookkeeping for the write-back (Note [Static write-back region]).
  bool wroteWhole = false;
  bool regionStatic = true;
  std::vector<const Node*> regionChain;  // view chain of the first regional write
  IrValue* lastRegionValue = nullptr;    // value written by the last regional write
};

// Note [Static write-back region]: when every write to an input went through
// view chains with the same ops and the same non-tensor arguments, the
// changed region is that view, and only it is copied back.
bool sameChain(const std::vector<const Node*>& a, const std::vector<const Node*>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i]->op() != b[i]->op()) return false;
    for (size_t k = 1; k < a[i]->args().size(); ++k)
      if (a[i]->args()[k] != b[i]->args()[k]) return false;
  }
  return true;
}

bool chainHasTensorArgs(const std::vector<const Node*>& chain) {
  for (const Node* n : chain)
    for (size_t k = 1; k < n->args().size(); ++k)
      if (!n->args()[k].values().empty()) return true;
  return false;
}

class Functionalizer {
 public:
  Functionalizer(const Graph& src, PassInterrupt interrupt) : src_(src), out_(src.name()), interrupt_(interrupt) {
    copyInplace_ = opTable().find("copy_");
    copyFunctional_ = copyInplace_ ? copyInplace_->functional : nullptr;
    generalizedScatter_ = opTable().find("as_strided_scatter");
    clone_ = opTable().find("clone");
    asStrided_ = opTable().find("as_strided");
    TDSL_ASSERT(copyInplace_ && copyFunctional_ && generalizedScatter_ && clone_ && asStrided_);
  }

  void run(Graph& result) {
    for (Node* n : src_.nodes()) {
      interrupt_.poll();
      if (n->isInput()) {
        IrValue* in = n->output();
        IrValue* mine = out_.addInput(in->name(), in->meta());
        root_[in] = in;
        Storage& st = storage_[in];
        st.current = st.input = mine;
      } else if (n->isOp()) {
        visitOp(*n);
      } else {
        visitOutput(*n);
      }
    }
    result.swapContents(out_);
  }

 private:
  // The value an input-graph value has now (Note [Versions of a storage]).
  IrValue* get(const IrValue* v) {
    auto red = redirect_.find(v);
    if (red != redirect_.end()) return get(red->second);
    const IrValue* r = root_.at(v);
    Storage& st = storage_.at(r);
    if (v == r) return st.current;
    auto cached = viewCache_.find(v);
    if (cached != viewCache_.end() && cached->second.first == st.version && cached->second.second.first == r)
      return cached->second.second.second;
    IrValue* replayed = collapsedView(v, r, st.current);
    if (!replayed) replayed = replayView(*v->node(), v->outputIndex(), nullptr, /*onInput=*/false);
    viewCache_[v] = {st.version, {r, replayed}};
    return replayed;
  }

  // Note [Long view chains]: a view is replayed on every new version of its
  // storage that reads it, and replaying a chain of k views emits k nodes, so
  // `for i in range(n): x[i % 4].add_(1); x = x[1:]` would emit O(n^2) of
  // them. A chain longer than kMaxReplayedChain is replayed as ONE as_strided
  // of the current version instead, with the view's own sizes, strides and
  // offset. That is exact when the current version has the root's layout
  // (dtype, sizes, strides, offset): every view op computes its result's
  // metadata from its operand's alone, so the chain replayed on such a value
  // names the very elements the view named in the root. Short chains (what
  // hand-written code produces) are replayed op by op, as before.
  static constexpr size_t kMaxReplayedChain = 8;
  IrValue* collapsedView(const IrValue* v, const IrValue* root, IrValue* current) {
    if (chainLength(v) <= kMaxReplayedChain) return nullptr;
    const ValueMeta& m = v->meta();
    if (!isConcrete(m) || !isConcrete(current->meta()) || current->meta() != root->meta() || m.dtype != root->meta().dtype)
      return nullptr;
    return emitOp(out_, *asStrided_, {Arg::ofTensor(current), Arg::ofInts(m.sizes), Arg::ofInts(m.strides), Arg::ofInt(m.offset)})
        ->output();
  }

  // Emits `viewNode` again with translated arguments; its aliased argument is
  // the latest version (or, with onInput, the chain replayed on the graph
  // input itself, for write-backs and returned views).
  IrValue* replayView(const Node& viewNode, size_t outputIndex, Node* before, bool onInput) {
    int src = aliasedArgIndex(viewNode, outputIndex);
    TDSL_ASSERT(src >= 0);
    // The aliased argument is not translated by get(): on the input it would
    // replay the view's parent on the current version too, a dead chain of
    // views of a fresh value emitted after the write-back (Note [Epilogue]).
    std::vector<Arg> args = translateArgs(viewNode, static_cast<size_t>(src));
    const IrValue* parent = viewNode.tensorArg(static_cast<size_t>(src));
    IrValue* newParent = onInput ? onInputValue(parent, before) : get(parent);
    args[static_cast<size_t>(src)] = Arg::ofTensor(newParent);
    Node* n;
    if (!argsAreConcrete(args) && newParent->meta() == parent->meta()) {
      // Note [Symbolic metadata]: same parent layout, same view metadata.
      std::vector<ValueMeta> metas;
      for (size_t i = 0; i < viewNode.numOutputs(); ++i) metas.push_back(viewNode.output(i)->meta());
      n = out_.createOp(viewNode.op(), std::move(args), std::move(metas), before);
    } else {
      n = emitOp(out_, *viewNode.op(), std::move(args), before);
    }
    return n->output(outputIndex);
  }

  // `v` (an alias of a graph input) rebuilt as a view of the input itself.
  IrValue* onInputValue(const IrValue* v, Node* before) {
    auto red = redirect_.find(v);
    if (red != redirect_.end()) return onInputValue(red->second, before);
    const IrValue* r = root_.at(v);
    Storage& st = storage_.at(r);
    TDSL_ASSERT(st.input);
    if (v == r) return st.input;
    return replayView(*v->node(), v->outputIndex(), before, /*onInput=*/true);
  }

  // The node's arguments with their current values; argument `skip` (if
  // any) is left for the caller to translate.
  std::vector<Arg> translateArgs(const Node& n, size_t skip = SIZE_MAX) {
    std::vector<Arg> args = n.args();
    for (size_t i = 0; i < args.size(); ++i) {
      if (i == skip) continue;
      Arg& a = args[i];
      if (a.kind == Arg::Kind::Tensor) a.tensor = get(a.tensor);
      if (a.kind == Arg::Kind::TensorList)
        for (IrValue*& t : a.tensors)
          if (t) t = get(t);
    }
    return args;
  }

  // Note [as_strided names storage elements]: as_strided's sizes, strides
  // and offset address the storage, not its operand's elements, while this
  // pass models a storage as its root's elements and replays views on new
  // versions laid out like a fresh tensor. Both agree only when the root is
  // contiguous at offset 0 and the view stays inside its elements: for
  // x = base[::2], x.as_strided((3,), (2,), 1) names base[1], base[3],
  // base[5], none of them x's, and the compiled fill_ wrote x's instead. Any
  // other as_strided ends the pass with an Error, and the captured graph,
  // whose kernels see the real storage, runs (Note [Pipeline failure]).
  void checkStorageOffsetsAreElements(const Node& n) {
    const ValueMeta& root = root_.at(resolve(n.tensorArg(0)))->meta();
    const ValueMeta& view = n.output()->meta();
    bool inside = isConcrete(root) && isConcrete(view) && root.isContiguous() && root.offset == SymInt(0);
    if (inside && view.numel().constant() > 0) {
      int64_t low = view.offset.constant(), high = low;
      for (int64_t d = 0; d < view.dim(); ++d) {
        const int64_t span = (view.sizes[d].constant() - 1) * view.strides[d].constant();
        (span < 0 ? low : high) += span;
      }
      inside = low >= 0 && high < root.numel().constant();
    }
    if (!inside)
      throw Error(ErrorKind::Runtime, "functionalize: as_strided addresses storage outside its base's elements, "
                                      "or a base that is not contiguous at offset 0");
  }

  static bool sameValueShape(const ValueMeta& a, const ValueMeta& b) { return a.dtype == b.dtype && a.sizes == b.sizes; }

  void visitOp(const Node& n) {
    auto written = writtenArgIndices(n);
    if (written.empty()) {
      if (isViewNode(n)) {
        if (n.op() == asStrided_) checkStorageOffsetsAreElements(n);
        // Views are replayed lazily where they are read (get()).
        for (size_t i = 0; i < n.numOutputs(); ++i) {
          int src = aliasedArgIndex(n, i);
          const IrValue* parent = n.tensorArg(static_cast<size_t>(src));
          root_[n.output(i)] = root_.at(resolve(parent));
          const IrValue* from = resolve(parent);
          chain_[n.output(i)] = ViewLink{from, &n, chainLength(from) + 1};
        }
        return;
      }
      std::vector<Arg> args = translateArgs(n);
      Node* copy;
      if (argsAreConcrete(args)) {
        copy = emitOp(out_, *n.op(), std::move(args));
      } else {
        std::vector<ValueMeta> metas;
        for (size_t i = 0; i < n.numOutputs(); ++i) metas.push_back(n.output(i)->meta());
        copy = out_.createOp(n.op(), std::move(args), std::move(metas));
      }
      for (size_t i = 0; i < n.numOutputs(); ++i) {
        root_[n.output(i)] = n.output(i);
        storage_[n.output(i)].current = copy->output(i);
      }
      return;
    }
    if (written.size() != 1)
      throw Error(ErrorKind::Value, "functionalize: " + n.op()->fullName() + " writes several arguments");
    const OpDef* functional = n.op()->functional;
    if (functional && functional->has(kTagView))
      throw Error(ErrorKind::Value, "functionalize: " + n.op()->fullName() +
                                        " changes a tensor's metadata; graphs hold its view twin instead "
                                        "(Note [Tracing in-place views])");
    if (!functional)
      throw Error(ErrorKind::Value, "functionalize: the op table has no functional variant of " + n.op()->fullName());
    const IrValue* target = n.tensorArg(written[0]);
    TDSL_ASSERT(target);
    std::vector<Arg> args = translateArgs(n);
    IrValue* targetNow = args[written[0]].tensor;
    // Note [Replacement layout]: a value that replaces a whole tensor (no
    // view in between) is what later views of it are replayed on, so it
    // must have that tensor's strides too, or x.copy_(a.t() + 1) followed by
    // x.view(-1) would view a transposed value. Functional results do not
    // always have them (elementwise results follow all their operands, Note
    // [Elementwise output layout]); copy(x, value) does (clone's
    // preserve_format layout) when x is dense. A write through a view is
    // scattered into its base, whose layout the scatter keeps.
    const ValueMeta& tm = targetNow->meta();
    const bool layoutMatters = chainLength(target) == 0 && isConcrete(tm) && isNonOverlappingAndDense(toTensorMeta(tm));
    auto keepsLayout = [&](const ValueMeta& m) {
      return !layoutMatters || m.strides == tm.strides || (m.isContiguous() && tm.isContiguous());
    };
    IrValue* newValue;
    if (functional == copyFunctional_ && sameValueShape(args[1].tensor->meta(), tm) && keepsLayout(args[1].tensor->meta())) {
      // Note: x.copy_(y) with matching dtype, shape and layout is a value replacement.
      newValue = args[1].tensor;
    } else {
      newValue = emitOp(out_, *functional, std::move(args))->output();
      bool convert = !sameValueShape(newValue->meta(), tm) ||
                     (functional != copyFunctional_ && !keepsLayout(newValue->meta()));
      if (convert)
        newValue = emitOp(out_, *copyFunctional_, {Arg::ofTensor(targetNow), Arg::ofTensor(newValue), Arg::ofBool(false)})
                       ->output();
    }
    writeThrough(target, targetNow, newValue);
    // The in-place op's results are the written tensor itself.
    for (size_t i = 0; i < n.numOutputs(); ++i) {
      if (aliasedArgIndex(n, i) == static_cast<int>(written[0])) {
        redirect_[n.output(i)] = resolve(target);
        root_[n.output(i)] = root_.at(resolve(target));
      } else {
        throw Error(ErrorKind::Value, "functionalize: unsupported result of " + n.op()->fullName());
      }
    }
  }

  const IrValue* resolve(const IrValue* v) const {
    auto red = redirect_.find(v);
    return red == redirect_.end() ? v : resolve(red->second);
  }

  // The view chain from the storage root to `v` (Note [View links]).
  std::vector<const Node*> chainOf(const IrValue* v) const {
    std::vector<const Node*> chain;
    for (auto it = chain_.find(resolve(v)); it != chain_.end(); it = chain_.find(it->second.parent))
      chain.push_back(it->second.node);
    std::reverse(chain.begin(), chain.end());
    return chain;
  }
  size_t chainLength(const IrValue* v) const {
    auto it = chain_.find(resolve(v));
    return it == chain_.end() ? 0 : it->second.length;
  }
  const Node* chainLast(const IrValue* v) const {
    auto it = chain_.find(resolve(v));
    return it == chain_.end() ? nullptr : it->second.node;
  }

  void writeThrough(const IrValue* target, IrValue* targetNow, IrValue* newValue) {
    target = resolve(target);
    const IrValue* r = root_.at(target);
    Storage& st = storage_.at(r);
    const size_t length = chainLength(target);
    if (length == 0) {
      st.current = newValue;
      st.wroteWhole = true;
    } else {
      IrValue* base = st.current;
      const Node& last = *chainLast(target);
      const OpDef* inverse = last.op()->inverse;
      Node* scatter;
      if (length == 1 && inverse && scatterMirrorsView(*last.op(), *inverse)) {
        // base, src, then the view's own non-self arguments (Note [View inverses]).
        std::vector<Arg> args = {Arg::ofTensor(base), Arg::ofTensor(newValue)};
        std::vector<Arg> viewArgs = translateArgs(last);
        for (size_t k = 1; k < viewArgs.size(); ++k) args.push_back(viewArgs[k]);
        scatter = emitOp(out_, *inverse, std::move(args));
      } else if (!isConcrete(base->meta()) || !isConcrete(targetNow->meta())) {
        scatter = scatterLevelByLevel(target, newValue);
      } else {
        // The generalized scatter takes the view's metadata relative to a
        // contiguous, offset-0 base (Note [View inverses]). A base that is not
        // one (a strided or offset graph input, or the value a copy_ replaced
        // it by) is cloned first and the view replayed on the clone. The
        // clone asks for contiguous_format: by default clone preserves a
        // dense input's strides (Note [Preserved layout]).
        if (!base->meta().isContiguous() || !(base->meta().offset == SymInt(0))) {
          base = emitOp(out_, *clone_, {Arg::ofTensor(base), Arg::ofStr(memoryFormatName(MemoryFormat::Contiguous))})
                     ->output();
          st.current = base;
          ++st.version;  // invalidates views replayed on the old value
          targetNow = get(target);
        }
        // targetNow was replayed on `base`.
        const ValueMeta& m = targetNow->meta();
        scatter = emitOp(out_, *generalizedScatter_,
                         {Arg::ofTensor(base), Arg::ofTensor(newValue), Arg::ofInts(m.sizes), Arg::ofInts(m.strides),
                          Arg::ofInt(m.offset)});
      }
      st.current = scatter->output();
      // Chains of different lengths differ: only equal lengths are compared.
      if (st.regionChain.empty()) st.regionChain = chainOf(target);
      else if (st.regionStatic && (st.regionChain.size() != length || !sameChain(st.regionChain, chainOf(target))))
        st.regionStatic = false;
      st.lastRegionValue = newValue;
    }
    ++st.version;
  }

  // Note [Symbolic view chains]: the generalized scatter names a view by its
  // sizes, strides and offset, which in a dynamic graph are symbolic (s0 - 2)
  // and cannot be node arguments: no executor could bind them. There a chain
  // is scattered back level by level instead, as PyTorch's functionalization
  // does: the new value goes into the last view's parent through that view's
  // inverse, that result into the parent's parent, and so on up to the base.
  // Each scatter takes its view's own arguments, which the tracer made
  // constant (Note [Probing dynamic segments]). Scattering an intermediate
  // view back is exact only if it names each element once: for
  // y.as_strided((2, 2), (1, 1))[0].add_(1), the as_strided value's second
  // row, still old, would overwrite the element its first row shares with it.
  // A view without a mirrored inverse, or an intermediate one that may
  // overlap itself (hasInternalOverlap, which says so for any non-contiguous
  // symbolic layout), ends the pass with an Error, and the captured graph
  // runs instead (Note [Pipeline failure]).
  Node* scatterLevelByLevel(const IrValue* target, IrValue* newValue) {
    std::vector<const ViewLink*> levels;  // innermost first
    for (auto it = chain_.find(target); it != chain_.end(); it = chain_.find(it->second.parent))
      levels.push_back(&it->second);
    Node* scatter = nullptr;
    IrValue* src = newValue;
    for (const ViewLink* level : levels) {
      const Node& view = *level->node;
      const OpDef* inverse = view.op()->inverse;
      if (!inverse || !scatterMirrorsView(*view.op(), *inverse))
        throw Error(ErrorKind::Runtime, "functionalize: a write through " + view.op()->fullName() +
                                            " with symbolic sizes has no inverse to scatter it back");
      if (level != levels.front() && hasInternalOverlap(view.output()->meta()))
        throw Error(ErrorKind::Runtime, "functionalize: a write through a view of " + view.op()->fullName() +
                                            " with symbolic sizes, which may overlap itself");
      std::vector<Arg> args = {Arg::ofTensor(get(level->parent)), Arg::ofTensor(src)};
      std::vector<Arg> viewArgs = translateArgs(view, 0);
      for (size_t k = 1; k < viewArgs.size(); ++k) args.push_back(viewArgs[k]);
      scatter = emitOp(out_, *inverse, std::move(args));
      src = scatter->output();
    }
    TDSL_ASSERT(scatter != nullptr);
    return scatter;
  }

  // Note [Returned storages stay separate]: a fresh tensor of the program
  // can end up, in the functional graph, as another storage's value: after
  // t.copy_(x) of equal layout, t's value is x's (Note [Replacement
  // layout]). Returned as it is, the result would alias x, so x's write-back
  // would change it (t.copy_(x); x.fill_(-1); return t gave -1s) and a
  // caller's write to it would change x; two returned tensors could be one.
  // Each returned fresh storage whose value shares a storage with an input
  // or with an earlier returned one is cloned first (before any write-back),
  // and the returned views of it are replayed on the clone, so results alias
  // each other exactly as in eager.
  void separateReturnedStorages(const Node& n) {
    std::optional<AliasAnalysis> aa;     // built at the first fresh result
    std::vector<const IrValue*> claimed;  // output-graph storage roots already returned
    std::vector<const IrValue*> seen;     // input-graph storage roots
    for (const IrValue* v : n.inputValues()) {
      const IrValue* r = root_.at(resolve(v));
      Storage& st = storage_.at(r);
      if (st.input || std::find(seen.begin(), seen.end(), r) != seen.end()) continue;
      seen.push_back(r);
      if (!aa) {
        aa.emplace(out_);
        for (IrValue* in : out_.inputs()) claimed.push_back(in);
      }
      const IrValue* holder = aa->root(st.current);
      if (std::find(claimed.begin(), claimed.end(), holder) == claimed.end()) {
        claimed.push_back(holder);
        continue;
      }
      st.current = emitOp(out_, *clone_, {Arg::ofTensor(st.current), Arg::none()})->output();
      ++st.version;  // views of it are replayed on the clone
    }
  }

  // Note [Epilogue]: the verifier's functional form (verifier.h) allows only
  // write-back copy_ nodes and views of graph inputs after the first
  // write-back, so reinplace and the executor can treat that tail as the
  // program's effect on its inputs. Everything else the return needs (fresh
  // results and views of them, the values written back) is emitted before
  // the first copy_; returned aliases of inputs are replayed on the inputs
  // after it (Note [Static write-back region]).
  void visitOutput(const Node& n) {
    separateReturnedStorages(n);
    std::vector<IrValue*> outs;
    for (const IrValue* v : n.inputValues()) {
      const IrValue* r = root_.at(resolve(v));
      outs.push_back(storage_.at(r).input ? nullptr : get(v));
    }
    std::vector<std::pair<IrValue*, IrValue*>> writeBacks;  // (destination, new value)
    std::vector<const IrValue*> writtenInputs;
    for (Node* in : src_.nodes()) {
      if (!in->isInput()) continue;
      Storage& st = storage_.at(in->output());
      if (st.version == 0) continue;
      writtenInputs.push_back(st.input);
      if (!st.wroteWhole && st.regionStatic && !chainHasTensorArgs(st.regionChain))
        writeBacks.push_back({onInputValue(st.regionChain.back()->output(), nullptr), st.lastRegionValue});
      else
        writeBacks.push_back({st.input, st.current});
    }
    // Note [Write-back order]: a new value that still aliases a written
    // input (x.copy_(y) and y.add_(1): x's new value is the old y) is
    // cloned before any write-back, so no write-back reads another's result.
    AliasAnalysis aa(out_);
    for (auto& wb : writeBacks) {
      const IrValue* root = aa.root(wb.second);
      if (std::find(writtenInputs.begin(), writtenInputs.end(), root) != writtenInputs.end() && wb.second != wb.first)
        wb.second = emitOp(out_, *clone_, {Arg::ofTensor(wb.second), Arg::none()})->output();
    }
    for (auto& wb : writeBacks)
      emitOp(out_, *copyInplace_, {Arg::ofTensor(wb.first), Arg::ofTensor(wb.second), Arg::ofBool(false)});
    auto returned = n.inputValues();
    for (size_t i = 0; i < outs.size(); ++i)
      if (!outs[i]) outs[i] = onInputValue(returned[i], nullptr);
    out_.setOutputs(outs);
  }

  const Graph& src_;
  Graph out_;
  PassInterrupt interrupt_;
  const OpDef* copyInplace_;
  const OpDef* copyFunctional_;
  const OpDef* generalizedScatter_;
  const OpDef* clone_;
  const OpDef* asStrided_;
  std::unordered_map<const IrValue*, const IrValue*> root_;      // input-graph value -> its storage root
  // Note [View links]: each view records the view (or root) it was taken of,
  // resolved through in-place results, and its chain's length; chainOf
  // rebuilds the chain only where a whole chain is needed, so recording a
  // view costs O(1) however deep it is.
  struct ViewLink {
    const IrValue* parent;
    const Node* node;
    size_t length;
  };
  std::unordered_map<const IrValue*, ViewLink> chain_;  // view -> its link towards the root
  std::unordered_map<const IrValue*, const IrValue*> redirect_;  // in-place result -> the tensor it returns
  std::unordered_map<const IrValue*, Storage> storage_;
  std::unordered_map<const IrValue*, std::pair<int, std::pair<const IrValue*, IrValue*>>> viewCache_;
};

}  // namespace

void functionalize(Graph& g, PassInterrupt interrupt) { Functionalizer(g, interrupt).run(g); }

}  // namespace tdsl::opt
