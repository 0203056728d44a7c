// Reinplacing: see reinplace.h for the contract.
#include "opt/reinplace.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "support/diagnostics.h"
#include "ir/alias_analysis.h"
#include "ir/ir_printer.h"
#include "ir/meta_inference.h"
#include "ops/op_table.h"
#include "ir/verifier.h"
#include "opt/storage_uses.h"

namespace tdsl::opt {

using namespace tdsl::ir;

namespace {

enum class CandidateKind { None, Scatter, Update, Elementwise };

struct Ops {
  const OpDef* copyInplace = opTable().find("copy_");
  const OpDef* clone = opTable().find("clone");
};

// The view op that `scatter` inverts with the same trailing arguments
// (Note [View inverses]): slice for slice_scatter, as_strided for
// as_strided_scatter. Found through the table's inverse links.
const OpDef* viewOfScatter(const OpDef* scatter) {
  for (const OpDef& op : opTable().ops())
    if (op.inverse == scatter && scatterMirrorsView(op, *scatter)) return &op;
  return nullptr;
}

CandidateKind kindOf(const Node& n) {
  if (!n.isOp() || isMutation(n) || n.numOutputs() != 1 || !n.tensorArg(0)) return CandidateKind::None;
  const OpDef* op = n.op();
  if (op->has(kTagScatter) && viewOfScatter(op)) return CandidateKind::Scatter;
  // A view's in-place twin (transpose_) changes metadata, not values.
  if (op->inplace && !op->has(kTagView)) {
    auto writes = op->inplace->schema.args;
    if (writes.empty() || !writes[0].alias.isWrite) return CandidateKind::None;
    return op->has(kTagPointwise) ? CandidateKind::Elementwise : CandidateKind::Update;
  }
  return CandidateKind::None;
}

// Note [Elementwise layout]
// An elementwise op done in place yields its operand's strides, which may
// differ from the functional result's (a stepped slice of an input gives a
// dense result). That is unobservable when no user depends on the result's
// strides: it is not returned or viewed, and every reader writes into a
// layout of its own: reductions, matmul and gathers (row-major results),
// ops that read it only as the source of a write into another tensor
// (copy_, in-place ops, scatters and indexed updates taking it after
// args[0]), equal/allclose. Every other reader propagates its operands'
// layout (pointwise ops, Note [Elementwise output layout] in tensor_meta.h;
// clone and *_like with preserve_format; scatters into it), so it observes them.
bool readsOnlyValues(const Node& u, const IrValue* v) {
  if (!u.isOp() || isViewNode(u)) return false;
  const OpDef* op = u.op();
  if (op->has(kTagReduction) || op->has(kTagLinalg) || op->has(kTagIndexing) || op->has(kTagNonTensorResult))
    return true;
  if (op->has(kTagInplace) || op->has(kTagScatter) || op->has(kTagIndexedUpdate)) return u.tensorArg(0) != v;
  return false;
}

// Note [Layout includes the offset]: a value replaced by another keeps its
// users' metadata, and a view's metadata is absolute (its storage offset).
// A scatter's fresh result (offset 0) replaced by an input x = base[1:]
// (offset 1) would leave slice(result, 0, 1) claiming offset 1 where it
// reads offset 2, and the overlap decisions read that metadata. So equal
// layouts have equal offsets too.
bool sameLayout(const ValueMeta& a, const ValueMeta& b) {
  return a.dtype == b.dtype && a.sizes == b.sizes && a.offset == b.offset &&
         (a.strides == b.strides || (a.isContiguous() && b.isContiguous()));
}

// What a candidate would write, and where its value ends up.
struct Plan {
  CandidateKind kind = CandidateKind::None;
  IrValue* base = nullptr;    // the updated operand (args[0])
  IrValue* root = nullptr;    // its storage root
  ValueMeta region;           // elements written, in base's storage
  Node* endCopy = nullptr;    // the copy_ that writes the chain's value back (if any)
  std::string why;            // profitability reason, or why not
};

class Reinplacer {
 public:
  Reinplacer(Graph& g, PassInterrupt interrupt) : g_(g), interrupt_(interrupt) {}

