// x86-64 kernels from vector programs (x86_codegen.h).
#include "jit/x86_codegen.h"

#include <cstddef>

#include "jit/asm_error_recorder.h"
#include "jit/sleef_calls.h"

namespace tdsl::jit {

char layoutLetter(Layout l) {
  switch (l) {
    case Layout::Contiguous: return 'c';
    case Layout::Broadcast: return 'b';
    case Layout::Strided: return 's';
    case Layout::Indexed: return 'i';
  }
  return '?';
}

namespace {

using namespace asmjit;
namespace Inst = x86::Inst;

enum class Mode { Vector, Lane };

// One virtual vector: one register (AVX2, or any lane-mode value) or two
// XMM halves (SSE2 vector mode).
struct V {
  x86::Vec r[2];
};

struct Invariants {
  std::vector<V> broadcast;  // per operand (Broadcast layout only; not in mixed programs' one-lane loop)
  std::vector<V> scalars;
  V zero, sign;
  V sign64;  // mixed programs: float64's sign bit (sign is float32's)
};

constexpr int32_t kPredEq = 0;     // EQ_OQ: false on NaN
constexpr int32_t kPredLt = 1;     // LT_OS: false on NaN
constexpr int32_t kPredLe = 2;     // LE_OS: false on NaN
constexpr int32_t kPredNe = 4;     // NEQ_UQ: true on NaN (C's !=)
constexpr int32_t kPredUnord = 3;  // either is NaN

class KernelEmitter {
 public:
  KernelEmitter(x86::Compiler& cc, const VectorProgram& p, const std::vector<Layout>& layouts, IsaTier tier)
      : cc_(cc), p_(p), layouts_(layouts), avx_(tier == IsaTier::Avx2), f64_(p.dtype == DType::Float64) {}

  // Note [Mixed dtypes]: mixed programs run the one-lane loop only.
  bool supported(std::string* why) const {
    if (!p_.mixed) return true;
    for (DType d : p_.operandDType)
      if (d != DType::Float32 && d != DType::Float64 && d != DType::Int64 && d != DType::Int32 && d != DType::Bool) {
        *why = "the x86 lowering has no operand dtype " + std::string(ir::dtypeShortName(d));
        return false;
      }
    return true;
  }

  void emit() {
    FuncNode* f = cc_.addFunc(FuncSignatureT<void, const KernelArgs*, int64_t, int64_t>());
    if (avx_) {
      f->frame().setAvxEnabled();
      f->frame().setAvxCleanup();
    }
    args_ = cc_.newIntPtr("args");
    x86::Gp begin = cc_.newInt64("begin"), end = cc_.newInt64("end");
    f->setArg(0, args_);
    f->setArg(1, begin);
    f->setArg(2, end);
    x86::Gp n = cc_.newInt64("n");
    Label exit = cc_.newLabel(), lane = cc_.newLabel();
    cc_.mov(n, end);
    cc_.sub(n, begin);
    cc_.jle(exit);
    const int ops = p_.numOperands();
    // Note [Indexed access], Note [Mixed dtypes]: one lane at a time.
    bool anyStrided = p_.hasIndexedAccess() || (p_.mixed && !vectorMixed());
    ptr_.resize(ops);
    stride_.resize(ops);
    for (int k = 0; k < ops; ++k) {
      ptr_[k] = cc_.newIntPtr("p%d", k);
      cc_.mov(ptr_[k], x86::qword_ptr(args_, static_cast<int32_t>(offsetof(KernelArgs, ptr) + 8 * k)));
      if (layouts_[k] == Layout::Contiguous) {
        cc_.lea(ptr_[k], x86::ptr(ptr_[k], begin, elementShift(k)));
      } else if (layouts_[k] == Layout::Indexed) {
        stride_[k] = cc_.newInt64("s%d", k);
        cc_.mov(stride_[k], x86::qword_ptr(args_, static_cast<int32_t>(offsetof(KernelArgs, stride) + 8 * k)));
      } else if (layouts_[k] == Layout::Strided) {
        anyStrided = true;
        stride_[k] = cc_.newInt64("s%d", k);
        cc_.mov(stride_[k], x86::qword_ptr(args_, static_cast<int32_t>(offsetof(KernelArgs, stride) + 8 * k)));
        x86::Gp t = cc_.newInt64("t%d", k);
        cc_.mov(t, begin);
        cc_.imul(t, stride_[k]);
        cc_.add(ptr_[k], t);
      }
    }
    const int lanes = f64_ ? 4 : 8;
    if (!anyStrided) {
      Invariants inv = invariants(Mode::Vector);
      Label loop = cc_.newLabel();
      cc_.cmp(n, lanes);
      cc_.jl(lane);
      cc_.bind(loop);
      body(Mode::Vector, inv);
      for (int k = 0; k < ops; ++k)
        if (layouts_[k] == Layout::Contiguous) cc_.add(ptr_[k], lanes << elementShift(k));
      cc_.sub(n, lanes);
      cc_.cmp(n, lanes);
      cc_.jge(loop);
    }
    cc_.bind(lane);
    cc_.test(n, n);
    cc_.jz(exit);
    {
      Invariants inv = invariants(Mode::Lane);
      Label loop = cc_.newLabel();
      cc_.bind(loop);
      body(Mode::Lane, inv);
      for (int k = 0; k < ops; ++k) {
        if (layouts_[k] == Layout::Contiguous) cc_.add(ptr_[k], 1 << elementShift(k));
        else if (layouts_[k] == Layout::Strided) cc_.add(ptr_[k], stride_[k]);
      }
      cc_.dec(n);
      cc_.jnz(loop);
    }
    cc_.bind(exit);
    cc_.endFunc();
  }

