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
// XMM halves (SSE2 vector mode); in a mixed program's vector loop a value
// of 8-byte lanes beside 4-byte ones takes twice as many (Note [Mixed
// vectors]).
struct V {
  x86::Vec r[4];
};

V splat(const x86::Vec& r) {
  V d;
  for (x86::Vec& x : d.r) x = r;
  return d;
}

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
      : cc_(cc), p_(p), layouts_(layouts), avx_(tier == IsaTier::Avx2), f64_(p.dtype == DType::Float64),
        lanes_(f64_ ? 4 : 8) {}

  // Note [Mixed dtypes]: the operand dtypes this lowering knows.
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
    Label exit = cc_.newLabel();
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
    // Note [Kernel loops]: i_ counts the elements done; contiguous operands
    // are addressed at their fixed pointer plus i_ elements.
    i_ = cc_.newInt64("i");
    cc_.xor_(i_, i_);
    if (!anyStrided) {
      if (p_.mixed) lanes_ = mixedLanes();
      Invariants inv = invariants(Mode::Vector);
      x86::Gp last = cc_.newInt64("last");
      // Unrolled copies of the body per iteration, then single vectors.
      for (int copies = vectorUnroll(); copies >= 1; copies /= 2) {
        const int step = copies * lanes_;
        Label loop = cc_.newLabel(), done = cc_.newLabel();
        cc_.mov(last, n);
        cc_.sub(last, step);  // the last i from which `step` elements remain
        cc_.cmp(i_, last);
        cc_.jg(done);
        cc_.bind(loop);
        for (int c = 0; c < copies; ++c) {
          copy_ = c * lanes_;
          body(Mode::Vector, inv);
        }
        copy_ = 0;
        cc_.add(i_, step);
        cc_.cmp(i_, last);
        cc_.jle(loop);
        cc_.bind(done);
      }
    }
    cc_.cmp(i_, n);
    cc_.jge(exit);
    {
      Invariants inv = invariants(Mode::Lane);
      Label loop = cc_.newLabel();
      cc_.bind(loop);
      body(Mode::Lane, inv);
      for (int k = 0; k < ops; ++k)
        if (layouts_[k] == Layout::Strided) cc_.add(ptr_[k], stride_[k]);
      cc_.inc(i_);
      cc_.cmp(i_, n);
      cc_.jl(loop);
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
  // Note [Kernel loops]: operand k's bytes at `disp` from its current
  // element: a contiguous operand's fixed pointer plus i_ elements (and
  // copy_, the unrolled copy's first lane), a strided one's moving pointer,
  // a broadcast or indexed one's fixed pointer.
  x86::Mem at(int k, int32_t disp, uint32_t size) const {
    if (layouts_[k] != Layout::Contiguous) return x86::ptr(ptr_[k], disp, size);
    const uint32_t shift = elementShift(k);
    return x86::ptr(ptr_[k], i_, shift, static_cast<int32_t>(copy_ << shift) + disp, size);
  }
  // Copies of the body per vector-loop iteration: two, unless the body
  // calls SLEEF (each call clobbers every vector register, and its cost
  // dwarfs the loop's).
  int vectorUnroll() const {
    for (const VOp& o : p_.ops)
      if (o.kind == VKind::Call1 || o.kind == VKind::Call2) return 1;
    return 2;
  }
  // Note [Indexed access]: data operand k's element at the lane's index
  // (read from index operand j).
  x86::Mem indexedElement(int k, int j) {
    x86::Gp at = cc_.newInt64("at%d", k);
    cc_.mov(at, this->at(j, 0, 8));
    cc_.imul(at, stride_[k]);
    return f64_ ? x86::qword_ptr(ptr_[k], at) : x86::dword_ptr(ptr_[k], at);
  }
  int regBytes() const { return avx_ ? 32 : 16; }
  // Registers of a value of the width at hand (f64_): one in lane mode;
  // lanes_ elements of 4 or 8 bytes in 16- or 32-byte registers otherwise.
  int parts(Mode m) const { return m == Mode::Lane ? 1 : lanes_ * (f64_ ? 8 : 4) / regBytes(); }
  x86::Vec newVec(Mode m) {
    if (m == Mode::Vector && avx_) return f64_ ? cc_.newYmmPd() : cc_.newYmmPs();
    return f64_ ? cc_.newXmmPd() : cc_.newXmmPs();
  }
  InstId pick(InstId ssePs, InstId ssePd, InstId avxPs, InstId avxPd) const {
    return avx_ ? (f64_ ? avxPd : avxPs) : (f64_ ? ssePd : ssePs);
  }
  x86::Mem element(int k, int32_t disp, Mode m) const {
    if (m == Mode::Lane) return at(k, disp, f64_ ? 8 : 4);
    return at(k, disp, static_cast<uint32_t>(regBytes()));
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
    return splat(r);
  }

  Invariants invariants(Mode m) {
    Invariants inv;
    inv.broadcast.resize(p_.numOperands());
    const bool lanesF64 = f64_;
    for (int k = p_.numOutputs; k < p_.numOperands() && !(p_.mixed && m == Mode::Lane); ++k)
      if (layouts_[k] == Layout::Broadcast) {
        if (p_.mixed) f64_ = itemSize(p_.operandDType[k]) == 8;  // float or int bits alike (vectorMixed)
        inv.broadcast[k] = broadcastLoad(m, f64_ ? x86::qword_ptr(ptr_[k]) : x86::dword_ptr(ptr_[k]));
      }
    f64_ = lanesF64;
    for (size_t j = 0; j < p_.scalars.size(); ++j) {
      int32_t off = static_cast<int32_t>(offsetof(KernelArgs, scalars) + 8 * j);
      if (p_.mixed) f64_ = p_.scalars[j].dtype == DType::Float64;
      inv.scalars.push_back(broadcastLoad(m, f64_ ? x86::qword_ptr(args_, off) : x86::dword_ptr(args_, off)));
    }
    f64_ = !p_.mixed && lanesF64;  // sign: float32's in mixed programs (sign64 is float64's)
    bool needZero = false, needSign = false;
    for (const VOp& o : p_.ops) {
      needZero = needZero || o.kind == VKind::Zero;
      needSign = needSign || o.kind == VKind::Neg;
    }
    x86::Vec z = newVec(m), s = newVec(m);
    if (needZero) {
      if (avx_) cc_.emit(Inst::kIdVxorps, z, z, z);
      else cc_.emit(Inst::kIdXorps, z, z);
      inv.zero = splat(z);
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
      inv.sign = splat(s);
      if (p_.mixed) {
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
        inv.sign64 = splat(s64);
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
      cc_.emit(id, d.r[j], element(k, regBytes() * j, m));
    }
    return d;
  }
  InstId laneMove() const {
    return avx_ ? (f64_ ? Inst::kIdVmovsd : Inst::kIdVmovss) : (f64_ ? Inst::kIdMovsd : Inst::kIdMovss);
  }
  void store(Mode m, int k, const V& v) {
    const InstId id = m == Mode::Lane ? (avx_ ? (f64_ ? Inst::kIdVmovsd : Inst::kIdVmovss) : (f64_ ? Inst::kIdMovsd : Inst::kIdMovss))
                                      : (avx_ ? Inst::kIdVmovups : Inst::kIdMovups);
    for (int j = 0; j < parts(m); ++j) cc_.emit(id, element(k, regBytes() * j, m), v.r[j]);
  }

  // A lane mask as bool bytes (1 / 0): the sign bits, one byte per lane.
  void storeMask(Mode m, int k, const V& v) {
    const InstId id = avx_ ? (f64_ ? Inst::kIdVmovmskpd : Inst::kIdVmovmskps) : (f64_ ? Inst::kIdMovmskpd : Inst::kIdMovmskps);
    x86::Gp bits = cc_.newInt32("bits");
    cc_.emit(id, bits, v.r[0]);
    const int perReg = regBytes() / (f64_ ? 8 : 4);
    for (int j = 1; j < parts(m); ++j) {
      x86::Gp hi = cc_.newInt32("hi");
      cc_.emit(id, hi, v.r[j]);
      cc_.shl(hi, j * perReg);
      cc_.or_(bits, hi);
    }
    const int n = m == Mode::Lane ? 1 : lanes_;
    for (int i = 0; i < n; ++i) {
      x86::Gp t = cc_.newInt32("b%d", i);
      cc_.mov(t, bits);
      if (i) cc_.shr(t, i);
      cc_.and_(t, 1);
      cc_.mov(at(k, i, 1), t.r8());
    }
  }

  // The width in bytes of value i's lanes in the vector loop: its dtype's,
  // or for a mask the width it was made at (Note [Mixed vectors]).
  int opWidth(size_t i, const std::vector<int>& width) const {
    const VOp& o = p_.ops[i];
    switch (o.kind) {
      case VKind::Load: return p_.operandDType[o.index] == DType::Bool ? maskWidth() : itemSize(p_.operandDType[o.index]);
      case VKind::CmpLt: case VKind::CmpLe: case VKind::CmpEq: case VKind::CmpNe: return width[o.a];
      case VKind::Cvt: return o.dtype == DType::Bool ? width[o.a] : static_cast<int>(itemSize(o.dtype));
      default: return static_cast<int>(itemSize(o.dtype));
    }
  }

  void body(Mode m, const Invariants& inv) {
    if (p_.mixed && m == Mode::Lane) return mixedBody(inv);
    std::vector<V> val(p_.ops.size());
    std::vector<int> width(p_.ops.size(), f64_ ? 8 : 4);
    for (size_t i = 0; i < p_.ops.size(); ++i) {
      const VOp& o = p_.ops[i];
      if (p_.mixed) {
        width[i] = opWidth(i, width);
        f64_ = width[i] == 8;
      }
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
          val[i] = binary(m, Inst::kIdXorps, Inst::kIdXorpd, Inst::kIdVxorps, Inst::kIdVxorpd, val[o.a],
                          p_.mixed && f64_ ? inv.sign64 : inv.sign);
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
        case VKind::Select: {
          const V mask = p_.mixed ? resized(val[o.a], width[o.a], width[i]) : val[o.a];
          f64_ = width[i] == 8;
          val[i] = select(m, mask, val[o.b], val[o.c]);
          break;
        }
        case VKind::Call1: val[i] = callMath(m, static_cast<MathFn>(o.index), val[o.a], nullptr); break;
        case VKind::Call2: val[i] = callMath(m, static_cast<MathFn>(o.index), val[o.a], &val[o.b]); break;
        case VKind::Gather: {
          val[i].r[0] = val[i].r[1] = newVec(m);
          cc_.emit(laneMove(), val[i].r[0], indexedElement(o.index, o.indexOperand));
          break;
        }
        case VKind::Cvt: val[i] = vectorConvert(val[o.a], width[o.a], p_.ops[o.a].dtype, o.dtype); break;  // vectorMixed()
      }
    }
    for (int k = 0; k < p_.numOutputs; ++k) {
      if (p_.mixed) f64_ = width[static_cast<size_t>(p_.outputs[k])] == 8;
      if (p_.scatterIndex[k] >= 0) cc_.emit(laneMove(), indexedElement(k, p_.scatterIndex[k]), val[p_.outputs[k]].r[0]);
      else if (p_.boolOutput[k]) storeMask(m, k, val[p_.outputs[k]]);
      else store(m, k, val[p_.outputs[k]]);
    }
  }

  // Note [Mixed vectors]
  // A mixed program runs the vector loop unless it gathers or stores through
  // indices, or reads a broadcast bool (and, as every program, unless an
  // operand is Strided): those run the one-lane loop. The loop takes lanes_
  // elements: 8 when some value has 4-byte lanes (float32, int32), else 4.
  // A value of 4-byte lanes then fills one virtual vector (a YMM register /
  // two XMM), one of 8-byte lanes two (two YMM / four XMM); a mask keeps the
  // width it was made at (a comparison's operands', x != 0's x's; a bool
  // load's: 4 bytes with 8 lanes, else 8) and is resized where another
  // width reads it (Select, bool -> x). Each conversion is the one-lane
  // loop's instruction per lane, vectorized:
  //   float32 <-> float64   cvtps2pd / cvtpd2ps
  //   int32 -> float        cvtdq2ps / cvtdq2pd (exact or correctly rounded)
  //   float -> int32        cvttps2dq / cvttpd2dq: the minimum for NaN and
  //                         out of range, as cvttss2si / cvttsd2si
  //   int64 -> int32        the low halves (shufps); int32 -> int64 sign
  //                         extension (vpmovsxdq; psrad + punpck on SSE2)
  //   x -> bool, bool -> x  compare with 0; the mask and 1 (1.0)
  // int64 <-> float has no instruction below AVX-512: those Cvts take each
  // lane out of the vector, convert it with the one-lane loop's code
  // (cvtsi2ss/sd, cvttss2si/cvttsd2si with 64-bit registers) and put the
  // results back, so they are the same bits by construction.
  bool vectorMixed() const {
    if (!p_.mixed || p_.hasIndexedAccess()) return false;
    for (int k = 0; k < p_.numOperands(); ++k)
      if (p_.operandDType[k] == DType::Bool && layouts_[k] == Layout::Broadcast) return false;
    return true;
  }
  int mixedLanes() const {
    auto narrow = [](DType d) { return d == DType::Float32 || d == DType::Int32; };
    for (DType d : p_.operandDType)
      if (narrow(d)) return 8;
    for (const VOp& o : p_.ops)
      if (narrow(o.dtype)) return 8;
    return 4;
  }
  int maskWidth() const { return lanes_ == 8 ? 4 : 8; }
  x86::Vec newXmm() { return cc_.newXmm(); }
  // dst = op(a, b) with VEX's three operands, or SSE's dst = a; dst op= b.
  void emit3(InstId sse, InstId avx, const x86::Vec& dst, const x86::Vec& a, const x86::Vec& b) {
    if (avx_) {
      cc_.emit(avx, dst, a, b);
    } else {
      cc_.emit(Inst::kIdMovaps, dst, a);
      cc_.emit(sse, dst, b);
    }
  }
  // All ones in every bit.
  x86::Vec allOnes(Mode m) {
    x86::Vec r = newVec(m);
    if (avx_) {
      cc_.emit(Inst::kIdVpxor, r, r, r);  // defined before its first read
      cc_.emit(Inst::kIdVpcmpeqd, r, r, r);
    } else {
      cc_.emit(Inst::kIdPxor, r, r);
      cc_.emit(Inst::kIdPcmpeqd, r, r);
    }
    return r;
  }
  // In every lane of the width at hand: 1.0 (`isFloat`: 0x3f800000,
  // 0x3ff0000000000000) or the integer 1, from all ones shifted.
  V ones(Mode m, bool isFloat = true) {
    V d;
    for (int j = 0; j < parts(m); ++j) {
      x86::Vec r = allOnes(m);
      const int right = isFloat ? (f64_ ? 54 : 25) : (f64_ ? 63 : 31);
      if (avx_) {
        cc_.emit(f64_ ? Inst::kIdVpsrlq : Inst::kIdVpsrld, r, r, Imm(right));
        if (isFloat) cc_.emit(f64_ ? Inst::kIdVpsllq : Inst::kIdVpslld, r, r, Imm(f64_ ? 52 : 23));
      } else {
        cc_.emit(f64_ ? Inst::kIdPsrlq : Inst::kIdPsrld, r, Imm(right));
        if (isFloat) cc_.emit(f64_ ? Inst::kIdPsllq : Inst::kIdPslld, r, Imm(f64_ ? 52 : 23));
      }
      d.r[j] = r;
    }
    return d;
  }
  // A vector of bool bytes as lane masks of the width at hand (all ones
  // where the byte is not 0).
  V loadMask(int k) {
    const Mode m = Mode::Vector;
    const int perReg = regBytes() / (f64_ ? 8 : 4);  // bytes read per register
    V d;
    for (int j = 0; j < parts(m); ++j) {
      x86::Vec r = newVec(m), z = newVec(m);
      const int32_t at = j * perReg;
      if (avx_) {
        cc_.emit(f64_ ? Inst::kIdVpmovzxbq : Inst::kIdVpmovzxbd, r,
                 f64_ ? this->at(k, at, 4) : this->at(k, at, 8));
        cc_.emit(Inst::kIdVpxor, z, z, z);
        cc_.emit(f64_ ? Inst::kIdVpcmpeqq : Inst::kIdVpcmpeqd, r, r, z);
        cc_.emit(Inst::kIdVpxor, r, r, allOnes(m));
      } else {
        cc_.emit(Inst::kIdPxor, z, z);
        if (f64_) {
          x86::Gp g = cc_.newInt32("w");
          cc_.movzx(g, this->at(k, at, 2));
          cc_.emit(Inst::kIdMovd, r, g);
        } else {
          cc_.emit(Inst::kIdMovd, r, this->at(k, at, 4));
        }
        cc_.emit(Inst::kIdPunpcklbw, r, z);
        cc_.emit(Inst::kIdPunpcklwd, r, z);
        if (f64_) cc_.emit(Inst::kIdPunpckldq, r, z);
        cc_.emit(Inst::kIdPcmpeqd, r, z);
        if (f64_) cc_.emit(Inst::kIdPshufd, r, r, Imm(0xA0));  // each qword: its low dword's test
        cc_.emit(Inst::kIdPxor, r, allOnes(m));
      }
      d.r[j] = r;
    }
    return d;
  }
  // Lanes of `from` bytes as lanes of `to` (Note [Mixed vectors]): 32-bit
  // lanes sign-extended to 64 (int32 -> int64, masks), 64-bit lanes cut to
  // their low 32 bits (int64 -> int32, masks).
  V resized(const V& v, int from, int to) {
    if (from == to) return v;
    const Mode m = Mode::Vector;
    f64_ = false;
    V d;
    for (int j = 0; j < parts(m); ++j) {  // registers of 32-bit lanes
      if (to == 8) {
        x86::Vec lo = newVec(m), hi = newVec(m);
        if (avx_) {
          x86::Vec t = newXmm();
          cc_.emit(Inst::kIdVpmovsxdq, lo, v.r[j].xmm());
          cc_.emit(Inst::kIdVextracti128, t, v.r[j], Imm(1));
          cc_.emit(Inst::kIdVpmovsxdq, hi, t);
        } else {
          x86::Vec sign = newXmm();
          cc_.emit(Inst::kIdMovaps, sign, v.r[j]);
          cc_.emit(Inst::kIdPsrad, sign, Imm(31));
          emit3(Inst::kIdPunpckldq, Inst::kIdVpunpckldq, lo, v.r[j], sign);
          emit3(Inst::kIdPunpckhdq, Inst::kIdVpunpckhdq, hi, v.r[j], sign);
        }
        d.r[2 * j] = lo;
        d.r[2 * j + 1] = hi;
      } else {
        d.r[j] = newVec(m);
        if (avx_) {
          cc_.emit(Inst::kIdVshufps, d.r[j], v.r[2 * j], v.r[2 * j + 1], Imm(0x88));  // per 128 bits
          cc_.emit(Inst::kIdVpermpd, d.r[j], d.r[j], Imm(0xD8));
        } else {
          cc_.emit(Inst::kIdMovaps, d.r[j], v.r[2 * j]);
          cc_.emit(Inst::kIdShufps, d.r[j], v.r[2 * j + 1], Imm(0x88));
        }
      }
    }
    return d;
  }
  // Each 32-bit lane converted to a 64-bit one by cvtps2pd / cvtdq2pd
  // (which read an XMM register's low two / four lanes).
  V widened(const V& v, InstId sse, InstId avx) {
    const Mode m = Mode::Vector;
    f64_ = false;
    V d;
    for (int j = 0; j < parts(m); ++j) {
      x86::Vec lo = newVec(m), hi = newVec(m), t = newXmm();
      if (avx_) {
        cc_.emit(avx, lo, v.r[j].xmm());
        cc_.emit(Inst::kIdVextractf128, t, v.r[j], Imm(1));
        cc_.emit(avx, hi, t);
      } else {
        cc_.emit(sse, lo, v.r[j]);
        cc_.emit(Inst::kIdPshufd, t, v.r[j], Imm(0xEE));
        cc_.emit(sse, hi, t);
      }
      d.r[2 * j] = lo;
      d.r[2 * j + 1] = hi;
    }
    return d;
  }
  // Each 64-bit lane converted to a 32-bit one by cvtpd2ps / cvttpd2dq
  // (which fill an XMM register's low half / all of it from an XMM / YMM).
  V narrowed(const V& v, InstId sse, InstId avx) {
    const Mode m = Mode::Vector;
    f64_ = false;
    V d;
    for (int j = 0; j < parts(m); ++j) {
      x86::Vec lo = newXmm(), hi = newXmm();
      cc_.emit(avx_ ? avx : sse, lo, v.r[2 * j]);
      cc_.emit(avx_ ? avx : sse, hi, v.r[2 * j + 1]);
      if (avx_) {
        d.r[j] = newVec(m);
        cc_.emit(Inst::kIdVinsertf128, d.r[j], lo.ymm(), hi, Imm(1));
      } else {
        cc_.emit(Inst::kIdMovlhps, lo, hi);
        d.r[j] = lo;
      }
    }
    return d;
  }
  // Lane i of v (lanes of w bytes) in the low element of an XMM register.
  x86::Vec laneOf(const V& v, int w, int i) {
    const int perReg = regBytes() / w, perXmm = 16 / w;
    const x86::Vec& r = v.r[i / perReg];
    int q = i % perReg;
    x86::Vec x = r.xmm();
    if (q >= perXmm) {
      x = newXmm();
      cc_.emit(Inst::kIdVextractf128, x, r, Imm(1));
      q -= perXmm;
    }
    if (q == 0) return x;
    x86::Vec t = newXmm();
    cc_.emit(sseOrAvx(Inst::kIdPshufd, Inst::kIdVpshufd), t, x, Imm(w == 8 ? 0xEE : q));
    return t;
  }
  // The vector of lanes_ elements of w bytes, each in the low element of e[i].
  V packed(const std::vector<x86::Vec>& e, int w) {
    std::vector<x86::Vec> xmm;
    for (size_t i = 0; i < e.size(); i += static_cast<size_t>(16 / w)) {
      x86::Vec t = newXmm();
      if (w == 8) {
        emit3(Inst::kIdPunpcklqdq, Inst::kIdVpunpcklqdq, t, e[i], e[i + 1]);
      } else {
        x86::Vec u = newXmm();
        emit3(Inst::kIdPunpckldq, Inst::kIdVpunpckldq, t, e[i], e[i + 1]);
        emit3(Inst::kIdPunpckldq, Inst::kIdVpunpckldq, u, e[i + 2], e[i + 3]);
        emit3(Inst::kIdPunpcklqdq, Inst::kIdVpunpcklqdq, t, t, u);
      }
      xmm.push_back(t);
    }
    V d;
    for (size_t j = 0; j < xmm.size(); ++j) {
      if (!avx_) {
        d.r[j] = xmm[j];
      } else if (j % 2 == 0) {
        d.r[j / 2] = cc_.newYmm();
        cc_.emit(Inst::kIdVinserti128, d.r[j / 2], xmm[j].ymm(), xmm[j + 1], Imm(1));
      }
    }
    return d;
  }
  // x (lanes of w bytes, of dtype `from`) converted to `to` (Note [Mixed vectors]).
  V vectorConvert(const V& x, int w, DType from, DType to) {
    const Mode m = Mode::Vector;
    if (from == DType::Bool) {  // mask -> 1.0 / 0.0 or 1 / 0
      const int wt = static_cast<int>(itemSize(to));
      V mask = resized(x, w, wt);
      f64_ = wt == 8;
      V one = ones(m, isFloat(to));
      return binary(m, Inst::kIdAndps, Inst::kIdAndpd, Inst::kIdVandps, Inst::kIdVandpd, mask, one);
    }
    f64_ = w == 8;
    if (to == DType::Bool) {  // x != 0, true on NaN
      V z = splat(newVec(m));
      if (avx_) cc_.emit(Inst::kIdVxorps, z.r[0], z.r[0], z.r[0]);
      else cc_.emit(Inst::kIdXorps, z.r[0], z.r[0]);
      if (isFloat(from)) return compare(m, kPredNe, x, z);
      V d;
      for (int j = 0; j < parts(m); ++j) {
        d.r[j] = newVec(m);
        if (avx_) {
          cc_.emit(f64_ ? Inst::kIdVpcmpeqq : Inst::kIdVpcmpeqd, d.r[j], x.r[j], z.r[0]);
        } else {
          cc_.emit(Inst::kIdMovaps, d.r[j], x.r[j]);
          cc_.emit(Inst::kIdPcmpeqd, d.r[j], z.r[0]);
          if (f64_) {  // a qword is 0 when both its dwords are
            x86::Vec t = newXmm();
            cc_.emit(Inst::kIdPshufd, t, d.r[j], Imm(0xB1));
            cc_.emit(Inst::kIdPand, d.r[j], t);
          }
        }
        emit3(Inst::kIdPxor, Inst::kIdVpxor, d.r[j], d.r[j], allOnes(m));
      }
      return d;
    }
    if (from == DType::Int64 || to == DType::Int64) {
      if (!isFloat(from) && !isFloat(to)) return resized(x, w, static_cast<int>(itemSize(to)));
      std::vector<x86::Vec> e;
      for (int i = 0; i < lanes_; ++i) e.push_back(convert(laneOf(x, w, i), from, to));
      return packed(e, static_cast<int>(itemSize(to)));
    }
    if (from == DType::Int32 && to == DType::Float64) return widened(x, Inst::kIdCvtdq2pd, Inst::kIdVcvtdq2pd);
    if (from == DType::Float32 && to == DType::Float64) return widened(x, Inst::kIdCvtps2pd, Inst::kIdVcvtps2pd);
    if (from == DType::Float64 && to == DType::Int32) return narrowed(x, Inst::kIdCvttpd2dq, Inst::kIdVcvttpd2dq);
    if (from == DType::Float64 && to == DType::Float32) return narrowed(x, Inst::kIdCvtpd2ps, Inst::kIdVcvtpd2ps);
    V d;  // int32 <-> float32
    const InstId id = from == DType::Int32 ? sseOrAvx(Inst::kIdCvtdq2ps, Inst::kIdVcvtdq2ps)
                                           : sseOrAvx(Inst::kIdCvttps2dq, Inst::kIdVcvttps2dq);
    for (int j = 0; j < parts(m); ++j) {
      d.r[j] = newVec(m);
      cc_.emit(id, d.r[j], x.r[j]);
    }
    return d;
  }

  // Note [Mixed dtypes], one lane in the low element of an XMM register: a
  // float32 / int32 in its low 4 bytes, a float64 / int64 in its low 8; a
  // bool is a mask whose low 4 bytes are all ones or all zeros (comparisons
  // of float64 and bool loads fill 8). A float64 select widens its mask
  // (pshufd of the low dword); movmskps reads any mask's lane 0.
  InstId sseOrAvx(InstId sse, InstId avx) const { return avx_ ? avx : sse; }
  static bool isFloat(DType d) { return d == DType::Float32 || d == DType::Float64; }
  x86::Mem laneMem(int k, DType d) const { return at(k, 0, static_cast<uint32_t>(itemSize(d))); }
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
  int lanes_;  // elements per vector-loop iteration (Note [Mixed vectors])
  x86::Gp args_;
  std::vector<x86::Gp> ptr_, stride_;
  x86::Gp i_;     // elements done since begin (Note [Kernel loops])
  int copy_ = 0;  // lanes before the unrolled copy being emitted
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
