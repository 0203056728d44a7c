// Python semantics of the built-in value types (see value_ops.h).
#include "vm/value_ops.h"
#include "vm/classes.h"

#include <cmath>
#include <limits>
#include <type_traits>

#include "frontend/source_text.h"
#include "vm/format.h"
#include "vm/interpreter.h"
#include "vm/printf_format.h"
#include "vm/generators.h"
#include "vm/sets.h"
#include "vm/stack_limit.h"
#include "tensor/tensor_meta.h"  // dtypeName
#include "vm/tensor_bridge.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

[[noreturn]] void overflow(const char* op) {
  throw Error(ErrorKind::Overflow, std::string("integer overflow: result of ") + op + " does not fit in 64 bits");
}

bool isIntLike(const Value& v) { return v.isInt() || v.isBool(); }
int64_t intOf(const Value& v) { return v.isBool() ? (v.asBool() ? 1 : 0) : v.asInt(); }
bool isNumber(const Value& v) { return v.isInt() || v.isBool() || v.isFloat(); }
double floatOf(const Value& v) { return v.isFloat() ? v.asFloat() : static_cast<double>(intOf(v)); }

[[noreturn]] void unsupported(Arith op, const Value& a, const Value& b) {
  throw Error(ErrorKind::Type, std::string("unsupported operand type(s) for ") + arithSymbol(op) + ": '" +
                                   typeName(a) + "' and '" + typeName(b) + "'");
}

}  // namespace

void checkSeqSize(uint64_t items) {
  if (items > static_cast<uint64_t>(kMaxMaterializedItems))
    throw Error(ErrorKind::Resource, "sequence of " + std::to_string(items) + " items is too large");
}
void checkStrSize(uint64_t bytes) {
  if (bytes > kMaxStrBytes) throw Error(ErrorKind::Resource, "string of " + std::to_string(bytes) + " bytes is too large");
}

namespace {

Value repeatSeq(const Value& seq, int64_t n) {
  if (n < 0) n = 0;
  if (seq.isObj(ObjKind::Str)) {
    const std::string& s = seq.as<StrObject>()->str;
    if (!s.empty() && static_cast<uint64_t>(n) > kMaxStrBytes / s.size())
      throw Error(ErrorKind::Resource, "repeated string is too large");
    MemoryCharge::checkRoom(s.size() * static_cast<size_t>(n));
    std::string out;
    out.reserve(s.size() * static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out += s;
    return makeStr(std::move(out));
  }
  ValueSpan items = seqItems(seq);
  if (!items.empty() && static_cast<uint64_t>(n) > static_cast<uint64_t>(kMaxMaterializedItems) / items.size())
    throw Error(ErrorKind::Resource, "repeated sequence is too large");
  MemoryCharge::checkRoom(items.size() * static_cast<size_t>(n) * sizeof(Value));
  std::vector<Value> out;
  out.reserve(items.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return seq.isObj(ObjKind::List) ? makeList(std::move(out)) : makeTuple(std::move(out));
}

bool isSeq(const Value& v) { return v.isObj(ObjKind::Str) || v.isObj(ObjKind::List) || v.isObj(ObjKind::Tuple); }

Value arithInt(Arith op, int64_t x, int64_t y) {
  switch (op) {
    case Arith::Add: return Value::integer(checkedAdd(x, y));
    case Arith::Sub: return Value::integer(checkedSub(x, y));
    case Arith::Mul: return Value::integer(checkedMul(x, y));
    case Arith::Div:
      if (y == 0) throw Error(ErrorKind::ZeroDivision, "division by zero");
      return Value::number(static_cast<double>(x) / static_cast<double>(y));
    case Arith::FloorDiv: return Value::integer(floorDivInt(x, y));
    case Arith::Mod: return Value::integer(floorModInt(x, y));
    case Arith::Pow:
      if (y < 0) {
        if (x == 0) throw Error(ErrorKind::ZeroDivision, "0.0 cannot be raised to a negative power");
        return Value::number(std::pow(static_cast<double>(x), static_cast<double>(y)));
      }
      return Value::integer(checkedPow(x, y));
    case Arith::BitAnd: return Value::integer(x & y);
    case Arith::BitOr: return Value::integer(x | y);
    case Arith::BitXor: return Value::integer(x ^ y);
    case Arith::Shl: {
      if (y < 0) throw Error(ErrorKind::Value, "negative shift count");
      if (x == 0) return Value::integer(0);
      if (y >= 63) overflow("<<");
      int64_t r = static_cast<int64_t>(static_cast<uint64_t>(x) << y);
      if ((r >> y) != x) overflow("<<");
      return Value::integer(r);
    }
    case Arith::Shr:
      if (y < 0) throw Error(ErrorKind::Value, "negative shift count");
      return Value::integer(y >= 64 ? (x < 0 ? -1 : 0) : (x >> y));
    case Arith::MatMul: break;
  }
  return Value();
}

Value arithFloat(Arith op, double x, double y) {
  switch (op) {
    case Arith::Add: return Value::number(x + y);
    case Arith::Sub: return Value::number(x - y);
    case Arith::Mul: return Value::number(x * y);
    case Arith::Div:
      if (y == 0) throw Error(ErrorKind::ZeroDivision, "float division by zero");
      return Value::number(x / y);
    case Arith::FloorDiv: return Value::number(floorDivFloat(x, y));
    case Arith::Mod: return Value::number(floorModFloat(x, y));
    case Arith::Pow: return Value::number(powFloat(x, y));
    default: break;
  }
  return Value();
}


}  // namespace

const char* arithSymbol(Arith op) {
  static const char* const names[] = {"+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<<", ">>"};
  return names[static_cast<int>(op)];
}
const char* cmpSymbol(Cmp op) {
  static const char* const names[] = {"<", "<=", ">", ">=", "==", "!="};
  return names[static_cast<int>(op)];
}

// CPython's names for the built-in iterator types (type(iter([])).__name__
// is 'list_iterator').
static const char* iteratorTypeName(const IteratorObject& it) {
  using S = IteratorObject::Source;
  switch (it.src) {
    case S::Range: return "range_iterator";
    case S::Sequence: return it.seq.isObj(ObjKind::List) ? "list_iterator" : "tuple_iterator";
    case S::Str: {
      for (unsigned char c : it.seq.as<StrObject>()->str)
        if (c >= 0x80) return "str_iterator";
      return "str_ascii_iterator";
    }
    case S::DictKeys: return "dict_keyiterator";
    case S::DictValues: return "dict_valueiterator";
    case S::DictItems: return "dict_itemiterator";
    case S::Tensor: return "tuple_iterator";  // PyTorch iterates a tensor over its unbind(0)
    case S::Enumerate: return "enumerate";
    case S::Zip: return "zip";
    case S::Map: return "map";
    case S::Filter: return "filter";
    case S::ReverseSequence: return it.seq.isObj(ObjKind::List) ? "list_reverseiterator" : "reversed";
    case S::Protocol: return "iterator";
    case S::Generator: return "generator";
  }
  return "iterator";
}

std::string typeName(const Value& v) {
  switch (v.tag()) {
    case Tag::None: return "NoneType";
    case Tag::Bool: return "bool";
    case Tag::Int: return "int";
    case Tag::Float: return "float";
    case Tag::DType: return "torch.dtype";
    case Tag::Obj: break;
  }
  switch (v.asObj()->kind()) {
    case ObjKind::Str: return "str";
    case ObjKind::List: return "list";
    case ObjKind::Tuple: {
      auto* t = v.as<TupleObject>();
      return t->named() ? t->named()->name : t->isSize() ? "torch.Size" : "tuple";
    }
    case ObjKind::Dict: return "dict";
    case ObjKind::Function: return "function";
    case ObjKind::Native: return "builtin_function_or_method";
    case ObjKind::BoundMethod: return "method";
    case ObjKind::Module: return "module";
    case ObjKind::Tensor: return "Tensor";
    case ObjKind::Range: return "range";
    case ObjKind::Iterator: return iteratorTypeName(*v.as<IteratorObject>());
    case ObjKind::Cell: return "cell";
    case ObjKind::Other:
    case ObjKind::Storage: break;
  }
  if (isSlice(v)) return "slice";
  if (isEllipsis(v)) return "ellipsis";
  if (auto* ext = dynamic_cast<ExtensionObject*>(v.asObj())) return ext->typeName();
  return "object";
}

Value ExtensionObject::call(Interpreter&, const CallArgs&) {
  throw Error(ErrorKind::Type, "'" + typeName() + "' object is not callable");
}

// ---------------------------------------------------------------------------
// Integer and float primitives

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) overflow("+");
  return r;
}
int64_t checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) overflow("-");
  return r;
}
int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) overflow("*");
  return r;
}
int64_t checkedNeg(int64_t a) {
  if (a == std::numeric_limits<int64_t>::min()) overflow("unary -");
  return -a;
}
int64_t checkedPow(int64_t base, int64_t exp) {
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      if (__builtin_mul_overflow(result, base, &result)) overflow("**");
    }
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) overflow("**");
  }
  return result;
}
int64_t floorDivInt(int64_t a, int64_t b) {
  if (b == 0) throw Error(ErrorKind::ZeroDivision, "integer division or modulo by zero");
  if (b == -1) return checkedNeg(a);
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t floorModInt(int64_t a, int64_t b) {
  if (b == 0) throw Error(ErrorKind::ZeroDivision, "integer modulo by zero");
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
// CPython's float_divmod.
double floorDivFloat(double a, double b) {
  if (b == 0) throw Error(ErrorKind::ZeroDivision, "float floor division by zero");
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) div -= 1.0;
  }
  double floordiv;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, a / b);
  }
  return floordiv;
}
double floorModFloat(double a, double b) {
  if (b == 0) throw Error(ErrorKind::ZeroDivision, "float modulo");
  double mod = std::fmod(a, b);
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = std::copysign(0.0, b);
  }
  return mod;
}
double powFloat(double a, double b) {
  if (a == 0 && b < 0) throw Error(ErrorKind::ZeroDivision, "0.0 cannot be raised to a negative power");
  if (a < 0 && std::isfinite(b) && b != std::floor(b))
    throw Error(ErrorKind::Value, "negative number cannot be raised to a fractional power");
  double r = std::pow(a, b);
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
    throw Error(ErrorKind::Overflow, "(34, 'Numerical result out of range')");
  return r;
}
int compareIntFloat(int64_t i, double d) {
  if (d >= 9223372036854775808.0) return -1;
  if (d < -9223372036854775808.0) return 1;
  double t = std::trunc(d);
  int64_t ti = static_cast<int64_t>(t);
  if (i < ti) return -1;
  if (i > ti) return 1;
  double frac = d - t;
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}
int64_t floatToInt(double d) {
  if (std::isnan(d)) throw Error(ErrorKind::Value, "cannot convert float NaN to integer");
  if (std::isinf(d)) throw Error(ErrorKind::Overflow, "cannot convert float infinity to integer");
  double t = std::trunc(d);
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0)
    throw Error(ErrorKind::Overflow, "int too large: float does not fit in 64 bits");
  return static_cast<int64_t>(t);
}

