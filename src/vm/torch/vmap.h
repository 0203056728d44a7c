// torch.func.vmap, jvp and functional_call (vmap.cpp, func_calls.cpp).
#pragma once

#include "vm/objects.h"

namespace tdsl {

class Interpreter;

Value funcVmap(Interpreter& interp, const CallArgs& call, const void*);
Value funcJvp(Interpreter& interp, const CallArgs& call, const void*);
Value funcJacfwd(Interpreter& interp, const CallArgs& call, const void*);
Value funcFunctionalCall(Interpreter& interp, const CallArgs& call, const void*);
// A function jacfwd made (func_calls.cpp).
bool isJacfwdObject(const Value& v);
// A vmapped function, a function jacfwd made, or one of the natives above (compiled code graph-breaks on them).
bool isVmapObject(const Value& v);

}  // namespace tdsl
