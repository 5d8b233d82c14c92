#!/usr/bin/env python3
"""Renders `stepflow ... --frames --color always` output as PNG pictures, for the README.

    COLORTERM=truecolor stepflow run delivery --auto --commands "tick 2000" \\
        --frames --color always --glyphs unicode | python3 scripts/frames-to-png.py out.png

Frames are laid side by side (--columns N per row). Needs Pillow and the DejaVu Sans Mono font.
Only the SGR sequences stepflow writes are understood; anything else is drawn as text.
"""
import argparse
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
# Braille (the ring, the spinner) is not in the mono face.
WIDE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
PALETTE = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
           (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
           (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
DEFAULT_FG = (230, 230, 230)
DEFAULT_BG = (30, 30, 30)


def indexed(n):
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return (levels[n // 36], levels[n // 6 % 6], levels[n % 6])
    v = 8 + 10 * (n - 232)
    return (v, v, v)


def parse_line(line):
    """Yields (char, fg, bg, bold) for each character of a line with SGR sequences."""
    fg, bg, bold = None, None, False
    pos = 0
    for m in re.finditer(r"\x1b\[([0-9;]*)m|(.)", line):
        if m.group(2) is not None:
            yield m.group(2), fg, bg, bold
            continue
        params = [int(p) if p else 0 for p in m.group(1).split(";")]
        i = 0
        while i < len(params):
            p = params[i]
            if p == 0:
                fg, bg, bold = None, None, False
            elif p == 1:
                bold = True
            elif p == 22:
                bold = False
            elif 30 <= p <= 37:
                fg = PALETTE[p - 30]
            elif 90 <= p <= 97:
                fg = PALETTE[p - 82]
            elif 40 <= p <= 47:
                bg = PALETTE[p - 40]
            elif 100 <= p <= 107:
                bg = PALETTE[p - 92]
            elif p == 39:
                fg = None
            elif p == 49:
                bg = None
            elif p in (38, 48):
                if params[i + 1] == 5:
                    color = indexed(params[i + 2])
                    i += 2
                else:
                    color = tuple(params[i + 2:i + 5])
                    i += 4
                if p == 38:
                    fg = color
                else:
                    bg = color
            i += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("output")
    ap.add_argument("--columns", type=int, default=2)
    ap.add_argument("--size", type=int, default=14)
    args = ap.parse_args()
    frames, current, titles = [], None, []
    for raw in sys.stdin.read().split("\n"):
        header = re.match(r"--- frame (\d+): (.*) ---$", raw)
        if header:
            current = []
            frames.append(current)
            titles.append(f"frame {header.group(1)}: {header.group(2)}")
        elif current is not None:
            current.append(raw)
    for frame in frames:
        while frame and frame[-1] == "":
            frame.pop()
    font = ImageFont.truetype(FONT, args.size)
    bold = ImageFont.truetype(BOLD, args.size)
    wide = ImageFont.truetype(WIDE, args.size)
    cw = int(font.getlength("M"))
    ch = int(args.size * 1.3)
    cols = max(len(f) and max(sum(2 if unicodedata.east_asian_width(c) in "WF" else 1
                                   for c, *_ in parse_line(l)) for l in f) for f in frames)
    cols = max(cols, 80)
    rows = max(len(f) for f in frames)
    fw, fh = cols * cw + 20, rows * ch + 40
    grid = min(args.columns, len(frames))
    image = Image.new("RGB", (fw * grid, fh * ((len(frames) + grid - 1) // grid)), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for n, (frame, title) in enumerate(zip(frames, titles)):
        ox, oy = (n % grid) * fw + 10, (n // grid) * fh + 10
        draw.text((ox, oy), title, fill=(90, 90, 90), font=font)
        oy += ch + 6
        draw.rectangle([ox, oy, ox + cols * cw, oy + rows * ch], fill=DEFAULT_BG)
        for y, line in enumerate(frame):
            x = 0
            for c, fg, bg, b in parse_line(line):
                w = 2 if unicodedata.east_asian_width(c) in "WF" else 1
                if bg:
                    draw.rectangle([ox + x * cw, oy + y * ch, ox + (x + w) * cw, oy + (y + 1) * ch],
                                   fill=bg)
                if c != " ":
                    face = wide if 0x2800 <= ord(c) <= 0x28FF else (bold if b else font)
                    draw.text((ox + x * cw, oy + y * ch + 2), c, fill=fg or DEFAULT_FG, font=face)
                x += w
    image.save(args.output)
    print(f"wrote {args.output}: {len(frames)} frames", file=sys.stderr)


if __name__ == "__main__":
    main()
