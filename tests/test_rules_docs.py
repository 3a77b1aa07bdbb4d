"""The rules reference in docs/rules/ answers every section the code cites, and the docs link
nowhere a clone of the repository cannot follow.

A citation is the section sign and a number ("wargear.md", then the sign, then "6.3"). Its page,
by the convention docs/rules/README.md states:
1. the rules page named just before it (any path before the name), or before the citation it is
   listed after ("wargear.md", then 6.2 and 6.5, each with the sign);
2. else the first rules page the file names (a file naming two must name the page each time);
3. else, for a file in a mass-battle folder or whose name starts with `mass` or `test_mass`,
   mass-battle.md.
A page of docs/rules/ cites itself by a bare section. A range needs both of its ends as headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
SCANNED = ("rules_core", "battles", "static", "templates", "tests", "docs")
SUFFIXES = {".py", ".js", ".css", ".html", ".md", ".txt"}
SELF = Path(__file__).resolve()
CONVENTION = RULES / "README.md"
"""States the convention, with examples that are not citations."""

OLD_NAMES = {"mass-battle-heroes": "mass-battle"}
"""Rules texts of the old folder that are part of another page here (the design note)."""
UNNAMED: dict[str, str] = {}
"""Files that cite bare sections, name no page and are not mass-battle files by name: the page
they mean, until their citation names it (then the entry must go)."""
MASS_FOLDERS = ("rules_core/mass_battle/", "tests/rules_core/mass_battle/", "battles/rulesets/mass_battle/")
MASS_PREFIXES = ("mass", "test_mass")

SIGN = "\u00a7"
NUMBER = r"\d+(?:\.\d+)*"
CITATION = re.compile(rf"{SIGN}\s*({NUMBER})(?:\s*[-\u2013]\s*{SIGN}?\s*({NUMBER}))?")
NAMED = re.compile(r"(?<![\w-])([a-z0-9-]+)\.md\b")
NAMED_BEFORE = re.compile(r"(?<![\w-])([a-z0-9-]+)\.md[`'\")\]]*\s*$")
HEADING = re.compile(rf"^#{{1,6}}\s+(?:{SIGN}\s*)?({NUMBER})[.:\s]", re.M)
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
LISTED = re.compile(r"\s*(?:,|and|or)\s*")
LEAVING = re.compile(r"\.\./shared|shared/(?:rules|DESIGN|data)\b")


def pages() -> dict[str, set[str]]:
    """Each page of docs/rules/ (by its name without .md) and the section numbers its headings carry."""
    return {
        p.stem: set(HEADING.findall(p.read_text(encoding="utf-8")))
        for p in RULES.glob("*.md")
        if p != CONVENTION
    }


def page_name(name: str, known: dict[str, set[str]]) -> str | None:
    name = OLD_NAMES.get(name, name)
    return name if name in known else None


@dataclass(frozen=True)
class Citation:
    file: str
    line: int
    text: str
    page: str | None
    sections: tuple[str, ...]
    problem: str = ""


def scanned_files() -> list[Path]:
    found = [ROOT / "README.md"]
    for folder in SCANNED:
        found += [p for p in sorted((ROOT / folder).rglob("*")) if p.suffix in SUFFIXES and p.is_file()]
    return [p for p in found if p.resolve() not in (SELF, CONVENTION)]


def citations_in(path: Path, text: str, known: dict[str, set[str]]) -> list[Citation]:
    rel = path.relative_to(ROOT).as_posix()
    named = list(dict.fromkeys(n for n in (page_name(m, known) for m in NAMED.findall(text)) if n))
    own: str | None
    problem = ""
    if path.parent == RULES:
        own = path.stem
    elif rel in UNNAMED:
        own = UNNAMED[rel]
    elif len(named) > 1:
        own, problem = None, f"the file names {', '.join(n + '.md' for n in named)}: name the page beside it"
    elif named:
        own = named[0]
    elif rel.startswith(MASS_FOLDERS) or path.name.startswith(MASS_PREFIXES):
        own = "mass-battle"
    else:
        own, problem = None, "the file names no rules page: name it beside the section (mass-battle.md ...)"
    found: list[Citation] = []
    last_end, last_page = -1, None
    for match in CITATION.finditer(text):
        before = NAMED_BEFORE.search(text[max(0, match.start() - 80) : match.start()])
        page = page_name(before.group(1), known) if before else None
        if before is None and last_page and LISTED.fullmatch(text[last_end : match.start()]):
            page = last_page  # listed after a named one: "wargear.md" 6.2, 6.5
        line = text.count("\n", 0, match.start()) + 1
        sections = tuple(s for s in match.groups() if s)
        last_end, last_page = match.end(), page
        if before and page is None:
            continue  # a section of another document (docs/battle-record.md ...), not a rules page
        found.append(Citation(rel, line, match.group(0), page or own, sections, "" if page else problem))
    return found


def all_citations() -> list[Citation]:
    known = pages()
    found: list[Citation] = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        if SIGN in text:
            found += citations_in(path, text, known)
    return found


def test_every_cited_section_has_a_heading_on_its_page() -> None:
    known = pages()
    wrong = []
    for c in all_citations():
        where = f"{c.file}:{c.line} {c.text!r}"
        if c.page is None:
            wrong.append(f"{where}: {c.problem}")
            continue
        missing = [s for s in c.sections if s not in known[c.page]]
        if missing:
            wrong.append(f"{where}: docs/rules/{c.page}.md has no heading {', '.join(missing)}")
    assert not wrong, "citations without a heading:\n" + "\n".join(wrong)


def test_the_code_cites_the_sections_the_pages_promise() -> None:
    """Guards the scan itself: the code's citations are found, and read against the right pages."""
    cited = {(c.page, s) for c in all_citations() for s in c.sections}
    assert ("mass-battle", "8.7") in cited  # bare, in rules_core/mass_battle/
    assert ("wargear", "6.3") in cited  # named: rules_core/strike_at.py
    assert ("mass-battle", "2.2") in cited  # named beside a range: battles/lists/mass_rules.py


def test_each_unnamed_file_still_needs_its_entry() -> None:
    known = pages()
    stale = []
    for rel in UNNAMED:
        path = ROOT / rel
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        named = [n for n in (page_name(m, known) for m in NAMED.findall(text)) if n]
        if SIGN not in text or named:
            stale.append(f"{rel}: it now names its page (or cites nothing): remove it from UNNAMED")
    assert not stale, "\n".join(stale)


def test_the_readme_and_docs_link_only_inside_the_repository() -> None:
    """No page points at the texts outside the repository (they are not in a clone), and every
    relative link reaches a file of the repository; public http(s) addresses are fine."""
    wrong = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT).as_posix()
        for match in LEAVING.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            wrong.append(f"{rel}:{line}: {match.group(0)!r} is outside the repository")
        for match in LINK.finditer(text):
            target = match.group(1)
            line = text.count("\n", 0, match.start()) + 1
            if target.startswith(("http://", "https://", "#")):
                continue
            if ":" in target.split("/")[0] or target.startswith("/"):
                wrong.append(f"{rel}:{line}: {target!r} is not a link into the repository")
                continue
            resolved = (path.parent / target.split("#")[0]).resolve()
            if not resolved.is_relative_to(ROOT):
                wrong.append(f"{rel}:{line}: {target!r} leaves the repository")
            elif not resolved.exists():
                wrong.append(f"{rel}:{line}: {target!r} does not exist")
    assert not wrong, "\n".join(wrong)
