# Shared by the consumer projects: builds app/main.cpp against strata::strata, however the
# consumer obtained it, and checks that the target asks nothing of a consumer but C++20.

set(strata_consumer_app_dir ${CMAKE_CURRENT_LIST_DIR})

function(strata_consumer_app)
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
endfunction()

# For consumers that build strata as part of their own tree: strata must add the library and
# nothing else (no tests, examples, benchmarks, demo, fuzzers, C API) and leave our flags alone.
function(strata_consumer_expect_library_only strata_dir flags_before)
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
