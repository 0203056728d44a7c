// Tensor.numpy()'s ndarray view (Note [ndarray view] in ndarray.h). The
// formatting follows numpy 1.24's arrayprint.py: FloatingFormat (floatmode
// 'maxprec', precision 8), IntegerFormat, BoolFormat and _formatArray's
// line wrapping, with its default options (linewidth 75, threshold 1000,
// edgeitems 3).
#include "vm/torch/ndarray.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "support/diagnostics.h"
#include "tensor/tensor_iter.h"
#include "vm/interpreter.h"
#include "vm/torch/bindings.h"
#include "vm/torch/tensor_data.h"
#include "vm/value_ops.h"

namespace tdsl {

namespace {

constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
constexpr int kMaxPrecision = 8;

// The shortest decimal digits of |x| that read back as the same float32 /
// float64: digits without trailing zeros and the exponent of the first one.
void shortestDigits(double x, bool f32, std::string& digits, int& exp10) {
  char buf[64];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p - 1, x);
    bool same = f32 ? std::strtof(buf, nullptr) == static_cast<float>(x) : std::strtod(buf, nullptr) == x;
    if (same) break;
  }
  std::string s = buf;
  size_t e = s.find('e');
  exp10 = std::atoi(s.c_str() + e + 1);
  digits.clear();
  for (size_t i = 0; i < e; ++i)
    if (s[i] != '.') digits += s[i];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

// dragon4_positional(|x|, precision=8, unique=True, trim='.'): "1.5", "2.", "0.33333334".
std::string positional(double x, bool f32) {
  std::string digits;
  int e;
  shortestDigits(x, f32, digits, e);
  int fracDigits = static_cast<int>(digits.size()) - 1 - e;
  if (fracDigits > kMaxPrecision) {  // rounded at the precision, then trimmed
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", kMaxPrecision, x);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    return s;
  }
  std::string out;
  if (e >= 0) {
    out = digits.substr(0, std::min<size_t>(digits.size(), static_cast<size_t>(e) + 1));
    while (static_cast<int>(out.size()) < e + 1) out += '0';
    out += '.';
    if (static_cast<int>(digits.size()) > e + 1) out += digits.substr(static_cast<size_t>(e) + 1);
  } else {
    out = "0." + std::string(static_cast<size_t>(-e - 1), '0') + digits;
  }
  return out;
}

// dragon4_scientific(|x|, precision=8, unique=True, trim='.'): mantissa digits after the point and exponent.
void scientific(double x, bool f32, std::string& lead, std::string& frac, int& exp10) {
  std::string digits;
  shortestDigits(x, f32, digits, exp10);
  if (digits.size() - 1 > static_cast<size_t>(kMaxPrecision)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", kMaxPrecision, x);
    std::string s = buf;
    size_t e = s.find('e');
    exp10 = std::atoi(s.c_str() + e + 1);
    digits = s.substr(0, 1) + s.substr(2, e - 2);
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  }
  lead = digits.substr(0, 1);
  frac = digits.substr(1);
}

std::string exponentText(int e, int width) {
  std::string d = std::to_string(std::abs(e));
  while (static_cast<int>(d.size()) < width) d = "0" + d;
  return std::string(e < 0 ? "e-" : "e+") + d;
}

// One element's text, all of one width (numpy's format_function).
class ElementFormat {
 public:
  ElementFormat(const TensorObject& t, const std::vector<int64_t>& shown) : dtype_(t.dtype()) {
    if (dtype_ == DType::Bool) {
      boolWide_ = t.dim() > 0;
      return;
    }
    if (!isFloating(dtype_)) {
      for (int64_t i : shown) width_ = std::max(width_, std::to_string(readAsInt(t, i)).size());
      return;
    }
    f32_ = dtype_ == DType::Float32;
    std::vector<double> finite;
    bool nonFinite = false, negInf = false;
    for (int64_t i : shown) {
      double v = readAsDouble(t, i);
      if (std::isfinite(v)) finite.push_back(v);
      else nonFinite = true, negInf |= std::isinf(v) && v < 0;
    }
    double maxAbs = 0, minAbs = 0;
    bool anyNonZero = false;
    for (double v : finite) {
      double a = std::fabs(v);
      if (a == 0) continue;
      maxAbs = anyNonZero ? std::max(maxAbs, a) : a;
      minAbs = anyNonZero ? std::min(minAbs, a) : a;
      anyNonZero = true;
    }
    exp_ = anyNonZero && (maxAbs >= 1e8 || minAbs < 0.0001 || maxAbs / minAbs > 1000.0);
    if (finite.empty()) {
      padLeft_ = padRight_ = 0;
    } else if (exp_) {
      size_t intPart = 0, expDigits = 0;
      for (double v : finite) {
        std::string lead, frac;
        int e;
        scientific(std::fabs(v), f32_, lead, frac, e);
        precision_ = std::max(precision_, frac.size());
        intPart = std::max(intPart, lead.size() + (std::signbit(v) ? 1 : 0));
        expDigits = std::max(expDigits, std::max<size_t>(2, std::to_string(std::abs(e)).size()));
      }
      expSize_ = static_cast<int>(expDigits);
      padLeft_ = intPart;
      padRight_ = expDigits + 2 + precision_;
    } else {
      for (double v : finite) {
        std::string s = positional(std::fabs(v), f32_);
        size_t dot = s.find('.');
        padLeft_ = std::max(padLeft_, dot + (std::signbit(v) ? 1 : 0));
        padRight_ = std::max(padRight_, s.size() - dot - 1);
      }
    }
    if (nonFinite) {
      size_t offset = padRight_ + 1;
      size_t nanLen = 3, infLen = 3 + (negInf ? 1 : 0);
      if (nanLen > offset) padLeft_ = std::max(padLeft_, nanLen - offset);
      if (infLen > offset) padLeft_ = std::max(padLeft_, infLen - offset);
    }
  }

