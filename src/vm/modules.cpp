// The native standard modules: sys, math, time (DESIGN.md §1.2), gc.
#include <chrono>
#include <cmath>
#include <numeric>
#include <thread>

#include "vm/tensor_bridge.h"
#include "vm/value_ops.h"
#include "vm/stdlib_modules.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

// ---- sys

Value sys_exit(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "exit", 0, 1);
  I.flushStdout();  // output that cannot be written is an OSError here, not a silent exit
  ScriptExit e;
  if (a.nargs == 0 || a[0].isNone()) e.status = 0;
  else if (a[0].isInt()) e.status = static_cast<int>(a[0].asInt() & 0xFF);
  else if (a[0].isBool()) e.status = a[0].asBool();
  else {
    I.writeStderr(str(I, a[0]) + "\n");
    e.status = 1;
  }
  throw e;
}

Value stdout_write(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "write", 1, 1);
  if (!a[0].isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "write() argument must be str, not " + typeName(a[0]));
  const std::string& s = a[0].as<StrObject>()->str;
  I.writeStdout(s);
  return Value::integer(length(I, a[0]));
}
Value stderr_write(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "write", 1, 1);
  if (!a[0].isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "write() argument must be str, not " + typeName(a[0]));
  I.writeStderr(a[0].as<StrObject>()->str);
  return Value::integer(length(I, a[0]));
}
Value stream_flush(Interpreter& I, const CallArgs&, const void*) {
  I.flushStdout();
  return Value();
}

// ---- math

double real(Interpreter& I, const Value& v, const char* fname) {
  if (v.isFloat()) return v.asFloat();
  if (v.isInt()) return static_cast<double>(v.asInt());
  if (v.isBool()) return v.asBool();
  if (v.isTensor()) return real(I, tensorCallMethod(I, v, "item", CallArgs{}), fname);
  throw Error(ErrorKind::Type, "must be real number, not " + typeName(v));
}

[[noreturn]] void domain() { throw Error(ErrorKind::Value, "math domain error"); }
double rangeCheck(double r, double x) {
  if (std::isinf(r) && std::isfinite(x)) throw Error(ErrorKind::Overflow, "math range error");
  return r;
}

template <double (*F)(double)>
Value unaryMath(Interpreter& I, const CallArgs& a, const void* name) {
  expectArgs(a, static_cast<const char*>(name), 1, 1);
  double x = real(I, a[0], static_cast<const char*>(name));
  return Value::number(F(x));
}

double m_sqrt(double x) { if (x < 0) domain(); return std::sqrt(x); }
double m_exp(double x) { return rangeCheck(std::exp(x), x); }
double m_log2(double x) { if (x <= 0) domain(); return std::log2(x); }
double m_log10(double x) { if (x <= 0) domain(); return std::log10(x); }
double m_sin(double x) { if (std::isinf(x)) domain(); return std::sin(x); }
double m_cos(double x) { if (std::isinf(x)) domain(); return std::cos(x); }
double m_tan(double x) { if (std::isinf(x)) domain(); return std::tan(x); }
double m_asin(double x) { if (x < -1 || x > 1) domain(); return std::asin(x); }
double m_acos(double x) { if (x < -1 || x > 1) domain(); return std::acos(x); }
double m_atan(double x) { return std::atan(x); }
double m_tanh(double x) { return std::tanh(x); }
double m_fabs(double x) { return std::fabs(x); }

