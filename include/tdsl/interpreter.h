// tdsl::Interpreter: one script context (globals, modules, heap, limits,
// output sinks). Part of the public API: include <tdsl/tdsl.h>.
//
// Threading: an interpreter (and every Value it made) is used by one thread
// at a time; different interpreters run in different threads at once.
// interrupt() is the one call another thread may make while it runs.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tdsl/error.h"
#include "tdsl/value.h"

namespace tdsl::api {

// Per-interpreter limits for untrusted scripts. Steps and time count from the
// start of each outermost exec/execFile/eval/call; exceeding them is
// RuntimeError "step limit exceeded" / "time limit exceeded", and the
// interpreter stays usable for the next call.
struct Limits {
  uint64_t maxSteps = 0;                   // calls + loop iterations; 0: no limit
  std::chrono::milliseconds timeLimit{0};  // wall clock; 0: no limit
  size_t maxTensorBytes = 0;               // memory: tensors, lists, dicts, sets, strings; 0: the default (8 GiB)
  size_t maxSourceBytes = 0;               // exec/eval source size; 0: no limit
  size_t maxRecursionDepth = 0;            // script frames; 0 or more than 1000: 1000
};

// What a script may reach outside the interpreter (docs/embedding.md,
// "Capabilities"). By default nothing: no file may be read or written.
// Files below a read directory may be imported (`import NAME` finds
// NAME.td, in the order given) and loaded (tdsl.load_npy, tdsl.load_npz);
// files below a write directory saved (tdsl.save_npy, tdsl.save_npz).
// Paths are checked after resolving symbolic links. deniedModules refuses
// `import NAME` (e.g. "time": no clock). Scripts never have process or
// environment access.
struct Capabilities {
  std::vector<std::string> readDirs;
  std::vector<std::string> writeDirs;
  std::vector<std::string> deniedModules;
};

struct Options {
  bool eager = false;            // torch.compile(fn) returns fn
  std::string backend = "tdsl";  // torch.compile's default backend
};

// Receives the script's output (print, sys.stdout.write; or sys.stderr).
using OutputSink = std::function<void(std::string_view text)>;

// One parameter of a host function: a name (empty: positional only) and an
// optional default.
struct Param {
  std::string name;
  bool hasDefault = false;
  Value defaultValue;
};
// The untyped form of a host function: the arguments bound to the
// parameters (defaults filled in), in order.
using HostFunction = std::function<Value(Interpreter& interp, std::vector<Value>& args)>;

// Names a host function's parameter, with an optional default:
//   interp.def("clamp", f, tdsl::arg("x"), tdsl::arg("lo") = 0.0, tdsl::arg("hi") = 1.0);
struct arg {
  explicit arg(std::string paramName) : name(std::move(paramName)) {}
  template <class T>
  arg& operator=(T value);
  std::string name;
  std::function<Value(Interpreter&)> makeDefault;
};

template <class T, class Enable = void>
struct Convert;  // from(const Value&) -> T, to(Interpreter&, const T&) -> Value

class TDSL_EXPORT Interpreter {
 public:
  Interpreter() : Interpreter(Options()) {}
  explicit Interpreter(const Options& options);
  ~Interpreter();
  Interpreter(Interpreter&&) noexcept;
  Interpreter& operator=(Interpreter&&) noexcept;
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Runs `source` in the main module's globals; `name` names it in errors.
  void exec(std::string_view source, std::string_view name = "<string>");
  void execFile(const std::string& path);
  // Runs `source` and returns the value of its last statement when that is
  // an expression ("x + 1"), else None.
  Value eval(std::string_view source, std::string_view name = "<eval>");
  // The same, returning the error instead of throwing it.
  Result tryExec(std::string_view source, std::string_view name = "<string>");
  Result tryExecFile(const std::string& path);
  Result tryEval(std::string_view source, std::string_view name = "<eval>");
  Result tryCall(const Value& fn, std::vector<Value> args);

