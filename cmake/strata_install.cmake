# Install rules and the CMake package, so consumers can find_package(strata CONFIG).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS strata EXPORT strata-targets)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/strata DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(EXPORT strata-targets NAMESPACE strata:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/strata)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/strata-config.cmake.in
  ${PROJECT_BINARY_DIR}/strata-config.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/strata)
# A header-only library is the same for every architecture.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/strata-config-version.cmake
  COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/strata-config.cmake
              ${PROJECT_BINARY_DIR}/strata-config-version.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/strata)
