// AArch64 NEON kernels from vector programs (a64_codegen.h).
#include "jit/a64_codegen.h"

#include <cstddef>
#include <string>

#include <asmjit/arm/a64compiler.h>

#include "jit/asm_error_recorder.h"
#include "jit/sleef_calls.h"

namespace tdsl::jit {

namespace {

using namespace asmjit;

enum class Mode { Vector, Lane };

// One virtual vector: two 128-bit registers (vector mode) or one register
// whose lane 0 holds the element (lane mode).
struct V {
  a64::Vec r[2];
};

struct Invariants {
  std::vector<V> broadcast;  // per operand (Broadcast layout only)
  std::vector<V> scalars;
  V zero;
};

class A64KernelEmitter {
 public:
  A64KernelEmitter(a64::Compiler& cc, const VectorProgram& p, const std::vector<Layout>& layouts)
      : cc_(cc), p_(p), layouts_(layouts), f64_(p.dtype == DType::Float64) {}

  // False with the reason in `why` for what this lowering does not know.
  bool supported(std::string* why) const {
    if (p_.dtype != DType::Float32 && p_.dtype != DType::Float64) {
      *why = "the a64 lowering takes float32 and float64 programs only";
      return false;
    }
    if (p_.mixed) {  // Note [Mixed dtypes]: the reference path runs the group
      *why = "the a64 lowering takes programs of one dtype only";
      return false;
    }
    for (Layout l : layouts_)
      if (l != Layout::Contiguous && l != Layout::Broadcast && l != Layout::Strided) {
        *why = std::string("the a64 lowering has no layout '") + layoutLetter(l) + "'";
        return false;
      }
    for (const VOp& o : p_.ops)
      if (!known(o.kind)) {
        *why = "the a64 lowering has no vector op " + std::to_string(static_cast<int>(o.kind));
        return false;
      }
    return true;
  }

  void emit() {
    FuncNode* f = cc_.addFunc(FuncSignatureT<void, const KernelArgs*, int64_t, int64_t>());
    args_ = cc_.newIntPtr("args");
    a64::Gp begin = cc_.newGpx("begin"), end = cc_.newGpx("end");
    f->setArg(0, args_);
    f->setArg(1, begin);
    f->setArg(2, end);
    n_ = cc_.newGpx("n");
    Label exit = cc_.newLabel(), lane = cc_.newLabel();
    cc_.subs(n_, end, begin);
    cc_.b_le(exit);
    const int ops = p_.numOperands();
    bool anyStrided = false;
    ptr_.resize(ops);
    stride_.resize(ops);
    for (int k = 0; k < ops; ++k) {
      ptr_[k] = cc_.newIntPtr("p%d", k);
      cc_.ldr(ptr_[k], a64::ptr(args_, static_cast<int32_t>(offsetof(KernelArgs, ptr) + 8 * k)));
      if (layouts_[k] == Layout::Contiguous) {
        const int shift = isBool(k) ? 0 : f64_ ? 3 : 2;
        a64::Gp t = cc_.newGpx("t%d", k);
        cc_.lsl(t, begin, shift);
        cc_.add(ptr_[k], ptr_[k], t);
      } else if (layouts_[k] == Layout::Strided) {
        anyStrided = true;
        stride_[k] = cc_.newGpx("s%d", k);
        cc_.ldr(stride_[k], a64::ptr(args_, static_cast<int32_t>(offsetof(KernelArgs, stride) + 8 * k)));
        a64::Gp t = cc_.newGpx("t%d", k);
        cc_.mul(t, begin, stride_[k]);
        cc_.add(ptr_[k], ptr_[k], t);
      }
    }
    const int lanes = f64_ ? 4 : 8;
    if (!anyStrided) {
      Invariants inv = invariants(Mode::Vector);
      Label loop = cc_.newLabel();
      cc_.cmp(n_, lanes);
      cc_.b_lt(lane);
      cc_.bind(loop);
      body(Mode::Vector, inv);
      for (int k = 0; k < ops; ++k)
        if (layouts_[k] == Layout::Contiguous) cc_.add(ptr_[k], ptr_[k], isBool(k) ? lanes : 32);
      cc_.sub(n_, n_, lanes);
      cc_.cmp(n_, lanes);
      cc_.b_ge(loop);
    }
    cc_.bind(lane);
    cc_.cbz(n_, exit);
    {
      Invariants inv = invariants(Mode::Lane);
      Label loop = cc_.newLabel();
      cc_.bind(loop);
      body(Mode::Lane, inv);
      for (int k = 0; k < ops; ++k) {
        if (layouts_[k] == Layout::Contiguous) cc_.add(ptr_[k], ptr_[k], isBool(k) ? 1 : f64_ ? 8 : 4);
        else if (layouts_[k] == Layout::Strided) cc_.add(ptr_[k], ptr_[k], stride_[k]);
      }
      cc_.subs(n_, n_, 1);
      cc_.b_ne(loop);
    }
    cc_.bind(exit);
    cc_.endFunc();
  }

