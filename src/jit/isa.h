// Instruction-set tiers of the JIT (DESIGN.md §2.6) and how one is chosen:
// the best the CPU has (asmjit::CpuInfo), unless TDSL_ISA names one.
#pragma once

#include <optional>
#include <string>

namespace tdsl::jit {

enum class IsaTier : uint8_t { Sse2, Avx2, Neon };

const char* tierName(IsaTier t);  // "sse2", "avx2", "neon"
// Whether this machine can run code of tier `t`.
bool cpuHas(IsaTier t);
// Whether tier `t` is lowered by a64_codegen.h (else by x86_codegen.h).
inline bool isArmTier(IsaTier t) { return t == IsaTier::Neon; }
// The best tier this machine runs.
IsaTier bestHostTier();
// The tier for a TDSL_ISA value (null or empty: bestHostTier()). Throws
// tdsl::Error(Value) for an unknown name or a tier the CPU lacks.
IsaTier selectTier(const char* requested);
// The CPU's brand string (for benchmarks and logs).
std::string cpuModel();

}  // namespace tdsl::jit
