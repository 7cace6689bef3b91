// src/c_record.hpp: what a strata_record handle points to: the strata::record a save or load
// callback writes or reads, lent for the length of the call.
#pragma once

#include <strata/record.hpp>
#include <strata/strata_save.h>

struct strata_record {
  strata::record& fields;
};
