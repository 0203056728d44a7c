// TupleObject's allocation (Note [Inline tuple items] in objects.h).
#include <cstdint>
#include <new>

#include "vm/objects.h"
#include "support/diagnostics.h"

namespace tdsl {

namespace {
// Set by ~TupleObject for the operator delete that follows it (Note [Inline
// tuple items]): how far before the header the allocation starts.
thread_local size_t tPrefixBytes = 0;
}  // namespace

TupleObject::TupleObject(size_t n, bool isSize, bool prefixed) : GcObject(ObjKind::Tuple) {
  setSpareBits(static_cast<uint8_t>((isSize ? kIsSize : 0) | (prefixed ? kPrefixed : 0)));
  setSpareHalf(n >= kBigCount ? kBigCount : static_cast<uint16_t>(n));
}

TupleObject* TupleObject::allocate(size_t n, bool isSize, const NamedTupleType* named) {
  // Scripts reach at most kMaxMaterializedItems (2^28) items.
  if (n > UINT32_MAX) throw std::bad_alloc();
  const bool prefixed = named || n >= kBigCount;
  const size_t pre = prefixed ? sizeof(TuplePrefix) : 0;
  char* mem = static_cast<char*>(::operator new(pre + sizeof(TupleObject) + n * sizeof(Value)));
  if (prefixed) new (mem) TuplePrefix{named, n};
  auto* t = new (mem + pre) TupleObject(n, isSize, prefixed);
  TDSL_ASSERT(static_cast<void*>(&t->items) == static_cast<void*>(t));  // Note [Inline tuple items]
  return t;
}

void TupleObject::operator delete(void* p) {
  const size_t pre = tPrefixBytes;
  tPrefixBytes = 0;
  ::operator delete(static_cast<char*>(p) - pre);
}

Ref<TupleObject> TupleObject::make(size_t n, bool isSize, const NamedTupleType* named) {
  TupleObject* t = allocate(n, isSize, named);
  Value* items = t->items.data();
  for (size_t i = 0; i < n; ++i) new (items + i) Value();
  return Ref<TupleObject>(t);
}

Ref<TupleObject> TupleObject::make(const Value* from, size_t n, bool isSize, const NamedTupleType* named) {
  TupleObject* t = allocate(n, isSize, named);
  Value* items = t->items.data();
  for (size_t i = 0; i < n; ++i) new (items + i) Value(from[i]);
  return Ref<TupleObject>(t);
}

Ref<TupleObject> TupleObject::make(std::vector<Value>&& from, bool isSize, const NamedTupleType* named) {
  TupleObject* t = allocate(from.size(), isSize, named);
  Value* items = t->items.data();
  for (size_t i = 0; i < from.size(); ++i) new (items + i) Value(std::move(from[i]));
  from.clear();
  return Ref<TupleObject>(t);
}

TupleObject::~TupleObject() {
  releaseTupleItems(*this);  // empties the tuple when an item is a container (Note [Iterative release])
  Value* items = this->items.data();
  for (size_t i = this->items.size(); i > 0; --i) items[i - 1].~Value();
  // Last: nothing between here and operator delete frees a tuple.
  tPrefixBytes = (spareBits() & kPrefixed) ? sizeof(TuplePrefix) : 0;
}

void TupleObject::gcClear(std::vector<Value>&) {
  releaseTupleItems(*this);
  while (!items.empty()) items.popBack();
}

}  // namespace tdsl
