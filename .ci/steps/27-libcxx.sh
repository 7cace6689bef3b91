#!/usr/bin/env bash
# CI step: the library, the C API, the examples and every test built by clang++ against LLVM's
# libc++ 14 (Debian's libc++-14-dev), without RTTI and without exceptions (STRATA_NO_EXCEPTIONS:
# errors go to the error handler), and run: CMakePresets.json's `libcxx`. These are the flags
# many game engines build with. libc++ 14 has no <memory_resource> and no std::jthread, as
# Apple's platforms before macOS 14 lack std::pmr: this step keeps strata and its tests free of
# both, and of typeid and dynamic_cast. GoogleTest is built from Debian's sources with the same
# library (STRATA_GTEST_SOURCE); the benchmarks and the demo link libraries built for libstdc++
# and stay out. So do the consumer tests: they build projects of their own, with the compiler
# alone and not the preset's flags, as 10-tests.sh already did with g++ and clang++. (The C API's
# library keeps exceptions, as in every build: its boundary catches what C++ callbacks throw.)
# The Debug build has no debug information (-O0 alone), as in the mingw preset: nothing here reads
# it, and it took a third more time to compile a test (tests/stack_errors_test.cpp: 14.3 s of CPU
# against 10.9).
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

ci_section "preset libcxx: clang++ -stdlib=libc++ -fno-rtti, STRATA_NO_EXCEPTIONS (build-libcxx)"
cmake --preset libcxx >/dev/null
cmake --build --preset libcxx -j "$ci_jobs"
if ldd build-libcxx/tests/stack_requests_test | grep -q 'libstdc++'; then
  echo "the tests link libstdc++: the build did not use libc++" >&2
  exit 1
fi
ctest --preset libcxx -j "$ci_jobs"
