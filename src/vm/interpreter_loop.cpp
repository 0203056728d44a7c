// The dispatch loop: one function, computed goto (GCC/Clang), Lua lvm.c style.
//
// Macro vocabulary:
//   DISPATCH()      fetch the next instruction and jump to its handler
//   RA/RB/RC        registers named by the operands; KB/KC constants
//   SAVEPC()        store pc in the frame (before anything that may throw or re-enter)
//   LOADFRAME()     reload code/pc/registers after a frame change
// Note [Error locations]: the frame's pc is saved before every instruction runs,
// so VM::unwind can map the failing instruction to its source range.
//
// Note [Computed goto skips destructors]
// DISPATCH() leaves a handler with `goto *label`, and GCC/Clang do not run
// the destructors of the scopes a computed goto leaves (unlike a plain goto).
// A Value, Ref or vector still alive at DISPATCH() is never released: its
// reference (or buffer) leaks. Every handler therefore ends the lifetime of
// its locals with destructors before DISPATCH(): they live in an inner block
// `{ ... }` that closes first, or only in temporaries of a full expression.
// Throwing is fine (exceptions do unwind). LeakSanitizer found MAKEFUNC's
// function, CALLMETHOD's module attribute (every torch.* native a script
// called kept one extra reference) and UNPACK's vectors leaking this way.
#include <cmath>

#include "vm/classes.h"
#include "vm/exception_boundary.h"
#include "vm/format.h"
#include "vm/generators.h"
#include "vm/sets.h"
#include "vm/tensor_bridge.h"
#include "vm/value_ops.h"
#include "vm/vm.h"

