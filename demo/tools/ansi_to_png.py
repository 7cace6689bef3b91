#!/usr/bin/env python3
"""demo/tools/ansi_to_png.py: draws a terminal screen captured with `tmux capture-pane -p -e`
(text with SGR colour codes) as a PNG, one monospace cell per character, for docs/.
Needs Pillow (Debian: python3-pil) and a monospace font (fonts-dejavu-core).
    tmux capture-pane -p -e -t demo > screen.ans
    python3 demo/tools/ansi_to_png.py screen.ans docs/demo-terminal.png"""
import re
import sys

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
# The same shades as the SDL2 front end: plain, then bright (bold).
PLAIN = [(0, 0, 0), (190, 40, 40), (40, 170, 60), (200, 160, 30),
         (40, 70, 190), (170, 60, 170), (40, 160, 180), (200, 200, 200)]
BRIGHT = [(100, 100, 100), (255, 85, 85), (85, 255, 85), (255, 255, 85),
          (100, 130, 255), (255, 85, 255), (85, 255, 255), (255, 255, 255)]
SGR = re.compile(r"\x1b\[([0-9;]*)m")


class Pen:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg, self.bg, self.bold, self.dim = 7, 0, False, False

    def apply(self, codes):
        params = [int(p) if p else 0 for p in codes.split(";")] if codes else [0]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                self.reset()
            elif p == 1:
                self.bold = True
            elif p == 2:
                self.dim = True
            elif p == 22:
                self.bold = self.dim = False
            elif 30 <= p <= 37:
                self.fg = p - 30
            elif 90 <= p <= 97:
                self.fg, self.bold = p - 90, True
            elif p == 39:
                self.fg = 7
            elif 40 <= p <= 47:
                self.bg = p - 40
            elif p == 49:
                self.bg = 0
            elif p in (38, 48):  # extended colours: not used by the demo, skipped
                i += 2 if i + 1 < len(params) and params[i + 1] == 5 else 4
            i += 1

    def colours(self):
        fg = (BRIGHT if self.bold else PLAIN)[self.fg]
        bg = PLAIN[self.bg]
        if self.dim:
            fg, bg = tuple(c // 3 for c in fg), tuple(c // 3 for c in bg)
        return fg, bg


def cells(lines):
    pen = Pen()  # tmux writes only changes, so the state runs on across lines
    for line in lines:
        row, at = [], 0
        for match in SGR.finditer(line):
            row += [(ch, *pen.colours(), pen.bold) for ch in line[at:match.start()]]
            pen.apply(match.group(1))
            at = match.end()
        row += [(ch, *pen.colours(), pen.bold) for ch in line[at:]]
        yield row


def main(source, target):
    lines = open(source, encoding="utf-8", errors="replace").read().split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    grid = list(cells(lines))
    fonts = {False: ImageFont.truetype(FONT, 16), True: ImageFont.truetype(BOLD_FONT, 16)}
    w, h = int(fonts[False].getlength("M")), 19
    columns = max(len(row) for row in grid)
    image = Image.new("RGB", (columns * w, len(grid) * h), PLAIN[0])
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(grid):
        for x, (ch, fg, bg, bold) in enumerate(row):
            if bg != PLAIN[0]:
                draw.rectangle([x * w, y * h, (x + 1) * w - 1, (y + 1) * h - 1], fill=bg)
            if ch != " ":
                draw.text((x * w, y * h), ch, font=fonts[bold], fill=fg)
    image.save(target)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
