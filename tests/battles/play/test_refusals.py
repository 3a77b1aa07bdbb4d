"""One refusal type: every code the server can send is declared once and listed in docs/protocol.md."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from battles.play.refusals import SERVER_CODES, ProtocolError, ServerCode, SubmitError
from battles.play.submit import submit
from rules_core import RULE_CODES, Refused, RuleViolation

ROOT = Path(__file__).resolve().parents[3]
PROTOCOL = ROOT / "docs" / "protocol.md"


def test_the_servers_codes_are_declared_once_each_with_a_one_line_meaning() -> None:
    assert list(SERVER_CODES) == list(get_args(ServerCode))
    assert not set(SERVER_CODES) & set(RULE_CODES), "a code means one thing, the server's or the referee's"
    for code, meaning in SERVER_CODES.items():
        assert re.fullmatch(r"[a-z_]+", code)
        assert meaning.strip() and "\n" not in meaning


def test_every_code_the_server_can_send_is_listed_in_the_protocol_and_no_other() -> None:
    documented = re.findall(r"^\| `([a-z_]+)` \|", PROTOCOL.read_text(), re.M)
    assert len(documented) == len(set(documented)), "a code is listed twice"
    assert set(documented) == set(SERVER_CODES) | set(RULE_CODES)


def test_every_declared_server_code_is_sent_somewhere() -> None:
    source = "\n".join(
        path.read_text() for path in (ROOT / "battles").rglob("*.py") if path.name != "refusals.py"
    )
    never = [code for code in SERVER_CODES if f'"{code}"' not in source]
    assert never == [], f"declared but never sent: {never}"


def test_every_refusal_has_one_shape() -> None:
    for kind in (ProtocolError, SubmitError, RuleViolation):
        assert issubclass(kind, Refused)
    assert ProtocolError("spectator", "Spectators watch.").to_dict() == {
        "code": "spectator",
        "message": "Spectators watch.",
    }


@pytest.mark.django_db
def test_a_command_for_a_battle_that_is_not_there_is_refused_with_its_code() -> None:
    with pytest.raises(Refused) as refused:
        submit(2**31 - 1, "good", {"type": "ready"})
    assert refused.value.to_dict() == {"code": "unknown_battle", "message": "There is no such battle."}