 private:
  bool isBool(int operand) const { return operand < p_.numOutputs && p_.boolOutput[operand]; }
  // log2 of operand k's element size.
  uint32_t elementShift(int k) const {
    switch (itemSize(p_.operandDType[k])) {
      case 1: return 0;
      case 4: return 2;
      default: return 3;
    }
  }
  // Note [Indexed access]: data operand k's element at the lane's index
  // (read from index operand j).
  x86::Mem indexedElement(int k, int j) {
    x86::Gp at = cc_.newInt64("at%d", k);
    cc_.mov(at, x86::qword_ptr(ptr_[j]));
    cc_.imul(at, stride_[k]);
    return f64_ ? x86::qword_ptr(ptr_[k], at) : x86::dword_ptr(ptr_[k], at);
  }
  int parts(Mode m) const { return m == Mode::Vector && !avx_ ? 2 : 1; }
  x86::Vec newVec(Mode m) {
    if (m == Mode::Vector && avx_) return f64_ ? cc_.newYmmPd() : cc_.newYmmPs();
    return f64_ ? cc_.newXmmPd() : cc_.newXmmPs();
  }
  InstId pick(InstId ssePs, InstId ssePd, InstId avxPs, InstId avxPd) const {
    return avx_ ? (f64_ ? avxPd : avxPs) : (f64_ ? ssePd : ssePs);
  }
  x86::Mem element(const x86::Gp& base, int32_t disp, Mode m) const {
    if (m == Mode::Lane) return f64_ ? x86::qword_ptr(base, disp) : x86::dword_ptr(base, disp);
    return avx_ ? x86::ymmword_ptr(base, disp) : x86::xmmword_ptr(base, disp);
  }

