// CPython 3.11's hash() of the built-in value types (Python/pyhash.c,
// Objects/longobject.c, Objects/tupleobject.c): ints reduce modulo the
// Mersenne prime 2**61 - 1, floats equal to an int hash as that int, tuples
// use the xxHash-based tuplehash. Strings hash with tdsl's own function
// (CPython randomises str hashes per process, so no order of strings is
// CPython's to match); other objects hash by identity as CPython's default.
// -1 is never a result (CPython reserves it), so hash(-1) == -2.
#pragma once

#include <cstdint>

#include "core/value.h"

namespace tdsl {


// TypeError ("unhashable type: 'list'") for values that cannot be hashed.
int64_t pyHash(const Value& v);

}  // namespace tdsl
