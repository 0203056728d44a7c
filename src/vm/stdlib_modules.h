// Native standard modules beyond sys/math/time/gc (issue 15): each file
// module_NAME.cpp makes the module NAME for VM::importModule.
#pragma once

#include "core/value.h"

namespace tdsl {

class VM;
class ModuleObject;

void addMathExtras(ModuleObject& math);  // module_math_extra.cpp: what modules.cpp's math lacks

Value makeRandomModule(VM& vm);       // module_random.cpp
Value makeFunctoolsNativeModule(VM& vm);  // module_functools.cpp: `_functools` (partial, lru_cache, cache)
Value makeJsonModule(VM& vm);         // module_json.cpp
Value makeSysIoModule(VM& vm);        // module_sysio.cpp: `_sysio`, standard input for sys.stdin
Value makeObjectNewModule(VM& vm);    // module_objectnew.cpp: `_objectnew`, object.__new__ for copy

}  // namespace tdsl
