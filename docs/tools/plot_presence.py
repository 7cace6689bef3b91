#!/usr/bin/python3
"""docs/tools/plot_presence.py: draws docs/transitions-presence.svg, the picture of presence over
time in docs/transitions.md, from what examples/presence_curves prints (its checked output,
examples/expected/presence_curves.txt), so the picture shows what the stack does.

    docs/tools/plot_presence.py          # after changing the example or R33: rewrite the SVG

Needs Debian's python3-matplotlib (hence /usr/bin/python3). The SVG is written without a date
and with a fixed hash salt, so the same curves give the same bytes.
"""

from pathlib import Path

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "examples" / "expected" / "presence_curves.txt"
TARGET = ROOT / "docs" / "transitions-presence.svg"

# What each curve of the example shows, and when its request was made (seconds on its axis).
TITLES = {
    "push then pop": ("push<menu>() at 0, pop() at 0.4", [0.0, 0.4]),
    "replace": ("replace<world>() over the title at 0", [0.0]),
    "pop while arriving": ("push<dialog>() at 0, pop() at 0.2: it turns back", [0.0, 0.2]),
}


def read_curves(text):
    """{curve: {state: [(t, presence)]}}; a state missing from a row is not drawn then."""
    curves = {}
    for line in text.splitlines():
        if line.startswith("curve "):
            current = curves.setdefault(line[len("curve "):], {})
            continue
        t, *cells = line.split()
        for name, value in zip(cells[::2], cells[1::2]):
            current.setdefault(name, []).append((float(t), float(value)))
    return curves


def main():
    matplotlib.rcParams["svg.hashsalt"] = "strata"
    curves = read_curves(SOURCE.read_text())
    figure, axes = plt.subplots(1, len(curves), figsize=(12, 3.2), sharey=True)
    for axis, (curve, states) in zip(axes, curves.items()):
        title, requests = TITLES[curve]
        for name, points in states.items():
            times, values = zip(*points)
            # Presence moves at each update: a step after each sample, as a game would see it.
            axis.step(times, values, where="post", marker="o", markersize=3, label=name)
        for when in requests:
            axis.axvline(when, color="grey", linestyle=":", linewidth=1)
        axis.set_title(title, fontsize=9)
        axis.set_xlabel("seconds of update time")
        axis.set_ylim(-0.05, 1.05)
        axis.legend(fontsize=8, loc="best")
    axes[0].set_ylabel("presence")
    figure.tight_layout()
    figure.savefig(TARGET, metadata={"Date": None})


if __name__ == "__main__":
    main()
