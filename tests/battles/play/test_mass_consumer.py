"""A mass battle on the websocket: its commands' bad input gets a plain-words error for the sender
only and changes nothing; a good move reaches both seats and the spectator, as HTML with the stand
where it now stands."""

from __future__ import annotations

import pytest

from battles.models import Battle
from tests.battles.conftest import (
    command,
    connect,
    create_battle,
    nothing_but_presence,
    receive,
    receive_text,
    saved,
    seats,
)
from tests.battles.demos import demo_mass_setup

pytestmark = [pytest.mark.django_db(transaction=True)]

RIDERS = "warrior-of-rohan-1"  # Good's first stand: (27, 11), facing the enemy, Move 6"
FIVE_LEGS = [[27, 12], [27, 13], [27, 14], [27, 15], [27, 16]]


async def at_the_move_phase(scripted_dice) -> tuple[Battle, object, object, object]:
    """The demo mass battle, deployed, Good with Priority, waiting for Good's first activation."""
    battle = await create_battle("Mass battle on the socket", demo_mass_setup())
    tokens = await seats(battle)
    good = await connect(battle.public_id, tokens["good"])
    evil = await connect(battle.public_id, tokens["evil"])
    spectator = await connect(battle.public_id, "")
    for ws in (good, evil, spectator):
        await receive(ws, "view")
    scripted_dice.script.extend([6, 1])
    for ws, cmd in (
        (evil, {"type": "ready"}),
        (good, {"type": "ready"}),
        (good, {"type": "priority", "side": "good"}),
        (evil, {"type": "pass"}),
        (good, {"type": "pass"}),
    ):
        await command(ws, cmd)
        for each in (good, evil, spectator):
            await receive(each)
    return battle, good, evil, spectator


@pytest.mark.parametrize(
    ("cmd", "code", "says"),
    [
        ({"type": "move_stand", "stand": "nobody", "via": [[27, 13]], "facing": 0}, "not_allowed", "no stand"),
        ({"type": "move_stand", "stand": RIDERS, "via": [[27, 13]], "facing": "north"}, "not_allowed", "facing"),
        ({"type": "move_stand", "stand": RIDERS, "via": "far away", "facing": 0}, "not_allowed", "via"),
        ({"type": "move_stand", "stand": RIDERS, "via": [[27, 13]]}, "not_allowed", "missing a value for facing"),
        ({"type": "move_stand", "stand": RIDERS, "via": FIVE_LEGS, "facing": 0}, "not_allowed", "via"),
        ({"type": "move_stand", "stand": RIDERS, "via": [[27, 30]], "facing": 0}, "move_too_long", 'can move 6"'),
        (
            {"type": "move_stand", "stand": "mordor-orc-warrior-1", "via": [[27, 30]], "facing": 180},
            "not_allowed",
            "not one of your stands",
        ),
        ({"type": "charge", "stand": RIDERS, "target": "mordor-orc-warrior-1"}, "charge_unreachable", '24.0" away'),
        ({"type": "charge", "stand": RIDERS, "target": "warrior-of-rohan-2"}, "wrong_side_target", "is on your side"),
        ({"type": "detach", "hero": "gothmog"}, "not_allowed", "not one of your"),
        ({"type": "attach", "hero": "eomer", "stand": RIDERS}, "hero_attached_twice", "must leave it first"),
        ({"type": "issue_challenge", "stand": RIDERS, "hero": "eomer"}, "not_allowed", "not a choice"),
    ],
)  # fmt: skip
async def test_a_mass_battle_command_with_bad_input_is_refused_and_changes_nothing(
    scripted_dice, cmd: dict, code: str, says: str
) -> None:
    battle, good, evil, spectator = await at_the_move_phase(scripted_dice)
    before = await saved(battle)
    await command(good, cmd)
    error = await receive(good, "error")
    assert error["code"] == code
    assert says in error["message"]
    for ws in (evil, spectator):
        assert await nothing_but_presence(ws)
    after = await saved(battle)
    assert (after.version, after.state) == (before.version, before.state)
    for ws in (good, evil, spectator):
        await ws.disconnect()


async def test_a_stand_move_reaches_everyone_and_the_browsers_see_it_where_it_stands(scripted_dice) -> None:
    battle, good, evil, spectator = await at_the_move_phase(scripted_dice)
    await command(good, {"type": "move_stand", "stand": RIDERS, "via": [[27, 15]], "facing": 30})
    for ws in (good, evil, spectator):
        step = await receive(ws)
        assert step["events"][0]["text"] == 'Warrior of Rohan (Shield) 1 moves 5.1".'
    watcher = await connect(battle.public_id, "", "html")
    html = await receive_text(watcher, 'data-stand="warrior-of-rohan-1"')
    assert 'data-x="27.0" data-y="15.0"' in html
    assert 'data-facing="30.0"' in html
    for ws in (good, evil, spectator, watcher):
        await ws.disconnect()
