// The `random` module: CPython's Mersenne Twister and the methods of its
// random.Random built on it, so a seeded script draws CPython's numbers
// (issue 15).
//
// Note [CPython's random stream]
// CPython seeds its MT19937 with init_by_array over the 32-bit words of
// abs(seed), least significant first (one zero word for 0); random() takes
// two words a, b and returns (a >> 5) * 2^26 + (b >> 6) scaled by 2^-53;
// getrandbits(k) takes ceil(k / 32) words, least significant first, the
// last one shifted right to the bits left; randrange and friends draw an
// index below n by getrandbits(n.bit_length()) until it is below n. gauss
// keeps the second Box-Muller value for the next call (seed() drops it).
// Each function below follows the pure-Python method of the same name in
// CPython 3.11's Lib/random.py call for call, so the words consumed match.
// The module keeps one Random instance per interpreter (the module's own,
// created on import); random.Random(seed) makes others.
#include <cmath>
#include <memory>
#include <optional>
#include <random>
#include <unordered_set>

#include "vm/interpreter.h"
#include "vm/stdlib_modules.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

class PyMersenne {
 public:
  PyMersenne() { seedWords({static_cast<uint32_t>(std::random_device{}()), static_cast<uint32_t>(std::random_device{}())}); }

  void seedWords(const std::vector<uint32_t>& key) {
    initGenrand(19650218u);
    size_t i = 1, j = 0;
    for (size_t k = std::max<size_t>(kN, key.size()); k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + static_cast<uint32_t>(j);
      ++i;
      ++j;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
      if (j >= key.size()) j = 0;
    }
    for (size_t k = kN - 1; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
      ++i;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000u;
    gaussNext_.reset();
  }

  uint32_t word() {
    if (index_ >= kN) twist();
    uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }
  double random() {
    uint32_t a = word() >> 5, b = word() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }
  // k in [0, 63].
  uint64_t bits(int k) {
    if (k == 0) return 0;
    if (k <= 32) return word() >> (32 - k);
    uint64_t lo = word();
    uint64_t hi = word() >> (64 - k);
    return lo | (hi << 32);
  }
  // _randbelow_with_getrandbits, n > 0.
  uint64_t below(uint64_t n) {
    int k = 64 - __builtin_clzll(n);
    uint64_t r = bits(k);
    while (r >= n) r = bits(k);
    return r;
  }

  std::optional<double> gaussNext_;

 private:
  static constexpr size_t kN = 624, kM = 397;
  void initGenrand(uint32_t s) {
    mt_[0] = s;
    for (size_t i = 1; i < kN; ++i) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
    index_ = kN;
  }
  void twist() {
    for (size_t i = 0; i < kN; ++i) {
      uint32_t y = (mt_[i] & 0x80000000u) | (mt_[(i + 1) % kN] & 0x7fffffffu);
      mt_[i] = mt_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    index_ = 0;
  }
  uint32_t mt_[kN] = {};
  size_t index_ = kN;
};

using Gen = std::shared_ptr<PyMersenne>;

// A method of one Random instance: keeps the generator alive; its data
// pointer is its own `gen` member.
class RandomMethod : public NativeObject {
 public:
  RandomMethod(std::string name, NativeFn fn, Gen g) : NativeObject(std::move(name), fn, nullptr), gen(std::move(g)) {
    data = &gen;
  }
  Gen gen;
};

PyMersenne& rng(const void* data) { return **static_cast<const Gen*>(data); }

[[noreturn]] void typeError(const std::string& m) { throw Error(ErrorKind::Type, m); }
[[noreturn]] void valueError(const std::string& m) { throw Error(ErrorKind::Value, m); }

int64_t intArgOf(const Value& v, const char* what) {
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool();
  typeError("'" + typeName(v) + "' object cannot be interpreted as an integer");
  (void)what;
}

double realArg(const Value& v) {
  if (v.isFloat()) return v.asFloat();
  if (v.isInt()) return static_cast<double>(v.asInt());
  if (v.isBool()) return v.asBool();
  typeError("must be real number, not " + typeName(v));
}

const Value* arg(const CallArgs& a, size_t i, std::string_view name) {
  if (i < a.nargs) return &a[i];
  return findKwarg(a, name);
}

void onlyKwargs(const CallArgs& a, const char* fn, std::initializer_list<std::string_view> names) {
  for (size_t i = 0; i < a.nkwargs; ++i) {
    bool ok = false;
    for (auto n : names) ok |= a.kwargs[i].name == n;
    if (!ok) typeError(std::string(fn) + "() got an unexpected keyword argument '" + std::string(a.kwargs[i].name) + "'");
  }
}

// CPython's hash of a float (used by seed(float)), modulo 2^61 - 1.
int64_t hashFloat(double v) {
  if (std::isinf(v)) return v > 0 ? 314159 : -314159;
  if (std::isnan(v)) return 0;
  const uint64_t kModulus = (uint64_t(1) << 61) - 1;
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m) {
    x = ((x << 28) & kModulus) | x >> (61 - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kModulus) x -= kModulus;
  }
  e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
  x = ((x << e) & kModulus) | x >> (61 - e);
  int64_t h = static_cast<int64_t>(x) * sign;
  return h == -1 ? -2 : h;
}

void seedFrom(PyMersenne& g, const Value* a) {
  if (!a || a->isNone()) {
    std::random_device rd;
    g.seedWords({rd(), rd(), rd(), rd()});
    return;
  }
  int64_t s;
  if (a->isInt()) s = a->asInt();
  else if (a->isBool()) s = a->asBool();
  else if (a->isFloat()) s = hashFloat(a->asFloat());
  else if (a->isObj(ObjKind::Str)) typeError("random.seed() with a str is not supported by tdsl; use an int");
  else typeError("The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
  uint64_t mag = s < 0 ? uint64_t(0) - static_cast<uint64_t>(s) : static_cast<uint64_t>(s);
  std::vector<uint32_t> key{static_cast<uint32_t>(mag)};
  if (mag >> 32) key.push_back(static_cast<uint32_t>(mag >> 32));
  g.seedWords(key);
}

Value r_seed(Interpreter&, const CallArgs& a, const void* d) {
  onlyKwargs(a, "seed", {"a", "version"});
  if (a.nargs > 2) typeError("seed() takes from 1 to 3 positional arguments but " + std::to_string(a.nargs + 1) + " were given");
  seedFrom(rng(d), arg(a, 0, "a"));
  return Value();
}

Value r_random(Interpreter&, const CallArgs& a, const void* d) {
  expectArgs(a, "random", 0, 0);
  rejectKwargs(a, "random");
  return Value::number(rng(d).random());
}

Value r_getrandbits(Interpreter&, const CallArgs& a, const void* d) {
  expectArgs(a, "getrandbits", 1, 1);
  int64_t k = intArgOf(a[0], "k");
  if (k < 0) valueError("number of bits must be non-negative");
  if (k > 63) throw Error(ErrorKind::Overflow, "getrandbits(): more than 63 bits needs big integers, which tdsl does not support");
  return Value::integer(static_cast<int64_t>(rng(d).bits(static_cast<int>(k))));
}

int64_t randrange(PyMersenne& g, const Value& start, const Value* stop, const Value* step) {
  auto idx = [](const Value& v, int pos) -> int64_t {
    if (v.isInt() || v.isBool()) return intArgOf(v, "");
    if (v.isFloat()) {
      double f = v.asFloat();
      if (f != std::floor(f)) valueError("non-integer arg " + std::to_string(pos) + " for randrange()");
      return static_cast<int64_t>(f);
    }
    typeError("'" + typeName(v) + "' object cannot be interpreted as an integer");
  };
  int64_t istart = idx(start, 1);
  if (!stop || stop->isNone()) {
    if (step && !(step->isInt() && step->asInt() == 1)) typeError("Missing a non-None stop argument");
    if (istart > 0) return static_cast<int64_t>(g.below(static_cast<uint64_t>(istart)));
    valueError("empty range for randrange()");
  }
  int64_t istop = idx(*stop, 2);
  int64_t width = checkedSub(istop, istart);
  int64_t istep = step ? idx(*step, 3) : 1;
  if (istep == 1) {
    if (width > 0) return istart + static_cast<int64_t>(g.below(static_cast<uint64_t>(width)));
    valueError("empty range for randrange() (" + std::to_string(istart) + ", " + std::to_string(istop) + ", " +
               std::to_string(width) + ")");
  }
  int64_t n;
  if (istep > 0) n = floorDivInt(width + istep - 1, istep);
  else if (istep < 0) n = floorDivInt(width + istep + 1, istep);
  else valueError("zero step for randrange()");
  if (n <= 0) valueError("empty range for randrange()");
  return istart + istep * static_cast<int64_t>(g.below(static_cast<uint64_t>(n)));
}

Value r_randrange(Interpreter&, const CallArgs& a, const void* d) {
  onlyKwargs(a, "randrange", {"start", "stop", "step"});
  const Value* start = arg(a, 0, "start");
  if (!start) typeError("randrange() missing 1 required positional argument: 'start'");
  if (a.nargs > 3) typeError("randrange() takes from 2 to 4 positional arguments but " + std::to_string(a.nargs + 1) + " were given");
  return Value::integer(randrange(rng(d), *start, arg(a, 1, "stop"), arg(a, 2, "step")));
}

Value r_randint(Interpreter&, const CallArgs& a, const void* d) {
  rejectKwargs(a, "randint");
  if (a.nargs != 2)
    typeError(a.nargs < 2 ? "randint() missing " + std::to_string(2 - a.nargs) + " required positional argument" +
                                (a.nargs == 0 ? "s: 'a' and 'b'" : ": 'b'")
                          : "randint() takes 3 positional arguments but " + std::to_string(a.nargs + 1) + " were given");
  Value stop = a[1].isInt() ? Value::integer(checkedAdd(a[1].asInt(), 1))
                            : a[1].isBool() ? Value::integer(a[1].asBool() + 1) : Value::number(realArg(a[1]) + 1);
  return Value::integer(randrange(rng(d), a[0], &stop, nullptr));
}

Value r_choice(Interpreter& I, const CallArgs& a, const void* d) {
  expectArgs(a, "choice", 1, 1);
  int64_t n = length(I, a[0]);
  if (n == 0) throw Error(ErrorKind::Index, "Cannot choose from an empty sequence");
  return getItem(I, a[0], Value::integer(static_cast<int64_t>(rng(d).below(static_cast<uint64_t>(n)))));
}

Value r_shuffle(Interpreter& I, const CallArgs& a, const void* d) {
  expectArgs(a, "shuffle", 1, 1);
  rejectKwargs(a, "shuffle");
  int64_t n = length(I, a[0]);
  for (int64_t i = n - 1; i >= 1; --i) {
    int64_t j = static_cast<int64_t>(rng(d).below(static_cast<uint64_t>(i + 1)));
    Value vi = getItem(I, a[0], Value::integer(i)), vj = getItem(I, a[0], Value::integer(j));
    setItem(I, a[0], Value::integer(i), vj);
    setItem(I, a[0], Value::integer(j), vi);
  }
  return Value();
}

Value r_uniform(Interpreter&, const CallArgs& a, const void* d) {
  expectArgs(a, "uniform", 2, 2);
  double lo = realArg(a[0]), hi = realArg(a[1]);
  return Value::number(lo + (hi - lo) * rng(d).random());
}

Value r_gauss(Interpreter&, const CallArgs& a, const void* d) {
  onlyKwargs(a, "gauss", {"mu", "sigma"});
  const Value* mu = arg(a, 0, "mu");
  const Value* sigma = arg(a, 1, "sigma");
  PyMersenne& g = rng(d);
  std::optional<double> z = g.gaussNext_;
  g.gaussNext_.reset();
  if (!z) {
    double x2pi = g.random() * (2 * M_PI);
    double g2rad = std::sqrt(-2.0 * std::log(1.0 - g.random()));
    z = std::cos(x2pi) * g2rad;
    g.gaussNext_ = std::sin(x2pi) * g2rad;
  }
  return Value::number((mu ? realArg(*mu) : 0.0) + *z * (sigma ? realArg(*sigma) : 1.0));
}

Value r_normalvariate(Interpreter&, const CallArgs& a, const void* d) {
  onlyKwargs(a, "normalvariate", {"mu", "sigma"});
  const Value* mu = arg(a, 0, "mu");
  const Value* sigma = arg(a, 1, "sigma");
  PyMersenne& g = rng(d);
  const double kMagic = 4 * std::exp(-0.5) / std::sqrt(2.0);
  double z;
  for (;;) {
    double u1 = g.random();
    double u2 = 1.0 - g.random();
    z = kMagic * (u1 - 0.5) / u2;
    double zz = z * z / 4.0;
    if (zz <= -std::log(u2)) break;
  }
  return Value::number((mu ? realArg(*mu) : 0.0) + z * (sigma ? realArg(*sigma) : 1.0));
}

Value r_expovariate(Interpreter&, const CallArgs& a, const void* d) {
  expectArgs(a, "expovariate", 1, 1);
  double lambd = realArg(a[0]);
  if (lambd == 0) throw Error(ErrorKind::ZeroDivision, "float division by zero");
  return Value::number(-std::log(1.0 - rng(d).random()) / lambd);
}

Value r_triangular(Interpreter&, const CallArgs& a, const void* d) {
  onlyKwargs(a, "triangular", {"low", "high", "mode"});
  const Value* lowV = arg(a, 0, "low");
  const Value* highV = arg(a, 1, "high");
  const Value* modeV = arg(a, 2, "mode");
  double low = lowV ? realArg(*lowV) : 0.0, high = highV ? realArg(*highV) : 1.0;
  double u = rng(d).random();
  double c;
  if (!modeV || modeV->isNone()) {
    c = 0.5;
  } else {
    if (high == low) return Value::number(low);
    c = (realArg(*modeV) - low) / (high - low);
  }
  if (u > c) {
    u = 1.0 - u;
    c = 1.0 - c;
    std::swap(low, high);
  }
  return Value::number(low + (high - low) * std::sqrt(u * c));
}

bool isSequence(const Value& v) {
  return v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple) || v.isObj(ObjKind::Str) || v.isObj(ObjKind::Range);
}

Value r_sample(Interpreter& I, const CallArgs& a, const void* d) {
  onlyKwargs(a, "sample", {"counts", "k", "population"});
  const Value* popV = arg(a, 0, "population");
  const Value* kV = arg(a, 1, "k");
  if (!popV || !kV) typeError("sample() missing 1 required positional argument: 'k'");
  if (const Value* c = findKwarg(a, "counts"); c && !c->isNone())
    typeError("sample(counts=...) is not supported by tdsl");
  const Value& pop = *popV;
  if (!isSequence(pop)) typeError("Population must be a sequence.  For dicts or sets, use sorted(d).");
  int64_t n = length(I, pop);
  int64_t k = intArgOf(*kV, "k");
  if (k < 0 || k > n) valueError("Sample larger than population or is negative");
  PyMersenne& g = rng(d);
  std::vector<Value> result(static_cast<size_t>(k));
  int64_t setsize = 21;
  if (k > 5) setsize += static_cast<int64_t>(std::pow(4.0, std::ceil(std::log(static_cast<double>(k * 3)) / std::log(4.0))));
  if (n <= setsize) {
    std::vector<Value> pool = iterateAll(I, pop);
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = static_cast<int64_t>(g.below(static_cast<uint64_t>(n - i)));
      result[static_cast<size_t>(i)] = pool[static_cast<size_t>(j)];
      pool[static_cast<size_t>(j)] = pool[static_cast<size_t>(n - i - 1)];
    }
  } else {
    std::unordered_set<int64_t> selected;
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = static_cast<int64_t>(g.below(static_cast<uint64_t>(n)));
      while (selected.count(j)) j = static_cast<int64_t>(g.below(static_cast<uint64_t>(n)));
      selected.insert(j);
      result[static_cast<size_t>(i)] = getItem(I, pop, Value::integer(j));
    }
  }
  return makeList(std::move(result));
}

