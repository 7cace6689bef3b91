# A trap of the find_package consumer test: the library-only install must not look for GTest.
message(FATAL_ERROR "the library-only configuration of strata looked for GTest")
