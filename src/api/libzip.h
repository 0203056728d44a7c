// libzip, loaded when a script first reads or writes an .npz archive
// (src/api/npz.cpp), not linked into every process.
//
// Note [libzip on demand]
// libzip pulls in libcrypto and libbz2; linked, the three cost every tdsl
// process ~1.5 MB of resident memory (their pages touched at load and by
// libcrypto's initializers), 10% of an empty run, for a feature few scripts
// use. So tdsl links none of them: libzip() dlopens the library the build
// found (TDSL_LIBZIP_PATH, then its usual names) on first use and resolves
// the functions npz.cpp calls; zip.h still gives their types. When the
// library cannot be loaded, the .npz function raises OSError saying why.
#pragma once

#include <zip.h>

namespace tdsl {

#define TDSL_LIBZIP_FUNCTIONS(X)                                                                    \
  X(zip_open) X(zip_discard) X(zip_close) X(zip_fclose) X(zip_error_init_with_code) X(zip_error_fini) \
  X(zip_error_strerror) X(zip_get_error) X(zip_file_get_error) X(zip_get_num_entries) X(zip_get_name) \
  X(zip_fopen_index) X(zip_fread) X(zip_source_buffer) X(zip_source_free) X(zip_file_add)          \
  X(zip_set_file_compression)

struct LibZip {
#define TDSL_LIBZIP_POINTER(name) decltype(&::name) name = nullptr;
  TDSL_LIBZIP_FUNCTIONS(TDSL_LIBZIP_POINTER)
#undef TDSL_LIBZIP_POINTER
};

// The loaded library; throws Error ("OSError: ...") when it cannot be loaded.
const LibZip& libzip();

}  // namespace tdsl
