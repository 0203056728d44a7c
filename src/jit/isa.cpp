// ISA tiers (isa.h).
#include "jit/isa.h"

#include <asmjit/core.h>

#include <cstring>

#include "support/diagnostics.h"

namespace tdsl::jit {

const char* tierName(IsaTier t) {
  switch (t) {
    case IsaTier::Sse2: return "sse2";
    case IsaTier::Avx2: return "avx2";
    case IsaTier::Neon: return "neon";
  }
  return "?";
}

bool cpuHas(IsaTier t) {
  const asmjit::CpuInfo& cpu = asmjit::CpuInfo::host();
  if (t == IsaTier::Neon) return cpu.arch() == asmjit::Arch::kAArch64 && cpu.features().arm().hasASIMD();
  if (cpu.arch() != asmjit::Arch::kX64) return false;
  const auto& x86 = cpu.features().x86();
  switch (t) {
    case IsaTier::Sse2: return x86.hasSSE2();
    case IsaTier::Avx2: return x86.hasAVX() && x86.hasAVX2();
    case IsaTier::Neon: break;
  }
  return false;
}

IsaTier bestHostTier() {
  if (cpuHas(IsaTier::Neon)) return IsaTier::Neon;
  return cpuHas(IsaTier::Avx2) ? IsaTier::Avx2 : IsaTier::Sse2;
}

IsaTier selectTier(const char* requested) {
  if (!requested || !*requested) return bestHostTier();
  IsaTier t;
  if (std::strcmp(requested, "sse2") == 0) t = IsaTier::Sse2;
  else if (std::strcmp(requested, "avx2") == 0) t = IsaTier::Avx2;
  else if (std::strcmp(requested, "neon") == 0) t = IsaTier::Neon;
  else
    throw Error(ErrorKind::Value, std::string("TDSL_ISA=") + requested + ": unknown instruction set (expected sse2, avx2 or neon)");
  if (!cpuHas(t))
    throw Error(ErrorKind::Value, std::string("TDSL_ISA=") + requested + ": this CPU (" + cpuModel() + ") has no " +
                                      tierName(t) + "; the best it runs is " + (cpuHas(IsaTier::Sse2) || cpuHas(IsaTier::Neon) ? tierName(bestHostTier()) : "none"));
  return t;
}

std::string cpuModel() {
  const asmjit::CpuInfo& cpu = asmjit::CpuInfo::host();
  std::string s = cpu.brand();
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s.empty() ? std::string(cpu.vendor()) : s;
}

}  // namespace tdsl::jit