  ReinplaceReport run() {
    removeIdentityScatters();
    // Label candidates by their position in the graph, for the report.
    int index = 0;
    for (Node* n : g_.nodes()) {
      if (kindOf(*n) != CandidateKind::None) {
        labels_[n] = printedOpName(*n) + " #" + std::to_string(index);
        order_.push_back(n);
      }
      ++index;
    }
    // Rewriting one candidate can make another profitable (an elementwise op
    // whose result a reinplaced scatter now copies into place), so sweep until
    // nothing changes; each rewrite updates the alias facts in place (Note
    // [Incremental alias sets]).
    AliasAnalysis aa(g_);
    StorageUses uses(g_, aa);
    uses_ = &uses;
    bool changed = true;
    while (changed) {
      changed = false;
      for (Node* n : order_) {
        if (done_.count(n)) continue;
        interrupt_.poll();
        if (tryCandidate(n, aa)) changed = true;
      }
    }
    removeRedundantClones();
    removeSelfCopies();
    for (Node* n : order_) report_.decisions.push_back(decisions_.at(n));
    return report_;
  }

 private:
  // --- profitability --------------------------------------------------------

  bool isEndCopy(const Node& u, const IrValue* value, const Plan& p, const AliasAnalysis& aa) {
    return u.op() == ops_.copyInplace && u.tensorArg(1) == value && u.tensorArg(0) != value &&
           aa.root(u.tensorArg(0)) == p.root && regionOverlap(u.tensorArg(0)->meta(), p.base->meta()) == Overlap::Same;
  }

  // Note [Region write-back]: functionalize writes back only the region that
  // changed: copy_(view(x), view(value)). For a scatter into x whose written
  // region is exactly that region, and whose result has x's layout (so a view
  // of the result names the same elements as the same view of x), this copy_
  // is the chain's end: after the rewrite it copies x's region onto itself.
  Node* regionEndCopy(const IrValue* value, const Plan& p, const AliasAnalysis& aa) {
    if (p.kind != CandidateKind::Scatter || !sameLayout(value->meta(), p.base->meta())) return nullptr;
    for (Node* v : value->users()) {
      if (!isViewNode(*v) || v->numOutputs() != 1 || aliasedArgIndex(*v, 0) != 0 || v->tensorArg(0) != value) continue;
      const ValueMeta& read = v->output()->meta();
      if (regionOverlap(read, p.region) != Overlap::Same) continue;
      for (Node* c : v->output()->users())
        if (c->op() == ops_.copyInplace && c->tensorArg(1) == v->output() && aa.root(c->tensorArg(0)) == p.root &&
            regionOverlap(c->tensorArg(0)->meta(), p.region) == Overlap::Same)
          return c;
    }
    return nullptr;
  }

  // "Flows back": depth-first walk from the candidate through indexed updates
  // and scatters that take the current value as their updated operand; the
  // first end copy met is the write-back.
  //
  // Note [Flow-back memo]: the walk's edges (value -> result of an allowed
  // user taking it as args[0]) give every value at most one parent, so the
  // walk from a value visits its subtree, in preorder with children in
  // reverse push order (the stack's order), and meets copy_ users in an order
  // that does not depend on the candidate. copiesBelow(v) caches that
  // sequence of copies whose source is the visited value; the first of them
  // that is an end copy for this candidate (isEndCopy, checked now) is what
  // the walk would return. A rewrite changes the users of a few values
  // (invalidateWalk); their cached sequences and those of their ancestors are
  // dropped. Invariant: when a value has no entry, neither has any ancestor,
  // so dropping stops at the first value without one.
  Node* flowsBackToInput(Node& cand, const Plan& p, const AliasAnalysis& aa) {
    for (Node* u : copiesBelow(cand.output()))
      if (isEndCopy(*u, u->tensorArg(1), p, aa)) return u;
    return nullptr;
  }

  bool isWalkEdge(const Node& u, const IrValue* current) {
    bool allowed = u.isOp() && !isMutation(u) && u.numOutputs() == 1 &&
                   (u.op()->has(kTagIndexedUpdate) || u.op()->has(kTagScatter));
    return allowed && u.tensorArg(0) == current && sameLayout(u.output()->meta(), current->meta());
  }

  // The walk parent of `v` (nullptr for a walk root).
  IrValue* walkParent(const IrValue* v) {
    const Node& n = *v->node();
    IrValue* parent = n.isOp() ? n.tensorArg(0) : nullptr;
    return parent && n.numOutputs() == 1 && isWalkEdge(n, parent) ? parent : nullptr;
  }

