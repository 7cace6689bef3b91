#!/bin/sh
# demo/tests/update_expected.sh: rewrites demo/tests/expected/*.txt from the current game (the
# transcripts, the tour's snapshots, the saved games), after a deliberate change of the game's
# behaviour or of what its states save. Review the diff before keeping it.
#   demo/tests/update_expected.sh build/demo/strata-demo
set -eu
demo=${1:?usage: update_expected.sh path/to/strata-demo}
here=$(cd "$(dirname "$0")" && pwd)
for keys in "$here"/scripts/*.keys; do
  name=$(basename "$keys" .keys)
  [ "$name" = title ] && continue # the SDL screenshot's script, no transcript
  "$demo" --script "$keys" >"$here/expected/$name.txt"
done
"$demo" --tour >"$here/expected/tour.txt"
"$demo" --script "$here/scripts/siege.keys" --print-screen >"$here/expected/siege_map.txt"
"$demo" --tour --print-snapshots >"$here/expected/tour_snapshots.txt"
for keys in "$here"/continue/*.keys; do
  name=$(basename "$keys" .keys)
  case $name in *_then) continue ;; esac # played after the saved game, by continue_test.sh
  "$demo" --script "$keys" --save-to "$here/expected/saved_$name.txt" >/dev/null
done
