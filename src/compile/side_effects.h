// Side effects of a traced segment on objects that existed before it: lists,
// dicts and closure cells mutated while tracing, replayed after the graph.
//
// Note [Side effects on pre-existing objects]
// The tracer runs the function's bytecode on real Python values, so a
// mutation (`lst.append(t)`, `d[k] = t`, `d.clear()`, `lst.pop()`, assigning
// a captured local) happens to the real object while tracing. As in Dynamo,
// such a mutation is traced, not a graph break, when the object reaches the
// segment through a Source (Note [Sources]):
//  - the first mutation saves the object's contents (MutationRecord);
//  - at the segment's exit its final contents are described like a
//    register (Note [Write-back]), then the saved contents are put back, so
//    tracing has no side effect (also when the trace fails or is retried);
//  - every run of the segment materializes those contents after the graph
//    and stores them into the very object its Source fetches (identity is
//    kept: `lst[:] = ...`, `d.clear(); d.update(...)`, the cell's value),
//    after every other write-back was materialized from the entry state.
// An object made in the segment needs none of this (it is rebuilt), and a
// pre-existing object reached by no Source (a list inside a dict argument)
// still breaks the graph: nothing could find it again on the next call.
// Which objects were made in the segment is known exactly (FreshObjects).
//
// The trace assumed which of the values it was given are one object: the
// mutated objects must alias the guarded values exactly as at trace time
// (f(x, a, b) traced with two lists and called with one list twice would
// replay a's mutation while having read b as unchanged). aliasPattern()
// records where the mutated objects occur in a walk of the guarded values,
// and the segment's guards require the same pattern.
#pragma once

#include <cstdint>
#include <vector>

#include "compile/cache.h"

namespace tdsl {

// Note [Side effects on pre-existing objects]: whether a GC-tracked object
// was created after start(). Tracked objects are appended to their heap's
// list in creation order, and a collection keeps that order, so everything
// linked after a marker object made at start() is new. Queries scan only the
// objects created since the previous query.
class FreshObjects {
 public:
  void start();
  void reset();
  bool contains(const Object* o);

 private:
  Value marker_;  // the newest object scanned so far (kept alive, so it stays linked)
  std::vector<const Object*> sorted_;
  std::vector<const Object*> recent_;
};

// A pre-existing list, dict or cell mutated while tracing, with what it held before.
struct MutationRecord {
  Value object;
  Source source;
  std::vector<Value> items;                       // List: items; Dict: key, value, ...; Cell: the value
  bool bound = false;                             // Cell
};

MutationRecord saveContents(const Value& object, const Source& source);
void restoreContents(const MutationRecord& r);
// The object's current contents, in MutationRecord::items order.
std::vector<Value> contentsOf(const Value& object, bool* bound);

// Where `mutated` objects occur in a walk of `roots` (see the Note): pairs
// (visit position, index into mutated), and the walk's length last.
std::vector<std::pair<int64_t, int>> aliasPattern(const std::vector<Value>& roots, const std::vector<Value>& mutated);

// The guard on Segment::mutationAliases.
bool mutationAliasesHold(const Segment& seg, const Value* regs);

// Stores the materialized contents into `object` (List, Dict or Cell).
void replaceContents(const Value& object, std::vector<Value> items, bool bound);

}  // namespace tdsl
