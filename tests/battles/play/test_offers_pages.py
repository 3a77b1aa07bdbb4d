"""Offers and the end of a battle as pages show them: the replay of a battle with a takeback ends
where the live battle stands, a rematch seats each account on the side it agreed to, and a mass
battle's end screen counts its losses as its Break Point does."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from battles.models import Battle, Offer
from battles.play.create import create_battle
from battles.play.offers import answer_offer, make_offer
from battles.play.persistence import recent_states
from battles.play.records import battle_record
from battles.play.submit import submit
from rules_core import RuleViolation, ScriptedDice
from rules_core.record import replay
from tests.battles.demos import demo_mass_setup, demo_setup

pytestmark = [pytest.mark.django_db]

WARRIOR = "warrior-of-minas-tirith-1"


@pytest.mark.django_db(transaction=True)  # submits publish on commit, and keep their states then
@pytest.mark.parametrize("kept", [True, False], ids=["state-kept", "state-replayed"])
def test_the_replay_of_a_battle_with_a_takeback_ends_where_the_battle_stands(
    client: Client, kept: bool
) -> None:
    """The state a takeback returns to is kept by the process that made it, or else replayed."""
    battle = create_battle("Replayed", demo_setup())
    start = battle.state["models"][WARRIOR]
    for dy in (1.0, 2.0):
        submit(battle.id, "good", {"type": "place", "model": WARRIOR, "at": [start["x"], start["y"] + dy]})
    if not kept:
        recent_states.earlier.clear()
    assert (recent_states.at(battle, 1) is not None) == kept
    make_offer(battle.id, "good", "takeback", 1)
    answer_offer(battle.id, "evil", True)
    battle.refresh_from_db()

    assert battle.version == 3
    assert battle.state["models"][WARRIOR]["y"] == start["y"] + 1.0
    assert replay(battle_record(battle)).to_dict() == battle.state
    page = client.get(f"/battles/{battle.public_id}/replay/").content.decode()
    assert "Step 3 of 3" in page
    assert "Good took back their placing of Warrior of Minas Tirith 1 (#2)." in page
    assert page.count("(taken back)") == 1
    token = f'data-model="{WARRIOR}"'
    assert token in page and f'data-y="{start["y"] + 1.0:g}"' in page.split(token, 1)[1][:400]


def test_a_rematch_seats_each_account_on_the_side_agreed(client: Client) -> None:
    users = get_user_model()
    alice, bob = users.objects.create_user("alice"), users.objects.create_user("bob")
    battle = create_battle("Grudge", demo_setup())
    battle.created_by = alice
    battle.save()
    battle.seats.filter(side="good").update(user=alice)
    battle.seats.filter(side="evil").update(user=bob)
    with pytest.raises(Exception, match="once the battle is over"):
        make_offer(battle.id, "good", "rematch", swap=True)
    submit(battle.id, "evil", {"type": "concede"})

    make_offer(battle.id, "evil", "rematch", swap=True)
    offer = answer_offer(battle.id, "good", True)

    assert offer.status == Offer.Status.ACCEPTED and offer.rematch is not None
    new = Battle.objects.get(pk=offer.rematch.pk)
    assert new.setup == battle.setup and new.created_by == alice and new.status == "active"
    assert {s.side: s.user for s in new.seats.all()} == {"good": bob, "evil": alice}
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    assert f'href="/battles/{new.public_id}/"' in page and "Watch the rematch" in page
    with pytest.raises(Exception, match="agreed already"):
        make_offer(battle.id, "good", "rematch")


def test_a_takeback_is_not_offered_once_the_battle_is_over() -> None:
    battle = create_battle("Over", demo_setup())
    submit(battle.id, "good", {"type": "place", "model": WARRIOR, "at": [25.5, 40.0]})
    submit(battle.id, "good", {"type": "concede"})
    with pytest.raises(RuleViolation, match="The battle is over"):
        make_offer(battle.id, "good", "takeback", 1)


def test_a_mass_battle_s_end_screen_counts_losses_as_its_break_point_does(client: Client) -> None:
    battle = create_battle("Mass", demo_mass_setup())
    submit(battle.id, "evil", {"type": "ready"})
    submit(battle.id, "good", {"type": "ready"}, dice=ScriptedDice([6, 1]))
    submit(battle.id, "good", {"type": "concede"})
    page = client.get(f"/battles/{battle.public_id}/").content.decode()
    assert "Evil wins" in page and "Good conceded." in page
    assert "0 lost of a starting strength of" in page
    assert "Good rolled 1 die, averaging 6.00 against 3.50 expected: +2.5 over the average." in page
    assert 'data-testid="end-hero"' in page
