# Runs one consumer test: configures, builds and runs tests/consumers/<CONSUMER> with the
# compiler and generator of the build that registered it, in a fresh WORK_DIR, and compares the
# program's output with the expected trace. The find_package consumer first installs strata into
# a prefix of its own. Usage (see CMakeLists.txt beside this file):
#   cmake -DCONSUMER=<dir> -DSTRATA_SOURCE_DIR=<src> -DWORK_DIR=<dir> -DCXX_COMPILER=<c++>
#         -DGENERATOR=<gen> [-DMAKE_PROGRAM=<prog>] [-DBUILD_TYPE=<type>] -P run_consumer.cmake
cmake_minimum_required(VERSION 3.20)

foreach(required IN ITEMS CONSUMER STRATA_SOURCE_DIR WORK_DIR CXX_COMPILER GENERATOR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_consumer.cmake needs -D${required}=...")
  endif()
endforeach()
if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()

set(expected_output "greeter*\nenter update exit\n")

# The same toolchain for strata's own install and for the consumer.
set(toolchain -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
              "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}")
if(MAKE_PROGRAM)
  list(APPEND toolchain "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message("${output}") # unformatted, unlike the text of FATAL_ERROR
    message(FATAL_ERROR "consumer ${CONSUMER}: ${what} failed (${status})")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
set(consumer_args "-DSTRATA_SOURCE_DIR=${STRATA_SOURCE_DIR}")

if(CONSUMER STREQUAL "find_package")
  # Installed as a user installs the header-only library: no tests, examples, benchmarks, demo,
  # and no C API (whose two compiled libraries would triple this test's time).
  set(prefix "${WORK_DIR}/prefix")
  run("configuring strata" ${CMAKE_COMMAND} -S "${STRATA_SOURCE_DIR}" -B "${WORK_DIR}/strata"
      ${toolchain} -DSTRATA_BUILD_TESTS=OFF -DSTRATA_BUILD_EXAMPLES=OFF
      -DSTRATA_BUILD_BENCHMARKS=OFF -DSTRATA_BUILD_DEMO=OFF -DSTRATA_BUILD_C_API=OFF)
  run("building strata" ${CMAKE_COMMAND} --build "${WORK_DIR}/strata")
  run("installing strata" ${CMAKE_COMMAND} --install "${WORK_DIR}/strata" --prefix "${prefix}")
  list(APPEND consumer_args "-DCMAKE_PREFIX_PATH=${prefix}" "-DSTRATA_PREFIX=${prefix}")
endif()

set(consumer_build "${WORK_DIR}/build")
run("configuring the consumer" ${CMAKE_COMMAND} -S "${CMAKE_CURRENT_LIST_DIR}/${CONSUMER}"
    -B "${consumer_build}" ${toolchain} ${consumer_args})
run("building the consumer" ${CMAKE_COMMAND} --build "${consumer_build}")

execute_process(COMMAND "${consumer_build}/consumer_app" RESULT_VARIABLE status
                OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 0 OR NOT output STREQUAL expected_output)
  message(FATAL_ERROR "consumer ${CONSUMER}: the program exited with ${status} and printed\n"
                      "${output}${errors}\ninstead of\n${expected_output}")
endif()
message(STATUS "consumer ${CONSUMER}: built and printed the expected trace")
