#!/usr/bin/env python3
"""Build fonts/ScribeHand-Regular.ttf from Patrick Hand (SIL OFL 1.1).

Input: the npm package @fontsource/patrick-hand 5.3.0 (`npm pack @fontsource/patrick-hand@5.3.0`,
then `tar xzf`), whose `package/files/` holds the Google Fonts subsets as WOFF2. Needs fontTools and
brotli (`pip install fonttools brotli`).

    python3 fonts/build-scribe-hand.py path/to/package/files fonts/ScribeHand-Regular.ttf

What it does, so that every character reads unambiguously at body size:
- merges the `latin` and `latin-ext` subsets into one TrueType (glyf) font;
- capital I (and its accented forms) gets serifs, so it never reads as l or 1;
- the digit zero gets a dot inside, so it never reads as O (a slash would read as Ø);
- adds the micro sign (U+00B5, missing from Patrick Hand) as u with a descender,
  and arrows (U+2190, U+2192) drawn from the en dash and the single guillemets;
- sets the line spacing to 1.24 em (940 above the baseline, 300 below; Patrick Hand has 1.35);
- drops the hinting instructions (stale once outlines change; egui and PDF viewers do not need them);
- renames the family "Scribe Hand" (a Modified Version under the OFL) and says so in the name table.
"""

import sys
import tempfile
from pathlib import Path

from fontTools.merge import Merger
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

FAMILY = "Scribe Hand"
PS_NAME = "ScribeHand-Regular"
VERSION = "1.003-scribe.1"


def woff2_to_ttf(src: Path, dst: Path) -> Path:
    font = TTFont(src)
    font.flavor = None
    font.save(dst)
    return dst


def draw_contours(glyph_set, name, pen, dx=0):
    """Replays glyph `name`'s outline into `pen`, shifted right by dx."""
    from fontTools.pens.transformPen import TransformPen

    glyph_set[name].draw(TransformPen(pen, (1, 0, 0, 1, dx, 0)))


def bar(pen, x0, x1, y0, y1, h):
    """A hand-drawn stroke with round ends from (x0, y0) to (x1, y1), h thick, clockwise."""
    r = h / 2
    pen.moveTo((x0 + r, y0 + r))
    pen.lineTo((x1 - r, y1 + r))
    pen.qCurveTo((x1, y1 + r), (x1, y1))
    pen.qCurveTo((x1, y1 - r), (x1 - r, y1 - r))
    pen.lineTo((x0 + r, y0 - r))
    pen.qCurveTo((x0, y0 - r), (x0, y0))
    pen.qCurveTo((x0, y0 + r), (x0 + r, y0 + r))
    pen.closePath()


def blob(pen, cx, cy, rx, ry):
    """A filled ellipse (clockwise) centred on (cx, cy)."""
    pen.moveTo((cx, cy + ry))
    pen.qCurveTo((cx + rx, cy + ry), (cx + rx, cy))
    pen.qCurveTo((cx + rx, cy - ry), (cx, cy - ry))
    pen.qCurveTo((cx - rx, cy - ry), (cx - rx, cy))
    pen.qCurveTo((cx - rx, cy + ry), (cx, cy + ry))
    pen.closePath()


def set_glyph(font, name, glyph, advance, lsb=None):
    font["glyf"][name] = glyph
    glyph.recalcBounds(font["glyf"])
    font["hmtx"][name] = (advance, glyph.xMin if lsb is None else lsb)


def serif_i(font):
    """Serifs on I and its accented forms: a bar across the top and the bottom of the stem."""
    glyph_set = font.getGlyphSet()
    cmap = font.getBestCmap()
    shift = 42
    for ch in "IÌÍÎÏĨĪĬĮİǏ":
        if ord(ch) not in cmap:
            continue
        name = cmap[ord(ch)]
        advance, _ = font["hmtx"][name]
        pen = TTGlyphPen(glyph_set)
        draw_contours(glyph_set, name, pen, shift)
        # The stem of Patrick Hand's I runs from about x 76..164 (centre 120), y 0..646.
        centre = 120 + shift
        bar(pen, centre - 108, centre + 104, 616, 622, 60)
        bar(pen, centre - 104, centre + 108, 24, 30, 60)
        glyph = pen.glyph()
        set_glyph(font, name, glyph, advance + 2 * shift)


def dotted_zero(font):
    glyph_set = font.getGlyphSet()
    pen = TTGlyphPen(glyph_set)
    draw_contours(glyph_set, "zero", pen)
    # The counter of the zero spans about x 115..332, y 91..593.
    blob(pen, 224, 342, 46, 92)
    set_glyph(font, "zero", pen.glyph(), font["hmtx"]["zero"][0])


