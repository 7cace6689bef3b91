# demo/tests/check_transcript.cmake: runs the demo headless and compares its transcript with the
# expected file exactly. With ENEMIES=moved|still it also checks the enemy positions reported
# when the level was first covered against those when it was on top again; with still (a pause
# menu) also that the music beat went on under it. MUST_DIFFER=ON inverts the comparison
# (another seed must give another run).
#   cmake -DDEMO=... -DARGS="--script;f.keys" -DEXPECTED=... -DACTUAL=... -DENEMIES=none -P this
execute_process(COMMAND ${DEMO} ${ARGS} OUTPUT_FILE ${ACTUAL} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "strata-demo ${ARGS} exited with ${status}")
endif()
file(READ ${ACTUAL} actual)
file(READ ${EXPECTED} expected)

if(MUST_DIFFER)
  if(actual STREQUAL expected)
    message(FATAL_ERROR "another seed replayed ${EXPECTED} exactly")
  endif()
  return()
endif()

if(NOT actual STREQUAL expected)
  execute_process(COMMAND diff -u ${EXPECTED} ${ACTUAL})
  message(FATAL_ERROR "the transcript differs from ${EXPECTED} (actual: ${ACTUAL}); "
                      "if the change is intended, run demo/tests/update_expected.sh")
endif()

if(ENEMIES STREQUAL "moved" OR ENEMIES STREQUAL "still")
  string(REGEX MATCH "level covered; enemies at ([^;\n]*)" covered "${actual}")
  set(before "${CMAKE_MATCH_1}")
  string(REGEX MATCH "level on top again; enemies at ([^;\n]*)" uncovered "${actual}")
  set(after "${CMAKE_MATCH_1}")
  if(before STREQUAL "" OR after STREQUAL "")
    message(FATAL_ERROR "the transcript does not report the enemies around an overlay")
  endif()
  if(ENEMIES STREQUAL "moved" AND before STREQUAL after)
    message(FATAL_ERROR "the enemies did not move under the live overlay: ${before}")
  endif()
  if(ENEMIES STREQUAL "still" AND NOT before STREQUAL after)
    message(FATAL_ERROR "the enemies moved under the freeze overlay: ${before} -> ${after}")
  endif()
endif()

# The freeze stops the level, not the music: system's update_always keeps the beat.
if(ENEMIES STREQUAL "still")
  string(REGEX MATCH "; paused at beat ([0-9]+)" paused "${actual}")
  set(paused_beat "${CMAKE_MATCH_1}")
  string(REGEX MATCH "unpaused at beat ([0-9]+)" unpaused "${actual}")
  set(unpaused_beat "${CMAKE_MATCH_1}")
  if(paused_beat STREQUAL "" OR unpaused_beat STREQUAL "")
    message(FATAL_ERROR "the transcript does not report the beat around the pause menu")
  endif()
  if(NOT unpaused_beat GREATER paused_beat)
    message(FATAL_ERROR "the music stopped under the pause menu: beat ${paused_beat} -> "
                        "${unpaused_beat}")
  endif()
endif()
