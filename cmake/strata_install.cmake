# Install rules and the CMake package, so that consumers can find_package(strata CONFIG) and link
# strata::strata, installed or from the build tree. Included after every part was added: a part that installs a library into the
# export set `strata-targets` (the C API, strata::c) joins the same package.
include(CMakePackageConfigHelpers)

set(strata_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/strata)

install(TARGETS strata EXPORT strata-targets)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/strata DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(EXPORT strata-targets NAMESPACE strata:: DESTINATION ${strata_package_dir})
# share/doc/strata/LICENSE. Not CMAKE_INSTALL_DOCDIR: GNUInstallDirs fixes it with the name of
# the first project that includes it, so a game that includes it before adding strata would get
# strata's license in share/doc/<game>/, over its own.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/strata)

# The same package in the build tree, for a project that uses strata without installing it:
# strata_DIR=<strata's build directory>.
export(EXPORT strata-targets NAMESPACE strata:: FILE ${PROJECT_BINARY_DIR}/strata-targets.cmake)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/strata-config.cmake.in
  ${PROJECT_BINARY_DIR}/strata-config.cmake
  INSTALL_DESTINATION ${strata_package_dir})

# Headers alone fit every architecture; a compiled C API ties the package to this one.
set(strata_arch_independent ARCH_INDEPENDENT)
if(TARGET strata::c)
  set(strata_arch_independent "")
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/strata-config-version.cmake
  COMPATIBILITY ${STRATA_PACKAGE_COMPATIBILITY} ${strata_arch_independent})
install(FILES ${PROJECT_BINARY_DIR}/strata-config.cmake
              ${PROJECT_BINARY_DIR}/strata-config-version.cmake
        DESTINATION ${strata_package_dir})
