// strata/placeholders.hpp: the context type of a stack that needs none, and the event type of a
// stack that handles no events.
#pragma once

namespace strata {

struct no_context {};
struct no_event {};

} // namespace strata
