// The calling convention for C++ functions exposed to scripts (built-ins,
// module functions, the torch API, host functions registered by embedders).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/value.h"

namespace tdsl {

class Interpreter;

struct KwArg {
  std::string_view name;
  Value value;
};

// Arguments of one call, borrowed from the caller for the duration of the call.
struct CallArgs {
  const Value* args = nullptr;
  size_t nargs = 0;
  const KwArg* kwargs = nullptr;
  size_t nkwargs = 0;

  const Value& operator[](size_t i) const { return args[i]; }
  size_t size() const { return nargs; }
};

// `data` is the pointer given at registration (an OpDef*, a host closure, ...).
// A native reports bad input by throwing tdsl::Error; the VM adds the location.
using NativeFn = Value (*)(Interpreter& interp, const CallArgs& call, const void* data);

}  // namespace tdsl
