# demo/tests/check_run.cmake: runs the demo once and checks how it ended: its exit status
# (STATUS: a number, or "nonzero") and regular expressions its output must match (STDOUT, a
# list: each must match; STDERR) or must not match (NOT_STDOUT). A run longer than TIME_LIMIT
# seconds (10 by default) fails: bad input must be refused at once, not played.
#   cmake -DDEMO=... -DARGS="--keys;wait 2000000000" -DSTATUS=nonzero -DSTDERR="frames" -P this
if(NOT DEFINED TIME_LIMIT)
  set(TIME_LIMIT 10)
endif()
execute_process(COMMAND ${DEMO} ${ARGS} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE status TIMEOUT ${TIME_LIMIT})
set(shown "strata-demo ${ARGS}\n--- exit: ${status}\n--- stdout:\n${out}\n--- stderr:\n${err}")
if(STATUS STREQUAL "nonzero")
  if(NOT status MATCHES "^[0-9]+$" OR status EQUAL 0)
    message(FATAL_ERROR "expected a non-zero exit status\n${shown}")
  endif()
elseif(NOT status STREQUAL STATUS)
  message(FATAL_ERROR "expected the exit status ${STATUS}\n${shown}")
endif()
foreach(expected IN LISTS STDOUT)
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "stdout does not match '${expected}'\n${shown}")
  endif()
endforeach()
if(DEFINED STDERR AND NOT err MATCHES "${STDERR}")
  message(FATAL_ERROR "stderr does not match '${STDERR}'\n${shown}")
endif()
if(DEFINED NOT_STDOUT AND out MATCHES "${NOT_STDOUT}")
  message(FATAL_ERROR "stdout matches '${NOT_STDOUT}'\n${shown}")
endif()