  // d = a OP b (SSE: d = a; d OP= b).
  V binary(Mode m, InstId ssePs, InstId ssePd, InstId avxPs, InstId avxPd, const V& a, const V& b) {
    V d;
    const InstId id = pick(ssePs, ssePd, avxPs, avxPd);
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec(m);
      if (avx_) {
        cc_.emit(id, d.r[j], a.r[j], b.r[j]);
      } else {
        cc_.emit(Inst::kIdMovaps, d.r[j], a.r[j]);
        cc_.emit(id, d.r[j], b.r[j]);
      }
    }
    return d;
  }
  V compare(Mode m, int32_t pred, const V& a, const V& b) {
    V d;
    const InstId id = pick(Inst::kIdCmpps, Inst::kIdCmppd, Inst::kIdVcmpps, Inst::kIdVcmppd);
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec(m);
      if (avx_) {
        cc_.emit(id, d.r[j], a.r[j], b.r[j], Imm(pred));
      } else {
        cc_.emit(Inst::kIdMovaps, d.r[j], a.r[j]);
        cc_.emit(id, d.r[j], b.r[j], Imm(pred));
      }
    }
    return d;
  }
  // mask ? x : y, bit for bit (the mask lanes are all ones or all zeros).
  V select(Mode m, const V& mask, const V& x, const V& y) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec(m);
      if (avx_) {
        cc_.emit(f64_ ? Inst::kIdVblendvpd : Inst::kIdVblendvps, d.r[j], y.r[j], x.r[j], mask.r[j]);
      } else {
        x86::Vec t = newVec(m);
        cc_.emit(Inst::kIdMovaps, d.r[j], mask.r[j]);
        cc_.emit(Inst::kIdAndps, d.r[j], x.r[j]);
        cc_.emit(Inst::kIdMovaps, t, mask.r[j]);
        cc_.emit(Inst::kIdAndnps, t, y.r[j]);
        cc_.emit(Inst::kIdOrps, d.r[j], t);
      }
    }
    return d;
  }
  // Eager's maxOf/minOf: a NaN in a wins, then one in b, else max/minps
  // (which return b on NaN and on equal values: a > b ? a : b).
  V minMax(Mode m, bool isMax, const V& a, const V& b) {
    V r = isMax ? binary(m, Inst::kIdMaxps, Inst::kIdMaxpd, Inst::kIdVmaxps, Inst::kIdVmaxpd, a, b)
                : binary(m, Inst::kIdMinps, Inst::kIdMinpd, Inst::kIdVminps, Inst::kIdVminpd, a, b);
    V nan = compare(m, kPredUnord, a, a);
    return select(m, nan, a, r);
  }

  // MathFn f of a (and b) through SLEEF (Note [SLEEF calls]): one call per
  // register of the virtual vector.
  V callMath(Mode m, MathFn f, const V& a, const V* b) {
    const SleefWidth w = m == Mode::Lane ? SleefWidth::Lane : avx_ ? SleefWidth::Vec256 : SleefWidth::Vec128;
    const TypeId t = m == Mode::Lane ? (f64_ ? TypeId::kFloat64 : TypeId::kFloat32)
                     : avx_          ? (f64_ ? TypeId::kFloat64x4 : TypeId::kFloat32x8)
                                     : (f64_ ? TypeId::kFloat64x2 : TypeId::kFloat32x4);
    FuncSignatureBuilder sig(CallConvId::kCDecl);
    sig.setRet(t);
    sig.addArg(t);
    if (b) sig.addArg(t);
    V d;
    for (int j = 0; j < parts(m); ++j) {
      x86::Gp target = cc_.newIntPtr("%s", mathFnName(f));
      cc_.mov(target, reinterpret_cast<uint64_t>(sleefEntry(f, f64_, w)));
      d.r[j] = newVec(m);
      InvokeNode* call = nullptr;
      cc_.invoke(&call, target, sig);
      call->setArg(0, a.r[j]);
      if (b) call->setArg(1, b->r[j]);
      call->setRet(0, d.r[j]);
    }
    return d;
  }

  V broadcastLoad(Mode m, const x86::Mem& scalarMem) {
    V d;
    x86::Vec r = newVec(m);
    if (m == Mode::Lane) {
      cc_.emit(avx_ ? (f64_ ? Inst::kIdVmovsd : Inst::kIdVmovss) : (f64_ ? Inst::kIdMovsd : Inst::kIdMovss), r, scalarMem);
    } else if (avx_) {
      cc_.emit(f64_ ? Inst::kIdVbroadcastsd : Inst::kIdVbroadcastss, r, scalarMem);
    } else {
      cc_.emit(f64_ ? Inst::kIdMovsd : Inst::kIdMovss, r, scalarMem);
      if (f64_) cc_.emit(Inst::kIdUnpcklpd, r, r);
      else cc_.emit(Inst::kIdShufps, r, r, Imm(0));
    }
    d.r[0] = d.r[1] = r;
    return d;
  }

  Invariants invariants(Mode m) {
    if (p_.mixed && m == Mode::Lane) f64_ = false;  // sign: float32's (sign64 is float64's)
    Invariants inv;
    inv.broadcast.resize(p_.numOperands());
    for (int k = p_.numOutputs; k < p_.numOperands() && !(p_.mixed && m == Mode::Lane); ++k)
      if (layouts_[k] == Layout::Broadcast)
        inv.broadcast[k] = broadcastLoad(m, f64_ ? x86::qword_ptr(ptr_[k]) : x86::dword_ptr(ptr_[k]));
    const bool lanesF64 = f64_;
    for (size_t j = 0; j < p_.scalars.size(); ++j) {
      int32_t off = static_cast<int32_t>(offsetof(KernelArgs, scalars) + 8 * j);
      if (p_.mixed) f64_ = p_.scalars[j].dtype == DType::Float64;
      inv.scalars.push_back(broadcastLoad(m, f64_ ? x86::qword_ptr(args_, off) : x86::dword_ptr(args_, off)));
    }
    f64_ = lanesF64;
    bool needZero = false, needSign = false;
    for (const VOp& o : p_.ops) {
      needZero = needZero || o.kind == VKind::Zero;
      needSign = needSign || o.kind == VKind::Neg;
    }
    x86::Vec z = newVec(m), s = newVec(m);
    if (needZero) {
      if (avx_) cc_.emit(Inst::kIdVxorps, z, z, z);
      else cc_.emit(Inst::kIdXorps, z, z);
      inv.zero.r[0] = inv.zero.r[1] = z;
    }
    if (needSign) {
      // All ones, shifted: 0x80000000 per float, 0x8000000000000000 per double.
      if (avx_) {
        cc_.emit(Inst::kIdVxorps, s, s, s);
        cc_.emit(Inst::kIdVpcmpeqd, s, s, s);
        cc_.emit(f64_ ? Inst::kIdVpsllq : Inst::kIdVpslld, s, s, Imm(f64_ ? 63 : 31));
      } else {
        cc_.emit(Inst::kIdXorps, s, s);
        cc_.emit(Inst::kIdPcmpeqd, s, s);
        cc_.emit(f64_ ? Inst::kIdPsllq : Inst::kIdPslld, s, Imm(f64_ ? 63 : 31));
      }
      inv.sign.r[0] = inv.sign.r[1] = s;
      if (p_.mixed && m == Mode::Lane) {
        // Both widths: the float32 mask above (f64_ false) and float64's.
        x86::Vec s64 = newVec(m);
        if (avx_) {
          cc_.emit(Inst::kIdVxorps, s64, s64, s64);
          cc_.emit(Inst::kIdVpcmpeqd, s64, s64, s64);
          cc_.emit(Inst::kIdVpsllq, s64, s64, Imm(63));
        } else {
          cc_.emit(Inst::kIdXorps, s64, s64);
          cc_.emit(Inst::kIdPcmpeqd, s64, s64);
          cc_.emit(Inst::kIdPsllq, s64, Imm(63));
        }
        inv.sign64.r[0] = inv.sign64.r[1] = s64;
      }
    }
    return inv;
  }

  V load(Mode m, int k) {
    V d;
    const InstId id = m == Mode::Lane ? (avx_ ? (f64_ ? Inst::kIdVmovsd : Inst::kIdVmovss) : (f64_ ? Inst::kIdMovsd : Inst::kIdMovss))
                                      : (avx_ ? Inst::kIdVmovups : Inst::kIdMovups);
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec(m);
      cc_.emit(id, d.r[j], element(ptr_[k], 16 * j, m));
    }
    return d;
  }
  InstId laneMove() const {
    return avx_ ? (f64_ ? Inst::kIdVmovsd : Inst::kIdVmovss) : (f64_ ? Inst::kIdMovsd : Inst::kIdMovss);
  }
  void store(Mode m, int k, const V& v) {
    const InstId id = m == Mode::Lane ? (avx_ ? (f64_ ? Inst::kIdVmovsd : Inst::kIdVmovss) : (f64_ ? Inst::kIdMovsd : Inst::kIdMovss))
                                      : (avx_ ? Inst::kIdVmovups : Inst::kIdMovups);
    for (int j = 0; j < parts(m); ++j) cc_.emit(id, element(ptr_[k], 16 * j, m), v.r[j]);
  }

  // A lane mask as bool bytes (1 / 0): the sign bits, one byte per lane.
  void storeMask(Mode m, int k, const V& v) {
    const InstId id = avx_ ? (f64_ ? Inst::kIdVmovmskpd : Inst::kIdVmovmskps) : (f64_ ? Inst::kIdMovmskpd : Inst::kIdMovmskps);
    x86::Gp bits = cc_.newInt32("bits");
    cc_.emit(id, bits, v.r[0]);
    if (parts(m) == 2) {
      x86::Gp hi = cc_.newInt32("hi");
      cc_.emit(id, hi, v.r[1]);
      cc_.shl(hi, f64_ ? 2 : 4);
      cc_.or_(bits, hi);
    }
    const int n = m == Mode::Lane ? 1 : f64_ ? 4 : 8;
    for (int i = 0; i < n; ++i) {
      x86::Gp t = cc_.newInt32("b%d", i);
      cc_.mov(t, bits);
      if (i) cc_.shr(t, i);
      cc_.and_(t, 1);
      cc_.mov(x86::byte_ptr(ptr_[k], i), t.r8());
    }
  }

  void body(Mode m, const Invariants& inv) {
    if (p_.mixed && m == Mode::Lane) return mixedBody(inv);
    std::vector<V> val(p_.ops.size());
    for (size_t i = 0; i < p_.ops.size(); ++i) {
      const VOp& o = p_.ops[i];
      switch (o.kind) {
        case VKind::Load:
          if (p_.operandDType[o.index] == DType::Bool) val[i] = loadMask(o.index);
          else val[i] = layouts_[o.index] == Layout::Broadcast ? inv.broadcast[o.index] : load(m, o.index);
          break;
        case VKind::Scalar: val[i] = inv.scalars[o.index]; break;
        case VKind::Zero: val[i] = inv.zero; break;
        case VKind::Add:
          val[i] = binary(m, Inst::kIdAddps, Inst::kIdAddpd, Inst::kIdVaddps, Inst::kIdVaddpd, val[o.a], val[o.b]);
          break;
        case VKind::Sub:
          val[i] = binary(m, Inst::kIdSubps, Inst::kIdSubpd, Inst::kIdVsubps, Inst::kIdVsubpd, val[o.a], val[o.b]);
          break;
        case VKind::Mul:
          val[i] = binary(m, Inst::kIdMulps, Inst::kIdMulpd, Inst::kIdVmulps, Inst::kIdVmulpd, val[o.a], val[o.b]);
          break;
        case VKind::Div:
          val[i] = binary(m, Inst::kIdDivps, Inst::kIdDivpd, Inst::kIdVdivps, Inst::kIdVdivpd, val[o.a], val[o.b]);
          break;
        case VKind::Neg:
          val[i] = binary(m, Inst::kIdXorps, Inst::kIdXorpd, Inst::kIdVxorps, Inst::kIdVxorpd, val[o.a], inv.sign);
          break;
        case VKind::Sqrt: {
          const InstId id = pick(Inst::kIdSqrtps, Inst::kIdSqrtpd, Inst::kIdVsqrtps, Inst::kIdVsqrtpd);
          for (int j = 0; j < parts(m); ++j) {
            val[i].r[j] = newVec(m);
            cc_.emit(id, val[i].r[j], val[o.a].r[j]);
          }
          break;
        }
        case VKind::Max: val[i] = minMax(m, true, val[o.a], val[o.b]); break;
        case VKind::Min: val[i] = minMax(m, false, val[o.a], val[o.b]); break;
        case VKind::CmpLt: val[i] = compare(m, kPredLt, val[o.a], val[o.b]); break;
        case VKind::CmpLe: val[i] = compare(m, kPredLe, val[o.a], val[o.b]); break;
        case VKind::CmpEq: val[i] = compare(m, kPredEq, val[o.a], val[o.b]); break;
        case VKind::CmpNe: val[i] = compare(m, kPredNe, val[o.a], val[o.b]); break;
        case VKind::Select: val[i] = select(m, val[o.a], val[o.b], val[o.c]); break;
        case VKind::Call1: val[i] = callMath(m, static_cast<MathFn>(o.index), val[o.a], nullptr); break;
        case VKind::Call2: val[i] = callMath(m, static_cast<MathFn>(o.index), val[o.a], &val[o.b]); break;
        case VKind::Gather: {
          val[i].r[0] = val[i].r[1] = newVec(m);
          cc_.emit(laneMove(), val[i].r[0], indexedElement(o.index, o.indexOperand));
          break;
        }
        case VKind::Cvt: val[i] = vectorConvert(val[o.a], p_.ops[o.a].dtype, o.dtype); break;  // vectorMixed()
      }
    }
    for (int k = 0; k < p_.numOutputs; ++k) {
      if (p_.scatterIndex[k] >= 0) cc_.emit(laneMove(), indexedElement(k, p_.scatterIndex[k]), val[p_.outputs[k]].r[0]);
      else if (p_.boolOutput[k]) storeMask(m, k, val[p_.outputs[k]]);
      else store(m, k, val[p_.outputs[k]]);
    }
  }

  // Note [Mixed dtypes], whole vectors: a mixed program whose float values
  // all have the lanes' width runs the vector loop when its other operands
  // are contiguous or strided bool (a byte per lane) or, for float32 lanes,
  // int32 (a lane's 4 bytes), and its casts are bool <-> float (masks) or
  // int32 <-> float32 (cvtdq2ps, cvttps2dq: the minimum for NaN and out of
  // range, like cvttss2si). Each lane is bit for bit the one-lane code's.
  bool vectorMixed() const {
    if (!p_.mixed || p_.hasIndexedAccess()) return false;
    const DType d = p_.dtype;
    auto fits = [&](DType t) { return t == d || t == DType::Bool || (t == DType::Int32 && d == DType::Float32); };
    for (int k = 0; k < p_.numOperands(); ++k)
      if (!fits(p_.operandDType[k]) || (p_.operandDType[k] != d && layouts_[k] == Layout::Broadcast)) return false;
    for (const VOp& o : p_.ops) {
      if (o.kind == VKind::Load) continue;
      if (!fits(o.dtype)) return false;
      if (o.kind == VKind::Cvt && !(p_.ops[o.a].dtype == d || o.dtype == d)) return false;  // int32 <-> bool
    }
    return true;
  }
  // 1.0 in every lane without a constant: all ones shifted (0x3f800000,
  // 0x3ff0000000000000).
  V ones(Mode m) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      x86::Vec r = newVec(m);
      if (avx_) {
        cc_.emit(Inst::kIdVxorps, r, r, r);  // defined before its first read
        cc_.emit(Inst::kIdVpcmpeqd, r, r, r);
        cc_.emit(f64_ ? Inst::kIdVpsrlq : Inst::kIdVpsrld, r, r, Imm(f64_ ? 54 : 25));
        cc_.emit(f64_ ? Inst::kIdVpsllq : Inst::kIdVpslld, r, r, Imm(f64_ ? 52 : 23));
      } else {
        cc_.emit(Inst::kIdXorps, r, r);
        cc_.emit(Inst::kIdPcmpeqd, r, r);
        cc_.emit(f64_ ? Inst::kIdPsrlq : Inst::kIdPsrld, r, Imm(f64_ ? 54 : 25));
        cc_.emit(f64_ ? Inst::kIdPsllq : Inst::kIdPslld, r, Imm(f64_ ? 52 : 23));
      }
      d.r[j] = r;
    }
    if (parts(m) == 1) d.r[1] = d.r[0];
    return d;
  }
  // A vector of bool bytes as lane masks (all ones where the byte is not 0).
  V loadMask(int k) {
    const Mode m = Mode::Vector;
    V d;
    for (int j = 0; j < parts(m); ++j) {
      x86::Vec r = newVec(m), z = newVec(m), all = newVec(m);
      if (avx_) {
        cc_.emit(f64_ ? Inst::kIdVpmovzxbq : Inst::kIdVpmovzxbd, r,
                 f64_ ? x86::dword_ptr(ptr_[k]) : x86::qword_ptr(ptr_[k]));
        cc_.emit(Inst::kIdVpxor, z, z, z);
        cc_.emit(f64_ ? Inst::kIdVpcmpeqq : Inst::kIdVpcmpeqd, r, r, z);
        cc_.emit(Inst::kIdVpxor, all, all, all);
        cc_.emit(Inst::kIdVpcmpeqd, all, all, all);
        cc_.emit(Inst::kIdVpxor, r, r, all);
      } else {
        cc_.emit(Inst::kIdPxor, z, z);
        if (f64_) {
          x86::Gp g = cc_.newInt32("w");
          cc_.movzx(g, x86::word_ptr(ptr_[k], 2 * j));
          cc_.emit(Inst::kIdMovd, r, g);
        } else {
          cc_.emit(Inst::kIdMovd, r, x86::dword_ptr(ptr_[k], 4 * j));
        }
        cc_.emit(Inst::kIdPunpcklbw, r, z);
        cc_.emit(Inst::kIdPunpcklwd, r, z);
        if (f64_) cc_.emit(Inst::kIdPunpckldq, r, z);
        cc_.emit(Inst::kIdPcmpeqd, r, z);
        if (f64_) cc_.emit(Inst::kIdPshufd, r, r, Imm(0xA0));  // each qword: its low dword's test
        cc_.emit(Inst::kIdPxor, all, all);
        cc_.emit(Inst::kIdPcmpeqd, all, all);
        cc_.emit(Inst::kIdPxor, r, all);
      }
      d.r[j] = r;
    }
    if (parts(m) == 1) d.r[1] = d.r[0];
    return d;
  }
  V vectorConvert(const V& x, DType from, DType to) {
    const Mode m = Mode::Vector;
    if (from == DType::Bool) {  // mask -> 1.0 / 0.0
      V one = ones(m);
      return binary(m, Inst::kIdAndps, Inst::kIdAndpd, Inst::kIdVandps, Inst::kIdVandpd, x, one);
    }
    if (to == DType::Bool) {  // x != 0, true on NaN
      V z;
      for (int j = 0; j < parts(m); ++j) {
        z.r[j] = newVec(m);
        if (avx_) cc_.emit(Inst::kIdVxorps, z.r[j], z.r[j], z.r[j]);
        else cc_.emit(Inst::kIdXorps, z.r[j], z.r[j]);
      }
      if (parts(m) == 1) z.r[1] = z.r[0];
      return compare(m, kPredNe, x, z);
    }
    V d;  // int32 <-> float32
    const InstId id = from == DType::Int32 ? sseOrAvx(Inst::kIdCvtdq2ps, Inst::kIdVcvtdq2ps)
                                           : sseOrAvx(Inst::kIdCvttps2dq, Inst::kIdVcvttps2dq);
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec(m);
      cc_.emit(id, d.r[j], x.r[j]);
    }
    if (parts(m) == 1) d.r[1] = d.r[0];
    return d;
  }

  // Note [Mixed dtypes], one lane in the low element of an XMM register: a
  // float32 / int32 in its low 4 bytes, a float64 / int64 in its low 8; a
  // bool is a mask whose low 4 bytes are all ones or all zeros (comparisons
  // of float64 and bool loads fill 8). A float64 select widens its mask
  // (pshufd of the low dword); movmskps reads any mask's lane 0.
  InstId sseOrAvx(InstId sse, InstId avx) const { return avx_ ? avx : sse; }
  static bool isFloat(DType d) { return d == DType::Float32 || d == DType::Float64; }
  x86::Mem laneMem(int k, DType d) const {
    switch (itemSize(d)) {
      case 1: return x86::byte_ptr(ptr_[k]);
      case 4: return x86::dword_ptr(ptr_[k]);
      default: return x86::qword_ptr(ptr_[k]);
    }
  }
  x86::Vec newLane() { return cc_.newXmmPd(); }
  // A mask (all ones when gp != 0) from a 64-bit register.
  x86::Vec maskOf(const x86::Gp& g) {
    cc_.neg(g);      // CF = (g != 0)
    cc_.sbb(g, g);   // -1 or 0
    x86::Vec v = newLane();
    cc_.emit(sseOrAvx(Inst::kIdMovq, Inst::kIdVmovq), v, g);
    return v;
  }
  // 1 / 0 from a mask.
  x86::Gp bitOf(const x86::Vec& mask) {
    x86::Gp g = cc_.newInt64("bit");
    cc_.emit(sseOrAvx(Inst::kIdMovmskps, Inst::kIdVmovmskps), g.r32(), mask);
    cc_.and_(g.r32(), 1);
    return g;
  }
  x86::Gp intOf(const x86::Vec& v, DType d) {
    x86::Gp g = cc_.newInt64("i");
    if (d == DType::Int64) cc_.emit(sseOrAvx(Inst::kIdMovq, Inst::kIdVmovq), g, v);
    else cc_.emit(sseOrAvx(Inst::kIdMovd, Inst::kIdVmovd), g.r32(), v);  // zero-extended
    return g;
  }
  x86::Vec floatOfInt(const x86::Gp& g, bool is64, DType to) {
    x86::Vec v = newLane();
    const bool d = to == DType::Float64;
    const x86::Gp src = is64 ? x86::Gp(g.r64()) : x86::Gp(g.r32());
    if (avx_) {
      cc_.emit(Inst::kIdVxorps, v, v, v);
      cc_.emit(d ? Inst::kIdVcvtsi2sd : Inst::kIdVcvtsi2ss, v, v, src);
    } else {
      cc_.emit(Inst::kIdXorps, v, v);
      cc_.emit(d ? Inst::kIdCvtsi2sd : Inst::kIdCvtsi2ss, v, src);
    }
    return v;
  }
  x86::Vec convert(const x86::Vec& x, DType from, DType to) {
    if (isFloat(from) && isFloat(to)) {
      x86::Vec v = newLane();
      const InstId id = from == DType::Float32 ? sseOrAvx(Inst::kIdCvtss2sd, Inst::kIdVcvtss2sd)
                                               : sseOrAvx(Inst::kIdCvtsd2ss, Inst::kIdVcvtsd2ss);
      if (avx_) {
        cc_.emit(id, v, x, x);
      } else {
        cc_.emit(Inst::kIdXorps, v, v);
        cc_.emit(id, v, x);
      }
      return v;
    }
    if (isFloat(to)) {
      if (from == DType::Bool) return floatOfInt(bitOf(x), false, to);
      return floatOfInt(intOf(x, from), from == DType::Int64, to);
    }
    if (to == DType::Bool) {
      if (isFloat(from)) {  // x != 0, true on NaN
        f64_ = from == DType::Float64;
        V z, a, r;
        z.r[0] = newLane();
        if (avx_) cc_.emit(Inst::kIdVxorps, z.r[0], z.r[0], z.r[0]);
        else cc_.emit(Inst::kIdXorps, z.r[0], z.r[0]);
        a.r[0] = x;
        r = compare(Mode::Lane, kPredNe, a, z);
        return r.r[0];
      }
      x86::Gp g = intOf(x, from);  // int32: zero-extended, non-zero iff the int32 is
      return maskOf(g);
    }
    // To an integer.
    if (from == DType::Bool) {
      x86::Gp g = bitOf(x);
      x86::Vec v = newLane();
      cc_.emit(sseOrAvx(Inst::kIdMovq, Inst::kIdVmovq), v, g);
      return v;
    }
    if (isFloat(from)) {
      // Truncation; NaN and out of range give the minimum (Note [Mixed dtypes]).
      x86::Gp g = cc_.newInt64("t");
      const bool d = from == DType::Float64;
      const InstId id = d ? sseOrAvx(Inst::kIdCvttsd2si, Inst::kIdVcvttsd2si) : sseOrAvx(Inst::kIdCvttss2si, Inst::kIdVcvttss2si);
      cc_.emit(id, to == DType::Int64 ? x86::Gp(g.r64()) : x86::Gp(g.r32()), x);
      x86::Vec v = newLane();
      cc_.emit(sseOrAvx(Inst::kIdMovq, Inst::kIdVmovq), v, g);  // int32: the low 4 bytes matter
      return v;
    }
    if (from == DType::Int64 && to == DType::Int32) return x;  // the low 4 bytes
    // int32 -> int64: sign extension.
    x86::Gp g = intOf(x, DType::Int32);
    cc_.movsxd(g, g.r32());
    x86::Vec v = newLane();
    cc_.emit(sseOrAvx(Inst::kIdMovq, Inst::kIdVmovq), v, g);
    return v;
  }
  void mixedBody(const Invariants& inv) {
    const Mode m = Mode::Lane;
    std::vector<V> val(p_.ops.size());
    auto setWidth = [&](DType d) { f64_ = d == DType::Float64; };
    for (size_t i = 0; i < p_.ops.size(); ++i) {
      const VOp& o = p_.ops[i];
      V& r = val[i];
      switch (o.kind) {
        case VKind::Load: {
          const DType d = p_.operandDType[o.index];
          r.r[0] = r.r[1] = newLane();
          if (d == DType::Bool) {
            x86::Gp g = cc_.newInt64("b");
            cc_.movzx(g.r32(), laneMem(o.index, d));
            r.r[0] = r.r[1] = maskOf(g);
          } else if (isFloat(d)) {
            setWidth(d);
            cc_.emit(laneMove(), r.r[0], laneMem(o.index, d));
          } else {
            cc_.emit(d == DType::Int64 ? sseOrAvx(Inst::kIdMovq, Inst::kIdVmovq) : sseOrAvx(Inst::kIdMovd, Inst::kIdVmovd),
                     r.r[0], laneMem(o.index, d));
          }
          break;
        }
        case VKind::Scalar: r = inv.scalars[o.index]; break;
        case VKind::Zero: r = inv.zero; break;
        case VKind::Cvt: {
          x86::Vec v = convert(val[o.a].r[0], p_.ops[o.a].dtype, o.dtype);
          r.r[0] = r.r[1] = v;
          break;
        }
        case VKind::Add:
          setWidth(o.dtype);
          r = binary(m, Inst::kIdAddps, Inst::kIdAddpd, Inst::kIdVaddps, Inst::kIdVaddpd, val[o.a], val[o.b]);
          break;
        case VKind::Sub:
          setWidth(o.dtype);
          r = binary(m, Inst::kIdSubps, Inst::kIdSubpd, Inst::kIdVsubps, Inst::kIdVsubpd, val[o.a], val[o.b]);
          break;
        case VKind::Mul:
          setWidth(o.dtype);
          r = binary(m, Inst::kIdMulps, Inst::kIdMulpd, Inst::kIdVmulps, Inst::kIdVmulpd, val[o.a], val[o.b]);
          break;
        case VKind::Div:
          setWidth(o.dtype);
          r = binary(m, Inst::kIdDivps, Inst::kIdDivpd, Inst::kIdVdivps, Inst::kIdVdivpd, val[o.a], val[o.b]);
          break;
        case VKind::Neg:
          setWidth(o.dtype);
          r = binary(m, Inst::kIdXorps, Inst::kIdXorpd, Inst::kIdVxorps, Inst::kIdVxorpd, val[o.a],
                     f64_ ? inv.sign64 : inv.sign);
          break;
        case VKind::Sqrt: {
          setWidth(o.dtype);
          const InstId id = pick(Inst::kIdSqrtps, Inst::kIdSqrtpd, Inst::kIdVsqrtps, Inst::kIdVsqrtpd);
          r.r[0] = r.r[1] = newLane();
          cc_.emit(id, r.r[0], val[o.a].r[0]);
          break;
        }
        case VKind::Max: setWidth(o.dtype); r = minMax(m, true, val[o.a], val[o.b]); break;
        case VKind::Min: setWidth(o.dtype); r = minMax(m, false, val[o.a], val[o.b]); break;
        case VKind::CmpLt: setWidth(p_.ops[o.a].dtype); r = compare(m, kPredLt, val[o.a], val[o.b]); break;
        case VKind::CmpLe: setWidth(p_.ops[o.a].dtype); r = compare(m, kPredLe, val[o.a], val[o.b]); break;
        case VKind::CmpEq: setWidth(p_.ops[o.a].dtype); r = compare(m, kPredEq, val[o.a], val[o.b]); break;
        case VKind::CmpNe: setWidth(p_.ops[o.a].dtype); r = compare(m, kPredNe, val[o.a], val[o.b]); break;
        case VKind::Select: {
          setWidth(o.dtype);
          V mask = val[o.a];
          if (f64_) {
            mask.r[0] = mask.r[1] = newLane();
            cc_.emit(sseOrAvx(Inst::kIdPshufd, Inst::kIdVpshufd), mask.r[0], val[o.a].r[0], Imm(0));
          }
          r = select(m, mask, val[o.b], val[o.c]);
          break;
        }
        case VKind::Call1:
          setWidth(o.dtype);
          r = callMath(m, static_cast<MathFn>(o.index), val[o.a], nullptr);
          break;
        case VKind::Call2:
          setWidth(o.dtype);
          r = callMath(m, static_cast<MathFn>(o.index), val[o.a], &val[o.b]);
          break;
        case VKind::Gather: break;  // refused with mixed dtypes (buildVectorProgram)
      }
      r.r[1] = r.r[0];
    }
    for (int k = 0; k < p_.numOutputs; ++k) {
      const DType d = p_.operandDType[k];
      const x86::Vec& v = val[p_.outputs[k]].r[0];
      if (d == DType::Bool) {
        f64_ = false;  // movmskps: lane 0 of any mask
        storeMask(m, k, val[p_.outputs[k]]);
      } else if (isFloat(d)) {
        setWidth(d);
        cc_.emit(laneMove(), laneMem(k, d), v);
      } else {
        cc_.emit(d == DType::Int64 ? sseOrAvx(Inst::kIdMovq, Inst::kIdVmovq) : sseOrAvx(Inst::kIdMovd, Inst::kIdVmovd),
                 laneMem(k, d), v);
      }
    }
  }

  x86::Compiler& cc_;
  const VectorProgram& p_;
  const std::vector<Layout>& layouts_;
  const bool avx_;
  bool f64_;  // the width of the op at hand (every op's in a program that is not mixed)
  x86::Gp args_;
  std::vector<x86::Gp> ptr_, stride_;
};

}  // namespace

