// Note [Probing dynamic segments]
// A segment traced with symbolic (dynamic) sizes is only valid for other sizes
// if nothing in it was computed from those sizes: Python values (x.shape[0]),
// int arguments of graph nodes, control flow. Python-level size reads
// (shape, size(), numel(), len(t), iterating a tensor) are seen by the trace
// hooks and keep the segment specialized (Segment::readsSizes). Sizes can
// still reach node arguments inside the bindings (x[:-1] binds an end of
// size - 1), so after tracing a dynamic segment we trace it a second time on
// meta tensors whose dynamic sizes are changed (equal sizes stay equal) and
// compare the two segments: same ops with the same non-tensor arguments,
// same exit, same write-back constants and same Python guards. If anything
// differs (or the probe fails), the segment is specialized instead (its
// dynamic bits cleared) — always correct, never silently wrong.
#pragma once

#include <vector>

#include "compile/cache.h"
#include "compile/tracer.h"

namespace tdsl {

class CompileRuntime;

// True when `seg` (traced from `request`) may keep its dynamic dims.
// `probeGraph` receives the probe's graph when it is safe.
bool dynamicSegmentIsSafe(CompileRuntime& rt, const Segment& seg, const TraceRequest& request,
                          std::unique_ptr<ir::Graph>* probeGraph);

// For a segment that stays dynamic: guards that dynamic sizes equal at trace
// time stay equal, and symbolic metadata (s0, 2*s0 - 1, ...) in its graph,
// fitted from the probe's sizes. False (the segment unchanged) when some
// metadata differs between the trace and the probe and no single symbol's
// linear function explains it: the caller specializes the segment.
bool finishDynamicSegment(Segment& seg, const ir::Graph* probeGraph);

// Note [Loop-carried ints] (compile_bytecode.h): drops the guards on int
// registers that the segment only shifts, writing them back as entry value
// plus a constant, when a probe trace with other values confirms it. Makes a
// loop body with a counter (n += 1) one cached segment for every iteration.
void generalizeLoopInts(CompileRuntime& rt, Segment& seg, const TraceRequest& request);

// Structural equality of two traces of the same code location, ignoring
// tensor metadata (Note [Probing dynamic segments]).
bool sameTrace(const Segment& a, const Segment& b);

}  // namespace tdsl
