# The embedding example against the installed package (issue 14): install
# this build into a fresh prefix, configure and build examples/embed with
# find_package(tdsl), run it and compare its output.
#   cmake -DBUILD=<build dir> -DSOURCE=<checkout> -DWORK=<scratch dir> [-DFLAGS=...] -P embed_example.cmake
file(REMOVE_RECURSE ${WORK})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix)
set(expected "sum 16.00, same buffer yes
0.000 0.000 1.000 4.000 6.000 4.000 1.000 0.000 0.000 
bad.td:1:1: error: rate() takes 0 positional arguments but 1 was given
    rate(1)
    ^
")
# Once against libtdsl.so (tdsl::tdsl's default), once against libtdsl.a.
foreach(kind shared static)
  set(static OFF)
  if(kind STREQUAL "static")
    set(static ON)
  endif()
  run(${CMAKE_COMMAND} -S ${SOURCE}/examples/embed -B ${WORK}/build-${kind} -G Ninja -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_PREFIX_PATH=${WORK}/prefix -DTDSL_USE_STATIC_LIBS=${static} "-DCMAKE_EXE_LINKER_FLAGS=${FLAGS}")
  run(${CMAKE_COMMAND} --build ${WORK}/build-${kind})
  # The shared build must really load the installed libtdsl.so.
  run(readelf -d ${WORK}/build-${kind}/embed_example)
  string(FIND "${out}" "[libtdsl.so.0.1]" needed)
  if(kind STREQUAL "shared" AND needed EQUAL -1)
    message(FATAL_ERROR "the shared build does not link libtdsl.so.0.1:\n${out}")
  elseif(kind STREQUAL "static" AND NOT needed EQUAL -1)
    message(FATAL_ERROR "the static build links libtdsl.so:\n${out}")
  endif()
  run(${WORK}/build-${kind}/embed_example)
  if(NOT out STREQUAL expected)
    message(FATAL_ERROR "unexpected output (${kind}):\n${out}\nexpected:\n${expected}")
  endif()
endforeach()
message(STATUS "embed example OK (shared and static)")
