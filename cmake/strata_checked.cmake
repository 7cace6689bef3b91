# strata_checked(<target>): builds the target in strata's checked configuration (STRATA_CHECKED=1,
# include/strata/detail/checked.hpp): misuse that is otherwise undefined behaviour aborts with a
# "strata: checked: " message. Our tests, fuzzers and examples use it; the library's users, the
# benchmarks and the demo do not, and the C library (src/) does not either: a program must not mix
# checked and unchecked definitions of the same stack. strata_checked(<target> PUBLIC) also gives
# the definition to what links the target: for a library of ours that instantiates stacks
# (model/'s strata_model), whose users must be checked too.
function(strata_checked target)
  set(scope PRIVATE)
  if(ARGN STREQUAL "PUBLIC")
    set(scope PUBLIC)
  endif()
  target_compile_definitions(${target} ${scope} STRATA_CHECKED=1)
endfunction()
