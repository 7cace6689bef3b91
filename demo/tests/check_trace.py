#!/usr/bin/env python3
"""demo/tests/check_trace.py DEMO EXPECTED ACTUAL: plays the tour with --trace and checks the
Chrome trace it writes (strata/trace_chrome.hpp, R36): JSON that Python's own parser reads; every
slice whole (a duration, none left unfinished) and nested within its track, as the trace viewers
draw them; the depth counter at the sizes the steps leave; and, with the times masked, the
lifecycle slices, requests and steps equal to EXPECTED (the pass hooks of every frame are left
out of the golden text: thousands of lines that say nothing the transcript does not).
ACTUAL is where the masked text is written, to diff against EXPECTED when they differ.
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

PASS_HOOKS = {"update", "update_covered", "update_always", "draw"}
EPSILON_US = 0.002  # the exporter writes microseconds with three decimals


def fail(message):
    print(f"check_trace: {message}")
    sys.exit(1)


def check_nesting(events):
    """Each track's slices, by start, must each end before the next starts or contain it."""
    by_track = {}
    for e in events:
        if e["ph"] == "X":
            by_track.setdefault(e["tid"], []).append(e)
    for track, slices in by_track.items():
        open_ends = []
        for s in sorted(slices, key=lambda s: (s["ts"], -s["dur"])):
            while open_ends and open_ends[-1] <= s["ts"] + EPSILON_US:
                open_ends.pop()
            end = s["ts"] + s["dur"]
            if open_ends and end > open_ends[-1] + EPSILON_US:
                fail(f"track {track}: slice {s['name']} at {s['ts']} overlaps the one around it")
            open_ends.append(end)


def check_depths(events):
    """The counter's sizes follow the steps: +1 committed on an enter, -1 on an exit, +1 staged
    on a push, -1 on a pop."""
    committed = staged = None
    for e in events:
        if e["ph"] == "C":
            if committed is not None and (e["args"]["committed"], e["args"]["staged"]) != (
                    committed, staged):
                fail(f"depth counter {e['args']} where the steps say {committed}, {staged}")
            committed, staged = e["args"]["committed"], e["args"]["staged"]
        elif e["ph"] == "i" and e["tid"] == 3 and committed is not None:
            step = e["name"].split(" ", 1)[0]
            committed += {"enter": 1, "exit": -1}.get(step, 0)
            staged += {"push": 1, "pop": -1}.get(step, 0)


def masked(events):
    """One line per lifecycle slice, input slice, request and step, without times."""
    lines = []
    for e in events:
        args = dict(e.get("args", {}))
        if e["ph"] == "X" and (e["tid"] != 1 or args.get("hook") in PASS_HOOKS):
            continue
        if e["ph"] not in ("X", "i"):
            continue
        frame = args.pop("frame", "?")
        described = " ".join(f"{k}={json.dumps(v)}" for k, v in sorted(args.items()))
        lines.append(f"frame {frame} {e['ph']} {e['name']} {described}".rstrip())
    return "\n".join(lines) + "\n"


def main():
    demo, expected, actual = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as folder:
        trace = Path(folder) / "tour.json"
        subprocess.run([demo, "--tour", f"--trace={trace}"], check=True,
                       stdout=subprocess.DEVNULL)
        data = json.loads(trace.read_text())
    events = data["traceEvents"]
    if data.get("displayTimeUnit") != "ms" or not events:
        fail("not a trace: no displayTimeUnit or no events")
    for e in events:
        if not isinstance(e.get("name"), str) or e.get("ph") not in ("X", "i", "C", "M"):
            fail(f"an event without a name or with an unknown phase: {e}")
        if e["ph"] == "X" and (e["dur"] < 0 or e["ts"] < 0 or e["args"].get("unfinished")):
            fail(f"a slice that is not whole: {e}")
    check_nesting(events)
    check_depths(events)
    text = masked(events)
    Path(actual).write_text(text)
    if text != Path(expected).read_text():
        fail(f"the trace differs from {expected}: diff it with {actual}")
    print(f"check_trace: {len(events)} events, {text.count(chr(10))} lines as expected")


if __name__ == "__main__":
    main()
