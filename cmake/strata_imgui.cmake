# strata::imgui: include/strata/imgui_inspector.hpp (R36) with Dear ImGui, when pkg-config finds
# it (Debian's libimgui-dev, which also builds its SDL2 backend). Defined for strata's own tests
# and demo and for a project that adds strata with add_subdirectory or FetchContent; a project
# that installed strata includes the header and links its own Dear ImGui (docs/debugging.md).
# Not when cross-compiling: pkg-config would find the build machine's library.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND AND NOT CMAKE_CROSSCOMPILING)
  pkg_check_modules(strata_dear_imgui QUIET IMPORTED_TARGET imgui)
endif()
if(strata_dear_imgui_FOUND)
  add_library(strata_imgui INTERFACE)
  add_library(strata::imgui ALIAS strata_imgui)
  target_link_libraries(strata_imgui INTERFACE strata::strata PkgConfig::strata_dear_imgui)
endif()
