#!/usr/bin/env python3
"""docs/tools/trace_screenshot.py DEMO: retakes docs/debugging-trace.png, the picture of a Chrome
trace in docs/debugging.md: the demo's tour traced (--trace), frames 45 to 50 (the title and the
world map entering) drawn by docs/tools/trace_viewer.html in headless Chromium (Debian's
chromium package).

    docs/tools/trace_screenshot.py build/demo/strata-demo
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRAMES = [45, 50]


def main():
    demo = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        trace = work / "tour.json"
        subprocess.run([demo, "--tour", f"--trace={trace}"], check=True,
                       stdout=subprocess.DEVNULL)
        page = (ROOT / "docs" / "tools" / "trace_viewer.html").read_text()
        page = page.replace('/*TRACE*/{"traceEvents": []}/*END*/', trace.read_text().strip())
        page = page.replace("/*FRAMES*/[0, Infinity]/*END*/", json.dumps(FRAMES))
        html = work / "trace.html"
        html.write_text(page)
        shot = ROOT / "docs" / "debugging-trace.png"
        # The flags keep Chromium off the network this machine does not have.
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-quic", "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={work / 'profile'}", "--hide-scrollbars",
                        "--window-size=1400,240", f"--screenshot={shot}", html.as_uri()],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"wrote {shot.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
