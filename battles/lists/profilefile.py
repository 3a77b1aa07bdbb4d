"""Profiles in bulk (docs/army-list-format.md, "Profiles in bulk"): a JSON or CSV file of profiles in
the catalogue's format, checked like an army-list import. Reading writes nothing: it gives every
profile's checked data, or every problem the file has, each with the row it is on, so that nothing
is saved from a file with any problem (`services.import_profiles` saves a clean file at once).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from .forms import STAT_FIELDS, profile_from_text
from .listfile import MAX_FILE_BYTES, MAX_PROFILES, read_json
from .profiles import BadData, clean_profile

CSV_COLUMNS = [
    "name", "side", "tier", "unique", *STAT_FIELDS, "base_mm", "points", "mount", "keywords", "wargear",
    "special_rules", "heroic_actions", "missile", "options", "powers",
]  # fmt: skip
"""The columns a CSV file may have, in any order; `name`, `side` and the characteristics are needed."""
REQUIRED_COLUMNS = ["name", "side", *STAT_FIELDS[:9], "points"]
NUMBERS = {*STAT_FIELDS, "base_mm", "points"}
WORD_LISTS = ("keywords", "wargear", "special_rules")
"""Cells listing names, separated by ";"."""
ENTRY_LISTS = ("options", "powers")
"""Cells listing entries ("Shield, 1; Bow, 1, 24, 2"), separated by ";"."""


class ProfileFileProblems(BadData):
    """Every problem of a profiles file, each naming its row."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems


def read_profiles_file(raw: bytes, filename: str = "") -> list[dict[str, Any]]:
    """The checked data of every profile in a JSON or CSV file (told apart by its name, else its
    first character), or ProfileFileProblems listing every problem with its row."""
    if len(raw) > MAX_FILE_BYTES:
        raise ProfileFileProblems([f"The file is larger than {MAX_FILE_BYTES // 1024} KB."])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ProfileFileProblems(["The file is not UTF-8 text."]) from None
    is_json = filename.lower().endswith(".json") or (
        not filename.lower().endswith(".csv") and text.lstrip()[:1] in ("[", "{")
    )
    rows = _json_rows(text) if is_json else _csv_rows(text)
    if not rows:
        raise ProfileFileProblems(["The file holds no profiles."])
    if len(rows) > MAX_PROFILES:
        raise ProfileFileProblems([f"The file holds {len(rows)} profiles; at most {MAX_PROFILES} at once."])
    found: list[dict[str, Any]] = []
    problems: list[str] = []
    rows_of: dict[str, str] = {}
    for where, read in rows:
        try:
            data = clean_profile(read())
        except BadData as exc:
            problems.append(f"{where}: {exc}")
            continue
        if data["name"] in rows_of:
            problems.append(
                f"{where}: {data['name']} is already the profile of {rows_of[data['name']].lower()}."
            )
            continue
        rows_of[data["name"]] = where
        found.append({**data, "row": where})
    if problems:
        raise ProfileFileProblems(problems)
    return found


Row = tuple[str, Any]
"""Where a profile is in the file ("Row 3", "Profile 2") and how to read its data (may raise BadData)."""


def _json_rows(text: str) -> list[Row]:
    try:
        doc = read_json(text)
    except BadData as exc:
        raise ProfileFileProblems([str(exc)]) from None
    items = doc.get("profiles") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        raise ProfileFileProblems(['A JSON file is a list of profiles, or an object with "profiles".'])
    return [(f"Profile {number}", lambda item=item: item) for number, item in enumerate(items, start=1)]


def _csv_rows(text: str) -> list[Row]:
    if "\x00" in text:
        raise ProfileFileProblems(["The file holds a NUL character."])
    try:
        return _csv_reader_rows(text)
    except csv.Error as exc:  # a cell over the csv module's field limit (128 KiB), say
        raise ProfileFileProblems([f"The file cannot be read as CSV ({exc})."]) from None


def _csv_reader_rows(text: str) -> list[Row]:
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip().lower() for h in reader.fieldnames or []]
    unknown = [h for h in header if h and h not in CSV_COLUMNS]
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    problems = []
    if unknown:
        problems.append(
            f"Row 1: unknown columns {', '.join(unknown)} (the columns: {', '.join(CSV_COLUMNS)})."
        )
    if missing:
        problems.append(f"Row 1: the columns {', '.join(missing)} are missing.")
    if problems:
        raise ProfileFileProblems(problems)
    reader.fieldnames = header
    rows: list[Row] = []
    for cells in reader:
        if not any((v or "").strip() for k, v in cells.items() if k):
            continue
        rows.append((f"Row {reader.line_num}", lambda cells=cells: _csv_profile(cells)))
    return rows


def _csv_profile(cells: dict[str, Any]) -> dict[str, Any]:
    """One CSV row as profile data, through the profile form's own reading of its text fields."""
    if None in cells:
        raise BadData("it has more cells than the header has columns.")
    text = {key: (value or "").strip() for key, value in cells.items()}
    data: dict[str, Any] = {key: text.get(key, "") or None for key in ("name", "side", "tier", "mount")}
    for key in NUMBERS:
        if text.get(key):
            try:
                number = float(text[key].rstrip('+"'))
            except ValueError:
                raise BadData(f"{key.replace('_', ' ')} must be a number, not {text[key]!r}.") from None
            data[key] = int(number) if number.is_integer() and key != "move" else number
    data["unique"] = text.get("unique", "").lower() not in ("no", "false", "0", "n")
    fields = {
        **data,
        **{f"{key}_text": text.get(key, "").replace(";", ",") for key in WORD_LISTS},
        **{f"{key}_text": text.get(key, "").replace(";", "\n") for key in ENTRY_LISTS},
        "missile_text": text.get("missile", ""),
        "heroic_actions_choice": [a.strip() for a in text.get("heroic_actions", "").split(";") if a.strip()],
    }
    read = profile_from_text(fields)
    return {key: value for key, value in read.items() if value is not None}
