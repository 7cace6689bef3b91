# Runs one consumer test: configures, builds and runs tests/consumers/<CONSUMER> with the
# compiler and generator of the build that registered it, in a fresh WORK_DIR, and compares the
# program's output with the expected trace. Before that, the find_package consumer installs
# strata into a prefix of its own by the README's library-only recipe (and checks that it
# installed the header-only library and nothing else), and the fetch_content
# consumer gets a git repository to fetch from. After it, the consumers that build strata as a
# subproject check that strata installs nothing of theirs, and add_subdirectory that
# STRATA_INSTALL=ON installs strata's package as the library-only recipe does. Usage (see CMakeLists.txt beside this):
#   cmake -DCONSUMER=<dir> -DSTRATA_SOURCE_DIR=<src> -DWORK_DIR=<dir> -DCXX_COMPILER=<c++>
#         -DGENERATOR=<gen> [-DMAKE_PROGRAM=<prog>] [-DBUILD_TYPE=<type>]
#         [-DSTRATA_BINARY_DIR=<strata's build dir, left out of fetch_content's repository>]
#         -P run_consumer.cmake
cmake_minimum_required(VERSION 3.20)

foreach(required IN ITEMS CONSUMER STRATA_SOURCE_DIR WORK_DIR CXX_COMPILER GENERATOR)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_consumer.cmake needs -D${required}=...")
  endif()
endforeach()
set(consumer_label "consumer ${CONSUMER}")
include(${CMAKE_CURRENT_LIST_DIR}/consumer_steps.cmake)

# expect_library_only_install(<prefix>): <prefix> holds strata's header-only library and
# nothing else: its headers, its CMake package and its license. Any other file, the C API's
# libraries above all, is a part the library-only install should have left out.
function(expect_library_only_install prefix)
  file(GLOB_RECURSE installed RELATIVE "${prefix}" "${prefix}/*")
  set(unexpected "")
  foreach(file IN LISTS installed)
    if(NOT file MATCHES "^(include/strata/|lib[^/]*/cmake/strata/|share/doc/strata/LICENSE$)")
      list(APPEND unexpected "${file}")
    endif()
  endforeach()
  if(unexpected)
    string(REPLACE ";" ", " unexpected "${unexpected}")
    fail("the install of the header-only library installed more: ${unexpected}")
  endif()
  if(NOT "share/doc/strata/LICENSE" IN_LIST installed)
    fail("the install has no share/doc/strata/LICENSE")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
set(consumer_args "-DSTRATA_SOURCE_DIR=${STRATA_SOURCE_DIR}" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)

if(CONSUMER STREQUAL "find_package")
  # The README's recipe: the library alone, installed with nothing but CMake and a compiler.
  # library_only_modules/ holds a Find module for each package a part of strata's build would
  # look for (GoogleTest, Google Benchmark, ncurses): each one fails the configuration.
  set(prefix "${WORK_DIR}/prefix")
  run("configuring strata" ${CMAKE_COMMAND} -S "${STRATA_SOURCE_DIR}" -B "${WORK_DIR}/strata"
      ${toolchain} -DSTRATA_LIBRARY_ONLY=ON
      "-DCMAKE_MODULE_PATH=${CMAKE_CURRENT_LIST_DIR}/library_only_modules")
  run("building strata" ${CMAKE_COMMAND} --build "${WORK_DIR}/strata")
  run("installing strata" ${CMAKE_COMMAND} --install "${WORK_DIR}/strata" --prefix "${prefix}")
  expect_library_only_install("${prefix}")
  list(APPEND consumer_args "-DCMAKE_PREFIX_PATH=${prefix}" "-DSTRATA_PREFIX=${prefix}")