  const std::vector<Node*>& copiesBelow(IrValue* root) {
    auto found = walkMemo_.find(root);
    if (found != walkMemo_.end()) return found->second;
    // Post-order without recursion (chains can be as long as the graph).
    struct Frame {
      IrValue* value;
      std::vector<IrValue*> children;  // in visiting order
      bool expanded = false;
    };
    std::vector<Frame> stack;
    stack.push_back({root, {}});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (!f.expanded) {
        f.expanded = true;
        std::vector<IrValue*> pushed;
        for (Node* u : f.value->users())
          if (isWalkEdge(*u, f.value)) pushed.push_back(u->output());
        // Popped last-pushed first; a child pushed twice is visited once.
        for (auto it = pushed.rbegin(); it != pushed.rend(); ++it)
          if (std::find(f.children.begin(), f.children.end(), *it) == f.children.end()) f.children.push_back(*it);
        std::vector<IrValue*> todo;
        for (IrValue* c : f.children)
          if (!walkMemo_.count(c)) todo.push_back(c);
        for (IrValue* c : todo) stack.push_back({c, {}});
        if (!todo.empty()) continue;
      }
      Frame done = std::move(stack.back());
      stack.pop_back();
      if (walkMemo_.count(done.value)) continue;
      std::vector<Node*> copies;
      for (Node* u : done.value->users())
        if (u->op() == ops_.copyInplace && u->tensorArg(1) == done.value && u->tensorArg(0) != done.value) copies.push_back(u);
      for (IrValue* c : done.children) {
        const std::vector<Node*>& below = walkMemo_.at(c);
        copies.insert(copies.end(), below.begin(), below.end());
      }
      walkMemo_.emplace(done.value, std::move(copies));
    }
    return walkMemo_.at(root);
  }

  void invalidateWalk(const IrValue* v) {
    while (v) {
      auto it = walkMemo_.find(v);
      if (it == walkMemo_.end()) return;
      walkMemo_.erase(it);
      v = walkParent(v);
    }
  }

  bool isProfitable(Node& cand, Plan& p, const AliasAnalysis& aa) {
    if (p.kind == CandidateKind::Elementwise) {
      for (Node* u : cand.output()->users())
        if (isEndCopy(*u, cand.output(), p, aa)) {
          p.endCopy = u;
          p.why = "result copied into its first operand's region";
          return true;
        }
      if (!p.root->node()->isInput()) {
        p.why = "writes into an intermediate buffer";
        return true;
      }
      p.why = "result is not copied back into its first operand";
      return false;
    }
    p.endCopy = flowsBackToInput(cand, p, aa);
    if (!p.endCopy) p.endCopy = regionEndCopy(cand.output(), p, aa);
    if (p.endCopy) {
      p.why = "flows back into graph input %" + p.root->name();
      return true;
    }
    if (!p.root->node()->isInput()) {
      p.why = "base buffer is materialized anyway";
      return true;
    }
    p.why = "value does not flow back into graph input %" + p.root->name();
    return false;
  }

  // --- safety ---------------------------------------------------------------