// Note [Range length]
// A range of 64-bit ints can hold up to 2^64 - 1 values (range(-2**63,
// 2**63 - 1)), more than an int64 counts. RangeObject::length() is exact
// modulo 2^64, so its bits read as unsigned are the true length; every
// index computation on a range uses that length in 128-bit arithmetic, and
// len() of one longer than 2^63 - 1 is CPython's OverflowError.
namespace {
uint64_t rangeSize(const RangeObject& r) { return static_cast<uint64_t>(r.length()); }

int64_t rangeLength(const RangeObject& r) {
  uint64_t n = rangeSize(r);
  if (n > static_cast<uint64_t>(INT64_MAX)) throw Error(ErrorKind::Overflow, "Python int too large to convert to C ssize_t");
  return static_cast<int64_t>(n);
}
}  // namespace

// ---------------------------------------------------------------------------
// Operators

// tensor_bridge.h's BinaryOp is Arith's operators followed by Cmp's.
static_assert(static_cast<int>(BinaryOp::MatMul) == static_cast<int>(Arith::MatMul) &&
                  static_cast<int>(BinaryOp::BitXor) == static_cast<int>(Arith::BitXor) &&
                  static_cast<int>(BinaryOp::Shr) == static_cast<int>(Arith::Shr) &&
                  static_cast<int>(BinaryOp::Lt) == static_cast<int>(Arith::Shr) + 1 + static_cast<int>(Cmp::Lt) &&
                  static_cast<int>(BinaryOp::Ne) == static_cast<int>(BinaryOp::Lt) + static_cast<int>(Cmp::Ne),
              "BinaryOp must list Arith's operators, then Cmp's, in their orders");

const char* binaryOpSymbol(BinaryOp op) {
  int i = static_cast<int>(op);
  if (i <= static_cast<int>(Arith::Shr)) return arithSymbol(static_cast<Arith>(i));
  return cmpSymbol(static_cast<Cmp>(i - static_cast<int>(BinaryOp::Lt)));
}

