// Native standard modules beyond sys/math/time/gc (issue 15): each file
// module_NAME.cpp makes the module NAME for VM::importModule.
#pragma once

#include "core/value.h"

namespace tdsl {

class VM;
class ModuleObject;

void addMathExtras(ModuleObject& math);  // module_math_extra.cpp: what modules.cpp's math lacks

Value makeRandomModule(VM& vm);       // module_random.cpp
Value makeBisectModule(VM& vm);       // module_bisect.cpp
Value makeItertoolsModule(VM& vm);    // module_itertools.cpp
Value makeCollectionsModule(VM& vm);  // module_collections.cpp
Value makeJsonModule(VM& vm);         // module_json.cpp

}  // namespace tdsl
