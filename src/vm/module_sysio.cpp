// `_sysio`: the process's standard input read as text, for stdlib/_stdin.td's
// sys.stdin (issue 15).
#include <iostream>

#include "vm/stdlib_modules.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

int64_t sizeArg(const CallArgs& a, const char* fname) {
  expectArgs(a, fname, 0, 1);
  if (a.nargs == 0 || a[0].isNone()) return -1;
  if (!a[0].isInt()) throw Error(ErrorKind::Type, "argument should be integer or None, not '" + typeName(a[0]) + "'");
  return a[0].asInt();
}

// Note [Standard input as bytes]
// Input is read byte by byte from the C++ stream: `size` counts bytes, not
// code points (the same for ASCII text), and a line ends at "\n" only.
Value sysio_readline(Interpreter&, const CallArgs& a, const void*) {
  int64_t size = sizeArg(a, "readline");
  std::streambuf* in = std::cin.rdbuf();
  std::string line;
  while (size < 0 || static_cast<int64_t>(line.size()) < size) {
    int c = in->sbumpc();
    if (c == std::char_traits<char>::eof()) break;
    line.push_back(static_cast<char>(c));
    if (c == '\n') break;
  }
  return makeStr(line);
}

Value sysio_read(Interpreter&, const CallArgs& a, const void*) {
  int64_t size = sizeArg(a, "read");
  std::streambuf* in = std::cin.rdbuf();
  std::string text;
  while (size < 0 || static_cast<int64_t>(text.size()) < size) {
    int c = in->sbumpc();
    if (c == std::char_traits<char>::eof()) break;
    text.push_back(static_cast<char>(c));
  }
  return makeStr(text);
}

}  // namespace

Value makeSysIoModule(VM&) {
  auto m = makeRef<ModuleObject>("_sysio");
  m->set("readline", makeNative("readline", sysio_readline));
  m->set("read", makeNative("read", sysio_read));
  return Value(m);
}

}  // namespace tdsl