  // Empty when safe, else the reason.
  std::string checkSafety(Node& cand, const Plan& p, const AliasAnalysis& aa) {
    const IrValue* result = cand.output();
    // Metadata of the in-place result must be what the functional one was;
    // for an elementwise op whose strides nobody observes, dtype and sizes
    // suffice (Note [Elementwise layout]).
    const ValueMeta& rm = result->meta();
    const ValueMeta& bm = p.base->meta();
    bool layoutObserved = true;
    if (p.kind == CandidateKind::Elementwise) {
      layoutObserved = false;
      for (Node* u : result->users()) layoutObserved = layoutObserved || !readsOnlyValues(*u, result);
    }
    bool metaOk = layoutObserved ? sameLayout(rm, bm) : (rm.dtype == bm.dtype && rm.sizes == bm.sizes);
    if (!metaOk) return "metadata mismatch: result " + printMeta(rm) + " vs base " + printMeta(bm);
    if (hasInternalOverlap(p.region)) return "written view overlaps itself (expanded or stride 0)";
    // Other operands must not overlap the written region.
    for (size_t i = 1; i < cand.args().size(); ++i) {
      for (IrValue* v : cand.args()[i].values()) {
        if (aa.root(v) != p.root) continue;
        Overlap o = regionOverlap(v->meta(), p.region);
        bool ok = o == Overlap::Disjoint || (p.kind == CandidateKind::Elementwise && o == Overlap::Same);
        if (!ok) return "operand overlaps the written region";
      }
    }
    const int64_t endPos = p.endCopy ? p.endCopy->position() : std::numeric_limits<int64_t>::max();
    if (p.root->node()->isInput() && !p.endCopy) return "graph input without a write-back";
    // Liveness by version: old-value reads between the candidate and the
    // write-back. Only the window's uses are visited (Note [Storage use
    // index]); among the offending reads the one reported is the first in
    // alias order, then use-list order, as a walk over every alias would meet.
    const StorageUse* offender = nullptr;
    std::pair<size_t, size_t> offenderRank;
    for (auto it = uses_->begin(p.root, &cand), end = uses_->end(p.root); it != end && it->user->position() < endPos; ++it) {
      Node* u = it->user;
      IrValue* v = it->value;
      if (!mayOverlap(v->meta(), p.region)) continue;
      if (isViewNode(*u) && aliasedArgIndex(*u, 0) >= 0 && u->tensorArg(static_cast<size_t>(aliasedArgIndex(*u, 0))) == v)
        continue;  // a view reads nothing; its own uses are checked as aliases
      const auto& aliases = aa.aliasesOf(p.root);
      const auto& users = v->users();
      std::pair<size_t, size_t> rank(std::find(aliases.begin(), aliases.end(), v) - aliases.begin(),
                                     std::find(users.begin(), users.end(), u) - users.begin());
      if (!offender || rank < offenderRank) {
        offender = &*it;
        offenderRank = rank;
      }
    }
    if (offender) {
      if (offender->user->isOutput()) return "old value of the base is returned";
      return "old value read after the update by " + printedOpName(*offender->user);
    }
    // The result must not escape as an output eager returns fresh.
    if (p.root->node()->isInput())
      for (IrValue* v : aa.aliasesOf(aa.root(result)))
        for (Node* u : v->users())
          if (u->isOutput()) return "result is a graph output that eager returns fresh";
    // The write-back goes into the same input and region (isEndCopy), and it
    // ends this version chain: the value it writes is not updated further.
    if (p.endCopy && usedAfterWriteBack(p.endCopy)) return "written-back value is used again after the write-back";
    // No later write may clobber the result while it is still read: a write
    // into the written region after the candidate, with a read of the
    // result's storage (other than the write-back) after that write.
    const IrValue* resultRoot = aa.root(result);
    int64_t lastRead = std::numeric_limits<int64_t>::min();
    for (auto it = uses_->end(resultRoot), first = uses_->begin(resultRoot, nullptr); it != first;) {
      --it;
      if (it->user == p.endCopy) continue;
      lastRead = it->user->position();
      break;
    }
    if (cand.position() < lastRead)
      for (auto it = uses_->begin(p.root, &cand), end = uses_->end(p.root); it != end && it->user->position() < lastRead; ++it) {
        Node* w = it->user;
        if (!isMutation(*w) || w == p.endCopy) continue;  // the write-back writes the result (or its region) itself
        if (mayOverlap(w->tensorArg(writtenArgIndices(*w)[0])->meta(), p.region))
          return "result clobbered by a later write into its base";
      }
    return "";
  }

  // Does a node other than a view read the value `endCopy` writes back, after
  // it? Memoized per written value: write-backs are shared by many
  // candidates, and the value may have a user per view the graph returns.
  // rewrite() drops the entries of values whose users it changes.
  bool usedAfterWriteBack(Node* endCopy) {
    IrValue* written = endCopy->tensorArg(1);
    auto found = usedAfterMemo_.find(written);
    if (found != usedAfterMemo_.end() && found->second.first == endCopy) return found->second.second;
    bool used = false;
    for (Node* u : written->users())
      if (u != endCopy && endCopy->isBefore(u) && !isViewNode(*u)) used = true;
    usedAfterMemo_[written] = {endCopy, used};
    return used;
  }

  // --- driver ---------------------------------------------------------------