elseif(CONSUMER STREQUAL "fetch_content")
  # The README's snippet pins a commit of a git repository. There is no network here, so the
  # repository is made from the tree under test, as it is now (committed or not, less what its
  # .gitignore leaves out), in one commit.
  find_program(GIT git REQUIRED)
  set(repository "${WORK_DIR}/strata.git")
  set(git "${GIT}" "--git-dir=${repository}" "--work-tree=${STRATA_SOURCE_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  run("git init" ${git} init -q)
  # A build folder inside the source tree that .gitignore does not list (out/,
  # cmake-build-debug/) would go into the commit: this build's own, which holds the repository
  # being made, must not.
  if(STRATA_BINARY_DIR)
    file(REAL_PATH "${STRATA_SOURCE_DIR}" source_dir)
    file(REAL_PATH "${STRATA_BINARY_DIR}" binary_dir)
    file(RELATIVE_PATH binary_in_source "${source_dir}" "${binary_dir}")
    if(NOT binary_in_source STREQUAL "" AND NOT binary_in_source MATCHES "^\\.\\./"
       AND NOT IS_ABSOLUTE "${binary_in_source}")
      file(APPEND "${repository}/info/exclude" "/${binary_in_source}/\n")
    endif()
  endif()
  run("git add" ${git} add -A)
  run("git commit" ${git} -c user.name=strata -c user.email=strata@invalid
      -c commit.gpgsign=false commit -q --no-verify -m "the tree under test")
  execute_process(COMMAND ${git} rev-parse HEAD OUTPUT_VARIABLE commit
                  OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  list(APPEND consumer_args "-DSTRATA_GIT_REPOSITORY=${repository}"
       "-DSTRATA_GIT_COMMIT=${commit}")
endif()

set(consumer_build "${WORK_DIR}/build")
run("configuring the consumer" ${CMAKE_COMMAND} -S "${CMAKE_CURRENT_LIST_DIR}/${CONSUMER}"
    -B "${consumer_build}" ${toolchain} ${consumer_args})
run("building the consumer" ${CMAKE_COMMAND} --build "${consumer_build}")

execute_process(COMMAND "${consumer_build}/consumer_app" RESULT_VARIABLE status
                OUTPUT_VARIABLE output ERROR_VARIABLE errors)
if(NOT status EQUAL 0 OR NOT output STREQUAL expected_output)
  fail("the program exited with ${status} and printed\n${output}${errors}\ninstead of\n"
       "${expected_output}")
endif()

# How the consumer's compiler saw strata's headers: as SYSTEM where the consumer asked for it
# as the README says, as plain headers where warnings in them must show.
set(strata_include "${STRATA_SOURCE_DIR}/include")
if(GENERATOR MATCHES "Makefiles|Ninja")
  file(READ "${consumer_build}/compile_commands.json" commands)
  string(FIND "${commands}" "-isystem ${strata_include}" as_system)
  string(FIND "${commands}" "-I${strata_include}" as_plain)
  if(CONSUMER STREQUAL "add_subdirectory" AND (as_system EQUAL -1 OR NOT as_plain EQUAL -1))
    fail("strata's headers were not SYSTEM headers:\n${commands}")
  elseif(CONSUMER STREQUAL "strict_warnings" AND (as_plain EQUAL -1 OR NOT as_system EQUAL -1))
    fail("strata's headers were SYSTEM headers, whose warnings the compiler hides:\n${commands}")
  endif()
endif()

# A game that builds strata as a subproject installs its own files, not strata's.
if(NOT CONSUMER STREQUAL "find_package")
  set(consumer_prefix "${WORK_DIR}/consumer-prefix")
  run("installing the consumer" ${CMAKE_COMMAND} --install "${consumer_build}"
      --prefix "${consumer_prefix}")
  file(GLOB_RECURSE installed RELATIVE "${consumer_prefix}" "${consumer_prefix}/*")
  if(installed)
    string(REPLACE ";" ", " installed "${installed}")
    fail("installing the consumer installed strata's files: ${installed}")
  endif()
endif()

# Asked to, with STRATA_INSTALL=ON, it installs strata's files where strata's package has them.
if(CONSUMER STREQUAL "add_subdirectory")
  run("configuring the consumer with STRATA_INSTALL=ON" ${CMAKE_COMMAND} -S
      "${CMAKE_CURRENT_LIST_DIR}/${CONSUMER}" -B "${consumer_build}" -DSTRATA_INSTALL=ON)
  set(strata_prefix "${WORK_DIR}/consumer-strata-prefix")
  run("installing the consumer with STRATA_INSTALL=ON" ${CMAKE_COMMAND} --install
      "${consumer_build}" --prefix "${strata_prefix}")
  expect_library_only_install("${strata_prefix}")
endif()
message(STATUS "consumer ${CONSUMER}: built, printed the expected trace, passed its checks")
