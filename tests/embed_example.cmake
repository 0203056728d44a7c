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
run(${CMAKE_COMMAND} -S ${SOURCE}/examples/embed -B ${WORK}/build -G Ninja -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_PREFIX_PATH=${WORK}/prefix "-DCMAKE_EXE_LINKER_FLAGS=${FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK}/build)
run(${WORK}/build/embed_example)
set(expected "sum 16.00, same buffer yes
0.000 0.000 1.000 4.000 6.000 4.000 1.000 0.000 0.000 
bad.td:1:1: error: rate() takes 0 positional arguments but 1 was given
    rate(1)
    ^
")
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "unexpected output:\n${out}\nexpected:\n${expected}")
endif()
message(STATUS "embed example OK")
