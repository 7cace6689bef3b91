# strata::imgui: include/strata/imgui_inspector.hpp (R36) with Dear ImGui, when pkg-config finds
# it (Debian's libimgui-dev, which also builds its SDL2 backend). On by default for strata's own
# build (its tests and demo); a project that adds strata with add_subdirectory or FetchContent
# gets the library alone unless it sets STRATA_IMGUI_TARGET=ON, and a project that installed
# strata includes the header and links its own Dear ImGui (docs/debugging.md).
option(STRATA_IMGUI_TARGET "Define strata::imgui, the inspector with Dear ImGui (pkg-config)"
       ${STRATA_TOP_LEVEL})
# Not when cross-compiling: pkg-config would find the build machine's library.
if(STRATA_IMGUI_TARGET AND NOT CMAKE_CROSSCOMPILING)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(strata_dear_imgui QUIET IMPORTED_TARGET imgui)
  endif()
endif()
if(strata_dear_imgui_FOUND)
  add_library(strata_imgui INTERFACE)
  add_library(strata::imgui ALIAS strata_imgui)
  target_link_libraries(strata_imgui INTERFACE strata::strata PkgConfig::strata_dear_imgui)
endif()
