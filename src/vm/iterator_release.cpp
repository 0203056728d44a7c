// The lazy iterators' part of Note [Iterative release] (objects.h).
#include "vm/function.h"
#include "vm/objects.h"

namespace tdsl::release_detail {

void takeLazyIteratorInputs(Object& iterator, std::vector<Value>& out) {
  auto& it = static_cast<IteratorObject&>(iterator);
  switch (it.src) {
    case IteratorObject::Source::Enumerate:
    case IteratorObject::Source::Zip:
    case IteratorObject::Source::Map:
    case IteratorObject::Source::Filter: out.push_back(std::move(it.seq)); break;
    default: break;
  }
}

}  // namespace tdsl::release_detail
