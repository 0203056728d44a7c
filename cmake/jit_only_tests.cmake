# TDSL_JIT_ONLY (CMakeLists.txt): the JIT's kernel tests over the layers up
# to jit, for the AArch64 cross-build (scripts/cross-aarch64), which runs
# them under qemu-aarch64. They compare kernels with the eager kernels bit
# for bit on every tier the CPU runs (NEON there).
find_package(Catch2 REQUIRED)
file(GLOB JIT_ONLY_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/unit/test_jit_a64*.cpp)
add_executable(tdsl_jit_tests ${CMAKE_SOURCE_DIR}/tests/unit/catch_main.cpp
                              ${CMAKE_SOURCE_DIR}/tests/unit/test_jit_kernels.cpp ${JIT_ONLY_TESTS})
target_link_libraries(tdsl_jit_tests PRIVATE tdsl_jit Catch2::Catch2)
