# Shared by the consumer projects: builds app/main.cpp against strata::strata, however the
# consumer obtained it, checks that the target asks nothing of a consumer but C++20, and that the
# headers are the version CMake reports (project(VERSION) in strata's CMakeLists.txt).

set(strata_consumer_app_dir ${CMAKE_CURRENT_LIST_DIR})

# strata_consumer_app(<version>): <version> is the version CMake reports for strata, which
# main.cpp compares with the headers' STRATA_VERSION_* at compile time.
function(strata_consumer_app version)
  if(NOT version MATCHES "^([0-9]+)\\.([0-9]+)\\.([0-9]+)$")
    message(FATAL_ERROR "CMake reports strata's version as '${version}', not major.minor.patch")
  endif()
  set(expected EXPECTED_MAJOR=${CMAKE_MATCH_1} EXPECTED_MINOR=${CMAKE_MATCH_2}
               EXPECTED_PATCH=${CMAKE_MATCH_3})
  foreach(property IN ITEMS INTERFACE_COMPILE_OPTIONS INTERFACE_COMPILE_DEFINITIONS
                            INTERFACE_LINK_OPTIONS INTERFACE_LINK_LIBRARIES)
    get_target_property(value strata::strata ${property})
    if(value)
      message(FATAL_ERROR "strata::strata imposes ${property} on consumers: ${value}")
    endif()
  endforeach()
  get_target_property(features strata::strata INTERFACE_COMPILE_FEATURES)
  if(NOT features STREQUAL "cxx_std_20")
    message(FATAL_ERROR "strata::strata should require exactly cxx_std_20, has: ${features}")
  endif()

  # No CMAKE_CXX_STANDARD here: C++20 must come from strata::strata itself.
  add_executable(consumer_app ${strata_consumer_app_dir}/main.cpp)
  target_link_libraries(consumer_app PRIVATE strata::strata)
  target_compile_definitions(consumer_app PRIVATE ${expected})
endfunction()

# For consumers that build strata as part of their own tree: strata must add the library and
# nothing else (no tests, examples, benchmarks, demo, fuzzers, C API), leave our flags alone, and
# not make its own warnings errors in our build (should we turn its C API on).
function(strata_consumer_expect_library_only strata_dir flags_before)
  get_directory_property(warnings_as_errors DIRECTORY ${strata_dir}
                         DEFINITION STRATA_WARNINGS_AS_ERRORS)
  if(NOT warnings_as_errors STREQUAL "OFF")
    message(FATAL_ERROR "strata as a subproject should default STRATA_WARNINGS_AS_ERRORS to OFF, "
                        "not '${warnings_as_errors}'")
  endif()
  get_directory_property(targets DIRECTORY ${strata_dir} BUILDSYSTEM_TARGETS)
  get_directory_property(parts DIRECTORY ${strata_dir} SUBDIRECTORIES)
  if(NOT targets STREQUAL "strata" OR parts)
    message(FATAL_ERROR "strata as a subproject should add only its library; "
                        "targets: ${targets}; subdirectories: ${parts}")
  endif()
  if(NOT CMAKE_CXX_FLAGS STREQUAL flags_before)
    message(FATAL_ERROR "adding strata changed CMAKE_CXX_FLAGS to '${CMAKE_CXX_FLAGS}'")
  endif()
endfunction()

# strata_consumer_subproject_app(<strata source dir> <CMAKE_CXX_FLAGS before adding strata>): for
# consumers that added strata to their own tree, checks it added only the library
# (strata_consumer_expect_library_only), then builds the program against the version strata's
# project() set in its own directory scope, where add_subdirectory and FetchContent leave it.
function(strata_consumer_subproject_app strata_dir flags_before)
  strata_consumer_expect_library_only(${strata_dir} "${flags_before}")
  get_directory_property(version DIRECTORY ${strata_dir} DEFINITION strata_VERSION)
  strata_consumer_app("${version}")
endfunction()
