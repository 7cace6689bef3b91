# Runs one consumer test of the C library (tests/consumers/c_library): builds strata's library and
# C API alone (STRATA_LIBRARY_ONLY=ON, STRATA_BUILD_C_API=ON) with this build's compilers, then
# builds and runs the C program against it as VARIANT says:
# - static: strata::c static, installed, found with find_package(strata COMPONENTS c);
# - shared: the same with BUILD_SHARED_LIBS=ON; the library must export strata_* alone, unload
#   at dlclose(), and work from Python through cffi reading the installed strata.h;
# - build_tree: strata::c static, found in strata's build tree (strata_DIR);
# - pkg_config: strata::c static, installed, and the program compiled by the C compiler alone
#   with what `pkg-config --cflags --libs strata_c` says.
# build_tree and pkg_config take the static variant's build and install (STATIC_WORK_DIR, that
# test's WORK_DIR; a ctest fixture runs it first) rather than building the same library again.
# Usage (see CMakeLists.txt beside this):
#   cmake -DVARIANT=<variant> -DSTRATA_SOURCE_DIR=<src> -DWORK_DIR=<dir> -DCXX_COMPILER=<c++>
#         -DC_COMPILER=<cc> -DGENERATOR=<gen> [-DMAKE_PROGRAM=<prog>]
#         [-DSTATIC_WORK_DIR=<dir>] -P run_c_consumer.cmake
cmake_minimum_required(VERSION 3.20)

foreach(required IN ITEMS VARIANT STRATA_SOURCE_DIR WORK_DIR CXX_COMPILER C_COMPILER GENERATOR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_c_consumer.cmake needs -D${required}=...")
  endif()
endforeach()

set(consumer_label "C library consumer (${VARIANT})")
include(${CMAKE_CURRENT_LIST_DIR}/consumer_steps.cmake)
list(APPEND toolchain "-DCMAKE_C_COMPILER=${C_COMPILER}")

function(expect_program_output program)
  execute_process(COMMAND ${ARGN} ${program} RESULT_VARIABLE status OUTPUT_VARIABLE output
                  ERROR_VARIABLE errors)
  if(NOT status EQUAL 0 OR NOT output STREQUAL expected_output)
    fail("${program} exited with ${status} and printed\n${output}${errors}\ninstead of\n"
         "${expected_output}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
set(shared OFF)
if(VARIANT STREQUAL "shared")
  set(shared ON)
endif()
if(VARIANT MATCHES "^(build_tree|pkg_config)$")
  if(NOT DEFINED STATIC_WORK_DIR)
    fail("the variant ${VARIANT} takes the static variant's build: -DSTATIC_WORK_DIR=...")
  endif()
  set(strata_build "${STATIC_WORK_DIR}/strata")
  set(prefix "${STATIC_WORK_DIR}/prefix")
else()
  set(strata_build "${WORK_DIR}/strata")
  set(prefix "${WORK_DIR}/prefix")
  run("configuring strata" ${CMAKE_COMMAND} -S "${STRATA_SOURCE_DIR}" -B "${strata_build}"
      ${toolchain} -DSTRATA_LIBRARY_ONLY=ON -DSTRATA_BUILD_C_API=ON -DBUILD_SHARED_LIBS=${shared})
  run("building strata" ${CMAKE_COMMAND} --build "${strata_build}")
  run("installing strata" ${CMAKE_COMMAND} --install "${strata_build}" --prefix "${prefix}")
endif()

if(VARIANT STREQUAL "pkg_config")
  find_program(PKG_CONFIG NAMES pkg-config pkgconf REQUIRED)
  file(GLOB pc_file "${prefix}/lib*/pkgconfig/strata_c.pc" "${prefix}/lib/*/pkgconfig/strata_c.pc")
  if(NOT pc_file)
    fail("the install has no lib/pkgconfig/strata_c.pc")
  endif()
  get_filename_component(pc_dir "${pc_file}" DIRECTORY)
  run("pkg-config" ${CMAKE_COMMAND} -E env "PKG_CONFIG_PATH=${pc_dir}" ${PKG_CONFIG}
      --cflags --libs strata_c)
  separate_arguments(flags UNIX_COMMAND "${ran}")
  # Only the flags pkg-config gave: the program goes before them, so that the linker still
  # needs what they name when it reaches them.
  file(MAKE_DIRECTORY "${WORK_DIR}/build")
  run("compiling the program with the C compiler and pkg-config's flags" ${C_COMPILER} -std=c89
      -pedantic -o "${WORK_DIR}/build/c_app" "${CMAKE_CURRENT_LIST_DIR}/c_library/main.c"
      ${flags})
  expect_program_output("${WORK_DIR}/build/c_app")
  message(STATUS "C library consumer (${VARIANT}): built with pkg-config's flags and ran")
  return()
endif()

set(consumer_args "-DSTRATA_C_SHARED=${shared}")
if(VARIANT STREQUAL "build_tree")
  list(APPEND consumer_args "-Dstrata_DIR=${strata_build}")
else()
  list(APPEND consumer_args "-DCMAKE_PREFIX_PATH=${prefix}")
endif()
set(consumer_build "${WORK_DIR}/build")
run("configuring the consumer" ${CMAKE_COMMAND} -S "${CMAKE_CURRENT_LIST_DIR}/c_library"
    -B "${consumer_build}" ${toolchain} ${consumer_args})
run("building the consumer" ${CMAKE_COMMAND} --build "${consumer_build}")
expect_program_output("${consumer_build}/c_app")

if(shared)
  file(GLOB library "${prefix}/lib*/libstrata_c.so" "${prefix}/lib/*/libstrata_c.so")
  if(NOT library)
    fail("the install has no libstrata_c.so")
  endif()
  # The library must export the C API and nothing else.
  find_program(NM nm REQUIRED)
  run("nm" ${NM} -D --defined-only "${library}")
  string(REGEX MATCHALL "[^\n]+" symbols "${ran}")
  set(stray "")
  foreach(line IN LISTS symbols)
    if(NOT line MATCHES " strata_[a-z_0-9]+$" AND NOT line MATCHES " A [A-Za-z_0-9.]+$")
      list(APPEND stray "${line}")
    endif()
  endforeach()
  if(stray)
    string(REPLACE ";" "\n" stray "${stray}")
    fail("libstrata_c.so exports more than strata_*:\n${stray}")
  endif()
  run("unloading the library" "${consumer_build}/unload" "${library}")
  if(NOT ran STREQUAL "unloaded\n")
    fail("the unload program printed '${ran}'")
  endif()
  # Python's cffi reads the installed strata.h after the preprocessing step of docs/c-api.md and
  # drives the library through it.
  find_program(PYTHON3 python3 REQUIRED)
  run("python3 with cffi (Debian: python3-cffi)" ${PYTHON3} -c "import cffi")
  run("driving the library from Python's cffi" ${PYTHON3}
      "${CMAKE_CURRENT_LIST_DIR}/c_library/cffi_check.py" "${C_COMPILER}" "${prefix}/include"
      "${library}")
  if(NOT ran STREQUAL expected_output)
    fail("cffi_check.py printed\n${ran}\ninstead of\n${expected_output}")
  endif()
  # And the program runs against the installed library, not a copy in the build.
  run("ldd" ldd "${consumer_build}/c_app")
  if(NOT ran MATCHES "libstrata_c[.]so")
    fail("c_app does not load libstrata_c.so:\n${ran}")
  endif()
endif()
message(STATUS "C library consumer (${VARIANT}): built, printed the expected trace, passed")