CodegenResult compileX86Kernel(JitRuntime& rt, const VectorProgram& program, const std::vector<Layout>& layouts,
                               IsaTier tier, bool wantAssembly) {
  CodegenResult result;
  if (static_cast<int>(layouts.size()) != program.numOperands()) {
    result.error = "layout count differs from the operand count";
    return result;
  }
  CodeHolder code;
  AsmErrorRecorder errors;
  StringLogger logger;
  code.init(rt.environment());
  code.setErrorHandler(&errors);
  if (wantAssembly) code.setLogger(&logger);
  x86::Compiler cc(&code);
  cc.addDiagnosticOptions(DiagnosticOptions::kValidateAssembler | DiagnosticOptions::kValidateIntermediate);
  KernelEmitter emitter(cc, program, layouts, tier);
  if (!emitter.supported(&result.error)) return result;
  emitter.emit();
  Error err = errors.error == kErrorOk ? cc.finalize() : errors.error;
  if (err == kErrorOk && errors.error != kErrorOk) err = errors.error;
  if (err != kErrorOk) {
    result.error = "codegen failed: " + (errors.text.empty() ? std::string(DebugUtils::errorAsString(err)) : errors.text);
    return result;
  }
  KernelFn fn = nullptr;
  err = rt.add(&fn, &code);
  if (err != kErrorOk) {
    result.error = std::string("cannot place the kernel: ") + DebugUtils::errorAsString(err);
    return result;
  }
  result.fn = fn;
  if (wantAssembly) result.assembly = logger.data();
  return result;
}

}  // namespace tdsl::jit
