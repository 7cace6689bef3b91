# Runs one example and compares what it prints with the transcript it must print.
#   cmake -DPROGRAM=<exe> -DEXPECTED=<expected.txt> -DACTUAL=<where to save the output>
#         [-DEMULATOR=<what runs PROGRAM, e.g. wine for a cross-compiled one>] -P compare_output.cmake
# Fails if the program exits non-zero, writes to stderr, or prints anything else than EXPECTED.
# Line endings are compared without carriage returns, so a checkout with CRLF still passes.
# On a mismatch the output is saved to ACTUAL, to diff or to copy over EXPECTED after a change
# that is meant.
cmake_minimum_required(VERSION 3.20)

foreach(required IN ITEMS PROGRAM EXPECTED ACTUAL)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "compare_output.cmake needs -D${required}=...")
  endif()
endforeach()

execute_process(COMMAND ${EMULATOR} ${PROGRAM} RESULT_VARIABLE status OUTPUT_VARIABLE actual
                ERROR_VARIABLE errors)
file(READ ${EXPECTED} expected)
string(REPLACE "\r" "" actual "${actual}")
string(REPLACE "\r" "" expected "${expected}")

if(NOT status EQUAL 0 OR NOT errors STREQUAL "")
  message(FATAL_ERROR "${PROGRAM} exited with ${status}; on stderr:\n${errors}")
endif()
if(actual STREQUAL expected)
  file(REMOVE ${ACTUAL})
  return()
endif()

file(WRITE ${ACTUAL} "${actual}")

# Splits off the first line of a text (not through a CMake list, which would also split at ';').
function(take_line text_var line_var)
  string(FIND "${${text_var}}" "\n" end)
  if(end EQUAL -1)
    set(${line_var} "${${text_var}}" PARENT_SCOPE)
    set(${text_var} "" PARENT_SCOPE)
  else()
    string(SUBSTRING "${${text_var}}" 0 ${end} line)
    math(EXPR next "${end} + 1")
    string(SUBSTRING "${${text_var}}" ${next} -1 rest)
    set(${line_var} "${line}" PARENT_SCOPE)
    set(${text_var} "${rest}" PARENT_SCOPE)
  endif()
endfunction()

# Point at the first line that differs, which is what a reader needs first.
set(line 1)
while(TRUE)
  take_line(actual got)
  take_line(expected want)
  if(NOT got STREQUAL want)
    break()
  endif()
  math(EXPR line "${line} + 1")
  if(actual STREQUAL "" AND expected STREQUAL "")
    message(FATAL_ERROR "${PROGRAM} printed the lines of ${EXPECTED} with other line breaks "
                        "at the end; whole output saved to ${ACTUAL}")
  endif()
endwhile()
message(FATAL_ERROR "${PROGRAM} printed something else than ${EXPECTED}\n"
                    "first difference, line ${line}:\n"
                    "  expected: ${want}\n"
                    "  printed:  ${got}\n"
                    "whole output saved to ${ACTUAL}")
