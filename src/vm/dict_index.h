// The hash index of a dict: where each key sits in the dict's entry vector.
//
// Note [Dict layout]
// A dict is laid out like CPython's compact dict: the (key, value) pairs live
// densely in insertion order in DictObject::entries (iteration, repr and
// views walk that vector), and this index maps keys to positions in it. The
// index is an open-addressing table of power-of-two size with linear probing
// and no tombstones; each slot holds a position + 1 (0: empty) and 32 bits of
// the key's mixed hash, so a probe rejects most non-matching keys without
// touching them, and growing the table never re-hashes a key. The load factor
// stays at most 2/3. Erasing shifts the following slots of the probe run back
// (so lookups never need tombstones) and renumbers the positions after the
// erased entry: O(capacity), like the vector erase it accompanies.
//
// Keys are compared with ValueKeyEq, which runs script code for instances
// with __eq__ (Note [Keys with script hashing] in objects.cpp): the index
// counts its mutations, and a probe whose comparison changed it starts over.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/value.h"

namespace tdsl {

using DictEntries = std::vector<std::pair<Value, Value>>;

class DictIndex {
 public:
  // The position of `key` (whose ValueKeyHash is `hash`) in `entries`, or -1.
  int64_t find(const DictEntries& entries, const Value& key, size_t hash) const;
  // The position of the str key `name` (whose ValueKeyHash is `hash`), or -1;
  // compares str keys only, so it never runs script code.
  int64_t findStr(const DictEntries& entries, std::string_view name, size_t hash) const;
  // Makes room for one more key; call before appending its entry, so a
  // failure (too many keys, no memory) leaves the dict unchanged.
  void reserveOne();
  // Records that entries[pos] holds a key with ValueKeyHash `hash` that is
  // not in the index yet. Never throws after reserveOne().
  void insert(size_t pos, size_t hash);
  // Removes `key` from the index and renumbers the positions after it, as the
  // caller is about to erase that entry. Returns its position, or -1.
  int64_t erase(const DictEntries& entries, const Value& key, size_t hash);
  void clear() {
    slots_.clear();
    used_ = 0;
    ++mutations_;
  }

 private:
  struct Slot {
    uint32_t entry = 0;  // position + 1; 0 marks an empty slot
    uint32_t hash = 0;   // low 32 bits of the mixed hash
  };
  static uint32_t mix(size_t hash);
  size_t mask() const { return slots_.size() - 1; }
  size_t slotOf(const DictEntries& entries, const Value& key, uint32_t h) const;  // or npos
  void grow();

  std::vector<Slot> slots_;
  size_t used_ = 0;
  uint64_t mutations_ = 0;  // inserts, erases, clears and growths so far
};

}  // namespace tdsl