Value m_log(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "log", 1, 2);
  double x = real(I, a[0], "log");
  if (x <= 0) domain();
  double r = std::log(x);
  if (a.nargs == 2) {
    double b = real(I, a[1], "log");
    if (b <= 0) domain();
    double lb = std::log(b);
    if (lb == 0) throw Error(ErrorKind::ZeroDivision, "float division by zero");
    r /= lb;
  }
  return Value::number(r);
}
Value m_atan2(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "atan2", 2, 2);
  return Value::number(std::atan2(real(I, a[0], "atan2"), real(I, a[1], "atan2")));
}
Value m_hypot(Interpreter& I, const CallArgs& a, const void*) {
  double acc = 0;
  for (size_t i = 0; i < a.nargs; ++i) acc = std::hypot(acc, real(I, a[i], "hypot"));
  return Value::number(acc);
}
Value m_pow(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "pow", 2, 2);
  double x = real(I, a[0], "pow"), y = real(I, a[1], "pow");
  if (x == 0 && y < 0) domain();
  if (x < 0 && std::isfinite(y) && y != std::floor(y)) domain();
  double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) throw Error(ErrorKind::Overflow, "math range error");
  return Value::number(r);
}
Value roundToInt(Interpreter& I, const CallArgs& a, const char* name, double (*f)(double)) {
  expectArgs(a, name, 1, 1);
  if (a[0].isInt()) return a[0];
  if (a[0].isBool()) return Value::integer(a[0].asBool());
  return Value::integer(floatToInt(f(real(I, a[0], name))));
}
Value m_floor(Interpreter& I, const CallArgs& a, const void*) { return roundToInt(I, a, "floor", std::floor); }
Value m_ceil(Interpreter& I, const CallArgs& a, const void*) { return roundToInt(I, a, "ceil", std::ceil); }
Value m_trunc(Interpreter& I, const CallArgs& a, const void*) { return roundToInt(I, a, "trunc", std::trunc); }
Value m_isnan(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "isnan", 1, 1);
  return Value::boolean(std::isnan(real(I, a[0], "isnan")));
}
Value m_isinf(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "isinf", 1, 1);
  return Value::boolean(std::isinf(real(I, a[0], "isinf")));
}
Value m_isfinite(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "isfinite", 1, 1);
  return Value::boolean(std::isfinite(real(I, a[0], "isfinite")));
}
Value m_isclose(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "isclose", 2, 2);
  double x = real(I, a[0], "isclose"), y = real(I, a[1], "isclose");
  double rel = 1e-9, abs = 0.0;
  if (const Value* r = findKwarg(a, "rel_tol")) rel = real(I, *r, "isclose");
  if (const Value* t = findKwarg(a, "abs_tol")) abs = real(I, *t, "isclose");
  if (rel < 0 || abs < 0) throw Error(ErrorKind::Value, "tolerances must be non-negative");
  if (x == y) return Value::boolean(true);
  if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
  double diff = std::fabs(y - x);
  return Value::boolean(diff <= std::fabs(rel * y) || diff <= std::fabs(rel * x) || diff <= abs);
}
Value m_gcd(Interpreter&, const CallArgs& a, const void*) {
  int64_t g = 0;
  for (size_t i = 0; i < a.nargs; ++i) {
    if (!a[i].isInt() && !a[i].isBool())
      throw Error(ErrorKind::Type, "'" + typeName(a[i]) + "' object cannot be interpreted as an integer");
    int64_t x = a[i].isBool() ? a[i].asBool() : a[i].asInt();
    if (x == INT64_MIN) throw Error(ErrorKind::Overflow, "integer overflow in gcd");
    g = std::gcd(g, x < 0 ? -x : x);
  }
  return Value::integer(g);
}

// ---- time

Value t_perf_counter(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "perf_counter", 0, 0);
  auto t = std::chrono::steady_clock::now().time_since_epoch();
  return Value::number(std::chrono::duration<double>(t).count());
}
Value t_time(Interpreter&, const CallArgs& a, const void*) {
  expectArgs(a, "time", 0, 0);
  auto t = std::chrono::system_clock::now().time_since_epoch();
  return Value::number(std::chrono::duration<double>(t).count());
}

// Note [Interruptible sleep]
// time.sleep sleeps in slices of at most kSleepSlice and looks, between
// two, for an interrupt (Ctrl-C, a host's requestInterrupt, the embedding
// API's deadline watchdog) and the interpreter's time limit, so either stops
// a long sleep within one slice, as SIGINT wakes CPython's. The argument
// follows CPython's: an int or a float of seconds, at least 0, not NaN, and
// small enough for int64 nanoseconds.
constexpr std::chrono::milliseconds kSleepSlice{10};

Value t_sleep(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "sleep", 1, 1);
  const Value& v = a[0];
  constexpr int64_t kMaxSeconds = INT64_MAX / 1000000000;  // int64 nanoseconds
  double seconds = 0;
  if (v.isFloat()) {
    seconds = v.asFloat();
    if (std::isnan(seconds)) throw Error(ErrorKind::Value, "Invalid value NaN (not a number)");
    if (seconds * 1e9 >= 9223372036854775807.0)
      throw Error(ErrorKind::Overflow, "timestamp out of range for platform time_t");
  } else if (v.isInt() || v.isBool()) {
    const int64_t n = v.isInt() ? v.asInt() : v.asBool();
    if (n > kMaxSeconds) throw Error(ErrorKind::Overflow, "timestamp too large to convert to C _PyTime_t");
    seconds = static_cast<double>(n);
  } else {
    throw Error(ErrorKind::Type, "'" + typeName(v) + "' object cannot be interpreted as an integer");
  }
  if (seconds < 0) throw Error(ErrorKind::Value, "sleep length must be non-negative");
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  const std::chrono::duration<double> wanted(seconds);
  // A sleep past the clock's range (292 years from boot) lasts until stopped.
  const Clock::time_point end = wanted >= Clock::time_point::max() - start
                                    ? Clock::time_point::max()
                                    : start + std::chrono::duration_cast<Clock::duration>(wanted);
  for (Clock::time_point now = Clock::now(); now < end; now = Clock::now()) {
    I.vm().checkInterrupt();
    I.chargeSteps();  // the time limit (Note [Step and time limits])
    std::this_thread::sleep_for(std::min<Clock::duration>(end - now, kSleepSlice));
  }
  I.vm().checkInterrupt();
  return Value();
}

// ---- gc (Note [Cycle collector] in gc.h). One collector without
// generations: every generation argument runs the full collection.

