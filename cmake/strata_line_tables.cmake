# strata_line_tables(<target>): in a RelWithDebInfo build (the README's), a test program of ours
# gets line tables only (-g1, which clang also reads as -gline-tables-only) instead of full debug
# information. What reads it needs no more: valgrind's and the sanitizers' reports, and a crash's
# backtrace, name functions, files and lines. Full debug information took a third more time to
# compile a test at -O2 (g++ 12, tests/stack_errors_test.cpp: 17.0 s of CPU against 12.5), in the
# build CI makes first and reuses under valgrind. To step through a test and see its variables,
# build it in Debug, which keeps -g. Only our tests and the harness they share get it: the
# library, its examples, the demo and the C library keep what the build type says.
function(strata_line_tables target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<CONFIG:RelWithDebInfo>:-g1>)
  endif()
endfunction()
