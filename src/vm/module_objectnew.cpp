// `_objectnew`: object.__new__(cls) for the stdlib modules written in tdsl
// (copy, dataclasses): an instance of a user class made without running its
// __init__ (issue 15).
#include "vm/classes.h"
#include "vm/stdlib_modules.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

Value objectnew_new(Interpreter& interp, const CallArgs& a, const void*) {
  expectArgs(a, "new", 1, 2);
  ClassObject* cls = asClass(a[0]);
  if (!cls) throw Error(ErrorKind::Type, "object.__new__(X): X is not a type object (" + typeName(a[0]) + ")");
  // A subclass of a built-in type gets its payload from the value given, or
  // an empty one (Note [Subclasses of built-in types]).
  Value self = newInstance(interp, a[0], CallArgs{a.args + 1, a.nargs - 1, nullptr, 0});
  if (cls->isException) asInstance(self)->attrs["args"] = makeTuple({});
  return self;
}

// payload(x): the built-in value an instance of a subclass of list, int...
// extends, or None.
Value objectnew_payload(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "payload", 1, 1);
  const Value* p = builtinPayload(a[0]);
  return p ? *p : Value();
}

}  // namespace

Value makeObjectNewModule(VM&) {
  auto m = makeRef<ModuleObject>("_objectnew");
  m->set("new", makeNative("new", objectnew_new));
  m->set("payload", makeNative("payload", objectnew_payload));
  return Value(m);
}

}  // namespace tdsl