Value arith(Interpreter& interp, Arith op, const Value& a, const Value& b, bool inPlace) {
  if (__builtin_expect(a.isObj(ObjKind::Other) || b.isObj(ObjKind::Other), 0)) {  // user classes (vm/classes.h)
    Value r;
    if (instanceArith(interp, op, a, b, inPlace, r)) return r;
  }
  if (a.isTensor() || b.isTensor()) return tensorBinary(interp, static_cast<BinaryOp>(op), a, b, inPlace);
  if (isIntLike(a) && isIntLike(b)) {
    if (op == Arith::MatMul) unsupported(op, a, b);
    if (a.isBool() && b.isBool() && (op == Arith::BitAnd || op == Arith::BitOr || op == Arith::BitXor))
      return Value::boolean(arithInt(op, intOf(a), intOf(b)).asInt() != 0);
    return arithInt(op, intOf(a), intOf(b));
  }
  if (isNumber(a) && isNumber(b)) {
    Value r = arithFloat(op, floatOf(a), floatOf(b));
    if (r.isNone()) unsupported(op, a, b);
    return r;
  }
  if (op == Arith::BitOr || op == Arith::BitAnd || op == Arith::Sub || op == Arith::BitXor) {
    const char sym = op == Arith::BitOr ? '|' : op == Arith::BitAnd ? '&' : op == Arith::Sub ? '-' : '^';
    Value r = setArith(interp, sym, a, b, inPlace);
    if (!r.isNone()) return r;
  }
  switch (op) {
    case Arith::Add:
      if (a.isObj(ObjKind::Str) && b.isObj(ObjKind::Str)) {
        checkStrSize(a.as<StrObject>()->str.size() + b.as<StrObject>()->str.size());
        MemoryCharge::checkRoom(a.as<StrObject>()->str.size() + b.as<StrObject>()->str.size());
        return makeStr(a.as<StrObject>()->str + b.as<StrObject>()->str);
      }
      if (a.isObj(ObjKind::List) && b.isObj(ObjKind::List)) {
        checkSeqSize(a.as<ListObject>()->items.size() + b.as<ListObject>()->items.size());
        if (inPlace) {
          std::vector<Value> extra = b.as<ListObject>()->items;  // copy first: b may be a
          a.as<ListObject>()->extend(extra);
          return a;
        }
        MemoryCharge::checkRoom((a.as<ListObject>()->items.size() + b.as<ListObject>()->items.size()) * sizeof(Value));
        std::vector<Value> v = a.as<ListObject>()->items;
        const auto& w = b.as<ListObject>()->items;
        v.insert(v.end(), w.begin(), w.end());
        return makeList(std::move(v));
      }
      if (a.isObj(ObjKind::List) && inPlace) {
        std::vector<Value> extra = iterateAll(interp, b);
        checkSeqSize(a.as<ListObject>()->items.size() + extra.size());
        a.as<ListObject>()->extend(extra);
        return a;
      }
      if (a.isObj(ObjKind::Tuple) && b.isObj(ObjKind::Tuple)) {
        checkSeqSize(a.as<TupleObject>()->items.size() + b.as<TupleObject>()->items.size());
        MemoryCharge::checkRoom((a.as<TupleObject>()->items.size() + b.as<TupleObject>()->items.size()) * sizeof(Value));
        std::vector<Value> v = a.as<TupleObject>()->items.toVector();
        const auto& w = b.as<TupleObject>()->items;
        v.insert(v.end(), w.begin(), w.end());
        return makeTuple(std::move(v));
      }
      if (a.isObj(ObjKind::Str) || a.isObj(ObjKind::List) || a.isObj(ObjKind::Tuple)) {  // CPython's sq_concat
        std::string seq = typeName(a);
        throw Error(ErrorKind::Type, "can only concatenate " + seq + " (not \"" + typeName(b) + "\") to " + seq);
      }
      break;
    case Arith::Mul:
      if (isSeq(a) && isIntLike(b)) {
        if (inPlace && a.isObj(ObjKind::List)) {
          Value r = repeatSeq(a, intOf(b));
          auto* l = a.as<ListObject>();
          l->items.swap(r.as<ListObject>()->items);
          r = Value();  // frees the old items and gives back their charge first
          l->chargeItems();
          return a;
        }
        return repeatSeq(a, intOf(b));
      }
      if (isIntLike(a) && isSeq(b)) return repeatSeq(b, intOf(a));
      if ((isSeq(a) && b.isFloat()) || (a.isFloat() && isSeq(b)))
        throw Error(ErrorKind::Type, "can't multiply sequence by non-int of type 'float'");
      break;
    case Arith::Mod:
      if (a.isObj(ObjKind::Str)) return printfFormat(interp, a.as<StrObject>()->str, b);
      break;
    default: break;
  }
  unsupported(op, a, b);
}

namespace {

bool cmpResult(Cmp op, int c) {
  switch (op) {
    case Cmp::Lt: return c < 0;
    case Cmp::Le: return c <= 0;
    case Cmp::Gt: return c > 0;
    case Cmp::Ge: return c >= 0;
    case Cmp::Eq: return c == 0;
    case Cmp::Ne: return c != 0;
  }
  return false;
}

// Ordering of two values of comparable built-in types; sets `ok` false when
// the types do not order.
int orderValues(Interpreter& interp, const Value& a, const Value& b, bool& ok, int depth);

// A list or a tuple's items: a list's are read afresh per step (__eq__ may change it).
template <class Seq>
int orderSeq(Interpreter& interp, const Seq& a, const Seq& b, bool& ok, int depth) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (valuesEqual(interp, a[i], b[i])) continue;
    return orderValues(interp, a[i], b[i], ok, depth + 1);
  }
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

