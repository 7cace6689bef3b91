# Shared by run_consumer.cmake and run_c_consumer.cmake: the toolchain and the expected output of
# every consumer, how a consumer test fails and how it runs its commands. Each script sets
# consumer_label (what its failures start with) first.

if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()
# What every consumer's program prints (tests/consumers/app/main.cpp, c_library/main.c).
set(expected_output "greeter*\nenter update exit\n")
# The same toolchain for strata's own build or install and for the consumer.
set(toolchain -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
              "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}")
if(MAKE_PROGRAM)
  list(APPEND toolchain "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()

# fail(<text>...): ends the test with the text.
function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "${consumer_label}: ${text}")
endfunction()

# run(<what> <command>...): runs the command; fails with its output if it fails, and leaves what
# it printed in `ran` otherwise.
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message("${output}") # unformatted, unlike the text of FATAL_ERROR
    fail("${what} failed (${status})")
  endif()
  set(ran "${output}" PARENT_SCOPE)
endfunction()
