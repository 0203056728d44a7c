// TDSL_EXPORT marks the public API: the classes and functions of
// include/tdsl/ that libtdsl.so makes visible (Note [Shared library
// visibility] in CMakeLists.txt). Everything else in the library is hidden.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define TDSL_EXPORT __attribute__((visibility("default")))
#else
#define TDSL_EXPORT
#endif
