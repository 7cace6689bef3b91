// strata/strata.hpp: everything strata offers, in one include.
#pragma once

#include "borrow.hpp"
#include "entry.hpp"
#include "entry_id.hpp"
#include "error.hpp"
#include "memory.hpp"
#include "modality.hpp"
#include "observer.hpp"
#include "options.hpp"
#include "placeholders.hpp"
#include "probe.hpp"
#include "pushed.hpp"
#include "stack.hpp"
#include "stack_view.hpp"
#include "state.hpp"
#include "transition.hpp"
#include "version.h"