Value gc_collect(Interpreter& I, const CallArgs& a, const void*) {
  expectArgs(a, "collect", 0, 1);
  for (size_t i = 0; i < a.nkwargs; ++i)
    if (a.kwargs[i].name != "generation")
      throw Error(ErrorKind::Type, "collect() got an unexpected keyword argument '" + std::string(a.kwargs[i].name) + "'");
  const Value* generation = a.nargs ? &a[0] : findKwarg(a, "generation");
  if (generation && !generation->isNone()) {
    if (!generation->isInt() && !generation->isBool())
      throw Error(ErrorKind::Type, "'" + typeName(*generation) + "' object cannot be interpreted as an integer");
    int64_t g = generation->isInt() ? generation->asInt() : generation->asBool();
    if (g < 0 || g > 2) throw Error(ErrorKind::Value, "invalid generation");
  }
  return Value::integer(static_cast<int64_t>(I.vm().collectAndFinalize()));
}
Value gc_enable(Interpreter& I, const CallArgs& a, const void*) {
  if (a.nargs || a.nkwargs) throw Error(ErrorKind::Type, "gc.enable() takes no arguments (" + std::to_string(a.nargs + a.nkwargs) + " given)");
  I.vm().heap().setEnabled(true);
  return Value();
}
Value gc_disable(Interpreter& I, const CallArgs& a, const void*) {
  if (a.nargs || a.nkwargs) throw Error(ErrorKind::Type, "gc.disable() takes no arguments (" + std::to_string(a.nargs + a.nkwargs) + " given)");
  I.vm().heap().setEnabled(false);
  return Value();
}
Value gc_isenabled(Interpreter& I, const CallArgs& a, const void*) {
  if (a.nargs || a.nkwargs) throw Error(ErrorKind::Type, "gc.isenabled() takes no arguments (" + std::to_string(a.nargs + a.nkwargs) + " given)");
  return Value::boolean(I.vm().heap().enabled());
}

}  // namespace

Value makeSysModule(VM& vm) {
  auto m = makeRef<ModuleObject>("sys");
  std::vector<Value> argv;
  for (auto& s : vm.scriptArgv) argv.push_back(makeStr(s));
  m->set("argv", makeList(std::move(argv)));
  m->set("exit", makeNative("exit", sys_exit));
  auto out = makeRef<ModuleObject>("sys.stdout");
  out->set("write", makeNative("write", stdout_write));
  out->set("flush", makeNative("flush", stream_flush));
  m->set("stdout", Value(out));
  auto err = makeRef<ModuleObject>("sys.stderr");
  err->set("write", makeNative("write", stderr_write));
  err->set("flush", makeNative("flush", stream_flush));
  m->set("stderr", Value(err));
  m->set("stdin", getAttr(vm.interp, vm.importModule("_stdin"), "stdin"));
  m->set("maxsize", Value::integer(INT64_MAX));
  m->set("version", makeStr("tdsl"));
  addSysLimits(*m);
  return Value(m);
}

Value makeMathModule(VM&) {
  auto m = makeRef<ModuleObject>("math");
  m->set("pi", Value::number(M_PI));
  m->set("e", Value::number(M_E));
  m->set("tau", Value::number(2 * M_PI));
  m->set("inf", Value::number(INFINITY));
  m->set("nan", Value::number(NAN));
  struct U { const char* name; NativeFn fn; };
  static const U unary[] = {
      {"sqrt", unaryMath<m_sqrt>}, {"exp", unaryMath<m_exp>}, {"log2", unaryMath<m_log2>},
      {"log10", unaryMath<m_log10>}, {"sin", unaryMath<m_sin>}, {"cos", unaryMath<m_cos>},
      {"tan", unaryMath<m_tan>}, {"asin", unaryMath<m_asin>}, {"acos", unaryMath<m_acos>},
      {"atan", unaryMath<m_atan>}, {"tanh", unaryMath<m_tanh>}, {"fabs", unaryMath<m_fabs>},
  };
  for (const U& u : unary) m->set(u.name, makeNative(u.name, u.fn, u.name));
  static const U others[] = {
      {"log", m_log}, {"atan2", m_atan2}, {"hypot", m_hypot}, {"pow", m_pow}, {"floor", m_floor},
      {"ceil", m_ceil}, {"trunc", m_trunc}, {"isnan", m_isnan}, {"isinf", m_isinf},
      {"isfinite", m_isfinite}, {"isclose", m_isclose}, {"gcd", m_gcd},
  };
  for (const U& u : others) m->set(u.name, makeNative(u.name, u.fn));
  addMathExtras(*m);
  return Value(m);
}

Value makeGcModule(VM&) {
  auto m = makeRef<ModuleObject>("gc");
  m->set("collect", makeNative("collect", gc_collect));
  m->set("enable", makeNative("enable", gc_enable));
  m->set("disable", makeNative("disable", gc_disable));
  m->set("isenabled", makeNative("isenabled", gc_isenabled));
  return Value(m);
}

Value makeTimeModule(VM&) {
  auto m = makeRef<ModuleObject>("time");
  m->set("perf_counter", makeNative("perf_counter", t_perf_counter));
  m->set("time", makeNative("time", t_time));
  m->set("monotonic", makeNative("monotonic", t_perf_counter));
  m->set("sleep", makeNative("sleep", t_sleep));
  return Value(m);
}

}  // namespace tdsl
