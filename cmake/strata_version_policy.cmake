# What a release promises, decided from strata's version (docs/versioning.md, "What each release
# may change"): while the major version is 0, a minor release may break the API and the C
# library's ABI, so a package request accepts the same minor version only and the shared C
# library's SOVERSION is major.minor; from 1.0 on, the same major version and the major alone.
#   STRATA_PACKAGE_COMPATIBILITY: for write_basic_package_version_file (strata_install.cmake)
#   STRATA_SOVERSION: for the SOVERSION of the shared C library (src/CMakeLists.txt)
if(strata_VERSION_MAJOR EQUAL 0)
  set(STRATA_PACKAGE_COMPATIBILITY SameMinorVersion)
  set(STRATA_SOVERSION ${strata_VERSION_MAJOR}.${strata_VERSION_MINOR})
else()
  set(STRATA_PACKAGE_COMPATIBILITY SameMajorVersion)
  set(STRATA_SOVERSION ${strata_VERSION_MAJOR})
endif()
