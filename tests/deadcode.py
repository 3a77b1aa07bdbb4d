"""`make lint`'s dead-code check: what nothing in the web app uses (vulture).

Python is not the only reader of those names. Templates and static JavaScript read attributes by
name, and Django reads many from strings ("-updated_at", cleaned_data["powers_text"],
update_fields=["count"]) and keywords (filter(army_list=army)); so every word in a template or a
static file, every word in a string of the code (not in a docstring) and every keyword argument
counts as a use. What Django and Channels call by convention (a
model's Meta, a consumer's receive, a command's add_arguments ...) is allowed by name in
pyproject.toml's [tool.vulture], with the folders to read. Run it alone: python -m tests.deadcode
"""

from __future__ import annotations

import ast
import keyword
import re
import sys
from pathlib import Path

from vulture import Vulture
from vulture.config import make_config

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
READERS = (
    "templates/**/*.html",
    "static/**/*.js",
    "battles/rulesets/*/templates/**/*.html",
    "battles/rulesets/*/static/**/*.js",
)
CALLERS = ("rules_core",)
"""Read for the names they use, not judged (the mass-battle referee is built there ahead of its callers)."""


def words_in_code(source: str) -> set[str]:
    """The words of its strings, and the names of its keyword arguments."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    words = {node.arg for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.update(WORD.findall(node.value))
    return words


def words_read_by_name(code: list[Path]) -> set[str]:
    words: set[str] = set()
    for pattern in READERS:
        for path in ROOT.glob(pattern):
            words.update(WORD.findall(path.read_text(encoding="utf-8")))
    for path in code:
        words |= words_in_code(path.read_text(encoding="utf-8"))
    return {w for w in words if not keyword.iskeyword(w)}


def python_files(folders: list[str] | tuple[str, ...], exclude: list[str]) -> list[Path]:
    return [
        path
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not any(excluded in path.relative_to(ROOT).as_posix() for excluded in exclude)
    ]


def main() -> int:
    config = make_config([])
    judged = python_files(config["paths"], config["exclude"])
    code = judged + python_files(CALLERS, config["exclude"])
    vulture = Vulture(ignore_names=config["ignore_names"], ignore_decorators=config["ignore_decorators"])
    vulture.scavenge([str(path) for path in code])
    uses = "\n".join(f"_.{word}" for word in sorted(words_read_by_name(code)))
    vulture.scan(uses, filename="(templates, static files and strings)")
    unused = [
        item
        for item in vulture.get_unused_code(min_confidence=config["min_confidence"])
        if ROOT / item.filename in judged
    ]
    for item in unused:
        print(item.get_report(add_size=False))
    return 1 if unused else 0


if __name__ == "__main__":
    sys.exit(main())
