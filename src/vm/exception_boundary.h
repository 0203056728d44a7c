// Note [Exceptions at the API boundary]
// Only tdsl::Error (and ScriptExit, InternalError) leave the Interpreter and
// the dispatch loop. A C++ exception from the library below becomes an
// Error here: an allocation that failed (bad_alloc; length_error when a size
// exceeds what a container can hold) is "out of memory", anything else a
// RuntimeError with its text. Call only for exceptions that are neither an
// Error nor an InternalError (catch those first).
#pragma once

#include <exception>
#include <new>
#include <stdexcept>
#include <string>

#include "support/diagnostics.h"

namespace tdsl {

// Constructing an Error allocates (std::runtime_error keeps its own copy of
// the message), which is no way to report that memory ran out. A copy of
// this one does not allocate: the runtime_error text is shared, and
// "out of memory" fits std::string's small buffer. The Interpreter
// constructor makes it, so it exists before memory can run out.
inline const Error& outOfMemoryError() {
  static const Error e(ErrorKind::Resource, "out of memory");
  return e;
}

inline Error errorFromStdException(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) || dynamic_cast<const std::length_error*>(&e)) return outOfMemoryError();
  return Error(ErrorKind::Runtime, std::string("internal error: ") + e.what());
}

}  // namespace tdsl