def add_glyph(font, name, codepoint, glyph, advance):
    order = font.getGlyphOrder()
    if name not in order:
        order.append(name)
        font.setGlyphOrder(order)
    set_glyph(font, name, glyph, advance)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[codepoint] = name


def micro(font):
    if 0xB5 in font.getBestCmap():
        return
    glyph_set = font.getGlyphSet()
    pen = TTGlyphPen(glyph_set)
    draw_contours(glyph_set, "u", pen)
    # u's left stem is at about x 28..113; carry it down as a descender.
    pen.moveTo((36, 230))
    pen.lineTo((108, 230))
    pen.qCurveTo((104, -120), (88, -196))
    pen.qCurveTo((80, -222), (62, -222))
    pen.qCurveTo((42, -222), (40, -196))
    pen.qCurveTo((32, -120), (36, 230))
    pen.closePath()
    add_glyph(font, "uni00B5", 0xB5, pen.glyph(), font["hmtx"]["u"][0])


def arrows(font):
    """→ and ←: the en dash lengthened, with a guillemet as the head."""
    for name, codepoint, head in (("arrowright", 0x2192, "guilsinglright"), ("arrowleft", 0x2190, "guilsinglleft")):
        shaft = Glyph()
        dash = GlyphComponent()
        dash.glyphName, dash.x, dash.y, dash.flags = "endash", 40, 0, 0
        tip = GlyphComponent()
        # The guillemets' points sit at about y 240, the dash's middle at 237.
        tip.glyphName, tip.y, tip.flags = head, 0, 0
        tip.x = 200 if head == "guilsinglright" else -20
        shaft.components = [dash, tip]
        shaft.numberOfContours = -1
        add_glyph(font, name, codepoint, shaft, 520)


def line_metrics(font):
    """Lines 1.24 em apart instead of 1.35: Patrick Hand's ascent leaves room for stacked
    Vietnamese accents, which the app never shows; the tallest Latin-1 and Extended-A glyphs (ĺ, Ő) fit in 940."""
    ascent, descent = 940, -300
    font["hhea"].ascent, font["hhea"].descent, font["hhea"].lineGap = ascent, descent, 0
    os2 = font["OS/2"]
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, descent, 0
    os2.version = max(os2.version, 4)  # version 4 has the same fields and defines the bit below
    os2.fsSelection |= 1 << 7  # USE_TYPO_METRICS: the same metrics everywhere
    glyf = font["glyf"]
    boxes = [glyf[n] for n in font.getGlyphOrder() if glyf[n].numberOfContours != 0]
    os2.usWinAscent = max(g.yMax for g in boxes)
    os2.usWinDescent = -min(g.yMin for g in boxes)


def rename(font):
    names = font["name"]
    original = names.getDebugName(0)
    for record in list(names.names):
        if record.nameID in (16, 17, 21, 22):
            names.removeNames(nameID=record.nameID)
    names.setName(original + "; modified for Scribe Desk, 2026 (serifed I, dotted zero, µ, arrows)", 0, 3, 1, 0x409)
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName("Regular", 2, 3, 1, 0x409)
    names.setName(f"{VERSION};{PS_NAME}", 3, 3, 1, 0x409)
    names.setName(FAMILY, 4, 3, 1, 0x409)
    names.setName(f"Version {VERSION}", 5, 3, 1, 0x409)
    names.setName(PS_NAME, 6, 3, 1, 0x409)
    names.setName("Patrick Hand by Patrick Wagesreiter, modified for Scribe Desk: serifed I, dotted zero.", 10, 3, 1, 0x409)
    names.removeNames(platformID=1)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: build-scribe-hand.py PATRICK_HAND_FILES_DIR OUT.ttf")
    src, out = Path(sys.argv[1]), Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        parts = [
            woff2_to_ttf(src / f"patrick-hand-{subset}-400-normal.woff2", Path(tmp) / f"{subset}.ttf")
            for subset in ("latin", "latin-ext")
        ]
        modified = TTFont(parts[0])["head"].modified
        font = Merger().merge([str(p) for p in parts])
    serif_i(font)
    dotted_zero(font)
    micro(font)
    arrows(font)
    rename(font)
    options = Options()
    options.hinting = False
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.glyph_names = True
    options.notdef_outline = True
    subsetter = Subsetter(options)
    subsetter.populate(unicodes=font.getBestCmap().keys())
    subsetter.subset(font)
    line_metrics(font)
    # the same input gives the same bytes: keep the original's timestamp
    font.recalcTimestamp = False
    font["head"].modified = modified
    font.save(out)


if __name__ == "__main__":
    main()
