#!/usr/bin/env python3
"""Cuts the site's Korean web font: Noto Sans CJK KR (the same design as Noto Sans KR, SIL
Open Font License 1.1) from Debian's fonts-noto-cjk, subset to what Korean business writing
uses, as WOFF2 in two weights.

Kept: the 2,350 Hangul syllables of KS X 1001 (every syllable of everyday Korean), the
compatibility jamo (ㄱ…ㅣ, for initial-consonant search), Basic Latin and Latin-1, general
punctuation, arrows and symbols the UI shows, CJK punctuation and full-width forms. Rare
syllables and Hanja fall back to the system's Korean font (see docs/reader-site.md).

Run: python3 -m pip install fonttools brotli; apt-get install fonts-noto-cjk;
     python3 ui/src/fonts/subset.py
"""
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

HERE = Path(__file__).resolve().parent
SOURCES = {
    400: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    700: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}
FAMILY = "Noto Sans CJK KR"


def ks_x_1001_hangul() -> list[int]:
    """Hangul syllables that EUC-KR (KS X 1001) can encode: the 2,350 common ones."""
    kept = []
    for code in range(0xAC00, 0xD7A4):
        try:
            encoded = chr(code).encode("euc_kr")
        except UnicodeEncodeError:
            continue
        # Python's codec spells the other syllables as 8-byte jamo make-up sequences.
        if len(encoded) == 2:
            kept.append(code)
    return kept


def ranges(*spans: tuple[int, int]) -> list[int]:
    return [code for start, end in spans for code in range(start, end + 1)]


def codepoints() -> list[int]:
    return sorted(
        set(
            ks_x_1001_hangul()
            + ranges(
                (0x0020, 0x007E),  # Basic Latin
                (0x00A0, 0x00FF),  # Latin-1
                (0x2010, 0x2027),  # dashes, quotes, bullet, ellipsis
                (0x2030, 0x203A),  # per mille, primes, guillemets
                (0x20A9, 0x20A9),  # won sign
                (0x20AC, 0x20AC),  # euro sign
                (0x2190, 0x2199),  # arrows
                (0x2460, 0x2473),  # circled numbers
                (0x25A0, 0x25CF),  # squares, triangles, circles
                (0x2713, 0x2714),  # check marks
                (0x3000, 0x303F),  # CJK punctuation
                (0x3131, 0x318E),  # Hangul compatibility jamo
                (0xFF01, 0xFF5E),  # full-width forms
            )
        )
    )


def main() -> None:
    wanted = codepoints()
    for weight, source in SOURCES.items():
        collection = TTCollection(source)
        font = next(f for f in collection.fonts if f["name"].getDebugName(1) == FAMILY)
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "vert", "palt"]
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
        options.hinting = False
        options.desubroutinize = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        out = HERE / f"noto-sans-kr-{weight}.woff2"
        font.flavor = "woff2"
        font.save(out)
        print(f"{out.name}: {len(wanted)} code points, {out.stat().st_size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
