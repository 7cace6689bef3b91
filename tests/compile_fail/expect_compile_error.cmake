# tests/compile_fail/expect_compile_error.cmake: cmake -P script behind a compile-fail ctest.
# Compiles SOURCE twice with COMPILER: as is, it must fail with EXPECTED in the diagnostics;
# with -DSTRATA_CONTROL it must compile, so that the failure is known to come from the right place.
foreach(variable IN ITEMS COMPILER SOURCE INCLUDE_DIR EXPECTED)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "expect_compile_error.cmake needs -D${variable}=...")
  endif()
endforeach()

set(compile ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE_DIR} ${SOURCE})

execute_process(COMMAND ${compile} -DSTRATA_CONTROL
  RESULT_VARIABLE control_result OUTPUT_VARIABLE control_out ERROR_VARIABLE control_err)
if(NOT control_result EQUAL 0)
  message(FATAL_ERROR "the control build of ${SOURCE} failed, so the check proves nothing:\n"
                      "${control_out}${control_err}")
endif()

execute_process(COMMAND ${compile}
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
string(FIND "${out}${err}" "${EXPECTED}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "${SOURCE} failed to compile, but without \"${EXPECTED}\":\n${out}${err}")
endif()
message(STATUS "${SOURCE} was rejected with \"${EXPECTED}\"")