  std::string operator()(const TensorObject& t, int64_t flat) const {
    if (dtype_ == DType::Bool) {
      bool b = readAsInt(t, flat) != 0;
      return b ? (boolWide_ ? " True" : "True") : "False";
    }
    if (!isFloating(dtype_)) {
      std::string s = std::to_string(readAsInt(t, flat));
      return std::string(width_ > s.size() ? width_ - s.size() : 0, ' ') + s;
    }
    double v = readAsDouble(t, flat);
    if (!std::isfinite(v)) {
      std::string s = std::isnan(v) ? "nan" : v < 0 ? "-inf" : "inf";
      size_t w = padLeft_ + padRight_ + 1;
      return std::string(w > s.size() ? w - s.size() : 0, ' ') + s;
    }
    std::string sign = std::signbit(v) ? "-" : "";
    std::string body;
    if (exp_) {
      std::string lead, frac;
      int e;
      scientific(std::fabs(v), f32_, lead, frac, e);
      while (frac.size() < precision_) frac += '0';
      body = sign + lead + "." + frac + exponentText(e, expSize_);
      size_t dot = sign.size() + lead.size();
      if (dot < padLeft_) body = std::string(padLeft_ - dot, ' ') + body;
      return body;
    }
    body = sign + positional(std::fabs(v), f32_);
    size_t dot = body.find('.');
    size_t fracLen = body.size() - dot - 1;
    if (dot < padLeft_) body = std::string(padLeft_ - dot, ' ') + body;
    if (fracLen < padRight_) body += std::string(padRight_ - fracLen, ' ');
    return body;
  }

 private:
  DType dtype_;
  bool boolWide_ = false, f32_ = false, exp_ = false;
  size_t width_ = 0, padLeft_ = 0, padRight_ = 0, precision_ = 0;
  int expSize_ = 2;
};

// numpy's _extendLine: wraps before `word` when the line would pass `width`.
void extendLine(std::string& s, std::string& line, const std::string& word, int width, const std::string& prefix) {
  bool wrap = static_cast<int>(line.size() + word.size()) > width;
  if (line.size() <= prefix.size()) wrap = false;
  if (wrap) {
    size_t end = line.find_last_not_of(' ');
    s += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
    line = prefix;
  }
  line += word;
}

class ArrayFormatter {
 public:
  ArrayFormatter(const TensorObject& t, const ElementFormat& fmt, bool summarize, std::string separator)
      : t_(t), fmt_(fmt), summarize_(summarize), sep_(std::move(separator)) {}

