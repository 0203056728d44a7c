// Helpers shared by the Catch2 unit tests.
#pragma once

#include <functional>
#include <string>

#include "support/diagnostics.h"

namespace tdsl {

// The message of the tdsl::Error that f throws, or "<no error>".
inline std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.message;
  }
  return "<no error>";
}

}  // namespace tdsl
