# demo/tests/trace_tests.cmake: the tour's Chrome trace (--trace, R36), included by
# CMakeLists.txt: check_trace.py reads it with Python's own JSON parser, checks that every slice
# is whole and nested and that the depth counter follows the steps, and compares the lifecycle
# slices, requests and steps, times masked, with expected/tour_trace.txt.
find_program(DEMO_PYTHON3 python3)
if(DEMO_PYTHON3)
  add_test(NAME demo.script.tour_trace
    COMMAND ${DEMO_PYTHON3} ${demo_tests}/check_trace.py $<TARGET_FILE:strata-demo>
            ${demo_tests}/expected/tour_trace.txt ${CMAKE_CURRENT_BINARY_DIR}/tour_trace.txt)
  set_tests_properties(demo.script.tour_trace PROPERTIES LABELS demo)
else()
  message(STATUS "strata demo: python3 not found, no test of the tour's trace")
endif()
