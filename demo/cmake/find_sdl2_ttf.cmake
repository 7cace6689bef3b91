# demo/cmake/find_sdl2_ttf.cmake: looks for SDL2 and SDL2_ttf (CMake packages first, then
# pkg-config, then plain library search) and a monospace font. Sets STRATA_DEMO_SDL and, when
# found, the interface target strata_demo::sdl and STRATA_DEMO_FONT (the default font path).
set(STRATA_DEMO_SDL OFF)
find_package(SDL2 CONFIG QUIET)
if(NOT TARGET SDL2::SDL2)
  return()
endif()

find_package(SDL2_ttf CONFIG QUIET)
if(TARGET SDL2_ttf::SDL2_ttf)
  set(strata_demo_ttf SDL2_ttf::SDL2_ttf)
else()
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(STRATA_DEMO_TTF QUIET IMPORTED_TARGET SDL2_ttf)
  endif()
  if(TARGET PkgConfig::STRATA_DEMO_TTF)
    set(strata_demo_ttf PkgConfig::STRATA_DEMO_TTF)
  else()
    find_library(STRATA_DEMO_TTF_LIBRARY SDL2_ttf)
    find_path(STRATA_DEMO_TTF_INCLUDE SDL_ttf.h PATH_SUFFIXES SDL2)
    if(NOT STRATA_DEMO_TTF_LIBRARY OR NOT STRATA_DEMO_TTF_INCLUDE)
      return()
    endif()
    add_library(strata_demo_ttf_found INTERFACE)
    target_link_libraries(strata_demo_ttf_found INTERFACE ${STRATA_DEMO_TTF_LIBRARY})
    target_include_directories(strata_demo_ttf_found INTERFACE ${STRATA_DEMO_TTF_INCLUDE})
    set(strata_demo_ttf strata_demo_ttf_found)
  endif()
endif()

add_library(strata_demo_sdl INTERFACE)
add_library(strata_demo::sdl ALIAS strata_demo_sdl)
target_link_libraries(strata_demo_sdl INTERFACE SDL2::SDL2 ${strata_demo_ttf})

# Debian's fonts-dejavu-core; --font picks another at run time.
find_file(STRATA_DEMO_FONT DejaVuSansMono.ttf
  PATHS /usr/share/fonts/truetype/dejavu /usr/share/fonts/dejavu /usr/share/fonts/TTF
        /usr/local/share/fonts /Library/Fonts
  NO_DEFAULT_PATH)
if(NOT STRATA_DEMO_FONT)
  set(STRATA_DEMO_FONT "DejaVuSansMono.ttf")
endif()
set(STRATA_DEMO_SDL ON)
