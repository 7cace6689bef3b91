#!/bin/sh
# demo/tests/audio_test.sh: the SDL2 front end plays a script under Xvfb with SDL's disk audio
# driver, which writes the sound to a file instead of a device; the checker listens to it.
#   audio_test.sh DEMO CHECKER SCRIPT OUTPUT.raw MIN_SECONDS MAX_SECONDS
set -eu
demo=$1 checker=$2 keys=$3 out=$4 least=$5 most=$6
rm -f "$out"
# A delay of 0: the driver writes as fast as it is fed instead of at the pace of a sound card.
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=$out SDL_DISKAUDIODELAY=0 \
  xvfb-run -a -s "-screen 0 1280x1024x24" "$demo" --sdl --script "$keys" >/dev/null
"$checker" "$out" "$least" "$most"
