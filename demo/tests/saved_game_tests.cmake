# demo/tests/saved_game_tests.cmake: the tests of the game saved on quit and continued, included
# by CMakeLists.txt (after demo_run_test and the search for tmux and xvfb-run): golden snapshot
# texts of the tour, saved games continued against the same keys played in one run, saved games
# that cannot be continued, and the terminal and the window saving and continuing.

# Golden snapshot texts: what a save holds at every change of the stack along the tour (the
# text a player's quit would save there), so that a change to what a state saves shows as a diff.
add_test(NAME demo.script.tour_snapshots
  COMMAND ${CMAKE_COMMAND} -DDEMO=$<TARGET_FILE:strata-demo> -DARGS=--tour\;--print-snapshots
          -DEXPECTED=${demo_tests}/expected/tour_snapshots.txt
          -DACTUAL=${CMAKE_CURRENT_BINARY_DIR}/tour_snapshots.txt -DENEMIES=none
          -P ${demo_tests}/check_transcript.cmake)
set_tests_properties(demo.script.tour_snapshots PROPERTIES LABELS demo)

# Each of those saved games comes back whole: continued, and saved again in the frame it was
# restored, it is the same text (every state of the tour, read back as it saved itself).
add_test(NAME demo.script.tour_snapshots_round_trip
  COMMAND sh ${demo_tests}/snapshots_round_trip_test.sh $<TARGET_FILE:strata-demo> ${demo_tests}
          ${CMAKE_CURRENT_BINARY_DIR}/tour_snapshots_round_trip)
set_tests_properties(demo.script.tour_snapshots_round_trip PROPERTIES LABELS demo)

# A game saved and continued (continue_test.sh): continue/<name>.keys played and saved, the text
# compared with expected/saved_<name>.txt; then continued with continue/<name>_then.keys, which
# must play on exactly as the two scripts played in one run. In a level with the inventory open,
# at the boss's question, in a siege round under the pause menu, in the middle of a fireball, at
# a game over, at the siege's victory, at the ending (every state a player can quit in).
foreach(name level dialog siege battle game_over victory ending)
  add_test(NAME demo.continue.${name}
    COMMAND sh ${demo_tests}/continue_test.sh $<TARGET_FILE:strata-demo> ${demo_tests} ${name}
            ${CMAKE_CURRENT_BINARY_DIR}/continue_${name})
  set_tests_properties(demo.continue.${name} PROPERTIES LABELS demo)
endforeach()

# A saved game that cannot be continued starts a new game, and says so in one line (the
# transcript's, and the title's): missing, damaged, saved by a newer version, naming a state this
# program does not know, with a state off its grid, or with a siege phase and no siege below it.
# (A '.' stands for each ';' of the transcript: STDOUT is a list of expressions.)
set(new_game "a new game starts\nframe 47: system \\| title \\| world\\*  world map: 4 places\n")
set(bad_saves
  missing "no saved game in [^\n]*bad_saves/missing.txt"
  damaged "line 4: quoted text without its closing quote"
  newer_level
    "strata: restore\\(\\): state 2 \\('level'\\): saved by version 2, newer than this program's 1"
  unknown_state "strata: restore\\(\\): state 1 \\('dragon'\\): no type is registered as 'dragon'"
  player_off_the_map
    "strata: restore\\(\\): state 2 \\('level'\\): field 'player': '40,3' is not a cell of the 36x11 grid"
  orphan_phase "its fire has no siege_round below it")
list(LENGTH bad_saves count)
math(EXPR last "${count} - 1")
foreach(i RANGE 0 ${last} 2)
  math(EXPR j "${i} + 1")
  list(GET bad_saves ${i} name)
  list(GET bad_saves ${j} why)
  demo_run_test(continue_${name} STATUS 0
    STDOUT "frame 45: system \\| title\\*  assets loaded. music starts. cannot continue: ${why}. ${new_game}"
    ARGS --continue-from ${demo_tests}/bad_saves/${name}.txt --keys "wait 46 enter wait 2")
endforeach()
demo_run_test(continue_notice_on_the_title STATUS 0
  STDOUT "--- screen ---.*press Enter to start\n\n +cannot continue: line 4: quoted text without its closing quote. a new game\n +starts\n"
  ARGS --continue-from ${demo_tests}/bad_saves/damaged.txt --keys "wait 60" --print-screen)
# --continue is the player's saved game: a script or the tour names its own with --continue-from.
demo_run_test(continue_needs_a_player STATUS nonzero STDERR "--continue is a player's"
  ARGS --continue)
demo_run_test(continue_excludes_scripts STATUS nonzero STDERR "excludes"
  ARGS --continue --keys "wait 5")
demo_run_test(help_tells_saved_game STATUS 0
  STDOUT "saved game:.*\\$XDG_DATA_HOME/strata-demo/continue.txt, and --continue.*--continue-from and --save-to"
  ARGS --help)

if(DEMO_TMUX AND TARGET strata-demo AND CURSES_FOUND)
  # The game saved on quit (Ctrl-C, the terminal closed) and continued with --continue; removed
  # by a quit from the title; never read nor written by a scripted run.
  add_test(NAME demo.terminal.continue
    COMMAND sh ${demo_tests}/continue_terminal_test.sh $<TARGET_FILE:strata-demo>)
  set_tests_properties(demo.terminal.continue PROPERTIES LABELS demo TIMEOUT 120)
endif()

if(STRATA_DEMO_SDL AND DEMO_XVFB_RUN)
  # The window continues a saved game and saves one as the headless front end does; a player's
  # window, closed, saves the game it continued, played on.
  add_test(NAME demo.sdl.continue
    COMMAND sh ${demo_tests}/sdl_continue_test.sh $<TARGET_FILE:strata-demo> ${demo_tests}
            ${CMAKE_CURRENT_BINARY_DIR}/sdl_continue)
  set_tests_properties(demo.sdl.continue PROPERTIES LABELS demo TIMEOUT 120)
endif()

# Saved games damaged in every way (a fixed sequence of chance, a few hundred times each) never
# stop the game: each is continued, or a new game starts and says why, and plays on.
add_executable(strata-demo-damaged-saves-check damaged_saves_check.cpp)
target_link_libraries(strata-demo-damaged-saves-check PRIVATE strata_demo_game)
demo_own_target(strata-demo-damaged-saves-check)
file(GLOB demo_saved_games ${demo_tests}/expected/saved_*.txt)
add_test(NAME demo.continue.damaged_saves
  COMMAND strata-demo-damaged-saves-check ${demo_saved_games})
set_tests_properties(demo.continue.damaged_saves PROPERTIES LABELS demo)