  std::string format(const std::string& prefix, int width) {
    std::vector<int64_t> index;
    return recurse(index, prefix, width);
  }

 private:
  int64_t flatOf(const std::vector<int64_t>& index) const {
    int64_t flat = 0;
    for (int d = 0; d < t_.dim(); ++d) flat = flat * t_.sizes()[d] + index[static_cast<size_t>(d)];
    return flat;
  }

  std::string recurse(std::vector<int64_t>& index, const std::string& hanging, int width) {
    const int axis = static_cast<int>(index.size());
    const int axesLeft = t_.dim() - axis;
    if (axesLeft == 0) return fmt_(t_, flatOf(index));
    const std::string nextHanging = hanging + " ";
    const int nextWidth = width - 1;
    const int64_t n = t_.sizes()[axis];
    const bool summary = summarize_ && 2 * kEdgeItems < n;
    const int64_t leading = summary ? kEdgeItems : 0, trailing = summary ? kEdgeItems : n;
    auto item = [&](int64_t i) {
      index.push_back(i);
      std::string s = recurse(index, nextHanging, nextWidth);
      index.pop_back();
      return s;
    };
    std::string sepStripped = sep_.substr(0, sep_.find_last_not_of(' ') + 1);
    std::string s;
    if (axesLeft == 1) {
      const int elemWidth = width - static_cast<int>(std::max<size_t>(sepStripped.size(), 1));
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, item(i), elemWidth, hanging);
        line += sep_;
      }
      if (summary) {
        extendLine(s, line, "...", elemWidth, hanging);
        line += sep_;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, item(n - i), elemWidth, hanging);
        line += sep_;
      }
      if (n > 0) extendLine(s, line, item(n - 1), elemWidth, hanging);
      s += line;
    } else {
      const std::string lineSep = sepStripped + std::string(static_cast<size_t>(axesLeft - 1), '\n');
      for (int64_t i = 0; i < leading; ++i) s += hanging + item(i) + lineSep;
      if (summary) s += hanging + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i) s += hanging + item(n - i) + lineSep;
      if (n > 0) s += hanging + item(n - 1);
    }
    return "[" + s.substr(std::min(hanging.size(), s.size())) + "]";
  }

  const TensorObject& t_;
  const ElementFormat& fmt_;
  bool summarize_;
  std::string sep_;
};

// The flat indices numpy's _leading_trailing keeps (all of them unless summarizing).
void shownIndices(const TensorObject& t, bool summarize, std::vector<int64_t>& out) {
  std::vector<int64_t> index(static_cast<size_t>(t.dim()), 0);
  std::function<void(int, int64_t)> walk = [&](int d, int64_t flat) {
    if (d == t.dim()) {
      out.push_back(flat);
      return;
    }
    int64_t n = t.sizes()[d];
    for (int64_t i = 0; i < n; ++i) {
      if (summarize && 2 * kEdgeItems < n && i == kEdgeItems) i = n - kEdgeItems;
      walk(d + 1, flat * n + i);
    }
  };
  walk(0, 0);
}

// str() of a 0-dim array: numpy's scalar str (Python-float-like shortest digits).
std::string scalarText(const TensorObject& t) {
  if (t.dtype() == DType::Bool) return readAsInt(t, 0) ? "True" : "False";
  if (!isFloating(t.dtype())) return std::to_string(readAsInt(t, 0));
  double v = readAsDouble(t, 0);
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  std::string sign = std::signbit(v) ? "-" : "";
  double a = std::fabs(v);
  bool f32 = t.dtype() == DType::Float32;
  if (a == 0 || (a >= 1e-4 && a < 1e16)) {
    std::string s = positional(a, f32);
    if (s.back() == '.') s += '0';
    return sign + s;
  }
  std::string lead, frac;
  int e;
  scientific(a, f32, lead, frac, e);
  return sign + lead + (frac.empty() ? "" : "." + frac) + exponentText(e, 2);
}

