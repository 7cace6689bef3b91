#!/usr/bin/env python3
"""demo/tools/first_dimmed.py: prints the first of the tmux captures (capture-pane -p -e) in
which TEXT is drawn dimmed, or nothing. take_screenshots.sh captures the terminal many times
while a state fades in (R33) and keeps one caught mid-fade, which the terminal draws with A_DIM.
    python3 demo/tools/first_dimmed.py TEXT CAPTURE.ans..."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ansi_to_png import BRIGHT, PLAIN, cells  # noqa: E402  (the same reading of SGR codes)


def dimmed(path, text):
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    for row in cells(lines):
        at = "".join(ch for ch, *_ in row).find(text)
        # ansi_to_png draws a dimmed cell a third as bright: no longer one of the plain shades.
        if at >= 0:
            return row[at][1] not in PLAIN + BRIGHT
    return False


def main(text, paths):
    for path in paths:
        if dimmed(path, text):
            print(path)
            return


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
