# Cross-compiling for AArch64 Linux with Debian's g++-aarch64-linux-gnu
# against Debian's arm64 packages unpacked into a sysroot (scripts/cross-aarch64
# makes it; TDSL_AARCH64_SYSROOT names it). The compiler's own libc and
# libstdc++ live in /usr/aarch64-linux-gnu; programs run under
# qemu-aarch64 -L /usr/aarch64-linux-gnu.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

if(NOT TDSL_AARCH64_SYSROOT AND DEFINED ENV{TDSL_AARCH64_SYSROOT})
  set(TDSL_AARCH64_SYSROOT $ENV{TDSL_AARCH64_SYSROOT})
endif()
if(NOT TDSL_AARCH64_SYSROOT)
  message(FATAL_ERROR "set TDSL_AARCH64_SYSROOT to the arm64 sysroot (scripts/cross-aarch64 makes it)")
endif()
set(TDSL_AARCH64_SYSROOT ${TDSL_AARCH64_SYSROOT} CACHE PATH "Debian arm64 packages unpacked (scripts/cross-aarch64)")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TDSL_AARCH64_SYSROOT)

set(CMAKE_FIND_ROOT_PATH ${TDSL_AARCH64_SYSROOT} /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# The sysroot's headers (sleef.h sits in its multiarch folder) and its shared
# libraries' own dependencies (libsleef, libopenblas -> libgfortran) at link time.
set(_lib ${TDSL_AARCH64_SYSROOT}/usr/lib/aarch64-linux-gnu)
set(CMAKE_CXX_FLAGS_INIT "-isystem ${TDSL_AARCH64_SYSROOT}/usr/include/aarch64-linux-gnu")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,-rpath-link,${_lib} -Wl,-rpath-link,${_lib}/openblas-pthread")

set(ENV{PKG_CONFIG_LIBDIR} ${_lib}/pkgconfig:${TDSL_AARCH64_SYSROOT}/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_SYSROOT_DIR} ${TDSL_AARCH64_SYSROOT})
set(ENV{PKG_CONFIG_PATH} "")

set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)