const char* numpyDTypeName(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
  }
  return "float32";
}

class NumpyDTypeObject : public ExtensionObject {
 public:
  explicit NumpyDTypeObject(DType d) : dtype(d), name_(makeStr(numpyDTypeName(d))) {}
  std::string typeName() const override { return "dtype"; }
  std::string repr() const override { return std::string("dtype('") + numpyDTypeName(dtype) + "')"; }
  std::string str() const override { return numpyDTypeName(dtype); }
  bool equals(const ExtensionObject& other) const override {
    auto* o = dynamic_cast<const NumpyDTypeObject*>(&other);
    return o && o->dtype == dtype;
  }
  const Value* getAttr(std::string_view name) const override { return name == "name" ? &name_ : nullptr; }
  const DType dtype;

 private:
  Value name_;
};

Value ndTolist(Interpreter& interp, const CallArgs& call, const void* data);
Value ndItem(Interpreter& interp, const CallArgs& call, const void* data);
Value ndRound(Interpreter& interp, const CallArgs& call, const void* data);

class NdArrayObject : public ExtensionObject {
 public:
  explicit NdArrayObject(Ref<TensorObject> t) : tensor(std::move(t)) {
    std::vector<Value> dims;
    for (int64_t d : tensor->sizes()) dims.push_back(Value::integer(d));
    shape_ = makeTuple(std::move(dims));
    ndim_ = Value::integer(tensor->dim());
    size_ = Value::integer(tensor->numel());
    dtype_ = Value(makeRef<NumpyDTypeObject>(tensor->dtype()));
  }
  std::string typeName() const override { return "ndarray"; }
  std::string repr() const override { return ndarrayText(*tensor, true); }
  std::string str() const override { return ndarrayText(*tensor, false); }
  const Value* getAttr(std::string_view name) const override {
    if (name == "shape") return &shape_;
    if (name == "ndim") return &ndim_;
    if (name == "size") return &size_;
    if (name == "dtype") return &dtype_;
    // Methods: a bound method made on each read, kept until the next one
    // (it refers to this array: gcTraverse reports it).
    NativeFn fn = name == "tolist" ? ndTolist : name == "item" ? ndItem : name == "round" ? ndRound : nullptr;
    if (!fn) return nullptr;
    Value self = Value::object(const_cast<NdArrayObject*>(this));
    lastMethod_ = Value(makeRef<BoundMethodObject>(self, makeNative(std::string(name), fn)));
    return &lastMethod_;
  }
  void gcTraverse(GcVisitor& v) override { v.visit(lastMethod_); }
  void gcClear(std::vector<Value>& out) override { out.push_back(std::move(lastMethod_)); }

  const Ref<TensorObject> tensor;

 private:
  Value shape_, ndim_, size_, dtype_;
  mutable Value lastMethod_;
};

const NdArrayObject& receiver(const CallArgs& call, const char* name) {
  auto* a = call.nargs > 0 && call.args[0].isObj(ObjKind::Other) ? dynamic_cast<const NdArrayObject*>(call.args[0].asObj())
                                                                  : nullptr;
  TDSL_ASSERT(a != nullptr);
  if (call.nargs > 1 || call.nkwargs > 0)
    throw Error(ErrorKind::Type, std::string(name) + "() takes no arguments (" + std::to_string(call.nargs - 1) + " given)");
  return *a;
}

Value ndTolist(Interpreter&, const CallArgs& call, const void*) { return tensorToList(*receiver(call, "tolist").tensor); }
Value ndItem(Interpreter&, const CallArgs& call, const void*) {
  const NdArrayObject& a = receiver(call, "item");
  if (a.tensor->numel() != 1) throw Error(ErrorKind::Value, "can only convert an array of size 1 to a Python scalar");
  return elementValue(*a.tensor, 0);
}