Value r_choices(Interpreter& I, const CallArgs& a, const void* d) {
  onlyKwargs(a, "choices", {"population", "weights", "cum_weights", "k"});
  const Value* popV = arg(a, 0, "population");
  if (!popV) typeError("choices() missing 1 required positional argument: 'population'");
  const Value* weightsV = arg(a, 1, "weights");
  const Value* cumV = findKwarg(a, "cum_weights");
  const Value* kV = findKwarg(a, "k");
  int64_t k = kV ? intArgOf(*kV, "k") : 1;
  int64_t n = length(I, *popV);
  PyMersenne& g = rng(d);
  std::vector<Value> out;
  if (!cumV || cumV->isNone()) {
    if (!weightsV || weightsV->isNone()) {
      double nf = static_cast<double>(n);
      for (int64_t i = 0; i < k; ++i)
        out.push_back(getItem(I, *popV, Value::integer(floatToInt(std::floor(g.random() * nf)))));
      return makeList(std::move(out));
    }
  } else if (weightsV && !weightsV->isNone()) {
    typeError("Cannot specify both weights and cumulative weights");
  }
  std::vector<double> cum;
  if (!cumV || cumV->isNone()) {
    double acc = 0;
    bool first = true;
    for (const Value& w : iterateAll(I, *weightsV)) {
      acc = first ? realArg(w) : acc + realArg(w);
      first = false;
      cum.push_back(acc);
    }
  } else {
    for (const Value& w : iterateAll(I, *cumV)) cum.push_back(realArg(w));
  }
  if (static_cast<int64_t>(cum.size()) != n) valueError("The number of weights does not match the population");
  double total = cum.empty() ? 0.0 : cum.back();
  if (total <= 0.0) valueError("Total of weights must be greater than zero");
  if (!std::isfinite(total)) valueError("Total of weights must be finite");
  int64_t hi = n - 1;
  for (int64_t i = 0; i < k; ++i) {
    double x = g.random() * total;
    // bisect_right(cum, x, 0, hi)
    int64_t lo = 0, h = hi;
    while (lo < h) {
      int64_t mid = (lo + h) / 2;
      if (x < cum[static_cast<size_t>(mid)]) h = mid;
      else lo = mid + 1;
    }
    out.push_back(getItem(I, *popV, Value::integer(lo)));
  }
  return makeList(std::move(out));
}