int orderValues(Interpreter& interp, const Value& a, const Value& b, bool& ok, int depth) {
  ok = true;
  if (depth > kMaxContainerDepth) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded in comparison");
  StackLimit::check(" in comparison");
  if (isIntLike(a) && isIntLike(b)) {
    int64_t x = intOf(a), y = intOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (isNumber(a) && isNumber(b)) {
    if (a.isFloat() && b.isFloat()) {
      double x = a.asFloat(), y = b.asFloat();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    if (a.isFloat()) return -compareIntFloat(intOf(b), a.asFloat());
    return compareIntFloat(intOf(a), b.asFloat());
  }
  if (a.isObj(ObjKind::Str) && b.isObj(ObjKind::Str)) {
    int c = a.as<StrObject>()->str.compare(b.as<StrObject>()->str);
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  if (a.isObj(ObjKind::List) && b.isObj(ObjKind::List))
    return orderSeq(interp, a.as<ListObject>()->items, b.as<ListObject>()->items, ok, depth);
  if (a.isObj(ObjKind::Tuple) && b.isObj(ObjKind::Tuple))
    return orderSeq(interp, a.as<TupleObject>()->items, b.as<TupleObject>()->items, ok, depth);
  if (a.isObj(ObjKind::Other) || b.isObj(ObjKind::Other)) {  // user classes: __lt__ both ways
    Value r;
    if (instanceCompare(interp, Cmp::Lt, a, b, r)) {
      if (truthy(interp, r)) return -1;
      if (instanceCompare(interp, Cmp::Lt, b, a, r) && truthy(interp, r)) return 1;
      return 0;
    }
  }
  ok = false;
  return 0;
}

bool equalsDepth(Interpreter& interp, const Value& a, const Value& b, int depth) {
  if (depth > kMaxContainerDepth) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded in comparison");
  StackLimit::check(" in comparison");
  if (isNumber(a) && isNumber(b)) {
    if (a.isFloat() || b.isFloat()) {
      if (a.isFloat() && b.isFloat()) return a.asFloat() == b.asFloat();
      double d = a.isFloat() ? a.asFloat() : b.asFloat();
      int64_t i = a.isFloat() ? intOf(b) : intOf(a);
      return !std::isnan(d) && compareIntFloat(i, d) == 0;
    }
    return intOf(a) == intOf(b);
  }
  if (a.tag() != b.tag()) return false;
  if (a.isNone()) return true;
  if (a.isDType()) return a.asDType() == b.asDType();
  if (!a.isObj()) return false;
  if (a.asObj() == b.asObj()) return true;
  ObjKind k = a.asObj()->kind();
  if (k != b.asObj()->kind()) return false;
  auto seqEq = [&](const auto& x, const auto& y) {  // a list's size is read per step: __eq__ may change it
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!equalsDepth(interp, x[i], y[i], depth + 1)) return false;
    return true;
  };
  switch (k) {
    case ObjKind::Str: return a.as<StrObject>()->str == b.as<StrObject>()->str;
    case ObjKind::List: return seqEq(a.as<ListObject>()->items, b.as<ListObject>()->items);
    case ObjKind::Tuple: return seqEq(a.as<TupleObject>()->items, b.as<TupleObject>()->items);
    case ObjKind::Dict: {
      auto* x = a.as<DictObject>();
      auto* y = b.as<DictObject>();
      if (x->size() != y->size()) return false;
      for (auto& kv : x->entries) {
        const Value* other = y->find(kv.first);
        if (!other || !equalsDepth(interp, kv.second, *other, depth + 1)) return false;
      }
      return true;
    }
    case ObjKind::Range: {
      auto* x = a.as<RangeObject>();
      auto* y = b.as<RangeObject>();
      uint64_t n = rangeSize(*x);
      if (n != rangeSize(*y)) return false;
      if (n == 0) return true;
      if (x->start != y->start) return false;
      return n == 1 || x->step == y->step;
    }
    case ObjKind::Other: {
      if (SetObject* x = asSet(a)) {
        SetObject* y = asSet(b);
        return y && setsEqual(*x, *y);
      }
      if (isSlice(a) || isSlice(b)) {  // as the tuples (start, stop, step)
        if (!(isSlice(a) && isSlice(b))) return false;
        auto* x = a.as<SliceObject>();
        auto* y = b.as<SliceObject>();
        return equalsDepth(interp, x->lower, y->lower, depth + 1) && equalsDepth(interp, x->upper, y->upper, depth + 1) &&
               equalsDepth(interp, x->step, y->step, depth + 1);
      }
      Value r;  // user classes (vm/classes.h)
      if (instanceCompare(interp, Cmp::Eq, a, b, r)) return truthy(interp, r);
      auto* x = dynamic_cast<ExtensionObject*>(a.asObj());
      auto* y = dynamic_cast<ExtensionObject*>(b.asObj());
      return x && y && x->equals(*y);
    }
    default: return false;
  }
}

}  // namespace

bool valuesEqual(Interpreter& interp, const Value& a, const Value& b) { return equalsDepth(interp, a, b, 0); }

Value compare(Interpreter& interp, Cmp op, const Value& a, const Value& b) {
  if (__builtin_expect(a.isObj(ObjKind::Other) || b.isObj(ObjKind::Other), 0)) {  // user classes (vm/classes.h)
    Value r;
    if (instanceCompare(interp, op, a, b, r)) return r;
  }
  if (a.isTensor() || b.isTensor())
    return tensorBinary(interp, static_cast<BinaryOp>(static_cast<int>(BinaryOp::Lt) + static_cast<int>(op)), a, b,
                        false);
  if (op == Cmp::Eq) return Value::boolean(valuesEqual(interp, a, b));
  if (op == Cmp::Ne) return Value::boolean(!valuesEqual(interp, a, b));
  if (a.isFloat() && std::isnan(a.asFloat())) return Value::boolean(false);
  if (b.isFloat() && std::isnan(b.asFloat())) return Value::boolean(false);
  if (a.isObj(ObjKind::Other)) {
    bool handled = false;
    bool r = setCompare(a, b, cmpSymbol(op), handled);
    if (handled) return Value::boolean(r);
  }
  bool ok = true;
  int c = orderValues(interp, a, b, ok, 0);
  if (!ok)
    throw Error(ErrorKind::Type, std::string("'") + cmpSymbol(op) + "' not supported between instances of '" +
                                     typeName(a) + "' and '" + typeName(b) + "'");
  return Value::boolean(cmpResult(op, c));
}

Value negate(Interpreter& interp, const Value& v) {
  if (isIntLike(v)) return Value::integer(checkedNeg(intOf(v)));
  if (v.isFloat()) return Value::number(-v.asFloat());
  if (v.isTensor()) return tensorUnary(interp, UnaryOp::Neg, v);
  if (Value r; instanceUnary(interp, "__neg__", v, r)) return r;
  throw Error(ErrorKind::Type, "bad operand type for unary -: '" + typeName(v) + "'");
}
Value unaryPlus(Interpreter& interp, const Value& v) {
  if (isIntLike(v)) return Value::integer(intOf(v));
  if (v.isFloat()) return v;
  if (v.isTensor()) return tensorUnary(interp, UnaryOp::Pos, v);
  if (Value r; instanceUnary(interp, "__pos__", v, r)) return r;
  throw Error(ErrorKind::Type, "bad operand type for unary +: '" + typeName(v) + "'");
}
Value invert(Interpreter& interp, const Value& v) {
  if (isIntLike(v)) return Value::integer(~intOf(v));
  if (v.isTensor()) return tensorUnary(interp, UnaryOp::Invert, v);
  if (Value r; instanceUnary(interp, "__invert__", v, r)) return r;
  throw Error(ErrorKind::Type, "bad operand type for unary ~: '" + typeName(v) + "'");
}

bool truthy(Interpreter& interp, const Value& v) {
  switch (v.tag()) {
    case Tag::None: return false;
    case Tag::Bool: return v.asBool();
    case Tag::Int: return v.asInt() != 0;
    case Tag::Float: return v.asFloat() != 0.0;
    case Tag::DType: return true;
    case Tag::Obj: break;
  }
  switch (v.asObj()->kind()) {
    case ObjKind::Str: return !v.as<StrObject>()->str.empty();
    case ObjKind::List: return !v.as<ListObject>()->items.empty();
    case ObjKind::Tuple: return !v.as<TupleObject>()->items.empty();
    case ObjKind::Dict: return v.as<DictObject>()->size() != 0;
    case ObjKind::Range: return v.as<RangeObject>()->length() != 0;
    case ObjKind::Tensor: return tensorTruth(interp, v);
    default:
      if (auto* view = asDictView(v)) return view->dict.as<DictObject>()->size() != 0;
      if (SetObject* set = asSet(v)) return set->size() != 0;
      if (bool t; instanceTruth(interp, v, t)) return t;
      return true;
  }
}

bool contains(Interpreter& interp, const Value& container, const Value& item) {
  if (container.isObj(ObjKind::Str)) {
    if (!item.isObj(ObjKind::Str))
      throw Error(ErrorKind::Type, "'in <string>' requires string as left operand, not " + typeName(item));
    return container.as<StrObject>()->str.find(item.as<StrObject>()->str) != std::string::npos;
  }
  if (container.isObj(ObjKind::Dict)) {
    requireHashable(item);
    return container.as<DictObject>()->find(item) != nullptr;
  }
  if (container.isObj(ObjKind::Range) && isIntLike(item)) {
    auto* r = container.as<RangeObject>();
    int64_t x = intOf(item);
    if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
    return (static_cast<__int128>(x) - r->start) % r->step == 0;
  }
  if (container.isObj(ObjKind::List) || container.isObj(ObjKind::Tuple)) {
    for (size_t i = 0; i < seqItems(container).size(); ++i) {
      Value x = seqItems(container)[i];  // the list may change under a callback
      if (x.identical(item) || valuesEqual(interp, x, item)) return true;
    }
    return false;
  }
  if (container.isTensor()) {
    Value r = tensorBinary(interp, BinaryOp::Eq, container, item, false);
    Value any = tensorCallMethod(interp, r, "any", CallArgs{});
    return tensorTruth(interp, any);
  }
  if (SetObject* set = asSet(container)) {
    requireHashable(item);
    return set->contains(item);
  }
  if (auto* view = asDictView(container)) {
    auto* d = view->dict.as<DictObject>();
    if (view->part == DictViewObject::Part::Keys) return isHashable(item) && d->find(item) != nullptr;
    if (view->part == DictViewObject::Part::Items) {
      if (!item.isObj(ObjKind::Tuple) || item.as<TupleObject>()->items.size() != 2) return false;
      const Value key = item.as<TupleObject>()->items[0];
      const Value value = item.as<TupleObject>()->items[1];
      const Value* found = isHashable(key) ? d->find(key) : nullptr;
      if (!found) return false;
      Value current = *found;  // the dict may change under a callback
      return current.identical(value) || valuesEqual(interp, current, value);
    }
  }
  if (container.isObj(ObjKind::Range) || container.isObj(ObjKind::Iterator) || asDictView(container)) {
    for (const Value& x : iterateAll(interp, container))
      if (valuesEqual(interp, x, item)) return true;
    return false;
  }
  if (bool r; instanceContains(interp, container, item, r)) return r;
  throw Error(ErrorKind::Type, "argument of type '" + typeName(container) + "' is not iterable");
}

// ---------------------------------------------------------------------------
// repr / str

void appendRepr(Interpreter& interp, std::string& out, const Value& v, int depth) {
  if (depth > kMaxContainerDepth) throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded while getting the repr of an object");
  StackLimit::check(" while getting the repr of an object");
  switch (v.tag()) {
    case Tag::None: out += "None"; return;
    case Tag::Bool: out += v.asBool() ? "True" : "False"; return;
    case Tag::Int: out += std::to_string(v.asInt()); return;
    case Tag::Float: out += pyFloatRepr(v.asFloat()); return;
    case Tag::DType: out += "torch."; out += dtypeName(v.asDType()); return;
    case Tag::Obj: break;
  }
  auto seq = [&](const auto& items, const char* open, const char* close, bool tuple) {
    out += open;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += ", ";
      Value item = items[i];
      if (item.isObj() && item.asObj() == v.asObj()) { out += tuple ? "(...)" : "[...]"; continue; }
      appendRepr(interp, out, item, depth + 1);
    }
    if (tuple && items.size() == 1) out += ",";
    out += close;
  };
  switch (v.asObj()->kind()) {
    case ObjKind::Str: out += pyStrRepr(v.as<StrObject>()->str); return;
    case ObjKind::List: seq(v.as<ListObject>()->items, "[", "]", false); return;
    case ObjKind::Tuple: {
      auto* t = v.as<TupleObject>();
      if (t->isSize()) { seq(t->items, "torch.Size([", "])", false); return; }
      if (t->named()) {
        // Note [Named tuples]: Type(field=repr, ...), or one field per line.
        out += t->named()->name + "(";
        for (size_t i = 0; i < t->items.size(); ++i) {
          if (i) out += ",";
          out += t->named()->fieldPerLine ? "\n" : i ? " " : "";
          out += i < t->named()->fields.size() ? t->named()->fields[i] : "?";
          out += "=";
          const Value& item = t->items[i];
          if (item.isObj() && item.asObj() == v.asObj()) out += "(...)";
          else appendRepr(interp, out, item, depth + 1);
        }
        out += ")";
        return;
      }
      seq(t->items, "(", ")", true);
      return;
    }
    case ObjKind::Dict: {
      out += "{";
      auto* d = v.as<DictObject>();
      for (size_t i = 0; i < d->entries.size(); ++i) {
        if (i) out += ", ";
        appendRepr(interp, out, d->entries[i].first, depth + 1);
        out += ": ";
        const Value& x = d->entries[i].second;
        if (x.isObj() && x.asObj() == v.asObj()) out += "{...}";
        else appendRepr(interp, out, x, depth + 1);
      }
      out += "}";
      return;
    }
    case ObjKind::Function: {
      char buf[32];
      snprintf(buf, sizeof buf, "%p", static_cast<void*>(v.asObj()));
      out += "<function " + v.as<FunctionObject>()->name() + " at " + buf + ">";
      return;
    }
    case ObjKind::Native: {
      const std::string& name = v.as<NativeObject>()->name;
      auto& types = interp.vm().typeObjects;
      auto it = types.find(name);
      if (it != types.end() && it->second.identical(v)) out += "<class '" + name + "'>";
      else out += "<built-in function " + name + ">";
      return;
    }
    case ObjKind::BoundMethod: {
      auto* m = v.as<BoundMethodObject>();
      std::string fname = m->function.isObj(ObjKind::Native) ? m->function.as<NativeObject>()->name
                          : m->function.isObj(ObjKind::Function) ? m->function.as<FunctionObject>()->name()
                                                                 : "?";
      out += "<built-in method " + fname + " of " + typeName(m->self) + " object>";
      return;
    }
    case ObjKind::Module: out += "<module '" + v.as<ModuleObject>()->name + "'>"; return;
    case ObjKind::Tensor: out += tensorRepr(interp, v); return;
    case ObjKind::Range: {
      auto* r = v.as<RangeObject>();
      out += "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop);
      if (r->step != 1) out += ", " + std::to_string(r->step);
      out += ")";
      return;
    }
    case ObjKind::Iterator:
      if (GeneratorState* g = generatorOf(v)) {
        char buf[32];
        snprintf(buf, sizeof buf, "%p", static_cast<void*>(v.asObj()));
        out += "<generator object " + g->fn->name() + " at " + buf + ">";
        return;
      }
      out += "<iterator object>";
      return;
    case ObjKind::Cell: out += "<cell>"; return;
    case ObjKind::Other:
    case ObjKind::Storage: break;
  }
  if (isSlice(v)) {
    auto* s = v.as<SliceObject>();
    out += "slice(";
    appendRepr(interp, out, s->lower, depth + 1);
    out += ", ";
    appendRepr(interp, out, s->upper, depth + 1);
    out += ", ";
    appendRepr(interp, out, s->step, depth + 1);
    out += ")";
    return;
  }
  if (isEllipsis(v)) { out += "Ellipsis"; return; }
  if (auto* view = asDictView(v)) {
    out += view->typeName() + "([";
    auto* d = view->dict.as<DictObject>();
    for (size_t i = 0; i < d->entries.size(); ++i) {
      if (i) out += ", ";
      const auto entry = d->entries[i];  // a copy: repr may run script code
      if (view->part == DictViewObject::Part::Keys) {
        appendRepr(interp, out, entry.first, depth + 1);
      } else if (view->part == DictViewObject::Part::Values) {
        appendRepr(interp, out, entry.second, depth + 1);
      } else {
        out += "(";
        appendRepr(interp, out, entry.first, depth + 1);
        out += ", ";
        appendRepr(interp, out, entry.second, depth + 1);
        out += ")";
      }
    }
    out += "])";
    return;
  }
  if (SetObject* set = asSet(v)) { appendSetRepr(interp, out, *set, depth); return; }
  if (auto* ext = dynamic_cast<ExtensionObject*>(v.asObj())) { out += ext->repr(); return; }
  out += "<object>";
}

