// TupleObject's allocation (Note [Inline tuple items] in objects.h).
#include <cstdint>
#include <new>

#include "vm/objects.h"

namespace tdsl {

TupleObject* TupleObject::allocate(size_t n, bool isSize, const NamedTupleType* named) {
  // Scripts reach at most kMaxMaterializedItems (2^28) items; the size is 32 bits.
  if (n > UINT32_MAX) throw std::bad_alloc();
  void* mem = ::operator new(sizeof(TupleObject) + n * sizeof(Value));
  auto* t = new (mem) TupleObject(static_cast<uint32_t>(n), isSize, named);
  return t;
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
}

void TupleObject::gcClear(std::vector<Value>&) {
  releaseTupleItems(*this);
  while (!items.empty()) items.popBack();
}

}  // namespace tdsl
