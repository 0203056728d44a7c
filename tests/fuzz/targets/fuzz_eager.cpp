// libFuzzer target: a script parsed, compiled to bytecode and run eagerly
// (torch.compile is the identity) in a fresh interpreter, with a time budget
// and bounded allocations (Note [Fuzzing resource limits] in fuzz_support.h).
// Script errors are fine; a crash, a sanitizer report, an internal error or
// a hang past libFuzzer's -timeout is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static tdsl_fuzz::StdoutCapture capture;
  static tdsl_fuzz::Watchdog dog;
  tdsl::InterpreterOptions options;
  options.eager = true;
  tdsl_fuzz::runScript(std::string(reinterpret_cast<const char*>(data), size), options, dog, capture);
  return 0;
}
