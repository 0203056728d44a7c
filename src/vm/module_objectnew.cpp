// `_objectnew`: object.__new__(cls) for the stdlib modules written in tdsl
// (copy, dataclasses): an instance of a user class made without running its
// __init__ (issue 15).
#include "vm/classes.h"
#include "vm/stdlib_modules.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

Value objectnew_new(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "new", 1, 1);
  ClassObject* cls = asClass(a[0]);
  if (!cls) throw Error(ErrorKind::Type, "object.__new__(X): X is not a type object (" + typeName(a[0]) + ")");
  Value self(makeRef<InstanceObject>(a[0]));
  if (cls->isException) asInstance(self)->attrs["args"] = makeTuple({});
  return self;
}

}  // namespace

Value makeObjectNewModule(VM&) {
  auto m = makeRef<ModuleObject>("_objectnew");
  m->set("new", makeNative("new", objectnew_new));
  return Value(m);
}

}  // namespace tdsl
