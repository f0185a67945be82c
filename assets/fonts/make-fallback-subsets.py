#!/usr/bin/env python3
"""Makes the fallback font subsets that draw display names in any script (see README.md).

Run from this directory with fonttools and Pillow installed (`pip install fonttools pillow`)
and the Debian packages fonts-noto-core 20201225-1, fonts-noto-cjk 1:20220127+repack1-1 and
fonts-noto-color-emoji 2.042-0+deb12u1. The build never runs this: the outputs are committed.

Each subset is made with fonttools' pyftsubset (called as `fontTools.subset.main`, so every
argument list below is exactly a `pyftsubset` command line), then renamed: a subset is a
modified version, so it carries a name of its own (name IDs 1, 3, 4, 6, 16 and 17 go).
"""

import io
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

NOTO = "/usr/share/fonts/truetype/noto"
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

# Every subset keeps all its OpenType layout features (rustybuzz shapes with them: Arabic
# joining, Indic reordering, mark positioning, emoji sequences) and drops hinting.
COMMON = ["--layout-features=*", "--no-hinting", "--notdef-outline", "--drop-tables+=DSIG"]


def pyftsubset(source, output, unicodes, extra=()):
    args = [source, f"--output-file={output}", f"--unicodes={unicodes}", *COMMON, *extra]
    print("pyftsubset", " ".join(args), file=sys.stderr)
    subset.main(args)


def rename(path, family, style):
    """Gives the subset at `path` the family name `family` in every name record that says it."""
    font = TTFont(path)
    postscript = f"{family.replace(' ', '')}-{style}"
    names = {1: family, 3: postscript, 4: f"{family} {style}", 6: postscript, 2: style}
    table = font["name"]
    table.names = [n for n in table.names if n.nameID not in (16, 17)]
    for record in table.names:
        if record.nameID in names:
            record.string = names[record.nameID]
    font.save(path)


# Greek, Cyrillic and the Latin, punctuation and symbol blocks "Oaq Text" leaves out.
EXTRA = ",".join(
    [
        "U+0180-024F", "U+0250-02FF", "U+0300-036F", "U+0370-03FF", "U+0400-052F",
        "U+1AB0-1AFF", "U+1C80-1C8F", "U+1D00-1DBF", "U+1DC0-1DFF", "U+1E00-1EFF",
        "U+1F00-1FFF", "U+2000-206F", "U+2070-209F", "U+20A0-20CF", "U+2100-214F",
        "U+2150-218F", "U+2C60-2C7F", "U+2DE0-2DFF", "U+A640-A69F", "U+A720-A7FF",
        "U+AB30-AB6F", "U+FB00-FB06", "U+FFFD",
    ]
)

# Whole script blocks (with the punctuation and digits each script's font carries).
SCRIPTS = {
    "Arabic": "U+0600-06FF,U+0750-077F,U+0870-089F,U+08A0-08FF,U+FB50-FDFF,U+FE70-FEFF",
    "Hebrew": "U+0590-05FF,U+FB1D-FB4F",
    "Thai": "U+0E00-0E7F",
    "Devanagari": "U+0900-097F,U+A8E0-A8FF,U+1CD0-1CFF",
}


def common_han():
    """The commonest Han characters, as U+ codes: the union of GB 2312 level 1 (3,755 simplified),
    JIS X 0208 level 1 (2,965 Japanese) and Big5 level 1 (5,401 traditional), 7,174 in all."""

    def decoded(codec, leads, trails):
        for lead in leads:
            for trail in trails:
                try:
                    text = bytes([lead, trail]).decode(codec)
                except UnicodeDecodeError:
                    continue
                if len(text) == 1:
                    yield text

    def han(chars):
        return {c for c in chars if 0x3400 <= ord(c) <= 0x9FFF or 0xF900 <= ord(c) <= 0xFAFF}

    trail = range(0xA1, 0xFF)
    big5_level_1 = {
        c
        for c in decoded("big5", range(0xA4, 0xC7), [*range(0x40, 0x7F), *range(0xA1, 0xFF)])
        if b"\xa4\x40" <= c.encode("big5") <= b"\xc6\x7e"
    }
    chars = (
        han(decoded("gb2312", range(0xB0, 0xD8), trail))
        | han(big5_level_1)
        | han(decoded("euc_jp", range(0xB0, 0xD0), trail))
    )
    return ",".join(f"U+{ord(c):04X}" for c in sorted(chars))


