// The native half of functools (issue 15): partial and lru_cache / cache.
// stdlib/functools.td imports them from `_functools` next to its reduce.
#include "vm/interpreter.h"
#include "vm/stdlib_modules.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

bool isCallable(const Value& v) {
  if (v.isObj(ObjKind::Function) || v.isObj(ObjKind::Native) || v.isObj(ObjKind::BoundMethod)) return true;
  auto* ext = asExtension(v);
  return ext && ext->callable();
}

// functools.partial(func, *args, **keywords): calls func with the stored
// arguments first and the call's after them (keywords merged, the call's win).
class PartialObject : public ExtensionObject {
 public:
  PartialObject(Value fn, std::vector<Value> args, std::vector<std::pair<std::string, Value>> kw)
      : func(std::move(fn)), args(std::move(args)), keywords(std::move(kw)) {}
  std::string typeName() const override { return "partial"; }
  bool callable() const override { return true; }
  Value call(Interpreter& I, const CallArgs& a) override {
    std::vector<Value> all = args;
    all.insert(all.end(), a.args, a.args + a.nargs);
    std::vector<KwArg> kws;
    for (const auto& [k, v] : keywords) {
      bool overridden = false;
      for (size_t i = 0; i < a.nkwargs; ++i) overridden |= a.kwargs[i].name == k;
      if (!overridden) kws.push_back(KwArg{k, v});
    }
    kws.insert(kws.end(), a.kwargs, a.kwargs + a.nkwargs);
    return I.call(func, CallArgs{all.data(), all.size(), kws.data(), kws.size()});
  }
  const Value* getAttr(std::string_view name) const override {
    if (name == "func") return &func;
    return nullptr;
  }
  void gcTraverse(GcVisitor& v) override {
    v.visit(func);
    for (auto& x : args) v.visit(x);
    for (auto& kv : keywords) v.visit(kv.second);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(func));
    for (auto& x : args) out.push_back(std::move(x));
    for (auto& kv : keywords) out.push_back(std::move(kv.second));
    args.clear();
    keywords.clear();
  }

  Value func;
  std::vector<Value> args;
  std::vector<std::pair<std::string, Value>> keywords;
};

Value f_partial(Interpreter&, const CallArgs& a, const void*) {
  if (a.nargs < 1) throw Error(ErrorKind::Type, "type 'partial' takes at least one argument");
  if (!isCallable(a[0])) throw Error(ErrorKind::Type, "the first argument must be callable");
  std::vector<std::pair<std::string, Value>> kw;
  for (size_t i = 0; i < a.nkwargs; ++i) kw.emplace_back(std::string(a.kwargs[i].name), a.kwargs[i].value);
  return Value(makeRef<PartialObject>(a[0], std::vector<Value>(a.args + 1, a.args + a.nargs), std::move(kw)));
}

// The function lru_cache wraps: results by argument tuple (keywords as
// trailing (name, value) pairs), least recently used evicted past maxsize.
class CachedFunction : public ExtensionObject {
 public:
  CachedFunction(Value fn, int64_t maxsize) : func(std::move(fn)), maxsize_(maxsize), cache_(makeRef<DictObject>()) {
    clear_ = makeNative("cache_clear", clearNative, cache_.as<DictObject>());
  }
  std::string typeName() const override { return "functools._lru_cache_wrapper"; }
  bool callable() const override { return true; }
  Value call(Interpreter& I, const CallArgs& a) override {
    std::vector<Value> key(a.args, a.args + a.nargs);
    for (size_t i = 0; i < a.nkwargs; ++i)
      key.push_back(makeTuple({makeStr(std::string(a.kwargs[i].name)), a.kwargs[i].value}));
    Value k = makeTuple(std::move(key));
    requireHashable(k);
    if (const Value* hit = dict()->find(k)) {
      Value v = *hit;
      if (maxsize_ >= 0) {  // most recently used goes last
        dict()->erase(k);
        dict()->set(k, v);
      }
      return v;
    }
    Value result = I.call(func, a);
    if (maxsize_ != 0) {
      dict()->set(k, result);
      if (maxsize_ > 0 && static_cast<int64_t>(dict()->entries.size()) > maxsize_) {
        Value oldest = dict()->entries.front().first;
        dict()->erase(oldest);
      }
    }
    return result;
  }
  const Value* getAttr(std::string_view name) const override {
    if (name == "cache_clear") return &clear_;
    if (name == "__wrapped__") return &func;
    return nullptr;
  }
  void gcTraverse(GcVisitor& v) override {
    v.visit(func);
    v.visit(cache_);
  }
  void gcClear(std::vector<Value>& out) override {
    out.push_back(std::move(func));
    dict()->clear();
  }

  Value func;

 private:
  // The cache dict lives as long as this object, which holds clear_.
  static Value clearNative(Interpreter&, const CallArgs&, const void* dict) {
    const_cast<DictObject*>(static_cast<const DictObject*>(dict))->clear();
    return Value();
  }
  DictObject* dict() const { return cache_.as<DictObject>(); }
  int64_t maxsize_;  // -1: unbounded
  Value cache_;      // a DictObject
  Value clear_;
};

int64_t maxsizeOf(const Value& v) {
  if (v.isNone()) return -1;
  if (v.isInt()) return v.asInt() < 0 ? 0 : v.asInt();
  throw Error(ErrorKind::Type, "Expected first argument to be an integer, a callable, or None");
}

// lru_cache(maxsize=128)(f) / lru_cache(f) / cache(f).
Value f_lru_decorator(Interpreter&, const CallArgs& a, const void* data) {
  expectArgs(a, "lru_cache", 1, 1);
  return Value(makeRef<CachedFunction>(a[0], static_cast<int64_t>(reinterpret_cast<intptr_t>(data))));
}

Value f_lru_cache(Interpreter&, const CallArgs& a, const void*) {
  const Value* first = a.nargs ? &a[0] : findKwarg(a, "maxsize");
  if (first && isCallable(*first) && !first->isInt()) return Value(makeRef<CachedFunction>(*first, 128));
  int64_t maxsize = first ? maxsizeOf(*first) : 128;
  return makeNative("decorating_function", f_lru_decorator, reinterpret_cast<const void*>(static_cast<intptr_t>(maxsize)));
}

Value f_cache(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "cache", 1, 1);
  return Value(makeRef<CachedFunction>(a[0], -1));
}

}  // namespace

Value makeFunctoolsNativeModule(VM&) {
  auto m = makeRef<ModuleObject>("_functools");
  m->set("partial", makeNative("partial", f_partial));
  m->set("lru_cache", makeNative("lru_cache", f_lru_cache));
  m->set("cache", makeNative("cache", f_cache));
  return Value(m);
}

}  // namespace tdsl
