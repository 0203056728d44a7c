// The tracer's side of grad mode (compile/tracer.h): torch.no_grad(),
// enable_grad(), inference_mode(), set_grad_enabled(b) and
// torch.is_grad_enabled() inside a compiled region.
//
// Note [Grad mode under the tracer]
// Grad mode decides what autograd records, and autograd runs at trace time
// on the proxies (Note [Joint graphs]); the graph itself is functional and
// runs without autograd. So a mode switch needs no node in the graph: the
// tracer lets the grad-mode object do what it does eagerly (its __enter__ /
// __exit__, or set_grad_enabled's own switch, on the interpreter's
// TensorState), and the ops traced under it record the history eager
// records under that mode (none under no_grad, where an in-place write into
// a leaf that requires grad is allowed: the SGD step `with torch.no_grad():
// w -= lr * w.grad` is a write autograd does not record, Note [Writes
// autograd does not record]).
// - Guard: a segment that traced a grad-mode function or object, or read
//   the mode, guards the exact state at its entry (gradEnabled and
//   inferenceMode, Segment::modeAtEntry), so a call under another mode
//   traces again; what the segment does to the mode follows from it.
// - Write-back: the state at the segment's end (Segment::modeAfter, when it
//   differs from the entry's) is set after the graph ran, before the break
//   instruction runs: `torch.set_grad_enabled(False)` as a statement leaves
//   the mode off, as eagerly; a with block leaves it as it found it.
// - The tracer restores the entry state whenever a trace ends (a segment,
//   a refusal, a user error while tracing), so a failed trace never leaks a
//   mode into the eager re-run.
// - A graph break inside a traced grad-mode with block would end the
//   segment with the block open: the resumed code would run its __exit__ on
//   an object the trace made. The segment is traced again to break before
//   the (outermost) with instead: before the call that made its manager
//   (`with torch.no_grad():`; the call runs eagerly as a break instruction),
//   the reason naming the inner break. The next segment then meets a
//   manager from before it, and breaks at the with, which runs eagerly
//   with the rest of the function (Note [Protected blocks run eagerly]).
// - Only a with on a manager made in the segment is traced: which mode an
//   object from before it sets (its kind, set_grad_enabled's saved mode) is
//   not guarded, so a with on one breaks the graph. Such a manager live at
//   the segment's end is written back as that very object
//   (WriteBack::Kind::Entry).
// - A with block's exception handler only restores the mode: an error raised
//   while tracing refuses the trace (the call runs eagerly from the
//   segment's entry and raises there); a kernel error in the compiled graph
//   leaves the mode as at the entry, as the handler would.
// - A grad-mode object made in the segment that outlives it (returned, or
//   live at a break) refuses the trace: its saved-mode stack belongs to this
//   trace.
#include "autograd/autograd_meta.h"
#include "compile/runtime.h"
#include "compile/tracer.h"
#include "vm/objects.h"
#include "vm/torch/autograd_bindings.h"

namespace tdsl {

int gradStateBits(const TensorState& s) { return (s.gradEnabled ? 1 : 0) | (s.inferenceMode ? 2 : 0); }

void setGradStateBits(TensorState& s, int bits) {
  s.gradEnabled = (bits & 1) != 0;
  s.inferenceMode = (bits & 2) != 0;
}

bool Tracer::gradModeOn() const {
  const TensorState& s = *rt_.interp.tensorState();
  return s.gradEnabled && !s.inferenceMode;
}

void Tracer::noteGradModeFactory() {
  modeTraced_ = true;
  if (atTracedFrame()) lastGradModeFactoryPc_ = currentOrigPc();
}

void Tracer::noteGradModeWith() {
  modeTraced_ = true;
  if (!atTracedFrame()) return;  // a break in an inlined callee re-traces at its call
  const uint32_t pc = currentOrigPc();
  // The manager's factory call is the with statement's own (`with
  // torch.no_grad():`, on its line); a manager from elsewhere (a callee's
  // result, an earlier statement) has no call here to stop before, and the
  // segment then stops at the with, where the manager it made outlives it.
  const auto factory = static_cast<uint32_t>(lastGradModeFactoryPc_);
  const bool ownCall = lastGradModeFactoryPc_ >= 0 && factory < pc &&
                       code_.rangeAt(factory).begin.line == code_.rangeAt(pc).begin.line;
  gradModeWiths_.emplace_back(pc, ownCall ? factory : pc);
}

bool Tracer::breakInsideGradModeWith(uint32_t exitPc, uint32_t* withPc) const {
  bool found = false;
  for (auto [p, stop] : gradModeWiths_) {
    // The with's protected range is the first handler starting after its
    // TRYENTER; its normal __exit__ (WITHEXIT) is at the range's end.
    const ExceptionHandler* h = nullptr;
    for (const ExceptionHandler& c : code_.handlers)
      if (c.start > p && (!h || c.start < h->start)) h = &c;
    if (!h || exitPc <= p || exitPc > h->end) continue;
    if (!found || stop < *withPc) *withPc = stop;
    found = true;
  }
  return found;
}

}  // namespace tdsl
