// bench/scenarios/scenarios.hpp: the timed scenarios, each in its own file, registered for every
// subject by strata_bench's main() (explicitly rather than by static initializers, so that a
// failure to register is an ordinary exception in main).
#pragma once

namespace bench {

void register_s1_frame();
void register_s2_churn();
void register_s3_bulk_push();
void register_s4_deep_pop();
void register_s5_many_stacks();
void register_s8_threads();
void register_s9_save_restore(); // strata_bench_save's, strata only

} // namespace bench