# Arrows, technical symbols, enclosed alphanumerics, box drawing, shapes, miscellaneous symbols,
# dingbats and their supplements: the ★ ✿ ♡ ⓐ ① of display names that have no emoji form.
SYMBOLS = (
    "U+2190-21FF,U+2300-23FF,U+2460-24FF,U+2500-257F,U+2580-259F,U+25A0-25FF,U+2600-26FF,"
    "U+2700-27BF,U+27F0-27FF,U+2900-297F,U+2B00-2BFF,U+1F100-1F1FF,U+1F300-1F5FF,"
    "U+1F650-1F67F,U+1F780-1F7FF,U+1F800-1F8FF,U+1FB00-1FBFF"
)

# Every Hangul syllable and jamo, kana, CJK punctuation, Bopomofo, enclosed and full-width forms.
CJK_BLOCKS = (
    "U+1100-11FF,U+2E80-2FDF,U+3000-303F,U+3040-30FF,U+3100-312F,U+3130-318F,U+3190-31FF,"
    "U+3200-32FF,U+A960-A97F,U+AC00-D7A3,U+D7B0-D7FF,U+FE30-FE4F,U+FF00-FFEF"
)


def emoji(output, factor=4):
    """Noto Color Emoji with every bitmap shrunk `factor` times (109 px per em to 27).

    The pictures draw emoji at 15–26 px, so the 136 × 128 bitmaps are four times what they
    need; each is resized (Lanczos), reduced to 64 colours and stored again as PNG with its
    metrics scaled.
    """
    from PIL import Image

    font = TTFont(f"{NOTO}/NotoColorEmoji.ttf")
    for strike, data in zip(font["CBLC"].strikes, font["CBDT"].strikeData):
        size = strike.bitmapSizeTable
        size.ppemX = size.ppemY = size.ppemX // factor
        for line in (size.hori, size.vert):
            for field in ("ascender", "descender", "widthMax", "maxBeforeBL", "minAfterBL"):
                setattr(line, field, round(getattr(line, field) / factor))
        for glyph in data.values():
            image = Image.open(io.BytesIO(glyph.imageData)).convert("RGBA")
            m = glyph.metrics
            width, height = max(1, round(m.width / factor)), max(1, round(m.height / factor))
            # 64 colours (and alpha) per picture, as the original's palette PNGs.
            small = image.resize((width, height), Image.LANCZOS).quantize(
                64, method=Image.Quantize.FASTOCTREE
            )
            out = io.BytesIO()
            small.save(out, format="PNG", optimize=True)
            glyph.imageData = out.getvalue()
            m.width, m.height = width, height
            m.BearingX = round(m.BearingX / factor)
            m.BearingY = round(m.BearingY / factor)
            m.Advance = round(m.Advance / factor)
    font.save(output)
    rename(output, "Oaq Emoji", "Regular")


def main():
    for weight in ("Regular", "Bold"):
        out = f"OaqTextExtra-{weight}.ttf"
        pyftsubset(f"{NOTO}/NotoSans-{weight}.ttf", out, EXTRA)
        rename(out, "Oaq Text Extra", weight)
        for script, blocks in SCRIPTS.items():
            out = f"Oaq{script}-{weight}.ttf"
            pyftsubset(f"{NOTO}/NotoSans{script}-{weight}.ttf", out, blocks)
            rename(out, f"Oaq {script}", weight)
    pyftsubset(CJK, "OaqCJK-Regular.otf", f"{CJK_BLOCKS},{common_han()}", ["--font-number=0"])
    rename("OaqCJK-Regular.otf", "Oaq CJK", "Regular")
    pyftsubset(f"{NOTO}/NotoSansMath-Regular.ttf", "OaqMath-Regular.ttf", "U+1D400-1D7FF")
    rename("OaqMath-Regular.ttf", "Oaq Math", "Regular")
    emoji("OaqEmoji.ttf")
    symbols()


def symbols():
    """Noto Sans Symbols 2 and Noto Sans Symbols, each subset to `SYMBOLS`."""
    for source, family in (("Symbols2", "Oaq Symbols Two"), ("Symbols", "Oaq Symbols")):
        out = f"{family.replace(' ', '')}-Regular.ttf"
        pyftsubset(f"{NOTO}/NotoSans{source}-Regular.ttf", out, SYMBOLS)
        rename(out, family, "Regular")


if __name__ == "__main__":
    # `make-fallback-subsets.py symbols` makes only the two symbol faces.
    symbols() if sys.argv[1:] == ["symbols"] else main()
