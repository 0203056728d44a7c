// An op's results as a script value (Note [Multi-output results] in
// ops/op_table.h): the one result itself, or a named tuple of type
// torch.return_types.<name> whose fields are the schema's return names (a
// plain tuple when a return is unnamed), as PyTorch returns them.
#pragma once

#include <utility>

#include "ops/op_table.h"
#include "vm/objects.h"

namespace tdsl {

// The named tuple type of an op with several named returns; null otherwise.
// Built once for the whole table, immutable afterwards (shared by threads).
const NamedTupleType* resultTupleType(const ir::OpDef& op);

// Several results as their tuple.
Value packTupleResults(const ir::OpDef& op, OpResults&& results);

// Inline: most ops have one result, and every eager call passes through here.
inline Value packResults(const ir::OpDef& op, OpResults&& results) {
  if (results.count == 1) return std::move(results[0]);
  return packTupleResults(op, std::move(results));
}

}  // namespace tdsl