  bool tryCandidate(Node* n, AliasAnalysis& aa) {
    Plan p;
    p.kind = kindOf(*n);
    p.base = n->tensorArg(0);
    p.root = aa.root(p.base);
    ReinplaceDecision d;
    d.candidate = labels_.at(n);
    if (!n->output()->hasUsers()) {
      d.reason = "result unused (dce removes it)";
      decisions_[n] = d;
      return false;
    }
    if (p.kind == CandidateKind::Scatter) {
      const OpDef* view = viewOfScatter(n->op());
      std::vector<Arg> args = {Arg::ofTensor(p.base)};
      for (size_t i = 2; i < n->args().size(); ++i) args.push_back(n->args()[i]);
      try {
        p.region = inferOutputMetas(*view, args).at(0);
      } catch (const Error&) {
        d.reason = "symbolic region: overlap cannot be proven";
        decisions_[n] = d;
        return false;
      }
    } else {
      p.region = p.base->meta();
    }
    if (!isProfitable(*n, p, aa)) {
      d.reason = "not profitable: " + p.why;
      decisions_[n] = d;
      return false;
    }
    std::string unsafe = checkSafety(*n, p, aa);
    if (!unsafe.empty()) {
      d.reason = "unsafe: " + unsafe;
      decisions_[n] = d;
      return false;
    }
    rewrite(n, p, aa);
    d.reinplaced = true;
    d.reason = p.why;
    decisions_[n] = d;
    done_.insert(n);
    return true;
  }

  void rewrite(Node* n, const Plan& p, AliasAnalysis& aa) {
    // Every value whose users change (Note [Flow-back memo]): n's arguments
    // (they lose n and gain the new nodes), and n's result, whose users go to
    // base or the in-place result.
    for (IrValue* v : n->inputValues()) {
      invalidateWalk(v);
      usedAfterMemo_.erase(v);
    }
    invalidateWalk(n->output());
    usedAfterMemo_.erase(n->output());
    if (p.kind == CandidateKind::Scatter) {
      const OpDef* view = viewOfScatter(n->op());
      std::vector<Arg> args = {Arg::ofTensor(p.base)};
      for (size_t i = 2; i < n->args().size(); ++i) args.push_back(n->args()[i]);
      Node* region = emitOp(g_, *view, std::move(args), n);
      aa.addNode(*region);
      uses_->addUsesOf(region);
      Node* copy = emitOp(g_, *ops_.copyInplace, {Arg::ofTensor(region->output()), n->args()[1], Arg::ofBool(false)}, n);
      aa.addNode(*copy);
      uses_->addUsesOf(copy);
      replaceResult(n, p.base, aa);
    } else {
      Node* inplace = emitOp(g_, *n->op()->inplace, n->args(), n);
      aa.addNode(*inplace);
      uses_->addUsesOf(inplace);
      replaceResult(n, inplace->output(), aa);
    }
    uses_->removeUsesOf(n);
    aa.removeNode(*n);
    g_.erase(n);
  }

  // n's result (a fresh storage) is replaced by `by`, of another storage.
  void replaceResult(Node* n, IrValue* by, AliasAnalysis& aa) {
    IrValue* old = n->output();
    old->replaceAllUsesWith(by);
    uses_->moveStorage(old, aa.root(by), old, by);
    aa.rerootAliasesOf(old);
  }

  // Note [Redundant clones]: c = clone(x); ...in-place updates of c...;
  // copy_(x, c') with c' an alias of c's whole storage: when x is not read
  // between the clone and the copy_, and c is not read afterwards, the
  // updates can go to x directly.
  void removeRedundantClones() {
    bool changed = true;
    while (changed) {
      changed = false;
      AliasAnalysis aa(g_);
      for (Node* c : g_.opNodes()) {
        interrupt_.poll();
        if (c->op() != ops_.clone) continue;
        IrValue* x = c->tensorArg(0);
        IrValue* cv = c->output();
        if (!sameLayout(cv->meta(), x->meta()) || hasInternalOverlap(x->meta())) continue;
        Node* back = nullptr;
        for (IrValue* a : aa.aliasesOf(cv))
          for (Node* u : a->users())
            if (u->op() == ops_.copyInplace && u->tensorArg(1) == a && u->tensorArg(0) == x &&
                regionOverlap(a->meta(), x->meta()) == Overlap::Same)
              back = u;
        if (!back) continue;
        bool safe = true;
        for (IrValue* a : aa.aliasesOf(aa.root(x)))
          for (Node* u : a->users())
            if (u != back && c->isBefore(u) && back->isBefore(u) == false && u != c) safe = false;
        for (IrValue* a : aa.aliasesOf(cv))
          for (Node* u : a->users())
            if (back->isBefore(u)) safe = false;
        if (!safe) continue;
        cv->replaceAllUsesWith(x);
        g_.erase(c);
        ++report_.removedClones;
        changed = true;
        break;
      }
    }
  }