 private:
  static bool known(VKind k) {
    switch (k) {
      case VKind::Load: case VKind::Scalar: case VKind::Zero: case VKind::Add: case VKind::Sub:
      case VKind::Mul: case VKind::Div: case VKind::Neg: case VKind::Sqrt: case VKind::Max:
      case VKind::Min: case VKind::CmpLt: case VKind::CmpLe: case VKind::CmpEq: case VKind::CmpNe:
      case VKind::Select: case VKind::Call1: case VKind::Call2:
        return true;
      default:
        return false;
    }
  }

  bool isBool(int operand) const { return operand < p_.numOutputs && p_.boolOutput[operand]; }
  static int parts(Mode m) { return m == Mode::Vector ? 2 : 1; }
  a64::Vec newVec() { return cc_.newVec(f64_ ? TypeId::kFloat64x2 : TypeId::kFloat32x4); }
  // The register as 4 x f32 / 2 x f64 lanes (lane mode uses lane 0 of the same form).
  a64::VecV lanes(const a64::Vec& r) const { return f64_ ? r.d2() : r.s4(); }
  a64::Vec element(const a64::Vec& r) const { return f64_ ? a64::Vec(r.d()) : a64::Vec(r.s()); }

  enum class Arith { Add, Sub, Mul, Div };
  V arith(Mode m, Arith op, const V& a, const V& b) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec();
      const a64::VecV x = lanes(d.r[j]), y = lanes(a.r[j]), z = lanes(b.r[j]);
      switch (op) {
        case Arith::Add: cc_.fadd(x, y, z); break;
        case Arith::Sub: cc_.fsub(x, y, z); break;
        case Arith::Mul: cc_.fmul(x, y, z); break;
        case Arith::Div: cc_.fdiv(x, y, z); break;
      }
    }
    return d;
  }
  V unary(Mode m, bool sqrt, const V& a) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec();
      if (sqrt) cc_.fsqrt(lanes(d.r[j]), lanes(a.r[j]));
      else cc_.fneg(lanes(d.r[j]), lanes(a.r[j]));
    }
    return d;
  }
  enum class Cmp { Gt, Ge, Eq, Ne };
  // All-ones lanes where x CMP y (false on NaN, except Ne).
  V compare(Mode m, Cmp c, const V& x, const V& y) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec();
      const a64::VecV r = lanes(d.r[j]), a = lanes(x.r[j]), b = lanes(y.r[j]);
      switch (c) {
        case Cmp::Gt: cc_.fcmgt(r, a, b); break;
        case Cmp::Ge: cc_.fcmge(r, a, b); break;
        case Cmp::Eq: cc_.fcmeq(r, a, b); break;
        case Cmp::Ne:
          cc_.fcmeq(r, a, b);
          cc_.mvn(d.r[j].b16(), d.r[j].b16());
          break;
      }
    }
    return d;
  }
  // mask ? x : y, bit for bit (bsl keeps the mask in the destination).
  V select(Mode m, const V& mask, const V& x, const V& y) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec();
      cc_.mov(d.r[j].b16(), mask.r[j].b16());
      cc_.bsl(d.r[j].b16(), x.r[j].b16(), y.r[j].b16());
    }
    return d;
  }
  // Eager's maxOf/minOf: a NaN in a wins, then one in b (a > b is false),
  // else a > b ? a : b (a < b for min); equal values give b, as eager.
  V minMax(Mode m, bool isMax, const V& a, const V& b) {
    V pick = isMax ? compare(m, Cmp::Gt, a, b) : compare(m, Cmp::Gt, b, a);
    V r = select(m, pick, a, b);
    V ordered = compare(m, Cmp::Eq, a, a);  // a is not NaN
    return select(m, ordered, r, a);
  }

  // MathFn f of a (and b) through SLEEF (Note [SLEEF calls], Note [A64 kernels]).
  V callMath(Mode m, MathFn f, const V& a, const V* b) {
    const SleefWidth w = m == Mode::Lane ? SleefWidth::Lane : SleefWidth::Vec128;
    const TypeId t = m == Mode::Lane ? (f64_ ? TypeId::kFloat64 : TypeId::kFloat32)
                                     : (f64_ ? TypeId::kFloat64x2 : TypeId::kFloat32x4);
    FuncSignatureBuilder sig(CallConvId::kCDecl);
    sig.setRet(t);
    sig.addArg(t);
    if (b) sig.addArg(t);
    V d;
    for (int j = 0; j < parts(m); ++j) {
      a64::Gp target = cc_.newIntPtr("%s", mathFnName(f));
      cc_.mov(target, reinterpret_cast<uint64_t>(sleefEntry(f, f64_, w)));
      d.r[j] = newVec();
      InvokeNode* call = nullptr;
      cc_.invoke(&call, target, sig);
      call->setArg(0, a.r[j]);
      if (b) call->setArg(1, b->r[j]);
      call->setRet(0, d.r[j]);
      // The callee may change x30 (blr writes it): the snapshot's call
      // convention counts it preserved, and a value kept there is lost
      // (test_jit_a64's most-operands case crashes without this). AAPCS64
      // keeps only the low halves of v8-v15; the snapshot already spills
      // 128-bit values across calls, and this says so explicitly.
      CallConv& conv = call->detail()._callConv;
      conv.setPreservedRegs(RegGroup::kGp, conv.preservedRegs(RegGroup::kGp) & ~Support::bitMask(30));
      conv.setPreservedRegs(RegGroup::kVec, 0);
    }
    return d;
  }

  // One element at `base` (+ offset) in every lane (vector mode) or lane 0.
  V broadcastLoad(Mode m, const a64::Gp& base, int32_t offset) {
    V d;
    a64::Vec r = newVec();
    if (m == Mode::Lane) {
      cc_.ldr(element(r), a64::ptr(base, offset));
    } else {
      a64::Gp at = base;
      if (offset) {
        at = cc_.newIntPtr("at");
        cc_.add(at, base, offset);
      }
      cc_.ld1r(lanes(r), a64::ptr(at));
    }
    d.r[0] = d.r[1] = r;
    return d;
  }

  Invariants invariants(Mode m) {
    Invariants inv;
    inv.broadcast.resize(p_.numOperands());
    for (int k = p_.numOutputs; k < p_.numOperands(); ++k)
      if (layouts_[k] == Layout::Broadcast) inv.broadcast[k] = broadcastLoad(m, ptr_[k], 0);
    for (size_t j = 0; j < p_.scalars.size(); ++j)
      inv.scalars.push_back(broadcastLoad(m, args_, static_cast<int32_t>(offsetof(KernelArgs, scalars) + 8 * j)));
    bool needZero = false;
    for (const VOp& o : p_.ops) needZero = needZero || o.kind == VKind::Zero;
    if (needZero) {
      // +0.0 in every lane from a zeroed general register (no fmov immediate).
      a64::Vec z = newVec();
      a64::Gp g = cc_.newGpx("zero");
      cc_.mov(g, 0);
      if (f64_) cc_.dup(z.d2(), g);
      else cc_.dup(z.s4(), g.w());
      inv.zero.r[0] = inv.zero.r[1] = z;
    }
    return inv;
  }

  V load(Mode m, int k) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec();
      if (m == Mode::Lane) cc_.ldr(element(d.r[j]), a64::ptr(ptr_[k]));
      else cc_.ldr(d.r[j].q(), a64::ptr(ptr_[k], 16 * j));
    }
    return d;
  }
  void store(Mode m, int k, const V& v) {
    for (int j = 0; j < parts(m); ++j) {
      if (m == Mode::Lane) cc_.str(element(v.r[j]), a64::ptr(ptr_[k]));
      else cc_.str(v.r[j].q(), a64::ptr(ptr_[k], 16 * j));
    }
  }

  // A lane mask as bool bytes (1 / 0): each lane shifted down to its low
  // bit, then narrowed to one byte per lane.
  void storeMask(Mode m, int k, const V& v) {
    a64::Vec lo = newVec();
    if (f64_) cc_.ushr(lo.d2(), v.r[0].d2(), 63);
    else cc_.ushr(lo.s4(), v.r[0].s4(), 31);
    if (m == Mode::Lane) {
      cc_.str(lo.b(), a64::ptr(ptr_[k]));
      return;
    }
    a64::Vec hi = newVec(), u = newVec();
    if (f64_) {
      cc_.ushr(hi.d2(), v.r[1].d2(), 63);
      cc_.uzp1(u.s4(), lo.s4(), hi.s4());  // 4 words
      cc_.xtn(u.h4(), u.s4());
      cc_.xtn(u.b8(), u.h8());
      cc_.str(u.s(), a64::ptr(ptr_[k]));  // 4 bytes
    } else {
      cc_.ushr(hi.s4(), v.r[1].s4(), 31);
      cc_.uzp1(u.h8(), lo.h8(), hi.h8());  // 8 halfwords
      cc_.xtn(u.b8(), u.h8());
      cc_.str(u.d(), a64::ptr(ptr_[k]));  // 8 bytes
    }
  }

  void body(Mode m, const Invariants& inv) {
    std::vector<V> val(p_.ops.size());
    for (size_t i = 0; i < p_.ops.size(); ++i) {
      const VOp& o = p_.ops[i];
      switch (o.kind) {
        case VKind::Load:
          val[i] = layouts_[o.index] == Layout::Broadcast ? inv.broadcast[o.index] : load(m, o.index);
          break;
        case VKind::Scalar: val[i] = inv.scalars[o.index]; break;
        case VKind::Zero: val[i] = inv.zero; break;
        case VKind::Add: val[i] = arith(m, Arith::Add, val[o.a], val[o.b]); break;
        case VKind::Sub: val[i] = arith(m, Arith::Sub, val[o.a], val[o.b]); break;
        case VKind::Mul: val[i] = arith(m, Arith::Mul, val[o.a], val[o.b]); break;
        case VKind::Div: val[i] = arith(m, Arith::Div, val[o.a], val[o.b]); break;
        case VKind::Neg: val[i] = unary(m, false, val[o.a]); break;
        case VKind::Sqrt: val[i] = unary(m, true, val[o.a]); break;
        case VKind::Max: val[i] = minMax(m, true, val[o.a], val[o.b]); break;
        case VKind::Min: val[i] = minMax(m, false, val[o.a], val[o.b]); break;
        case VKind::CmpLt: val[i] = compare(m, Cmp::Gt, val[o.b], val[o.a]); break;
        case VKind::CmpLe: val[i] = compare(m, Cmp::Ge, val[o.b], val[o.a]); break;
        case VKind::CmpEq: val[i] = compare(m, Cmp::Eq, val[o.a], val[o.b]); break;
        case VKind::CmpNe: val[i] = compare(m, Cmp::Ne, val[o.a], val[o.b]); break;
        case VKind::Select: val[i] = select(m, val[o.a], val[o.b], val[o.c]); break;
        case VKind::Call1: val[i] = callMath(m, static_cast<MathFn>(o.index), val[o.a], nullptr); break;
        case VKind::Call2: val[i] = callMath(m, static_cast<MathFn>(o.index), val[o.a], &val[o.b]); break;
        default: break;  // refused by supported()
      }
    }
    for (int k = 0; k < p_.numOutputs; ++k) {
      if (p_.boolOutput[k]) storeMask(m, k, val[p_.outputs[k]]);
      else store(m, k, val[p_.outputs[k]]);
    }
  }

  a64::Compiler& cc_;
  const VectorProgram& p_;
  const std::vector<Layout>& layouts_;
  const bool f64_;
  a64::Gp args_, n_;
  std::vector<a64::Gp> ptr_, stride_;
};

}  // namespace

