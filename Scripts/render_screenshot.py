#!/usr/bin/env python3
"""Renders a tmux `capture-pane -e -p -N` capture to a PNG that looks like a terminal window.

    render_screenshot.py CAPTURE.ansi OUT.png --cols 80 --rows 24 [--cursor "X Y FLAG"]

The capture is the pane's text with SGR escape sequences (colours and attributes); tmux carries
the current attributes over from one line to the next, and so does this parser. Wide characters
(CJK, most emoji) take two cells, combining marks join the previous cell, box-drawing lines are
drawn as lines so they join up like in a real terminal, and the cursor is a block (drawn only
when the pane says the cursor is visible).

Needs Pillow and a monospace font (DejaVu Sans Mono by default; --font to choose another).
"""

import argparse
import os
import re
import subprocess
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

# A dark theme (close to the Tango palette most Linux terminals ship), 16 ANSI colours.
DEFAULT_FG = (0xD3, 0xD7, 0xCF)
DEFAULT_BG = (0x1E, 0x1F, 0x22)
CURSOR = (0xD3, 0xD7, 0xCF)
ANSI16 = [
    (0x2E, 0x34, 0x36), (0xEF, 0x45, 0x45), (0x6A, 0xBF, 0x3A), (0xE0, 0xB7, 0x2B),
    (0x4E, 0x8A, 0xD6), (0xAD, 0x7F, 0xA8), (0x2A, 0xB7, 0xB9), (0xD3, 0xD7, 0xCF),
    (0x6B, 0x70, 0x6E), (0xFF, 0x6B, 0x6B), (0x8A, 0xE2, 0x34), (0xFC, 0xE9, 0x4F),
    (0x72, 0x9F, 0xCF), (0xD0, 0x9F, 0xCB), (0x34, 0xE2, 0xE2), (0xEE, 0xEE, 0xEC),
]

FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts"]


