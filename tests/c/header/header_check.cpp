// tests/c/header/header_check.cpp: strata.h compiled as C++ (C++98 and C++20), with the very
// program the C levels compile, so that the header's C linkage is linked against too.
#include "header_check.c"
