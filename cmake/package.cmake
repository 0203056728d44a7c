# Installing tdsl for embedding hosts (issue 14; docs/embedding.md):
# `cmake --install build --prefix P` puts the public headers in P/include/tdsl,
# the shared library P/lib/libtdsl.so.0.1.0 (SONAME libtdsl.so.0.1: 0.x
# releases keep the ABI within a minor version), one static archive
# P/lib/libtdsl.a, and P/lib/cmake/tdsl/tdslConfig.cmake (+ version file) so
# that a host's `find_package(tdsl 0.1 REQUIRED)` gives the targets
# tdsl::tdsl (shared; static when TDSL_USE_STATIC_LIBS is ON),
# tdsl::tdsl_shared and tdsl::tdsl_static; P/lib/pkgconfig/tdsl.pc for other
# build systems.
#
# Note [One installed archive]
# tdsl is a dozen layer libraries (README.md's layout) with two static
# third-party archives under them (the ANTLR runtime, the frontend's private
# dependency, and asmjit, the JIT's). Merging them all into one archive
# (ar's MRI script) gives the host one library to link in any order; only
# shared system libraries remain as dependencies.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TDSL_PACKAGED_LIBS tdsl_support tdsl_tensor tdsl_ops tdsl_autograd tdsl_ir tdsl_opt tdsl_jit tdsl_frontend tdsl_vm
                       tdsl_torch tdsl_compile tdsl_api)
set(TDSL_ARCHIVE ${CMAKE_BINARY_DIR}/package/libtdsl.a)
set(mri "create ${TDSL_ARCHIVE}\n")
foreach(lib ${TDSL_PACKAGED_LIBS} antlr4_static asmjit::asmjit)
  string(APPEND mri "addlib $<TARGET_FILE:${lib}>\n")
endforeach()
string(APPEND mri "save\nend\n")
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/package/libtdsl.mri CONTENT "${mri}")
add_custom_command(
  OUTPUT ${TDSL_ARCHIVE}
  COMMAND ${CMAKE_COMMAND} -E rm -f ${TDSL_ARCHIVE}
  COMMAND ${CMAKE_AR} -M < ${CMAKE_BINARY_DIR}/package/libtdsl.mri
  DEPENDS ${TDSL_PACKAGED_LIBS} ${CMAKE_BINARY_DIR}/package/libtdsl.mri
  COMMENT "Merging the layer archives into libtdsl.a")
# Built on demand by `cmake --install` (or `ninja tdsl_archive`), not by
# every build: merging ~170 MB of archives costs seconds each time.
add_custom_target(tdsl_archive DEPENDS ${TDSL_ARCHIVE})
install(CODE "execute_process(COMMAND \"${CMAKE_COMMAND}\" --build \"${CMAKE_BINARY_DIR}\" --target tdsl_archive RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR \"building libtdsl.a failed\")
  endif()")

# Note [The shared library]
# libtdsl.so is the api layer's archive linked whole (it holds every public
# symbol) over the layers below it, which the linker pulls in as the api
# needs them, as for the tdsl program. Only TDSL_EXPORT symbols are visible
# (Note [Shared library visibility] in CMakeLists.txt); the static asmjit
# inside it is hidden too (--exclude-libs), so a host linking its own copy
# does not clash; the ANTLR runtime is Debian's shared one (below). Everything the library
# needs from the system is a NEEDED entry of its own (--no-undefined checks
# that), so a host links only -ltdsl.
# Debian's static ANTLR runtime is not position independent (its
# thread-locals use the local-exec model), so the shared library links the
# shared runtime: the frontend's link dependency follows the property
# TDSL_SHARED_ANTLR of the target being linked.
# Debian's asmjit archive is not position independent either; one reference
# of it is fixed up by cmake/shared_stderr.cpp (Note [stderr in the shared
# library]), the rest are to asmjit's own symbols, hidden by --exclude-libs.
add_library(tdsl_shared SHARED ${CMAKE_SOURCE_DIR}/cmake/shared_stderr.cpp)
set_target_properties(tdsl_shared PROPERTIES TDSL_SHARED_ANTLR ON)
target_link_libraries(tdsl_shared PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,tdsl_api>" ${CMAKE_DL_LIBS})
target_include_directories(tdsl_shared INTERFACE ${CMAKE_SOURCE_DIR}/include)
target_link_options(tdsl_shared PRIVATE "LINKER:--exclude-libs,libasmjit.a" "LINKER:--no-undefined")
set_target_properties(tdsl_shared PROPERTIES
  OUTPUT_NAME tdsl
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
  LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/package)

install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/tdsl DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${TDSL_ARCHIVE} DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS tdsl_shared LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS tdsl_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/tdslConfig.cmake.in ${CMAKE_BINARY_DIR}/package/tdslConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tdsl)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/tdslConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/package/tdslConfig.cmake ${CMAKE_BINARY_DIR}/package/tdslConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tdsl)

configure_file(${CMAKE_SOURCE_DIR}/cmake/tdsl.pc.in ${CMAKE_BINARY_DIR}/package/tdsl.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/package/tdsl.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