  // Note [Identity scatters]: scatter(b, view(b, args...), args...) puts a
  // region back where it was read from (functionalize emits it for
  // `x[a:b] += v`, whose __setitem__ stores the view into itself). Its value
  // is b's; when it also has b's layout and is not a graph output (eager
  // returns no such fresh tensor), its uses can read b directly.
  void removeIdentityScatters() {
    for (Node* n : g_.opNodes()) {
      if (kindOf(*n) != CandidateKind::Scatter) continue;
      IrValue* base = n->tensorArg(0);
      IrValue* src = n->tensorArg(1);
      Node* read = src ? src->node() : nullptr;
      if (!read || !read->isOp() || read->op() != viewOfScatter(n->op()) || read->tensorArg(0) != base) continue;
      if (read->args().size() + 1 != n->args().size()) continue;
      bool sameArgs = true;
      for (size_t i = 1; i < read->args().size(); ++i) sameArgs = sameArgs && read->args()[i] == n->args()[i + 1];
      if (!sameArgs || !sameLayout(n->output()->meta(), base->meta())) continue;
      bool isOutput = false;
      for (Node* u : n->output()->users()) isOutput = isOutput || u->isOutput();
      if (isOutput) continue;
      n->output()->replaceAllUsesWith(base);
      g_.erase(n);
      ++report_.removedCopies;
    }
  }

  // copy_(dst, src) where src is dst's very region: a no-op.
  void removeSelfCopies() {
    AliasAnalysis aa(g_);
    for (Node* n : g_.opNodes()) {
      if (n->op() != ops_.copyInplace) continue;
      IrValue* dst = n->tensorArg(0);
      IrValue* src = n->tensorArg(1);
      if (aa.root(dst) != aa.root(src) || regionOverlap(dst->meta(), src->meta()) != Overlap::Same) continue;
      if (dst->meta().dtype != src->meta().dtype) continue;
      n->output()->replaceAllUsesWith(dst);
      g_.erase(n);
      ++report_.removedCopies;
    }
  }

  Graph& g_;
  PassInterrupt interrupt_;
  Ops ops_;
  ReinplaceReport report_;
  std::vector<Node*> order_;
  std::unordered_map<Node*, std::string> labels_;
  std::unordered_map<Node*, ReinplaceDecision> decisions_;
  std::unordered_set<Node*> done_;
  StorageUses* uses_ = nullptr;  // during the rewriting sweeps
  std::unordered_map<const IrValue*, std::vector<Node*>> walkMemo_;  // Note [Flow-back memo]
  std::unordered_map<const IrValue*, std::pair<Node*, bool>> usedAfterMemo_;  // usedAfterWriteBack
};

}  // namespace

std::string ReinplaceReport::str() const {
  std::string s;
  for (auto& d : decisions) s += d.candidate + ": " + (d.reinplaced ? "reinplaced (" + d.reason + ")" : "not_reinplaced: " + d.reason) + "\n";
  if (removedCopies || removedClones)
    s += "removed " + std::to_string(removedCopies) + " redundant copy_, " + std::to_string(removedClones) + " clone\n";
  return s;
}

ReinplaceReport reinplace(Graph& g, bool knownFunctional, PassInterrupt interrupt) {
  // The precondition is checked, not assumed: mutation other than trailing
  // write-backs would make "reads after the update" meaningless. The pipeline
  // establishes it itself (and verifies that after every pass in debug
  // builds), so it does not pay for a second walk on every compile.
  if (knownFunctional) return Reinplacer(g, interrupt).run();
  auto problems = verifyGraph(g, VerifyOptions{/*functional=*/true, /*checkMeta=*/false});
  if (!problems.empty())
    throw Error(ErrorKind::Value, "reinplace requires a functional graph (run functionalize first): " + problems.front());
  return Reinplacer(g, interrupt).run();
}

}  // namespace tdsl::opt