def xterm256(index):
    """The RGB of colour `index` in the xterm 256-colour palette."""
    if index < 16:
        return ANSI16[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[index // 36], steps[(index // 6) % 6], steps[index % 6])
    level = 8 + 10 * (index - 232)
    return (level, level, level)


class Attrs:
    """The graphic rendition in effect: colours (None = default) and attributes."""

    __slots__ = ("fg", "bg", "bold", "dim", "italic", "underline", "blink", "reverse",
                 "hidden", "strike", "overline", "ul_color")

    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None
        self.bg = None
        self.bold = self.dim = self.italic = self.blink = False
        self.reverse = self.hidden = self.strike = self.overline = False
        self.underline = 0  # 0 none, 1 single, 2 double, 3 curly, 4 dotted, 5 dashed
        self.ul_color = None

    def copy(self):
        other = Attrs()
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        return other


def parse_extended_color(params, i):
    """Parses `5;n` or `2;r;g;b` after a 38/48/58 at params[i]; returns (colour, next index)."""
    if i + 1 < len(params) and params[i + 1] == 5 and i + 2 < len(params):
        return xterm256(params[i + 2] % 256), i + 3
    if i + 1 < len(params) and params[i + 1] == 2 and i + 4 < len(params):
        r, g, b = params[i + 2:i + 5]
        return (r % 256, g % 256, b % 256), i + 5
    return None, len(params)


def apply_sgr(attrs, text):
    """Applies the parameters of one `ESC [ ... m` sequence to `attrs`."""
    if text == "":
        attrs.reset()
        return
    # Colon sub-parameters (38:2::r:g:b, 4:3) are folded into the semicolon form.
    params = []
    for group in text.split(";"):
        if ":" in group:
            parts = [p for p in group.split(":")]
            head = int(parts[0] or 0)
            rest = [int(p) for p in parts[1:] if p != ""]
            if head in (38, 48, 58) and rest and rest[0] == 2 and len(rest) == 5:
                rest = [2] + rest[2:]  # 38:2:colourspace:r:g:b
            if head == 4:
                params.append(("ul", rest[0] if rest else 1))
                continue
            params.extend([head] + rest)
        else:
            params.append(int(group or 0))
    i = 0
    while i < len(params):
        p = params[i]
        if isinstance(p, tuple):
            attrs.underline = p[1]
            i += 1
            continue
        if p == 0:
            attrs.reset()
        elif p == 1:
            attrs.bold = True
        elif p == 2:
            attrs.dim = True
        elif p == 3:
            attrs.italic = True
        elif p == 4:
            attrs.underline = 1
        elif p in (5, 6):
            attrs.blink = True
        elif p == 7:
            attrs.reverse = True
        elif p == 8:
            attrs.hidden = True
        elif p == 9:
            attrs.strike = True
        elif p == 21:
            attrs.underline = 2
        elif p == 22:
            attrs.bold = attrs.dim = False
        elif p == 23:
            attrs.italic = False
        elif p == 24:
            attrs.underline = 0
        elif p == 25:
            attrs.blink = False
        elif p == 27:
            attrs.reverse = False
        elif p == 28:
            attrs.hidden = False
        elif p == 29:
            attrs.strike = False
        elif 30 <= p <= 37:
            attrs.fg = ANSI16[p - 30]
        elif p in (38, 48, 58):
            colour, i = parse_extended_color(params, i)
            if p == 38:
                attrs.fg = colour
            elif p == 48:
                attrs.bg = colour
            else:
                attrs.ul_color = colour
            continue
        elif p == 39:
            attrs.fg = None
        elif 40 <= p <= 47:
            attrs.bg = ANSI16[p - 40]
        elif p == 49:
            attrs.bg = None
        elif p == 53:
            attrs.overline = True
        elif p == 55:
            attrs.overline = False
        elif p == 59:
            attrs.ul_color = None
        elif 90 <= p <= 97:
            attrs.fg = ANSI16[p - 90 + 8]
        elif 100 <= p <= 107:
            attrs.bg = ANSI16[p - 100 + 8]
        i += 1


def char_width(ch):
    """Cells taken by `ch`: 0 for combining marks and joiners, 2 for wide, else 1."""
    if ch in "\u200b\u200c\u200d\u2060\ufeff" or 0xFE00 <= ord(ch) <= 0xFE0F \
            or 0xE0100 <= ord(ch) <= 0xE01EF:
        return 0
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    return 1


ESCAPE = re.compile(r"\x1b(?:\[([0-9;:?<=>]*)([@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


def parse_capture(data, cols, rows):
    """The grid: rows of cells, each (text, Attrs) or None for the right half of a wide char."""
    attrs = Attrs()
    grid = []
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for line in lines[:rows]:
        row = []
        pos = 0
        while pos < len(line):
            ch = line[pos]
            if ch == "\x1b":
                match = ESCAPE.match(line, pos)
                if match is None:
                    pos += 1
                    continue
                if match.group(2) == "m":
                    apply_sgr(attrs, match.group(1) or "")
                pos = match.end()
                continue
            pos += 1
            if ch == "\r" or (ord(ch) < 0x20 and ch != "\t"):
                continue
            if ch == "\t":
                while len(row) < cols and (len(row) == 0 or len(row) % 8 != 0):
                    row.append((" ", attrs.copy()))
                continue
            width = char_width(ch)
            if width == 0:
                # Joins the last real cell (combining accents, emoji modifiers, ZWJ sequences).
                for k in range(len(row) - 1, -1, -1):
                    if row[k] is not None:
                        row[k] = (row[k][0] + ch, row[k][1])
                        break
                continue
            if len(row) + width > cols:
                continue
            row.append((ch, attrs.copy()))
            if width == 2:
                row.append(None)
        # Cells past the end of what was written were never drawn: default colours.
        while len(row) < cols:
            row.append((" ", Attrs()))
        grid.append(row[:cols])
    while len(grid) < rows:
        grid.append([(" ", Attrs()) for _ in range(cols)])
    return grid


def find_font(name):
    if os.path.isabs(name) and os.path.exists(name):
        return name
    for directory in FONT_DIRS:
        for root, _, files in os.walk(directory):
            if name in files:
                return os.path.join(root, name)
    return None


class Fonts:
    """The four faces of the main font, plus per-character fallbacks found with fontconfig."""

    def __init__(self, regular, size):
        self.size = size
        path = find_font(regular)
        if path is None:
            sys.exit(f"render_screenshot: font {regular} not found (install fonts-dejavu-core)")
        base = path[:-4]
        faces = {}
        for key, suffixes in {
            (False, False): [""],
            (True, False): ["-Bold"],
            (False, True): ["-Oblique", "-Italic"],
            (True, True): ["-BoldOblique", "-BoldItalic"],
        }.items():
            faces[key] = None
            for suffix in suffixes:
                candidate = base + suffix + ".ttf"
                if os.path.exists(candidate):
                    faces[key] = ImageFont.truetype(candidate, size)
                    break
            if faces[key] is None:
                faces[key] = ImageFont.truetype(path, size)
        self.faces = faces
        self.regular = faces[(False, False)]
        self.fallbacks = {}
        self.notdef = self._mask_bytes(self.regular, "\U0010FFFD")

    @staticmethod
    def _mask_bytes(font, text):
        mask = font.getmask(text)
        return (mask.size, bytes(mask))

    def has_glyph(self, font, text):
        return self._mask_bytes(font, text) != self.notdef

    def face(self, text, bold, italic):
        font = self.faces[(bold, italic)]
        ch = text[0]
        if ch == " " or ord(ch) < 0x2500 or self.has_glyph(font, ch):
            return font
        if ch not in self.fallbacks:
            self.fallbacks[ch] = self._fallback(ch) or font
        return self.fallbacks[ch]

    def _fallback(self, ch):
        try:
            out = subprocess.run(
                ["fc-list", f":charset={ord(ch):x}", "file"],
                capture_output=True, text=True, timeout=5).stdout.split("\n")
            # Prefer a monospace face, then any that has the character.
            files = [line.rstrip(": ").strip() for line in out if line.strip()]
            files.sort(key=lambda f: ("Mono" not in f, f))
            out = files[0] if files else ""
        except (OSError, subprocess.SubprocessError):
            return None
        if not out or not os.path.exists(out):
            return None
        try:
            font = ImageFont.truetype(out, self.size)
        except OSError:
            try:  # Bitmap colour emoji fonts only come in fixed sizes.
                font = ImageFont.truetype(out, 109)
            except OSError:
                return None
        return font


# Box drawing: for each character the arms (up, right, down, left) as 0 none, 1 light, 2 heavy,
# 3 double. Drawn as lines through the cell so neighbours join without gaps.
BOX = {}


def _box(chars, arms):
    for ch, arm in zip(chars, arms):
        BOX[ch] = arm


_box("─━│┃", [(0, 1, 0, 1), (0, 2, 0, 2), (1, 0, 1, 0), (2, 0, 2, 0)])
_box("┌┐└┘├┤┬┴┼", [(0, 1, 1, 0), (0, 0, 1, 1), (1, 1, 0, 0), (1, 0, 0, 1), (1, 1, 1, 0),
                   (1, 0, 1, 1), (0, 1, 1, 1), (1, 1, 0, 1), (1, 1, 1, 1)])
_box("┏┓┗┛┣┫┳┻╋", [(0, 2, 2, 0), (0, 0, 2, 2), (2, 2, 0, 0), (2, 0, 0, 2), (2, 2, 2, 0),
                   (2, 0, 2, 2), (0, 2, 2, 2), (2, 2, 0, 2), (2, 2, 2, 2)])
_box("═║╔╗╚╝╠╣╦╩╬", [(0, 3, 0, 3), (3, 0, 3, 0), (0, 3, 3, 0), (0, 0, 3, 3), (3, 3, 0, 0),
                     (3, 0, 0, 3), (3, 3, 3, 0), (3, 0, 3, 3), (0, 3, 3, 3), (3, 3, 0, 3),
                     (3, 3, 3, 3)])
ROUNDED = {"╭": (0, 1, 1, 0), "╮": (0, 0, 1, 1), "╰": (1, 1, 0, 0), "╯": (1, 0, 0, 1)}
BLOCKS = {"█": (0, 0, 1, 1), "▀": (0, 0, 1, 0.5), "▄": (0, 0.5, 1, 1), "▌": (0, 0, 0.5, 1),
          "▐": (0.5, 0, 1, 1)}
SHADES = {"░": 0.25, "▒": 0.5, "▓": 0.75}


def draw_box(draw, ch, x, y, w, h, colour):
    """Draws box-drawing and block characters geometrically; False when `ch` is not one."""
    light = max(1, round(w / 10))
    heavy = light * 2 + 1
    cx, cy = x + (w - light) // 2, y + (h - light) // 2
    if ch in BLOCKS:
        x0, y0, x1, y1 = BLOCKS[ch]
        draw.rectangle([x + round(x0 * w), y + round(y0 * h), x + round(x1 * w) - 1,
                        y + round(y1 * h) - 1], fill=colour)
        return True
    if ch in SHADES:
        return False  # drawn by the caller as a blend
    if ch in ROUNDED:
        up, right, down, left = ROUNDED[ch]
        radius = min(w, h) // 2
        # An arc from the middle of one edge to the middle of the other, then straight arms.
        mx, my = cx + light // 2, cy + light // 2
        if right and down:
            box = [mx, my, mx + 2 * radius, my + 2 * radius]
            start = 180
        elif left and down:
            box = [mx - 2 * radius, my, mx, my + 2 * radius]
            start = 270
        elif up and right:
            box = [mx, my - 2 * radius, mx + 2 * radius, my]
            start = 90
        else:
            box = [mx - 2 * radius, my - 2 * radius, mx, my]
            start = 0
        draw.arc(box, start, start + 90, fill=colour, width=light)
        def bar(x0, y0, x1, y1):
            if x1 >= x0 and y1 >= y0:
                draw.rectangle([x0, y0, x1, y1], fill=colour)

        if down:
            bar(cx, my + radius, cx + light - 1, y + h - 1)
        if up:
            bar(cx, y, cx + light - 1, my - radius)
        if right:
            bar(mx + radius, cy, x + w - 1, cy + light - 1)
        if left:
            bar(x, cy, mx - radius, cy + light - 1)
        return True
    if ch not in BOX:
        return False
    up, right, down, left = BOX[ch]

    def span(kind, length):
        """The [start, end] offsets across the cell of a line of this kind (double: two)."""
        if kind == 3:
            first = (length - 3 * light) // 2
            return [(first, first + light - 1), (first + 2 * light, first + 3 * light - 1)]
        t = heavy if kind == 2 else light
        first = (length - t) // 2
        return [(first, first + t - 1)]

    # Where the horizontal and vertical strokes lie, so arms stop inside the crossing line.
    h_kind = max(left, right)
    v_kind = max(up, down)
    h_spans = span(h_kind, h) if h_kind else [((h - 1) // 2, (h - 1) // 2)]
    v_spans = span(v_kind, w) if v_kind else [((w - 1) // 2, (w - 1) // 2)]
    h_top, h_bottom = h_spans[0][0], h_spans[-1][1]
    v_left, v_right = v_spans[0][0], v_spans[-1][1]
    for kind, y0, y1 in ((up, 0, h_bottom if h_kind else (h - 1) // 2),
                         (down, h_top if h_kind else (h - 1) // 2, h - 1)):
        if kind:
            for a, b in span(kind, w):
                draw.rectangle([x + a, y + y0, x + b, y + y1], fill=colour)
    for kind, x0, x1 in ((left, 0, v_right if v_kind else (w - 1) // 2),
                         (right, v_left if v_kind else (w - 1) // 2, w - 1)):
        if kind:
            for a, b in span(kind, h):
                draw.rectangle([x + x0, y + a, x + x1, y + b], fill=colour)
    return True


def blend(a, b, amount):
    return tuple(round(a[i] * (1 - amount) + b[i] * amount) for i in range(3))


def resolve_colours(attrs):
    fg = attrs.fg if attrs.fg is not None else DEFAULT_FG
    bg = attrs.bg if attrs.bg is not None else DEFAULT_BG
    if attrs.reverse:
        fg, bg = bg, fg
    if attrs.dim:
        fg = blend(fg, bg, 0.45)
    if attrs.hidden:
        fg = bg
    return fg, bg


def render(grid, cols, rows, cursor, fonts, padding, out_path):
    ascent, descent = fonts.regular.getmetrics()
    cell_w = round(fonts.regular.getlength("M"))
    cell_h = ascent + descent + 2  # a little line spacing, like most terminals
    baseline = 1 + ascent
    width = cols * cell_w + 2 * padding
    height = rows * cell_h + 2 * padding
    image = Image.new("RGB", (width, height), DEFAULT_BG)
    draw = ImageDraw.Draw(image)

    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            text, attrs = cell
            span = 2 if c + 1 < cols and row[c + 1] is None else 1
            x = padding + c * cell_w
            y = padding + r * cell_h
            w = span * cell_w
            fg, bg = resolve_colours(attrs)
            if cursor is not None and cursor == (c, r):
                fg, bg = DEFAULT_BG, CURSOR
            if bg != DEFAULT_BG:
                draw.rectangle([x, y, x + w - 1, y + cell_h - 1], fill=bg)
            if text in SHADES:
                draw.rectangle([x, y, x + w - 1, y + cell_h - 1],
                               fill=blend(bg, fg, SHADES[text]))
            elif text != " " and not draw_box(draw, text, x, y, w, cell_h, fg):
                font = fonts.face(text, attrs.bold, attrs.italic)
                if font is fonts.faces[(attrs.bold, attrs.italic)] or \
                        getattr(font, "size", fonts.size) == fonts.size:
                    draw.text((x, y + baseline), text, font=font, fill=fg, anchor="ls")
                else:
                    # A fixed-size fallback (colour emoji): draw large, scale into the cell.
                    glyph = Image.new("RGBA", (font.size * 2, font.size * 2), (0, 0, 0, 0))
                    ImageDraw.Draw(glyph).text((0, 0), text, font=font, embedded_color=True)
                    box = glyph.getbbox()
                    if box:
                        glyph = glyph.crop(box)
                        scale = min(w / glyph.width, cell_h / glyph.height)
                        glyph = glyph.resize((max(1, round(glyph.width * scale)),
                                              max(1, round(glyph.height * scale))))
                        image.paste(glyph, (x + (w - glyph.width) // 2,
                                            y + (cell_h - glyph.height) // 2), glyph)
            line_colour = attrs.ul_color or fg
            underline_y = y + baseline + max(1, descent // 2)
            if attrs.underline:
                draw.line([x, underline_y, x + w - 1, underline_y], fill=line_colour)
                if attrs.underline == 2:
                    draw.line([x, underline_y + 2, x + w - 1, underline_y + 2], fill=line_colour)
            if attrs.strike:
                strike_y = y + baseline - ascent // 3
                draw.line([x, strike_y, x + w - 1, strike_y], fill=fg)
            if attrs.overline:
                draw.line([x, y, x + w - 1, y], fill=fg)
    image.save(out_path, optimize=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("capture", help="output of tmux capture-pane -e -p (-N)")
    parser.add_argument("output", help="PNG to write")
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--cursor", default="", help='"X Y FLAG" from tmux display -p')
    parser.add_argument("--font", default="DejaVuSansMono.ttf")
    parser.add_argument("--size", type=int, default=16)
    parser.add_argument("--padding", type=int, default=14)
    args = parser.parse_args()

    with open(args.capture, encoding="utf-8", errors="replace") as handle:
        data = handle.read()
    grid = parse_capture(data, args.cols, args.rows)
    cursor = None
    parts = args.cursor.split()
    if len(parts) == 3 and parts[2] == "1":
        cursor = (int(parts[0]), int(parts[1]))
    fonts = Fonts(args.font, args.size)
    render(grid, args.cols, args.rows, cursor, fonts, args.padding, args.output)


if __name__ == "__main__":
    main()
