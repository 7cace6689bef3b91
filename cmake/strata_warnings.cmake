# strata_own_target(<target> [WITH_EXCEPTIONS]): strict warnings, as errors, on a target of this
# project only. STRATA_NO_EXCEPTIONS turns exceptions off on our targets, except on those given
# WITH_EXCEPTIONS: the C library, whose boundary must catch what C++ callbacks throw, and the
# programs compiled with its internals (docs/c-api.md, "Exceptions").
function(strata_own_target target)
  cmake_parse_arguments(PARSE_ARGV 1 own "WITH_EXCEPTIONS" "" "")
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4 /WX)
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