// numpy's around: rint(x * 10**decimals) / 10**decimals in the array's own
// float type; integer and bool arrays come back unchanged for decimals >= 0.
Value ndRound(Interpreter& interp, const CallArgs& call, const void*) {
  auto* a = call.nargs > 0 && call.args[0].isObj(ObjKind::Other) ? dynamic_cast<const NdArrayObject*>(call.args[0].asObj())
                                                                  : nullptr;
  TDSL_ASSERT(a != nullptr);
  const Value* decimalsArg = call.nargs > 1 ? &call.args[1] : nullptr;
  for (size_t i = 0; i < call.nkwargs; ++i) {
    if (call.kwargs[i].name != "decimals")
      throw Error(ErrorKind::Type, "round() got an unexpected keyword argument '" + std::string(call.kwargs[i].name) + "'");
    decimalsArg = &call.kwargs[i].value;
  }
  if (call.nargs > 2) throw Error(ErrorKind::Type, "round() takes at most 1 positional argument");
  if (decimalsArg && !decimalsArg->isInt()) throw Error(ErrorKind::Type, "'" + typeName(*decimalsArg) + "' object cannot be interpreted as an integer");
  const int64_t decimals = decimalsArg ? decimalsArg->asInt() : 0;
  const TensorObject& t = *a->tensor;
  const bool isFloat = t.dtype() == DType::Float32 || t.dtype() == DType::Float64;
  if (!isFloat && decimals >= 0) return makeNdArray(Ref<TensorObject>(a->tensor));
  if (!isFloat) throw Error(ErrorKind::Type, "round() with negative decimals of an integer array is not supported");
  Ref<TensorObject> out = allocTensor(stateOf(interp), t.dtype(), t.sizes());
  const double scale = std::pow(10.0, static_cast<double>(decimals));
  for (int64_t i = 0; i < t.numel(); ++i) {
    const double x = elementValue(t, i).asFloat();
    if (t.dtype() == DType::Float32) {
      const auto f = static_cast<float>(scale);
      out->data<float>()[i] = std::nearbyint(static_cast<float>(x) * f) / f;
    } else {
      out->data<double>()[i] = std::nearbyint(x * scale) / scale;
    }
  }
  return makeNdArray(out);
}

}  // namespace

Value makeNdArray(Ref<TensorObject> tensor) { return Value(makeRef<NdArrayObject>(std::move(tensor))); }

std::string ndarrayText(const TensorObject& t, bool repr) {
  const bool summarize = t.numel() > kThreshold;
  std::vector<int64_t> shown;
  shownIndices(t, summarize, shown);
  ElementFormat fmt(t, shown);
  const bool dtypeImplied = t.dtype() == DType::Float64 || t.dtype() == DType::Int64 || t.dtype() == DType::Bool;
  if (!repr) {
    if (t.dim() == 0) return scalarText(t);
    ArrayFormatter f(t, fmt, summarize, " ");
    return f.format(" ", kLineWidth);
  }
  const bool skipDtype = dtypeImplied && t.numel() > 0;
  const std::string prefix = "array(", suffix = skipDtype ? ")" : ",";
  std::string body;
  if (t.numel() > 0 || (t.dim() == 1)) {
    ArrayFormatter f(t, fmt, summarize, ", ");
    body = f.format(std::string(prefix.size() + 1, ' '), kLineWidth - static_cast<int>(suffix.size()));
  } else {
    body = "[], shape=(";
    for (int d = 0; d < t.dim(); ++d) body += std::to_string(t.sizes()[d]) + (t.dim() == 1 || d + 1 < t.dim() ? "," : "");
    body += ")";
  }
  std::string text = prefix + body + suffix;
  if (skipDtype) return text;
  std::string dtypeText = std::string("dtype=") + numpyDTypeName(t.dtype()) + ")";
  size_t lastLine = text.size() - (text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  std::string spacer = lastLine + dtypeText.size() + 1 > static_cast<size_t>(kLineWidth)
                           ? "\n" + std::string(prefix.size(), ' ')
                           : " ";
  return text + spacer + dtypeText;
}

}  // namespace tdsl