std::string repr(Interpreter& interp, const Value& v) {
  std::string out;
  appendRepr(interp, out, v);
  return out;
}

std::string str(Interpreter& interp, const Value& v) {
  if (v.isObj(ObjKind::Str)) return v.as<StrObject>()->str;
  if (std::string s; v.isObj(ObjKind::Other) && instanceStr(interp, v, s)) return s;
  // An extension's own str(); dict views and sets print as their repr (appendRepr's).
  if (auto* ext = asExtension(v); ext && !asDictView(v) && !asSet(v))
    return ext->str();
  return repr(interp, v);
}

// ---------------------------------------------------------------------------
// Length, subscripts, attributes

int64_t length(Interpreter& interp, const Value& v) {
  if (v.isObj()) {
    switch (v.asObj()->kind()) {
      case ObjKind::Str: return static_cast<int64_t>(frontend::codePointCount(v.as<StrObject>()->str));
      case ObjKind::List: return static_cast<int64_t>(v.as<ListObject>()->items.size());
      case ObjKind::Tuple: return static_cast<int64_t>(v.as<TupleObject>()->items.size());
      case ObjKind::Dict: return static_cast<int64_t>(v.as<DictObject>()->size());
      case ObjKind::Range: return rangeLength(*v.as<RangeObject>());
      case ObjKind::Tensor: return tensorLength(interp, v);
      default:
        if (auto* view = asDictView(v)) return static_cast<int64_t>(view->dict.as<DictObject>()->size());
        if (SetObject* set = asSet(v)) return static_cast<int64_t>(set->size());
        if (int64_t n; instanceLength(interp, v, n)) return n;
        break;
    }
  }
  throw Error(ErrorKind::Type, "object of type '" + typeName(v) + "' has no len()");
}

