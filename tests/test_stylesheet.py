"""Every stylesheet's blocks are balanced: one unclosed `@media {` once made every rule after it
apply only on narrow screens, and nothing else noticed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parent.parent / "static"


def unbalanced(css: str) -> str | None:
    """Why the blocks of `css` do not balance (with the line), or None if they do."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()), css, flags=re.S)
    text = re.sub(r"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", lambda m: " " * len(m.group()), text)
    if "/*" in text:
        return f"line {text[: text.index('/*')].count(chr(10)) + 1}: a comment is never closed"
    opened: list[int] = []
    for index, char in enumerate(text):
        line = text.count("\n", 0, index) + 1
        if char == "{":
            opened.append(line)
        elif char == "}":
            if not opened:
                return f"line {line}: a }} closes nothing"
            opened.pop()
    if opened:
        return f"line {opened[-1]}: a {{ is never closed"
    return None


@pytest.mark.parametrize("path", sorted(STATIC.glob("**/*.css")), ids=lambda p: p.name)
def test_every_block_in_the_stylesheet_is_closed(path: Path) -> None:
    assert unbalanced(path.read_text()) is None, f"{path.name}: {unbalanced(path.read_text())}"


def test_the_check_finds_an_unclosed_media_block_and_a_stray_brace() -> None:
    assert unbalanced("a { b: c; }\n@media (max-width: 30rem) {\n  d { e: f; }\ng { h: i; }\n") == (
        "line 2: a { is never closed"
    )
    assert unbalanced("a { b: c; } }") == "line 1: a } closes nothing"
    assert unbalanced('a::before { content: "{"; } /* { */') is None
