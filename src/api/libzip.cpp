// Loading libzip on first use (Note [libzip on demand] in libzip.h).
#include "api/libzip.h"

#include <dlfcn.h>

#include <mutex>
#include <string>

#include "support/diagnostics.h"

namespace tdsl {

namespace {

struct Loaded {
  LibZip lib;
  std::string error;  // empty: loaded
};

Loaded load() {
  Loaded out;
  const char* names[] = {
#ifdef TDSL_LIBZIP_PATH
      TDSL_LIBZIP_PATH,
#endif
      "libzip.so.4", "libzip.so.5", "libzip.so"};
  void* handle = nullptr;
  for (const char* name : names)
    if ((handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)) != nullptr) break;
  if (!handle) {
    const char* why = dlerror();
    out.error = std::string("cannot load libzip, which .npz files need: ") + (why ? why : "not found");
    return out;
  }
#define TDSL_LIBZIP_RESOLVE(name)                                                  \
  out.lib.name = reinterpret_cast<decltype(out.lib.name)>(dlsym(handle, #name));  \
  if (!out.lib.name) {                                                             \
    out.error = "libzip lacks " #name;                                             \
    return out;                                                                    \
  }
  TDSL_LIBZIP_FUNCTIONS(TDSL_LIBZIP_RESOLVE)
#undef TDSL_LIBZIP_RESOLVE
  return out;  // the handle stays open for the process
}

}  // namespace

const LibZip& libzip() {
  static std::once_flag once;
  static Loaded loaded;
  std::call_once(once, [] { loaded = load(); });
  if (!loaded.error.empty()) throw Error(ErrorKind::Runtime, "OSError: " + loaded.error);
  return loaded.lib;
}

}  // namespace tdsl
