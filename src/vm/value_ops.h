// Python semantics of the built-in value types: arithmetic (with overflow
// checks and Python's sign rules), comparison, truth, equality, repr/str,
// length, subscripts, attributes and iteration. Tensor operands are handed to
// the tensor bridge. Every function throws tdsl::Error without a location; the
// VM adds it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vm/function.h"
#include "vm/objects.h"

namespace tdsl {

class Interpreter;

// In opcode order (ADD .. SHR, LT .. NE), so `op - Op::ADD` indexes them.
enum class Arith : uint8_t { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, Shl, Shr };
enum class Cmp : uint8_t { Lt, Le, Gt, Ge, Eq, Ne };
const char* arithSymbol(Arith op);
const char* cmpSymbol(Cmp op);
// The symbol of tensor_bridge.h's BinaryOp ("&", "<=").
enum class BinaryOp : uint8_t;
const char* binaryOpSymbol(BinaryOp op);

// Limit on recursion through nested containers in repr, ==, hash (C++ stack).
constexpr int kMaxContainerDepth = 500;

std::string typeName(const Value& v);

Value arith(Interpreter& interp, Arith op, const Value& a, const Value& b, bool inPlace);
Value compare(Interpreter& interp, Cmp op, const Value& a, const Value& b);
Value negate(Interpreter& interp, const Value& v);
Value unaryPlus(Interpreter& interp, const Value& v);
Value invert(Interpreter& interp, const Value& v);
bool truthy(Interpreter& interp, const Value& v);
// Python == on values (tensors compare by identity here; containers recurse).
bool valuesEqual(Interpreter& interp, const Value& a, const Value& b);
bool contains(Interpreter& interp, const Value& container, const Value& item);

// Exact int64 overflow-checked helpers (OverflowError on overflow).
int64_t checkedAdd(int64_t a, int64_t b);
int64_t checkedSub(int64_t a, int64_t b);
int64_t checkedMul(int64_t a, int64_t b);
int64_t checkedNeg(int64_t a);
int64_t checkedPow(int64_t base, int64_t exp);
int64_t floorDivInt(int64_t a, int64_t b);
int64_t floorModInt(int64_t a, int64_t b);
double floorDivFloat(double a, double b);
double floorModFloat(double a, double b);
double powFloat(double a, double b);
// -1, 0, 1 comparing an int with a non-NaN double exactly.
int compareIntFloat(int64_t i, double d);
// double -> int64 like int(x): truncates; OverflowError / ValueError for inf/nan/too big.
int64_t floatToInt(double d);

std::string repr(Interpreter& interp, const Value& v);
std::string str(Interpreter& interp, const Value& v);
void appendRepr(Interpreter& interp, std::string& out, const Value& v, int depth = 0);

int64_t length(Interpreter& interp, const Value& v);
Value getItem(Interpreter& interp, const Value& obj, const Value& index);
void setItem(Interpreter& interp, const Value& obj, const Value& index, const Value& value);
Value getAttr(Interpreter& interp, const Value& obj, std::string_view name);
void setAttr(Interpreter& interp, const Value& obj, std::string_view name, const Value& value);

// Python's slice.indices(): clamps start/stop for a sequence of `len`; returns
// the number of items selected.
int64_t sliceIndices(const SliceObject& s, int64_t len, int64_t& start, int64_t& stop, int64_t& step);
// An int (or bool) index for a sequence; TypeError otherwise.
int64_t indexValue(const Value& v, const char* what);

Value makeIterator(Interpreter& interp, const Value& iterable);
// Advances `it`; false when exhausted.
bool iteratorNext(Interpreter& interp, IteratorObject& it, Value& out);
// The lazy iterators of enumerate/zip/map/filter/reversed (Note [Iterator state]).
Value makeEnumerate(Interpreter& interp, const Value& iterable, int64_t start);
Value makeZip(Interpreter& interp, const CallArgs& iterables);
Value makeMap(Interpreter& interp, const Value& fn, const CallArgs& iterables);
Value makeFilter(Interpreter& interp, const Value& fn, const Value& iterable);
Value makeReversed(Interpreter& interp, const Value& sequence);
// Note [Container size limits]
// A list, tuple or str larger than these limits is a ResourceError raised
// before allocating: the allocator may hand out a huge block lazily
// (overcommit; jemalloc does), and filling it would then exhaust the machine
// instead of failing cleanly. Sequences: 2^28 items (4 GiB of Values);
// strings: 4 GiB.
constexpr int64_t kMaxMaterializedItems = int64_t(1) << 28;
constexpr uint64_t kMaxStrBytes = uint64_t(1) << 32;
void checkSeqSize(uint64_t items);   // ResourceError past kMaxMaterializedItems
void checkStrSize(uint64_t bytes);   // ResourceError past kMaxStrBytes
// Materialises any iterable as a vector (list(x)), within the limit above.
std::vector<Value> iterateAll(Interpreter& interp, const Value& iterable);

// Hashability check for dict keys ("unhashable type: 'list'").
[[noreturn]] void throwUnhashable(const Value& key);
// TypeError unless `key` can be a dict key. Immediates and strings, the
// common keys, are decided inline.
inline void requireHashable(const Value& key) {
  if (!key.isObj() || key.isObj(ObjKind::Str) || isHashable(key)) return;
  throwUnhashable(key);
}

}  // namespace tdsl
