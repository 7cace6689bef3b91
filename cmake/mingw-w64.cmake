# Toolchain file: Windows x86-64 programs built by Debian's MinGW-w64 cross compiler (the posix
# thread model, which has std::thread) and run under wine, as .ci/steps/28-mingw.sh does:
#   cmake -S . -B build-mingw --toolchain cmake/mingw-w64.cmake
# Programs are linked statically, so that wine needs no MinGW DLL beside them.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(strata_mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${strata_mingw}-gcc-posix)
set(CMAKE_CXX_COMPILER ${strata_mingw}-g++-posix)
set(CMAKE_RC_COMPILER ${strata_mingw}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${strata_mingw})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
# wine64 itself rather than Debian's `wine` script, which writes to stderr that wine32 is
# missing; WINEDEBUG=-all quiets wine's own messages, since the examples' tests fail on any
# output to stderr.
find_program(STRATA_WINE NAMES wine64 PATHS /usr/lib/wine)
if(STRATA_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_COMMAND} -E env WINEDEBUG=-all ${STRATA_WINE})
endif()