CodegenResult compileA64Kernel(JitRuntime* rt, const VectorProgram& program, const std::vector<Layout>& layouts,
                               bool wantAssembly) {
  CodegenResult result;
  if (static_cast<int>(layouts.size()) != program.numOperands()) {
    result.error = "layout count differs from the operand count";
    return result;
  }
  const bool place = rt && rt->environment().arch() == Arch::kAArch64;
  Environment env = place ? rt->environment() : Environment(Arch::kAArch64);
  CodeHolder code;
  AsmErrorRecorder errors;
  StringLogger logger;
  code.init(env);
  code.setErrorHandler(&errors);
  if (wantAssembly) code.setLogger(&logger);
  a64::Compiler cc(&code);
  cc.addDiagnosticOptions(DiagnosticOptions::kValidateAssembler | DiagnosticOptions::kValidateIntermediate);
  A64KernelEmitter emitter(cc, program, layouts);
  if (!emitter.supported(&result.error)) return result;
  emitter.emit();
  Error err = errors.error == kErrorOk ? cc.finalize() : errors.error;
  if (err == kErrorOk && errors.error != kErrorOk) err = errors.error;
  if (err != kErrorOk) {
    result.error = "codegen failed: " + (errors.text.empty() ? std::string(DebugUtils::errorAsString(err)) : errors.text);
    return result;
  }
  if (wantAssembly) result.assembly = logger.data();
  if (!place) {
    if (rt) result.error = "NEON kernels run only on AArch64";
    return result;
  }
  KernelFn fn = nullptr;
  err = rt->add(&fn, &code);
  if (err != kErrorOk) {
    result.error = std::string("cannot place the kernel: ") + DebugUtils::errorAsString(err);
    return result;
  }
  result.fn = fn;
  return result;
}

}  // namespace tdsl::jit
