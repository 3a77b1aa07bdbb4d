"""The board pages and the board a battle starts on: the library drawn, the editor saving a board
(its owner's alone) with what each kind of battle says of it, and a new battle on a library board,
a random one or a saved one, refused on a board unfair for its scenario."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from battles.boards.models import SavedBoard
from battles.play.models import Battle
from battles.play.submit import submit
from rules_core import BOARD_LIBRARY

OUTCROP = {"name": "Rocky outcrop", "polygon": [[20, 20], [28, 20], [28, 26], [20, 26]], "impassable": True}
WOOD = {"kind": "wood", "name": "Old wood", "polygon": [[5, 5], [10, 5], [10, 9], [5, 9]]}


@pytest.fixture
def ann(db: None) -> User:
    return User.objects.create_user("ann", password="pw-ann-12345")


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def save(client: Client, **board: Any) -> Any:
    body = {"name": "My field", "ruleset": "skirmish", "terrain": [WOOD], **board}
    return client.post("/boards/save/", json.dumps(body), content_type="application/json")


def test_the_library_draws_every_designed_board_by_its_kinds(db: None, client: Client) -> None:
    page = client.get("/boards/").content.decode()
    assert page.count('data-testid="library-board"') == len(BOARD_LIBRARY) >= 8
    for board in BOARD_LIBRARY.values():
        assert board.name in page
    assert 'class="terrain kind-wood difficult"' in page and 'class="terrain kind-wall blocks-sight"' in page
    assert "North farmhouse (building, 3&quot; high, impassable, blocks sight)" in page


def test_a_board_is_saved_from_the_editor_with_what_each_battle_says_of_it(ann: User) -> None:
    client = signed_in(ann)
    assert 'id="board-data"' in client.get("/boards/new/?from=library:village").content.decode()
    answer = save(client, terrain=[WOOD, OUTCROP]).json()
    assert answer["ok"] and SavedBoard.objects.get().terrain == [WOOD, OUTCROP]
    checks = {c["battle"]: c["refusals"] for c in answer["checks"]}
    assert checks["A battle without a scenario"] == []
    assert checks["Domination"] == [
        "Centre marker (at 24, 24) would lie on the Rocky outcrop, where no model can touch it."
    ]
    again = save(client, id=answer["id"], name="Renamed").json()
    assert again["id"] == answer["id"] and SavedBoard.objects.get().name == "Renamed"
    assert save(client, terrain=[{"kind": "lava", "polygon": [[0, 0], [1, 0], [1, 1]]}]).status_code == 422


def test_a_saved_board_is_its_owner_s_alone(ann: User) -> None:
    board = SavedBoard.objects.create(owner=ann, name="Mine", terrain=[WOOD])
    bob = signed_in(User.objects.create_user("bob", password="pw-bob-12345"))
    assert bob.get(f"/boards/{board.pk}/").status_code == 404
    assert save(bob, id=board.pk, name="Stolen").json()["id"] != board.pk
    assert SavedBoard.objects.get(pk=board.pk).name == "Mine"
    assert save(Client()).status_code == 403


def new_battle(client: Client, board: str, **extra: str) -> Any:
    data = {"name": "On the board", "good": "demo:good", "evil": "demo:evil", "board": board, **extra}
    return client.post("/battles/new/", data)


@pytest.mark.parametrize("choice", ["library:river_crossing", "random"])
def test_a_new_battle_starts_with_the_other_side_accepting_the_board_chosen(ann: User, choice: str) -> None:
    response = new_battle(signed_in(ann), choice, scenario="domination", seat="good")
    assert response.status_code == 302
    battle = Battle.objects.get()
    state = battle.load_state()
    assert (state.pending.side, state.pending.kind) == ("evil", "accept_board")
    assert battle.setup["board_choice"] == "good" and battle.setup["terrain"]
    if choice == "random":
        assert battle.setup["board"]["name"].startswith("Random board ")


def test_a_saved_board_unfair_for_the_scenario_is_refused_and_says_why(ann: User) -> None:
    board = SavedBoard.objects.create(owner=ann, name="Old table", terrain=[OUTCROP])
    response = new_battle(signed_in(ann), f"saved:{board.pk}", scenario="domination", seat="good")
    assert response.status_code == 422
    assert (
        "Old table cannot be played for this battle: Centre marker (at 24, 24) would lie "
        "on the Rocky outcrop" in response.content.decode()
    )
    assert new_battle(signed_in(ann), f"saved:{board.pk}", seat="good").status_code == 302  # no marker there


def test_asked_for_another_board_the_chooser_picks_one_from_the_page(ann: User) -> None:
    new_battle(signed_in(ann), "library:farmstead", seat="good")
    battle = Battle.objects.get()
    SavedBoard.objects.create(owner=ann, name="Ann's meadow", terrain=[WOOD])
    submit(battle.id, "evil", {"type": "another_board"})
    good = battle.seats.get(side="good").token
    page = Client().get(f"/battles/{battle.public_id}/?seat={good}", follow=True).content.decode()
    assert 'data-testid="board-proposal"' in page
    assert ">Ann&#x27;s meadow</option>" in page and ">Forest edge</option>" in page
    assert ">Farmstead</option>" not in page  # the board refused is not offered again


def test_a_battle_set_up_for_two_others_is_fought_on_the_board_its_organiser_chose(db: None) -> None:
    assert new_battle(Client(), "library:hills").status_code == 302
    battle = Battle.objects.get()
    assert battle.setup["board"]["name"] == "Hills and tors" and "board_choice" not in battle.setup
    assert battle.load_state().pending.kind == "deploy"


def test_a_mass_battle_offers_its_usual_field_and_a_random_board_made_round_its_stands(ann: User) -> None:
    page = signed_in(ann).get("/battles/new/?ruleset=mass_battle").content.decode()
    assert '<option value="" selected>The wood and the rocky hill (the usual board)</option>' in page
    response = new_battle(signed_in(ann), "random", ruleset="mass_battle", seat="evil")
    assert response.status_code == 302
    battle = Battle.objects.get()
    assert battle.setup["board"]["width"] == 72.0 and battle.setup["board"]["name"].startswith("Random board")
    state = battle.load_state()
    assert (state.pending.side, state.pending.kind) == ("good", "accept_board")