  // Main-module globals; get throws NameError when undefined.
  Value get(const std::string& name);
  bool has(const std::string& name);
  template <class T>
  T get(const std::string& name) { return get(name).as<T>(); }
  template <class T>
  void set(const std::string& name, const T& value) { setValue(name, this->value(value)); }
  void setValue(const std::string& name, const Value& value);

  // Calls a global by name, or any callable, converting the C++ arguments;
  // tdsl::arg("name") = value passes a keyword argument, as in Python after
  // the positional ones: interp.call("f", x, tdsl::arg("scale") = 2.0).
  template <class... A>
  Value call(const std::string& name, A&&... args) { return call(get(name), std::forward<A>(args)...); }
  template <class... A>
  Value call(const Value& fn, A&&... args) {
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> keywords;
    (addArgument(positional, keywords, std::forward<A>(args)), ...);
    return callv(fn, std::move(positional), std::move(keywords));
  }
  Value callv(const Value& fn, std::vector<Value> args);
  Value callv(const Value& fn, std::vector<Value> args, std::vector<std::pair<std::string, Value>> kwargs);

  // Host functions as script globals. def deduces the parameter types from
  // the function's signature (a lambda, function pointer, std::function);
  // arg(...) names the parameters and gives defaults. A wrong call is a
  // TypeError in Python's words at the script's call site; an Error the
  // function throws reaches the script as that error, any other
  // std::exception as RuntimeError.
  template <class F, class... Specs>
  void def(const std::string& name, F f, Specs... specs);
  void defineFunction(const std::string& name, std::vector<Param> params, HostFunction fn);

  // C++ -> script values.
  template <class T>
  Value value(const T& v) { return Convert<std::decay_t<T>>::to(*this, v); }
  Value value(const char* s) { return string(s); }
  Value none() { return Value(); }
  Value boolean(bool b);
  Value integer(int64_t i);
  Value number(double d);
  Value string(std::string s);
  Value list(std::vector<Value> items);
  Value tuple(std::vector<Value> items);
  Value dict(std::vector<std::pair<Value, Value>> items);

  // A script tensor over host memory, without copying. `strides` (in
  // elements; empty: contiguous) and `sizes` must describe memory inside the
  // buffer. With a deleter the tensor owns the memory and calls it when the
  // last view dies; without one the host keeps the memory alive for as long
  // as the script may use it (borrowed).
  Tensor wrap(void* data, DType dtype, std::vector<int64_t> sizes, std::vector<int64_t> strides = {},
              std::function<void(void*)> deleter = {});

  // A script tensor over a DLPack tensor (CPU memory), without copying. The
  // tensor takes ownership: `managed`'s deleter runs when the last view
  // dies, or at once when it cannot be imported (an Error says why).
  Tensor fromDLPack(DLManagedTensor* managed);

  // Output sinks: stdout by default; sys.stderr output is dropped unless a
  // sink is set (the library never writes to the host's stderr).
  void setOutput(OutputSink sink);
  void setErrorOutput(OutputSink sink);

  void setLimits(const Limits& limits);
  const Limits& limits() const;
  void setCapabilities(const Capabilities& capabilities);
  const Capabilities& capabilities() const;

  // NumPy files from the host (format 1.0/2.0/3.0, little-endian, C or
  // Fortran order; Note [npy files] in src/api/npy.h). The host's paths are
  // not subject to the capabilities. loadNpy maps the file and shares the
  // mapping with the tensor when its data is aligned (no copy); an .npz's
  // members are read into new tensors, in the archive's order.
  Tensor loadNpy(const std::string& path);
  void saveNpy(const std::string& path, const Tensor& tensor);
  std::vector<std::pair<std::string, Tensor>> loadNpz(const std::string& path);
  void saveNpz(const std::string& path, const std::vector<std::pair<std::string, Tensor>>& tensors, bool compressed = false);
  // From any thread: the running script stops at its next safe point with
  // Error(Interrupted); when nothing runs, the next run stops at its first.
  void interrupt();

