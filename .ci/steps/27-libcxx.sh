#!/usr/bin/env bash
# CI step: the library, the C API, the examples and every test built by clang++ against LLVM's
# libc++ 14 (Debian's libc++-14-dev) and without RTTI, and run. libc++ 14 has no
# <memory_resource> and no std::jthread, as Apple's platforms before macOS 14 lack std::pmr: this
# step keeps strata and its tests free of both, and of typeid and dynamic_cast. GoogleTest is built from Debian's sources with the same library
# (STRATA_GTEST_SOURCE); the benchmarks and the demo link libraries built for libstdc++ and stay
# out.
# shellcheck source=.ci/lib.sh
source "$(dirname "$0")/../lib.sh"

build="build-libcxx"
libcxx="-stdlib=libc++"

ci_section "clang++ $libcxx -fno-rtti ($build, Debug)"
ci_configure "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_C_COMPILER=clang "-DCMAKE_CXX_FLAGS=$libcxx -fno-rtti" \
  "-DCMAKE_EXE_LINKER_FLAGS=$libcxx" \
  "-DCMAKE_SHARED_LINKER_FLAGS=$libcxx" -DSTRATA_GTEST_SOURCE=/usr/src/googletest \
  -DSTRATA_BUILD_BENCHMARKS=OFF -DSTRATA_BUILD_DEMO=OFF >/dev/null
ci_build "$build"

ci_section "ctest (every test linked against libc++)"
if ldd "$build/tests/stack_requests_test" | grep -q 'libstdc++'; then
  echo "the tests link libstdc++: the build did not use libc++" >&2
  exit 1
fi
ci_test "$build"
