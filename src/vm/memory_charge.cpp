// Charging container payloads to the interpreter's memory account
// (Note [Container memory]).
#include "vm/memory_charge.h"

#include <algorithm>
#include <string>

#include "support/diagnostics.h"
#include "tensor/tensor.h"
#include "vm/gc.h"
#include "vm/objects.h"

namespace tdsl {

namespace {

MemoryAccount* runningAccount() {
  GcHeap* heap = GcHeap::current();
  return heap ? heap->memory.get() : nullptr;
}

void checkFits(const MemoryAccount& acc, size_t bytes) {
  if (bytes > acc.limit || acc.used > acc.limit - bytes)
    throw Error(ErrorKind::Resource, "allocation of " + std::to_string(bytes) +
                                         " bytes exceeds the interpreter's memory limit (" +
                                         std::to_string(acc.limit) + " bytes, " + std::to_string(acc.used) +
                                         " in use)");
}

}  // namespace

void MemoryCharge::checkRoom(size_t bytes) {
  if (MemoryAccount* acc = runningAccount()) checkFits(*acc, bytes);
}

void MemoryCharge::resize(size_t bytes) {
  if (!account_) {
    GcHeap* heap = GcHeap::current();
    if (!heap || !heap->memory) return;
    checkFits(*heap->memory, bytes);
    account_ = heap->memory;
    account_->used += bytes;
    bytes_ = bytes;
    return;
  }
  if (bytes > bytes_) checkFits(*account_, bytes - bytes_);
  account_->used = account_->used - bytes_ + bytes;
  bytes_ = bytes;
}

void MemoryCharge::release() { account_->used -= bytes_; }

void ListObject::reserveFor(size_t n) {
  if (n <= items.capacity()) return;
  size_t capacity = std::max<size_t>({n, 2 * items.capacity(), 4});
  charge.resize(capacity * sizeof(Value));
  items.reserve(capacity);
}

void ListObject::extend(const std::vector<Value>& extra) {
  reserveFor(items.size() + extra.size());
  items.insert(items.end(), extra.begin(), extra.end());
}

// An entry and its share of the index (Note [Dict layout]).
constexpr size_t kDictBytesPerEntry = sizeof(DictEntries::value_type) + 8;

void DictObject::growEntries() {
  size_t capacity = std::max<size_t>(2 * entries.capacity(), 8);
  charge.resize(capacity * kDictBytesPerEntry);
  entries.reserve(capacity);
}

Value makeChargedStr(std::string s) {
  auto o = makeRef<ChargedStrObject>(std::move(s));
  o->charge.resize(o->str.size());
  return Value(std::move(o));
}

}  // namespace tdsl
