# STRATA_PCH: our own programs with many translation units (the tests and the C library) compile
# with a precompiled header of strata's headers and the standard headers they include. Parsing those
# headers is a large part of each of our sources' compile: with g++ 12 at -O2, the 53 programs of
# tests/ took 344 s of CPU to compile without it and 238 to 275 s with it (two builds), and CI
# builds the tree four times (default, sanitizers, libc++, MinGW). Never passed on: a project that
# links strata::strata or strata::c gets no precompiled header from it, and a project that adds
# strata as a subproject builds the C library without one. Turned off where a tool reads the compile
# commands without building (clang-tidy, in .ci/steps/05-lint.sh, cannot read a precompiled header
# that was never made). The same step compiles each header, and each source of src/, on its own, so
# that none leans on what the precompiled header brings. Not the examples: each is one source a user
# may copy, and a precompiled header would hide an include it lacks (it saved 5 s of CPU over the 16
# of them). Not the demo's game library: with its header precompiled, g++ 12 at -O2 reports
# -Warray-bounds inside libstdc++ for `std::string + "text"` in its sources (the false positive of
# GCC bug 105329 that demo/CMakeLists.txt already silences as -Wrestrict), which it does not report
# without.
option(STRATA_PCH "Compile strata's tests and C library with a precompiled header"
       ${STRATA_TOP_LEVEL})

# What every group's precompiled header holds: the headers nearly all of our sources include.
set(strata_pch_headers <strata/strata.hpp> <strata/save.hpp> <strata/snapshot_text.hpp>
    <cstddef> <cstdint> <functional> <memory> <stdexcept> <string> <string_view> <utility>
    <vector>)

# strata_precompile(<target> <group> [<header>...]): <target> compiles with the precompiled
# header of <group>. The first target of a group makes it, from strata_pch_headers and the
# <header>s given; every later target of the group reuses that one (REUSE_FROM), and names the same
# <header>s or fails the configure. A group's targets must share their compile flags and
# definitions.
function(strata_precompile target group)
  if(NOT STRATA_PCH)
    return()
  endif()
  get_property(owner GLOBAL PROPERTY strata_pch_owner_${group})
  get_property(owner_headers GLOBAL PROPERTY strata_pch_headers_${group})
  if(owner)
    if(NOT "${ARGN}" STREQUAL "${owner_headers}")
      message(FATAL_ERROR "strata_precompile(${target} ${group} ${ARGN}): the group's header "
                          "is made by ${owner}, with ${owner_headers}; a later target cannot "
                          "change it")
    endif()
    target_precompile_headers(${target} REUSE_FROM ${owner})
  else()
    target_precompile_headers(${target} PRIVATE ${strata_pch_headers} ${ARGN})
    set_property(GLOBAL PROPERTY strata_pch_owner_${group} ${target})
    set_property(GLOBAL PROPERTY strata_pch_headers_${group} "${ARGN}")
  endif()
endfunction()