 private:
  friend struct detail::Core;
  friend class Value;
  explicit Interpreter(std::shared_ptr<detail::Core> core);
  template <class T>
  void addArgument(std::vector<Value>& positional, std::vector<std::pair<std::string, Value>>& keywords, T&& a);
  std::shared_ptr<detail::Core> core_;
};

// ---------------------------------------------------------------------------
// Conversions

template <>
struct Convert<Value> {
  static Value from(const Value& v) { return v; }
  static Value to(Interpreter&, const Value& v) { return v; }
};
template <>
struct Convert<bool> {
  static bool from(const Value& v) { return v.toBool(); }
  static Value to(Interpreter& in, bool b) { return in.boolean(b); }
};
template <class T>
struct Convert<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  static T from(const Value& v) {
    int64_t i = v.toInt();
    if (i < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
        (i > 0 && static_cast<uint64_t>(i) > static_cast<uint64_t>(std::numeric_limits<T>::max())))
      throw Error(ErrorKind::OverflowError, "Python int too large to convert to C " + std::string(sizeof(T) == 8 ? "long" : "int"));
    return static_cast<T>(i);
  }
  static Value to(Interpreter& in, T i) {
    if constexpr (std::is_unsigned_v<T> && sizeof(T) >= 8)
      if (i > static_cast<T>(INT64_MAX)) throw Error(ErrorKind::OverflowError, "int too large for a tdsl int");
    return in.integer(static_cast<int64_t>(i));
  }
};
template <class T>
struct Convert<T, std::enable_if_t<std::is_floating_point_v<T>>> {
  static T from(const Value& v) { return static_cast<T>(v.toDouble()); }
  static Value to(Interpreter& in, T d) { return in.number(static_cast<double>(d)); }
};
template <>
struct Convert<std::string> {
  static std::string from(const Value& v) { return v.toString(); }
  static Value to(Interpreter& in, const std::string& s) { return in.string(s); }
};
template <>
struct Convert<std::string_view> {
  static Value to(Interpreter& in, std::string_view s) { return in.string(std::string(s)); }
};
template <>
struct Convert<const char*> {
  static Value to(Interpreter& in, const char* s) { return in.string(s); }
};
template <>
struct Convert<std::nullptr_t> {
  static Value to(Interpreter&, std::nullptr_t) { return Value(); }
};
template <>
struct Convert<Tensor> {
  static Tensor from(const Value& v) { return v.toTensor(); }
  static Value to(Interpreter&, const Tensor& t) { return t.value(); }
};
template <class T>
struct Convert<std::optional<T>> {
  static std::optional<T> from(const Value& v) {
    if (v.isNone()) return std::nullopt;
    return Convert<T>::from(v);
  }
  static Value to(Interpreter& in, const std::optional<T>& o) { return o ? Convert<T>::to(in, *o) : Value(); }
};
template <class T>
struct Convert<std::vector<T>> {
  static std::vector<T> from(const Value& v) {
    std::vector<T> out;
    for (const Value& item : v.items()) out.push_back(Convert<T>::from(item));
    return out;
  }
  static Value to(Interpreter& in, const std::vector<T>& xs) {
    std::vector<Value> items;
    items.reserve(xs.size());
    for (const auto& x : xs) items.push_back(Convert<T>::to(in, x));
    return in.list(std::move(items));
  }
};
template <class Map>
struct MapConvert {
  using K = typename Map::key_type;
  using V = typename Map::mapped_type;
  static Map from(const Value& v) {
    Map out;
    for (const auto& kv : v.dictItems()) out.emplace(Convert<K>::from(kv.first), Convert<V>::from(kv.second));
    return out;
  }
  static Value to(Interpreter& in, const Map& m) {
    std::vector<std::pair<Value, Value>> items;
    for (const auto& kv : m) items.emplace_back(Convert<K>::to(in, kv.first), Convert<V>::to(in, kv.second));
    return in.dict(std::move(items));
  }
};
template <class K, class V>
struct Convert<std::map<K, V>> : MapConvert<std::map<K, V>> {};
template <class K, class V>
struct Convert<std::unordered_map<K, V>> : MapConvert<std::unordered_map<K, V>> {};

