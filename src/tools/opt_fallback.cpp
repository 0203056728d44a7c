// Weak fallback for `tdsl opt` until src/tools/opt.cpp (IR engineer) defines
// the strong runOptCommand; both are object files of the executable, so the
// strong one wins as soon as it exists.
#include <cstdio>

namespace tdsl {

__attribute__((weak)) int runOptCommand(int, char**) {
  std::fprintf(stderr, "tdsl opt: not available\n");
  return 2;
}

}  // namespace tdsl