struct Method {
  const char* name;
  NativeFn fn;
};
const Method kMethods[] = {
    {"seed", r_seed},           {"random", r_random},     {"getrandbits", r_getrandbits},
    {"randrange", r_randrange}, {"randint", r_randint},   {"choice", r_choice},
    {"choices", r_choices},     {"shuffle", r_shuffle},   {"sample", r_sample},
    {"uniform", r_uniform},     {"gauss", r_gauss},       {"normalvariate", r_normalvariate},
    {"expovariate", r_expovariate}, {"triangular", r_triangular},
};

// A random.Random instance: its methods over its own generator.
class RandomObject : public ExtensionObject {
 public:
  explicit RandomObject(Gen g) {
    for (const Method& m : kMethods) methods_.emplace_back(m.name, Value(makeRef<RandomMethod>(m.name, m.fn, g)));
  }
  std::string typeName() const override { return "Random"; }
  const Value* getAttr(std::string_view name) const override {
    for (const auto& [n, v] : methods_)
      if (n == name) return &v;
    return nullptr;
  }

 private:
  std::vector<std::pair<std::string, Value>> methods_;
};

// random.Random(x=None)
Value r_Random(Interpreter&, const CallArgs& a, const void*) {
  onlyKwargs(a, "Random", {"x"});
  if (a.nargs > 1) typeError("Random() takes at most 1 argument");
  auto g = std::make_shared<PyMersenne>();
  seedFrom(*g, arg(a, 0, "x"));
  return Value(makeRef<RandomObject>(std::move(g)));
}

}  // namespace

Value makeRandomModule(VM&) {
  auto m = makeRef<ModuleObject>("random");
  auto g = std::make_shared<PyMersenne>();
  for (const Method& fn : kMethods) m->set(fn.name, Value(makeRef<RandomMethod>(fn.name, fn.fn, g)));
  m->set("Random", makeNative("Random", r_Random));
  return Value(m);
}

}  // namespace tdsl
