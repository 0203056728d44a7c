// Issue 10: which in-place ops read values they write (Note [Overlapping
// sources] in ir/alias_analysis.h); the tracer runs those eagerly.
#include <catch2/catch.hpp>

#include "ir/alias_analysis.h"
#include "ops/op_table.h"

using namespace tdsl::ir;

namespace {

ValueMeta region(std::vector<SymInt> sizes, std::vector<SymInt> strides, int64_t offset) {
  ValueMeta m;
  m.sizes = std::move(sizes);
  m.strides = std::move(strides);
  m.offset = offset;
  return m;
}

}  // namespace

TEST_CASE("overlapping sources: elementwise ops may read exactly what they write", "[passes][overlap]") {
  const OpDef& sub = *opTable().find("sub_.Tensor");
  // y = b[1::2] of 12 elements: y[1:] and y[:-1] share 4 elements.
  ValueMeta written = region({5}, {2}, 3), source = region({5}, {2}, 1);
  CHECK(readsItsOwnWrites(sub, written, source));
  CHECK_FALSE(readsItsOwnWrites(sub, written, written));
  CHECK_FALSE(readsItsOwnWrites(sub, region({3}, {2}, 1), region({3}, {2}, 0)));  // x[1::2] vs x[::2]
  // Symbolic sizes cannot be proven apart: run eagerly.
  CHECK(readsItsOwnWrites(sub, region({SymInt::symbol("s0")}, {1}, 0), region({3}, {1}, 4)));
}

TEST_CASE("overlapping sources: indexed updates read their source while writing", "[passes][overlap]") {
  const OpDef& indexCopy = *opTable().find("index_copy_");
  const OpDef& scatter = *opTable().find("scatter_.src");
  ValueMeta self = region({4}, {2}, 0);
  CHECK(readsItsOwnWrites(indexCopy, self, self));  // even the very region: rows are replaced one by one
  CHECK(readsItsOwnWrites(indexCopy, self, region({2}, {2}, 2)));
  CHECK(readsItsOwnWrites(scatter, self, region({3}, {2}, 2)));
  CHECK_FALSE(readsItsOwnWrites(scatter, self, region({3}, {2}, 1)));
}
