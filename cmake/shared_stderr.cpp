// Note [stderr in the shared library]
// Debian's libasmjit.a is built as position-dependent (PIE) code: its debug
// output reads glibc's `stderr` with a PC-relative relocation, which a shared
// object cannot have against a symbol of another library. libtdsl.so
// therefore defines its own hidden `stderr` (only this library's references
// bind to it) and sets it, before anything in the library runs, to the
// process's real stderr, found with dlsym; every write through it goes to the
// same FILE as the host's. Linked into libtdsl.so only (cmake/package.cmake).
#include <dlfcn.h>

struct _IO_FILE;

extern "C" {
__attribute__((visibility("hidden"))) _IO_FILE* stderr = nullptr;
}

namespace {

__attribute__((constructor(101))) void bindStderr() {
  if (void* real = ::dlsym(RTLD_DEFAULT, "stderr")) stderr = *static_cast<_IO_FILE**>(real);
}

}  // namespace
