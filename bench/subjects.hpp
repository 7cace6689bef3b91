// bench/subjects.hpp: every contender under the scenario interface, strata first, so that a
// scenario registers itself once for all of them.
#pragma once

#include "baselines/array_manager.hpp"
#include "baselines/hand_loop.hpp"
#include "baselines/linked_chain.hpp"
#include "baselines/pending_list.hpp"
#include "strata_subject.hpp"
#include "subject.hpp"

namespace bench {

template <subject... Subjects>
struct subject_list {
  // Calls f.template operator()<S>() for each subject S.
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Subjects>(), ...);
  }
};

using all_subjects = subject_list<strata_subject, hand_loop_subject, linked_chain_subject,
                                  pending_list_subject, array_manager_subject>;

} // namespace bench
