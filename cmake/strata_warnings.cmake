# strata_own_target(<target> [WITH_EXCEPTIONS]): strict warnings on a target of this project
# only, as errors when STRATA_WARNINGS_AS_ERRORS is on (by default only when strata is the
# top-level project: a game that builds strata's C API must not fail on a newer compiler's new
# warning). STRATA_NO_EXCEPTIONS turns exceptions off on our targets, except on those given
# WITH_EXCEPTIONS: the C library, whose boundary must catch what C++ callbacks throw, and the
# programs compiled with its internals (docs/c-api.md, "Exceptions").
function(strata_own_target target)
  cmake_parse_arguments(PARSE_ARGV 1 own "WITH_EXCEPTIONS" "" "")
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    if(STRATA_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4)
    if(STRATA_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE /WX)
    endif()
  endif()
  if(own_WITH_EXCEPTIONS)
    # Explicit, so that it also wins over a -fno-exceptions in the flags of an enclosing project.
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
      target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-fexceptions>)
    elseif(MSVC)
      target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:/EHsc>)
    endif()
  elseif(STRATA_NO_EXCEPTIONS AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -fno-exceptions)
  endif()
endfunction()