int64_t indexValue(const Value& v, const char* what) {
  if (v.isInt()) return v.asInt();
  if (v.isBool()) return v.asBool() ? 1 : 0;
  throw Error(ErrorKind::Type, std::string(what) + " indices must be integers or slices, not " + typeName(v));
}

namespace {

// slice.indices(len) in `Int` (int64_t for sequences, __int128 for ranges
// longer than 2**63 - 1): clamps start and stop as CPython does and returns
// the slice's length.
template <typename Int>
Int adjustSlice(const SliceObject& s, Int len, Int& start, Int& stop, Int& step) {
  auto part = [](const Value& v) -> Int {
    if (v.isInt()) return v.asInt();
    if (v.isBool()) return v.asBool();
    throw Error(ErrorKind::Type, "slice indices must be integers or None");
  };
  step = s.step.isNone() ? 1 : part(s.step);
  if (step == 0) throw Error(ErrorKind::Value, "slice step cannot be zero");
  // -step below must not overflow; in 128 bits it cannot.
  if constexpr (std::is_same_v<Int, int64_t>)
    if (step == std::numeric_limits<int64_t>::min()) step = -std::numeric_limits<int64_t>::max();
  auto adjust = [&](const Value& v, Int dflt) -> Int {
    if (v.isNone()) return dflt;
    Int x = part(v);
    if (x < 0) {
      x += len;
      if (x < 0) x = step < 0 ? -1 : 0;
    } else if (x >= len) {
      x = step < 0 ? len - 1 : len;
    }
    return x;
  };
  start = adjust(s.lower, step < 0 ? len - 1 : 0);
  stop = adjust(s.upper, step < 0 ? -1 : len);
  if (step < 0) return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  return start < stop ? (stop - start - 1) / step + 1 : 0;
}

}  // namespace

int64_t sliceIndices(const SliceObject& s, int64_t len, int64_t& start, int64_t& stop, int64_t& step) {
  return adjustSlice<int64_t>(s, len, start, stop, step);
}

