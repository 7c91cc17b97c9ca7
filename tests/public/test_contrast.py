"""Text on the public pages meets WCAG AA: every muted (grey) text colour of site.css has a
contrast ratio of at least 4.5:1 against each background it is shown on."""
import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "static" / "site.css").read_text()

# (text rule, background rule) as they meet on the pages
PAIRS = [
    (".muted", "body"), (".muted", "table"), (".muted", ".found"), (".muted", ".notice"),
    (".muted", ".seat-table.played"), (".muted", ".day"),
    (".note", "table"), (".note", ".game-card"),
    (".meta", "body"), ("dl.summary dt", "dl.summary div"),
    (".t-when, .t-city", ".t-card"), (".lot", "table"), (".fresh", "body"),
    ("body", "body"), (".error, .errorlist", "body"),
]


def _declaration(selector: str, prop: str) -> str:
    """The hex colour of `prop` in the rule whose selector is exactly `selector`."""
    for found, body in re.findall(r"([^{}]+)\{([^}]*)\}", CSS):
        if found.strip().split("*/")[-1].strip() == selector:
            value = re.search(rf"(?:^|;)\s*{prop}\s*:\s*(#[0-9a-fA-F]{{3,6}})", body)
            if value:
                return value.group(1)
    raise AssertionError(f"no {prop} colour for {selector!r} in site.css")


def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = []
    for i in (0, 2, 4):
        c = int(h[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_contrast_formula_matches_known_values():
    assert round(contrast("#000", "#fff"), 1) == 21.0
    assert round(contrast("#777", "#fafafa"), 2) == 4.29  # the old muted grey: below AA
    assert round(contrast("#777", "#fff"), 2) == 4.48


@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_muted_text_is_readable(text, background):
    fg = _declaration(text, "color")
    bg = _declaration(background, "background(?:-color)?")
    assert contrast(fg, bg) >= 4.5, f"{text} {fg} on {background} {bg}: {contrast(fg, bg):.2f}:1"
