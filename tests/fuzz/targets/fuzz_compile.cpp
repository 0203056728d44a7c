// libFuzzer target: the input is a script; it runs eagerly and compiled
// (fuzz_differential.h) and any difference in output or error is a crash.
// The compiled mode (backend, reinplacing) is chosen from the input's size so
// a reproducer replays the same way.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_differential.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static tdsl_fuzz::StdoutCapture capture;
  static tdsl_fuzz::Watchdog dog;
  std::string text(reinterpret_cast<const char*>(data), size);
  if (text.find("id(") != std::string::npos) return 0;  // addresses differ between interpreters
  tdsl_fuzz::compareEagerAndCompiled(text, tdsl_fuzz::kCompiledModes[size % tdsl_fuzz::kCompiledModeCount], dog,
                                     capture);
  return 0;
}
