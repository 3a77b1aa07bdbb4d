"""Reading the special rules a page shows, as a player reads them (the note in brackets)."""

from __future__ import annotations

import html as entities
import re


def shown(html: str, testid: str = "special-rule") -> list[str]:
    found = re.findall(rf'data-testid="{testid}"[^>]*>(.*?)</(?:li|span)>', html, re.S)
    return [entities.unescape(" ".join(re.sub(r"<[^>]+>", "", f).split())) for f in found]
