// See Note [Dict layout] in dict_index.h.
#include "vm/dict_index.h"

#include "support/diagnostics.h"
#include "vm/objects.h"

namespace tdsl {

namespace {
constexpr size_t kNotFound = static_cast<size_t>(-1);
constexpr size_t kMinSlots = 8;
}  // namespace

// ValueKeyHash is the identity for small ints (as Python's hash is), so mix
// the bits before masking: keys that differ only in high bits (multiples of
// 1024, say) must not share a probe run.
uint32_t DictIndex::mix(size_t hash) {
  uint64_t h = hash;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return static_cast<uint32_t>(h);
}

size_t DictIndex::slotOf(const DictEntries& entries, const Value& key, uint32_t h) const {
  ValueKeyEq eq;
restart:
  if (slots_.empty()) return kNotFound;
  const uint64_t seen = mutations_;
  for (size_t i = h & mask();; i = (i + 1) & mask()) {
    const Slot& s = slots_[i];
    if (s.entry == 0) return kNotFound;
    if (s.hash != h) continue;
    bool same = eq(entries[s.entry - 1].first, key);
    if (mutations_ != seen) goto restart;  // a key's __eq__ changed the dict
    if (same) return i;
  }
}

int64_t DictIndex::find(const DictEntries& entries, const Value& key, size_t hash) const {
  size_t i = slotOf(entries, key, mix(hash));
  return i == kNotFound ? -1 : static_cast<int64_t>(slots_[i].entry) - 1;
}

int64_t DictIndex::findStr(const DictEntries& entries, std::string_view name, size_t hash) const {
  if (slots_.empty()) return -1;
  uint32_t h = mix(hash);
  for (size_t i = h & mask();; i = (i + 1) & mask()) {
    const Slot& s = slots_[i];
    if (s.entry == 0) return -1;
    if (s.hash != h) continue;
    const Value& k = entries[s.entry - 1].first;
    if (k.isObj(ObjKind::Str) && k.as<StrObject>()->str == name) return static_cast<int64_t>(s.entry) - 1;
  }
}

void DictIndex::reserveOne() {
  if (used_ + 1 >= UINT32_MAX) throw Error(ErrorKind::Resource, "dict too large");
  if ((used_ + 1) * 3 > slots_.size() * 2) grow();
}

void DictIndex::insert(size_t pos, size_t hash) {
  uint32_t h = mix(hash);
  size_t i = h & mask();
  while (slots_[i].entry != 0) i = (i + 1) & mask();
  slots_[i] = Slot{static_cast<uint32_t>(pos + 1), h};
  ++used_;
  ++mutations_;
}

void DictIndex::grow() {
  ++mutations_;
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? kMinSlots : old.size() * 2, Slot{});
  for (const Slot& s : old) {
    if (s.entry == 0) continue;
    size_t i = s.hash & mask();
    while (slots_[i].entry != 0) i = (i + 1) & mask();
    slots_[i] = s;
  }
}

int64_t DictIndex::erase(const DictEntries& entries, const Value& key, size_t hash) {
  size_t hole = slotOf(entries, key, mix(hash));
  if (hole == kNotFound) return -1;
  uint32_t erased = slots_[hole].entry;
  // Backward shift: move later members of the probe run into the hole when
  // their home slot does not lie strictly between the hole and them.
  for (size_t j = (hole + 1) & mask(); slots_[j].entry != 0; j = (j + 1) & mask()) {
    size_t home = slots_[j].hash & mask();
    bool homeBetween = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
    if (homeBetween) continue;
    slots_[hole] = slots_[j];
    hole = j;
  }
  slots_[hole] = Slot{};
  --used_;
  ++mutations_;
  for (Slot& s : slots_)
    if (s.entry > erased) --s.entry;
  return static_cast<int64_t>(erased) - 1;
}

}  // namespace tdsl