namespace tdsl {

namespace {

Value formatValue(Interpreter& interp, const Value& v, int conv, const std::string* spec) {
  Value x = v;
  if ((conv & 3) == 1) x = makeStr(str(interp, v));
  else if ((conv & 3) == 2) x = makeStr(repr(interp, v));
  if (x.isTensor() && (conv & 3) == 0 && tensorCallMethod(interp, x, "dim", CallArgs{}).asInt() == 0) {
    // Tensor.__format__ formats a 0-d tensor as its item, with or without a spec.
    Value item = tensorCallMethod(interp, x, "item", CallArgs{});
    return formatValue(interp, item, 0, spec);
  }
  if (!spec || spec->empty()) return x.isObj(ObjKind::Str) ? x : makeStr(str(interp, x));
  if (x.isBool()) return makeStr(formatBool(x.asBool(), *spec));
  if (x.isInt()) return makeStr(formatInt(x.asInt(), *spec));
  if (x.isFloat()) return makeStr(formatFloat(x.asFloat(), *spec));
  if (x.isObj(ObjKind::Str)) return makeStr(formatStr(x.as<StrObject>()->str, *spec));
  if (x.isTensor()) {
    // format(tensor, spec) formats tensor.item() in PyTorch (0-d tensors only).
    Value item = tensorCallMethod(interp, x, "item", CallArgs{});
    return formatValue(interp, item, 0, spec);
  }
  throw Error(ErrorKind::Type, "unsupported format string passed to " + typeName(x) + ".__format__");
}

// Note [Allocation out of line]
// Handlers that build objects call these instead of inlining constructors:
// GCC allocates registers for the whole dispatch loop at once, and inlined
// constructors and destructors (those of the containers the cycle collector
// tracks, Note [Cycle collector] in gc.h) crowd pc, R and the frame out of
// registers in the hot handlers. Out of line, an allocation costs one call.
// `move` (k = 1, displays the compiler evaluated into fresh temporaries):
// the items leave their registers (Note [Dead temporaries] in compiler.cpp).
[[gnu::noinline]] Value buildList(Value* items, int n, bool move) {
  if (!move) return makeList(std::vector<Value>(items, items + n));
  return makeList(std::vector<Value>(std::make_move_iterator(items), std::make_move_iterator(items + n)));
}
[[gnu::noinline]] Value buildTuple(Value* items, int n, bool move) {
  if (!move) return makeTuple(items, static_cast<size_t>(n));
  Ref<TupleObject> t = TupleObject::make(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) t->items[static_cast<size_t>(i)] = std::move(items[i]);
  return Value(t);
}
[[gnu::noinline]] Value buildDict(Value* keysAndValues, int n, bool move) {
  Value d = makeDict();
  auto* dict = d.as<DictObject>();
  for (int i = 0; i < n; ++i) {
    const Value& key = keysAndValues[2 * i];
    requireHashable(key);
    dict->set(key, keysAndValues[2 * i + 1]);
  }
  if (move)
    for (int i = 0; i < 2 * n; ++i) keysAndValues[i] = Value();
  return d;
}
[[gnu::noinline]] Value buildSlice(const Value* parts) { return makeSlice(parts[0], parts[1], parts[2]); }
[[gnu::noinline]] Value newCell() { return Value(makeRef<CellObject>()); }
[[gnu::noinline]] Value newCell(const Value& contents) { return Value(makeRef<CellObject>(contents)); }
// MAKEFUNC: defaults from defaults[0..], cells from the registers R[captureFrom].
[[gnu::noinline]] Value newFunction(const CodePtr& proto, const Ref<GlobalsTable>& globals, const Value* defaults,
                                    const Value* R) {
  auto fn = makeRef<FunctionObject>(proto, globals);
  fn->defaults.assign(defaults, defaults + proto->ndefaults + proto->nkwDefaults);  // Note [Extended parameters]
  for (int from : proto->captureFrom) fn->cells.push_back(R[from]);
  return Value(fn);
}

// Issue 15 additions (lang2), out of line: Note [Allocation out of line].
[[gnu::noinline]] void listExtend(Interpreter& I, const Value& list, const Value& items) {
  std::vector<Value> extra = iterateAll(I, items);
  auto* l = list.as<ListObject>();
  checkSeqSize(l->items.size() + extra.size());
  l->extend(extra);
}
[[gnu::noinline]] Value listToTuple(const Value& list) {
  const auto& items = list.as<ListObject>()->items;
  return makeTuple(items.data(), items.size());
}
[[gnu::noinline]] void dictMerge(Interpreter& I, const Value& dict, const Value& mapping) {
  if (!mapping.isObj(ObjKind::Dict))
    throw Error(ErrorKind::Type, "argument after ** must be a mapping, not " + typeName(mapping));
  auto* d = dict.as<DictObject>();
  DictEntries entries = mapping.as<DictObject>()->entries;
  for (const auto& kv : entries) {
    if (!kv.first.isObj(ObjKind::Str)) throw Error(ErrorKind::Type, "keywords must be strings");
    if (d->find(kv.first)) throw Error(ErrorKind::Type, "got multiple values for keyword argument '" + kv.first.as<StrObject>()->str + "'");
    d->set(kv.first, kv.second);
  }
  (void)I;
}
[[gnu::noinline]] void unpackStarred(Interpreter& I, Value* R, int a, const Value& src, int before, int after) {
  std::vector<Value> items = iterateAll(I, src);
  size_t need = static_cast<size_t>(before + after);
  if (items.size() < need)
    throw Error(ErrorKind::Value, "not enough values to unpack (expected at least " + std::to_string(need) + ", got " +
                                      std::to_string(items.size()) + ")");
  for (int i = 0; i < before; ++i) R[a + i] = items[static_cast<size_t>(i)];
  std::vector<Value> middle(items.begin() + before, items.end() - after);
  R[a + before] = makeList(std::move(middle));
  for (int i = 0; i < after; ++i) R[a + before + 1 + i] = items[items.size() - static_cast<size_t>(after) + static_cast<size_t>(i)];
}
[[gnu::noinline]] Value buildSet(const Value* items, int n, bool folded) {
  Value s = makeSetValue(false);
  for (int i = 0; i < n; ++i) asSet(s)->add(items[i]);
  if (!folded) return s;
  Value rebuilt = makeSetValue(true);
  for (const Value& k : asSet(s)->keys()) asSet(rebuilt)->add(k);
  Value out = makeSetValue(false);
  asSet(out)->merge(*asSet(rebuilt));
  return out;
}
[[gnu::noinline]] void delItem(Interpreter& I, const Value& obj, const Value& index) {
  if (obj.isObj(ObjKind::Dict)) {
    requireHashable(index);
    if (!obj.as<DictObject>()->erase(index)) throw Error(ErrorKind::Key, "KeyError: " + repr(I, index));
    return;
  }
  if (obj.isObj(ObjKind::List)) {
    auto& items = obj.as<ListObject>()->items;
    int64_t n = static_cast<int64_t>(items.size());
    if (isSlice(index)) {
      int64_t start, stop, step;
      int64_t count = sliceIndices(*index.as<SliceObject>(), n, start, stop, step);
      std::vector<bool> drop(items.size(), false);
      for (int64_t k = 0, j = start; k < count; ++k, j += step) drop[static_cast<size_t>(j)] = true;
      std::vector<Value> kept;
      kept.reserve(items.size() - static_cast<size_t>(count));
      for (size_t j = 0; j < items.size(); ++j)
        if (!drop[j]) kept.push_back(std::move(items[j]));
      std::vector<Value> doomed = std::move(items);  // released after the list is consistent
      items = std::move(kept);
      return;
    }
    int64_t j = indexValue(index, "list");
    if (j < 0) j += n;
    if (j < 0 || j >= n) throw Error(ErrorKind::Index, "list assignment index out of range");
    Value doomed = std::move(items[static_cast<size_t>(j)]);
    items.erase(items.begin() + j);
    return;
  }
  if (const Value* fn = findDunder(obj, "__delitem__")) {
    callMethod(I, obj, *fn, {index});
    return;
  }
  if (const Value* payload = builtinPayload(obj)) return delItem(I, Value(*payload), index);  // Note [Subclasses of built-in types]
  throw Error(ErrorKind::Type, "'" + typeName(obj) + "' object doesn't support item deletion");
}
[[gnu::noinline]] void delLocal(Value& reg, const Value& name) {
  if (reg.isObj(ObjKind::Cell)) {
    auto* c = reg.as<CellObject>();
    if (!c->bound)
      throw Error(ErrorKind::UnboundLocal, "cannot access local variable '" + name.as<StrObject>()->str +
                                               "' where it is not associated with a value");
    Value doomed = std::move(c->value);
    c->value = Value();
    c->bound = false;
    return;
  }
  reg = Value();
}

}  // namespace

void VM::execute() {
  static void* const labels[] = {
#define TDSL_OP_LABEL(name, fmt, doc) &&L_##name,
      TDSL_OPCODES(TDSL_OP_LABEL)
#undef TDSL_OP_LABEL
  };
  Interpreter& I = interp;
  const size_t entryDepth = frames_.size();
  Frame* f = nullptr;
  const Instr* pc = nullptr;
  Value* R = nullptr;
  const Value* K = nullptr;
  Instr in;

#define LOADFRAME() \
  do { f = &frames_.back(); pc = f->pc; R = f->base; K = f->code->constants.data(); } while (0)
#define SAVEPC() (f->pc = pc)
#define DISPATCH() do { in = *pc++; SAVEPC(); goto *labels[static_cast<int>(in.op)]; } while (0)
#define RA R[in.a]
#define RB R[in.b]
#define RC R[in.c]
#define KB K[in.b]
#define KC K[in.c]
// The safe point of Note [Cycle collector]: interrupts and automatic
// collections happen here, at CALL, CALLMETHOD and backward jumps only; each
// is a step of Note [Step and time limits].
#define POLL() do { if (__builtin_expect((--I.pollBudget_ < 0) | I.safePoint_.load(std::memory_order_relaxed), 0)) safePoint(); } while (0)

  // A handler found by catchInFrames resumes the loop here (Note [Exception handlers]).
resume:
  try {
    LOADFRAME();
    DISPATCH();

  L_MOVE: RA = RB; DISPATCH();
  L_LOADK: RA = K[in.bx()]; DISPATCH();
  L_LOADINT: RA = Value::integer(in.sbx()); DISPATCH();
  L_LOADNONE: RA = Value(); DISPATCH();
  L_LOADBOOL: RA = Value::boolean(in.b != 0); DISPATCH();
  L_GETGLOBAL: {
    const GlobalSlot& s = f->fn->globals->slots[in.bx()];
    if (__builtin_expect(!s.bound, 0)) throwNameError(*f, in.bx());
    RA = s.value;
    DISPATCH();
  }
  L_SETGLOBAL: {
    GlobalSlot& s = f->fn->globals->slots[in.bx()];
    if (in.k) s.value = std::move(RA);
    else s.value = RA;
    s.bound = true;
    DISPATCH();
  }
  L_NEWCELL: RA = newCell(); DISPATCH();
  L_MAKECELL: RA = newCell(RA); DISPATCH();
  L_GETCELL: {
    auto* c = RB.as<CellObject>();
    if (!c->bound && in.k)
      throw Error(ErrorKind::UnboundLocal, "cannot access local variable '" + KC.as<StrObject>()->str +
                                               "' where it is not associated with a value");
    if (!c->bound)
      throw Error(ErrorKind::Name, "cannot access free variable '" + KC.as<StrObject>()->str +
                                       "' where it is not associated with a value in enclosing scope");
    RA = c->value;
    DISPATCH();
  }
  L_SETCELL: {
    auto* c = RA.as<CellObject>();
    if (in.k) c->value = std::move(RB);
    else c->value = RB;
    c->bound = true;
    DISPATCH();
  }
  L_GETATTR: RA = getAttr(I, RB, KC.as<StrObject>()->str); DISPATCH();
  L_SETATTR:
    setAttr(I, RA, KB.as<StrObject>()->str, RC);
    if (in.k) RC = Value();
    DISPATCH();
  L_GETITEM: {
    const Value& o = RB;
    const Value& i = RC;
    if (o.isObj(ObjKind::List) && i.isInt()) {
      auto& items = o.as<ListObject>()->items;
      int64_t n = static_cast<int64_t>(items.size()), j = i.asInt();
      if (j < 0) j += n;
      if (j >= 0 && j < n) { RA = items[static_cast<size_t>(j)]; DISPATCH(); }
    }
    RA = getItem(I, o, i);
    DISPATCH();
  }
  L_SETITEM: {
    const Value& o = RA;
    const Value& i = RB;
    if (o.isObj(ObjKind::List) && i.isInt()) {
      auto& items = o.as<ListObject>()->items;
      int64_t n = static_cast<int64_t>(items.size()), j = i.asInt();
      if (j < 0) j += n;
      if (j >= 0 && j < n) {
        if (in.k) items[static_cast<size_t>(j)] = std::move(RC);
        else items[static_cast<size_t>(j)] = RC;
        DISPATCH();
      }
    }
    setItem(I, o, i, RC);
    if (in.k) RC = Value();
    DISPATCH();
  }

  // Arithmetic: int/float fast paths inline, everything else in arith().
#define ARITH_SLOW(kind) RA = arith(I, kind, RB, RC, in.k != 0)
  L_ADD: {
    const Value& b = RB; const Value& c = RC;
    if (b.isInt() && c.isInt()) {
      int64_t r;
      if (!__builtin_add_overflow(b.asInt(), c.asInt(), &r)) { RA = Value::integer(r); DISPATCH(); }
    } else if (b.isFloat() && c.isFloat()) { RA = Value::number(b.asFloat() + c.asFloat()); DISPATCH(); }
    ARITH_SLOW(Arith::Add);
    DISPATCH();
  }
  L_SUB: {
    const Value& b = RB; const Value& c = RC;
    if (b.isInt() && c.isInt()) {
      int64_t r;
      if (!__builtin_sub_overflow(b.asInt(), c.asInt(), &r)) { RA = Value::integer(r); DISPATCH(); }
    } else if (b.isFloat() && c.isFloat()) { RA = Value::number(b.asFloat() - c.asFloat()); DISPATCH(); }
    ARITH_SLOW(Arith::Sub);
    DISPATCH();
  }
  L_MUL: {
    const Value& b = RB; const Value& c = RC;
    if (b.isInt() && c.isInt()) {
      int64_t r;
      if (!__builtin_mul_overflow(b.asInt(), c.asInt(), &r)) { RA = Value::integer(r); DISPATCH(); }
    } else if (b.isFloat() && c.isFloat()) { RA = Value::number(b.asFloat() * c.asFloat()); DISPATCH(); }
    ARITH_SLOW(Arith::Mul);
    DISPATCH();
  }
  L_DIV: {
    const Value& b = RB; const Value& c = RC;
    if (b.isFloat() && c.isFloat() && c.asFloat() != 0) { RA = Value::number(b.asFloat() / c.asFloat()); DISPATCH(); }
    ARITH_SLOW(Arith::Div);
    DISPATCH();
  }
  L_FLOORDIV: {
    const Value& b = RB; const Value& c = RC;
    if (b.isInt() && c.isInt() && c.asInt() > 0) {
      int64_t x = b.asInt(), y = c.asInt(), q = x / y;
      if ((x % y != 0) && (x < 0)) --q;
      RA = Value::integer(q);
      DISPATCH();
    }
    ARITH_SLOW(Arith::FloorDiv);
    DISPATCH();
  }
  L_MOD: {
    const Value& b = RB; const Value& c = RC;
    if (b.isInt() && c.isInt() && c.asInt() > 0) {
      int64_t r = b.asInt() % c.asInt();
      if (r < 0) r += c.asInt();
      RA = Value::integer(r);
      DISPATCH();
    }
    ARITH_SLOW(Arith::Mod);
    DISPATCH();
  }
  L_POW: ARITH_SLOW(Arith::Pow); DISPATCH();
  L_MATMUL: ARITH_SLOW(Arith::MatMul); DISPATCH();
  L_BITAND: ARITH_SLOW(Arith::BitAnd); DISPATCH();
  L_BITOR: ARITH_SLOW(Arith::BitOr); DISPATCH();
  L_BITXOR: ARITH_SLOW(Arith::BitXor); DISPATCH();
  L_SHL: ARITH_SLOW(Arith::Shl); DISPATCH();
  L_SHR: ARITH_SLOW(Arith::Shr); DISPATCH();
#undef ARITH_SLOW

#define COMPARE(cop, kind)                                                                        \
  {                                                                                               \
    const Value& b = RB; const Value& c = RC;                                                     \
    if (b.isInt() && c.isInt()) { RA = Value::boolean(b.asInt() cop c.asInt()); DISPATCH(); }     \
    if (b.isFloat() && c.isFloat()) { RA = Value::boolean(b.asFloat() cop c.asFloat()); DISPATCH(); } \
    RA = compare(I, kind, b, c);                                                                  \
    DISPATCH();                                                                                   \
  }
  L_LT: COMPARE(<, Cmp::Lt)
  L_LE: COMPARE(<=, Cmp::Le)
  L_GT: COMPARE(>, Cmp::Gt)
  L_GE: COMPARE(>=, Cmp::Ge)
  L_EQ: COMPARE(==, Cmp::Eq)
  L_NE: COMPARE(!=, Cmp::Ne)
#undef COMPARE
  L_IS: RA = Value::boolean(RB.identical(RC) != (in.k != 0)); DISPATCH();
  L_IN: RA = Value::boolean(contains(I, RC, RB) != (in.k != 0)); DISPATCH();
  L_NEG: RA = negate(I, RB); DISPATCH();
  L_POS: RA = unaryPlus(I, RB); DISPATCH();
  L_INVERT: RA = invert(I, RB); DISPATCH();
  L_NOT: RA = Value::boolean(!truthy(I, RB)); DISPATCH();

  L_JMP: {
    int32_t off = in.sbx();
    pc += off;
    if (off < 0) POLL();
    DISPATCH();
  }
#define TRUTH(v) ((v).isBool() ? (v).asBool() : truthy(I, (v)))
  L_JMPIF: {
    if (TRUTH(RA)) {
      int32_t off = in.sbx();
      pc += off;
      if (off < 0) POLL();
    }
    DISPATCH();
  }
  L_JMPIFNOT: {
    if (!TRUTH(RA)) {
      int32_t off = in.sbx();
      pc += off;
      if (off < 0) POLL();
    }
    DISPATCH();
  }
#undef TRUTH
  L_GETITER: RA = makeIterator(I, RB); DISPATCH();
  L_FORITER: {
    auto* it = RA.as<IteratorObject>();
    if (it->src == IteratorObject::Source::Range) {
      if (it->step > 0 ? it->pos < it->end : it->pos > it->end) {
        R[in.a + 1] = Value::integer(it->pos);
        if (__builtin_add_overflow(it->pos, it->step, &it->pos)) it->pos = it->end;
        DISPATCH();
      }
    } else if (iteratorNext(I, *it, R[in.a + 1])) {
      DISPATCH();
    }
    pc += in.sbx();
    DISPATCH();
  }
  L_UNPACK: {
    {  // Note [Computed goto skips destructors]
      // The container is held while the targets are written: one of them may
      // be the register that holds it (Note [Unpacking without a copy]).
      const Value src = RB;
      int n = in.c;
      std::vector<Value> tmp;
      const std::vector<Value>* items = nullptr;  // a list's (or a materialized iterable's) items
      const TupleItems* tuple = nullptr;
      if (src.isObj(ObjKind::Tuple)) tuple = &src.as<TupleObject>()->items;
      else if (src.isObj(ObjKind::List)) items = &src.as<ListObject>()->items;
      else { tmp = iterateAll(I, src); items = &tmp; }
      size_t size = tuple ? tuple->size() : items->size();
      if (static_cast<int>(size) != n) {
        if (static_cast<int>(size) > n)
          throw Error(ErrorKind::Value, "too many values to unpack (expected " + std::to_string(n) + ")");
        throw Error(ErrorKind::Value, "not enough values to unpack (expected " + std::to_string(n) + ", got " +
                                          std::to_string(size) + ")");
      }
      // Note [Unpacking without a copy]: writing a register runs no script code
      // today (a released object's destructor only releases), so the held
      // container's items do not change while they are copied out. A list's
      // size is read again per item all the same, so that a destructor that
      // did shrink a list could never make this read past its end; a held
      // tuple's size never changes.
      if (tuple) {
        for (size_t i = 0; i < static_cast<size_t>(n); ++i) R[in.a + static_cast<int>(i)] = (*tuple)[i];
      } else {
        for (size_t i = 0; i < static_cast<size_t>(n); ++i)
          R[in.a + static_cast<int>(i)] = i < items->size() ? (*items)[i] : Value();
      }
    }
    DISPATCH();
  }
  L_BUILDLIST: RA = buildList(&RB, in.c, in.k != 0); DISPATCH();
  L_BUILDTUPLE: RA = buildTuple(&RB, in.c, in.k != 0); DISPATCH();
  L_BUILDDICT: RA = buildDict(&RB, in.c, in.k != 0); DISPATCH();
  L_BUILDSLICE: RA = buildSlice(&RB); DISPATCH();
  L_BUILDSTR: {
    {  // Note [Computed goto skips destructors]
      std::string s;
      for (int i = 0; i < in.c; ++i) s += R[in.b + i].as<StrObject>()->str;
      RA = makeStr(std::move(s));
    }
    DISPATCH();
  }
  L_FORMAT: {
    const std::string* spec = (in.k & 4) ? &RC.as<StrObject>()->str : nullptr;
    RA = formatValue(I, RB, in.k, spec);
    DISPATCH();
  }
  L_LISTAPPEND: RA.as<ListObject>()->append(RB); DISPATCH();

  L_CALL: {
    POLL();
    Value* callee = &RA;
    if (callee->isObj(ObjKind::Function)) {
      pushFrame(callee->as<FunctionObject>(), callee + 1, in.b, in.c, callee, false);
      LOADFRAME();
      DISPATCH();
    }
    callNonScript(callee, in.b, in.c);
    DISPATCH();
  }
  L_CALLMETHOD: {
    POLL();
    Value* self = &RA;
    const std::string& name = KC.as<StrObject>()->str;
    int nargs = in.b, nkw = in.k;
    if (self->isTensor()) {
      {  // Note [Computed goto skips destructors]
        std::vector<KwArg> kws;
        if (nkw) {
          auto* names = self[1 + nargs + nkw].as<TupleObject>();
          for (int i = 0; i < nkw; ++i) kws.push_back(KwArg{names->items[static_cast<size_t>(i)].as<StrObject>()->str, self[1 + nargs + i]});
        }
        CallArgs ca{self + 1, static_cast<size_t>(nargs), kws.data(), kws.size()};
        // Note [Method inline cache], for tensor receivers: the entry is the
        // bridge's method-table entry.
        MethodCacheEntry& ce = methodIC_[(reinterpret_cast<uintptr_t>(pc) >> 3) % kMethodICSize];
        const void* entry = nullptr;
        if (ce.tensorMethod && ce.kind == ObjKind::Tensor && ce.name.identical(KC)) {
          entry = ce.tensorMethod;
        } else if ((entry = tensorResolveMethod(I, name)) != nullptr) {
          ce.kind = ObjKind::Tensor;
          ce.name = KC;
          ce.method = nullptr;
          ce.tensorMethod = entry;
        }
        Value r = entry ? tensorCallResolvedMethod(I, entry, *self, ca) : tensorCallMethod(I, *self, name, ca);
        *self = std::move(r);
      }
      DISPATCH();
    }
    if (self->isObj(ObjKind::Module)) {
      const Value* attr = self->as<ModuleObject>()->get(name);
      if (!attr) throw Error(ErrorKind::Attribute, "module '" + self->as<ModuleObject>()->name + "' has no attribute '" + name + "'");
      // The callee replaces the receiver (arguments are already in place). No
      // named local: Note [Computed goto skips destructors].
      *self = Value(*attr);
      if (self->isObj(ObjKind::Function)) {
        pushFrame(self->as<FunctionObject>(), self + 1, nargs, nkw, self, false);
        LOADFRAME();
        DISPATCH();
      }
      callNonScript(self, nargs, nkw);
      DISPATCH();
    }
    // Note [Method inline cache]: a direct-mapped cache, indexed by the
    // instruction address, remembers the built-in method for (receiver kind,
    // name constant), so a hot `xs.append(v)` skips the hash lookup. The entry
    // is checked against the kind and the identity of the name constant, which
    // the entry holds a reference to: a later code object cannot reuse that
    // address for another name, so a collision only costs a lookup.
    const NativeObject* m = nullptr;
    if (self->isObj()) {
      MethodCacheEntry& ce = methodIC_[(reinterpret_cast<uintptr_t>(pc) >> 3) % kMethodICSize];
      ObjKind kind = self->asObj()->kind();
      if (ce.method && ce.kind == kind && ce.name.identical(KC)) {
        m = ce.method;
      } else if ((m = findMethod(*self, name)) != nullptr) {
        ce.kind = kind;
        ce.name = KC;
        ce.method = m;
        ce.tensorMethod = nullptr;
      }
    }
    if (m) {
      {  // Note [Computed goto skips destructors]
        std::vector<KwArg> kws;
        if (nkw) {
          auto* names = self[1 + nargs + nkw].as<TupleObject>();
          for (int i = 0; i < nkw; ++i) kws.push_back(KwArg{names->items[static_cast<size_t>(i)].as<StrObject>()->str, self[1 + nargs + i]});
        }
        CallArgs ca{self, static_cast<size_t>(nargs) + 1, kws.data(), kws.size()};
        Value r = m->fn(I, ca, m->data);
        *self = std::move(r);
        kws.clear();
        // Note [Arguments die with the call] (vm.cpp).
        for (int i = 1; i <= nargs + nkw + (nkw ? 1 : 0); ++i) self[i] = Value();
      }
      DISPATCH();
    }
    // Generic: look the attribute up, then call it (no named local: Note
    // [Computed goto skips destructors]).
    *self = getAttr(I, *self, name);
    if (self->isObj(ObjKind::Function)) {
      pushFrame(self->as<FunctionObject>(), self + 1, nargs, nkw, self, false);
      LOADFRAME();
      DISPATCH();
    }
    callNonScript(self, nargs, nkw);
    DISPATCH();
  }
  L_MAKEFUNC: RA = newFunction(f->code->protos[in.bx()], f->fn->globals, &R[in.a + 1], R); DISPATCH();
  L_IMPORT: RA = importModule(K[in.bx()].as<StrObject>()->str); DISPATCH();
  L_ASSERTFAIL: {
    if (in.k) throw Error(ErrorKind::Assertion, "AssertionError: " + str(I, RA));
    throw Error(ErrorKind::Assertion, "AssertionError");
  }
  L_RETURN: {
    bool entry = f->entry;
    {  // clang rejects a computed goto out of the scope of `result` (non-trivial destructor)
      Value result = std::move(RA);
      Value* dst = f->result;
      popFrame();
      *dst = std::move(result);
    }
    if (entry) return;
    LOADFRAME();
    DISPATCH();
  }
  L_DISPLAY: {
    if (!RA.isNone()) {
      GlobalSlot& s = f->fn->globals->slots[in.bx()];
      s.value = RA;
      s.bound = true;
      I.writeStdout(repr(I, RA) + "\n");
    }
    DISPATCH();
  }
  L_RETURNNONE: {
    bool entry = f->entry;
    Value* dst = f->result;
    popFrame();
    *dst = Value();
    if (entry) return;
    LOADFRAME();
    DISPATCH();
  }

  // The object model and exceptions (vm/classes.h, vm/exceptions.cpp).
  L_MAKECLASS: RA = makeClass(I, RA, R[in.a + 1], &R[in.a + 2], in.b); DISPATCH();
  L_RAISE: raiseException(I, RA, in.k, RB, in.k <= 1 && in.c ? &R[in.c - 1] : nullptr);
  L_EXCMATCH: RA = Value::boolean(exceptionMatches(I, RB, RC)); DISPATCH();
  L_TRYENTER: DISPATCH();
  L_WITHENTER: withEnter(I, &RA); DISPATCH();
  L_WITHEXIT: withExit(I, &RA, in.k ? &RB : nullptr); DISPATCH();
  // ---- issue 15 additions (lang2)
  L_YIELD: {
    suspendGenerator(&RA, in.a, static_cast<uint32_t>(pc - f->code->code.data()));
    return;  // a generator frame is always an entry frame (Note [Generator frames])
  }
  L_LISTEXTEND: listExtend(I, RA, RB); DISPATCH();
  L_LISTTOTUPLE: RA = listToTuple(RB); DISPATCH();
  L_CALLEX: {
    POLL();
    Value* callee = &RA;
    int nkw = 0;
    int nargs = spreadCallArgs(callee, nkw);
    if (callee->isObj(ObjKind::Function)) {
      pushFrame(callee->as<FunctionObject>(), callee + 1, nargs, nkw, callee, false);
      LOADFRAME();
      DISPATCH();
    }
    callNonScript(callee, nargs, nkw);
    for (int i = 1; i <= nargs + nkw + 1; ++i) callee[i] = Value();  // may lie above the frame's window
    DISPATCH();
  }
  L_DICTMERGE: dictMerge(I, RA, RB); DISPATCH();
  L_UNPACKEX: unpackStarred(I, R, in.a, RB, in.c, in.k); DISPATCH();
  L_BUILDSET: RA = buildSet(&RB, in.c, in.k != 0); DISPATCH();
  L_SETADD: asSet(RA)->add(RB); DISPATCH();
  L_DELITEM: delItem(I, RA, RB); DISPATCH();
  L_DELGLOBAL: {
    GlobalSlot& s = f->fn->globals->slots[in.bx()];
    if (!s.bound) throw Error(ErrorKind::Name, "name '" + f->fn->globals->names[in.bx()] + "' is not defined");
    s.bound = false;
    s.value = Value();
    DISPATCH();
  }
  L_DELLOCAL: delLocal(RA, K[in.bx()]); DISPATCH();
  L_MOVEOUT: RA = std::move(RB); DISPATCH();  // Note [Dead temporaries] in compiler.cpp

  } catch (Error& e) {
    if (catchInFrames(e, entryDepth)) goto resume;
    try {
      unwind(e, entryDepth);
    } catch (std::bad_alloc&) {  // no memory for the traceback: the error alone
      while (frames_.size() >= entryDepth) popFrame();
    }
    throw;
  } catch (ScriptExit&) {
    while (frames_.size() >= entryDepth) popFrame();
    throw;
  } catch (InternalError&) {
    while (frames_.size() >= entryDepth) popFrame();
    throw;
  } catch (std::exception& cause) {  // Note [Exceptions at the API boundary]
    Error e = errorFromStdException(cause);
    if (catchInFrames(e, entryDepth)) goto resume;
    try {
      unwind(e, entryDepth);
    } catch (std::bad_alloc&) {  // no memory for the traceback: the error alone
      while (frames_.size() >= entryDepth) popFrame();
    }
    throw e;
  }
#undef LOADFRAME
#undef SAVEPC
#undef DISPATCH
#undef RA
#undef RB
#undef RC
#undef KB
#undef KC
#undef POLL
}

}  // namespace tdsl