namespace {

// UTF-8 code point boundaries of a string (only computed for non-ASCII text).
std::vector<size_t> codePointOffsets(const std::string& s) {
  std::vector<size_t> offs;
  for (size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) offs.push_back(i);
  offs.push_back(s.size());
  return offs;
}
bool isAscii(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

Value getSeqItem(ValueSpan items, const Value& index, const char* what, bool isList) {
  if (isSlice(index)) {
    int64_t start, stop, step;
    int64_t n = sliceIndices(*index.as<SliceObject>(), static_cast<int64_t>(items.size()), start, stop, step);
    std::vector<Value> out;
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back(items[static_cast<size_t>(j)]);
    return isList ? makeList(std::move(out)) : makeTuple(std::move(out));
  }
  int64_t i = indexValue(index, what);
  int64_t n = static_cast<int64_t>(items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw Error(ErrorKind::Index, std::string(what) + " index out of range");
  return items[static_cast<size_t>(i)];
}

}  // namespace

namespace {

// range(...)[a:b:c] (Note [Range length]): slice.indices() in 128 bits, then
// the sub-range; an empty result starts where CPython's would, clamped into
// int64.
Value sliceRange(const RangeObject& r, const SliceObject& s) {
  using i128 = __int128;
  i128 start, stop, step;
  const i128 count = adjustSlice<i128>(s, rangeSize(r), start, stop, step);
  int64_t nstep = checkedMul(r.step, static_cast<int64_t>(step));
  auto clamp = [](i128 x) { return static_cast<int64_t>(x > INT64_MAX ? INT64_MAX : x < INT64_MIN ? INT64_MIN : x); };
  i128 first = r.start + start * r.step;
  if (count == 0) {
    int64_t at = clamp(first);
    return Value(makeRef<RangeObject>(at, at, nstep));
  }
  i128 last = first + (count - 1) * nstep;  // elements of r: they fit
  i128 end = last + nstep;
  if (end > INT64_MAX || end < INT64_MIN) end = nstep > 0 ? last + 1 : last - 1;  // same elements
  return Value(makeRef<RangeObject>(static_cast<int64_t>(first), static_cast<int64_t>(end), nstep));
}

}  // namespace

Value getItem(Interpreter& interp, const Value& obj, const Value& index) {
  if (obj.isObj()) {
    switch (obj.asObj()->kind()) {
      case ObjKind::List: return getSeqItem(obj.as<ListObject>()->items, index, "list", true);
      case ObjKind::Tuple: {
        Value item = getSeqItem(obj.as<TupleObject>()->items, index, "tuple", false);
        if (obj.as<TupleObject>()->isSize() && isSlice(index))  // a slice of a torch.Size is a torch.Size
          return Value(TupleObject::make(item.as<TupleObject>()->items.data(), item.as<TupleObject>()->items.size(), true));
        return item;
      }
      case ObjKind::Str: {
        const std::string& s = obj.as<StrObject>()->str;
        bool ascii = isAscii(s);
        std::vector<size_t> offs;
        if (!ascii) offs = codePointOffsets(s);
        int64_t n = ascii ? static_cast<int64_t>(s.size()) : static_cast<int64_t>(offs.size()) - 1;
        auto cp = [&](int64_t i) {
          return ascii ? s.substr(static_cast<size_t>(i), 1)
                       : s.substr(offs[static_cast<size_t>(i)], offs[static_cast<size_t>(i) + 1] - offs[static_cast<size_t>(i)]);
        };
        if (isSlice(index)) {
          int64_t start, stop, step;
          int64_t m = sliceIndices(*index.as<SliceObject>(), n, start, stop, step);
          std::string out;
          if (ascii && step == 1) return makeStr(m > 0 ? s.substr(static_cast<size_t>(start), static_cast<size_t>(m)) : "");
          for (int64_t i = 0, j = start; i < m; ++i, j += step) out += cp(j);
          return makeStr(std::move(out));
        }
        if (!index.isInt() && !index.isBool())
          throw Error(ErrorKind::Type, "string indices must be integers, not '" + typeName(index) + "'");
        int64_t i = indexValue(index, "string");
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw Error(ErrorKind::Index, "string index out of range");
        return makeStr(cp(i));
      }
      case ObjKind::Dict: {
        requireHashable(index);
        const Value* v = obj.as<DictObject>()->find(index);
        if (!v) throw Error(ErrorKind::Key, "KeyError: " + repr(interp, index));
        return *v;
      }
      case ObjKind::Range: {
        auto* r = obj.as<RangeObject>();
        if (isSlice(index)) return sliceRange(*r, *index.as<SliceObject>());
        __int128 n = rangeSize(*r);
        __int128 i = indexValue(index, "range");
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw Error(ErrorKind::Index, "range object index out of range");
        return Value::integer(static_cast<int64_t>(r->start + i * r->step));  // an element: fits
      }
      case ObjKind::Tensor: return tensorGetItem(interp, obj, index);
      case ObjKind::Other:
        if (Value r; instanceGetItem(interp, obj, index, r)) return r;
        break;
      default: break;
    }
  }
  throw Error(ErrorKind::Type, "'" + typeName(obj) + "' object is not subscriptable");
}

void setItem(Interpreter& interp, const Value& obj, const Value& index, const Value& value) {
  if (obj.isObj(ObjKind::List)) {
    auto& items = obj.as<ListObject>()->items;
    if (isSlice(index)) {
      std::vector<Value> src = iterateAll(interp, value);
      int64_t start, stop, step;
      int64_t n = sliceIndices(*index.as<SliceObject>(), static_cast<int64_t>(items.size()), start, stop, step);
      if (step == 1) {
        if (stop < start) stop = start;
        items.erase(items.begin() + start, items.begin() + stop);
        items.insert(items.begin() + start, src.begin(), src.end());
        return;
      }
      if (static_cast<int64_t>(src.size()) != n)
        throw Error(ErrorKind::Value, "attempt to assign sequence of size " + std::to_string(src.size()) +
                                          " to extended slice of size " + std::to_string(n));
      for (int64_t i = 0, j = start; i < n; ++i, j += step) items[static_cast<size_t>(j)] = src[static_cast<size_t>(i)];
      return;
    }
    int64_t i = indexValue(index, "list");
    int64_t n = static_cast<int64_t>(items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw Error(ErrorKind::Index, "list assignment index out of range");
    items[static_cast<size_t>(i)] = value;
    return;
  }
  if (obj.isObj(ObjKind::Dict)) {
    requireHashable(index);
    obj.as<DictObject>()->set(index, value);
    return;
  }
  if (obj.isTensor()) { tensorSetItem(interp, obj, index, value); return; }
  if (instanceSetItem(interp, obj, index, value)) return;
  if (obj.isObj(ObjKind::Tuple) || obj.isObj(ObjKind::Str) || obj.isObj(ObjKind::Range))
    throw Error(ErrorKind::Type, "'" + typeName(obj) + "' object does not support item assignment");
  throw Error(ErrorKind::Type, "'" + typeName(obj) + "' object does not support item assignment");
}

void throwUnhashable(const Value& key) {
  throw Error(ErrorKind::Type, "unhashable type: '" + typeName(key) + "'");
}

// ---------------------------------------------------------------------------
// Iteration

// Note [Dict changed during iteration]
// A dict iterator walks `entries` by position. Its `end` holds the dict's
// size when iteration began and `step` the hash of the key it yielded last
// (Note [Iterator state]: the whole state is in those fields). Each step
// checks both, as CPython does: another size is "dictionary changed size
// during iteration" (so a loop that adds a key per step stops instead of
// growing the dict until memory runs out), and another key where the last
// one was, with the size unchanged (a deletion before the cursor plus an
// insertion), is "dictionary keys changed during iteration". After either
// error the iterator is exhausted (end = -1).
namespace {

Value makeDictIterator(IteratorObject::Source src, const Value& dict) {
  auto it = makeRef<IteratorObject>(src, dict);
  it->end = static_cast<int64_t>(dict.as<DictObject>()->size());
  return Value(it);
}

const std::pair<Value, Value>* nextDictEntry(IteratorObject& it) {
  auto* d = it.seq.as<DictObject>();
  if (it.end < 0) return nullptr;
  // An object key is recognised by identity: a key's own __hash__ is script
  // code, which iterating must not run.
  auto keyHash = [](const Value& k) {
    return k.isObj() ? static_cast<int64_t>(reinterpret_cast<intptr_t>(k.asObj())) : static_cast<int64_t>(ValueKeyHash()(k));
  };
  if (static_cast<int64_t>(d->size()) != it.end) {
    it.end = -1;
    throw Error(ErrorKind::Runtime, "dictionary changed size during iteration");
  }
  if (it.pos > 0 && it.pos <= it.end && keyHash(d->entries[static_cast<size_t>(it.pos - 1)].first) != it.step) {
    it.end = -1;
    throw Error(ErrorKind::Runtime, "dictionary keys changed during iteration");
  }
  if (it.pos >= it.end) return nullptr;
  const auto& kv = d->entries[static_cast<size_t>(it.pos++)];
  it.step = keyHash(kv.first);
  return &kv;
}

}  // namespace

Value makeIterator(Interpreter& interp, const Value& v) {
  if (v.isObj()) {
    switch (v.asObj()->kind()) {
      case ObjKind::Range: {
        auto* r = v.as<RangeObject>();
        auto it = makeRef<IteratorObject>(IteratorObject::Source::Range, v);
        it->pos = r->start;
        it->end = r->stop;
        it->step = r->step;
        return Value(it);
      }
      case ObjKind::List:
      case ObjKind::Tuple: return Value(makeRef<IteratorObject>(IteratorObject::Source::Sequence, v));
      case ObjKind::Str: return Value(makeRef<IteratorObject>(IteratorObject::Source::Str, v));
      case ObjKind::Dict: return makeDictIterator(IteratorObject::Source::DictKeys, v);
      case ObjKind::Iterator: return v;
      case ObjKind::Tensor: {
        auto it = makeRef<IteratorObject>(IteratorObject::Source::Tensor, v);
        it->end = tensorLength(interp, v);
        return Value(it);
      }
      case ObjKind::Other:
        if (auto* view = asDictView(v)) {
          using S = IteratorObject::Source;
          S src = view->part == DictViewObject::Part::Keys     ? S::DictKeys
                  : view->part == DictViewObject::Part::Values ? S::DictValues
                                                               : S::DictItems;
          return makeDictIterator(src, view->dict);
        }
        if (SetObject* set = asSet(v))  // a snapshot, in table order (Note [Set layout])
          return Value(makeRef<IteratorObject>(IteratorObject::Source::Sequence, makeTuple(set->keys())));
        if (Value it; instanceIter(interp, v, it)) return it;
        break;
      default: break;
    }
  }
  throw Error(ErrorKind::Type, "'" + typeName(v) + "' object is not iterable");
}

bool iteratorNext(Interpreter& interp, IteratorObject& it, Value& out) {
  if (it.src >= IteratorObject::Source::Enumerate && it.src <= IteratorObject::Source::Filter) StackLimit::check();
  switch (it.src) {
    case IteratorObject::Source::Range:
      if (it.step > 0 ? it.pos >= it.end : it.pos <= it.end) return false;
      out = Value::integer(it.pos);
      if (__builtin_add_overflow(it.pos, it.step, &it.pos)) it.pos = it.end;
      return true;
    case IteratorObject::Source::Sequence: {
      ValueSpan items = seqItems(it.seq);
      if (it.pos >= static_cast<int64_t>(items.size())) return false;
      out = items[static_cast<size_t>(it.pos++)];
      return true;
    }
    case IteratorObject::Source::Str: {
      const std::string& s = it.seq.as<StrObject>()->str;
      size_t p = static_cast<size_t>(it.pos);
      if (p >= s.size()) return false;
      size_t q = p + 1;
      while (q < s.size() && (static_cast<unsigned char>(s[q]) & 0xC0) == 0x80) ++q;
      out = makeStr(s.substr(p, q - p));
      it.pos = static_cast<int64_t>(q);
      return true;
    }
    case IteratorObject::Source::DictKeys: {
      const auto* kv = nextDictEntry(it);
      if (!kv) return false;
      out = kv->first;
      return true;
    }
    case IteratorObject::Source::Tensor:
      if (it.pos >= it.end) return false;
      out = tensorIterItem(interp, it.seq, it.pos++);
      return true;
    case IteratorObject::Source::DictValues:
    case IteratorObject::Source::DictItems: {
      const auto* kv = nextDictEntry(it);
      if (!kv) return false;
      out = it.src == IteratorObject::Source::DictValues ? kv->second : makeTuple({kv->first, kv->second});
      return true;
    }
    case IteratorObject::Source::ReverseSequence: {
      ValueSpan items = seqItems(it.seq);
      if (it.pos < 0 || it.pos >= static_cast<int64_t>(items.size())) return false;
      out = items[static_cast<size_t>(it.pos--)];
      return true;
    }
    case IteratorObject::Source::Enumerate: {
      Value item;
      if (!iteratorNext(interp, *it.seq.as<IteratorObject>(), item)) return false;
      out = makeTuple({Value::integer(it.pos), std::move(item)});
      it.pos = checkedAdd(it.pos, 1);
      return true;
    }
    case IteratorObject::Source::Zip: {
      Value parts = it.seq;  // keep alive across callbacks
      const auto& iters = parts.as<TupleObject>()->items;
      if (iters.empty()) return false;
      std::vector<Value> row(iters.size());
      for (size_t i = 0; i < iters.size(); ++i)
        if (!iteratorNext(interp, *iters[i].as<IteratorObject>(), row[i])) return false;
      out = makeTuple(std::move(row));
      return true;
    }
    case IteratorObject::Source::Map: {
      Value parts = it.seq;
      const auto& items = parts.as<TupleObject>()->items;
      std::vector<Value> args(items.size() - 1);
      for (size_t i = 1; i < items.size(); ++i)
        if (!iteratorNext(interp, *items[i].as<IteratorObject>(), args[i - 1])) return false;
      out = interp.call(items[0], std::move(args));
      return true;
    }
    case IteratorObject::Source::Filter: {
      Value parts = it.seq;
      const Value& fn = parts.as<TupleObject>()->items[0];
      auto* inner = parts.as<TupleObject>()->items[1].as<IteratorObject>();
      Value item;
      while (iteratorNext(interp, *inner, item)) {
        bool keep = fn.isNone() ? truthy(interp, item) : truthy(interp, interp.call(fn, {item}));
        if (keep) { out = std::move(item); return true; }
      }
      return false;
    }
    case IteratorObject::Source::Protocol: {
      Value keep = Value::object(&it);
      return protocolNext(interp, keep, out);
    }
    case IteratorObject::Source::Generator: {
      Value keep = it.seq;  // Note [Generator frames]
      return generatorNext(interp, *static_cast<GeneratorState*>(keep.asObj()), out);
    }
  }
  return false;
}

namespace {
int64_t iteratorDepth(const Value& it) {
  auto* o = it.as<IteratorObject>();
  switch (o->src) {
    case IteratorObject::Source::Enumerate:
    case IteratorObject::Source::Zip:
    case IteratorObject::Source::Map:
    case IteratorObject::Source::Filter: return o->end;
    default: return 0;
  }
}
// A lazy iterator over `inputs` (already iterators); checks the nesting limit.
Value makeLazy(IteratorObject::Source src, Value seq, const std::vector<Value>& inputs) {
  int64_t depth = 0;
  for (const Value& in : inputs)
    if (in.isObj(ObjKind::Iterator)) depth = std::max(depth, iteratorDepth(in));
  if (depth + 1 > kMaxIteratorDepth)
    throw Error(ErrorKind::Recursion, "maximum recursion depth exceeded (iterators nested too deeply)");
  auto it = makeRef<IteratorObject>(src, std::move(seq));
  it->end = depth + 1;
  return Value(it);
}
}  // namespace

Value makeEnumerate(Interpreter& interp, const Value& iterable, int64_t start) {
  Value inner = makeIterator(interp, iterable);
  Value it = makeLazy(IteratorObject::Source::Enumerate, inner, {inner});
  it.as<IteratorObject>()->pos = start;
  return it;
}

Value makeZip(Interpreter& interp, const CallArgs& iterables) {
  std::vector<Value> iters;
  for (size_t i = 0; i < iterables.nargs; ++i) iters.push_back(makeIterator(interp, iterables[i]));
  Value seq = makeTuple(iters);
  return makeLazy(IteratorObject::Source::Zip, seq, iters);
}

Value makeMap(Interpreter& interp, const Value& fn, const CallArgs& iterables) {
  std::vector<Value> parts{fn};
  for (size_t i = 0; i < iterables.nargs; ++i) parts.push_back(makeIterator(interp, iterables[i]));
  std::vector<Value> iters(parts.begin() + 1, parts.end());
  Value seq = makeTuple(std::move(parts));
  return makeLazy(IteratorObject::Source::Map, seq, iters);
}

Value makeFilter(Interpreter& interp, const Value& fn, const Value& iterable) {
  Value inner = makeIterator(interp, iterable);
  return makeLazy(IteratorObject::Source::Filter, makeTuple({fn, inner}), {inner});
}

Value makeReversed(Interpreter& interp, const Value& seq) {
  if (seq.isObj(ObjKind::Range) && seq.as<RangeObject>()->step != INT64_MIN) {
    auto* r = seq.as<RangeObject>();
    uint64_t n = rangeSize(*r);
    auto it = makeRef<IteratorObject>(IteratorObject::Source::Range, seq);
    // The last element, stepping back past the first (no int64 overflow:
    // the bounds are computed in 128 bits and clamped into the range).
    __int128 last = static_cast<__int128>(r->start) + static_cast<__int128>(n - 1) * r->step;
    __int128 stop = static_cast<__int128>(r->start) - r->step;
    it->pos = n ? static_cast<int64_t>(last) : r->start;
    it->step = -r->step;
    if (n == 0) it->end = r->start;
    else if (stop > INT64_MAX) it->end = INT64_MAX;
    else if (stop < INT64_MIN) it->end = INT64_MIN;
    else it->end = static_cast<int64_t>(stop);
    return Value(it);
  }
  if (const Value* fn = findDunder(seq, "__reversed__")) return callMethod(interp, seq, *fn, {});
  if (const Value* p = builtinPayload(seq)) return makeReversed(interp, *p);  // Note [Subclasses of built-in types]
  Value items = seq;
  if (findDunder(seq, "__len__") && findDunder(seq, "__getitem__")) {  // the sequence protocol
    std::vector<Value> forward;
    for (int64_t i = 0, n = length(interp, seq); i < n; ++i) forward.push_back(getItem(interp, seq, Value::integer(i)));
    items = makeList(std::move(forward));
  } else if (!seq.isObj(ObjKind::List) && !seq.isObj(ObjKind::Tuple)) {
    if (seq.isObj(ObjKind::Iterator) || !(seq.isObj(ObjKind::Str) || seq.isObj(ObjKind::Dict) || seq.isObj(ObjKind::Range) || seq.isTensor() || asDictView(seq)))
      throw Error(ErrorKind::Type, "'" + typeName(seq) + "' object is not reversible");
    items = makeList(iterateAll(interp, seq));
  }
  auto it = makeRef<IteratorObject>(IteratorObject::Source::ReverseSequence, items);
  it->pos = length(interp, items) - 1;
  return Value(it);
}

std::vector<Value> iterateAll(Interpreter& interp, const Value& iterable) {
  if (iterable.isObj(ObjKind::List)) return iterable.as<ListObject>()->items;
  if (iterable.isObj(ObjKind::Tuple)) return iterable.as<TupleObject>()->items.toVector();
  if (iterable.isObj(ObjKind::Range) && rangeSize(*iterable.as<RangeObject>()) > static_cast<uint64_t>(kMaxMaterializedItems))
    throw Error(ErrorKind::Resource, "cannot allocate a sequence of " + std::to_string(rangeSize(*iterable.as<RangeObject>())) + " items");
  Value itv = makeIterator(interp, iterable);
  auto* it = itv.as<IteratorObject>();
  std::vector<Value> out;
  Value x;
  while (iteratorNext(interp, *it, x)) {
    out.push_back(std::move(x));
    if (out.size() > static_cast<size_t>(kMaxMaterializedItems)) throw Error(ErrorKind::Resource, "sequence is too large");
  }
  return out;
}

}  // namespace tdsl
