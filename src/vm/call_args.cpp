// Calls with unpacking on either side: binding *args / keyword-only /
// **kwargs parameters (Note [Extended parameters] in code.h), and CALLEX
// spreading f(*xs, **kw) into CALL's register layout. CPython's messages.
#include <algorithm>

#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string quotedList(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    s += "'" + names[i] + "'";
  }
  return s;
}

}  // namespace

void bindExtendedArgs(const FunctionObject& fn, Value* base, int nargs, int nkw) {
  const CodeObject& code = *fn.code;
  const std::string& fname = code.name;
  const int npos = code.nposParams;
  const int kwFirst = npos, kwEnd = npos + code.nkwonly;
  const int varArgsReg = kwEnd;
  const int varKwReg = kwEnd + (code.hasVarArgs ? 1 : 0);
  if (nargs > npos && !code.hasVarArgs) {
    int required = npos - code.ndefaults;
    std::string takes = required == npos ? plural(static_cast<size_t>(npos), "positional argument")
                                         : "from " + std::to_string(required) + " to " + plural(static_cast<size_t>(npos), "positional argument");
    throw Error(ErrorKind::Type, fname + "() takes " + takes + " but " + std::to_string(nargs) + " " +
                                     (nargs == 1 ? "was" : "were") + " given");
  }
  std::vector<Value> extra;
  for (int i = npos; i < nargs; ++i) extra.push_back(std::move(base[i]));
  std::vector<Value> kwvals(base + nargs, base + nargs + nkw);
  Value names = nkw ? base[nargs + nkw] : Value();
  const int clearEnd = std::max(code.nregs, nargs + nkw + 1);
  for (int i = std::min(nargs, npos); i < clearEnd; ++i) base[i] = Value();
  std::vector<bool> bound(static_cast<size_t>(kwEnd), false);
  for (int i = 0; i < std::min(nargs, npos); ++i) bound[static_cast<size_t>(i)] = true;
  Value varKw;
  if (code.hasVarKw) varKw = makeDict();
  auto fail = [&](const std::string& msg) {
    for (int i = 0; i < clearEnd; ++i) base[i] = Value();
    throw Error(ErrorKind::Type, msg);
  };
  for (int k = 0; k < nkw; ++k) {
    const Value& nameValue = names.as<TupleObject>()->items[static_cast<size_t>(k)];
    const std::string& kn = nameValue.as<StrObject>()->str;
    int idx = -1;
    for (int p = 0; p < kwEnd; ++p)
      if (code.paramNames[static_cast<size_t>(p)] == kn) { idx = p; break; }
    if (idx < 0) {
      if (!code.hasVarKw) fail(fname + "() got an unexpected keyword argument '" + kn + "'");
      varKw.as<DictObject>()->set(nameValue, std::move(kwvals[static_cast<size_t>(k)]));
      continue;
    }
    if (bound[static_cast<size_t>(idx)]) fail(fname + "() got multiple values for argument '" + kn + "'");
    base[idx] = std::move(kwvals[static_cast<size_t>(k)]);
    bound[static_cast<size_t>(idx)] = true;
  }
  std::vector<std::string> missing;
  const int firstDefault = npos - code.ndefaults;
  for (int p = 0; p < npos; ++p) {
    if (bound[static_cast<size_t>(p)]) continue;
    if (p >= firstDefault) base[p] = fn.defaults[static_cast<size_t>(p - firstDefault)];
    else missing.push_back(code.paramNames[static_cast<size_t>(p)]);
  }
  if (!missing.empty())
    fail(fname + "() missing " + plural(missing.size(), "required positional argument") + ": " + quotedList(missing));
  size_t nextDefault = static_cast<size_t>(code.ndefaults);
  for (int p = kwFirst; p < kwEnd; ++p) {
    bool hasDefault = code.kwDefault[static_cast<size_t>(p - kwFirst)];
    if (!bound[static_cast<size_t>(p)]) {
      if (hasDefault) base[p] = fn.defaults[nextDefault];
      else missing.push_back(code.paramNames[static_cast<size_t>(p)]);
    }
    if (hasDefault) ++nextDefault;
  }
  if (!missing.empty())
    fail(fname + "() missing " + plural(missing.size(), "required keyword-only argument") + ": " + quotedList(missing));
  if (code.hasVarArgs) base[varArgsReg] = makeTuple(std::move(extra));
  if (code.hasVarKw) base[varKwReg] = std::move(varKw);
}

int VM::spreadCallArgs(Value* callee, int& nkw) {
  Value args = std::move(callee[1]);
  Value kwargs = std::move(callee[2]);
  const auto& items = args.as<TupleObject>()->items;
  const DictObject* kw = kwargs.isNone() ? nullptr : kwargs.as<DictObject>();
  nkw = kw ? static_cast<int>(kw->size()) : 0;
  size_t need = 1 + items.size() + static_cast<size_t>(nkw) + 1;
  if (callee + need + 1 > stackEnd_) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded (value stack full)");
  if (nkw > 0xFFFF) throw Error(ErrorKind::Type, "too many keyword arguments");
  size_t i = 1;
  for (const Value& v : items) callee[i++] = v;
  if (kw) {
    std::vector<Value> names;
    names.reserve(kw->size());
    for (const auto& kv : kw->entries) {
      callee[i++] = kv.second;
      names.push_back(kv.first);
    }
    callee[i] = makeTuple(std::move(names));
  }
  return static_cast<int>(items.size());
}

}  // namespace tdsl