template <class T>
T Value::as() const {
  return Convert<std::decay_t<T>>::from(*this);
}

template <class... A>
Value Value::operator()(A&&... args) const {
  Interpreter in = interpreter();
  return in.call(*this, std::forward<A>(args)...);
}

template <class T>
void Interpreter::addArgument(std::vector<Value>& positional, std::vector<std::pair<std::string, Value>>& keywords, T&& a) {
  if constexpr (std::is_same_v<std::decay_t<T>, arg>) {
    if (!a.makeDefault) throw Error(ErrorKind::TypeError, "keyword argument '" + a.name + "' has no value (write tdsl::arg(\"" + a.name + "\") = value)");
    keywords.emplace_back(a.name, a.makeDefault(*this));
  } else {
    if (!keywords.empty()) throw Error(ErrorKind::TypeError, "positional argument follows keyword argument");
    positional.push_back(value(std::forward<T>(a)));
  }
}

template <class T>
arg& arg::operator=(T value) {
  makeDefault = [value](Interpreter& in) { return in.value(value); };
  return *this;
}

// ---------------------------------------------------------------------------
// Host functions: the typed adapter over HostFunction.

namespace detail {

// A host function's argument `index` did not convert; the library words it
// as "f(): argument 'x' (position 1) must be float, not str".
struct TDSL_EXPORT ArgumentError {
  size_t index;
  Error error;
};

template <class T>
std::decay_t<T> argumentAs(const std::vector<Value>& args, size_t index) {
  try {
    return Convert<std::decay_t<T>>::from(args[index]);
  } catch (Error& e) {
    throw ArgumentError{index, std::move(e)};
  }
}

template <class Sig>
struct HostAdapter;

template <class R, class... A>
struct HostAdapter<std::function<R(A...)>> {
  static constexpr size_t arity = sizeof...(A);
  template <size_t... I>
  static Value invoke(Interpreter& in, const std::function<R(A...)>& fn, std::vector<Value>& args, std::index_sequence<I...>) {
    // Braces convert left to right, so the first bad argument is the one reported.
    std::tuple<std::decay_t<A>...> converted{argumentAs<A>(args, I)...};
    if constexpr (std::is_void_v<R>) {
      std::apply(fn, std::move(converted));
      return Value();
    } else {
      return in.value(std::apply(fn, std::move(converted)));
    }
  }
};

}  // namespace detail

template <class F, class... Specs>
void Interpreter::def(const std::string& name, F f, Specs... specs) {
  static_assert((std::is_same_v<Specs, arg> && ...), "def's extra arguments are tdsl::arg(\"name\") specs");
  using Fn = decltype(std::function{f});
  using Adapter = detail::HostAdapter<Fn>;
  static_assert(sizeof...(Specs) == 0 || sizeof...(Specs) == Adapter::arity,
                "name every parameter of the host function, or none");
  std::vector<Param> params;
  if constexpr (sizeof...(Specs) == 0) {
    params.resize(Adapter::arity);
  } else {
    for (const arg& a : {specs...}) {
      Param p;
      p.name = a.name;
      if (a.makeDefault) {
        p.hasDefault = true;
        p.defaultValue = a.makeDefault(*this);
      }
      params.push_back(std::move(p));
    }
  }
  defineFunction(name, std::move(params), [fn = Fn(std::move(f))](Interpreter& in, std::vector<Value>& args) {
    return Adapter::invoke(in, fn, args, std::make_index_sequence<Adapter::arity>());
  });
}

}  // namespace tdsl::api
