# Checks cmake/strata_version_policy.cmake for a 0.x and a later version: what a find_package
# request accepts and the shared C library's SOVERSION (docs/versioning.md). Usage:
#   cmake -DSTRATA_SOURCE_DIR=<src> -P version_policy.cmake
cmake_minimum_required(VERSION 3.20)

function(expect_policy version compatibility soversion)
  string(REPLACE "." ";" parts "${version}")
  list(GET parts 0 strata_VERSION_MAJOR)
  list(GET parts 1 strata_VERSION_MINOR)
  include(${STRATA_SOURCE_DIR}/cmake/strata_version_policy.cmake)
  if(NOT STRATA_PACKAGE_COMPATIBILITY STREQUAL compatibility
     OR NOT STRATA_SOVERSION STREQUAL soversion)
    message(FATAL_ERROR "version ${version}: package ${STRATA_PACKAGE_COMPATIBILITY}, SOVERSION "
                        "${STRATA_SOVERSION}; expected ${compatibility}, ${soversion}")
  endif()
endfunction()

expect_policy(0.1.0 SameMinorVersion 0.1)
expect_policy(0.12.3 SameMinorVersion 0.12)
expect_policy(1.0.0 SameMajorVersion 1)
expect_policy(2.5.1 SameMajorVersion 2)
